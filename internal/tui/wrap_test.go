package tui

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Boards too large for the screen are cut at its edge.
func TestHugeBoardsFit(t *testing.T) {
	t.Parallel()
	cells := make(engine.Position, 40)
	for i := range cells {
		cells[i] = int64(3*i + 1)
	}
	stairs := make(engine.Position, 40)
	for i := range stairs {
		stairs[i] = 1 << 40
	}
	for _, c := range []struct {
		g game
		p engine.Position
	}{
		{games[5], cells},
		{games[4], stairs},
		{games[0], stairs},
		{games[2], engine.Position{1 << 62, 3}},
		{games[5], engine.Position{1, 1 << 62, 1<<62 + 5, 1<<63 - 1}},
	} {
		for _, size := range [][2]int{{minWidth, minHeight}, {80, 24}, {140, 40}} {
			o := c.g.options(false, "me")
			o.Position = c.p
			checkFits(t, newTestPlay(t, o, size[0], size[1]).view(), size[0], size[1])
		}
	}
}

// Every screen fits its size, the header on one line, from the minimum up.
func TestViewsFit(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		for _, size := range [][2]int{{minWidth, minHeight}, {61, 21}, {80, 24}, {100, 30}, {200, 50}} {
			for _, misere := range conventions2 {
				o := g.options(misere, "computer")
				m := newTestPlay(t, o, size[0], size[1])
				v := m.view()
				if lines := strings.Split(v, "\n"); !strings.Contains(lines[0], "thinking") {
					t.Errorf("%s %v: the header is not one line with the turn: %q", g.name, size, lines[0])
				}
				checkFits(t, v, size[0], size[1])
			}
		}
	}
}
