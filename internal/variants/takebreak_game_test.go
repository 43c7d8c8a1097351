package variants

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// Tests of the take-and-break games through the engine.Game interface:
// what the engine, the terminal game and the command line see. The rules'
// own tests (takebreak_*_test.go) check the core against the definition.

// breakGames are the games as the registry builds them, each with a
// name for the tests: every named game and octal codes with and without
// a proved period.
var breakGames = []struct {
	name string
	cfg  Config
}{
	{"kayles", Config{Name: "kayles"}},
	{"dawson-kayles", Config{Name: "dawson-kayles"}},
	{"dawson-chess", Config{Name: "dawson-chess"}},
	{"lasker", Config{Name: "lasker"}},
	{"grundy", Config{Name: "grundy"}},
	{"octal 0.6", Config{Name: "octal", Params: map[string]string{"code": "0.6"}}},
	{"octal 0.51", Config{Name: "octal", Params: map[string]string{"code": "0.51"}}},
	{"octal 4.07", Config{Name: "octal", Params: map[string]string{"code": "4.07"}}}, // d0 = 4: a split with nothing taken
	{"octal 4.7", Config{Name: "octal", Params: map[string]string{"code": "4.7"}}},
}

func breakGame(t testing.TB, cfg Config) engine.Game {
	t.Helper()
	g, _, err := Lookup(cfg)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	return g
}

// sorted is a game whose positions the exhaustive solver memoises as
// multisets: the order of the heaps and empty heaps do not change who
// wins, and without this the solver would meet every ordering of the
// heaps a row breaks into. Only what Apply returns is sorted; the moves
// and the closed form are the game's own.
type sorted struct{ engine.Game }

func (s sorted) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	q, err := s.Game.Apply(p, m)
	if err != nil {
		return nil, err
	}
	q = slices.DeleteFunc(q, func(h int64) bool { return h == 0 })
	slices.Sort(q)
	return q, nil
}

// Every game, every position of up to 4 heaps of at most 9, both
// conventions: the outcome and the whole list of winning moves in natural
// order are the exhaustive solver's, and every explanation renders.
func TestTakeBreakExhaustive(t *testing.T) {
	t.Parallel()
	positions := upTo(4, thorough[int64](6, 9))
	for _, bg := range breakGames {
		t.Run(bg.name, func(t *testing.T) {
			t.Parallel()
			crossCheck(t, sorted{breakGame(t, bg.cfg)}, positions)
		})
	}
}

// checkGameMoves checks on p through the Game interface: the first
// winning moves lead to P-positions, an N-position with a move has one,
// the count is at least what was listed (exactly, when the list ended);
// every move tried from a P-position (the first of each heap, and random
// ones) leads to an N-position, both from p and from where the first
// winning move leads. Misère positions beyond the certificate and the
// search must be refused, not answered.
func checkGameMoves(t *testing.T, g engine.Game, p engine.Position, c engine.Convention, r *rand.Rand) {
	t.Helper()
	sol, err := g.Solve(p, c)
	if err != nil {
		if c == engine.Misere && errors.Is(err, engine.ErrRefused) {
			return
		}
		t.Fatalf("%s %v %v: %v", g.Name(), p, c, err)
	}
	outcome := func(q engine.Position) engine.Outcome {
		s, err := g.Solve(q, c)
		if err != nil {
			t.Fatalf("%s %v %v: %v", g.Name(), q, c, err)
		}
		return s.Outcome
	}
	apply := func(q engine.Position, m engine.Move) engine.Position {
		after, err := g.Apply(q, m)
		if err != nil {
			t.Fatalf("%s %v: move %+v: %v", g.Name(), q, m, err)
		}
		return after
	}
	const most = 20
	listed := int64(0)
	var after engine.Position
	for m := range sol.Winning {
		q := apply(p, m)
		if outcome(q) != engine.P {
			t.Fatalf("%s %v %v: winning move %+v leads to an N-position", g.Name(), p, c, m)
		}
		if listed == 0 {
			after = q
		}
		if listed++; listed == most {
			break
		}
	}
	if n := sol.Count(); n.Cmp(big.NewInt(listed)) < 0 || listed < most && n.Cmp(big.NewInt(listed)) != 0 {
		t.Fatalf("%s %v %v: count %v, listed %d", g.Name(), p, c, n, listed)
	}
	if sol.Outcome == engine.N && listed == 0 && !engine.Over(g, p) {
		t.Fatalf("%s %v %v: an N-position with no winning move", g.Name(), p, c)
	}
	fromP := func(q engine.Position) {
		for m := range g.Moves(q, 1) {
			if outcome(apply(q, m)) != engine.N {
				t.Fatalf("%s %v %v: move %+v from a P-position leads to a P-position", g.Name(), q, c, m)
			}
		}
		for range 10 {
			if m, ok := g.RandomMove(q, r); ok && outcome(apply(q, m)) != engine.N {
				t.Fatalf("%s %v %v: move %+v from a P-position leads to a P-position", g.Name(), q, c, m)
			}
		}
	}
	if sol.Outcome == engine.P {
		fromP(p)
	} else if after != nil && len(after) <= 64 {
		fromP(after)
	}
}

