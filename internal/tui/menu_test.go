package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

func newTestRoot(t *testing.T, o Options) tea.Model {
	t.Helper()
	r, err := newRoot(o, plainRenderer())
	if err != nil {
		t.Fatal(err)
	}
	m, _ := r.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// branch is a copy of the game to send keys to, the original left as it
// was: the root changes in place.
func branch(m tea.Model) tea.Model {
	if r, ok := m.(*root); ok {
		c := *r
		return &c
	}
	return m
}

// update sends msg and, for the keys that may switch screens, runs the
// command returned as Bubble Tea would (others, such as the cursor's
// blink, wait on timers).
func update(m tea.Model, msg tea.KeyMsg) tea.Model {
	m, cmd := branch(m).Update(msg)
	if k := msg.String(); k != "enter" && k != "n" && k != "y" {
		return m
	}
	if r, ok := m.(*root); ok && r.screen == screenMenu && r.menu.editing && msg.Type == tea.KeyRunes {
		return m // a letter typed in a field: its command is the cursor's blink
	}
	if cmd == nil {
		return m
	}
	// Once the screen has switched, the new screen's command is left
	// alone: it starts the cursor's blink, a real 0.5 s timer.
	switch next := cmd().(type) {
	case startGameMsg, openMenuMsg:
		m, _ = m.Update(next)
	}
	return m
}

func updates(m tea.Model, keys ...string) tea.Model {
	for _, k := range keys {
		m = update(m, keyMsg(k))
	}
	return m
}

// quits reports whether key k ends the program: tea.Quit answers at
// once, while a command that waits on a timer (the cursor's blink) is
// not a quit.
func quits(m tea.Model, k string) bool {
	_, cmd := branch(m).Update(keyMsg(k))
	if cmd == nil {
		return false
	}
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	select {
	case msg := <-got:
		_, ok := msg.(tea.QuitMsg)
		return ok
	case <-time.After(100 * time.Millisecond):
		return false
	}
}

// moveTo selects the menu row of kind k.
func moveTo(m tea.Model, k rowKind) tea.Model {
	for range 20 {
		if r := m.(*root); r.menu.row().kind == k {
			return m
		}
		m = update(m, keyMsg("down"))
	}
	return m
}

// The typed position is checked as it is typed, with the engine's words;
// enter starts only a valid game, on a screen of the same size. Typing
// needs no key first: digits start editing, enter leaves the field.
func TestMenuValidatesAndStarts(t *testing.T) {
	t.Parallel()
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	m = updates(moveTo(m, rowPosition), "3", " ", "-")
	if v := m.View(); !strings.Contains(v, `✗ heap "-" is not a whole number`) {
		t.Fatalf("no refusal for 3 -:\n%s", v)
	}
	m = updates(m, "enter", "enter")
	if m.(*root).screen != screenMenu {
		t.Fatal("enter started a game from a refused position")
	}
	m = updates(m, "backspace", "6", " ", "9")
	if v := m.View(); !strings.Contains(v, "✓ 3 6 9: an N-position") {
		t.Fatalf("3 6 9 not accepted with its verdict:\n%s", v)
	}
	m = updates(m, "enter") // from the field: enter starts
	r := m.(*root)
	if r.screen != screenPlay || r.play.pos().String() != "3 6 9" || r.play.width != 80 {
		t.Fatalf("screen %v, position %v, width %d; want the game at 3 6 9, 80 wide", r.screen, r.play.pos(), r.play.width)
	}
	// n opens the menu again with the game's choices.
	m = update(m, keyMsg("n"))
	if r := m.(*root); r.screen != screenMenu || r.menu.pos.Value() != "3 6 9" || r.menu.width != 80 {
		t.Fatalf("n: screen %v, position %q, width %d", r.screen, r.menu.pos.Value(), r.menu.width)
	}
}

// Every game of the registry is offered, each with its parameters;
// Georgia and Bob refuses a repeated cell.
func TestMenuGames(t *testing.T) {
	t.Parallel()
	m := moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowGame)
	seen := map[string]bool{}
	for range 6 {
		seen[m.(*root).menu.options().Game.Name] = true
		m = update(m, keyMsg("right"))
	}
	if len(seen) != 6 {
		t.Fatalf("the menu offers %v", seen)
	}
	m = updates(moveTo(update(m, keyMsg("left")), rowPosition), "2", " ", "2")
	if r := m.(*root); r.menu.ok || !strings.Contains(r.menu.valid, "2") {
		t.Fatalf("georgia-bob 2 2 accepted: %q", r.menu.valid)
	}
}

