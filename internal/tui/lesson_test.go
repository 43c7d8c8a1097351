package tui

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve"
)

// runKey presses k on the root and follows the messages its command gives
// that switch screens (the learn screen's, the menu's), as the program
// would; a command that waits (a timer, a spinner) is left alone.
func runKey(m tea.Model, k string) tea.Model {
	m, cmd := m.Update(keyMsg(k))
	for range 4 {
		if cmd == nil {
			return m
		}
		got := make(chan tea.Msg, 1)
		go func() { got <- cmd() }()
		select {
		case msg := <-got:
			switch msg.(type) {
			case openLearnMsg, learn.TryMsg, learn.BackMsg, openMenuMsg, startGameMsg, tea.QuitMsg:
				if _, quit := msg.(tea.QuitMsg); quit {
					return quitModel{m}
				}
				m, cmd = m.Update(msg)
				continue
			}
			return m
		case <-time.After(time.Second): // a command that waits (a tick) is not the one awaited; one that works may be slow under load
			return m
		}
	}
	return m
}

// quitModel is a root that asked the program to end.
type quitModel struct{ tea.Model }

// From the menu's learn mode a page opens; t plays its example, and the
// way back from the game leads to the page, not the menu.
func TestMenuLearnTryAndBack(t *testing.T) {
	t.Parallel()
	m := newTestRoot(t, Options{Menu: true, Lang: "en"})
	m = updates(moveTo(m, rowMode), "right", "right")
	if r := m.(*root); r.menu.mode() != "learn" || len(r.menu.rows()) != 3 {
		t.Fatalf("mode %q with %d rows", r.menu.mode(), len(r.menu.rows()))
	}
	m = runKey(m, "enter")
	if r := m.(*root); r.screen != screenLearn {
		t.Fatalf("enter in learn mode: screen %v", r.screen)
	}
	m = runKey(runKey(m, "down"), "enter")
	if r := m.(*root); r.learning.page.Page() != "nim" {
		t.Fatalf("the page open is %q", r.learning.page.Page())
	}
	m = runKey(m, "t")
	r := m.(*root)
	if r.screen != screenPlay || r.play.pos().String() != "3 6 9" {
		t.Fatalf("t: screen %v at %v", r.screen, r.play.pos())
	}
	m = runKey(m, "esc")
	if r := m.(*root); r.screen != screenLearn || r.learning.page.Page() != "nim" {
		t.Fatalf("esc from the example: screen %v, page %q", r.screen, r.learning.page.Page())
	}
	m = runKey(m, "d")
	if r := m.(*root); r.screen != screenPlay || !demoOn(r.play) {
		t.Fatalf("d: screen %v, demo %t", r.screen, demoOn(r.play))
	}
	m = runKey(runKey(m, "esc"), "esc")
	if r := m.(*root); r.screen != screenLearn || r.learning.page.Page() != "" {
		t.Fatalf("esc on the page: screen %v, page %q; want the list", r.screen, r.learning.page.Page())
	}
	m = runKey(m, "esc")
	if r := m.(*root); r.screen != screenMenu {
		t.Errorf("esc from the list: screen %v, not the menu", r.screen)
	}
}

// matchgame learn TOPIC opens the page; q goes to the list of pages, and
// q on the list ends the program.
func TestLearnCommandQuits(t *testing.T) {
	t.Parallel()
	m := newTestRoot(t, Options{Learn: "sprague-grundy", Lang: "zh"})
	if r := m.(*root); r.screen != screenLearn || !strings.Contains(m.View(), "SG 定理") {
		t.Fatalf("screen %v:\n%s", r.screen, m.View())
	}
	m = runKey(m, "q")
	if _, ok := m.(quitModel); ok || m.(*root).learning.page.Page() != "" {
		t.Fatal("q on the page does not go to the list of pages")
	}
	if _, ok := runKey(m, "q").(quitModel); !ok {
		t.Error("q on the list does not end matchgame learn")
	}
}

