package variants

import (
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// The explanations' claims are true: the numbers they show are recomputed
// here from the definitions, without the games' own code, and the move
// and outcome they state are the exhaustive solver's.

// shown finds the blocks of an explanation.
func shown(e engine.Explanation) (tables []engine.NimSumTable, coldTables []engine.Table, texts []engine.Text) {
	for _, b := range e {
		switch b := b.(type) {
		case engine.NimSumTable:
			tables = append(tables, b)
		case engine.Table:
			coldTables = append(coldTables, b)
		case engine.Text:
			texts = append(texts, b)
		}
	}
	return
}

func xorOf(v []int64) int64 {
	var x int64
	for _, n := range v {
		x ^= n
	}
	return x
}

// checkNimTable checks that the explanation's nim-sum table shows want
// and their true xor.
func checkNimTable(t *testing.T, what string, e engine.Explanation, want []int64, c engine.Convention) {
	t.Helper()
	tables, _, _ := shown(e)
	big := 0
	for _, v := range want {
		if v >= 2 {
			big++
		}
	}
	if c == engine.Misere && big == 0 || len(want) == 0 {
		if len(tables) != 0 {
			t.Errorf("%s: a nim-sum table with nothing to sum, or where the misère rule counts 1s", what)
		}
		return
	}
	if len(tables) != 1 {
		t.Fatalf("%s: %d nim-sum tables", what, len(tables))
	}
	unsigned := make([]uint64, len(want))
	for i, v := range want {
		unsigned[i] = uint64(v)
	}
	if !slices.Equal(tables[0].Values, unsigned) || tables[0].Sum != uint64(xorOf(want)) {
		t.Errorf("%s: table shows %v with nim-sum %d, want %v with %d", what, tables[0].Values, tables[0].Sum, want, xorOf(want))
	}
	if hb := tables[0].HighBit(); tables[0].Sum != 0 && (tables[0].Sum>>hb != 1) {
		t.Errorf("%s: highest bit %d of %d", what, hb, tables[0].Sum)
	}
}

// checkVerdict checks that the analysis' stated move is the solver's first
// winning move and its outcome the solver's.
func checkVerdict(t *testing.T, g engine.Game, p engine.Position, c engine.Convention, s *engine.Solver) engine.Analysis {
	t.Helper()
	a, err := engine.Analyze(g, p, c)
	if err != nil {
		t.Fatal(err)
	}
	win := s.WinningMoves(a.Position)
	if a.Outcome != s.Outcome(a.Position) || (a.Move == nil) != (len(win) == 0) || a.Move != nil && *a.Move != win[0] || a.WinningCount != int64(len(win)) {
		t.Errorf("%s %v %v: says %v, %v, %d winning; search %v, %v", g.Name(), p, c, a.Outcome, a.Move, a.WinningCount, s.Outcome(a.Position), win)
	}
	if last := a.Explanation[len(a.Explanation)-1]; a.Move != nil {
		if tx, ok := last.(engine.Text); !ok || tx.Key != "winning.count" || tx.Args[0] != a.WinningCount {
			t.Errorf("%s %v %v: the explanation does not end with the count %d: %v", g.Name(), p, c, a.WinningCount, last)
		}
	}
	return a
}

func TestNimExplanationClaims(t *testing.T) {
	t.Parallel()
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		s := engine.NewSolver(Nim{}, c)
		for _, p := range upTo(3, 6) {
			a := checkVerdict(t, Nim{}, p, c, s)
			checkNimTable(t, "nim "+p.String(), a.Explanation, p, c)
			_, _, texts := shown(a.Explanation)
			for _, tx := range texts {
				if tx.Key == "nim.reduce" { // heap i of h: h ⊕ x = target, take h − target
					i, h, x, target, take := tx.Args[0].(int), tx.Args[1].(int64), tx.Args[2].(int64), tx.Args[3].(int64), tx.Args[4].(int64)
					if h != p[i-1] || x != xorOf(p) || target != h^x || take != h-target || *a.Move != (engine.At(i, take)) {
						t.Errorf("nim %v: reduce claim %v", p, tx.Args)
					}
				}
			}
		}
	}
}

