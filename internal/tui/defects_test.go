package tui

import (
	"strconv"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// Issue 8, defect 1: the computer moving first from a P-position does not
// blame the person for a position they never left.
func TestComputerFirstMessage(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "computer")
	o.Position = engine.Position{1, 2, 3}
	m := reply(t, newTestPlay(t, o, 80, 24))
	if strings.Contains(m.note, "You left it") || !strings.Contains(m.note, "It starts from a P-position") {
		t.Errorf("the computer's first move says %q", m.note)
	}
	m = reply(t, press(m, selectKeys(m, *m.match.Now().Move)...))
	if !strings.Contains(m.note, "You left it a P-position") {
		t.Errorf("after the person's winning move the computer says %q", m.note)
	}
}

// Issue 8, defect 4: after a long game the moves are still there at game
// over, with tab.
func TestGameOverShowsTheMoves(t *testing.T) {
	t.Parallel()
	o := games[4].options(false, "me")
	o.Position = engine.Position{0, 1, 5, 3}
	m := newTestPlay(t, o, 100, 30)
	m = playOut(t, m, func(m play) []string {
		for mv := range m.game().Moves(m.pos(), 1) {
			return selectKeys(m, mv) // the smallest move: a long game
		}
		return nil
	})
	n := m.match.Played()
	if n < 10 {
		t.Fatalf("a game of %d moves is not long", n)
	}
	if !m.keys.History.Enabled() || !strings.Contains(m.view(), "tab") {
		t.Fatalf("tab is not offered at game over:\n%s", m.view())
	}
	m = press(m, "tab")
	if v := m.view(); !strings.Contains(v, "Moves") || !strings.Contains(v, "1.") {
		t.Errorf("tab at game over does not show the moves:\n%s", v)
	}
	for range 10 {
		m = press(m, "pgdown")
	}
	if v := m.view(); !strings.Contains(v, " "+itoa(int64(n))+". ") {
		t.Errorf("the last move, %d, cannot be scrolled to:\n%s", n, v)
	}
}

// Issue 8, defect 11: Georgia and Bob with 32 chessmen over 1,000 cells:
// the destination ◇ is drawn on the folded row, and no cell number is cut.
func TestGeorgiaBobLongRow(t *testing.T) {
	t.Parallel()
	var cells engine.Position
	for i := int64(0); i < 32; i++ {
		cells = append(cells, 31*i+(i*i)%7+5)
	}
	o := Options{Game: variants.Config{Name: "georgia-bob"}, Position: cells, Seed: 1, Lang: "en"}
	for _, w := range []int{60, 80, 140} {
		m := newTestPlay(t, o, w, 24)
		for _, keys := range [][]string{nil, {"l", "l", "l", "l", "l"}, strings.Split(strings.Repeat("l", 25), "")} {
			m := press(m, keys...)
			m = press(m, "k", "k", "k", "k")
			mv := chosenOf(m)
			dest := m.pos()[mv.First().Place-1] - mv.First().Amount
			v := m.view()
			lines := strings.Split(v, "\n")
			numbers, row := lines[boardTop], lines[boardTop+1]
			if !strings.Contains(row, "◇") || !strings.Contains(numbers, itoa(dest)) {
				t.Errorf("%d wide, %v: the destination cell %d is not drawn:\n%s", w, mv, dest, v)
			}
			for _, f := range strings.Fields(numbers) {
				if !containsCell(m.pos(), f) && f != itoa(dest) && len(f) > 3 {
					t.Errorf("%d wide: %q is not a cell number shown whole:\n%s", w, f, numbers)
				}
			}
		}
	}
}

func containsCell(p engine.Position, s string) bool {
	for _, c := range p {
		if itoa(c) == s {
			return true
		}
	}
	return false
}

