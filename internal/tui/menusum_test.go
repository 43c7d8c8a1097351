package tui

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Issue 27: the menu composes a sum by adding, removing and reordering
// components, each chosen as a game is chosen (←/→ through the families),
// not only by typing the text; the empty sum is what to do, not a
// mistake.
func TestMenuComposesSumByRows(t *testing.T) {
	t.Parallel()
	m := updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowGame), "left")
	if v := flat(m.View()); strings.Contains(v, "✗") || !strings.Contains(v, "· type the games of the sum") {
		t.Fatalf("the empty sum looks like an error:\n%s", m.View())
	}
	m = updates(moveTo(m, rowAddPart), "enter", "down", "enter") // two games: Nim's example twice
	r := m.(*root)
	nim := exampleOf(variants.Games[0])
	if got := r.menu.pos.Value(); got != nim+" + "+nim {
		t.Fatalf("after adding two games the sum is %q", got)
	}
	if v := m.View(); !strings.Contains(v, "Game 1") || !strings.Contains(v, "Game 2") || !strings.Contains(v, "x remove game") {
		t.Fatalf("the components are not rows with their keys:\n%s", v)
	}
	second := exampleOf(variants.Games[1])
	m = update(m, keyMsg("right")) // the new Game 2: the next family, its example
	if got := m.(*root).menu.pos.Value(); got != nim+" + "+second {
		t.Fatalf("→ on Game 2: %q, want %q", got, nim+" + "+second)
	}
	m = update(m, keyMsg("<")) // Game 2 goes first
	if got := m.(*root).menu.pos.Value(); got != second+" + "+nim {
		t.Fatalf("< on Game 2: %q", got)
	}
	if r := m.(*root); r.menu.row().kind != rowPart || r.menu.row().param != 0 {
		t.Fatalf("the cursor did not follow the game moved: row %+v", r.menu.row())
	}
	m = updates(m, "down", "x") // Nim removed
	if got := m.(*root).menu.pos.Value(); got != second {
		t.Fatalf("x on Game 2: %q", got)
	}
	m = updates(moveTo(m, rowAddPart), "enter") // and back, its heap typed this time
	m = updates(m, "backspace", "9", "enter")
	r = m.(*root)
	if r.screen != screenPlay {
		t.Fatalf("enter did not start the sum: %s", r.menu.valid)
	}
	if got, want := engine.Written(r.play.game(), r.play.pos()), second+" + nim 9"; got != want {
		t.Fatalf("the sum played is %q, want %q", got, want)
	}
}

// The whole sum typed in its field and its components are the same sum:
// typing the text makes the rows.
func TestMenuSumTextMakesRows(t *testing.T) {
	t.Parallel()
	m := updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowGame), "left")
	m = moveTo(m, rowPosition)
	for _, k := range strings.Split("nim 3 5 + kayles 7", "") {
		m = update(m, keyMsg(k))
	}
	r := m.(*root)
	if len(r.menu.sum.parts) != 2 || r.menu.sum.parts[1].Value() != "kayles 7" {
		t.Fatalf("the text typed made %d rows", len(r.menu.sum.parts))
	}
}
