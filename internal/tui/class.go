package tui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/tui/text"
)

// A student's side of a class (--class): the teacher's quiz for everyone,
// a question at a time with a timer, and the teacher's demo, move by move
// at the teacher's pace. The root follows the class's events and opens
// these screens; the menu and the student's own games are there between.

// classMode is a question of the teacher's quiz on a student's screen: a
// quiz of one question, answered against the clock; the class records the
// answer and the teacher asks the next.
type classMode struct {
	*quizMode
	student  *serve.Student
	pupil    *store.Student // the student the term's store knows; nil without one
	net      *Network
	quiz     serve.Quiz
	number   int
	deadline time.Time
	closed   bool // time is up, or the teacher closed it
}

func (c *classMode) enable(m play, k *KeyMap) {
	c.quizMode.enable(m, k)
	setEnabled(false, &k.Rematch, &k.Next) // the teacher asks the next
}

func (c *classMode) turn(m play) string { return m.st.Selected.Render(m.timer()) }

func (c *classMode) choosing() bool { return !c.closed && c.quizMode.choosing() }

// followMode is the teacher's demo as a student follows it: every move
// comes from the class.
type followMode struct {
	over bool // the teacher ended it
}

func (followMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) { return m.gameKey(msg) }

func (followMode) enable(m play, k *KeyMap) {
	setEnabled(m.match.Over() && len(m.mistakes()) > 0, &k.Review)
}

func (f followMode) turn(m play) string {
	if f.over {
		return m.st.Selected.Render(m.cat.T("ui.class.followed"))
	}
	return m.st.Selected.Render(m.cat.T("ui.class.following"))
}

func (followMode) choosing() bool { return false }

func (followMode) mover(*play) (*engine.Player, time.Duration, bool) { return nil, 0, false }

// classGoneMsg ends the class's events for this session.
type classGoneMsg struct{}

// tickMsg redraws a question's timer.
type tickMsg struct{ seq int }

// listenClass waits for the class's next event.
func (rt *root) listenClass() tea.Cmd {
	if rt.student == nil {
		return nil
	}
	return serve.Listen(rt.sess.Context(), rt.student.Events(), classGoneMsg{})
}

// classEvent takes what the class says: a quiz and its questions, a demo
// and its moves.
func (rt *root) classEvent(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch e := msg.(type) {
	case classGoneMsg:
		if errors.Is(rt.student.Err(), serve.ErrTooSlow) { // fell behind: come back in
			rt.student, rt.joined = rt.net.Class.Join(rt.sess.Context(), rt.sess.User)
			return rt, rt.listenClass()
		}
		rt.student = nil
		return rt, nil
	case serve.QuizStarted, serve.QuestionOpened, serve.QuestionClosed, serve.QuizEnded:
		return rt, tea.Batch(rt.listenClass(), rt.quizEvent(e))
	case serve.ReviewStarted: // each student's own mistakes (mistakes.go)
		rt.wait(rt.cat().T("ui.class.review"))
		_, cmd := rt.openMistakes(rt.menu.options())
		return rt, tea.Batch(rt.listenClass(), cmd)
	case serve.LessonStepped:
		return rt, tea.Batch(rt.listenClass(), rt.lessonStepped(e.Step))
	}
	rt.demoEvent(msg)
	return rt, rt.listenClass()
}

// quizEvent takes the news of the teacher's quiz: it starts, a question
// opens (the student's screen shows it) or closes, it ends with the
// scores.
func (rt *root) quizEvent(msg tea.Msg) tea.Cmd {
	switch e := msg.(type) {
	case serve.QuizStarted:
		rt.quiz, rt.asked, rt.right = &e.Quiz, 0, 0
		rt.wait(rt.cat().T("ui.class.quiz", e.Quiz.Questions))
	case serve.QuestionOpened:
		if rt.quiz == nil {
			rt.quiz = rt.joinedQuiz()
		}
		if p, err := rt.classQuestionPlay(e.Number, e.Deadline); err == nil {
			rt.screen, rt.play = screenPlay, p
			rt.play, _ = rt.play.update(rt.size)
			return rt.play.tick()
		}
	case serve.QuestionClosed:
		if c := rt.play.class(); rt.screen == screenPlay && c != nil && c.number == e.Number {
			rt.play = rt.play.timeUp()
		}
	case serve.QuizEnded:
		own := rt.quiz != nil && rt.quiz.OwnRank
		rt.quiz = nil
		if own {
			rt.wait(rt.ownRank(e.Scores))
		} else {
			rt.wait(rt.scoreboard(e.Scores))
		}
	}
	return nil
}

