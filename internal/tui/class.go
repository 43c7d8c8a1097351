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
	setEnabled(!c.unanswered(), &k.Explain)
}

// unanswered: the question is open and this student has not answered it.
func (c *classMode) unanswered() bool { return c.answer == nil && !c.closed }

// voice: before the answer nothing of the working, whatever e chose (the
// class is answering the same question); after it, all of it.
func (c *classMode) voice(explain string, hint int) voice {
	if c.unanswered() {
		return voice{title: "ui.panel.why.class", off: true, hidden: true, after: true, disclosure: engine.Why}
	}
	return c.quizMode.voice(explain, hint)
}

func (c *classMode) turn(m play) string {
	left := max(0, time.Until(c.deadline).Round(time.Second))
	return m.st.Selected.Render(m.cat.T("ui.class.timer", c.number, c.quiz.Questions, int(left.Seconds())))
}

func (c *classMode) choosing() bool         { return !c.closed && c.quizMode.choosing() }
func (c *classMode) moved(engine.Turn) mode { return c }
func (c *classMode) again() mode            { return c }
func (*classMode) ofClass() bool            { return true }

// confirm answers the question with mv: the engine judges, the class
// records it with its time, and the teacher asks the next.
func (c *classMode) confirm(m play, mv engine.Move) (play, tea.Cmd) {
	s, ok := c.judge(m.match, mv, m.cat)
	if !ok {
		m.say(s)
		m.sel.typed = ""
		return m, nil
	}
	m.say(said{sentences(m.cat, s.text, m.cat.T("ui.class.wait")), s.bad})
	ans := *c.answer
	if _, err := c.student.Answer(c.number, c.net.moveText(m.game(), ans.turn.Before.Position, ans.turn.Move), ans.right, c.keepAnswer(m.game(), ans)); err != nil {
		m.note, m.noteBad = sentences(m.cat, m.note, m.cat.T("ui.class.late")), true
	}
	return m.enter(c, said{}), nil
}

// event: the timer's tick redraws it every second while the question is
// open; the class closing the question closes it on screen.
func (c *classMode) event(m play, msg tea.Msg) (play, tea.Cmd, bool) {
	switch e := msg.(type) {
	case tickMsg:
		if e.seq == m.seq {
			return m, c.tick(m.seq), true
		}
	case serve.QuestionClosed:
		if e.Number == c.number {
			return c.timeUp(m, e.Early), nil, true
		}
	}
	return m, nil, false
}

// timeUp closes the question on screen: no answer is taken any more, and
// the explanation is shown. Unanswered, it says why it closed (the time
// up, or the teacher before it) and a winning move.
func (c *classMode) timeUp(m play, early bool) play {
	c.closed = true
	if c.answer == nil {
		now, why := m.match.Now(), "ui.class.timeup"
		if early {
			why = "ui.class.closed"
		}
		m.note, m.noteBad = m.cat.T(why, now.Describe(*now.Move).Render(m.cat)), true
		c.answer = &quizAnswer{turn: engine.Turn{Before: now, Move: *now.Move, After: now.After}}
		c.keepMissed(m.game(), m.match.Conv, now.Position)
	}
	return m.enter(c, said{})
}

// tick redraws the timer every second while the question is open.
func (c *classMode) tick(seq int) tea.Cmd {
	if c.closed {
		return nil
	}
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{seq: seq} })
}

// followMode is the teacher's demo as a student follows it: every move
// comes from the class.
type followMode struct {
	base
	over bool // the teacher ended it
}

func (followMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) { return m.gameKey(msg) }

func (followMode) enable(m play, k *KeyMap) {
	setEnabled(m.match.Over() && len(m.teller().mistakes()) > 0, &k.Review)
}

func (f followMode) turn(m play) string {
	if f.over {
		return m.st.Selected.Render(m.cat.T("ui.class.followed"))
	}
	return m.st.Selected.Render(m.cat.T("ui.class.following"))
}

func (followMode) choosing() bool           { return false }
func (f followMode) moved(engine.Turn) mode { return f }
func (f followMode) again() mode            { return f }
func (followMode) ofClass() bool            { return true }

// event: a move of the teacher's demo is made on the board; at its end
// the demo stays there, to look at: no one's turn, no move to make; n
// goes to the menu.
func (f followMode) event(m play, msg tea.Msg) (play, tea.Cmd, bool) {
	switch e := msg.(type) {
	case serve.DemoMoved:
		mv, ok := moveOf(e.Move)
		if !ok {
			return m, nil, true
		}
		if turn, err := m.match.Play(mv, true, 0); err == nil {
			m.note, m.noteBad = m.teller().moved(turn), false
			m.settle()
		}
		return m, nil, true
	case serve.DemoEnded:
		return m.enter(followMode{over: true}, said{m.cat.T("ui.class.demo.over"), false}), nil, true
	}
	return m, nil, false
}

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
// scores. From a question's close on, the menu counts the mistakes due
// with the answers just kept.
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
			rt.play = p
			return rt.show(screenPlay) // and the question's timer
		}
	case serve.QuestionClosed:
		if rt.screen == screenPlay { // the question's own screen closes it
			rt.play, _ = rt.play.update(e)
		}
		rt.menu.reviewDue = rt.reviewsDue() // a wrong answer kept is due at once
	case serve.QuizEnded:
		own := rt.quiz != nil && rt.quiz.OwnRank
		rt.quiz, rt.menu.reviewDue = nil, rt.reviewsDue() // the menu the quiz ends on offers the review
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
	switch e := msg.(type) {
	case serve.DemoStarted:
		if p, err := rt.followPlay(e.Game); err == nil {
			rt.play = p
			rt.show(screenPlay)
		}
	case serve.DemoMoved, serve.DemoEnded:
		if rt.screen == screenPlay { // the demo followed takes them
			rt.play, _ = rt.play.update(e)
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
	if rt.screen == screenPlay && rt.play.mode.ofClass() {
		rt.show(screenMenu)
	}
}

// classQuestionPlay is question n of the teacher's quiz, open until
// deadline.
func (rt *root) classQuestionPlay(n int, deadline time.Time) (play, error) {
	g, conv, p, err := classQuestion(*rt.quiz, n)
	if err != nil {
		return play{}, err
	}
	o := rt.menu.options()
	o.Game, o.Position, o.Quiz, o.Questions = configOf(g, conv), p, true, rt.quiz.Questions
	o.Explain = "" // a quiz's own default: the working comes with the answer
	m, err := newPlayOf(g, conv, o, rt.cat(), rt.menu.st)
	if err != nil {
		return play{}, err
	}
	q, _ := m.mode.(*quizMode)
	q.asked = n - 1
	c := &classMode{quizMode: q, student: rt.student, pupil: rt.pupil, net: rt.net, quiz: *rt.quiz, number: n, deadline: deadline}
	m.mode, m.startCmd = c, c.tick(m.seq)
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