// stepScreen checks that the root shows step s: its page, or a game of
// its setup (a demo running, a quiz asking).
func stepScreen(t *testing.T, rt *root, s learn.Step, where string) {
	t.Helper()
	switch s.Kind {
	case learn.StepPage:
		if rt.screen != screenLearn || rt.learning.page.Page() != s.Page {
			t.Fatalf("%s: screen %v on page %q, want page %s", where, rt.screen, rt.learning.page.Page(), s.Page)
		}
		return
	}
	if said := stepGame(rt, s.Kind); said != "" {
		t.Fatalf("%s: screen %v, %s", where, rt.screen, said)
	}
	if got, want := engine.Spelled(rt.play.game()), engine.Spelled(s.Setup.Game); got != want {
		t.Fatalf("%s: the game is %s, want %s", where, got, want)
	}
}

// stepGame says what is wrong with the game on rt for a step of kind k
// (a demo running or followed, a quiz asking, free play); "" if nothing.
func stepGame(rt *root, k learn.StepKind) string {
	_, follows := rt.play.mode.(followMode)
	switch {
	case rt.screen != screenPlay:
		return "no game"
	case k == learn.StepDemo && !demoOn(rt.play) && !follows:
		return "no demo"
	case k == learn.StepQuiz && quizOf(rt.play) == nil:
		return "no quiz"
	case k == learn.StepPlay && (quizOf(rt.play) != nil || demoOn(rt.play)):
		return "not free play"
	}
	return ""
}

// Each built-in plan runs on one screen, tab by tab and back: every step
// opens its screen under the lesson's line and the teacher's note.
func TestLessonOnOneScreen(t *testing.T) {
	t.Parallel()
	for _, name := range learn.Builtins() {
		plan, err := learn.LoadPlan(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range assets.Langs {
			var m tea.Model = newTestRoot(t, Options{Lesson: &plan, Lang: lang})
			m, _ = m.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
			for i, s := range plan.Steps {
				rt := m.(*root)
				where := name + "." + lang + " step " + s.What(lang)
				stepScreen(t, rt, s, where)
				v := m.View()
				note := []rune(s.NoteIn(lang))
				if !strings.Contains(flat(v), string(note[:min(12, len(note))])) || len(strings.Split(v, "\n")) > 40 {
					t.Fatalf("%s: the note is not over the step, or the screen is too tall:\n%s", where, v)
				}
				if i+1 < len(plan.Steps) {
					m = runKey(m, "tab")
				}
			}
			m = runKey(m, "tab") // past the last step: stays
			for i := len(plan.Steps) - 1; i > 0; i-- {
				m = runKey(m, "shift+tab")
				stepScreen(t, m.(*root), plan.Steps[i-1], name+" back")
			}
		}
	}
}

// At 80×24 the lesson's line and note sit over a step that still fits;
// at 60×20 the step has the whole screen.
func TestLessonSmallScreens(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("sums")
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		var m tea.Model = newTestRoot(t, Options{Lesson: &plan, Lang: "en"})
		m, _ = m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for range plan.Steps {
			v := m.View()
			if lines := strings.Split(v, "\n"); len(lines) > size[1] || strings.Contains(v, "too small") {
				t.Fatalf("%v: %d lines:\n%s", size, len(lines), v)
			}
			if size[1] == 24 && !strings.Contains(v, "step") {
				t.Fatalf("%v: no lesson line:\n%s", size, v)
			}
			m = runKey(m, "tab")
		}
	}
}

// drain gives a student's screen the class's events waiting for it, as
// classEvent does (without a session, nothing listens on its own).
func drain(rt *root) {
	for {
		select {
		case e, ok := <-rt.student.Events():
			if !ok {
				return
			}
			switch e := e.(type) {
			case serve.LessonStepped:
				rt.lessonStepped(e.Step)
			case serve.QuizStarted, serve.QuestionOpened, serve.QuestionClosed, serve.QuizEnded:
				rt.quizEvent(e)
			default:
				rt.demoEvent(e)
			}
		default:
			return
		}
	}
}

