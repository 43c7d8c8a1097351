package tui

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/tui/serve"
	"matchgame/internal/variants"
)

// A teacher's trial: the class report wrote a sum's question as its
// encoding, "2 5 9 2 12 7"; it says the game's own spelling, "nim 5 9 +
// kayles 12 7", as the command line writes it.
func TestClassReportSpellsSums(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	cfg, _, err := variants.ParseSum("nim + kayles")
	if err != nil {
		t.Fatal(err)
	}
	class := serve.NewClass()
	var m tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}}, plainRenderer())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	m, _ = m.Update(dashMsg{opts: Options{Lang: "en", Game: cfg}, quiz: true, question: 2, limit: time.Minute})
	m.Update(keyMsg("n")) // its command is the timer's tick, not run
	r := class.Report()
	if len(r.Quizzes) != 1 || len(r.Quizzes[0].Questions) != 2 {
		t.Fatalf("the report has %+v", r.Quizzes)
	}
	spelled := regexp.MustCompile(`^nim( \d+)+ \+ kayles( \d+)+$`)
	for _, q := range r.Quizzes[0].Questions {
		if !spelled.MatchString(q.Position) {
			t.Errorf("question %d is written %q, want nim … + kayles …", q.Number, q.Position)
		}
		if md := r.Markdown(); !strings.Contains(md, q.Position) {
			t.Errorf("the report does not say %q:\n%s", q.Position, md)
		}
	}
}
