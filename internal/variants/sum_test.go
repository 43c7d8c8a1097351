package variants

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// component is one game of a sum with the small positions it is tried at.
type component struct {
	game      engine.Game
	positions []engine.Position
}

// loops reports whether the component's play can come back to a position:
// no search by depth decides a sum with it, a retrograde analysis does.
func (c component) loops() bool {
	l, ok := c.game.(engine.Loopy)
	return ok && l.Loopy()
}

// lookupPart is a game as a component of a sum (Chomp without its poisoned
// square).
func lookupPart(t testing.TB, name string, params map[string]string) engine.Game {
	t.Helper()
	g, _, err := LookupPart(Config{Name: name, Params: params})
	if err != nil {
		t.Fatalf("%s %v: %v", name, params, err)
	}
	return g
}

func lookup(t testing.TB, name string, params map[string]string) engine.Game {
	t.Helper()
	g, _, err := Lookup(Config{Name: name, Params: params})
	if err != nil {
		t.Fatalf("%s %v: %v", name, params, err)
	}
	return g
}

func pos(v ...int64) engine.Position { return engine.Position(v) }

// components are every family, each at a few small positions (as a
// component of a sum: Chomp without its poisoned square; a graph with
// cycles and draws, and Northcott's rows, loop): the pool the sums are
// drawn from.
func components(t testing.TB) []component {
	loopy, err := NewGraph("1>2 2>1 2>3 4>4 4>3 5>4 6>6 6>1", "") // 4 is ∞(0), 6 is ∞(0): draws
	if err != nil {
		t.Fatal(err)
	}
	return []component{
		{lookup(t, "nim", nil), []engine.Position{pos(0), pos(1), pos(2), pos(3), pos(1, 2)}},
		{lookup(t, "bash", map[string]string{"max": "2"}), []engine.Position{pos(0), pos(1), pos(3), pos(4)}},
		{lookup(t, "wythoff", nil), []engine.Position{pos(0, 0), pos(1, 1), pos(1, 2), pos(2, 2), pos(0, 3)}},
		{lookup(t, "subtraction", map[string]string{"set": "1,3,4"}), []engine.Position{pos(0), pos(2), pos(4), pos(5), pos(2, 3)}},
		{lookup(t, "subtraction", map[string]string{"set": "fib"}), []engine.Position{pos(1), pos(4), pos(6)}},
		{lookup(t, "staircase", nil), []engine.Position{pos(0, 1), pos(0, 1, 2), pos(0, 0, 1), pos(0, 2, 0, 1)}},
		{lookup(t, "georgia-bob", nil), []engine.Position{pos(1), pos(3), pos(1, 3), pos(2, 4)}},
		{lookup(t, "kayles", nil), []engine.Position{pos(1), pos(2), pos(4), pos(5), pos(2, 3)}},
		{lookup(t, "dawson-kayles", nil), []engine.Position{pos(2), pos(3), pos(5)}},
		{lookup(t, "dawson-chess", nil), []engine.Position{pos(3), pos(4)}},
		{lookup(t, "octal", map[string]string{"code": "0.6"}), []engine.Position{pos(3), pos(5)}},
		{lookup(t, "lasker", nil), []engine.Position{pos(1), pos(2), pos(3), pos(4)}},
		{lookup(t, "lasker", map[string]string{"parts": "3"}), []engine.Position{pos(1), pos(3), pos(5), pos(2, 3)}},
		{lookup(t, "grundy", nil), []engine.Position{pos(3), pos(4), pos(6), pos(7)}},
		{lookup(t, "euclid", nil), []engine.Position{pos(2, 3), pos(3, 7), pos(4, 4), pos(5, 2)}},
		{lookup(t, "fibonacci-nim", nil), []engine.Position{pos(0, 1), pos(2, 1), pos(5, 4), pos(6, 2), pos(4, 8)}},
		{lookup(t, "mock-turtles", nil), []engine.Position{pos(), pos(1), pos(2, 3), pos(1, 4), pos(5)}},
		{lookup(t, "ruler", nil), []engine.Position{pos(), pos(2), pos(1, 3), pos(4), pos(2, 6)}},
		{lookup(t, "turning-turtles", nil), []engine.Position{pos(), pos(1), pos(2, 3), pos(1, 4)}},
		{lookup(t, "turning-corners", nil), []engine.Position{pos(), pos(1, 1), pos(2, 3), pos(1, 2, 2, 1)}}, // 3,3 beside itself is 2^18 positions: TestCornersExhaustive covers it
		{lookup(t, "hackenbush", nil), []engine.Position{pos(), pos(0, 1), pos(0, 1, 1, 2, 1, 3), pos(0, 1, 1, 2, 2, 0), pos(0, 1, 1, 1)}},
		{lookup(t, "graph", nil), []engine.Position{pos(1), pos(4), pos(2, 3), pos(1, 1), pos(1, 2, 3)}},
		{lookup(t, "moore", map[string]string{"k": "2"}), []engine.Position{pos(1), pos(2, 1), pos(1, 1, 1), pos(2, 2), pos(3, 1, 2)}},
		{lookupPart(t, "chomp", nil), []engine.Position{pos(1), pos(2), pos(2, 1), pos(2, 2), pos(3, 1)}},
		{lookup(t, "northcott", map[string]string{"width": "4"}), []engine.Position{pos(1, 2), pos(1, 3), pos(3, 1), pos(1, 4)}},
		{loopy, []engine.Position{pos(1), pos(2), pos(4), pos(6), pos(2, 5)}},
	}
}