// gameHeaps draws a huge position for g: heaps up to 2^63 − 1, or within
// the table for a game with no proved period.
func gameHeaps(g engine.Game, r *rand.Rand, n int) engine.Position {
	p := engine.Position(hugeHeaps(r, n))
	rule := g.(TakeBreak).rule
	if _, _, _, proved := rule.table.period(); rule.kind == grundyRule || rule.kind == octalRule && !proved {
		for i := range p {
			p[i] %= tableLimit + 1
		}
	}
	return p
}

// FuzzTakeBreakGame: "winning move → P, every move tried from P → N" on
// huge heaps through the Game interface, both conventions.
func FuzzTakeBreakGame(f *testing.F) {
	for i := range breakGames {
		f.Add(uint8(i), uint64(i), uint8(i*11))
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, size uint8) {
		g := breakGame(t, breakGames[int(which)%len(breakGames)].cfg)
		r := rand.New(rand.NewPCG(seed, uint64(size)))
		p := gameHeaps(g, r, 1+int(size%6))
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkGameMoves(t, g, p, c, r)
		}
	})
}

// The fuzz body on a few hundred seeds, in every go test.
func TestTakeBreakLargePositions(t *testing.T) {
	t.Parallel()
	for i, bg := range breakGames {
		g := breakGame(t, bg.cfg)
		for seed := range uint64(thorough(10, 30)) {
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			p := gameHeaps(g, r, 1+int(seed%6))
			for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
				checkGameMoves(t, g, p, c, r)
			}
		}
	}
}

// refName is the rule a test game is, as refOf reads it.
func refName(name string) string { return strings.TrimPrefix(name, "octal ") }