// Issue 8, defect 12: Wythoff at 60×20 shows no grid cut in half.
func TestWythoffSmallScreen(t *testing.T) {
	t.Parallel()
	o := games[2].options(false, "me")
	o.Position = engine.Position{9, 11}
	v := newTestPlay(t, o, 60, 20).view()
	if strings.Contains(v, "more below") || strings.Contains(v, "more above") {
		t.Errorf("the board is cut at 60×20:\n%s", v)
	}
	if v := newTestPlay(t, o, 140, 40).view(); !strings.Contains(v, "Q") {
		t.Errorf("no queen grid at 140×40:\n%s", v)
	}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// A room game names the classmates: the loser's screen and handout say
// who won, never "the computer", and no name is written in lower case
// at the start of a line.
func TestRoomGameNamesTheClassmates(t *testing.T) {
	t.Parallel()
	for _, me := range []engine.Side{engine.First, engine.Second} {
		m := newTestPlay(t, games[0].options(false, "me"), 100, 30)
		m.mode = &roomMode{names: [2]string{"alice", "bob"}}
		m.you = me
		for !m.match.Over() {
			mv, _, err := m.match.Choose(engine.NewPlayer(engine.Strong, 1))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.match.Play(mv, false, engine.Winning); err != nil {
				t.Fatal(err)
			}
		}
		won, why := m.teller().verdict()
		screen := m.view() + "\n" + m.markdown() + "\n" + strings.Join(m.teller().historyLines(60, m.st), "\n")
		for _, bad := range []string{"computer", "Computer", "you:", "You win", "You made"} {
			if strings.Contains(screen, bad) && (bad != "You win" || m.match.Winner() != me) && (bad != "You made" || m.match.Winner() != me) {
				t.Errorf("seat %v: %q in a room game:\n%s", me, bad, screen)
			}
		}
		winner := [2]string{"alice", "bob"}[m.match.Winner()]
		if m.match.Winner() != me && !strings.Contains(won, winner) {
			t.Errorf("seat %v: the verdict %q %q does not name %s", me, won, why, winner)
		}
	}
}

// While the key help is open, keys other than ?, esc and q do nothing
// behind it: enter played a move there.
func TestHelpOpenTakesNoGameKeys(t *testing.T) {
	t.Parallel()
	m := press(newTestPlay(t, games[0].options(false, "me"), 140, 40), "?")
	m = press(m, "down", "right", "enter", "tab", "w", "e", "1")
	if m.match.Played() != 0 || m.thinking || m.hint != 0 || !m.helpAll {
		t.Errorf("keys acted behind the help: %d moves, hint %d, help open %v", m.match.Played(), m.hint, m.helpAll)
	}
	if m = press(m, "esc"); m.helpAll {
		t.Error("esc did not close the help")
	}
	r := newTestRoot(t, Options{Menu: true, Lang: "en"})
	at := r.(*root).menu.at
	r = updates(r, "?", "down", "down", "right", "3")
	if mn := r.(*root).menu; mn.at != at || !mn.helpAll || mn.editing {
		t.Errorf("keys moved the menu behind its help: row %d → %d", at, mn.at)
	}
}

// Esc closes the review, as its footer says.
func TestEscClosesTheReview(t *testing.T) {
	t.Parallel()
	m := playOut(t, newTestPlay(t, games[0].options(false, "me"), 80, 24), func(play) []string { return []string{"enter"} })
	if m = press(m, "v"); !reviewing(m) {
		t.Fatal("v opened no review")
	}
	if m = press(m, "esc"); reviewing(m) {
		t.Error("esc did not close the review")
	}
}

// A demo stopped, the game goes on as the person's own: "you" and "the
// computer", a handout of a game played, not "Player 1" and "Perfect play".
func TestStoppedDemoGivesTheGameBack(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me")
	o.Position = engine.Position{7, 9, 12, 4}
	m := reply(t, press(newTestPlay(t, o, 80, 24), "d", " "))
	if m = press(m, "d"); m.thinking {
		m = reply(t, m)
	}
	m = playOut(t, m, func(play) []string { return []string{"enter"} })
	won, _ := m.teller().verdict()
	v := flat(m.view()) + m.markdown()
	for _, bad := range []string{"Player 1", "Player 2", "Perfect play"} {
		if strings.Contains(v, bad) {
			t.Errorf("after the demo was stopped and the person played, %q is said (verdict %q):\n%s", bad, won, v)
		}
	}
}

// w with the moves on screen (a narrow screen) shows the hint there.
func TestHintOverTheMoves(t *testing.T) {
	t.Parallel()
	m := press(newTestPlay(t, games[0].options(false, "me"), 80, 24), "tab", "w")
	if v := flat(m.view()); m.showHistory || !strings.Contains(v, "nim-sum") {
		t.Errorf("w over the moves list shows no hint:\n%s", m.view())
	}
}

// A digit typed after a refused amount starts a new amount: in Bash with
// at most 4, 9 then 4 is 4, not 94.
func TestTypedAmountStartsAgainAfterARefusal(t *testing.T) {
	t.Parallel()
	o := games[1].options(false, "me") // bash
	m := press(newTestPlay(t, o, 80, 24), "9")
	if m.refusal() == "" {
		t.Fatalf("9 is not refused at %v", m.pos())
	}
	if m = press(m, "2"); m.sel.Amount != 2 || m.refusal() != "" {
		t.Errorf("9 then 2 is %d (%q)", m.sel.Amount, m.refusal())
	}
}

// Alone in a room, the header says the game waits for an opponent, not
// "your turn" (a move is refused until someone joins).
func TestRoomAloneWaits(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m.mode = &roomMode{names: [2]string{"alice", ""}}
	if w := m.turnWords(); !strings.Contains(w, "waiting for an opponent") {
		t.Errorf("alone in a room the header says %q", w)
	}
	m.mode.(*roomMode).names[1] = "bob"
	if w := m.turnWords(); !strings.Contains(w, "your turn") {
		t.Errorf("with bob in the room the header says %q", w)
	}
}

// The help ? opens lists every key that works, at 60×20 too: columns that
// do not fit go below, none is cut off with "…".
func TestFullHelpFitsNarrowScreens(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		o := games[0].options(false, "me")
		o.Lang = lang
		m := press(newTestPlay(t, o, 60, 20), "?")
		v := m.view()
		for _, col := range m.keys.FullHelp() {
			for _, b := range col {
				if b.Enabled() && !strings.Contains(v, b.Help().Desc) {
					t.Errorf("%s: the help at 60×20 lacks %q:\n%s", lang, b.Help().Desc, v)
				}
			}
		}
	}
}

