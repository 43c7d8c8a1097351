package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/variants"
)

// Issue 27: a click picks a vertex. On the graph (1→2 1→3, 2→3 2→4, 3→4;
// tokens on 1, 1, 2, 3), a click on vertex 2's token picks it without
// moving it, and the board marks it; passing over another vertex with a
// token leaves it picked; pointing at vertex 4's number, where an arrow
// from 2 leads, previews the move, and a click there makes it.
func TestGraphMouse(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "graph"}, Position: engine.Position{1, 1, 2, 3}, First: "me", Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}
	m := newTestPlay(t, o, 80, 24)
	const name, token = margin + 2, margin + 4 // a vertex's number, after the cursor's room, and its first token
	line := func(vertex int) int { return boardTop + vertex - 1 }
	click := func(m play, x, y int) play {
		m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		return m
	}
	point := func(m play, x, y int) play {
		m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionMotion, Button: tea.MouseButtonNone})
		return m
	}
	m = click(m, token, line(2))
	if m.match.Played() != 0 || m.sel.Where != 3 {
		t.Fatalf("a click on vertex 2's token: %d moves, token %d chosen (%s)", m.match.Played(), m.sel.Where, m.note)
	}
	if l := cursorLine(boardText(m)); !strings.HasPrefix(strings.TrimPrefix(l, board.Cursor), "2 ●") {
		t.Errorf("the board marks %q, not vertex 2:\n%s", l, boardText(m))
	}
	if m = point(m, name, line(1)); m.sel.Where != 3 {
		t.Errorf("passing over vertex 1 chose token %d", m.sel.Where)
	}
	if m = point(m, name, line(4)); chosenOf(m) != engine.At(3, 4) || !strings.Contains(flat(m.view()), "the token on vertex 2 moves to vertex 4") {
		t.Errorf("pointing at vertex 4 chose %v:\n%s", chosenOf(m), m.view())
	}
	if m = click(m, name, line(4)); len(m.match.Turns()) != 1 || m.match.Turns()[0].Move != engine.At(3, 4) {
		t.Errorf("a click on vertex 4 made %v", m.match.Turns())
	}
	// A click on vertex 2's number, with the token on 1 chosen, moves it there.
	m = click(newTestPlay(t, o, 80, 24), name, line(2))
	if len(m.match.Turns()) != 1 || m.match.Turns()[0].Move != engine.At(1, 2) {
		t.Errorf("a click on vertex 2 with the token on 1 chosen made %v", m.match.Turns())
	}
}
