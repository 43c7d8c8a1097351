package variants

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"matchgame/internal/engine"
)

// Tests of the outcome, the winning moves and their count: against a
// brute force that knows nothing of Grundy values, and against a plain
// scan of every option on larger heaps.

// bruteForce decides positions by memoised search over sorted heap
// multisets, with no Grundy value anywhere.
type bruteForce struct {
	rule   refRule
	misere bool
	memo   map[string]bool // sorted non-empty heaps → P-position
	opts   map[int][][3]int
}

func (b *bruteForce) options(h int) [][3]int {
	o, ok := b.opts[h]
	if !ok {
		o = b.rule.options(h)
		b.opts[h] = o
	}
	return o
}

func newBruteForce(r refRule, c engine.Convention) *bruteForce {
	return &bruteForce{rule: r, misere: c == engine.Misere, memo: map[string]bool{}, opts: map[int][][3]int{}}
}

func (b *bruteForce) lost(p []int) bool {
	k := make([]byte, 0, len(p))
	for _, h := range p {
		if h > 0 {
			k = append(k, byte(h)) // heaps here stay below 256
		}
	}
	slices.Sort(k)
	if v, ok := b.memo[string(k)]; ok {
		return v
	}
	key := string(k)
	q := make([]int, len(k))
	for i, h := range k {
		q[i] = int(h)
	}
	moved, lost := false, true
	for i, h := range q {
		if i > 0 && q[i-1] == h {
			continue
		}
		for _, o := range b.options(h) {
			moved = true
			child := append(append(slices.Clone(q[:i]), q[i+1:]...), o[1], o[2])
			if b.lost(child) {
				lost = false
				break
			}
		}
		if !lost {
			break
		}
	}
	if !moved {
		lost = !b.misere // no move: the player to move has lost (normal), won (misère)
	}
	b.memo[key] = lost
	return lost
}

// winning lists the winning moves of p in natural order.
func (b *bruteForce) winning(p []int) []breakMove {
	var out []breakMove
	for i, h := range p {
		for _, o := range b.options(h) {
			child := append(append(slices.Clone(p[:i]), o[1], o[2]), p[i+1:]...)
			if b.lost(child) {
				out = append(out, engine.Change{Place: i + 1, Amount: int64(o[0]), Pieces: [2]int64{int64(o[1])}}.Move())
			}
		}
	}
	return out
}

// smallPositions lists every position of 1 to 4 heaps of 0 to 9.
func smallPositions() [][]int64 {
	var out [][]int64
	for _, p := range upTo(4, thorough[int64](7, 9)) {
		out = append(out, []int64(p))
	}
	return out
}

// compareWithBruteForce checks one analysis against the brute force:
// outcome, the whole list of winning moves in natural order, the count.
func compareWithBruteForce(t *testing.T, what string, p []int64, a breakAnalysis, b *bruteForce) {
	t.Helper()
	q := make([]int, len(p))
	for i, h := range p {
		q[i] = int(h)
	}
	wantOutcome := engine.N
	if b.lost(q) {
		wantOutcome = engine.P
	}
	want := b.winning(q)
	got := slices.Collect(a.Winning())
	n, _ := a.Count().Int64()
	if a.Outcome != wantOutcome || !slices.Equal(got, want) || n != int64(len(want)) {
		t.Fatalf("%s %v: %v with %v (count %d); brute force %v with %v", what, p, a.Outcome, got, n, wantOutcome, want)
	}
}

// Every rule the games' own exhaustive test (TestTakeBreakExhaustive,
// through the engine's solver) leaves out, every position of up to 4
// heaps of at most 9, both conventions: solve agrees with the brute
// force. In misère play the exact search is also checked on its own,
// wherever the certificate would have answered instead.
func TestBreakExhaustive(t *testing.T) {
	t.Parallel()
	positions := smallPositions()
	for _, name := range []string{"0.156", "0.4", "0.71", "0.16"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := breakRule(t, name)
			for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
				b := newBruteForce(refOf(name), c)
				methods := map[breakMethod]int{}
				for _, p := range positions {
					a, err := r.solve(p, c)
					if err != nil {
						t.Fatalf("%v %v: %v", p, c, err)
					}
					methods[a.Method]++
					compareWithBruteForce(t, fmt.Sprint(name, " ", c), p, a, b)
					if c == engine.Misere && a.Method != byExactSearch {
						s, err := r.searchMisere(p, breakAnalysis{}, nil)
						if err != nil {
							t.Fatalf("%v: exact search: %v", p, err)
						}
						compareWithBruteForce(t, fmt.Sprint(name, " exact search"), p, s, b)
					}
				}
				t.Logf("%v: %d positions agree (methods %v, brute force %d positions)", c, len(positions), methods, len(b.memo))
			}
		})
	}
}

