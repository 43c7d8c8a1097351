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
		cold := func(x, y int64, c engine.Convention) bool {
			sol, err := g.Solve(engine.Position{x, y}, c)
			return err == nil && sol.Outcome == engine.P
		}
		v := View{Game: g, Pos: engine.Position{6, 7}, Conv: conv, Disclosure: engine.Teach, Width: 138, Height: 28, Cat: assets.Messages("en")}
		rows := queenGrid(v)
		changed := 0
		for i, row := range rows[:len(rows)-1] {
			y := int64(len(rows) - 2 - i)
			cells := strings.Fields(row)[1:]
			for x, cell := range cells {
				coldN, coldM := cold(int64(x), y, engine.Normal), cold(int64(x), y, engine.Misere)
				want := "·"
				switch {
				case int64(x) == v.Pos[0] && y == v.Pos[1]:
					want = "Q"
				case misere && coldM && !coldN:
					want = "●"
				case misere && coldN && !coldM:
					want = "×"
				case coldN && !misere, coldM && misere:
					want = "○"
				}
				if cell != want {
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