// The menu does what the command line does: any Bash maximum and any
// subtraction set can be typed, checked as typed.
func TestMenuTypedParameters(t *testing.T) {
	t.Parallel()
	m := moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowGame)
	m = updates(m, "right") // bash
	m = updates(moveTo(m, rowParam), "backspace", "1", "2", "esc")
	if o := m.(*root).menu.options(); o.Game.Params["max"] != "12" || !m.(*root).menu.ok {
		t.Fatalf("bash --max typed as 12: %+v, %q", o.Game, m.(*root).menu.valid)
	}
	m = updates(moveTo(m, rowGame), "right", "right") // subtraction
	m = moveTo(m, rowParam)
	m = updates(m, "backspace", "backspace", "backspace", "2", ",", "5", ",", "0")
	if r := m.(*root); r.menu.ok || !strings.Contains(r.menu.valid, `"0" is 0`) {
		t.Fatalf("the set 2,5,0 is not refused as typed: %q", r.menu.valid)
	}
	if n := strings.Count(m.View(), `"0" is 0`); n != 1 {
		t.Errorf("the refusal is said %d times:\n%s", n, m.View())
	}
	m = updates(m, "backspace", "7", "esc")
	if o := m.(*root).menu.options(); o.Game.Params["set"] != "2,5,7" || !m.(*root).menu.ok {
		t.Fatalf("the set typed as 2,5,7: %+v, %q", o.Game, m.(*root).menu.valid)
	}
}

// Issue 8, defect 3: n keeps the settings (the set, Bash's maximum) and
// does not copy a random start, so enter draws a new one.
func TestNewGameKeepsSettings(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		o     Options
		param string
		want  string
	}{
		{Options{Game: gameConfig("subtraction", "set", "2,5,7"), Position: []int64{10, 12}}, "set", "2,5,7"},
		{Options{Game: gameConfig("bash", "max", "12"), Position: []int64{30}}, "max", "12"},
		{Options{Game: gameConfig("bash", "max", "12")}, "max", "12"},
	} {
		c.o.Lang, c.o.Seed = "en", 3
		m := update(newTestRoot(t, c.o), keyMsg("n"))
		r := m.(*root)
		o := r.menu.options()
		if r.screen != screenMenu || o.Game.Params[c.param] != c.want {
			t.Errorf("%v: back in the menu --%s is %q, want %q", c.o.Game, c.param, o.Game.Params[c.param], c.want)
		}
		if c.o.Position == nil && r.menu.pos.Value() != "" {
			t.Errorf("%v: the random start %q was copied into the menu", c.o.Game, r.menu.pos.Value())
		}
	}
}

// Issue 8, defect 5: q typed into a field is text, not quit; esc leaves the
// field, and only then q quits.
func TestMenuFieldTakesQ(t *testing.T) {
	t.Parallel()
	m := moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowPosition)
	m = updates(m, "3")
	if quits(m, "q") {
		t.Fatal("q typed into the start position quit the program")
	}
	m = updates(m, "q")
	if r := m.(*root); !strings.Contains(r.menu.pos.Value(), "q") {
		t.Errorf("q was not typed: %q", r.menu.pos.Value())
	}
	m = updates(m, "esc")
	if !quits(m, "q") {
		t.Error("out of the field, q does not quit")
	}
}

// Issue 8, defect 6: after choosing an example the field shows no cursor.
func TestMenuPresetNoCursor(t *testing.T) {
	t.Parallel()
	m := updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowPreset), "right")
	if v := m.View(); !strings.Contains(v, "[3 6 9]") {
		t.Errorf("the example's position shows with a cursor or not at all:\n%s", v)
	}
}