// Positions, heaps beyond what is proved, and misère positions beyond
// the certificate and the search are refused with the values named.
func TestBreakSolveRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rule string
		p    []int64
		conv engine.Convention
		key  string
		args []any
	}{
		{"kayles", nil, engine.Normal, "err.position.empty", nil},
		{"kayles", []int64{3, -2}, engine.Normal, "err.position.negative", nil},
		{"grundy", []int64{3, tableLimit + 1}, engine.Normal, "err.break.grundy", []any{tableLimit + 1, tableLimit}},
		{"0.6", []int64{1e6}, engine.Normal, "err.break.period", []any{int64(1e6), "0.6", tableLimit}},
		{"0.16", []int64{math.MaxInt64}, engine.Misere, "err.break.period", []any{int64(math.MaxInt64), "0.16", tableLimit}},
		{"kayles", []int64{41}, engine.Misere, "err.break.misere", []any{engine.T("game.kayles"), int64(5), misereTokens}},
		{"kayles", []int64{1e18, 3}, engine.Misere, "err.break.misere", []any{engine.T("game.kayles"), int64(5), misereTokens}},
		{"dawson-kayles", []int64{20, 21}, engine.Misere, "err.break.misere", []any{engine.T("game.dawson-kayles"), int64(10), misereTokens}},
	} {
		_, err := limited(t, c.rule).solve(c.p, c.conv)
		key, args := refused(t, err)
		if key != c.key || (c.args != nil && fmt.Sprint(args) != fmt.Sprint(c.args)) {
			t.Errorf("%s %v %v: %s %v, want %s %v", c.rule, c.p, c.conv, key, args, c.key, c.args)
		}
	}
	// Within the table, and within the certificate, no refusal.
	for _, c := range []struct {
		rule string
		p    []int64
		conv engine.Convention
	}{
		{"grundy", []int64{tableLimit, tableLimit * 2 / 3}, engine.Normal},
		{"0.6", []int64{tableLimit}, engine.Normal},
		{"kayles", []int64{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, engine.Misere},
		{"kayles", []int64{1e18, 1e18 + 1}, engine.Normal},
		{"lasker", []int64{math.MaxInt64, 1e18}, engine.Misere},
		{"0.51", []int64{math.MaxInt64, 1e18}, engine.Misere},
		{"kayles", []int64{40}, engine.Misere}, // exact search
	} {
		if _, err := limited(t, c.rule).solve(c.p, c.conv); err != nil {
			t.Errorf("%s %v %v: %v", c.rule, c.p, c.conv, err)
		}
	}
}

// Where the certificate holds for every heap (Lasker's Nim, 0.51), misère
// Nim on the Grundy values is checked against the brute force on larger
// positions than the exhaustive test's.
func TestBreakMisereBeyondGrid(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"lasker", "0.51"} {
		r := breakRule(t, name)
		b := newBruteForce(refOf(name), engine.Misere)
		for _, p := range grid(2, 0, 13) {
			a, err := r.solve(p, engine.Misere)
			if err != nil || a.Method != byMisereNim {
				t.Fatalf("%s %v: %v (method %d)", name, p, err, a.Method)
			}
			compareWithBruteForce(t, name+" misère", p, a, b)
		}
	}
}