// checkBreakClaims checks every number an explanation of p shows against
// g, the Grundy values by the definition (g[h] for h < len(g)): each
// heap's mex with its options, the period and its Guy–Smith range,
// Lasker's closed form, the nim-sum table and the move's values.
func checkBreakClaims(t *testing.T, what string, ref refRule, g []int, a engine.Analysis) {
	t.Helper()
	value := func(h int64) int64 {
		switch {
		case h < int64(len(g)):
			return int64(g[h])
		case ref.kind == "lasker":
			return int64([]uint64{uint64(h) - 1, uint64(h), uint64(h), uint64(h) + 1}[h%4])
		}
		e, period := refPeriod(g, len(ref.digits))
		if period == 0 {
			t.Fatalf("%s: g(%d) is beyond the reference table", what, h)
		}
		return int64(g[e+(h-e)%period])
	}
	p := a.Position
	exact := false
	for _, b := range a.Explanation {
		var tx engine.Text
		switch b := b.(type) {
		case engine.Text:
			tx = b
		case engine.Sentence:
			tx = b.Text
		default:
			continue
		}
		args := tx.Args
		switch tx.Key {
		case "break.mex", "break.mex.more": // g(h) = mex{options} = v
			h, v := args[0].(int64), args[2].(uint64)
			if int64(v) != value(h) {
				t.Errorf("%s: g(%d) shown as %d, the mex gives %d", what, h, v, value(h))
			}
			seen := map[int64]bool{}
			options := 0
			for _, group := range strings.Split(args[1].(string), "; ") {
				for _, o := range strings.Split(group, ", ") {
					options++
					var a, b, x, y, z int64
					switch {
					case o == "0":
					case strings.Contains(o, "⊕"):
						if _, err := fmt.Sscanf(o, "g(%d)⊕g(%d)=%d⊕%d=%d", &a, &b, &x, &y, &z); err != nil || x != value(a) || y != value(b) || z != x^y {
							t.Errorf("%s: g(%d): option %q (%v)", what, h, o, err)
						}
					default:
						if _, err := fmt.Sscanf(o, "g(%d)=%d", &b, &z); err != nil || z != value(b) {
							t.Errorf("%s: g(%d): option %q (%v)", what, h, o, err)
						}
					}
					seen[z] = true
				}
			}
			if tx.Key == "break.mex" {
				mex := int64(0)
				for seen[mex] {
					mex++
				}
				if mex != int64(v) || options != len(ref.options(int(h))) {
					t.Errorf("%s: g(%d) = %d from %d options; the listed ones give %d of %d", what, h, v, len(ref.options(int(h))), mex, options)
				}
			} else if total := args[3].(int64); total != int64(len(ref.options(int(h)))) || options >= int(total) {
				t.Errorf("%s: g(%d): %d of %d options listed, the rule has %d", what, h, options, total, len(ref.options(int(h))))
			}
		case "break.mex.none":
			if h := args[0].(int64); len(ref.options(int(h))) != 0 || value(h) != 0 {
				t.Errorf("%s: heap %d said to have no move", what, h)
			}
		case "break.period.heap": // g(h) = g(r) = v, r ≡ h (mod period)
			h, r, period, v := args[0].(int64), args[1].(int64), args[2].(int64), args[3].(uint64)
			if r >= h || (h-r)%period != 0 || int64(v) != value(r) || h < int64(len(g)) && value(h) != int64(v) {
				t.Errorf("%s: g(%d) = g(%d) = %d with period %d", what, h, r, v, period)
			}
		case "break.period.proof": // period, e, cycle, k, from, to − 1, max(e, 1), to
			period, e, cycle, k := args[0].(int64), args[1].(int64), args[2].(string), args[3].(int64)
			from, last, e1, to := args[4].(int64), args[5].(int64), args[6].(int64), args[7].(int64)
			if e1 != max(e, 1) || to != 2*e1+period+k || last != to-1 || from != e && from != 0 || k != int64(len(ref.digits)) {
				t.Errorf("%s: the Guy–Smith range %v does not follow from the period", what, args)
			}
			for n := from; n < to; n++ {
				if value(n+period) != value(n) {
					t.Errorf("%s: g(%d + %d) ≠ g(%d): the check claimed does not hold", what, n, period, n)
				}
			}
			if e > 0 && value(e-1) == value(e-1+period) {
				t.Errorf("%s: the period starts before %d", what, e)
			}
			var want []string
			for i := range min(period, 12) {
				want = append(want, strconv.FormatInt(value(e+i), 10))
			}
			if period > 12 {
				want = append(want, "…")
			}
			if cycle != strings.Join(want, " ") {
				t.Errorf("%s: the cycle is shown as %q, the definition gives %q", what, cycle, strings.Join(want, " "))
			}
		case "break.lasker.heap": // g(h) = v, h = 4k + r
			h, k, r, v := args[0].(int64), args[1].(int64), args[2].(int64), args[3].(uint64)
			if h != 4*k+r || r < 1 || r > 4 || v != uint64(4*k)+[]uint64{0, 1, 2, 4, 3}[r] {
				t.Errorf("%s: Lasker's g(%d) shown as %d with k = %d, r = %d", what, h, v, k, r)
			}
		case "break.exact.N", "break.exact.P":
			exact = true
		case "break.win.normal", "break.win.misere": // the move, h, g(h), what it leaves
			m := *a.Move
			h, old, parts := args[1].(int64), args[2].(uint64), args[3].(engine.Text)
			if h != p[m.First().Place-1] || int64(old) != value(h) {
				t.Errorf("%s: the move's heap shown as g(%d) = %d", what, h, old)
			}
			right := h - m.First().Amount - m.First().Pieces[0]
			var after int64
			switch parts.Key {
			case "break.after.two":
				pa := parts.Args
				after = value(m.First().Pieces[0]) ^ value(right)
				if pa[0] != m.First().Pieces[0] || pa[1] != right || pa[2] != uint64(value(m.First().Pieces[0])) || pa[3] != uint64(value(right)) || pa[4] != uint64(after) {
					t.Errorf("%s: the move leaves %v", what, pa)
				}
			case "break.after.one":
				after = value(right)
				if parts.Args[0] != right || parts.Args[1] != uint64(after) {
					t.Errorf("%s: the move leaves %v", what, parts.Args)
				}
			default:
				if right != 0 {
					t.Errorf("%s: the move is said to leave nothing of %d", what, right)
				}
			}
			if x := int64(old) ^ after; tx.Key == "break.win.normal" && x != xorGrundy(p, value) {
				t.Errorf("%s: the move does not make the nim-sum 0", what)
			}
		}
	}
	if exact {
		if tables, _, _ := shown(a.Explanation); len(tables) != 0 {
			t.Errorf("%s: a nim-sum table where exact search decides", what)
		}
		return
	}
	values := make([]int64, len(p))
	for i, h := range p {
		values[i] = value(h)
	}
	checkNimTable(t, what, a.Explanation, values, a.Convention)
}