// grundyBySearch is the Grundy value by its definition, the mex of the
// options' values, over the game's own moves.
func grundyBySearch(g engine.Game, p engine.Position, memo map[string]uint64) uint64 {
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for m := range g.Moves(p, 0) {
		q, err := g.Apply(p, m)
		if err != nil {
			panic(err)
		}
		seen[grundyBySearch(g, q, memo)] = true
	}
	var v uint64
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}

// TestValuesBySearch: every family's Value is the mex of its options'
// values, and MovesTo(v) yields exactly the moves to value v, in natural
// order, for every value up to two past the largest option's.
func TestValuesBySearch(t *testing.T) {
	t.Parallel()
	for _, c := range components(t) {
		if c.loops() { // no search by depth ends: see TestSumsWithDrawsByRetrograde
			continue
		}
		g := c.game.(engine.Valued)
		memo := map[string]uint64{}
		for _, p := range c.positions {
			want := grundyBySearch(g, p, memo)
			got, err := g.Value(p)
			if err != nil || got.G != want {
				t.Errorf("%s %v: value %v (%v), search %d", engine.Spelled(g), p, got.G, err, want)
			}
			if got.How.IsZero() {
				t.Errorf("%s %v: the value says nothing of how it is found", engine.Spelled(g), p)
			}
			byValue := map[uint64][]engine.Move{}
			top := uint64(0)
			for m := range g.Moves(p, 0) {
				q, _ := g.Apply(p, m)
				v := grundyBySearch(g, q, memo)
				byValue[v] = append(byValue[v], m)
				top = max(top, v)
			}
			for v := range top + 3 {
				if moves := slices.Collect(g.MovesTo(p, v)); !slices.Equal(moves, byValue[v]) {
					t.Errorf("%s %v: moves to %d are %v, search %v", engine.Spelled(g), p, v, moves, byValue[v])
				}
			}
		}
	}
}