// The misère certificate on every octal code of one or two digits, and on
// three-digit codes where C3's first half decides: where it holds (below
// its first failure, at most 10), misère Nim on the Grundy values is what
// the brute force finds on every position of up to 3 heaps. Each
// condition decides the first failure of some code here (C1 alone for
// some, as the count below checks). And the certificate is sharp: where
// it fails, misère Nim on the values is wrong for some position with the
// failing heap, so refusing beyond is no excess of caution.
func TestBreakCertificateShortCodes(t *testing.T) {
	t.Parallel()
	codes := []string{"0.125", "0.342", "0.371", "0.604"}
	for code := 1; code < 64; code += thorough(3, 1) { // a third of them, all in CI
		codes = append(codes, fmt.Sprintf("0.%d%d", code/8, code%8))
	}
	onlyC1 := 0
	for _, name := range codes {
		r, ref := breakRule(t, name), refOf(name)
		g := ref.grundy(200)
		bad := directFirstBad(ref, g, true)
		if directFirstBad(ref, g, false) != bad {
			onlyC1++
		}
		if _, err := r.table.upTo(199); err != nil {
			t.Fatal(err)
		}
		if ok, got := r.table.certified(199); ok != (bad < 0) || (!ok && got != bad) {
			t.Fatalf("%s: certified %v, first failure %d; want %d", name, ok, got, bad)
		}
		top := int64(10)
		if bad >= 0 {
			top = min(top, bad-1)
		}
		b := newBruteForce(ref, engine.Misere)
		for _, p := range upTo(3, top) {
			a, err := r.solve(p, engine.Misere)
			if err != nil || a.Method != byMisereNim {
				t.Fatalf("%s %v: %v (method %d)", name, p, err, a.Method)
			}
			compareWithBruteForce(t, name+" misère", p, a, b)
		}
		if bad < 0 {
			continue
		}
		wrong := slices.ContainsFunc(upTo(4, bad), func(p engine.Position) bool {
			var s nimSum
			q := make([]int, len(p))
			for i, h := range p {
				s.addValue(uint64(g[h]))
				q[i] = int(h)
			}
			return slices.Contains(p, bad) && s.lost(engine.Misere) != b.lost(q)
		})
		if !wrong {
			t.Errorf("%s: the certificate fails at heap %d, yet misère Nim on the values holds there", name, bad)
		}
	}
	if onlyC1 == 0 {
		t.Error("no code needs C1: the test does not exercise it")
	}
	t.Logf("%d codes where C1 decides the first failure", onlyC1)
}

// Winning moves and their count on heaps large enough for the residue
// search (and Lasker's digit search), against a plain scan of every option
// valued by the definition.
func TestBreakWinningByScan(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rule   string
		lo, hi int64
	}{
		{"kayles", 150, 700}, {"dawson-kayles", 150, 700}, {"dawson-chess", 150, 700},
		{"0.4", 150, 700}, {"0.71", 2, 300}, {"0.51", 2, 300}, {"0.156", 7600, 8000},
		{"lasker", 2, 1500}, {"0.6", 2, 600}, {"grundy", 2, 600}, {"0.16", 2, 600},
		{seven32, 2700, 2790},
	} {
		if thorough(c.lo > 1000, false) { // the long pre-periods' references take a while: in CI
			continue
		}
		r, ref := breakRule(t, c.rule), refOf(c.rule)
		g := ref.grundy(int(c.hi) + 1)
		rnd := rand.New(rand.NewPCG(uint64(c.lo), uint64(c.hi)))
		for range thorough(6, 40) {
			p := make([]int64, 1+rnd.IntN(3))
			for i := range p {
				p[i] = c.lo + rnd.Int64N(c.hi-c.lo+1)
			}
			for _, conv := range []engine.Convention{engine.Normal, engine.Misere} {
				a, err := r.solve(p, conv)
				if errors.Is(err, engine.ErrRefused) && conv == engine.Misere {
					continue // the certificate fails below these heaps
				}
				if err != nil {
					t.Fatalf("%s %v: %v", c.rule, p, err)
				}
				if a.Method == byExactSearch {
					continue // the scan below assumes misère Nim on the values
				}
				var want []breakMove
				for i, h := range p {
					ref.each(int(h), func(tk, x, y int) {
						var s nimSum
						for j, o := range p {
							if j != i {
								s.addValue(uint64(g[o]))
							}
						}
						s.addValue(uint64(g[y]))
						if x > 0 {
							s.addValue(uint64(g[x]))
						}
						if s.lost(conv) {
							want = append(want, engine.Change{Place: i + 1, Amount: int64(tk), Pieces: [2]int64{int64(x)}}.Move())
						}
					})
				}
				got := slices.Collect(a.Winning())
				n, _ := a.Count().Int64()
				if !slices.Equal(got, want) || n != int64(len(want)) {
					t.Fatalf("%s %v %v: %v (count %d), want %v", c.rule, p, conv, got, n, want)
				}
			}
		}
	}
}

