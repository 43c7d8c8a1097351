package variants

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// Every position of one heap up to 11, two up to 6 and three up to 4 (13,
// 7 and 5 in CI), both conventions: the outcome and the whole list of
// winning moves, in natural order, are the exhaustive search's. (A split
// makes more heaps, so the search's positions grow fast with the
// matches.)
func TestLasker3Exhaustive(t *testing.T) {
	t.Parallel()
	positions := grid(1, 0, thorough[int64](11, 13))
	positions = append(positions, grid(2, 0, thorough[int64](6, 7))...)
	positions = append(positions, grid(3, 0, thorough[int64](4, 5))...)
	crossCheck(t, LaskerThree{}, positions)
}

// TestLasker3Values: the rule g(8k+7) = 8k+8, g(8k+8) = 8k+7, else g(n) =
// n, is the mex of every heap's options up to a bound.
func TestLasker3Values(t *testing.T) {
	t.Parallel()
	top := thorough(int64(240), int64(600))
	g := make([]uint64, top+1)
	seen := make([]int64, 3*top+8)
	for n := int64(1); n <= top; n++ {
		for m := range n {
			seen[g[m]] = n
		}
		for a := int64(1); a <= n/3; a++ {
			for b := a; b <= (n-a)/2; b++ {
				seen[g[a]^g[b]^g[n-a-b]] = n
			}
		}
		for seen[g[n]] == n {
			g[n]++
		}
		if g[n] != lasker3Swap.value(n) {
			t.Fatalf("g(%d) = %d by the mex, %d by the rule", n, g[n], lasker3Swap.value(n))
		}
		if h, ok := lasker3Swap.heapOf(g[n]); !ok || h != n {
			t.Fatalf("the heap worth %d is %d, not %d", g[n], h, n)
		}
	}
	for _, w := range []uint64{1 << 63, math.MaxInt64, math.MaxInt64 - 7} {
		if h, ok := lasker3Swap.heapOf(w); ok && lasker3Swap.value(h) != w {
			t.Errorf("lasker3Swap.heapOf(%d) = %d, worth %d", w, h, lasker3Swap.value(h))
		}
	}
	if _, ok := lasker3Swap.heapOf(math.MaxInt64); ok { // 2^63 − 1 ≡ 7: its heap is 2^63
		t.Error("a heap past int64 found")
	}
}

// TestLasker3Cases walks the proof's cases: for every residue of the
// three parts of a split (mod 8), one of the facts it uses rules out a
// split worth the rule's value g(n). With d = g(a) + g(b) + g(c) − n and
// e = g(n) − n (each part and n worth itself, one more at 8k+7, one less
// at 8k+8), an xor equal to g(n) needs d ≥ e (an xor is at most the sum),
// d ≡ e (mod 2) (it has the sum's parity), the last three bits to agree,
// and when d = e (no carry) the parts' last three bits to share no bit.
func TestLasker3Cases(t *testing.T) {
	t.Parallel()
	shift := func(r int64) int64 { return int64(lasker3Swap.value(r+8)) - (r + 8) }
	low := func(r int64) uint64 { return lasker3Swap.value(r+8) & 7 }
	for ra := range int64(8) {
		for rb := range int64(8) {
			for rc := range int64(8) {
				rn := (ra + rb + rc) % 8
				d, e := shift(ra)+shift(rb)+shift(rc), shift(rn)
				lows := [3]uint64{low(ra), low(rb), low(rc)}
				possible := d >= e && (d-e)%2 == 0 && lows[0]^lows[1]^lows[2] == low(rn) &&
					(d != e || lows[0]&lows[1] == 0 && lows[1]&lows[2] == 0 && lows[0]&lows[2] == 0)
				if possible {
					t.Errorf("parts ≡ %d, %d, %d (mod 8): not ruled out", ra, rb, rc)
				}
			}
		}
	}
}

// On huge heaps, both conventions: each of the first winning moves leaves
// a P-position, they come in natural order, and the count agrees with the
// list when it is short.
func TestLasker3Large(t *testing.T) {
	t.Parallel()
	g := LaskerThree{}
	r := rand.New(rand.NewPCG(5795, 1))
	for range thorough(60, 300) {
		p := make(engine.Position, 1+r.IntN(4))
		for i := range p {
			p[i] = r.Int64N(math.MaxInt64)
			switch r.IntN(4) {
			case 0:
				p[i] = math.MaxInt64 - r.Int64N(20)
			case 1:
				p[i] = r.Int64N(40)
			}
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkFirstWinning(t, fmt.Sprint(p, " ", c), g, p, c, func(a, b engine.Move) bool { return naturally(a, b) < 0 })
		}
	}
}

// naturally orders two moves of Lasker's Nim with three parts: heap, then
// the splits before the takes, a split by its smaller heaps, a take by
// its amount.
func naturally(a, b engine.Move) int {
	key := func(m engine.Move) []int64 {
		return []int64{int64(m.First().Place), min(m.First().Amount, 1), m.First().Pieces[0], m.First().Pieces[1], m.First().Amount}
	}
	return slices.Compare(key(a), key(b))
}