// sumOfParts is the sum of the components' games.
func sumOfParts(t testing.TB, parts []component) *engine.Sum {
	t.Helper()
	games := make([]engine.Game, len(parts))
	for i, c := range parts {
		games[i] = c.game
	}
	s, err := engine.NewSum(games)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSumsExhaustive: every sum of two components of the pool (every pair
// of families, in both orders of two different ones, at every pair of
// their positions) and every sum of three families at their first two
// positions each, both conventions: the outcome and the whole list of
// winning moves equal the exhaustive solver's.
func TestSumsExhaustive(t *testing.T) {
	t.Parallel()
	pool := components(t)
	checked := 0
	check := func(parts []component, picks [][]engine.Position) {
		s := sumOfParts(t, parts)
		loops := slices.ContainsFunc(parts, component.loops)
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			outcome, winning := sumReference(t, s, c, loops, picks)
			for _, ps := range picks {
				p := s.Join(ps)
				sol, err := s.Solve(p, c)
				if err != nil {
					t.Errorf("%s %v: %v", s.Spell(p), c, msg(err))
					continue
				}
				got := slices.Collect(sol.Winning)
				if loops { // the canonical move first (the one that ends the play), the rest in order
					got = slices.SortedFunc(slices.Values(got), engine.Compare)
				}
				want := winning(p)
				if sol.Outcome != outcome(p) || !slices.Equal(got, want) {
					t.Fatalf("%s %v: %v with %v; search %v with %v", s.Spell(p), c, sol.Outcome, got, outcome(p), want)
				}
				if checked%16 == 0 && len(sol.Explanation().Lines(assetsEN)) == 0 {
					t.Errorf("%s %v: no explanation", s.Spell(p), c)
				}
				checked++
			}
		}
	}
	for i, a := range pool {
		for j, b := range pool[i:] {
			var picks [][]engine.Position
			for _, p := range a.positions {
				for _, q := range b.positions {
					picks = append(picks, []engine.Position{p, q})
				}
			}
			check([]component{a, b}, picks)
			if j > 0 && (i+j)%thorough(5, 1) == 0 { // the other order too (a fifth of them; all in CI): moves are numbered by component
				var swapped [][]engine.Position
				for _, ps := range picks {
					swapped = append(swapped, []engine.Position{ps[1], ps[0]})
				}
				check([]component{b, a}, swapped)
			}
		}
	}
	for i := range pool {
		for j := i + 1; j < len(pool); j++ {
			for k := j + 1; k < len(pool); k++ {
				if (i+j+k)%thorough(20, 1) != 0 { // a twentieth of the triples, all in CI
					continue
				}
				parts := []component{pool[i], pool[j], pool[k]}
				var picks [][]engine.Position
				for _, p := range pool[i].positions[:2] {
					for _, q := range pool[j].positions[:2] {
						for _, r := range pool[k].positions[:2] {
							picks = append(picks, []engine.Position{p, q, r})
						}
					}
				}
				check(parts, picks)
			}
		}
	}
	t.Logf("%d sums agree with the exhaustive search", checked)
}

// sumReference is the exhaustive answer for the positions of picks: the
// depth-first solver's, or for a sum that loops a retrograde analysis of
// every position below them (draws found as such).
func sumReference(t *testing.T, s *engine.Sum, c engine.Convention, loops bool, picks [][]engine.Position) (func(engine.Position) engine.Outcome, func(engine.Position) []engine.Move) {
	if !loops {
		solver := engine.NewSolver(s, c)
		return solver.Outcome, solver.WinningMoves
	}
	starts := make([]engine.Position, len(picks))
	for i, ps := range picks {
		starts[i] = s.Join(ps)
	}
	ref, ok := engine.Retrograde(s, c, 1<<20, starts...)
	if !ok {
		t.Fatalf("%s: more positions than the bound", s.Spell(starts[0]))
	}
	return ref.Outcome, ref.Winning
}

// TestSumRefusals: a component the sum cannot value is named.
func TestSumRefusals(t *testing.T) {
	t.Parallel()
	s, err := engine.NewSum([]engine.Game{lookup(t, "nim", nil), lookup(t, "wythoff", nil)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Solve(s.Join([]engine.Position{pos(3), pos(5000, 4000)}), engine.Normal)
	if got := msg(err); got != "component 2 (wythoff): Wythoff's Grundy values come from a table of (a + 1) × (b + 1) values, at most 16,777,216 of them: heaps 5,000 and 4,000 need more, so this Wythoff game cannot be part of a sum" {
		t.Errorf("refusal %q", got)
	}
	if _, err := s.Normalize(s.Join([]engine.Position{pos(3), pos(-1, 5)})); err == nil || msg(err)[:22] != "component 2 (wythoff):" {
		t.Errorf("a bad component is refused as %q", msg(err))
	}
}

// TestSumsLarge: sums of large components (heaps near 2^62, periods read
// far past the tables), both conventions: a winning move leads to a
// P-position, and every random move from a P-position to an N-position.
func TestSumsLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(15, 9))
	big := func() int64 { return r.Int64N(1 << 62) }
	makers := []func() (engine.Game, engine.Position){
		func() (engine.Game, engine.Position) { return lookup(t, "nim", nil), pos(big(), big()) },
		func() (engine.Game, engine.Position) {
			return lookup(t, "bash", map[string]string{"max": "7"}), pos(big())
		},
		func() (engine.Game, engine.Position) {
			return lookup(t, "subtraction", map[string]string{"set": "1,3,4"}), pos(big(), big())
		},
		func() (engine.Game, engine.Position) {
			return lookup(t, "staircase", nil), pos(0, big()/4, big()/4, big()/4)
		},
		func() (engine.Game, engine.Position) {
			a := big()
			return lookup(t, "georgia-bob", nil), pos(a, a+1+r.Int64N(1<<40))
		},
		func() (engine.Game, engine.Position) { return lookup(t, "kayles", nil), pos(big()) },
		func() (engine.Game, engine.Position) { return lookup(t, "dawson-kayles", nil), pos(big(), 9) },
		func() (engine.Game, engine.Position) { return lookup(t, "lasker", nil), pos(big(), 1<<63-1) },
		func() (engine.Game, engine.Position) {
			return lookup(t, "wythoff", nil), pos(r.Int64N(256), r.Int64N(256))
		},
	}
	for round := range 300 {
		var games []engine.Game
		var ps []engine.Position
		for range 2 + round%2 {
			g, p := makers[r.IntN(len(makers))]()
			games, ps = append(games, g), append(ps, p)
		}
		s, err := engine.NewSum(games)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Normalize(s.Join(ps))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			a, err := engine.Analyze(s, p, c)
			if err != nil {
				if c == engine.Misere {
					continue // a component not proven tame and too large to search: refused
				}
				t.Fatalf("%s: %v", s.Spell(p), msg(err))
			}
			// The computer's move, winning or holding out, is legal: it
			// weighs moves by place across the components (engine.MoveAt).
			mv, _, err := engine.NewPlayer(engine.Perfect, 1).Choose(s, p, c)
			if err != nil {
				t.Fatalf("%s %v: the computer cannot choose: %v", s.Spell(p), c, msg(err))
			}
			if _, err := s.Apply(p, mv); err != nil {
				t.Fatalf("%s %v: the computer chose %v: %v", s.Spell(p), c, mv, msg(err))
			}
			if a.Move != nil {
				after, err := engine.Analyze(s, a.After, c)
				if err != nil || after.Outcome != engine.P {
					t.Fatalf("%s %v: the winning move %v leaves %v (%v)", s.Spell(p), c, *a.Move, after.Outcome, err)
				}
				continue
			}
			for range 3 {
				m, ok := s.RandomMove(p, r)
				if !ok {
					break
				}
				q, _ := s.Apply(p, m)
				if b, err := engine.Analyze(s, q, c); err == nil && b.Outcome != engine.N {
					t.Fatalf("%s %v: P-position, yet %v leaves a P-position", s.Spell(p), c, m)
				}
			}
		}
	}
}