func TestStaircaseExplanationClaims(t *testing.T) {
	t.Parallel()
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		s := engine.NewSolver(Staircase{}, c)
		for _, p := range upTo(4, 3) {
			a := checkVerdict(t, Staircase{}, p, c, s)
			var odd []int64
			for i := 1; i < len(p); i += 2 {
				odd = append(odd, p[i])
			}
			checkNimTable(t, "staircase "+p.String(), a.Explanation, odd, c)
		}
	}
}

func TestGeorgiaBobExplanationClaims(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(4, 4))
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		s := engine.NewSolver(GeorgiaBob{}, c)
		for range 300 {
			cells := map[int64]bool{}
			for n := 1 + r.IntN(5); len(cells) < n; {
				cells[1+r.Int64N(12)] = true
			}
			var p engine.Position
			for cell := range cells {
				p = append(p, cell)
			}
			a := checkVerdict(t, GeorgiaBob{}, p, c, s)
			// The gaps before the rightmost chessman, the third from the right, …
			sorted := slices.Sorted(slices.Values(p))
			var counted []int64
			for i := len(sorted) - 1; i >= 0; i -= 2 {
				left := int64(0)
				if i > 0 {
					left = sorted[i-1]
				}
				counted = append(counted, sorted[i]-left-1)
			}
			checkNimTable(t, "georgia-bob "+p.String(), a.Explanation, counted, c)
		}
	}
}

// naiveGrundy is g(h) by the definition, mex over the options.
func naiveGrundy(set []int64, h int64, memo map[int64]int64) int64 {
	if g, ok := memo[h]; ok {
		return g
	}
	seen := map[int64]bool{}
	for _, s := range set {
		if s <= h {
			seen[naiveGrundy(set, h-s, memo)] = true
		}
	}
	g := int64(0)
	for seen[g] {
		g++
	}
	memo[h] = g
	return g
}

func TestSubtractionExplanationClaims(t *testing.T) {
	t.Parallel()
	for _, spec := range []struct {
		name string
		set  []int64
	}{{"fib", []int64{1, 2, 3, 5, 8, 13, 21}}, {"1,3,4", []int64{1, 3, 4}}, {"2,5,7", []int64{2, 5, 7}}} {
		g, err := NewSubtraction(spec.name)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[int64]int64{}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			s := engine.NewSolver(g, c)
			for _, p := range upTo(3, 14) {
				a := checkVerdict(t, g, p, c, s)
				var values []int64
				for _, h := range p {
					values = append(values, naiveGrundy(spec.set, h, memo))
				}
				checkNimTable(t, "subtraction "+spec.name+" "+p.String(), a.Explanation, values, c)
				_, _, texts := shown(a.Explanation)
				for _, tx := range texts {
					if tx.Key == "grundy.mex" { // g(h) = mex{…} = v
						h, v := tx.Args[0].(int64), tx.Args[2].(int64)
						if v != naiveGrundy(spec.set, h, memo) {
							t.Errorf("%s: g(%d) shown as %d", spec.name, h, v)
						}
					}
				}
			}
		}
	}
}

