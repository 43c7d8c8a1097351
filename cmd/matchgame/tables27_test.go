package main

import (
	"encoding/json"
	"math/bits"
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// The rules line of a table and of a worksheet is a sentence, never the
// literal {} of an empty rule (Nim's board says its rule by its kind),
// in both languages and conventions.
func TestRulesLineNeverEmpty(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"worksheet", "nim", "--questions", "1", "--seed", "1"},
		{"worksheet", "nim", "--questions", "1", "--seed", "1", "--misere"},
		{"worksheet", "nim", "--questions", "1", "--seed", "1", "--lang", "zh"},
		{"worksheet", "staircase", "--questions", "1", "--seed", "1"},
		{"worksheet", "georgia-bob", "--questions", "1", "--seed", "1", "--lang", "zh"},
		{"table", "nim", "--to", "3"},
		{"table", "nim", "--to", "3", "--html"},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
			continue
		}
		if i := strings.Index(out, "{}"); strings.Contains(out, "<p>{}") || strings.Contains(out, "\n{}\n") {
			t.Errorf("%v: a rule left empty: %q", args, out[max(i-40, 0):min(i+40, len(out))])
		}
		if args[1] == "nim" && !strings.Contains(out, "matches") && !strings.Contains(out, "火柴") {
			t.Errorf("%v: no rule of Nim", args)
		}
	}
}

// gridJSON is a table of two numbers as --json writes it.
type gridJSON struct {
	Game   string  `json:"game"`
	From   int64   `json:"from"`
	To     int64   `json:"to"`
	Kind   string  `json:"kind"`
	Conv   string  `json:"convention"`
	Values [][]any `json:"values"`
	Cells  []struct {
		Rule string `json:"rule"`
	} `json:"cells"`
	Rows []struct {
		Rule string `json:"rule"`
	} `json:"rows"`
}

func tableJSON(t *testing.T, args ...string) gridJSON {
	t.Helper()
	code, out, errs := runCLI(t, "", append(append([]string{"table"}, args...), "--json")...)
	if code != 0 {
		t.Fatalf("table %v: exit %d: %s", args, code, errs)
	}
	var g gridJSON
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("table %v: %v\n%.300s", args, err, out)
	}
	return g
}

// Wythoff's table is g(a, b), each cell checked against the solver (the
// mex of its options' values, found by exhaustive search) and its
// P-positions the cold pairs; printed at --to 12 it fits 80 columns.
func TestTableWythoff(t *testing.T) {
	t.Parallel()
	g := tableJSON(t, "wythoff", "--to", "20")
	if g.Kind != "values" || len(g.Values) != 21 || len(g.Values[20]) != 21 || len(g.Cells) != 21*21 {
		t.Fatalf("wythoff: kind %q, %d rows, %d cells", g.Kind, len(g.Values), len(g.Cells))
	}
	checkWythoffValues(t, g)
	if !strings.Contains(g.Cells[2*21+3].Rule, "g(2, 3) = mex{") {
		t.Errorf("cell (2, 3): %q", g.Cells[2*21+3].Rule)
	}
	code, out, _ := runCLI(t, "", "table", "wythoff", "--to", "12", "--lang", "en")
	if code != 0 || !strings.Contains(out, "(3, 5)") || !strings.Contains(out, " 0*") {
		t.Errorf("wythoff --to 12: exit %d\n%.600s", code, out)
	}
	checkGridWidth(t, out, 80)
	code, svg, _ := runCLI(t, "", "table", "wythoff", "--to", "20", "--svg")
	if code != 0 || strings.Count(svg, `class="cell zero"`) != 17 {
		t.Errorf("wythoff --svg: exit %d, %d zero cells", code, strings.Count(svg, `class="cell zero"`))
	}
}

// checkWythoffValues checks each g(a, b) of Wythoff's table to 20: the mex
// of its options' values, 0 exactly at the solver's P-positions.
func checkWythoffValues(t *testing.T, g gridJSON) {
	t.Helper()
	w, _, _ := variants.Lookup(variants.Config{Name: "wythoff"})
	grundy := engine.NewSolver(w, engine.Normal)
	for a := range 21 {
		for b := range 21 {
			p := engine.Position{int64(a), int64(b)}
			want := mexOfOptions(t, w, p, func(q engine.Position) uint64 { return uint64(g.Values[q[0]][q[1]].(float64)) })
			if got := uint64(g.Values[a][b].(float64)); got != want || (got == 0) != (grundy.Outcome(p) == engine.P) {
				t.Errorf("g(%d, %d) = %d, want %d (%s)", a, b, got, want, grundy.Outcome(p))
			}
		}
	}
}

// checkGridWidth checks that a printed grid's lines (those indented) fit
// width columns.
func checkGridWidth(t *testing.T, out string, width int) {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, " ") && len([]rune(l)) > width {
			t.Errorf("a grid line of %d columns: %q", len([]rune(l)), l)
		}
	}
}

