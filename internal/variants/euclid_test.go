package variants

import (
	"math/rand/v2"
	"testing"

	"matchgame/internal/engine"
)

// Euclid's closed form against the solver on every position of numbers up
// to 14, both conventions (crossCheck: the outcome and every winning move
// in natural order).
func TestEuclidExhaustive(t *testing.T) {
	t.Parallel()
	var positions []engine.Position
	for a := int64(0); a <= 14; a++ {
		for b := int64(0); b <= 14; b++ {
			positions = append(positions, engine.Position{a, b})
		}
	}
	crossCheck(t, Euclid{}, positions)
}

// Large numbers (int64 extremes) by the theory: a winning move leads to a
// P-position, and every move from a P-position to an N-position.
func TestEuclidLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(23, 48))
	g := Euclid{}
	for range 400 {
		p := engine.Position{1 + r.Int64N(1<<62), 1 + r.Int64N(1<<62)}
		if r.IntN(4) == 0 { // near a Fibonacci ratio: long forced chains
			p[1] = p[0] + p[0]*5/8
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkMoves(t, g, p, c, r)
		}
	}
	for _, p := range []engine.Position{{9223372036854775807, 9223372036854775806}, {1, 9223372036854775807}, {9223372036854775807, 9223372036854775807}} {
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkMoves(t, g, p, c, r)
		}
	}
}

// POJ 2348's samples: 25 7, Stan (the first player) wins; 24 15, Ollie.
// The explanation shows the Euclidean chain and who chooses.
func TestEuclidSamples(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p    engine.Position
		want engine.Outcome
		says []string
	}{
		{engine.Position{25, 7}, engine.N, []string{"25 7 → 18 7 → 11 7 → 4 7", "25 = 3 × 7 + 4"}},
		{engine.Position{24, 15}, engine.P, []string{"24 15 → 9 15 → 9 6 → 3 6", "3 such forced moves lead to 6 3", "odd number of forced moves"}},
	} {
		explains(t, Euclid{}, c.p, c.want, c.says...)
	}
}

// A Ruler run ending at the largest coin turns it (the run's end was read
// past 2^63 − 1, and the terminal game panicked; the chaos run found it).
func TestRulerRunAtTheLargestCoin(t *testing.T) {
	t.Parallel()
	g := lookup(t, "ruler", nil)
	p := engine.Position{4611686018427387904, 9223372036854775807}
	q, err := g.Apply(p, engine.At(2, 1))
	if err != nil || len(q) != 1 || q[0] != 4611686018427387904 {
		t.Errorf("turning the last coin of %v: %v (%v)", p, q, err)
	}
}
