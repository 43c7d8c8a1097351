package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// checkHandout asserts that md has every move of the steps with the
// position before it, its analysis and the explanation, line by line.
func checkHandout(t *testing.T, m play, md string, steps []engine.Step) {
	t.Helper()
	if len(steps) == 0 {
		t.Fatal("no moves to check")
	}
	for i, s := range steps {
		played := m.g.DescribeMove(s.Move).Render(m.cat) + " → " + s.After.String()
		for _, want := range append([]string{played, s.Analysis.Position.String(), s.Analysis.Summary().Render(m.cat)},
			s.Analysis.Explanation.Lines(m.cat)...) {
			if !strings.Contains(md, want) {
				t.Errorf("move %d: the handout lacks %q:\n%s", i+1, want, md)
			}
		}
	}
}

// historySteps recomputes the steps of a played game from its history.
func historySteps(t *testing.T, m play) []engine.Step {
	var steps []engine.Step
	for _, h := range m.history {
		a, err := engine.Analyze(m.g, h.before, m.conv)
		if err != nil {
			t.Fatal(err)
		}
		steps = append(steps, engine.Step{Analysis: a, Move: h.move, After: h.after})
	}
	return steps
}

func TestHandoutOfAPlayedGame(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			m := newTestPlay(t, g.options(true, "me"), 80, 24)
			m = playOut(t, m, func(m play) []string { return []string{"w", "enter"} })
			md, err := m.markdown()
			if err != nil {
				t.Fatal(err)
			}
			if len(m.history) < 2 {
				t.Fatalf("a game of %d moves", len(m.history))
			}
			checkHandout(t, m, md, historySteps(t, m))
			for _, want := range []string{"# A game of " + g.name, "## Result", "You win!", "misère play"} {
				if !strings.Contains(md, want) {
					t.Errorf("the handout lacks %q:\n%s", want, md)
				}
			}
			if strings.Count(md, "## Move ") != len(m.history) {
				t.Errorf("%d moves in the handout, %d played", strings.Count(md, "## Move "), len(m.history))
			}
		})
	}
}

func TestHandoutOfADemo(t *testing.T) {
	m := press(newTestPlay(t, games[0].options(false, "me"), 80, 24), "d")
	for !m.over() {
		m = reply(t, m)
	}
	md, err := m.markdown()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(md, "# Perfect play: nim 3 6 9") {
		t.Errorf("a demo's handout is titled:\n%s", md)
	}
	checkHandout(t, m, md, historySteps(t, m))
}

func TestHandoutOfAQuiz(t *testing.T) {
	m := newTestPlay(t, quizOptions(games[4], false), 80, 24) // staircase
	m = press(m, selectKeys(m, *analysisOf(t, m).Move)...)
	m = press(m, "enter")
	m = press(m, selectKeys(m, losingMove(t, m))...)
	md, err := m.markdown()
	if err != nil {
		t.Fatal(err)
	}
	checkHandout(t, m, md, m.quizSteps)
	for _, want := range []string{"# Quiz: staircase", "Right: the winning move the explanation gives.", "Answered wrong: ", "quiz: 1 right of 2"} {
		if !strings.Contains(md, want) {
			t.Errorf("the quiz handout lacks %q:\n%s", want, md)
		}
	}
}

// s writes the handout to a new file in the current directory and says
// where.
func TestSaveKeyWritesHandout(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m := reply(t, press(newTestPlay(t, games[0].options(false, "me"), 80, 24), "w", "enter"))
	m, cmd := m.update(keyMsg("s"))
	if cmd == nil {
		t.Fatal("s gave no command")
	}
	msg, ok := cmd().(savedMsg)
	if !ok || msg.err != nil {
		t.Fatalf("s: %#v", msg)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "matchgame-*.md"))
	if len(files) != 1 || filepath.Base(files[0]) != filepath.Base(msg.path) {
		t.Fatalf("files written: %v, reported %s", files, msg.path)
	}
	data, _ := os.ReadFile(files[0])
	checkHandout(t, m, string(data), historySteps(t, m))
	m, _ = m.update(msg)
	if !strings.Contains(m.view(), "Saved the game so far as a handout:") || !strings.Contains(m.note, msg.path) {
		t.Errorf("the screen does not say where the handout went: %q", m.note)
	}
	m, _ = m.update(savedMsg{path: "x", err: os.ErrPermission, manual: true})
	if !m.noteBad || !strings.Contains(m.note, "Could not save") {
		t.Errorf("a failed save is not reported: %q", m.note)
	}
}

// Options.Transcript is written when the game ends and when the player
// quits.
func TestTranscriptOption(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.md")
	o := games[1].options(false, "me")
	o.Transcript = path
	m := newTestPlay(t, o, 80, 24)
	if cmd := m.autoSave(); cmd != nil {
		t.Error("the handout is written before the game ends")
	}
	m = playOut(t, m, func(m play) []string { return []string{"w", "enter"} })
	m.autoSaved = 0
	cmd := m.autoSave()
	if cmd == nil {
		t.Fatal("nothing is written when the game ends")
	}
	if msg := cmd().(savedMsg); msg.err != nil || msg.manual {
		t.Fatalf("the end of the game: %#v", msg)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkHandout(t, m, string(data), historySteps(t, m))
	if m.autoSave() != nil {
		t.Error("the same game is written twice")
	}

	// Quitting mid-game: Run's finish writes the game on screen.
	os.Remove(path)
	r, err := newRoot(o)
	if err != nil {
		t.Fatal(err)
	}
	r.play = reply(t, press(r.play, "w", "enter"))
	if err := finish(r, path); err != nil {
		t.Fatal(err)
	}
	data, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkHandout(t, r.play, string(data), historySteps(t, r.play))
}

// A game in which the computer played the player's side is a demo's
// handout, even after demo mode is switched off, and even when every
// move it made was a winning one (engine.Winning is kind 0).
func TestHandoutOfAStoppedDemo(t *testing.T) {
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m = reply(t, press(m, "d"))
	m = press(m, "d")
	if m.demo || len(m.history) == 0 || m.history[0].kind != engine.Winning {
		t.Fatalf("demo %v, history %v", m.demo, m.history)
	}
	if tr, err := m.transcript(); err != nil || tr.Kind != "demo" {
		t.Errorf("handout kind %q (%v), want demo", tr.Kind, err)
	}
}
