package variants

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// bruteGrundy is the Grundy value of any position by the mex over the
// game's own moves, memoised: it knows nothing of tables, periods or
// closed forms.
type bruteGrundy struct {
	g    engine.Game
	memo map[string]uint64
}

func (b *bruteGrundy) of(p engine.Position) uint64 {
	// Order does not matter, nor an empty heap (it has no move): one
	// entry per multiset of heaps.
	var heaps engine.Position
	for _, h := range p {
		if h > 0 {
			heaps = append(heaps, h)
		}
	}
	if len(heaps) == 0 {
		return 0 // no move at all
	}
	slices.Sort(heaps)
	p = heaps
	key := p.String()
	if v, ok := b.memo[key]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for m := range b.g.Moves(p, 0) {
		q, err := b.g.Apply(p, m)
		if err != nil {
			panic(err)
		}
		seen[b.of(q)] = true
	}
	v := uint64(0)
	for seen[v] {
		v++
	}
	b.memo[key] = v
	return v
}

// tabledGames are the games whose heaps have a table, with the heap up to
// which the brute force checks them.
func tabledGames(t *testing.T) map[string]struct {
	g   HeapTabler
	top int64
} {
	out := map[string]struct {
		g   HeapTabler
		top int64
	}{}
	add := func(name string, params map[string]string, top int64) {
		g, _, err := Lookup(Config{Name: name, Params: params})
		if err != nil {
			t.Fatal(err)
		}
		out[engine.Spelled(g)] = struct {
			g   HeapTabler
			top int64
		}{g.(HeapTabler), top}
	}
	add("nim", nil, 30)
	add("bash", map[string]string{"max": "3"}, 40)
	add("bash", map[string]string{"max": "1"}, 20)
	add("subtraction", map[string]string{"set": "fib"}, 60)
	add("subtraction", map[string]string{"set": "1,3,4"}, 60)
	add("subtraction", map[string]string{"set": "2,5,7"}, 60)
	add("kayles", nil, thorough[int64](20, 26))
	add("dawson-kayles", nil, thorough[int64](20, 26))
	add("dawson-chess", nil, thorough[int64](20, 26))
	add("lasker", nil, thorough[int64](16, 22))
	add("lasker", map[string]string{"parts": "3"}, thorough[int64](18, 24))
	add("grundy", nil, thorough[int64](20, 26))
	add("octal", map[string]string{"code": "0.51"}, thorough[int64](20, 26))
	add("octal", map[string]string{"code": "0.6"}, thorough[int64](20, 26))
	return out
}

// Every value of every family's table is the mex over the game's own moves
// (the exhaustive search), g = 0 exactly at the solver's P-positions, and
// each row's options are the heap's moves in natural order, with their
// values, counted right.
func TestHeapTableAgainstSearch(t *testing.T) {
	t.Parallel()
	for name, c := range tabledGames(t) {
		tab, err := c.g.HeapTable(c.top)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		brute := &bruteGrundy{g: c.g, memo: map[string]uint64{}}
		solver := engine.NewSolver(c.g, engine.Normal)
		for n := int64(0); n <= c.top; n++ {
			p := engine.Position{n}
			want := brute.of(p)
			row := tab.Row(n)
			if tab.Values[n] != want || row.Value != want || row.Heap != n {
				t.Fatalf("%s: g(%d) = %d (row %d), search %d", name, n, tab.Values[n], row.Value, want)
			}
			// engine.Solver keeps heaps in order (a split's two orders are two
			// positions): it is asked about the smaller heaps only.
			if n <= thorough[int64](10, 14) && (want == 0) != (solver.Outcome(p) == engine.P) {
				t.Fatalf("%s: g(%d) = %d but the solver says %v", name, n, want, solver.Outcome(p))
			}
			var moves []engine.Move
			for m := range c.g.Moves(p, 0) {
				moves = append(moves, m)
			}
			if row.Total != int64(len(moves)) {
				t.Fatalf("%s: heap %d has %d options, the row says %d", name, n, len(moves), row.Total)
			}
			if int64(len(row.Options)) != min(row.Total, int64(tableOptions)) && !strings.HasPrefix(name, "subtraction") {
				t.Fatalf("%s: heap %d lists %d options of %d", name, n, len(row.Options), row.Total)
			}
			for i, o := range row.Options {
				q, err := c.g.Apply(p, moves[i])
				if err != nil {
					t.Fatal(err)
				}
				var left []int64
				for _, h := range q {
					if h > 0 {
						left = append(left, h)
					}
				}
				wantParts := []int64{}
				for _, h := range []int64{o.Left, o.Mid, o.Right} {
					if h > 0 {
						wantParts = append(wantParts, h)
					}
				}
				slices.Sort(left)
				if !slices.Equal(left, wantParts) || o.Value != brute.of(q) {
					t.Fatalf("%s: heap %d option %d is %+v; the move %v leaves %v worth %d", name, n, i, o, moves[i], q, brute.of(q))
				}
			}
			mex := row.Mex.Render(assetsEN)
			if !strings.HasPrefix(mex, "g("+strconv.FormatInt(n, 10)+") = mex{") || !strings.Contains(mex, "= "+strconv.FormatUint(want, 10)) {
				t.Fatalf("%s: heap %d: %q", name, n, mex)
			}
		}
	}
}

