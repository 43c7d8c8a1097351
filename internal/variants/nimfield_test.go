package variants

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The field's product is NimMul's (Conway's definition by halves), and its
// inverses, roots and solutions of z² ⊕ z = c are what they say, at every
// size of number.
func TestNimField(t *testing.T) {
	t.Parallel()
	f := newNimField()
	r := rand.New(rand.NewPCG(3404, 64))
	draw := func() uint64 {
		switch r.IntN(4) {
		case 0:
			return r.Uint64() >> 48
		case 1:
			return r.Uint64() >> 32
		case 2:
			return r.Uint64() >> r.IntN(64)
		}
		return r.Uint64()
	}
	for round := range 20000 {
		a, b := draw(), draw()
		if got, want := f.mul(a, b), NimMul(a, b); got != want {
			t.Fatalf("%d ⊗ %d = %d, by halves %d", a, b, got, want)
		}
		if a != 0 {
			if i := f.inv(a); NimMul(a, i) != 1 || nimLevel(i) > nimLevel(a) {
				t.Fatalf("%d⁻¹ = %d: the product is %d", a, i, NimMul(a, i))
			}
		}
		if s := f.sqrt(a); NimMul(s, s) != a {
			t.Fatalf("√%d = %d: its square is %d", a, s, NimMul(s, s))
		}
		for _, bits := range []uint{16, 32, 64} {
			c := a
			if bits < 64 {
				c &= 1<<bits - 1
			}
			z, ok := f.root(c, bits)
			if ok && (NimMul(z, z)^z != c || z&1 != 0 || (bits < 64 && z>>bits != 0)) {
				t.Fatalf("z⊗z ⊕ z = %d in %d bits: z = %d gives %d", c, bits, z, NimMul(z, z)^z)
			}
			if !ok && bits == 16 && round < 50 {
				for z := range uint64(1 << 16) {
					if f.mul(z, z)^z == c {
						t.Fatalf("z⊗z ⊕ z = %d: no root said, yet %d is one", c, z)
					}
				}
			}
			// Half the numbers are z² ⊕ z (the map is two-to-one): so it
			// finds one of a square's own.
			if z, ok := f.root(NimMul(c, c)^c, bits); !ok || (z != c && z != c^1) {
				t.Fatalf("z⊗z ⊕ z = %d ⊗ %d ⊕ %d in %d bits: %d, %v", c, c, c, bits, z, ok)
			}
		}
	}
}

// The corners the search finds from a coin are every corner the
// definition finds, a ascending, whichever way it finds them: a coin at a
// time, b at a time, or split in halves with v1's values tried one by one
// or a0 tried in turn (the thresholds set low so that small coins take
// every path).
func TestCornerSearchByDefinition(t *testing.T) {
	t.Parallel()
	f := newNimField()
	r := rand.New(rand.NewPCG(32, 3404))
	for round := range thorough(600, 3000) {
		x, y := 1+r.Uint64N(300), 1+r.Uint64N(300)
		if round%5 == 0 {
			x, y = 1+r.Uint64N(40), 1+r.Uint64N(40)
		}
		S := 1 + r.Uint64N(NimMul(max(x, y), max(x, y))|1)
		if round%3 == 0 { // a change some move makes
			S = NimMul(x^r.Uint64N(x), y^r.Uint64N(y))
		}
		var want []corner
		for a := range x {
			for b := range y {
				if f.mul(x^a, y^b) == S {
					want = append(want, corner{a, b})
				}
			}
		}
		for _, th := range []struct{ direct, few uint64 }{{2, 2}, {2, 1 << 20}, {3, 0}, {1 << 12, 1 << 14}} {
			s := &cornerSearch{f: f, direct: th.direct, few: th.few, budget: 1 << 30}
			var got []corner
			s.each(x, y, S, func(a, b uint64) bool { got = append(got, corner{a, b}); return true })
			if !slices.Equal(got, want) {
				t.Fatalf("coin (%d, %d), change %d, thresholds %v: %v, by definition %v", x, y, S, th, got, want)
			}
		}
	}
}
