package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"matchgame/assets"
	"matchgame/internal/tui/learn"
)

// lessonAt is a lesson of plan at a size, on step i (0-based).
func lessonAt(t *testing.T, plan learn.Plan, lang string, size tea.WindowSizeMsg, i int) tea.Model {
	t.Helper()
	m, _ := newTestRoot(t, Options{Lesson: &plan, Lang: lang}).Update(size)
	for range i {
		m = runKey(m, "tab")
	}
	return m
}

// Every step of every built-in plan says where the lesson is, "step N of
// M", on its screen, at 60×20 and 140×20 (where the step's screen has
// every line) as at 80×24, en and zh: at 20 rows it said nothing.
func TestLessonStepAlwaysShown(t *testing.T) {
	t.Parallel()
	for _, name := range learn.Builtins() {
		plan, err := learn.LoadPlan(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range assets.Langs {
			cat := assets.Messages(lang)
			for _, size := range []tea.WindowSizeMsg{{Width: 60, Height: 20}, {Width: 140, Height: 20}, {Width: 80, Height: 24}} {
				m := lessonAt(t, plan, lang, size, 0)
				for i := range plan.Steps {
					view := m.View()
					if at := cat.T("lesson.step.at", i+1, len(plan.Steps)); !strings.Contains(view, at) {
						t.Errorf("%s %s %dx%d step %d: %q is not on screen:\n%s", name, lang, size.Width, size.Height, i+1, at, view)
					}
					if n := len(strings.Split(view, "\n")); n > size.Height {
						t.Errorf("%s %s %dx%d step %d: %d lines", name, lang, size.Width, size.Height, i+1, n)
					}
					m = runKey(m, "tab")
				}
			}
		}
	}
}

// A lesson page's help (?) fits 60 columns: its columns go one under
// another when they do not fit side by side, and the lesson's keys (tab,
// q) are on screen, en and zh.
func TestLessonHelpFitsTheWidth(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("sums")
	for _, lang := range assets.Langs {
		m := runKey(lessonAt(t, plan, lang, tea.WindowSizeMsg{Width: 60, Height: 20}, 0), "?")
		view := m.View()
		for _, l := range strings.Split(view, "\n") {
			if w := lipgloss.Width(l); w > 60 {
				t.Errorf("%s: a line of %d columns: %q", lang, w, l)
			}
		}
		for _, want := range []string{"tab/shift+tab", "q ", "pgup/pgdn"} {
			if !strings.Contains(view, want) {
				t.Errorf("%s: the help at 60x20 lacks %q:\n%s", lang, want, view)
			}
		}
	}
}
