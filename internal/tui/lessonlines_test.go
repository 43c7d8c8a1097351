package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"matchgame/assets"
	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve"
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

// The teacher's note reads whole on every step of every built-in plan:
// wrapped under the step's line where there is room, and where there is
// not, the lesson says so and N shows it whole until N again (it was cut
// with "…" whenever the step's line wrapped: sums step 4 at 80×24).
func TestLessonNoteReadsWhole(t *testing.T) {
	t.Parallel()
	for _, name := range learn.Builtins() {
		plan, _ := learn.LoadPlan(name)
		for _, lang := range assets.Langs {
			for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 60, Height: 20}, {Width: 140, Height: 20}, {Width: 100, Height: 30}} {
				m := lessonAt(t, plan, lang, size, 0)
				for i, step := range plan.Steps {
					noteReadsWhole(t, m, step.NoteIn(lang), lang, fmt.Sprintf("%s %s %dx%d step %d", name, lang, size.Width, size.Height, i+1))
					m = runKey(m, "tab")
				}
			}
		}
	}
}

// noteReadsWhole checks that note is whole on m's screen, or that the
// screen says N shows it and N does.
func noteReadsWhole(t *testing.T, m tea.Model, note, lang, where string) {
	t.Helper()
	if note == "" {
		return
	}
	whole := func(v string) bool { return strings.Contains(unspacedText(v), unspacedText(note)) }
	view := m.View()
	if whole(view) {
		return
	}
	if more := assets.Messages(lang).T("lesson.note.more"); !strings.Contains(view, more) {
		t.Errorf("%s: the note is not whole and the screen does not say %q:\n%s", where, more, view)
		return
	}
	h := m.(*root).size.Height
	m = runKey(m, "N")
	if v := m.View(); !whole(v) || len(strings.Split(v, "\n")) > h {
		t.Errorf("%s: N does not show the note whole:\n%s", where, v)
	}
	if back := runKey(m, "N"); back.View() != view {
		t.Errorf("%s: N again does not go back to the step:\n%s", where, back.View())
	}
}

func unspacedText(s string) string { return strings.Join(strings.Fields(s), "") }

// On the dashboard, the demo of a lesson's step shows the teacher's note
// whole at 100 columns (it was cut with "…" on one line).
func TestDashboardDemoNoteReadsWhole(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	for _, name := range learn.Builtins() {
		plan, _ := learn.LoadPlan(name)
		class := serve.NewClass()
		var d tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}, Lesson: &plan}, plainRenderer())
		d, _ = d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		for i, step := range plan.Steps {
			d, _ = d.Update(keyMsg("tab"))
			if step.Kind != learn.StepDemo {
				continue
			}
			if v := d.View(); !strings.Contains(unspacedText(v), unspacedText(step.NoteIn("en"))) {
				t.Errorf("%s step %d: the demo's note is not whole on the dashboard:\n%s", name, i+1, v)
			}
		}
	}
}

// At the end of a lesson's demo (nim steps 2 and 4) the panel does not
// offer tab for the moves: tab is the lesson's next step there, en and zh.
func TestLessonDemoEndOffersNoTab(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("nim")
	for _, lang := range assets.Langs {
		for _, step := range []int{1, 3} {
			m := lessonAt(t, plan, lang, tea.WindowSizeMsg{Width: 80, Height: 24}, step)
			for range 40 {
				if m.(*root).play.match.Over() {
					break
				}
				rt := m.(*root)
				rt.play = press(rt.play, " ")
				if rt.play.thinking {
					rt.play, _ = rt.play.update(pauseOver(rt.play))
				}
			}
			if !m.(*root).play.match.Over() {
				t.Fatalf("%s step %d: the demo did not end", lang, step+1)
			}
			if v := flat(m.View()); strings.Contains(v, assets.Messages(lang).T("ui.over.moves")) {
				t.Errorf("%s step %d: the demo's end offers tab for the moves:\n%s", lang, step+1, m.View())
			}
		}
	}
}
