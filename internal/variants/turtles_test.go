package variants

import (
	"testing"

	"matchgame/internal/engine"
)

// Turning Turtles against the exhaustive search on every row of heads
// among coins 1..10, both conventions: the outcome and the winning moves,
// in natural order; and coin x alone is worth x (Nim in disguise).
func TestTurtlesExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, Turtles{}, heads(10))
	memo := map[string]uint64{}
	for x := int64(1); x <= 40; x++ {
		if g := grundyBySearch(Turtles{}, engine.Position{x}, memo); g != uint64(x) {
			t.Errorf("coin %d alone is worth %d by search, not %d", x, g, x)
		}
	}
}

// Turning Turtles refuses what is not its move: a second coin not left
// of the first, a third coin, a coin not heads.
func TestTurtlesRefusals(t *testing.T) {
	t.Parallel()
	p := engine.Position{3, 5}
	for _, m := range []engine.Move{
		engine.At(3, 0), engine.At(1, 3), engine.At(2, -1),
		engine.Change{Place: 2, Amount: 2, Pieces: [2]int64{1}}.Move(),
		engine.MoveOf(engine.Change{Place: 1, Amount: 1}, engine.Change{Place: 2, Amount: 1}),
	} {
		if _, err := (Turtles{}).Apply(p, m); err == nil {
			t.Errorf("%+v accepted from %v", m, p)
		}
	}
}
