package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
)

// checkHandout asserts that md has every move of the steps with the
// position before it, its analysis and the explanation, line by line.
func checkHandout(t *testing.T, m play, md string, steps []engine.Step) {
	t.Helper()
	if len(steps) == 0 {
		t.Fatal("no moves to check")
	}
	checkFences(t, md)
	if from := m.cat.T("ui.queen.from"); strings.Contains(md, from) {
		t.Errorf("the handout's board offers the ways to take (%q), as if one could choose on paper", from)
	}
	for i, s := range steps {
		played := engine.Describe(m.game(), s.Analysis.Position, s.Move).Render(m.cat) + " → " + s.After.String()
		for _, want := range append([]string{played, s.Analysis.Position.String(), s.Analysis.Summary().Render(m.cat)},
			s.Analysis.Explanation.Lines(m.cat)...) {
			if !strings.Contains(md, want) {
				t.Errorf("move %d: the handout lacks %q:\n%s", i+1, want, md)
			}
		}
	}
}

// checkFences: boards and tables are fenced and print on 80 columns;
// prose is not.
func checkFences(t *testing.T, md string) {
	t.Helper()
	fenced := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		if fenced && text.Width(l) > 80 {
			t.Errorf("a fenced line %d wide: %q", text.Width(l), l)
		}
		if fenced && strings.Contains(l, ". ") && !strings.Contains(l, "…") {
			t.Errorf("prose inside a fence: %q", l)
		}
		// A name written for the start of a sentence ("The computer") is
		// not put in the middle of one.
		if !fenced && (strings.Contains(l, ", The ") || strings.Contains(l, ", You ")) {
			t.Errorf("a capital in mid-sentence: %q", l)
		}
	}
	if fenced {
		t.Error("a fence is not closed")
	}
}

// turnSteps are the steps of a played game, recomputed from its turns.
func turnSteps(t *testing.T, m play) []engine.Step {
	var steps []engine.Step
	for _, tu := range m.match.Turns() {
		a, err := engine.Analyze(m.game(), tu.Before.Position, m.match.Conv)
		if err != nil {
			t.Fatal(err)
		}
		steps = append(steps, engine.Step{Analysis: a, Move: tu.Move, After: tu.After})
	}
	return steps
}

func TestHandoutOfAPlayedGame(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			m := newTestPlay(t, g.options(true, "me"), 80, 24)
			m = playOut(t, m, func(m play) []string { return []string{"w", "w", "enter"} })
			md := m.markdown()
			if len(m.match.Turns()) < 2 {
				t.Fatalf("a game of %d moves", len(m.match.Turns()))
			}
			checkHandout(t, m, md, turnSteps(t, m))
			for _, want := range []string{"# A game of " + gameName(m.game(), m.cat), "## Result", "You win!", "Misère play", "**Key idea.**"} {
				if !strings.Contains(md, want) {
					t.Errorf("the handout lacks %q:\n%s", want, md)
				}
			}
			if strings.Count(md, "## Move ") != len(m.match.Turns()) {
				t.Errorf("%d moves in the handout, %d played", strings.Count(md, "## Move "), len(m.match.Turns()))
			}
		})
	}
}

func TestHandoutOfADemo(t *testing.T) {
	t.Parallel()
	m := press(newTestPlay(t, games[0].options(false, "me"), 80, 24), "d", "p")
	for !m.match.Over() {
		m = reply(t, m)
	}
	md := m.markdown()
	if !strings.HasPrefix(md, "# Perfect play: Nim from 3 6 9") {
		t.Errorf("a demo's handout is titled:\n%s", md)
	}
	checkHandout(t, m, md, turnSteps(t, m))
}

func TestHandoutOfAQuiz(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, quizOptions(games[4], false), 80, 24) // staircase
	m = press(m, selectKeys(m, *m.match.Now().Move)...)
	m = press(m, "enter")
	m = press(m, selectKeys(m, losingMove(t, m))...)
	md := m.markdown()
	var steps []engine.Step
	for _, a := range quizOf(m).log {
		steps = append(steps, engine.Step{Analysis: a.turn.Before, Move: a.turn.Move, After: a.turn.After})
	}
	checkHandout(t, m, md, steps)
	if strings.Contains(md, "The answer") {
		t.Error("a wrong answer is headed 'The answer', as if it were right")
	}
	for _, want := range []string{"# Quiz: Staircase Nim", "**Answered: ", "Right: the winning move the explanation gives.", "Answered wrong: ", "1 right of 2"} {
		if !strings.Contains(md, want) {
			t.Errorf("the quiz handout lacks %q:\n%s", want, md)
		}
	}
}

