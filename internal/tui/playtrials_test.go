package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/tui/serve/store"
)

// Defects found by the user trials of the game screen, each with its own
// test.

// "Review my mistakes" counts its right answers from question to
// question, as the summary does: after a right first answer, question 2
// says 1 right (it said 0 right on every question).
func TestReviewCountsRightAnswers(t *testing.T) {
	t.Parallel()
	n := memoryNet(t, filepath.Join(t.TempDir(), "term.db"))
	rt := remoteRoot(t, n, "Ann")
	for i, p := range []engine.Position{{1, 2}, {1, 3}, {2, 3}} {
		a := store.Answer{Student: rt.pupil.ID, Kind: "class", Question: i + 1, Position: storedPosition(nimOf(t), engine.Normal, p)}
		if err := n.Memory.Lesson.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	rt.openMistakes(rt.menu.options())
	if rt.screen != screenMistakes || len(rt.mistakes.cards) != 3 {
		t.Fatalf("the review did not open with 3 mistakes:\n%s", rt.View())
	}
	for q := 1; q <= 3; q++ {
		if want := "question " + string(rune('0'+q)) + " of 3 · " + string(rune('0'+q-1)) + " right"; !strings.Contains(rt.View(), want) {
			t.Errorf("question %d does not say %q:\n%s", q, want, rt.View())
		}
		m := rt.mistakes.q
		for _, k := range selectKeys(m, *m.match.Now().Move) { // the winning move
			feed(rt, keyMsg(k))
		}
		if a := answeredOf(rt.mistakes.q); a == nil || !a.right {
			t.Fatalf("question %d: no right answer on screen:\n%s", q, rt.View())
		}
		if want := " · " + string(rune('0'+q)) + " right"; !strings.Contains(rt.View(), want) {
			t.Errorf("answered question %d right, the counter does not say %q:\n%s", q, want, rt.View())
		}
		feed(rt, keyMsg("enter"))
	}
	if v := rt.View(); !strings.Contains(v, "Mistakes reviewed: 3; right: 3.") {
		t.Errorf("summary:\n%s", v)
	}
}
