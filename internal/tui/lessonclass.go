package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/text"
)

// A lesson in class (serve --class --lesson PLAN): tab on the dashboard
// takes the class to the plan's next step (shift+tab back). The class
// hub tells every student the step; a page or free play opens on each
// student's screen, and a demo or a quiz starts as the dashboard starts
// them, by the class's own events.

// dashLesson is the plan on the dashboard and the step the class is at
// (-1 before the first).
type dashLesson struct {
	plan learn.Plan
	at   int
	held map[int]bool // the quiz steps whose quiz was started
}

func newDashLesson(p *learn.Plan) *dashLesson {
	if p == nil {
		return nil
	}
	return &dashLesson{plan: *p, at: -1, held: map[int]bool{}}
}

// lessonKey takes the class to the next step, or back one: what the step
// before started (a demo, a quiz) ends first.
func (d dashboard) lessonKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if d.lesson == nil {
		return d, nil
	}
	to := d.lesson.at + 1
	if k.String() == lessonBack {
		to = d.lesson.at - 1
	}
	if to < 0 || to >= len(d.lesson.plan.Steps) {
		d.note = d.cat.T("lesson.end")
		return d, nil
	}
	if d.quiz != nil {
		_, _ = d.class.EndQuiz()
		d.quiz, d.open = nil, false
	}
	d.class.EndDemo()
	d.screen = dashMain
	if d.lesson.at < 0 {
		d.taught("lesson", d.lesson.plan.Name)
	}
	d.lesson.at = to
	step := d.lesson.plan.Steps[to]
	d.class.Step(serve.LessonStep{Number: to + 1, Of: len(d.lesson.plan.Steps), Step: step})
	o := d.info.Options
	o.Game, o.Position, o.Menu = step.Setup.Config, step.Setup.Pos, false
	switch step.Kind {
	case learn.StepPage:
		d.taught("page", step.Page)
	case learn.StepPlay:
		d.taught("play", gameSpec{game: step.Setup.Game, conv: step.Setup.Conv, start: step.Setup.Pos}.String())
	case learn.StepDemo:
		return d.start(dashMsg{opts: o})
	case learn.StepQuiz:
		if d.lesson.held[to] { // stepped back onto it: the report keeps one, q holds another
			d.note = d.cat.T("lesson.quiz.held")
			return d, nil
		}
		o.Position = nil
		next, cmd := d.start(dashMsg{opts: o, quiz: true, limit: secondsOf(step), question: step.Questions})
		d.lesson.held[to] = next.(dashboard).quiz != nil
		return next, cmd
	}
	return d, nil
}

// lessonLines say where the lesson is: the step, its note for the
// teacher, and what tab does next.
func (d dashboard) lessonLines(w int) []string {
	if d.lesson == nil {
		return nil
	}
	l, cat := d.lesson, d.cat
	lines := text.WrapStyled(cat.T("lesson.dash", l.plan.TitleIn(cat.Lang), max(0, l.at+1), len(l.plan.Steps)), w, d.st.Bold)
	if l.at >= 0 {
		step := l.plan.Steps[l.at]
		lines = append(lines, text.WrapStyled(step.What(cat.Lang), w, d.st.Selected)...)
		if n := step.NoteIn(cat.Lang); n != "" {
			lines = append(lines, text.Wrap("✎ "+n, w)...)
		}
	}
	if l.at+1 < len(l.plan.Steps) {
		lines = append(lines, d.st.Subtle.Render(text.Truncate(cat.T("lesson.dash.next", l.plan.Steps[l.at+1].What(cat.Lang)), w, "…")))
	}
	return append(lines, "")
}

// lessonStepped puts a student where the teacher's lesson is: a page or
// free play opens on the screen; a demo or a quiz comes by its own
// events, the class line saying meanwhile what the step is.
func (rt *root) lessonStepped(s serve.LessonStep) tea.Cmd {
	step, ok := s.Step.(learn.Step)
	if !ok {
		return nil
	}
	o := rt.menu.options()
	note := rt.cat().T("lesson.student", s.Number, s.Of, step.What(o.Lang))
	rt.classNote, rt.menu.classNote = note, note
	switch step.Kind {
	case learn.StepPage:
		rt.learning = learning{page: rt.newLearnScreen(o, step.Page)}
		rt.show(screenLearn)
	case learn.StepPlay:
		p, err := rt.stepPlay(o, step)
		if err != nil {
			return nil
		}
		rt.learning = learning{}
		rt.play = p
		return rt.show(screenPlay)
	default:
		if rt.screen == screenLearn {
			rt.show(screenMenu)
		}
	}
	return nil
}

// secondsOf is how long each question of a quiz step stays open.
func secondsOf(s learn.Step) time.Duration { return time.Duration(s.Seconds) * time.Second }

// dashLessonLines is how many lines the lesson takes over the teacher's
// demo: where it is and the note, as far as the screen has room beyond
// what the demo needs.
func (d dashboard) dashLessonLines() int {
	return min(len(d.demoLessonLines()), max(0, d.height-minHeight))
}

// demoLessonLines are where the lesson is and the teacher's note,
// wrapped whole, over the demo.
func (d dashboard) demoLessonLines() []string {
	if d.lesson == nil || d.lesson.at < 0 {
		return nil
	}
	step := d.lesson.plan.Steps[d.lesson.at]
	w := d.width - 2*margin
	lines := []string{text.Truncate(d.st.Bold.Render(d.cat.T("lesson.dash", d.lesson.plan.TitleIn(d.cat.Lang), d.lesson.at+1, len(d.lesson.plan.Steps)))+
		" · "+d.st.Subtle.Render(d.cat.T("lesson.dash.keys")), w, "…")}
	if note := step.NoteIn(d.cat.Lang); note != "" {
		lines = append(lines, text.Wrap("✎ "+note, w)...)
	}
	return lines
}

// demoSize is the teacher's demo's size: the screen, less the lesson's
// lines over it.
func (d dashboard) demoSize() tea.WindowSizeMsg {
	return tea.WindowSizeMsg{Width: d.width, Height: d.height - d.dashLessonLines()}
}

// demoView is the teacher's demo under the lesson's step and note.
func (d dashboard) demoView() string {
	n := d.dashLessonLines()
	if n == 0 {
		return d.demo.view()
	}
	return frame(fit(d.demoLessonLines(), n), d.width, n) + "\n" + d.demo.view()
}