// Grundy's game takes nothing, it splits: no amount keys in the help;
// digits type where to split (issue 18, rough edge 5: a heap of 30,000
// took 300 presses to reach its winning split), never refused with the
// game's internal name. A heap of 12,000 here: its table of values costs
// a sixth of 30,000's.
func TestGrundyHasNoAmountKeys(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "grundy"}, Position: engine.Position{12000}, First: "me", Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}
	m := newTestPlay(t, o, 80, 24)
	if m.keys.Less.Enabled() || m.keys.More.Enabled() {
		t.Error("the amount keys are on in Grundy's game")
	}
	if !strings.Contains(m.keys.Digit.Help().Desc, "split") {
		t.Errorf("the digits' help says %q", m.keys.Digit.Help().Desc)
	}
	if m = press(m, "4"); m.refusal() != "" || strings.Contains(m.view(), "grundy") || m.sel.Left != 4 {
		t.Errorf("a typed 4 in Grundy's game: left %d, %q\n%s", m.sel.Left, m.refusal(), m.view())
	}
	m = press(m, "backspace", "7", "6", "5", "5") // past the middle: the smaller piece on the right
	if m.sel.Left != 12000-7655 || !m.sel.Mirrored {
		t.Errorf("7655 typed: left %d, mirrored %v", m.sel.Left, m.sel.Mirrored)
	}
	before := m.match.Played()
	if m = press(m, "enter"); m.match.Played() != before+1 || m.match.Turns()[before].After.String() != "4345 7655" {
		t.Errorf("the typed split was not made: %v (%s)", m.pos(), m.note)
	}
}

