package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Issue 27: the menu composes a sum by adding, removing and reordering
// components, each chosen as a game is chosen (←/→ through the families),
// not only by typing the text; the empty sum is what to do, not a
// mistake.
func TestMenuComposesSumByRows(t *testing.T) {
	t.Parallel()
	m := clearSum(updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowGame), "left"))
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
	m := clearSum(updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowGame), "left"))
	for _, k := range strings.Split("nim 3 5 + kayles 7", "") {
		m = update(m, keyMsg(k))
	}
	r := m.(*root)
	if len(r.menu.sum.parts) != 2 || r.menu.sum.parts[1].Value() != "kayles 7" {
		t.Fatalf("the text typed made %d rows", len(r.menu.sum.parts))
	}
}

// A newcomer's trial: "Sum of games" showed nim 3 5 + kayles 7 greyed, a
// placeholder; enter did not start it and Add replaced it with one game
// (各个游戏 [nim 3] ✗ 游戏的和至少需要两个游戏). The sum shown is the sum:
// enter starts it, Add adds a third game to it.
func TestMenuFirstSumIsPlayable(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		chosen := updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: lang}), rowGame), "left")
		shown := chosen.(*root).menu.pos.Value()
		if shown == "" || !chosen.(*root).menu.ok {
			t.Fatalf("%s: the sum chosen is %q (%s)", lang, shown, chosen.(*root).menu.valid)
		}
		r := updates(chosen, "enter").(*root)
		if r.screen != screenPlay || engine.Written(r.play.game(), r.play.pos()) != shown {
			t.Errorf("%s: enter on the sum %q: screen %v\n%s", lang, shown, r.screen, r.View())
		}
		r = updates(moveTo(chosen, rowAddPart), "enter").(*root)
		if got, want := r.menu.pos.Value(), shown+" + "+exampleOf(variants.Games[0]); got != want || !r.menu.ok {
			t.Errorf("%s: Add made %q, want %q (%s)", lang, got, want, r.menu.valid)
		}
	}
}

// clearSum empties the sum's field, as backspace does, and leaves the
// cursor there.
func clearSum(m tea.Model) tea.Model {
	m = moveTo(m, rowPosition)
	for range len(m.(*root).menu.pos.Value()) {
		m = update(m, keyMsg("backspace"))
	}
	return updates(m, "esc")
}

// One binding per key on each row of the menu: the Add row's footer
// said "enter add a game • enter start", and its help listed both.
func TestMenuOneMeaningPerKey(t *testing.T) {
	t.Parallel()
	m := updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowGame), "left")
	for i := range m.(*root).menu.rows() {
		mn := m.(*root).menu
		mn.at = i
		k := mn.rowKeys()
		meant := map[string]string{}
		for _, col := range k.FullHelp() {
			for _, b := range col {
				if !b.Enabled() {
					continue
				}
				for _, press := range b.Keys() {
					if was, ok := meant[press]; ok && was != b.Help().Desc {
						t.Errorf("row %s: %q both %q and %q", mn.label(mn.row()), press, was, b.Help().Desc)
					}
					meant[press] = b.Help().Desc
				}
			}
		}
	}
}
