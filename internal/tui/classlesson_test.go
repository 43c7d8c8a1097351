package tui

import (
	"context"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve"
)

// A teacher's trial: shift+tab back onto a lesson's quiz step started the
// quiz again, and the report had a "Quiz 2" nobody meant. Stepping past a
// quiz and back, or forward onto it again, holds it once.
func TestLessonQuizHeldOnce(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	plan, err := learn.ParsePlan("p.toml", []byte("[[step]]\npage = \"nim\"\n[[step]]\nquiz = \"nim\"\nquestions = 2\n[[step]]\npage = \"mex\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	class := serve.NewClass()
	var m tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}, Lesson: &plan}, plainRenderer())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	for i, k := range []string{"tab", "tab", "tab", "shift+tab", "shift+tab", "tab"} {
		m, _ = m.Update(keyMsg(k)) // a command is the quiz's timer: not run
		if n := len(class.Report().Quizzes); n != 1 && i >= 1 {
			t.Fatalf("after %d keys the report has %d quizzes, want 1", i+1, n)
		}
	}
	if d := m.(dashboard); d.lesson.at != 1 || d.quiz != nil {
		t.Errorf("back on the quiz step: step %d, a quiz running %t", d.lesson.at+1, d.quiz != nil)
	}
	m, _ = m.Update(keyMsg("q")) // the teacher may still quiz again: the form
	if d := m.(dashboard); d.screen != dashForm {
		t.Errorf("q on a held quiz's step: screen %v, %q", d.screen, d.note)
	}
}
