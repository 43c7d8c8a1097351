package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func newTestRoot(t *testing.T, o Options) tea.Model {
	t.Helper()
	r, err := newRoot(o)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := r.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// update sends msg; for enter and n it also runs the command returned,
// as Bubble Tea would, to deliver the message that switches screens.
// (Other commands, such as the cursor's blink, wait on a timer.)
func update(m tea.Model, msg tea.KeyMsg) tea.Model {
	m, cmd := m.Update(msg)
	if cmd != nil && (msg.Type == tea.KeyEnter || msg.String() == "n") {
		switch next := cmd().(type) {
		case startGameMsg, openMenuMsg:
			m, _ = m.Update(next)
		}
	}
	return m
}

// The typed position is checked as it is typed, with the engine's words;
// enter starts only a valid game, on a screen of the same size.
func TestMenuValidatesAndStarts(t *testing.T) {
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	for _, k := range []string{"down", "down", "3", " ", "-"} {
		m = update(m, keyMsg(k))
	}
	if v := m.View(); !strings.Contains(v, `✗ number "-" is negative`) && !strings.Contains(v, `✗ number "-" is not a whole number`) {
		t.Fatalf("no refusal for 3 -:\n%s", v)
	}
	m = update(m, keyMsg("enter"))
	if m.(root).screen != screenMenu {
		t.Fatal("enter started a game from a refused position")
	}
	for _, k := range []string{"backspace", "6", " ", "9"} {
		m = update(m, keyMsg(k))
	}
	if v := m.View(); !strings.Contains(v, "✓ 3 6 9") {
		t.Fatalf("3 6 9 not accepted:\n%s", v)
	}
	m = update(m, keyMsg("enter"))
	r := m.(root)
	if r.screen != screenPlay || r.play.pos.String() != "3 6 9" || r.play.width != 80 {
		t.Fatalf("screen %v, position %v, width %d; want the game at 3 6 9, 80 wide", r.screen, r.play.pos, r.play.width)
	}
	// n opens the menu again with the game's choices.
	m = update(m, keyMsg("n"))
	if r := m.(root); r.screen != screenMenu || r.menu.input.Value() != "3 6 9" || r.menu.width != 80 {
		t.Fatalf("n: screen %v, position %q, width %d", r.screen, r.menu.input.Value(), r.menu.width)
	}
}

// Games the menu offers, each with its rule row; Georgia and Bob refuses
// a repeated cell.
func TestMenuGames(t *testing.T) {
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	seen := map[string]bool{}
	for range 6 {
		r := m.(root)
		seen[r.menu.options().Game.Name] = true
		m = update(m, keyMsg("right"))
	}
	if len(seen) != 6 {
		t.Fatalf("the menu offers %v", seen)
	}
	m = update(m, keyMsg("left")) // georgia-bob
	for _, k := range []string{"down", "down", "2", " ", "2"} {
		m = update(m, keyMsg(k))
	}
	if r := m.(root); r.menu.ok || !strings.Contains(r.menu.valid, "2") {
		t.Fatalf("georgia-bob 2 2 accepted: %q", r.menu.valid)
	}
}

// q quits from anywhere.
func TestQuit(t *testing.T) {
	for _, o := range []Options{{Menu: true, Lang: "en"}, games[0].options(false, "me")} {
		m := newTestRoot(t, o)
		_, cmd := m.Update(keyMsg("q"))
		if cmd == nil {
			t.Fatal("q returned no command")
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("q did not quit (menu %v)", o.Menu)
		}
	}
}

// An example from the presets fills in the game, convention and position.
func TestMenuPreset(t *testing.T) {
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	m = update(m, keyMsg("up"))
	m = update(m, keyMsg("right"))
	o := m.(root).menu.options()
	if o.Game.Name != "nim" || o.Game.Misere || o.Position.String() != "3 6 9" {
		t.Fatalf("first preset: %+v at %v, want nim 3 6 9", o.Game, o.Position)
	}
	for range 4 {
		m = update(m, keyMsg("right"))
	}
	o = m.(root).menu.options()
	if o.Game.Name != "nim" || !o.Game.Misere || o.Position.String() != "1 1 1" {
		t.Fatalf("fifth preset: %+v at %v, want misère nim 1 1 1", o.Game, o.Position)
	}
	if v := m.View(); !strings.Contains(v, "Anti-Nim: three single matches") {
		t.Errorf("the preset's title is not shown:\n%s", v)
	}
	m = update(m, keyMsg("enter"))
	if r := m.(root); r.screen != screenPlay || r.play.conv.String() != "misere" {
		t.Fatalf("the preset did not start a misère game")
	}
}