// everyBySearch decides an Every-SG position by its definition: each turn
// the player moves in every component that has a move.
type everySearch struct {
	s    *engine.Sum
	c    engine.Convention
	memo map[string]bool // the player to move wins
}

// choices lists every joint move of p in natural order: component 1's
// move first, then component 2's …
func (e *everySearch) choices(p engine.Position) [][]engine.Move {
	out := [][]engine.Move{nil}
	ps := e.s.Partwise(p)
	for i, q := range ps {
		var ms []engine.Move
		for m := range e.s.Parts[i].Moves(q, 0) {
			m.Part = i
			ms = append(ms, m)
		}
		if len(ms) == 0 {
			continue
		}
		var next [][]engine.Move
		for _, prefix := range out {
			for _, m := range ms {
				next = append(next, append(slices.Clone(prefix), m))
			}
		}
		out = next
	}
	if len(out) == 1 && out[0] == nil {
		return nil
	}
	return out
}

func (e *everySearch) after(p engine.Position, joint []engine.Move) engine.Position {
	for _, m := range joint {
		var err error
		if p, err = e.s.Apply(p, m); err != nil {
			panic(err)
		}
	}
	return p
}

func (e *everySearch) wins(p engine.Position) bool {
	key := p.String()
	if w, ok := e.memo[key]; ok {
		return w
	}
	cs := e.choices(p)
	w := len(cs) == 0 && e.c == engine.Misere
	for _, joint := range cs {
		if !e.wins(e.after(p, joint)) {
			w = true
			break
		}
	}
	e.memo[key] = w
	return w
}