// The amount keys are on at a heap of 1 too, where another heap has
// amounts to choose (rough edge 3: the help hid them): → there keeps the
// one amount, at heap 7 it raises it.
func TestAmountKeysFollowThePlace(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me")
	o.Position = engine.Position{1, 7}
	m := newTestPlay(t, o, 80, 24)
	if m.sel.Where != 1 || !m.keys.More.Enabled() {
		t.Fatalf("at heap %d of 1 the amount keys are off", m.sel.Where)
	}
	if m = press(m, "right"); m.sel.Amount > 1 {
		t.Errorf("→ at a heap of 1 makes the amount %d", m.sel.Amount)
	}
	if m = press(m, "down", "right"); m.sel.Where != 2 || m.sel.Amount != 2 {
		t.Errorf("→ at heap %d makes the amount %d, want 2 at heap 2", m.sel.Where, m.sel.Amount)
	}
}

// Issue 18, rough edge 6: the teach view of Kayles 4 7 9 marks the heap
// the headline move is in with its target, though the value rises there
// (2 → 5), and says why that is fine on the first screen at 80×24.
func TestTeachTableAgreesWithTheMove(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "kayles"}, Position: engine.Position{4, 7, 9}, Level: engine.Perfect,
		Lang: "en", Explain: "teach"}
	v := flat(newTestPlay(t, o, 80, 24).view())
	for _, want := range []string{"take 1 pin from row 2", "row 2: g(7)  2 = [0]10  → 2 ⊕ 7 = 5", "The Grundy value goes up here, and that is fine"} {
		if !strings.Contains(v, want) {
			t.Errorf("the first screen does not show %q:\n%s", want, v)
		}
	}
}

// Issue 18, rough edge 3: the help listed the amount keys only when the
// selected row had more than one amount: on a one-pin row of Kayles, or
// a one-coin stair, ? said nothing of ←/→ or the digits that the other
// rows take.
func TestHelpListsKeysOfEveryRow(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game string
		pos  engine.Position
		want []string
	}{
		{"kayles", engine.Position{1, 5}, []string{"+/-", "0-9"}},
		{"staircase", engine.Position{0, 1, 4}, []string{"←/→", "0-9"}},
		{"nim", engine.Position{1, 6}, []string{"←/→", "0-9"}},
	} {
		m := newTestPlay(t, Options{Game: variants.Config{Name: c.game}, Position: c.pos, Level: engine.Perfect, Lang: "en"}, 100, 30)
		v := flat(press(m, "?").view())
		for _, w := range c.want {
			if !strings.Contains(v, w) {
				t.Errorf("%s %v: the help lacks %q:\n%s", c.game, c.pos, w, v)
			}
		}
	}
}

// Issue 18, rough edge 11: g opens the glossary in the panel, every term
// of assets/glossary.tsv with a definition, in the reader's language;
// g or esc closes it.
func TestGlossaryScreen(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		m := newTestPlay(t, Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 5}, Level: engine.Perfect, Lang: lang}, 100, 40)
		if v := strings.Join(strings.Fields(press(m, "?").view()), " "); !strings.Contains(v, map[string]string{"en": "g glossary", "zh": "g 术语表"}[lang]) {
			t.Errorf("%s: the help does not list g:\n%s", lang, v)
		}
		m = press(m, "g")
		all := strings.Join(panelLines(m, 96), "\n")
		cat := assets.Messages(lang)
		for _, term := range assets.Glossary() {
			if term.Key == "" {
				continue
			}
			if def := cat.T(term.Key); !strings.Contains(flat(all), flat(strings.Join(text.Wrap(def, 94), "\n"))) {
				t.Errorf("%s: the glossary lacks %s: %q", lang, term.Key, def)
			}
		}
		if m = press(m, "esc"); m.sheet != nil {
			t.Errorf("%s: esc left the glossary open", lang)
		}
	}
}