func TestWythoffExplanationClaims(t *testing.T) {
	t.Parallel()
	phi := new(big.Float).SetPrec(200).SetInt64(5)
	phi.Sqrt(phi).Add(phi, big.NewFloat(1)).Quo(phi, big.NewFloat(2))
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		s := engine.NewSolver(Wythoff{}, c)
		for _, p := range grid(2, 0, 25) {
			a := checkVerdict(t, Wythoff{}, p, c, s)
			_, tables, _ := shown(a.Explanation)
			if len(tables) != 1 {
				t.Fatalf("wythoff %v: %d tables", p, len(tables))
			}
			// The row marked is the cold pair the winning move leaves, or
			// at a cold position its own: the pair the class looks for.
			d := max(p[0]-p[1], p[1]-p[0])
			if a.After != nil {
				d = max(a.After[0]-a.After[1], a.After[1]-a.After[0])
			}
			if a.Move != nil && tables[0].Mark < 0 {
				t.Errorf("wythoff %v %v: the pair %v the move leaves is not in the table", p, c, a.After)
			}
			for i, row := range tables[0].Rows {
				k, _ := strconv.ParseInt(row[0].(string), 10, 64)
				ak, _ := strconv.ParseInt(row[1].(string), 10, 64)
				bk, _ := strconv.ParseInt(row[2].(string), 10, 64)
				want, _ := new(big.Float).Mul(new(big.Float).SetInt64(k), phi).Int64()
				if c == engine.Normal || k >= 2 {
					if ak != want || bk != ak+k {
						t.Errorf("wythoff %v %v: row k=%d shows (%d, %d), want (%d, %d)", p, c, k, ak, bk, want, want+k)
					}
				}
				// Every row is a cold pair of the convention played, found by search.
				if bk != ak+k || s.Outcome(engine.Position{ak, bk}) != engine.P {
					t.Errorf("wythoff %v %v: row k=%d shows (%d, %d), not a cold pair of difference %d", p, c, k, ak, bk, k)
				}
				if (i == tables[0].Mark) != (k == d) {
					t.Errorf("wythoff %v %v: row k=%d marked %v, the pair to reach has difference %d", p, c, k, i == tables[0].Mark, d)
				}
			}
		}
	}
}

func TestBashExplanationClaims(t *testing.T) {
	t.Parallel()
	for m := int64(1); m <= 6; m++ {
		g, _ := NewBash(m)
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			s := engine.NewSolver(g, c)
			for n := int64(0); n <= 40; n++ {
				a := checkVerdict(t, g, engine.Position{n}, c, s)
				_, _, texts := shown(a.Explanation)
				rest := texts[0] // n = q × (m+1) + r
				if rest.Key != "bash.rest" || rest.Args[0] != n || rest.Args[1] != uint64(m+1) || rest.Args[2] != uint64(n/(m+1)) || rest.Args[3] != n%(m+1) {
					t.Errorf("bash %d --max %d: %v", n, m, rest.Args)
				}
			}
		}
	}
}

// Every explanation line renders without a missing key or a bad verb.
func TestExplanationsRender(t *testing.T) {
	t.Parallel()
	for _, p := range upTo(3, 5) {
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			a, _ := engine.Analyze(Nim{}, p, c)
			for _, line := range append(a.Explanation.Lines(assetsEN), a.Summary().Render(assetsEN)) {
				if strings.Contains(line, "%!") || strings.Contains(line, "{") {
					t.Errorf("nim %v %v: %q", p, c, line)
				}
			}
		}
	}
}

// The first hint names the place of the canonical move and never the move
// itself, in every game and convention.
func TestHintsNameThePlaceNotTheMove(t *testing.T) {
	t.Parallel()
	sub, _ := NewSubtraction("1,3,4")
	bash, _ := NewBash(3)
	games := []engine.Game{Nim{}, bash, Wythoff{}, sub, Staircase{}, GeorgiaBob{}}
	tableOnly := make([]bool, len(games)) // no period: refused beyond the table (TestBreakSolveRefusals), after building it
	for _, bg := range breakGames {
		games = append(games, breakGame(t, bg.cfg))
		tableOnly = append(tableOnly, bg.name == "grundy" || bg.name == "octal 0.6")
	}
	hinted := 0
	for i, g := range games {
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			for _, p := range []engine.Position{{3, 6, 9}, {1, 1, 5}, {1, 1, 0}, {2, 7}, {4}, {0, 3, 1, 4}, {1, 4, 6, 9}, {10, 1e18}} {
				if tableOnly[i] && p[len(p)-1] == 1e18 {
					continue
				}
				a, err := engine.Analyze(g, p, c)
				if err != nil || a.Move == nil {
					continue
				}
				hinted++
				hint := a.Hint.Render(assetsEN)
				if move := g.DescribeMove(*a.Move).Render(assetsEN); strings.Contains(hint, move) {
					t.Errorf("%s %v %v: the hint %q gives the move %q", g.Name(), p, c, hint, move)
				}
				if place := g.Place(a.Position, a.Move.First().Place).Render(assetsEN); g.Places(a.Position) > 1 && !strings.Contains(hint, place) {
					t.Errorf("%s %v %v: the hint %q does not name %q", g.Name(), p, c, hint, place)
				}
			}
		}
	}
	if hinted < 100 {
		t.Errorf("only %d hints checked", hinted)
	}
}

