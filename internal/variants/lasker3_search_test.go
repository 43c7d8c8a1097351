package variants

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTrioSplitsAgainstListing: the column search yields every split of h
// worth x, in natural order, and counts them, for every h up to a bound
// and every x that occurs; the values by the rule are checked against the
// mex in TestLasker3Values.
func TestTrioSplitsAgainstListing(t *testing.T) {
	t.Parallel()
	top := thorough(int64(64), int64(200))
	for h := int64(0); h <= top; h++ {
		want := map[uint64][][2]int64{}
		for a := int64(1); a <= h/3; a++ {
			for b := a; b <= (h-a)/2; b++ {
				x := lasker3Swap.value(a) ^ lasker3Swap.value(b) ^ lasker3Swap.value(h-a-b)
				want[x] = append(want[x], [2]int64{a, b})
			}
		}
		for x := uint64(0); x <= uint64(h)+9; x++ {
			var got [][2]int64
			for a, b := range trioSplits(h, x) {
				got = append(got, [2]int64{a, b})
			}
			w := want[x]
			if len(got) != len(w) {
				t.Fatalf("h=%d x=%d: %d splits %v, want %d %v", h, x, len(got), got, len(w), w)
			}
			for i := range w {
				if got[i] != w[i] {
					t.Fatalf("h=%d x=%d: split %d is %v, want %v", h, x, i, got[i], w[i])
				}
			}
			if n := trioCount(h, x); n.hi != 0 || n.lo != uint64(len(w)) {
				t.Fatalf("h=%d x=%d: count %v, want %d", h, x, n, len(w))
			}
		}
	}
}

// TestTrioSplitsLarge: on heaps up to 2^63 − 1 the first splits found are
// splits of h worth x, in order.
func TestTrioSplitsLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 7))
	for range thorough(80, 2000) {
		h := r.Int64N(math.MaxInt64-1) + 2
		if r.IntN(4) == 0 {
			h = math.MaxInt64 - r.Int64N(20)
		}
		x := uint64(r.Int64N(h)) ^ uint64(r.IntN(64))
		var prev [2]int64
		n := 0
		for a, b := range trioSplits(h, x) {
			c := h - a - b
			if a < 1 || b < a || c < b || lasker3Swap.value(a)^lasker3Swap.value(b)^lasker3Swap.value(c) != x {
				t.Fatalf("h=%d x=%d: %d + %d + %d is not a split worth x", h, x, a, b, c)
			}
			if n > 0 && (a < prev[0] || a == prev[0] && b <= prev[1]) {
				t.Fatalf("h=%d x=%d: %v after %v", h, x, [2]int64{a, b}, prev)
			}
			prev = [2]int64{a, b}
			if n++; n == 20 {
				break
			}
		}
		if c := trioCount(h, x); n < 20 && (c.hi != 0 || c.lo != uint64(n)) {
			t.Fatalf("h=%d x=%d: listed %d, counted %v", h, x, n, c)
		}
	}
}
