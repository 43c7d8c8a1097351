package variants

import (
	"errors"
	"testing"

	"matchgame/internal/engine"
)

// stepsBySearch is the remoteness by its definition, over the game's own
// moves: 0 with no move; 1 + the largest steps of the moves to P at an
// N-position; 1 + the smallest at a P-position. It also says whether the
// player to move wins.
func stepsBySearch(g engine.Game, c engine.Convention, p engine.Position, memo map[string][2]int64) (int64, bool) {
	key := p.String()
	if v, ok := memo[key]; ok {
		return v[0], v[1] == 1
	}
	best, win, moved := int64(0), false, false
	for m := range g.Moves(p, 0) {
		q, _ := g.Apply(p, m)
		st, w := stepsBySearch(g, c, q, memo)
		switch {
		case !w && (!win || st > best):
			best, win = st, true
		case w && !win && (!moved || st < best):
			best = st
		}
		moved = true
	}
	steps := int64(0)
	if moved {
		steps = best + 1
	} else {
		win = c == engine.Misere
	}
	v := [2]int64{steps, 0}
	if win {
		v[1] = 1
	}
	memo[key] = v
	return steps, win
}

// Every closed form of the steps (engine.Remote) is the search's on every
// small position, both conventions; positions without one say so and
// are searched.
func TestRemotenessBySearch(t *testing.T) {
	t.Parallel()
	games := []struct {
		g         engine.Game
		positions []engine.Position
	}{
		{Nim{}, append(upTo(1, 40), engine.Position{0, 0, 5}, engine.Position{3, 0})},
		{lookup(t, "bash", map[string]string{"max": "1"}), upTo(1, 40)},
		{lookup(t, "bash", map[string]string{"max": "4"}), upTo(1, 60)},
		{lookup(t, "subtraction", map[string]string{"set": "1,3,4"}), append(upTo(1, 80), engine.Position{0, 9})},
		{lookup(t, "subtraction", map[string]string{"set": "2,5"}), upTo(1, 80)},
		{lookup(t, "subtraction", map[string]string{"set": "fib"}), upTo(1, 80)},
	}
	checked := 0
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		for _, gp := range games {
			memo := map[string][2]int64{}
			for _, p := range gp.positions {
				got, err := gp.g.(engine.Remote).Remoteness(p, c)
				if errors.Is(err, engine.ErrRefused) {
					continue
				}
				if want, _ := stepsBySearch(gp.g, c, p, memo); err != nil || got != want {
					t.Fatalf("%s %v %v: steps %d (%v), search %d", engine.Spelled(gp.g), p, c, got, err, want)
				}
				checked++
			}
		}
	}
	if _, err := (Nim{}).Remoteness(engine.Position{2, 3}, engine.Normal); err == nil {
		t.Error("two heaps of Nim have no closed form here, yet one is said")
	}
	t.Logf("%d positions' steps agree with the search", checked)
}