// mexOfOptions is the mex of the values of p's options, by the game's own
// move generator.
func mexOfOptions(t *testing.T, g engine.Game, p engine.Position, value func(engine.Position) uint64) uint64 {
	t.Helper()
	seen := map[uint64]bool{}
	for m := range g.Moves(p, 0) {
		q, err := g.Apply(p, m)
		if err != nil {
			t.Fatal(err)
		}
		seen[value(q)] = true
	}
	var v uint64
	for seen[v] {
		v++
	}
	return v
}

// Turning Corners' table is the nim-multiplication table: each cell the
// mex of what its moves leave, and the Fermat 2-powers' squares 3F/2.
func TestTableCorners(t *testing.T) {
	t.Parallel()
	g := tableJSON(t, "turning-corners", "--to", "16")
	at := func(x, y int) uint64 { return uint64(g.Values[x][y].(float64)) }
	for x := range 17 {
		for y := range 17 {
			seen := map[uint64]bool{}
			for a := range x {
				for b := range y {
					seen[at(a, y)^at(x, b)^at(a, b)] = true
				}
			}
			var v uint64
			for seen[v] {
				v++
			}
			if at(x, y) != v {
				t.Errorf("%d ⊗ %d = %d, the mex says %d", x, y, at(x, y), v)
			}
		}
	}
	if at(2, 2) != 3 || at(4, 4) != 6 || at(16, 16) != 24 || at(3, 4) != 12 {
		t.Errorf("2⊗2 = %d, 4⊗4 = %d, 16⊗16 = %d, 3⊗4 = %d", at(2, 2), at(4, 4), at(16, 16), at(3, 4))
	}
}

// Mock Turtles and Ruler: g of one coin, coins numbered as the game
// numbers them, g(0) = 0 for no coin; the odious numbers and the ruler
// function, each the mex of its options as the game's moves make them.
func TestTableCoins(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"mock-turtles", "ruler"} {
		code, out, errs := runCLI(t, "", "table", game, "--to", "40", "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", game, code, errs)
		}
		var tab struct {
			Values []uint64 `json:"values"`
			Rows   []struct {
				Mex string `json:"mex"`
			} `json:"rows"`
		}
		if err := json.Unmarshal([]byte(out), &tab); err != nil {
			t.Fatal(err)
		}
		if len(tab.Values) != 41 || tab.Values[0] != 0 {
			t.Fatalf("%s: %d values, g(0) = %d", game, len(tab.Values), tab.Values[0])
		}
		g, _, _ := variants.Lookup(variants.Config{Name: game})
		for n := int64(1); n <= 40; n++ {
			want := mexOfOptions(t, g, engine.Position{n}, func(q engine.Position) uint64 {
				var x uint64
				for _, c := range q {
					x ^= tab.Values[c]
				}
				return x
			})
			odious := 2*uint64(n-1) + uint64(1-bits.OnesCount64(2*uint64(n-1))%2)
			if game == "ruler" {
				odious = uint64(n) & -uint64(n)
			}
			if tab.Values[n] != want || tab.Values[n] != odious {
				t.Errorf("%s: g(%d) = %d, the mex says %d, the closed form %d", game, n, tab.Values[n], want, odious)
			}
			if !strings.Contains(tab.Rows[n].Mex, "= mex{") {
				t.Errorf("%s: g(%d)'s mex: %q", game, n, tab.Rows[n].Mex)
			}
		}
	}
}

// Euclid's table is P/N over a and b from 1, each cell the family's
// outcome and checked by search; in normal play the P-cells are those
// whose larger number is less than φ times the smaller.
func TestTableEuclid(t *testing.T) {
	t.Parallel()
	for _, conv := range []engine.Convention{engine.Normal, engine.Misere} {
		args := []string{"euclid", "--to", "30"}
		if conv == engine.Misere {
			args = append(args, "--misere")
		}
		g := tableJSON(t, args...)
		if g.Kind != "outcomes" || g.From != 1 || g.Values[0][3] != nil || g.Conv != conv.String() {
			t.Fatalf("euclid %s: kind %q from %d, (0, 3) = %v", conv, g.Kind, g.From, g.Values[0][3])
		}
		checkEuclidOutcomes(t, g, conv)
		for _, c := range g.Cells {
			if !strings.HasSuffix(c.Rule, "P.") && !strings.HasSuffix(c.Rule, "N.") {
				t.Errorf("euclid %s: a cell's rule has no verdict: %q", conv, c.Rule)
			}
		}
	}
}

