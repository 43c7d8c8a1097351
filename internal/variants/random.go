package variants

import (
	"math/rand/v2"

	"matchgame/internal/engine"
)

// randomTries bounds the positions RandomPosition draws.
const randomTries = 1000

// drawBudget is the positions the search of a misère sum may decide for a
// random start: a fortieth of what an analysis may (5,000).
const drawBudget = engine.SumSearchLimit / 40

// RandomPosition gives a small position of g worth playing: a few heaps
// (stairs, chessmen) that fit on an 80×24 screen, normalized, from which
// the player to move wins in convention c by finding a winning move, and
// not in one move. ok is
// false (with the last position drawn) when none turned up.
func RandomPosition(g engine.Game, c engine.Convention, r *rand.Rand) (p engine.Position, ok bool) {
	return RandomPositionOfSize(g, c, 0, r)
}

// RandomPositionOfSize is RandomPosition for a size of the game's random
// starts: 0 fits 80×24, each size up is harder.
func RandomPositionOfSize(g engine.Game, c engine.Convention, size int, r *rand.Rand) (p engine.Position, ok bool) {
	draw := SpecOf(g).Random
	if sum, ok := g.(*engine.Sum); ok {
		draw = func(engine.Game, *rand.Rand, int) engine.Position { return randomSum(sum, r) }
		// A draw is kept by what it is, not by what this game searched
		// before: the same seed gives the same start, so a class quiz asks
		// every screen the same question. And it is kept only if a fortieth
		// of the search decides it: a draw the full search would refuse was
		// refused only after a second's work, and a quiz of nim + kayles +
		// wythoff in misère play waited up to 15 s for a question.
		g = sum.Fresh(drawBudget)
	}
	for range randomTries {
		p = draw(g, r, size)
		if q, err := g.Normalize(p); err == nil {
			p = q
		}
		// A winning move that ends the game at once (8 8 in Wythoff) leaves
		// nothing to play.
		if a, err := engine.Analyze(g, p, c); err == nil && a.Move != nil && !engine.Over(g, a.After) {
			return p, true
		}
	}
	return p, false
}

// randomSum draws each component of a sum small: a sum of three games of
// four heaps each would not fit 80×24.
func randomSum(s *engine.Sum, r *rand.Rand) engine.Position {
	ps := make([]engine.Position, len(s.Parts))
	for i, g := range s.Parts {
		p := SpecOf(g).Random(g, r, 0)
		if len(p) > 2 && len(s.Parts) > 1 {
			p = p[:2]
		}
		ps[i] = p
	}
	return s.Join(ps)
}
