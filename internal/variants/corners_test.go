package variants

import (
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// cornerRows lists every set of heads on the grid w × h.
func cornerRows(w, h int) []engine.Position {
	var out []engine.Position
	for mask := 0; mask < 1<<(w*h); mask++ {
		var p engine.Position
		for cell := range w * h {
			if mask&(1<<cell) != 0 {
				p = append(p, int64(cell%w), int64(cell/w))
			}
		}
		q, _ := Corners{}.Normalize(p)
		out = append(out, q)
	}
	return out
}

func TestCornersExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, Corners{}, cornerRows(4, 3))
}

// The nim product by its definition: x ⊗ y = mex{x'⊗y ⊕ x⊗y' ⊕ x'⊗y' :
// x' < x, y' < y}, for all x, y below 32; and the field laws on random
// 64-bit numbers (commutative, associative, distributive over ⊕).
func TestNimMulByDefinition(t *testing.T) {
	t.Parallel()
	const n = 32
	var table [n][n]uint64
	for x := range n {
		for y := range n {
			seen := map[uint64]bool{}
			for a := range x {
				for b := range y {
					seen[table[a][y]^table[x][b]^table[a][b]] = true
				}
			}
			var v uint64
			for seen[v] {
				v++
			}
			table[x][y] = v
			if got := NimMul(uint64(x), uint64(y)); got != v {
				t.Fatalf("%d ⊗ %d = %d, by the mex %d", x, y, got, v)
			}
		}
	}
	r := rand.New(rand.NewPCG(3404, 1))
	for range 2000 {
		a, b, c := r.Uint64(), r.Uint64(), r.Uint64()
		if NimMul(a, b) != NimMul(b, a) || NimMul(NimMul(a, b), c) != NimMul(a, NimMul(b, c)) || NimMul(a, b^c) != NimMul(a, b)^NimMul(a, c) {
			t.Fatalf("field laws fail at %d, %d, %d", a, b, c)
		}
	}
	inv := nimInverse()
	for a := uint64(1); a < cornersList; a++ {
		if NimMul(a, inv[a]) != 1 || inv[a] >= cornersList {
			t.Fatalf("inverse of %d: %d", a, inv[a])
		}
	}
}

// Positions on a 20 × 20 grid: every move MovesTo(0) yields reaches
// nim-sum 0, and every move that reaches it is yielded, in order.
func TestCornersMovesTo(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(17, 4))
	g := Corners{}
	for range 200 {
		var p engine.Position
		for range 1 + r.IntN(4) {
			p = append(p, r.Int64N(20), r.Int64N(20))
		}
		p, err := g.Normalize(p)
		if err != nil {
			continue
		}
		var want []engine.Move
		for m := range g.Moves(p, 0) {
			q, _ := g.Apply(p, m)
			if g.value(q) == 0 {
				want = append(want, m)
			}
		}
		if got := slices.Collect(g.MovesTo(p, 0)); !slices.Equal(got, want) {
			t.Fatalf("%v: %v, by trying every move %v", p, got, want)
		}
	}
}