// A teacher and 20 students go through "Sums and the Sprague–Grundy
// theorem" from the dashboard, tab by tab: every student's screen shows
// every step, and one who joins late finds the class's step.
func TestLessonInClass(t *testing.T) {
	t.Parallel()
	plan, err := learn.LoadPlan("sums")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	class := serve.NewClass()
	student := func(name string) *root {
		rt, err := newRoot(Options{Menu: true, Lang: "en"}, plainRenderer())
		if err != nil {
			t.Fatal(err)
		}
		rt.net, rt.size = &Network{Class: class, Lang: "en"}, tea.WindowSizeMsg{Width: 80, Height: 24}
		rt.student, rt.joined = class.Join(ctx, name)
		rt.Init()
		return rt
	}
	var students []*root
	for i := range 20 {
		students = append(students, student("s"+string(rune('a'+i))))
	}
	var d tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}, Lesson: &plan}, plainRenderer())
	d, _ = d.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	if !strings.Contains(flat(d.View()), "tab: the next step") {
		t.Fatalf("the dashboard does not offer the lesson:\n%s", d.View())
	}
	for i, s := range plan.Steps {
		d = dashStep(t, d, class, plan, i)
		for _, rt := range students {
			drain(rt)
			stepScreen(t, rt, s, rt.student.Name+" at step "+s.What("en"))
		}
		if i == 2 { // a student who comes in late is put at the step
			late := student("late")
			stepScreen(t, late, s, "a late student")
		}
	}
	d, _ = d.Update(keyMsg("tab"))
	if !strings.Contains(d.View(), "no step that way") {
		t.Errorf("tab after the last step:\n%s", d.View())
	}
}

// dashStep: tab on the dashboard steps the class to step i, said there
// with the teacher's note, the dashboard within its height.
func dashStep(t *testing.T, d tea.Model, class *serve.Class, plan learn.Plan, i int) tea.Model {
	t.Helper()
	s := plan.Steps[i]
	d, _ = d.Update(keyMsg("tab"))
	if st := class.State().Lesson; st == nil || st.Number != i+1 || st.Of != len(plan.Steps) {
		t.Fatalf("step %d: the class is at %+v", i+1, st)
	}
	if !strings.Contains(flat(d.View()), s.What("en")) && d.(dashboard).screen == dashMain {
		t.Fatalf("step %d: the dashboard does not say it:\n%s", i+1, d.View())
	}
	if note := []rune(s.NoteIn("en")); !strings.Contains(d.View(), string(note[:20])) {
		t.Fatalf("step %d: the teacher's note is not on the dashboard:\n%s", i+1, d.View())
	}
	if lines := strings.Split(d.View(), "\n"); len(lines) > 40 {
		t.Fatalf("step %d: the dashboard is %d lines tall", i+1, len(lines))
	}
	return d
}

// Leaving a lesson asks first on every step, as a game in progress does:
// q on a page or on a demo not yet begun asks to end the lesson; y ends
// it, any other key goes on at the same step.
func TestLessonAsksBeforeEnding(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("sums")
	for _, lang := range assets.Langs {
		ask := assets.Messages(lang).T("lesson.ask.end")
		for _, step := range []int{0, 1} { // the mex page, a demo
			var m tea.Model = newTestRoot(t, Options{Lesson: &plan, Lang: lang})
			for range step {
				m = runKey(m, "tab")
			}
			m = runKey(m, "q")
			if _, quit := m.(quitModel); quit {
				t.Fatalf("%s step %d: q ended the lesson at once", lang, step+1)
			}
			if !strings.Contains(flat(m.View()), ask) {
				t.Fatalf("%s step %d: q does not ask %q:\n%s", lang, step+1, ask, m.View())
			}
			m = runKey(m, "x")
			if rt := m.(*root); strings.Contains(flat(m.View()), ask) || rt.learning.lesson.at != step {
				t.Fatalf("%s step %d: another key does not go on:\n%s", lang, step+1, m.View())
			}
			if _, quit := runKey(runKey(m, "q"), "y").(quitModel); !quit {
				t.Errorf("%s step %d: q then y does not end the lesson", lang, step+1)
			}
		}
	}
}

// moveOnce makes the first legal move in the game on screen.
func moveOnce(t *testing.T, m tea.Model) tea.Model {
	t.Helper()
	p := m.(*root).play
	for mv := range p.game().Moves(p.pos(), 1) {
		for _, k := range selectKeys(p, mv) {
			m = runKey(m, k)
		}
		break
	}
	if m.(*root).play.match.Played() == 0 {
		t.Fatalf("no move made at %v", p.pos())
	}
	return m
}