// checkEuclidOutcomes checks each cell of Euclid's table to 30 in
// convention conv against the search and the golden ratio.
func checkEuclidOutcomes(t *testing.T, g gridJSON, conv engine.Convention) {
	t.Helper()
	e, _, _ := variants.Lookup(variants.Config{Name: "euclid"})
	s := engine.NewSolver(e, conv)
	for a := int64(1); a <= 30; a++ {
		for b := int64(1); b <= 30; b++ {
			want := s.Outcome(engine.Position{a, b}).String()
			if got, golden := g.Values[a][b], euclidGolden(a, b, conv); got != want || got != golden {
				t.Errorf("euclid %s (%d, %d) = %v, search %s, golden ratio %s", conv, a, b, got, want, golden)
			}
		}
	}
}

// euclidGolden is Euclid's outcome at (a, b) by the golden ratio: P when
// the larger number is less than φ times the smaller, and in misère play
// at a = b too.
func euclidGolden(a, b int64, conv engine.Convention) string {
	lo, hi := float64(min(a, b)), float64(max(a, b))
	if a != b && hi < lo*1.6180339887 || a == b && conv == engine.Misere {
		return "P"
	}
	return "N"
}

// Fibonacci Nim's table is over n and the limit k < n: the family's
// outcomes, checked by search, and the start k = n − 1 is P exactly at
// the Fibonacci numbers; one line a row says why.
func TestTableFibonacciNim(t *testing.T) {
	t.Parallel()
	g := tableJSON(t, "fibonacci-nim", "--to", "40")
	f, _, _ := variants.Lookup(variants.Config{Name: "fibonacci-nim"})
	s := engine.NewSolver(f, engine.Normal)
	fib := map[int64]bool{2: true, 3: true, 5: true, 8: true, 13: true, 21: true, 34: true}
	for n := int64(2); n <= 40; n++ {
		for k := int64(1); k < n; k++ {
			if got, want := g.Values[n][k], s.Outcome(engine.Position{n, k}).String(); got != want {
				t.Errorf("(%d, %d) = %v, search %s", n, k, got, want)
			}
		}
		if g.Values[n][n] != nil {
			t.Errorf("(%d, %d) is shown: the whole heap is taken", n, n)
		}
		if start := g.Values[n][n-1] == "P"; start != fib[n] {
			t.Errorf("the start at %d is %v", n, g.Values[n][n-1])
		}
	}
	if len(g.Rows) != 40 || !strings.Contains(g.Rows[12].Rule, "13 = 13") {
		t.Errorf("%d rows; row 13: %q", len(g.Rows), g.Rows[12].Rule)
	}
}

// Chomp's table is two rows within the search's bound: P exactly at
// a = b + 1; beyond the bound it is refused, naming it.
func TestTableChomp(t *testing.T) {
	t.Parallel()
	g := tableJSON(t, "chomp", "--to", "10")
	for a := 1; a <= 10; a++ {
		for b := 0; b <= 10; b++ {
			want := any(nil)
			switch {
			case b <= a && a == b+1:
				want = "P"
			case b <= a:
				want = "N"
			}
			if g.Values[a][b] != want {
				t.Errorf("chomp (%d, %d) = %v, want %v", a, b, g.Values[a][b], want)
			}
		}
	}
	if code, _, errs := runCLI(t, "", "table", "chomp", "--to", "11"); code != 2 || !strings.Contains(errs, "10") {
		t.Errorf("chomp --to 11: exit %d: %s", code, errs)
	}
}

// A graph's table is γ of every vertex: the mex of its successors on a
// DAG, and ∞(K) where a token can move for ever.
func TestTableGraph(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "", "table", "graph", "--edges", "1>2,2>1,2>3,3>4,4>3,4>5,6>6,6>1,6>3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var tab struct {
		Vertices []int64 `json:"vertices"`
		Values   []any   `json:"values"`
		Rows     []struct {
			Alone string `json:"alone"`
			Rule  string `json:"rule"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &tab); err != nil {
		t.Fatal(err)
	}
	if len(tab.Vertices) != 6 || tab.Values[5] != "∞(0)" || tab.Values[4] != float64(0) || tab.Rows[5].Alone != "N" {
		t.Errorf("vertices %v, values %v, rows %+v", tab.Vertices, tab.Values, tab.Rows)
	}
	code, out, _ = runCLI(t, "", "table", "graph", "--lang", "en")
	if code != 0 || !strings.Contains(out, "g(1) = mex{") {
		t.Errorf("graph: exit %d\n%s", code, out)
	}
}

// The families whose value is a nim-sum of parts, or a graph of edges, or
// no sum at all, say so.
func TestTableRefusals(t *testing.T) {
	t.Parallel()
	for game, want := range map[string]string{
		"staircase":   "Nim heap",
		"georgia-bob": "Nim heap",
		"northcott":   "Nim heap",
		"hackenbush":  "graph",
		"moore":       "binary columns",
	} {
		if code, _, errs := runCLI(t, "", "table", game, "--lang", "en"); code != 2 || !strings.Contains(errs, want) {
			t.Errorf("%s: exit %d: %s", game, code, errs)
		}
	}
}