// A stated period is true: the table shows g(n+p) = g(n) over the check
// range the proof names, and far beyond it (through the table the games
// solve with); the preperiod is the least (g(e−1+p) ≠ g(e−1)). The periods
// SPEC §2 names come out: Kayles 12 from 71, Dawson's Kayles 34.
func TestHeapTablePeriods(t *testing.T) {
	t.Parallel()
	want := map[string][2]int64{"kayles": {71, 12}, "dawson-kayles": {53, 34}, "subtraction --set 1,3,4": {0, 7}, "bash --max 3": {0, 4}}
	for name, c := range tabledGames(t) {
		tab, err := c.g.HeapTable(2000)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w, ok := want[name]; ok && (tab.Period == nil || tab.Period.Preperiod != w[0] || tab.Period.Period != w[1]) {
			t.Errorf("%s: period %+v, want %d from %d", name, tab.Period, w[1], w[0])
		}
		pr := tab.Period
		if pr == nil {
			continue
		}
		if pr.CheckTo+pr.Period > 2000 {
			t.Fatalf("%s: the check needs g up to %d", name, pr.CheckTo+pr.Period)
		}
		for n := pr.CheckFrom; n < pr.CheckTo; n++ {
			if tab.Values[n+pr.Period] != tab.Values[n] {
				t.Errorf("%s: the check fails at %d", name, n)
			}
		}
		for n := pr.Preperiod; n+pr.Period <= 2000; n++ {
			if tab.Values[n+pr.Period] != tab.Values[n] {
				t.Errorf("%s: no period %d at %d", name, pr.Period, n)
			}
		}
		if e := pr.Preperiod; e > 0 && tab.Values[e-1] == tab.Values[e-1+pr.Period] {
			t.Errorf("%s: preperiod %d is not the least", name, e)
		}
		if proof := pr.Proof.Render(assetsEN); !strings.Contains(proof, strconv.FormatInt(pr.Period, 10)) || strings.Contains(proof, "{") {
			t.Errorf("%s: proof %q", name, proof)
		}
	}
}

// Refusals name the bound: --to past a million, Grundy's game past its
// table, the Fibonacci set past a million.
func TestHeapTableRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		params map[string]string
		to     int64
		want   string
	}{
		{"nim", nil, MaxTableTo + 1, "1,000,000"},
		{"kayles", nil, -1, "1,000,000"},
		{"grundy", nil, breakLimit + 1, strconv.Itoa(breakLimit)},
	} {
		g, _, _ := Lookup(Config{Name: c.name, Params: c.params})
		_, err := g.(HeapTabler).HeapTable(c.to)
		if err == nil || !strings.Contains(strings.ReplaceAll(msg(err), ",", ""), strings.ReplaceAll(c.want, ",", "")) {
			t.Errorf("%s --to %d: %v", c.name, c.to, err)
		}
	}
}