// A lesson has no menu: esc and n in a step's game start the step again,
// asking first, and the question says so.
func TestLessonGameLeavesToTheLesson(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("sums")
	last := len(plan.Steps) - 1 // free play of subtraction --set fib 1 4 1
	for _, k := range []string{"esc", "n"} {
		var m tea.Model = newTestRoot(t, Options{Lesson: &plan, Lang: "en"})
		for range last {
			m = runKey(m, "tab")
		}
		m = runKey(moveOnce(t, m), k)
		if !strings.Contains(flat(m.View()), "start the lesson's step again?") {
			t.Fatalf("%s: the question does not say where it goes:\n%s", k, m.View())
		}
		m = runKey(m, "y")
		rt := m.(*root)
		if rt.screen != screenPlay || rt.learning.lesson == nil || rt.learning.lesson.at != last || rt.play.match.Played() != 0 ||
			rt.play.pos().String() != "1 4 1" || !strings.Contains(flat(m.View()), "step 6 of 6") {
			t.Fatalf("%s, y: screen %v at %v:\n%s", k, rt.screen, rt.play.pos(), m.View())
		}
		m = runKey(m, k) // nothing played: at once, and still the lesson's step
		if rt := m.(*root); rt.screen != screenPlay || rt.learning.lesson.at != last {
			t.Fatalf("%s on a fresh game: screen %v", k, rt.screen)
		}
	}
}

// A page's example goes back to its page, and its question says so, in a
// lesson and in matchgame learn.
func TestPageExampleLeavesToItsPage(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("sums")
	for _, o := range []Options{{Lesson: &plan, Lang: "zh"}, {Learn: "mex", Lang: "zh"}} {
		var m tea.Model = newTestRoot(t, o)
		m = runKey(moveOnce(t, runKey(m, "t")), "esc")
		if ask := assets.Messages("zh").T("ui.ask.page"); !strings.Contains(flat(m.View()), ask) {
			t.Fatalf("a page's example: esc does not ask %q:\n%s", ask, m.View())
		}
		if rt := runKey(m, "y").(*root); rt.screen != screenLearn || rt.learning.page.Page() != "mex" {
			t.Errorf("a page's example, y: screen %v, page %q", rt.screen, rt.learning.page.Page())
		}
	}
}

// helpKeys are the keys a person may try: letters, digits, signs and the
// named keys (ctrl+c, which ends anything, aside).
func helpKeys() []tea.KeyMsg {
	var keys []tea.KeyMsg
	for _, r := range "abcdefghijklmnopqrstuvwxyzNUY0159[]<>+-=,.?" {
		keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	for _, t := range []tea.KeyType{tea.KeyEnter, tea.KeyEsc, tea.KeyTab, tea.KeyShiftTab, tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight,
		tea.KeyPgUp, tea.KeyPgDown, tea.KeyHome, tea.KeyEnd, tea.KeyBackspace, tea.KeyDelete, tea.KeySpace, tea.KeyCtrlZ, tea.KeyCtrlR,
		tea.KeyCtrlD, tea.KeyCtrlU, tea.KeyShiftLeft, tea.KeyShiftRight} {
		keys = append(keys, tea.KeyMsg{Type: t, Runes: map[tea.KeyType][]rune{tea.KeySpace: {' '}}[t]})
	}
	return keys
}

// listed reports whether help lists k: a binding of all matches it and
// is listed, or is the other half of a listed pair (↓ of "↑/↓ select").
func listed(all []key.Binding, help [][]key.Binding, k tea.KeyMsg) bool {
	descs := map[string]bool{}
	for _, col := range help {
		for _, b := range col {
			if b.Enabled() {
				descs[b.Help().Desc] = true
			}
		}
	}
	for _, b := range all {
		if b.Enabled() && key.Matches(k, b) && descs[b.Help().Desc] {
			return true
		}
	}
	return false
}

// bindings are every binding of the game's key map.
func bindings(k KeyMap) []key.Binding {
	var all []key.Binding
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		all = append(all, v.Field(i).Interface().(key.Binding))
	}
	return all
}