// TestEverySGExhaustive: every sum of two components of the pool (and
// three of the small ones), both conventions: the outcome, the first
// winning joint move and the count of winning joint moves equal the
// search's; with a game that loops, as checkEveryLoopy says.
func TestEverySGExhaustive(t *testing.T) {
	t.Parallel()
	pool := components(t)
	checked := 0
	check := func(parts []component, picks [][]engine.Position) {
		s := sumOfParts(t, parts)
		if slices.ContainsFunc(parts, component.loops) { // decided by the whole sum's retrograde analysis
			checked += checkEveryLoopy(t, s, parts, picks)
			return
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			e := &everySearch{s: s, c: c, memo: map[string]bool{}}
			for _, ps := range picks {
				p, err := s.Normalize(s.Join(ps))
				if err != nil {
					t.Fatal(err)
				}
				a, err := engine.AnalyzeEvery(s, p, c)
				if err != nil {
					t.Fatalf("%s %v: %v", s.Spell(p), c, msg(err))
				}
				var first []engine.Move
				count := 0
				for _, joint := range e.choices(p) {
					if !e.wins(e.after(p, joint)) {
						if count == 0 {
							first = joint
						}
						count++
					}
				}
				out := engine.P
				if e.wins(p) {
					out = engine.N
				}
				if a.Outcome != out || !slices.Equal(a.Move, first) || a.Count.Int64() != int64(count) {
					t.Fatalf("%s %v every: %v %v (%v); search %v %v (%d)", s.Spell(p), c, a.Outcome, a.Move, a.Count, out, first, count)
				}
				// Perfect play keeps a won position won and a lost one lost
				// for as long as the rule says.
				if len(a.Play) > 0 && out == engine.N && e.wins(e.after(p, a.Play)) {
					t.Fatalf("%s %v every: perfect play %v hands over the win", s.Spell(p), c, a.Play)
				}
				checked++
			}
		}
	}
	for i, a := range pool {
		for j, b := range pool[i:] {
			if (i+j)%thorough(5, 1) != 0 { // a fifth of the pairs, all in CI
				continue
			}
			var picks [][]engine.Position
			for _, p := range a.positions {
				for _, q := range b.positions {
					picks = append(picks, []engine.Position{p, q})
				}
			}
			check([]component{a, b}, picks)
		}
	}
	small := []component{pool[0], pool[1], pool[7], pool[11]} // nim, bash, kayles, lasker
	for i := range small {
		for j := i; j < len(small); j++ {
			for k := j; k < len(small); k++ {
				var picks [][]engine.Position
				for _, p := range small[i].positions[:3] {
					for _, q := range small[j].positions[:3] {
						for _, r := range small[k].positions[:3] {
							picks = append(picks, []engine.Position{p, q, r})
						}
					}
				}
				check([]component{small[i], small[j], small[k]}, picks)
			}
		}
	}
	t.Logf("%d Every-SG positions agree with the search", checked)
}