// Issue 8, defect 7: in quiz mode the examples' descriptions, which state
// the winning move, are not shown, nor the verdict of a typed position.
func TestMenuQuizGivesNothingAway(t *testing.T) {
	t.Parallel()
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	m = updates(moveTo(m, rowMode), "right")
	m = updates(moveTo(m, rowPreset), "right")
	v := flat(m.View())
	if strings.Contains(v, "take 4 from heap 3") || strings.Contains(v, "N-position") {
		t.Errorf("the quiz menu gives the answer away:\n%s", m.View())
	}
	if strings.Contains(v, "Who moves first") || strings.Contains(v, "Computer") {
		t.Errorf("rows that do nothing in a quiz are shown:\n%s", m.View())
	}
}

// q and esc quit from the menu at once; in a game in progress they ask
// first, and y (or q again) confirms; ctrl+c quits at once everywhere.
func TestQuit(t *testing.T) {
	t.Parallel()
	if !quits(newTestRoot(t, Options{Menu: true, Lang: "en"}), "q") {
		t.Error("q does not quit the menu")
	}
	m := newTestRoot(t, games[0].options(false, "me"))
	if !quits(m, "q") {
		t.Error("q does not quit a game not yet started")
	}
	m = updates(m, "w", "w", "enter")
	if quits(m, "q") || quits(m, "esc") {
		t.Fatal("one q or esc threw a game in progress away")
	}
	if !quits(m, "ctrl+c") {
		t.Error("ctrl+c does not quit")
	}
	asked := updates(m, "q")
	if !strings.Contains(asked.View(), "Quit this game?") {
		t.Errorf("q does not ask:\n%s", asked.View())
	}
	if !quits(asked, "y") || !quits(asked, "q") {
		t.Error("y or q does not confirm")
	}
	if back := updates(asked, "n"); quits(back, "enter") || back.(*root).play.asking != "" {
		t.Error("n does not cancel")
	}
	if menu := updates(m, "esc", "y"); menu.(*root).screen != screenMenu {
		t.Error("esc, y does not go back to the menu")
	}
}

// An example from the presets fills in the game, convention and position.
func TestMenuPreset(t *testing.T) {
	t.Parallel()
	m := updates(moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowPreset), "right")
	o := m.(*root).menu.options()
	if o.Game.Name != "nim" || o.Game.Misere || o.Position.String() != "3 6 9" {
		t.Fatalf("first preset: %+v at %v, want nim 3 6 9", o.Game, o.Position)
	}
	m = updates(m, "right", "right", "right", "right")
	o = m.(*root).menu.options()
	if o.Game.Name != "nim" || !o.Game.Misere || o.Position.String() != "1 1 1" {
		t.Fatalf("fifth preset: %+v at %v, want misère nim 1 1 1", o.Game, o.Position)
	}
	if v := m.View(); !strings.Contains(v, "Anti-Nim: three single matches") {
		t.Errorf("the preset's title is not shown:\n%s", v)
	}
	m = update(m, keyMsg("enter"))
	if r := m.(*root); r.screen != screenPlay || r.play.match.Conv.String() != "misere" {
		t.Fatalf("the preset did not start a misère game")
	}
}

// Keys typed quickly arrive together: the menu takes them one by one.
func TestMenuKeysTogether(t *testing.T) {
	t.Parallel()
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("kk")})
	if r := m.(*root); r.menu.row().kind != rowMode {
		t.Errorf("kk from the game row selects %v, want the mode row", r.menu.row().kind)
	}
}

// In Chinese the game's description and the example's are joined with no
// space between the sentences.
func TestMenuChineseSentencesJoined(t *testing.T) {
	t.Parallel()
	m := moveTo(newTestRoot(t, Options{Menu: true, Lang: "zh"}), rowPreset)
	for range 6 {
		m = update(m, keyMsg("right"))
		if v := m.View(); strings.Contains(v, "。 ") {
			t.Fatalf("a space after 。:\n%s", v)
		}
	}
}

