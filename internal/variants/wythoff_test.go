package variants

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"matchgame/internal/engine"
)

// The cold pairs by their definition: a_k is the least positive number not
// yet in a pair, b_k = a_k + k. Checked for k up to 300,000, with every
// number's partner.
func TestColdPairsByMex(t *testing.T) {
	t.Parallel()
	const n = 300000
	used := make([]bool, 3*n)
	next := int64(1)
	for k := int64(1); k <= n; k++ {
		for used[next] {
			next++
		}
		a, b, ok := ColdPair(k)
		if !ok || a != next || b != next+k {
			t.Fatalf("k=%d: ColdPair gives (%d, %d), the definition (%d, %d)", k, a, b, next, next+k)
		}
		used[a], used[b] = true, true
		if x, _ := coldPartner(a); x != b {
			t.Fatalf("partner of %d is %d, want %d", a, x, b)
		}
		if x, _ := coldPartner(b); x != a {
			t.Fatalf("partner of %d is %d, want %d", b, x, a)
		}
	}
}

// a_k = ⌊kφ⌋ for huge k, against φ to 256 bits; float64 φ is already wrong
// at k = 102334155.
func TestColdPairsExactForHugeK(t *testing.T) {
	t.Parallel()
	phi := new(big.Float).SetPrec(256).SetInt64(5)
	phi.Sqrt(phi).Add(phi, big.NewFloat(1)).Quo(phi, big.NewFloat(2))
	floorKPhi := func(k int64) int64 {
		v, _ := new(big.Float).SetPrec(256).Mul(new(big.Float).SetInt64(k), phi).Int64()
		return v
	}
	if k := int64(102334155); int64(float64(k)*math.Phi) == floorKPhi(k) {
		t.Errorf("float64 is right at k=%d after all; the exact arithmetic is untested there", k)
	}
	r := rand.New(rand.NewPCG(1, 2))
	ks := []int64{102334155, 1 << 40, math.MaxInt64 / 3, 3 * (math.MaxInt64 / 8)}
	for range 2000 {
		ks = append(ks, r.Int64N(math.MaxInt64/2))
	}
	for _, k := range ks {
		a, b, ok := ColdPair(k)
		if want := floorKPhi(k); a != want || ok && b != a+k {
			t.Fatalf("k=%d: a_k = %d, want %d", k, a, want)
		}
		if ok {
			if x, _ := coldPartner(a); x != b {
				t.Fatalf("partner of a_%d = %d is %d, want %d", k, a, x, b)
			}
		}
	}
}

// A heap whose partner lies beyond int64 has no cold move onto it.
func TestWythoffNearTheLimit(t *testing.T) {
	t.Parallel()
	a, _, ok := ColdPair(math.MaxInt64 / 2)
	if ok {
		t.Fatal("expected b_k beyond int64")
	}
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		an, err := engine.Analyze(Wythoff{}, engine.Position{a, math.MaxInt64}, c)
		if err != nil || an.Outcome != engine.N || an.Move == nil {
			t.Fatalf("(%d, max) %v: %+v %v", a, c, an, err)
		}
	}
}

// ⌊nφ⌋ and ⌊n/φ⌋ in machine words agree with math/big below 2^30, most
// of all near perfect squares and at the edge.
func TestHalfRootFive(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 8))
	ns := []int64{0, 1, 2, 3, 1<<30 - 1}
	for range 20000 {
		ns = append(ns, r.Int64N(1<<30), r.Int64N(1<<16))
	}
	for _, n := range ns {
		for _, sign := range []int64{+1, -1} {
			got, ok1 := halfRootFive(n, sign)
			want, ok2 := halfRootFiveBig(n, sign)
			if got != want || ok1 != ok2 {
				t.Fatalf("n = %d, sign %d: %d in words, %d with math/big", n, sign, got, want)
			}
		}
	}
}

// wythoffNaive is g by its definition, the mex over the options, on a
// rectangle of rows × cols (every option of a cell lies in it).
func wythoffNaive(rows, cols int) [][]uint64 {
	g := make([][]uint64, rows)
	for a := range rows {
		g[a] = make([]uint64, cols)
		for b := range cols {
			seen := map[uint64]bool{}
			for t := 1; t <= a; t++ {
				seen[g[a-t][b]] = true
			}
			for t := 1; t <= b; t++ {
				seen[g[a][b-t]] = true
			}
			for t := 1; t <= min(a, b); t++ {
				seen[g[a-t][b-t]] = true
			}
			for seen[g[a][b]] {
				g[a][b]++
			}
		}
	}
	return g
}

// The table of Grundy values is the definition's, on a square, on strips
// (each diagonal read from the table, or kept in a window), and beyond the
// old bound of 255.
func TestWythoffTableByDefinition(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ rows, cols, diagonals int }{{70, 70, wythoffDiagonals}, {700, 6, wythoffDiagonals}, {700, 6, 0}, {300, 40, 0}, {40, 40, 0}} {
		want := wythoffNaive(c.rows, c.cols)
		got := newWythoffRect(c.rows, c.cols, c.diagonals)
		for a := range c.rows {
			for b := range c.cols {
				if v := got.at(int64(a), int64(b)); v != want[a][b] {
					t.Fatalf("%d × %d (diagonals %d): g(%d, %d) = %d, by definition %d", c.rows, c.cols, c.diagonals, a, b, v, want[a][b])
				}
			}
		}
	}
}

// Wythoff beyond heap 255 in a sum (refused before): the values of large
// positions come from the table, and a winning move leads to a position of
// value 0.
func TestWythoffLargeInSums(t *testing.T) {
	t.Parallel()
	s, err := engine.NewSum([]engine.Game{Nim{}, Wythoff{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []engine.Position{{1000, 3}, {256, 300}, {3, 100_000}, {2000, 1500}} {
		for _, h := range []int64{0, 5, 77} {
			p := s.Join([]engine.Position{{h}, w})
			a, err := engine.Analyze(s, p, engine.Normal)
			if err != nil {
				t.Fatalf("%s: %v", s.Spell(p), msg(err))
			}
			for _, m := range a.Winning {
				q, _ := s.Apply(p, m)
				if b, err := engine.Analyze(s, q, engine.Normal); err != nil || b.Outcome != engine.P {
					t.Fatalf("%s: the winning move %v leaves %s, %v (%v)", s.Spell(p), m, s.Spell(q), b.Outcome, err)
				}
			}
			if a.Outcome == engine.N && a.Move == nil {
				t.Fatalf("%s: N with no winning move", s.Spell(p))
			}
		}
	}
}

// BenchmarkWythoffTable: the largest table, a square of 4,096.
func BenchmarkWythoffTable(b *testing.B) {
	for b.Loop() {
		newWythoffRect(4096, 4096, wythoffDiagonals)
	}
}