// s writes the handout to a new file in the current directory and says
// where; a second s in the same second, after a move, picks a fresh name,
// never the first file's; an s with nothing new writes no file.
func TestSaveKeyWritesHandout(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m := reply(t, press(newTestPlay(t, games[0].options(false, "me"), 80, 24), "w", "w", "enter"))
	var paths []string
	for i := range 2 {
		if i > 0 {
			m = reply(t, press(m, "enter"))
		}
		var cmd = m.saveCmd(m.markdown())
		msg, ok := cmd().(savedMsg)
		if !ok || msg.err != nil {
			t.Fatalf("s: %v", msg.err)
		}
		paths = append(paths, msg.path)
		m, _ = m.update(msg)
		if !strings.Contains(flat(m.view()), "Saved the handout:") || !strings.Contains(m.note, msg.path) {
			t.Errorf("the screen does not say where the handout went: %q", m.note)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "matchgame-*.md"))
	if len(files) != 2 || paths[0] == paths[1] {
		t.Fatalf("files written: %v, reported %v", files, paths)
	}
	if msg := m.saveCmd(m.markdown())().(savedMsg); !msg.already || msg.path != paths[1] {
		t.Errorf("s with nothing new: %+v", msg)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "matchgame-*.md")); len(files) != 2 {
		t.Errorf("s with nothing new wrote a file: %v", files)
	}
	data, _ := os.ReadFile(paths[1])
	checkHandout(t, m, string(data), turnSteps(t, m))
	m, _ = m.update(savedMsg{path: "x", err: os.ErrPermission, manual: true})
	if !m.noteBad || !strings.Contains(m.note, "Could not save") || m.match.Played() != 4 {
		t.Errorf("a failed save is not reported, or the game is lost: %q", m.note)
	}
}

// Options.Transcript is written when the game ends and when the person
// quits; never over a file that was there before.
func TestTranscriptOption(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.md")
	o := games[1].options(false, "me")
	o.Transcript = path
	m := newTestPlay(t, o, 80, 24)
	if cmd := m.autoSave(); cmd != nil {
		t.Error("the handout is written before the game ends")
	}
	m = playOut(t, m, func(m play) []string { return []string{"w", "w", "enter"} })
	m.savedMD = "" // as if the game's end had not been written yet
	cmd := m.autoSave()
	if cmd == nil {
		t.Fatal("nothing is written when the game ends")
	}
	if msg := cmd().(savedMsg); msg.err != nil || msg.manual {
		t.Fatalf("the end of the game: %v", msg.err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkHandout(t, m, string(data), turnSteps(t, m))
	if m.autoSave() != nil {
		t.Error("the same game is written twice")
	}
	if err := writeTranscript(m); err != nil {
		t.Errorf("the game's own handout cannot be written again: %v", err)
	}
	transcriptRematch(t)
	transcriptQuit(t, o, path)
}

// transcriptRematch: a rematch of as many moves is another game, written
// too (only the count of moves was compared).
func transcriptRematch(t *testing.T) {
	t.Helper()
	two := games[0].options(false, "me")
	two.Position, two.Transcript = engine.Position{1, 1}, filepath.Join(t.TempDir(), "two.md")
	m := reply(t, press(newTestPlay(t, two, 80, 24), "enter")) // heap 1, then the computer heap 2
	first := m.savedMD
	if m = reply(t, press(m, "r", "down", "enter")); !m.match.Over() || m.savedMD == first || first == "" {
		t.Errorf("the rematch's end (%v) is not written", m.pos())
	}
}

// transcriptQuit: quitting mid-game, Run's finish writes the game on
// screen, but not over a file someone else wrote.
func transcriptQuit(t *testing.T, o Options, path string) {
	t.Helper()
	os.Remove(path)
	r, err := newRoot(o, plainRenderer())
	if err != nil {
		t.Fatal(err)
	}
	r.play = reply(t, press(r.play, "w", "w", "enter"))
	if err := finish(r); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkHandout(t, r.play, string(data), turnSteps(t, r.play))
	os.WriteFile(path, []byte("notes"), 0o644)
	r2, _ := newRoot(o, plainRenderer())
	if err := finish(r2); !errors.Is(err, desk.ErrExists) {
		t.Errorf("finish over another file: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "notes" {
		t.Errorf("the file was clobbered: %q", data)
	}
}

// The handout of a game with mistakes reviews each of them: the position,
// the move played, what it left and a winning move.
func TestHandoutReview(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m = playOut(t, m, func(m play) []string { return []string{"enter"} }) // the smallest move: mistakes
	md := m.markdown()
	mistakes := m.teller().mistakes()
	if len(mistakes) == 0 {
		t.Fatal("no mistakes to review")
	}
	if !strings.Contains(md, "## Review") || strings.Count(md, "- Move ") != len(mistakes) {
		t.Fatalf("the handout reviews %d of %d mistakes:\n%s", strings.Count(md, "- Move "), len(mistakes), md)
	}
	first := m.match.Turns()[mistakes[0]]
	for _, want := range []string{first.Before.Position.String(), m.game().DescribeMove(*first.Before.Move).Render(m.cat), "nim-sum"} {
		if !strings.Contains(md[strings.Index(md, "## Review"):], want) {
			t.Errorf("the review lacks %q", want)
		}
	}
}

// A game in which the computer played the person's side is a demo's
// handout, even after demo mode is switched off: a demo of its own (a
// lesson's) that d stops, the game going on from it. (A demo started from
// a game is a detour, its moves not the game's: TestDemoFromAGameIsADetour.)
func TestHandoutOfAStoppedDemo(t *testing.T) {
	t.Parallel()
	m, _ := newTestPlay(t, games[0].options(false, "me"), 80, 24).startDemo(nil)
	m = reply(t, press(m, " "))
	m = press(m, "d")
	if demoOn(m) || len(m.match.Turns()) == 0 || m.match.Turns()[0].Kind != engine.Winning {
		t.Fatalf("demo %v, turns %v", demoOn(m), m.match.Turns())
	}
	if tr := m.teller().transcript(); tr.Kind != "demo" {
		t.Errorf("handout kind %q, want demo", tr.Kind)
	}
}
