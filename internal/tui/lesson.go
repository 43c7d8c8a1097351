package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/text"
)

// A lesson on one screen (`matchgame lesson PLAN`), for a projector: the
// plan's steps one after another, tab to the next, shift+tab back, each
// shown by the screen it needs (a page, a demo, a quiz, a game) under a
// line that says where the lesson is and the teacher's note.

// lessonRun is the lesson on screen.
type lessonRun struct {
	plan learn.Plan
	at   int
	opts Options
	// note is how many lines the note takes over the step: the screen's
	// lines beyond what a game needs, at most two.
	note int
	// ending: q asked to end the lesson; the next key answers.
	ending bool
	// reading: N shows the note whole over the step; the next key closes it.
	reading bool
}

// lessonKeys: tab goes to the next step, shift+tab back.
const (
	lessonNext = "tab"
	lessonBack = "shift+tab"
	lessonNote = "N" // n is a game's "the step again"
)

// lessonSteps is the help of tab and shift+tab on a step's screen.
func lessonSteps(cat *assets.Catalog) key.Binding {
	return key.NewBinding(key.WithKeys(lessonNext, lessonBack), key.WithHelp(lessonNext+"/"+lessonBack, cat.T("lesson.key.steps")))
}

// lessonNoteKey is the help of N, the note whole, on a step's screen.
func lessonNoteKey(cat *assets.Catalog) key.Binding {
	return key.NewBinding(key.WithKeys(lessonNote), key.WithHelp(lessonNote, cat.T("lesson.key.note")))
}

// lessonAround are the lesson's keys a page of it lists in its help.
func lessonAround(cat *assets.Catalog) []key.Binding {
	return []key.Binding{lessonSteps(cat), lessonNoteKey(cat), key.NewBinding(key.WithKeys("q"), key.WithHelp("q", cat.T("lesson.key.end")))}
}

// startLesson opens the plan's first step.
func (rt *root) startLesson(opts Options) {
	rt.learning = learning{lesson: &lessonRun{plan: *opts.Lesson, opts: opts}}
	rt.lessonGo(0)
}

// inner is the size a step's screen gets under the lesson's lines.
func (l *lessonRun) inner(size tea.WindowSizeMsg) tea.WindowSizeMsg {
	l.note = min(3, max(0, size.Height-minHeight))
	size.Height -= l.note
	return size
}

// lessonKey takes the lesson's own messages before the step's screen: a
// new size (the step gets what the lesson's lines leave), tab and
// shift+tab, and q wherever the step would quit, which asks to end the
// lesson: a stray q on a projector ends nothing.
func (rt *root) lessonKey(msg tea.Msg) (tea.Model, tea.Cmd, bool) {
	l := rt.learning.lesson
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		inner := l.inner(msg)
		var cmd tea.Cmd
		switch rt.screen {
		case screenLearn:
			rt.learning.page, cmd = rt.learning.page.Update(inner)
		case screenPlay:
			rt.play, cmd = rt.play.update(inner)
		}
		return rt, cmd, true
	case tea.KeyMsg:
		return rt.lessonKeyPress(msg)
	}
	return rt, nil, false
}

// lessonKeyPress takes a key the lesson answers: its question's answer,
// N's note, tab and shift+tab, q.
func (rt *root) lessonKeyPress(msg tea.KeyMsg) (tea.Model, tea.Cmd, bool) {
	l := rt.learning.lesson
	switch {
	case l.ending:
		l.ending = false
		if yes(msg.String(), "q", true) {
			return rt, tea.Quit, true
		}
		return rt, nil, true
	case l.reading || msg.String() == lessonNote:
		l.reading = !l.reading
		return rt, nil, true
	case msg.String() == lessonNext && l.at+1 < len(l.plan.Steps):
		return rt, rt.lessonGo(l.at + 1), true
	case msg.String() == lessonBack && l.at > 0:
		return rt, rt.lessonGo(l.at - 1), true
	case msg.String() == lessonNext, msg.String() == lessonBack:
		return rt, nil, true // the first or last step: nothing beyond
	case msg.String() == "q" && (rt.screen == screenLearn || quitsGame(rt.play, msg)):
		l.ending = true
		return rt, nil, true
	}
	return rt, nil, false
}

// quitsGame reports whether key msg would quit game m now: no question
// is waiting and the mode leaves q to the screen (the review closes on q).
func quitsGame(m play, msg tea.KeyMsg) bool {
	return m.asking == "" && !m.mode.ownKeys() && key.Matches(msg, m.keys.Quit)
}

// lessonGo opens step i of the lesson.
func (rt *root) lessonGo(i int) tea.Cmd {
	l := rt.learning.lesson
	l.at = i
	rt.learning.tried = false
	step := l.plan.Steps[i]
	if step.Kind == learn.StepPage {
		rt.learning.page = rt.newLearnScreen(l.opts, step.Page)
		rt.learning.page.Fixed, rt.learning.page.Around = true, lessonAround(assets.Messages(l.opts.Lang))
		return rt.show(screenLearn)
	}
	p, err := rt.stepPlay(l.opts, step)
	if err != nil { // the plan was checked: a start the engine refuses now is said in place of the step
		rt.screen = screenLearn
		rt.learning.page = rt.newLearnScreen(l.opts, "list")
		return nil
	}
	rt.play = p
	cmd := rt.show(screenPlay)
	if step.Kind == learn.StepDemo {
		rt.play, cmd = rt.play.startDemo(nil)
	}
	return cmd
}

