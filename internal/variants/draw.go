package variants

import (
	"math/rand/v2"

	"matchgame/internal/engine"
)

// DrawPosition draws a position of g as its family's random starts do,
// size 0 fitting 80×24 and each size up harder; a sum draws each
// component small. Unlike RandomPosition it keeps what it draws, P or N:
// a worksheet asks about both.
func DrawPosition(g engine.Game, r *rand.Rand, size int) engine.Position {
	if sum, ok := g.(*engine.Sum); ok {
		return randomSum(sum, r)
	}
	return SpecOf(g).Random(g, r, size)
}