// Issue 18: t shows the Grundy table of the selected heap's game in the
// panel (rows of 12, the selected heap's value and how its mex is found,
// the period's proof), in a sum too; a game with no such table has no t.
func TestTableSheet(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, Options{Game: variants.Config{Name: "kayles"}, Position: engine.Position{4, 7, 9}, Level: engine.Perfect, Lang: "en"}, 100, 40)
	m = press(m, "t")
	all := strings.Join(panelLines(m, 96), "\n")
	for _, want := range []string{"Grundy values of Kayles, g(0..47)", "g(0..11)", "0 1 2 3 1 4 3 2 1 4 2 6", "g(4) = mex{", "Guy–Smith"} {
		if !strings.Contains(all, want) {
			t.Errorf("the table lacks %q:\n%s", want, all)
		}
	}
	if m = press(m, "t"); m.sheet != nil {
		t.Error("t again left the table open")
	}
	sum := Options{Game: variants.Config{Parts: []variants.Config{{Name: "nim"}, {Name: "wythoff"}}}, Position: engine.Position{2, 2, 3, 2, 3, 5}, Level: engine.Perfect, Lang: "en"}
	if s := newTestPlay(t, sum, 100, 40); !s.keys.Table.Enabled() {
		t.Error("no t at a sum's Nim heap")
	} else if s = press(s, "down", "down"); !s.keys.Table.Enabled() {
		t.Error("no t at Wythoff's game, whose table is a grid (issue 27)")
	}
}

// Issue 18, rough edge 7: the Chinese move list's title had a stray
// space before its full-width bracket ("着法 （起始局面").
func TestChineseMovesTitle(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 5}, Level: engine.Perfect, Lang: "zh"}
	m := newTestPlay(t, o, 60, 20)
	m = press(m, "enter")
	all := strings.Join(m.teller().historyLines(56, m.st), "\n")
	if !strings.Contains(all, "着法（起始局面：3 5）") {
		t.Errorf("the move list's title:\n%s", all)
	}
}

// Issue 18, rough edge 7: at 60 columns the title bar dropped the
// convention behind "…" and a rule line was cut; the title now leaves
// out the program's name first and the rule wraps.
func TestTitleAndRuleFitAt60(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "northcott"}, Position: engine.Position{1, 5, 2, 7}, Level: engine.Perfect, Lang: "en"}
	v := newTestPlay(t, o, 60, 20).view()
	first := strings.SplitN(v, "\n", 2)[0]
	if strings.Contains(first, "…") || !strings.Contains(first, "normal") {
		t.Errorf("the title bar at 60 columns: %q", first)
	}
	if !strings.Contains(flat(v), "slide ● along its row.") {
		t.Errorf("the rule is cut:\n%s", v)
	}
}

// Chomp's bar starts with the smallest bite chosen, one square at the end
// of the row, not the poisoned square and the whole bar with it.
func TestChompStartsWithTheSmallestBite(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, Options{Game: variants.Config{Name: "chomp"}, Position: engine.Position{5, 5, 3, 1}, Level: engine.Perfect, Lang: "en"}, 80, 24)
	if m.sel.Where != 1 || m.sel.Amount != 5 {
		t.Errorf("the bite chosen at the start: row %d, column %d", m.sel.Where, m.sel.Amount)
	}
	if m = press(m, "down"); m.sel.Where != 2 || m.sel.Amount != 5 {
		t.Errorf("the bite chosen on row 2: column %d", m.sel.Amount)
	}
}
