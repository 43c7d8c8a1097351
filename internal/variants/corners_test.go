package variants

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

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
}

// Turning Corners at coordinates of 2^32 and beyond, up to the largest
// int64: the outcome is the nim-sum's, a winning move leads to a
// P-position (checked by the product, and by Apply and the value of what
// it leaves), and from a P-position every move tried leads to an
// N-position. Before, the moves were listed only below 256.
func TestCornersLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1<<32, 3404))
	g := Corners{}
	coord := func() int64 {
		switch r.IntN(4) {
		case 0:
			return 1<<32 + r.Int64N(1<<20)
		case 1:
			return r.Int64N(1 << 33)
		case 2:
			return r.Int64N(1 << 62)
		}
		return 1<<63 - 1 - r.Int64N(1<<40)
	}
	for round := range thorough(12, 200) {
		var p engine.Position
		for range 1 + r.IntN(3) {
			p = append(p, coord(), coord())
		}
		if round%4 == 0 { // a P-position: x ⊗ y = y ⊗ x
			x, y := coord(), coord()
			p = engine.Position{x, y, y, x}
		}
		p, err := g.Normalize(p)
		if err != nil {
			continue
		}
		a, err := engine.Analyze(g, p, engine.Normal)
		if err != nil {
			t.Fatalf("%s: %v", g.Spell(p), msg(err))
		}
		if (a.Outcome == engine.P) != (g.value(p) == 0) {
			t.Fatalf("%s: %v, value %d", g.Spell(p), a.Outcome, g.value(p))
		}
		if a.Outcome == engine.N && a.Move == nil {
			t.Fatalf("%s: an N-position with no winning move", g.Spell(p))
		}
		for _, m := range a.Winning {
			q, err := g.Apply(p, m)
			if err != nil || g.value(q) != 0 {
				t.Fatalf("%s: the winning move %v leaves %v (%v)", g.Spell(p), m, q, err)
			}
		}
		if a.Outcome == engine.P {
			for range 5 {
				m, _ := g.RandomMove(p, r)
				if q, _ := g.Apply(p, m); g.value(q) == 0 {
					t.Fatalf("%s: P, yet %v leaves value 0", g.Spell(p), m)
				}
			}
		}
	}
}

// BenchmarkCorners2to32: the analysis of three heads coins at coordinates
// near 2^32 (refused before: the moves were listed only below 256).
func BenchmarkCorners2to32(b *testing.B) {
	p, _ := Corners{}.Normalize(engine.Position{1<<32 + 5, 1<<32 + 3, 1 << 31, 1<<32 + 77, 4294967295, 12345})
	for b.Loop() {
		if _, err := engine.Analyze(Corners{}, p, engine.Normal); err != nil {
			b.Fatal(err)
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

// A coin on the grid's edge has no move, however far along it: asking
// whether a position of such coins is over, or for the first few moves
// of each coin, ends at once (it counted to 2^62 before, and the game
// hung when the computer weighed its reply: the chaos run found it).
func TestCornersMovesOnTheEdge(t *testing.T) {
	t.Parallel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		edge := engine.Position{1 << 62, 0, 0, 1<<63 - 1}
		if !engine.Over(Corners{}, edge) {
			t.Errorf("%v has a move", edge)
		}
		far := engine.Position{1 << 62, 0, 3, 1 << 62}
		if n := len(slices.Collect(Corners{}.Moves(far, 2))); n != 2 {
			t.Errorf("the first 2 moves of each coin of %v: %d", far, n)
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute): // a guard against the hang, not a timing
		t.Fatal("Moves does not end on a coin far along the edge")
	}
}