// Every key a lesson's step takes is in its help (?), tab and shift+tab
// to the other steps and q to end the lesson included, on every kind of
// step: a page, a demo, a quiz, free play. (The page's own keys are the
// learn screen's, tested there.)
func TestLessonHelpListsEveryKey(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("sums")
	for step := range plan.Steps {
		at := func() *root {
			var m tea.Model = newTestRoot(t, Options{Lesson: &plan, Lang: "en"})
			for range step {
				m = runKey(m, "tab")
			}
			return m.(*root)
		}
		for _, k := range helpKeys() {
			rt := at()
			all, help := bindings(rt.play.keys), rt.play.keys.FullHelp()
			if rt.screen == screenLearn {
				all, help = lessonAround(rt.cat()), rt.learning.page.FullHelp()
				if _, _, lessons := rt.lessonKey(k); !lessons {
					continue
				}
				rt = at()
			}
			before := rt.View()
			m, cmd := rt.Update(k)
			if cmd == nil && m.View() == before || listed(all, help, k) {
				continue
			}
			t.Errorf("step %d (%s): %q does something but the help does not list it", step+1, plan.Steps[step].What("en"), k)
		}
	}
}

// The lesson's lines fit the screen and say each step whole: at 80×24
// the step's words (demo: Subtraction (Fibonacci numbers) 1 4 1) wrap
// rather than be cut; at 60×20, where the step has every line, no line
// is wider than the screen either.
func TestLessonLinesFit(t *testing.T) {
	t.Parallel()
	unspaced := func(s string) string { return strings.Join(strings.Fields(s), "") }
	for _, name := range learn.Builtins() {
		plan, err := learn.LoadPlan(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range assets.Langs {
			for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 60, Height: 20}} {
				m, _ := newTestRoot(t, Options{Lesson: &plan, Lang: lang}).Update(size)
				for i, step := range plan.Steps {
					view := m.View()
					if n := len(strings.Split(view, "\n")); n > size.Height {
						t.Errorf("%s %s %dx%d step %d: %d lines", name, lang, size.Width, size.Height, i+1, n)
					}
					for _, l := range strings.Split(view, "\n") {
						if strings.TrimSpace(l) == "…" {
							t.Errorf("%s %s %dx%d step %d: a line of \"…\" alone:\n%s", name, lang, size.Width, size.Height, i+1, view)
						}
						if w := lipgloss.Width(l); w > size.Width {
							t.Errorf("%s %s %dx%d step %d: a line of %d columns: %q", name, lang, size.Width, size.Height, i+1, w, l)
						}
					}
					if what := step.What(lang); size.Width == 80 && !strings.Contains(unspaced(view), unspaced(what)) {
						t.Errorf("%s %s 80x24 step %d: %q does not read whole:\n%s", name, lang, i+1, what, view)
					}
					m = runKey(m, "tab")
				}
			}
		}
	}
}

// The sums lesson's demo of three families (nim 3 5 + kayles 7 + wythoff
// 3 5) shows every game whole at 80×24 under the lesson's lines: each
// component's title, and nothing of the board left below the screen
// (Wythoff's heaps were).
func TestLessonSumShowsEveryGame(t *testing.T) {
	t.Parallel()
	plan, _ := learn.LoadPlan("sums")
	demo := slices.IndexFunc(plan.Steps, func(s learn.Step) bool { return s.Kind == learn.StepDemo && len(s.Setup.Config.Parts) == 3 })
	if demo < 0 {
		t.Fatal("no demo of a sum of three games in the sums plan")
	}
	for _, lang := range assets.Langs {
		cat := assets.Messages(lang)
		var m tea.Model = newTestRoot(t, Options{Lesson: &plan, Lang: lang})
		for range demo {
			m = runKey(m, "tab")
		}
		view := flat(m.View())
		sum := m.(*root).play.game().(*engine.Sum)
		for i, g := range sum.Parts {
			if name := cat.T("ui.sum.title", i+1, engine.Title(g).Render(cat)); !strings.Contains(view, name) {
				t.Errorf("%s: %q is not on screen:\n%s", lang, name, m.View())
			}
		}
		for _, l := range strings.Split(m.View(), "\n") {
			var n int
			if _, err := fmt.Sscanf(strings.TrimSpace(l), strings.ReplaceAll(cat.T("ui.board.below", 0), "0", "%d"), &n); err == nil && strings.TrimSpace(l) == cat.T("ui.board.below", n) {
				t.Errorf("%s: part of the sum is below the screen:\n%s", lang, m.View())
			}
		}
	}
}
