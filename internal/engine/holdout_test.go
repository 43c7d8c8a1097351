package engine_test

import (
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

func subtraction(t *testing.T, set string) engine.Game {
	t.Helper()
	g, err := variants.NewSubtraction(set)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Issue 8, defect 2: holding out in misère play never ends the game with
// its own last move while a longer game exists.
func TestHoldOutNeverLosesAtOnce(t *testing.T) {
	for _, c := range []struct {
		g engine.Game
		p engine.Position
	}{
		{variants.Wythoff{}, engine.Position{2, 2}},
		{subtraction(t, "1,3,4"), engine.Position{3}},
		{subtraction(t, "2,5,7"), engine.Position{6}},
	} {
		m, ok, err := engine.HoldOut(c.g, c.p, engine.Misere)
		if err != nil || !ok {
			t.Fatalf("%s %v: %v", c.g.Name(), c.p, err)
		}
		q, _ := c.g.Apply(c.p, m)
		if engine.Over(c.g, q) {
			t.Errorf("%s %v misère: %v leaves %v and loses at once", c.g.Name(), c.p, m, q)
		}
	}
}

// On every small position the move held out with leaves as few winning
// replies as any legal move that does not lose at once, in both
// conventions; a move that loses at once only when nothing else is legal.
func TestHoldOutLeavesFewestReplies(t *testing.T) {
	games := []engine.Game{variants.Nim{}, variants.Wythoff{}, subtraction(t, "1,3,4"), subtraction(t, "2,5,7"), variants.Staircase{}}
	for _, g := range games {
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			for a := int64(0); a <= 7; a++ {
				for b := int64(0); b <= 7; b++ {
					p := engine.Position{a, b}
					if g.Name() == "staircase" {
						p = engine.Position{0, a, b}
					}
					if engine.Over(g, p) {
						continue
					}
					m, ok, err := engine.HoldOut(g, p, c)
					if err != nil || !ok {
						t.Fatalf("%s %v: %v", g.Name(), p, err)
					}
					got, gotLoses := weigh(t, g, p, c, m)
					for o := range g.Moves(p, 0) {
						r, loses := weigh(t, g, p, c, o)
						if !loses && (gotLoses || r < got) {
							t.Errorf("%s %v %v: held out with %v (%d replies, loses at once %v), %v leaves %d", g.Name(), p, c, m, got, gotLoses, o, r)
						}
					}
				}
			}
		}
	}
}

// weigh counts the winning replies a move leaves, and whether it loses at
// once.
func weigh(t *testing.T, g engine.Game, p engine.Position, c engine.Convention, m engine.Move) (int64, bool) {
	q, err := g.Apply(p, m)
	if err != nil {
		t.Fatal(err)
	}
	a, err := engine.Analyze(g, q, c)
	if err != nil {
		t.Fatal(err)
	}
	return a.WinningCount, c == engine.Misere && engine.Over(g, q)
}
