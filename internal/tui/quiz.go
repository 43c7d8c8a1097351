package tui

import (
	"math/rand/v2"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// The quiz: "find a winning move" on N-positions, a session of a number
// of questions ending with a summary. Each question is a match of one
// move, judged by the engine; the questions grow harder with a streak of
// right answers. Nothing on screen gives the answer away before it is
// given.

// quizMode is a quiz on the game screen.
type quizMode struct {
	rng       *rand.Rand
	conv      engine.Convention // the convention chosen
	questions int
	asked     int // questions answered
	right     int
	streak    int
	began     time.Time // the quiz's start, and the question's
	asking    time.Time
	took      time.Duration // the whole quiz, once done
	answer    *quizAnswer   // the answer to the question on screen; nil while asking
	log       []quizAnswer  // every answer, for the summary and the handout
	done      bool          // the summary is on screen
}

// quizAnswer is one answer, judged: the move given as a turn of the
// question's match.
type quizAnswer struct {
	turn      engine.Turn
	conv      engine.Convention
	right     bool // the move leaves a P-position: a winning move
	canonical bool // and it is the engine's canonical move
	took      time.Duration
}

// answered is the answer to the question on screen, nil while asking or
// outside a quiz.
func (m play) answered() *quizAnswer {
	if q := m.quiz(); q != nil {
		return q.answer
	}
	return nil
}

func (q *quizMode) enable(m play, k *KeyMap) {
	k.Rematch.SetHelp("r", m.cat.T("ui.key.again")) // r starts another quiz
	setEnabled(q.done, &k.Rematch)
	setEnabled(q.answer != nil, &k.Next)
	next := "ui.key.next"
	if q.asked >= q.questions { // after the last answer, enter shows the summary
		next = "ui.key.summary"
	}
	k.Next.SetHelp("enter", m.cat.T(next))
}

func (q *quizMode) turn(m play) string {
	n := min(q.asked+btoi(q.answer == nil), q.questions) // the question on screen
	return m.st.Selected.Render(m.cat.T("ui.quiz.score", n, q.questions, q.right))
}

func (q *quizMode) choosing() bool { return q.answer == nil }

func (*quizMode) mover(*play) (*engine.Player, time.Duration, bool) { return nil, 0, false }

// startQuiz asks the first question: the position given, or a drawn one.
func (m play) startQuiz(g engine.Game, conv engine.Convention, rng *rand.Rand) (play, error) {
	n := m.opts.Questions
	if n <= 0 {
		n = defaultQuestions
	}
	now := time.Now()
	m.mode = &quizMode{rng: rng, conv: conv, questions: n, began: now, asking: now}
	start := m.opts.Position
	if start == nil {
		var ok bool
		if start, ok = variants.RandomPosition(g, conv, rng); !ok {
			return play{}, engine.Refuse("ui.quiz.none")
		}
	}
	var err error
	if m.match, err = newMatch(g, conv, start, true); err != nil {
		return play{}, err
	}
	m.askNote()
	m.settle()
	return m, nil
}

// key: while asking, the keys of choosing a move (enter answers); after
// an answer, the next question.
func (q *quizMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	switch {
	case q.done && key.Matches(msg, m.keys.Rematch):
		return m.restartQuiz()
	case q.answer != nil && key.Matches(msg, m.keys.Next):
		return m.nextQuestion()
	case q.answer == nil && !q.done && key.Matches(msg, m.keys.Confirm):
		return m.answer()
	case q.answer == nil && !q.done:
		return m.chooseKey(msg)
	}
	return m, nil
}

// answer judges the selected move: any move to a P-position is right. A
// move the rules refuse is not an answer.
func (m play) answer() (play, tea.Cmd) {
	q := m.quiz()
	before := m.match.Now()
	turn, err := m.match.Play(m.chosen(), false, 0)
	if err != nil {
		m.note, m.noteBad = m.cat.T("ui.refused", engine.Message(err, m.cat)), true
		m.sel.typed = ""
		return m, nil
	}
	ans := quizAnswer{turn: turn, conv: m.match.Conv, right: turn.Verdict == engine.Wins, took: time.Since(q.asking)}
	ans.canonical = ans.right && before.Move != nil && *before.Move == turn.Move
	q.asked++
	if ans.right {
		q.right++
		q.streak++
	} else {
		q.streak = 0
	}
	q.answer = &ans
	q.log = append(q.log, ans)
	g := m.game()
	said, best := engine.Describe(g, before.Position, turn.Move).Render(m.cat), engine.Describe(g, before.Position, *before.Move).Render(m.cat)
	switch {
	case ans.canonical:
		m.note = m.cat.T("ui.quiz.right.canonical", said)
	case ans.right:
		m.note = m.cat.T("ui.quiz.right.other", said, engine.BriefOf(m.game(), turn.After), best)
	default:
		m.note = m.cat.T("ui.quiz.wrong", said, engine.BriefOf(m.game(), turn.After), m.match.Now().Reason.Render(m.cat), best)
	}
	m.noteBad = !ans.right
	switch {
	case m.class() != nil:
		m.note = sentences(m.cat, m.note, m.cat.T("ui.class.wait"))
	case q.asked < q.questions:
		m.note = sentences(m.cat, m.note, m.cat.T("ui.quiz.next"))
	default:
		m.note = sentences(m.cat, m.note, m.cat.T("ui.quiz.last"))
	}
	if m.class() != nil { // the teacher's quiz: the class records it, the teacher asks the next
		m = m.classAnswer(ans)
		m.syncKeys()
		m.refreshPanel()
		return m, nil
	}
	m.syncKeys()
	m.refreshPanel()
	return m, m.autoSave()
}

// nextQuestion draws the next position to ask about, harder after a
// streak, or ends the quiz with its summary.
func (m play) nextQuestion() (play, tea.Cmd) {
	q := m.quiz()
	if q.asked >= q.questions {
		q.answer, q.done, q.took = nil, true, time.Since(q.began)
		m.note, m.noteBad = "", false
		m.syncKeys()
		m.refreshPanel()
		return m, m.autoSave()
	}
	g, conv := m.game(), q.conv
	level := min(q.streak/2, 3)
	if level >= 2 && q.asked%2 == 1 { // a streak earns misère questions too
		conv = engine.Misere - conv
	}
	p, ok := variants.RandomPositionOfSize(g, conv, level, q.rng)
	match, err := newMatch(g, conv, p, true)
	if !ok || err != nil {
		m.note, m.noteBad = m.cat.T("ui.quiz.none"), true
		return m, nil
	}
	m.match, q.answer, q.asking = match, nil, time.Now()
	m.askNote()
	m.settle()
	return m, nil
}

// restartQuiz starts a new quiz of the same game after the summary.
func (m play) restartQuiz() (play, tea.Cmd) {
	q := m.quiz()
	*q = quizMode{rng: q.rng, conv: q.conv, questions: q.questions, began: time.Now()}
	return m.nextQuestion()
}

// askNote puts the question; a misère one says so in the question itself
// (a streak turns questions to misère play: the title bar alone went
// unread, issue 18 rough edge 2).
func (m *play) askNote() {
	q := m.quiz()
	key := "ui.quiz.ask"
	if m.match.Conv == engine.Misere {
		key = "ui.quiz.ask.misere"
	}
	m.note, m.noteBad = m.cat.T(key, q.asked+1, q.questions, engine.BriefOf(m.game(), m.pos()), m.cat.T("convention.misere")), false
}
