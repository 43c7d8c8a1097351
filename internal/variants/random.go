package variants

import (
	"math/rand/v2"
	"slices"

	"matchgame/internal/engine"
)

// RandomPosition gives a small position of g worth playing: a few heaps
// (stairs, chessmen) that fit on an 80×24 screen. It prefers N-positions,
// so the player who moves first can win by finding the winning move; the
// outcome is judged in normal play, the convention a first game is in.
func RandomPosition(g engine.Game, r *rand.Rand) engine.Position {
	var p engine.Position
	for try := 0; try < 32; try++ {
		p = randomShape(g, r)
		if q, err := g.Normalize(p); err == nil {
			p = q
		}
		if sol, err := g.Solve(p, engine.Normal); err == nil && sol.Outcome == engine.N {
			return p
		}
	}
	return p
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
