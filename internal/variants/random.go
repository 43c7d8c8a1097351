package variants

import (
	"math/rand/v2"
	"slices"

	"matchgame/internal/engine"
)

// randomTries bounds the positions RandomPosition draws.
const randomTries = 1000

// RandomPosition gives a small position of g worth playing: a few heaps
// (stairs, chessmen) that fit on an 80×24 screen, normalized, from which
// the player to move wins in convention c by finding a winning move. ok is
// false (with the last position drawn) when none turned up.
func RandomPosition(g engine.Game, c engine.Convention, r *rand.Rand) (p engine.Position, ok bool) {
	for range randomTries {
		p = randomShape(g, r)
		if q, err := g.Normalize(p); err == nil {
			p = q
		}
		if a, err := engine.Analyze(g, p, c); err == nil && a.Move != nil {
			return p, true
		}
	}
	return p, false
}

func randomShape(g engine.Game, r *rand.Rand) engine.Position {
	between := func(lo, hi int) int64 { return int64(lo + r.IntN(hi-lo+1)) }
	switch g.Name() {
	case "bash":
		return engine.Position{between(10, 25)}
	case "wythoff":
		return engine.Position{between(2, 9), between(2, 9)}
	case "staircase":
		p := make(engine.Position, 4+r.IntN(2))
		for i := 1; i < len(p); i++ {
			p[i] = between(1, 5)
		}
		return p
	case "georgia-bob":
		n := 3 + r.IntN(3)
		cells := r.Perm(16)[:n]
		p := make(engine.Position, n)
		for i, c := range cells {
			p[i] = int64(c + 1)
		}
		slices.Sort(p)
		return p
	case "subtraction":
		least := 1 // heaps that can move: a set such as {50} needs large ones
		if s, ok := g.(Subtraction); ok {
			least = int(s.set[0])
		}
		p := make(engine.Position, 2+r.IntN(2))
		for i := range p {
			p[i] = between(least+2, 3*least+12)
		}
		return p
	default: // nim and any heap game
		p := make(engine.Position, 3+r.IntN(2))
		for i := range p {
			p[i] = between(1, 9)
		}
		return p
	}
}