// stepPlay is the game screen of a demo, quiz or free-play step.
func (rt *root) stepPlay(base Options, step learn.Step) (play, error) {
	o := base
	o.Lesson, o.Learn, o.Menu = nil, "", false
	o.Game, o.Position, o.Quiz, o.First, o.Players = step.Setup.Config, step.Setup.Pos, step.Kind == learn.StepQuiz, "me", 1
	if o.Quiz {
		o.Questions, o.Position = step.Questions, nil
	}
	p, err := newPlayOf(step.Setup.Game, step.Setup.Conv, o, assets.Messages(o.Lang), rt.styles(o))
	if err != nil {
		return p, err
	}
	p.away, p.inLesson = "step", true
	p, _ = p.update(rt.playSize())
	return p, nil
}

// lessonView is the lesson's lines over the step's screen: where it is
// and the teacher's note, wrapped whole where there is room, said to be
// under N where there is not; N's note and q's question cover the step's
// top as far as they need.
func (rt *root) lessonView() string {
	l := rt.learning.lesson
	if rt.size.Width < minWidth || rt.size.Height < minHeight {
		return tooSmall(rt.cat(), rt.size.Width, rt.size.Height)
	}
	cat := assets.Messages(l.opts.Lang)
	st := rt.styles(l.opts)
	w := rt.size.Width - 2*margin
	under := strings.Split(rt.screenView(), "\n")
	var lines []string
	switch {
	case l.ending: // the question in the note's place, or over the step where there is no room
		ask := text.WrapStyled(cat.T("lesson.ask.end"), w, st.Selected)
		if lines = append(l.head(cat, st, w), ask...); len(lines) > l.note {
			lines = ask
		}
	case l.reading:
		lines = append(l.lines(cat, st, w), st.Subtle.Render(cat.T("lesson.note.close")))
	default:
		lines = l.fitted(cat, st, w)
		if len(lines) == 0 { // no room over the step: where the lesson is goes on its own line
			return strings.Join(l.over(under, frame(l.marked([]string{l.where(cat)}, cat, st, w), rt.size.Width, 1)), "\n")
		}
	}
	for len(lines) < l.note {
		lines = append(lines, "")
	}
	under = under[min(len(under), len(lines)-l.note):] // the lines a question or the note covers
	return frame(lines, rt.size.Width, len(lines)) + "\n" + strings.Join(under, "\n")
}

// lines are the lesson's lines whole: where it is, the note wrapped.
func (l *lessonRun) lines(cat *assets.Catalog, st *Styles, w int) []string {
	lines := l.head(cat, st, w)
	if note := l.plan.Steps[l.at].NoteIn(cat.Lang); note != "" {
		lines = append(lines, text.WrapStyled("✎ "+note, w, st.Bold)...)
	}
	return lines
}

// fitted are the lesson's lines in the room over the step: whole, or as
// many as fit, the last saying that N shows the rest.
func (l *lessonRun) fitted(cat *assets.Catalog, st *Styles, w int) []string {
	lines := l.lines(cat, st, w)
	if len(lines) <= l.note {
		return lines
	}
	return l.marked(lines[:l.note], cat, st, w)
}

// marked ends lines with the word that N shows the note whole, when the
// step has a note, the last line cut to make room for it.
func (l *lessonRun) marked(lines []string, cat *assets.Catalog, st *Styles, w int) []string {
	if len(lines) == 0 || l.plan.Steps[l.at].NoteIn(cat.Lang) == "" {
		return lines
	}
	more := "  " + st.Subtle.Render(cat.T("lesson.note.more"))
	last := len(lines) - 1
	if text.Width(lines[last]+more) > w {
		lines[last] = text.Truncate(lines[last], max(1, w-text.Width(more)), "…")
	}
	lines[last] += more
	return lines
}

// over puts the lesson's line on the step's screen where it has no line
// of its own (20 rows): on the blank line under the step's title, or on
// the title itself.
func (l *lessonRun) over(under []string, line string) []string {
	i := 0
	if len(under) > 1 && strings.TrimSpace(under[1]) == "" {
		i = 1
	}
	if len(under) > 0 {
		under[i] = line
	}
	return under
}

// head is the lesson's first line: the plan, the step and what it is,
// and the keys; what does not fit goes, the keys first (the footer has
// them), then the plan's title, and the step's own words wrap rather than
// be cut.
func (l *lessonRun) head(cat *assets.Catalog, st *Styles, w int) []string {
	at := l.where(cat)
	plan := st.Title.Render(l.plan.TitleIn(cat.Lang)) + " · "
	for _, head := range []string{plan + at + "  " + st.Subtle.Render(cat.T("lesson.keys")), plan + at} {
		if text.Width(head) <= w {
			return []string{head}
		}
	}
	return text.Wrap(at, w)
}

// where is the step the lesson is at: "step 2 of 6 · demo: …".
func (l *lessonRun) where(cat *assets.Catalog) string {
	return cat.T("lesson.step.at", l.at+1, len(l.plan.Steps)) + " · " + l.plan.Steps[l.at].What(cat.Lang)
}

// LessonOutline is a plan as text: its title, then each step with its
// note, for `matchgame lesson --check` and a lesson asked for without a
// terminal.
func LessonOutline(p learn.Plan, lang string) string {
	cat := assets.Messages(lang)
	var b strings.Builder
	b.WriteString(cat.T("lesson.outline", p.TitleIn(cat.Lang), len(p.Steps)) + "\n")
	for i, s := range p.Steps {
		b.WriteString("\n" + cat.T("lesson.outline.step", i+1, s.What(cat.Lang)) + "\n")
		if n := s.NoteIn(cat.Lang); n != "" {
			for _, line := range text.Wrap(n, 74) {
				b.WriteString("   " + line + "\n")
			}
		}
	}
	return b.String()
}