// The count is the number listed on positions with many winning moves.
func TestLasker3Count(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5795, 2))
	for range thorough(40, 200) {
		p := make(engine.Position, 1+r.IntN(3))
		for i := range p {
			p[i] = r.Int64N(300)
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			sol, _ := LaskerThree{}.Solve(p, c)
			n := int64(0)
			prev := engine.Move{}
			for m := range sol.Winning {
				if n > 0 && naturally(prev, m) >= 0 {
					t.Fatalf("%v %v: %+v before %+v", p, c, prev, m)
				}
				prev = m
				n++
			}
			if got := sol.Count(); got.Cmp(big.NewInt(n)) != 0 {
				t.Fatalf("%v %v: count %v, listed %d", p, c, got, n)
			}
		}
	}
}

// The moves: a split and a take made, refusals in one line, --parts.
func TestLasker3Moves(t *testing.T) {
	t.Parallel()
	g := LaskerThree{}
	p := engine.Position{7, 2}
	if q, err := g.Apply(p, engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{1, 2}}.Move()); err != nil || !slices.Equal(q, engine.Position{1, 2, 4, 2}) {
		t.Fatalf("split: %v %v", q, err)
	}
	if q, err := g.Apply(p, engine.At(2, 2)); err != nil || !slices.Equal(q, engine.Position{7, 0}) {
		t.Fatalf("take: %v %v", q, err)
	}
	for _, bad := range []engine.Move{
		engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{2, 1}}.Move(), engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{3, 3}}.Move(), engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{0, 3}}.Move(), engine.Change{Place: 2, Amount: 0, Pieces: [2]int64{1, 1}}.Move(),
		engine.Change{Place: 1, Amount: 2, Pieces: [2]int64{1}}.Move(), engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{math.MaxInt64, math.MaxInt64}}.Move(), engine.At(3, 1),
		engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{math.MinInt64, 3}}.Move(), engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{3, math.MinInt64}}.Move(), engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{1, math.MaxInt64}}.Move(),
	} {
		if _, err := g.Apply(p, bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if got := msg(func() error {
		_, err := g.Apply(p, engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{2, 1}}.Move())
		return err
	}()); got != "heap 1 has 7: a split leaves three non-empty heaps, smallest first, and 2 + 1 + 4 is not that" {
		t.Errorf("refusal: %q", got)
	}
	if got := msg(func() error {
		_, err := g.Apply(p, engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{1, 999}}.Move())
		return err
	}()); got != "heap 1 has 7: a split cannot leave 1 and 999, more than the heap holds" {
		t.Errorf("refusal: %q", got)
	}
	if got := msg(func() error { _, err := NewLasker("4"); return err }()); got != `--parts "4": a split leaves 2 heaps (Lasker's Nim) or 3 (HDU 5795)` {
		t.Errorf("--parts 4: %q", got)
	}
	if two, _ := NewLasker("2"); two.Name() != "lasker" || len(two.Params()) != 0 {
		t.Errorf("--parts 2 is %v", engine.Spelled(two))
	}
	if got := engine.Spelled(g); got != "lasker --parts 3" {
		t.Errorf("spelled %q", got)
	}
}

// TestLasker3Presets: HDU 5795's samples, by the exhaustive search: 4 4
// is lost (Second player wins), the preset 1 2 4 won (First player wins).
func TestLasker3Presets(t *testing.T) {
	t.Parallel()
	i := slices.IndexFunc(assets.Presets(), func(p assets.Preset) bool { return p.Name == "hdu5795" })
	if i < 0 {
		t.Fatal("no preset hdu5795")
	}
	pr := assets.Presets()[i]
	if pr.Game != "lasker" || pr.Params["parts"] != "3" {
		t.Fatalf("preset hdu5795: %+v", pr)
	}
	g := LaskerThree{}
	solver := engine.NewSolver(g, engine.Normal)
	for _, s := range []struct {
		p    engine.Position
		want engine.Outcome
	}{{engine.Position{4, 4}, engine.P}, {pr.Position, engine.N}} {
		sol, _ := g.Solve(s.p, engine.Normal)
		if searched := solver.Outcome(s.p); sol.Outcome != s.want || searched != s.want {
			t.Errorf("%v: the engine says %v, the search %v; want %v", s.p, sol.Outcome, searched, s.want)
		}
	}
}

// BenchmarkLasker3Analyze: four heaps up to 2^63, the outcome, the first
// winning moves and their count; the counts kept from the last analysis
// forgotten.
func BenchmarkLasker3Analyze(b *testing.B) {
	r := rand.New(rand.NewPCG(5795, 4))
	p := make(engine.Position, 4)
	for i := range p {
		p[i] = r.Int64N(math.MaxInt64)
	}
	for b.Loop() {
		trioCounts.Lock()
		trioCounts.m = nil
		trioCounts.Unlock()
		if _, err := engine.Analyze(LaskerThree{}, p, engine.Normal); err != nil {
			b.Fatal(err)
		}
	}
}
