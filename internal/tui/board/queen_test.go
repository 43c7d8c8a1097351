package board

import (
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Wythoff's grid marks each cell by the engine's verdict in both
// conventions: ○ cold in the one played, ● cold only in misère play, ×
// cold only in normal play.
func TestTeachWythoffGrid(t *testing.T) {
	for _, misere := range []bool{false, true} {
		g, conv, err := variants.Lookup(variants.Config{Name: "wythoff", Misere: misere})
		if err != nil {
			t.Fatal(err)
		}
		v := View{Game: g, Pos: engine.Position{6, 7}, Conv: conv, Disclosure: engine.Teach, Width: 138, Height: 28, Cat: assets.Messages("en")}
		rows := queenGrid(v)
		changed := 0
		for i, row := range rows[:len(rows)-1] {
			y := int64(len(rows) - 2 - i)
			for x, cell := range strings.Fields(row)[1:] {
				if want := wythoffCell(g, v.Pos, int64(x), y, misere); cell != want {
					t.Errorf("misère %v: (%d, %d) is %q, want %q", misere, x, y, cell, want)
				}
				if cell == "●" || cell == "×" {
					changed++
				}
			}
		}
		if misere && changed != 6 || !misere && changed != 0 {
			t.Errorf("misère %v: %d changed cells marked, want the three of each kind", misere, changed)
		}
	}
}

// wythoffCell is what cell (x, y) of Wythoff's grid shows in teach mode
// with the queen at q: Q, ○ cold, and in misère play ● cold only in
// misère play, × cold only in normal play.
func wythoffCell(g engine.Game, q engine.Position, x, y int64, misere bool) string {
	cold := func(c engine.Convention) bool {
		sol, err := g.Solve(engine.Position{x, y}, c)
		return err == nil && sol.Outcome == engine.P
	}
	coldN, coldM := cold(engine.Normal), cold(engine.Misere)
	switch {
	case x == q[0] && y == q[1]:
		return "Q"
	case misere && coldM && !coldN:
		return "●"
	case misere && coldN && !coldM:
		return "×"
	case coldN && !misere, coldM && misere:
		return "○"
	}
	return "·"
}