// ParseSum reads what Sum.Spell writes, and names a bad component.
func TestParseSum(t *testing.T) {
	t.Parallel()
	cfg, p, err := ParseSum("nim 3 5 + subtraction --set 1,3,4 6 + KAYLES 7 --misere + bash --max=2 4")
	if err != nil {
		t.Fatal(msg(err))
	}
	g, c, err := Lookup(cfg)
	if err != nil || c != engine.Misere {
		t.Fatalf("%v %v", c, err)
	}
	s := g.(*engine.Sum)
	if got := s.Spell(p); got != "nim 3 5 + subtraction --set 1,3,4 6 + kayles 7 + bash --max 2 4" {
		t.Errorf("spelled %q", got)
	}
	if again, q, err := ParseSum(s.Spell(p)); err != nil || len(again.Parts) != 4 || !slices.Equal(p, q) {
		t.Errorf("round trip: %v %v %v", again, q, err)
	}
	for text, want := range map[string]string{
		"nim 3 +":               "component 2 of the sum names no game",
		"nim 3 + kayles":        "component 2 (kayles) has no position",
		"nim 3 + kayles x":      `component 2 (kayles): heap "x" is not a whole number`,
		"nim 3 + wythoff 1 2 3": "component 2 (wythoff):",
		"nim 3 + bash 4":        "component 2 (bash):",
		"nim 3 + chess 4":       "component 2 (chess): unknown game",
	} {
		if _, _, err := ParseSum(text); err == nil || !strings.HasPrefix(msg(err), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// FuzzSum: sums of two or three large components of the families the
// fuzzer's numbers pick: a winning move leads to a P-position, every move
// from a P-position to an N-position (normal play; misère play where the
// sum is answered).
func FuzzSum(f *testing.F) {
	for i, names := range []string{"nim wythoff", "kayles lasker nim", "staircase georgia-bob", "subtraction bash"} {
		f.Add(names, uint64(i), uint8(i*7))
	}
	families := []string{"nim", "bash", "wythoff", "staircase", "georgia-bob", "kayles", "lasker", "subtraction", "dawson-kayles"}
	f.Fuzz(func(t *testing.T, names string, seed uint64, size uint8) {
		var games []engine.Game
		var ps []engine.Position
		for i, name := range strings.Fields(names) {
			if i == 3 {
				break
			}
			if !slices.Contains(families, name) {
				name = families[(seed+uint64(i))%uint64(len(families))]
			}
			g, p := bigPosition(name, seed+uint64(i), size)
			switch name {
			case "wythoff": // values known up to 255
				p = engine.Position{int64(seed % 256), int64(size)}
			case "kayles", "lasker", "dawson-kayles":
				g = lookup(t, name, nil)
			case "subtraction":
				g = lookup(t, name, map[string]string{"set": "1,3,4"})
			}
			if p, err := g.Normalize(p); err == nil {
				games, ps = append(games, g), append(ps, p)
			}
		}
		if len(games) < 2 {
			return
		}
		s, err := engine.NewSum(games)
		if err != nil {
			t.Fatal(err)
		}
		p := s.Join(ps)
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			if _, err := s.Solve(p, c); err != nil {
				if c == engine.Normal && !errors.Is(err, engine.ErrRefused) {
					t.Fatalf("%s: %v", s.Spell(p), err)
				}
				continue // a component beyond its table, or a misère sum not answered
			}
			checkSumMoves(t, s, p, c, rand.New(rand.NewPCG(seed, 2)))
		}
	})
}

// checkSumMoves: the first winning moves (a heap of 2^62 of Kayles has
// some 2^60: they are counted, not listed) each lead to a P-position, and
// random moves from a P-position to N-positions.
func checkSumMoves(t *testing.T, s *engine.Sum, p engine.Position, c engine.Convention, r *rand.Rand) {
	t.Helper()
	a, err := engine.Analyze(s, p, c)
	if err != nil {
		t.Fatalf("%s %v: %v", s.Spell(p), c, err)
	}
	outcomeAfter := func(m engine.Move) engine.Outcome {
		q, err := s.Apply(p, m)
		if err != nil {
			t.Fatalf("%s %v: move %v: %v", s.Spell(p), c, m, err)
		}
		b, err := engine.Analyze(s, q, c)
		if err != nil {
			t.Fatalf("%s %v: %v", s.Spell(q), c, err)
		}
		return b.Outcome
	}
	for _, m := range a.Winning {
		if outcomeAfter(m) != engine.P {
			t.Fatalf("%s %v: winning move %v leads to an N-position", s.Spell(p), c, m)
		}
	}
	if a.Outcome == engine.N && a.Move == nil && !engine.Over(s, p) {
		t.Fatalf("%s %v: an N-position with no winning move", s.Spell(p), c)
	}
	for range 10 {
		if m, ok := s.RandomMove(p, r); ok && a.Outcome == engine.P && outcomeAfter(m) != engine.N {
			t.Fatalf("%s %v: move %v from a P-position leads to a P-position", s.Spell(p), c, m)
		}
	}
}

// A random start depends on its seed alone. The search of a misère sum
// reuses what it decided before (a refused position can be answered once
// enough below it is known), so a draw that searched with the game itself
// changed what the game answered next, and a class quiz drawn again on
// another screen, after other searches, asked another question there.
// Draws search a fresh sum: the game's own search is left as it was.
func TestRandomStartLeavesTheSearchAlone(t *testing.T) {
	t.Parallel()
	game := func() *engine.Sum {
		cfg, _, err := ParseSum("nim + wythoff")
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := Lookup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return g.(*engine.Sum)
	}
	said := func(s *engine.Sum, line string) string {
		_, p, err := ParseSum(line)
		if err != nil {
			t.Fatal(err)
		}
		a, err := engine.Analyze(s, p, engine.Misere)
		if err != nil {
			return msg(err)
		}
		return strings.Join(a.Explanation.Lines(assetsEN), "\n")
	}
	const asked = "nim 2 3 + wythoff 3 4"
	drawn := game()
	for seed := range uint64(3) {
		if _, ok := RandomPosition(drawn, engine.Misere, rand.New(rand.NewPCG(seed, 1))); !ok {
			t.Fatalf("seed %d: no start drawn", seed)
		}
	}
	if got, want := said(drawn, asked), said(game(), asked); got != want {
		t.Errorf("after three random starts, %s is explained\n%s\nand by a game that drew none\n%s", asked, got, want)
	}
	a, _ := RandomPosition(game(), engine.Misere, rand.New(rand.NewPCG(7, 1)))
	b, _ := RandomPosition(drawn, engine.Misere, rand.New(rand.NewPCG(7, 1)))
	if !slices.Equal(a, b) {
		t.Errorf("seed 7 draws %v from a new game, %v from one that drew before", a, b)
	}
}

// A fresh sum with a budget refuses what its search cannot decide within
// it, saying the budget's limits, and answers the rest as the full search
// does; random starts of misère sums are drawn within a budget, so a quiz
// question comes in a fraction of a second.
func TestSearchBudget(t *testing.T) {
	t.Parallel()
	cfg, p, err := ParseSum("wythoff 2 3 + kayles 4")
	if err != nil {
		t.Fatal(err)
	}
	g, _, _ := Lookup(cfg)
	full := g.(*engine.Sum)
	want, err := engine.Analyze(full, p, engine.Misere)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Analyze(full.Fresh(50), p, engine.Misere); err == nil || !strings.Contains(msg(err), "50 positions") {
		t.Errorf("a budget of 50 positions: %v", msg(err))
	}
	got, err := engine.Analyze(full.Fresh(1000), p, engine.Misere)
	if err != nil || got.Outcome != want.Outcome || !slices.Equal(got.Winning, want.Winning) {
		t.Errorf("a budget of 1,000 positions: %v %v (%v); the full search: %v %v", got.Outcome, got.Winning, err, want.Outcome, want.Winning)
	}
	// Every random start of a misère sum that needs search is answered by
	// the full analysis as well.
	cfg, _, _ = ParseSum("nim + kayles + wythoff")
	g, _, _ = Lookup(cfg)
	for seed := range uint64(thorough(1, 6)) {
		q, ok := RandomPosition(g, engine.Misere, rand.New(rand.NewPCG(seed, 1)))
		if _, err := engine.Analyze(g, q, engine.Misere); !ok || err != nil {
			t.Errorf("seed %d: %v drawn (%v): %v", seed, q, ok, err)
		}
	}
}

// When a sum's canonical winning move (the first in natural order) raises
// its game's value, the explanation says so and names the theorem's own
// move too: a game with a 1 at the nim-sum's highest bit taken down to
// g ⊕ x, so a class that learnt "smaller" sees both (a teacher's trial).
func TestSumExplainsTheTheoremsMove(t *testing.T) {
	t.Parallel()
	nim, kayles, wythoff := lookup(t, "nim", nil), lookup(t, "kayles", nil), lookup(t, "wythoff", nil)
	s, err := engine.NewSum([]engine.Game{nim, kayles, wythoff})
	if err != nil {
		t.Fatal(err)
	}
	valueOf := func(i int, q engine.Position) uint64 {
		v, err := s.Parts[i].Value(q)
		if err != nil {
			t.Fatal(err)
		}
		return v.G
	}
	r := rand.New(rand.NewPCG(27, 30))
	raised := 0
	for range 400 {
		ps := []engine.Position{{r.Int64N(8), r.Int64N(8)}, {r.Int64N(12)}, {r.Int64N(8), r.Int64N(8)}}
		for i := range ps {
			ps[i], _ = s.Parts[i].Normalize(ps[i])
		}
		p := s.Join(ps)
		a, err := engine.Analyze(s, p, engine.Normal)
		if err != nil {
			t.Fatal(err)
		}
		if a.Move == nil {
			continue
		}
		var x uint64
		for i, q := range ps {
			x ^= valueOf(i, q)
		}
		i := a.Move.Part
		text := strings.Join(a.Explanation.Lines(assetsEN), "\n")
		if valueOf(i, ps[i])^x < valueOf(i, ps[i]) {
			if strings.Contains(text, "theorem's own move") {
				t.Errorf("%s: the canonical move lowers its game, yet the theorem's move is named again:\n%s", s.Spell(p), text)
			}
			continue
		}
		raised++
		var theorem *engine.Move
		for j, q := range ps {
			if g := valueOf(j, q); g^x < g && theorem == nil {
				for m := range s.Parts[j].MovesTo(q, g^x) {
					m.Part = j
					theorem = &m
					break
				}
			}
		}
		if theorem == nil {
			t.Fatalf("%s: no game can be lowered to g ⊕ %d", s.Spell(p), x)
		}
		want := "The Sprague–Grundy theorem's own move lowers a game with a 1 at the nim-sum's highest bit: game " + strconv.Itoa(theorem.Part+1)
		if !strings.Contains(text, "taking it up to") || !strings.Contains(text, want) || !strings.Contains(text, s.DescribeMoveAt(p, *theorem).Render(assetsEN)) {
			t.Errorf("%s: the canonical move raises game %d; the explanation:\n%s", s.Spell(p), i+1, text)
		}
	}
	if raised == 0 {
		t.Fatal("no position whose canonical move raises its game: the test tried nothing")
	}
}