// A newcomer composes a sum in the menu: "Sum of games" in the game row,
// the games typed as the command line writes them, refused or judged as
// they are typed; enter plays it, and n brings the sum back to the menu.
func TestMenuComposesSum(t *testing.T) {
	t.Parallel()
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	m = updates(moveTo(m, rowGame), "left") // the last game: a sum
	if v := m.View(); !strings.Contains(v, "Sum of games") || !strings.Contains(v, "Games") {
		t.Fatalf("no sum in the game row:\n%s", v)
	}
	m = clearSum(m)
	for _, k := range strings.Split("nim 3 5 + kayles 7 + wyt", "") {
		m = update(m, keyMsg(k))
	}
	if v := flat(m.View()); !strings.Contains(v, `✗ component 3 (wyt): unknown game "wyt"`) {
		t.Fatalf("an unknown game is not named as it is typed:\n%s", v)
	}
	for _, k := range strings.Split("hoff 3 5", "") {
		m = update(m, keyMsg(k))
	}
	if v := flat(m.View()); !strings.Contains(v, "✓ nim 3 5 + kayles 7 + wythoff 3 5: an N-position") {
		t.Fatalf("the sum is not judged as it is typed:\n%s", v)
	}
	m = updates(m, "enter")
	r := m.(*root)
	if r.screen != screenPlay || engine.Written(r.play.game(), r.play.pos()) != "nim 3 5 + kayles 7 + wythoff 3 5" {
		t.Fatalf("screen %v at %v", r.screen, r.play.pos())
	}
	if v := r.View(); !strings.Contains(v, "Game 2 · Kayles · g = 2") || !strings.Contains(v, "Game 1 · Nim · g = 6") {
		t.Fatalf("the sum's boards are not titled:\n%s", v)
	}
	m = update(m, keyMsg("n"))
	if r := m.(*root); r.screen != screenMenu || r.menu.pos.Value() != "nim 3 5 + kayles 7 + wythoff 3 5" || !r.menu.isSum() {
		t.Fatalf("n: screen %v, games %q", r.screen, r.menu.pos.Value())
	}
}

// Issue 18, rough edge 4: a start position and a subtraction set take
// commas or spaces alike, and a position typed for one game does not carry
// over to another.
func TestMenuSeparatorsAndGameSwitch(t *testing.T) {
	t.Parallel()
	m := moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowPosition)
	for _, k := range strings.Split("3,6,9", "") {
		m = update(m, keyMsg(k))
	}
	if v := flat(m.View()); !strings.Contains(v, "✓ 3 6 9: an N-position") {
		t.Fatalf("3,6,9 is not taken as 3 6 9:\n%s", m.View())
	}
	m = updates(moveTo(updates(m, "esc"), rowGame), "right") // bash
	if r := m.(*root); r.menu.pos.Value() != "" {
		t.Errorf("the position typed for Nim carried over to %s: %q", familyName(r.menu), r.menu.pos.Value())
	}
	m = updates(moveTo(m, rowGame), "right") // subtraction
	m = moveTo(m, rowParam)
	m = updates(m, "backspace", "backspace", "backspace", "2", " ", "5")
	if r := m.(*root); !r.menu.ok {
		t.Errorf("the set typed as 2 5 is refused: %q", r.menu.valid)
	}
}

// Issue 18, rough edge 4: enter on a start the game refuses says why
// where the eye is: the cursor goes to the refused field, whose refusal
// is under it.
func TestMenuRefusedEnterShowsWhy(t *testing.T) {
	t.Parallel()
	m := moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowPosition)
	m = updates(m, "3", " ", "-", "esc")
	m = moveTo(m, rowLang)
	m = updates(m, "enter")
	r := m.(*root)
	if r.screen != screenMenu || r.menu.row().kind != rowPosition {
		t.Fatalf("enter on a refused start: screen %v, cursor on %q", r.screen, rowNames[r.menu.row().kind])
	}
	if v := m.View(); !strings.Contains(v, `✗ heap "-" is not a whole number`) {
		t.Errorf("the refusal is not on screen:\n%s", v)
	}
}