// refPeriod finds in values by the definition the least period p, with
// its least start e, that repeats over all of them from e on and leaves
// room for the Guy–Smith range (2·max(e, 1) + p + k); 0, 0 if none.
func refPeriod(values []int, k int) (e, p int64) {
	n := int64(len(values))
	for p := int64(1); 2*p+int64(k)+2 <= n; p++ {
		e := n - p
		for e > 0 && values[e-1] == values[e-1+p] {
			e--
		}
		if 2*max(e, 1)+2*p+int64(k) <= n {
			return e, p
		}
	}
	return 0, 0
}

func xorGrundy(p engine.Position, value func(int64) int64) int64 {
	var x int64
	for _, h := range p {
		x ^= value(h)
	}
	return x
}

// The explanations' claims are true on every position of up to 3 heaps
// of at most 9 (the outcome, the move and the count are the exhaustive
// solver's), and on huge heaps read through the period or the closed
// form.
func TestTakeBreakExplanationClaims(t *testing.T) {
	t.Parallel()
	for _, bg := range breakGames {
		t.Run(bg.name, func(t *testing.T) {
			t.Parallel()
			g, ref := breakGame(t, bg.cfg), refOf(refName(bg.name))
			values := ref.grundy(1200)
			for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
				s := engine.NewSolver(sorted{g}, c)
				for _, p := range upTo(3, thorough[int64](7, 9)) {
					a := checkVerdict(t, g, p, c, s)
					checkBreakClaims(t, fmt.Sprint(bg.name, " ", p, " ", c), ref, values, a)
				}
			}
			for _, p := range []engine.Position{{1e18, 5}, {math.MaxInt64, 1e12 + 7, 40}, {500, 1000, 12}} {
				if (bg.name == "grundy" || bg.name == "octal 0.6") && slices.Max(p) > 1000 {
					continue // no period: refused beyond the table (TestBreakSolveRefusals)
				}
				a, err := engine.Analyze(g, p, engine.Normal)
				if err != nil {
					t.Fatal(err)
				}
				checkBreakClaims(t, fmt.Sprint(bg.name, " ", p), ref, values, a)
			}
		})
	}
}

// The count of winning moves, counted by arithmetic, is the number the
// winning moves' list holds, wherever it can be listed; past the largest
// int64 the analysis keeps it whole and the explanation says it whole.
func TestTakeBreakCount(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(10, 10))
	for _, bg := range breakGames {
		g := breakGame(t, bg.cfg)
		for range 40 {
			p := make(engine.Position, 1+r.IntN(4))
			for i := range p {
				p[i] = r.Int64N(400)
			}
			for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
				sol, err := g.Solve(p, c)
				if errors.Is(err, engine.ErrRefused) && c == engine.Misere {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				listed := int64(len(slices.Collect(sol.Winning)))
				if n := sol.Count(); !n.IsInt64() || n.Int64() != listed {
					t.Fatalf("%s %v %v: count %v, listed %d", bg.name, p, c, n, listed)
				}
			}
		}
	}
	// 0.77…7 (32 digits: knock down 1 to 32 adjacent pins) on three heaps
	// of 2^63 − 1: some 2^62 winning splits in each.
	g := breakGame(t, Config{Name: "octal", Params: map[string]string{"code": seven32}})
	a, err := engine.Analyze(g, engine.Position{math.MaxInt64, math.MaxInt64, math.MaxInt64}, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	if a.WinningBig == nil || a.WinningBig.IsInt64() || a.WinningCount != math.MaxInt64 || len(a.Winning) != engine.ShowWinning {
		t.Fatalf("count %d, big %v, listed %d", a.WinningCount, a.WinningBig, len(a.Winning))
	}
	last := a.Explanation[len(a.Explanation)-1].(engine.Text)
	if last.Key != "break.count.big" || strings.ReplaceAll(last.Render(assetsEN), ",", "") != "Winning moves from here: "+a.WinningBig.String()+"." {
		t.Errorf("the explanation ends with %v, not the count %v", last, a.WinningBig)
	}
	t.Logf("%s on three heaps of 2^63−1: %v winning moves", engine.Spelled(g), a.WinningBig)
}