// demoEvent takes the news of the teacher's demo: it starts (the
// student's screen follows it), a move is made, it ends.
func (rt *root) demoEvent(msg tea.Msg) {
	_, following := rt.play.following()
	following = following && rt.screen == screenPlay
	switch e := msg.(type) {
	case serve.DemoStarted:
		if p, err := rt.followPlay(e.Game); err == nil {
			rt.screen, rt.play = screenPlay, p
			rt.play, _ = rt.play.update(rt.size)
		}
	case serve.DemoMoved:
		if following {
			rt.play = rt.play.followMove(e.Move)
		}
	case serve.DemoEnded:
		if following {
			rt.play = rt.play.followEnd()
		}
	}
}

// catchUp puts a student who joins late where the class is (issue 19,
// item 2): the teacher's demo with the moves made so far, or the open
// question. It takes them from the state the class gave at joining, not
// as events: the events that follow are read by the one listener.
func (rt *root) catchUp() tea.Cmd {
	if s := rt.joined.Lesson; s != nil {
		rt.lessonStepped(*s)
	}
	if d := rt.joined.Demo; d != nil {
		rt.demoEvent(serve.DemoStarted{Game: d.Game})
		for i, mv := range d.Moves {
			rt.demoEvent(serve.DemoMoved{Number: i + 1, Move: mv})
		}
	}
	if q := rt.joined.Quiz; q != nil && q.Open {
		return rt.quizEvent(serve.QuestionOpened{Number: q.Asked, Deadline: q.Deadline})
	}
	return nil
}

// joinedQuiz is the quiz running when the student joined.
func (rt *root) joinedQuiz() *serve.Quiz {
	if rt.joined.Quiz != nil {
		q := rt.joined.Quiz.Quiz
		return &q
	}
	return &serve.Quiz{}
}

// wait shows the class screen: a line about the class, over the menu.
func (rt *root) wait(say string) {
	rt.classNote, rt.menu.classNote = say, say
	if _, follows := rt.play.following(); rt.screen == screenPlay && (rt.play.class() != nil || follows) {
		rt.screen = screenMenu
	}
}

// classQuestionPlay is question n of the teacher's quiz, open until
// deadline.
func (rt *root) classQuestionPlay(n int, deadline time.Time) (play, error) {
	g, c, p, err := classQuestion(*rt.quiz, n)
	if err != nil {
		return play{}, err
	}
	o := rt.menu.options()
	o.Game, o.Position, o.Quiz, o.Questions = configOf(g, c), p, true, rt.quiz.Questions
	o.Explain = "" // a quiz's own default: the working comes with the answer
	m, err := newPlayOf(g, c, o, rt.cat(), rt.menu.st)
	if err != nil {
		return play{}, err
	}
	q := m.quiz()
	q.asked = n - 1
	m.mode = &classMode{quizMode: q, student: rt.student, pupil: rt.pupil, net: rt.net, quiz: *rt.quiz, number: n, deadline: deadline}
	m.note = rt.cat().T("ui.class.ask", n, rt.quiz.Questions, engine.BriefOf(m.game(), p))
	return m, nil
}