// The explanation counts every winning move, however many: positions of
// 14 to 17 small heaps until one has more than 12 winning moves, in both
// conventions, for every game drawn as heaps or rows; each count is
// checked against the moves one by one.
func TestExplanationCountsEveryWinningMove(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(12, 13))
	for _, s := range Games {
		cfg := Config{Name: s.Name, Params: map[string]string{}}
		for _, p := range s.Params {
			cfg.Params[p.Name] = p.Default
		}
		g, _, err := Lookup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if k := g.Board().Kind; k != engine.Heaps && k != engine.Pins || g.Name() == "euclid" { // Euclid: one winning move at most
			continue
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			most := int64(0)
			for i := 0; i < 120 && most <= 12; i++ { // heaps up to 3, then 5, then 7
				heaps, top := 14+r.IntN(4), int64(3+2*(i/40))
				if g.Name() == "moore" { // few heaps, larger: their moves are counted
					heaps, top = 4+r.IntN(3), 8+8*int64(i/40)
				}
				p := make(engine.Position, heaps)
				for j := range p {
					p[j] = 1 + r.Int64N(top)
				}
				a, err := engine.Analyze(g, p, c)
				if err != nil {
					continue // a misère position no rule decides
				}
				var count int64
				for m := range g.Moves(p, 0) {
					q, _ := g.Apply(p, m)
					if b, err := engine.Analyze(g, q, c); err == nil && b.Outcome == engine.P {
						count++
					}
				}
				if a.WinningCount != count {
					t.Fatalf("%s %v %v: %d winning moves counted, %d found one by one", engine.Spelled(g), c, p, a.WinningCount, count)
				}
				text := strings.Join(a.Explanation.Lines(assetsEN), "\n")
				if want := assetsEN.T("winning.count", count); count > 0 && !strings.Contains(text, want) {
					t.Fatalf("%s %v %v: the explanation does not say %q:\n%s", engine.Spelled(g), c, p, want, text)
				}
				most = max(most, count)
			}
			if most <= 12 {
				t.Errorf("%s %v: at most %d winning moves in the positions tried; want some with more than 12", engine.Spelled(g), c, most)
			}
		}
	}
}

// Lists in Chinese sentences are written with 、, not ", ": the chessmen
// whose gaps count, an octal code's digits. Sets {1, 3, 4} and a mex's
// options keep their commas.
func TestChineseLists(t *testing.T) {
	t.Parallel()
	zh := assets.Messages("zh")
	math := regexp.MustCompile(`\{[^}]*\}|\([^)]*\)`)
	comma := regexp.MustCompile(`\d, \d`)
	kayles, _, _ := Find("kayles")
	k, _ := kayles.New(nil)
	for _, c := range []struct {
		g engine.Game
		p engine.Position
	}{{GeorgiaBob{}, engine.Position{1, 4, 8, 13, 20, 22}}, {k, engine.Position{5, 7}}} {
		a, err := engine.Analyze(c.g, c.p, engine.Normal)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range a.Explanation.Lines(zh) {
			if m := comma.FindString(math.ReplaceAllString(line, "")); m != "" {
				t.Errorf("%s %v: %q lists with %q", c.g.Name(), c.p, line, m)
			}
		}
	}
}

// A nim-sum table laid out for a narrow panel stays within it: the note
// beside the caret goes below it when it would not fit.
func TestNimSumTableFitsTheWidth(t *testing.T) {
	t.Parallel()
	a, err := engine.Analyze(Nim{}, engine.Position{3, 6, 9}, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{48, 56, 60} {
		l := engine.Layout{Lang: assetsEN, Show: engine.Teach, Glyphs: true, Width: w}
		for _, b := range a.Explanation.Shown(engine.Teach) {
			switch b.(type) {
			case engine.Text, engine.Sentence: // wrapped by the front end
				continue
			}
			for _, line := range b.Lines(l) {
				if engine.Width(line) > w {
					t.Errorf("at %d columns a table line is %d wide: %q", w, engine.Width(line), line)
				}
			}
		}
	}
}