// mirrorSearch decides normal-play positions by exhaustive search of the
// game tree, with two facts that need no Grundy value: a heap with no
// move never matters, and two equal heaps cancel (the second player
// copies every move made in one onto the other, so the winner of the rest
// wins the whole by playing on there and copying here). The key is what is
// left: the heaps with a move that occur an odd number of times, sorted.
// Moves that cancel a heap are tried first: they find most wins at once.
type mirrorSearch struct {
	rule refRule
	memo map[string]bool // key → lost for the player to move
	opts [][][3]int      // by heap size
}

func newMirrorSearch(r refRule, most int) *mirrorSearch {
	s := &mirrorSearch{rule: r, memo: map[string]bool{}, opts: make([][][3]int, most+1)}
	for h := range s.opts {
		s.opts[h] = r.options(h)
	}
	return s
}

func (s *mirrorSearch) key(p []byte) []byte {
	k := slices.DeleteFunc(slices.Clone(p), func(h byte) bool { return len(s.opts[h]) == 0 })
	slices.Sort(k)
	out := k[:0]
	for i := 0; i < len(k); i++ {
		if i+1 < len(k) && k[i] == k[i+1] {
			i++ // a pair cancels
			continue
		}
		out = append(out, k[i])
	}
	return out
}

func (s *mirrorSearch) lost(p []byte) bool {
	k := s.key(p)
	if v, ok := s.memo[string(k)]; ok {
		return v
	}
	has := func(h int) bool { return h == 0 || slices.Contains(k, byte(h)) }
	lost := true // no move left: the last move won
	for pass := range 2 {
		for i := 0; i < len(k) && lost; i++ {
			for _, o := range s.opts[k[i]] {
				cancels := o[1] == o[2] || has(o[1]) && has(o[2])
				if cancels != (pass == 0) {
					continue
				}
				child := append(append(slices.Clone(k[:i]), k[i+1:]...), byte(o[1]), byte(o[2]))
				if s.lost(child) {
					lost = false
					break
				}
			}
		}
	}
	s.memo[string(k)] = lost
	return lost
}

// The presets of these games are what exhaustive search finds: the
// outcome, and from an N-position the canonical move leaves a lost
// position; HDU 3032's samples print Alice and Bob.
func TestTakeBreakPresets(t *testing.T) {
	t.Parallel()
	want := map[string]engine.Outcome{"kayles-10": engine.N, "kayles-71": engine.N, "dawson-kayles-9": engine.P,
		"hdu3032-alice": engine.N, "hdu3032-bob": engine.P, "grundy-7": engine.P}
	for _, pr := range assets.Presets() {
		if _, ok := namedTakeBreak(pr.Game); !ok || pr.Params["parts"] == "3" { // HDU 5795: TestLasker3Presets
			continue
		}
		w, ok := want[pr.Name]
		if !ok {
			t.Errorf("preset %s is not checked here", pr.Name)
			continue
		}
		delete(want, pr.Name)
		g := breakGame(t, Config{Name: pr.Game})
		a, err := engine.Analyze(g, pr.Position, engine.Normal)
		if err != nil {
			t.Fatal(err)
		}
		if a.Outcome != w {
			t.Errorf("preset %s: the engine says %v; want %v", pr.Name, a.Outcome, w)
		}
		if slices.Max(pr.Position) > thorough[int64](40, 100) { // kayles-71's search takes a second
			continue
		}
		s := newMirrorSearch(refOf(pr.Game), int(slices.Max(pr.Position)))
		ints := func(p engine.Position) []byte {
			q := make([]byte, len(p))
			for i, h := range p {
				q[i] = byte(h)
			}
			return q
		}
		searched := engine.N
		if s.lost(ints(pr.Position)) {
			searched = engine.P
		}
		if a.Outcome != w || searched != w {
			t.Errorf("preset %s: the engine says %v, the search %v; want %v", pr.Name, a.Outcome, searched, w)
		}
		if a.Move != nil && !s.lost(ints(a.After)) {
			t.Errorf("preset %s: the canonical move leaves %v, which the search finds won", pr.Name, a.After)
		}
		t.Logf("%s %v: %v by search over %d positions", pr.Game, pr.Position, searched, len(s.memo))
	}
	if len(want) > 0 {
		t.Errorf("presets missing: %v", want)
	}
}