// followPlay is the teacher's demo as a student follows it.
func (rt *root) followPlay(game serve.Game) (play, error) {
	s, err := specOf(game)
	if err != nil {
		return play{}, err
	}
	g, c, p := s.game, s.conv, s.start
	o := rt.menu.options()
	o.Game, o.Position, o.Quiz, o.Explain = configOf(g, c), p, false, "teach"
	m, err := newPlayOf(g, c, o, rt.cat(), rt.menu.st)
	if err != nil {
		return play{}, err
	}
	m.mode, m.thinking, m.startCmd = followMode{}, false, nil
	m.note = rt.cat().T("ui.class.demo")
	m.settle()
	return m, nil
}

// followMove makes a move of the teacher's demo on the board.
func (m play) followMove(move serve.GameMove) play {
	mv, ok := moveOf(move)
	if !ok {
		return m
	}
	turn, err := m.match.Play(mv, true, 0)
	if err != nil {
		return m
	}
	m.note, m.noteBad = m.cat.T("ui.demo.moved", m.sideTitle(turn.Side), engine.Describe(m.game(), turn.Before.Position, mv).Render(m.cat), engine.BriefOf(m.game(), turn.After)), false
	m.settle()
	return m
}

// followEnd leaves the teacher's demo on the board when it ends, to look
// at: no one's turn, no move to make; n goes to the menu.
func (m play) followEnd() play {
	m.mode = followMode{over: true}
	m.note, m.noteBad = m.cat.T("ui.class.demo.over"), false
	m.syncKeys()
	m.refreshPanel()
	return m
}

// classAnswer sends the person's answer to the class: the engine judges,
// the class records it with its time.
func (m play) classAnswer(ans quizAnswer) play {
	c := m.class()
	if _, err := c.student.Answer(c.number, c.net.moveText(m.game(), ans.turn.Before.Position, ans.turn.Move), ans.right, c.keepAnswer(m.game(), ans)); err != nil {
		m.note, m.noteBad = sentences(m.cat, m.note, m.cat.T("ui.class.late")), true
	}
	return m
}

// timeUp closes the question on screen: no answer is taken any more, and
// the explanation is shown.
func (m play) timeUp() play {
	c := m.class()
	c.closed = true
	if c.answer == nil {
		m.note, m.noteBad = m.cat.T("ui.class.timeup", engine.Describe(m.game(), m.match.Now().Position, *m.match.Now().Move).Render(m.cat)), true
		c.answer = &quizAnswer{turn: engine.Turn{Before: m.match.Now(), Move: *m.match.Now().Move, After: m.match.Now().After}}
	}
	m.syncKeys()
	m.refreshPanel()
	return m
}

// tick redraws the timer every second while the question is open.
func (m play) tick() tea.Cmd {
	if c := m.class(); c == nil || c.closed {
		return nil
	}
	seq := m.seq
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{seq: seq} })
}

// timer is the time left to answer, as the header shows it.
func (m play) timer() string {
	c := m.class()
	left := max(0, time.Until(c.deadline).Round(time.Second))
	return m.cat.T("ui.class.timer", c.number, c.quiz.Questions, int(left.Seconds()))
}

// scoreboard is the class's scores at the end of a quiz, as a student
// sees them.
// ownRank is the end of a quiz whose scoreboard the teacher keeps: the
// student's own rank and score only (issue 19, item 6).
func (rt *root) ownRank(scores []serve.Score) string {
	cat := rt.cat()
	for i, s := range scores {
		if rt.student != nil && s.Student.ID == rt.student.ID {
			return cat.T("ui.class.ownrank", i+1, len(scores), cat.T("ui.class.score", s.Right, s.Right+s.Wrong+s.Missed))
		}
	}
	return cat.T("ui.class.over")
}

func (rt *root) scoreboard(scores []serve.Score) string {
	cat := rt.cat()
	lines := []string{cat.T("ui.class.scores")}
	scores = scores[:min(len(scores), 10)]
	names := 0
	for _, s := range scores {
		names = max(names, text.Width(s.Student.Name))
	}
	for i, s := range scores {
		lines = append(lines, fmt.Sprintf("%2d. %s  %s", i+1, text.PadRight(s.Student.Name, names), cat.T("ui.class.score", s.Right, s.Right+s.Wrong+s.Missed)))
	}
	return strings.Join(lines, "\n")
}