// seven32 is 0.77…7 with 32 digits: knock down 1 to 32 adjacent pins.
var seven32 = "0." + strings.Repeat("7", 32)

func TestSubmasks(t *testing.T) {
	t.Parallel()
	for v := range uint64(64) {
		var subs []uint64
		for m := range uint64(64) {
			if m&^v == 0 {
				subs = append(subs, m)
			}
		}
		for j, m := range subs {
			if deposit(uint64(j), v) != m {
				t.Fatalf("deposit(%d, %b) = %b, want %b", j, v, deposit(uint64(j), v), m)
			}
		}
		for y := int64(-1); y < 70; y++ {
			want := uint64(0)
			for _, m := range subs {
				if int64(m) <= y {
					want++
				}
			}
			if got := submasksUpTo(v, y); got != want {
				t.Fatalf("submasksUpTo(%b, %d) = %d, want %d", v, y, got, want)
			}
		}
	}
	if n := submasksUpTo(1<<62-1, math.MaxInt64); n != 1<<62 {
		t.Errorf("all 2^62 submasks: %d", n)
	}
}

func TestMoveCount(t *testing.T) {
	t.Parallel()
	var c moveCount
	c.add(math.MaxUint64)
	c.add(2)
	if c.hi != 1 || c.lo != 1 || c.Big().String() != "18446744073709551617" {
		t.Errorf("2^64 + 1 counted as %+v = %v", c, c.Big())
	}
	if _, ok := c.Int64(); ok {
		t.Error("2^64 + 1 fits an int64")
	}
	// A heap near 2^63 of a code with 32 split digits (0.77…7 has period
	// 192 from 1136): some 2^62 splits for each of the 32 takes.
	r := breakRule(t, seven32)
	a, err := r.solve([]int64{math.MaxInt64}, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	if a.Outcome != engine.N || a.Count().Big().BitLen() < 62 {
		t.Errorf("0.77…7 on 2^63−1: %v with %v winning moves", a.Outcome, a.Count().Big())
	}
	t.Logf("0.77…7 on 2^63−1: %v, %v winning moves", a.Outcome, a.Count().Big())
}

// heapOf inverts Lasker's closed form, up to the top of int64.
func TestLaskerHeapOf(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		h := r.Int64N(math.MaxInt64>>r.IntN(63)) + r.Int64N(2)
		if b, ok := laskerSwap.heapOf(laskerSwap.value(h)); !ok || int64(b) != h {
			t.Fatalf("laskerSwap.heapOf(g(%d)) = %d, %v", h, b, ok)
		}
	}
	if _, ok := laskerSwap.heapOf(math.MaxUint64); ok {
		t.Error("a heap of value 2^64−1 fits int64")
	}
}

// The brute force and the rules share one table cache; make sure several
// goroutines asking at once get the same answers.
func TestBreakConcurrent(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	results := make([][]uint64, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := breakRule(t, "0.6")
			for h := range int64(3000) {
				v, err := r.table.upTo(h)
				if err != nil {
					t.Error(err)
					return
				}
				results[i] = append(results[i], v.at(h))
			}
			if _, err := r.solve([]int64{3, 4, 5}, engine.Misere); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for i := range results {
		if !slices.Equal(results[i], results[0]) {
			t.Fatalf("goroutine %d saw other values", i)
		}
	}
}

// Grundy's game has no period to find: a heap past the table is refused
// at once, without computing the table up to its limit first.
func TestGrundyRefusedAtOnce(t *testing.T) {
	t.Parallel()
	r := breakRule(t, "grundy")
	tab := newBreakTable(r.table.key, r.kind, r.digits)
	if err := tab.readyTo(breakLimit + 1); err == nil {
		t.Fatal("heap past the limit not refused")
	}
	if len(tab.g) > 1 {
		t.Errorf("the table grew to %d heaps before refusing", len(tab.g))
	}
}