// Issue 18, rough edge 4: the menu's refusals named the command line's
// flags ("--max 0: …", "--set is empty"); they name the menu's rows.
func TestMenuRefusalsNameRows(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		m := moveTo(newTestRoot(t, Options{Menu: true, Lang: lang}), rowGame)
		m = updates(m, "right") // bash
		m = updates(moveTo(m, rowParam), "backspace", "0")
		r := m.(*root)
		if row := r.menu.cat.T("ui.menu.row.param.max"); r.menu.ok || strings.Contains(r.menu.valid, "--") || !strings.Contains(r.menu.valid, row) {
			t.Errorf("%s: bash with 0 a move: %q", lang, r.menu.valid)
		}
		m = updates(moveTo(updates(m, "esc"), rowGame), "right", "right") // subtraction
		m = updates(moveTo(m, rowParam), "backspace", "backspace", "backspace")
		if r := m.(*root); r.menu.ok || strings.Contains(r.menu.valid, "--") {
			t.Errorf("%s: an empty set: %q", lang, r.menu.valid)
		}
	}
}

// Issue 17: the menu offered Chomp in normal play (and refused it, naming
// --misere); Chomp's convention row says misère play, the only one, and
// Northcott's normal play; both start.
func TestMenuOneConventionGames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game string
		want engine.Convention
	}{{"chomp", engine.Misere}, {"northcott", engine.Normal}} {
		m := newTestRoot(t, Options{Menu: true, Lang: "en"})
		r := m.(*root)
		r.menu.pick[rowConvention] = 1 // misère chosen for the game before
		m = moveTo(m, rowGame)
		for familyName(m.(*root).menu) != c.game {
			m = updates(m, "right")
		}
		m = updates(moveTo(m, rowConvention), "right", "right")
		r = m.(*root)
		if got := r.menu.convention(); got != c.want || !strings.Contains(m.View(), map[engine.Convention]string{engine.Normal: "normal: the last move wins", engine.Misere: "misère: the last move loses"}[c.want]) {
			t.Errorf("%s: the convention row is %v:\n%s", c.game, got, m.View())
		}
		if !r.menu.ok {
			t.Errorf("%s: refused: %q", c.game, r.menu.valid)
		}
	}
}

// An empty parameter field says what it means: Fibonacci Nim's first
// move, all but one (it showed an empty "[]").
func TestMenuEmptyParamSaysItsDefault(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string]string{"en": "[all but one]", "zh": "[除一根外全部]"} {
		m := moveTo(newTestRoot(t, Options{Menu: true, Lang: lang}), rowGame)
		for familyName(m.(*root).menu) != "fibonacci-nim" {
			m = updates(m, "right")
		}
		if v := m.View(); !strings.Contains(v, want) {
			t.Errorf("%s: the limit's row lacks %q:\n%s", lang, want, v)
		}
	}
}

// A newcomer's trial at 60×20: Fibonacci Nim's description was cut after
// "every later move takes 1 to twice what the last / …". Every game's
// description reads whole under the rows, in both languages, and the row
// selected stays on screen as the rows scroll.
func TestMenuDescriptionReadsWhole(t *testing.T) {
	t.Parallel()
	for _, lang := range assets.Langs {
		r := newTestRoot(t, Options{Menu: true, Lang: lang})
		r, _ = r.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
		r = moveTo(r, rowGame)
		for range variants.Games {
			mn := r.(*root).menu
			unspaced := func(s string) string { return strings.Join(strings.Fields(s), "") }
			if !strings.Contains(unspaced(r.View()), unspaced(mn.about())) {
				t.Errorf("%s: %s's description is not whole at 60×20:\n%s", lang, mn.options().Game.Name, r.View())
			}
			r = update(r, keyMsg("right"))
		}
		for range 30 { // every row, and back to the first
			r = update(r, keyMsg("down"))
			if mn := r.(*root).menu; !strings.Contains(r.View(), "▸ "+mn.label(mn.row())) {
				t.Errorf("%s: the row selected (%s) is off screen:\n%s", lang, mn.label(mn.row()), r.View())
			}
		}
	}
}
