package tui

import (
	"math/rand/v2"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// The quiz: "find a winning move" on N-positions, a session of a number
// of questions ending with a summary. Each question is a match of one
// move, judged by the engine; the questions grow harder with a streak of
// right answers. Nothing on screen gives the answer away before it is
// given.

// quizMode is a quiz on the game screen.
type quizMode struct {
	base
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

func (q *quizMode) choosing() bool                { return q.answer == nil }
func (q *quizMode) moved(engine.Turn) mode        { return q }
func (q *quizMode) again() mode                   { return q }
func (q *quizMode) lossless(*engine.Match) bool   { return q.asked == 0 }
func (*quizMode) resumable() bool                 { return false }
func (*quizMode) handoutNow(bool) bool            { return true }
func (*quizMode) help(cat *assets.Catalog) string { return cat.T("ui.quiz.help") }

// voice: nothing of the answer before it is given; all of it after.
func (q *quizMode) voice(explain string, _ int) voice {
	v := voice{title: "ui.panel.why", off: explain == "off", hidden: true, disclosure: engine.Why}
	if q.answer != nil {
		v.disclosure = engine.Teach
	}
	return v
}

// newQuiz starts a quiz of opts' length in convention conv.
func newQuiz(opts Options, conv engine.Convention, rng *rand.Rand) *quizMode {
	n := opts.Questions
	if n <= 0 {
		n = defaultQuestions
	}
	now := time.Now()
	return &quizMode{rng: rng, conv: conv, questions: n, began: now, asking: now}
}

// startQuiz asks the first question of quiz q: the position given, or a
// drawn one.
func (m play) startQuiz(g engine.Game, q *quizMode) (play, error) {
	m.mode = q
	start := m.opts.Position
	if start == nil {
		var ok bool
		if start, ok = variants.RandomPosition(g, q.conv, q.rng); !ok {
			return play{}, engine.Refuse("ui.quiz.none")
		}
	}
	var err error
	if m.match, err = newMatch(g, q.conv, start, true); err != nil {
		return play{}, err
	}
	m.say(q.question(m.match, m.cat))
	m.settle()
	return m, nil
}

// key: while asking, the keys of choosing a move (enter answers); after
// an answer, the next question.
func (q *quizMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	switch {
	case q.done && key.Matches(msg, m.keys.Rematch):
		*q = quizMode{rng: q.rng, conv: q.conv, questions: q.questions, began: time.Now()}
		return q.next(m)
	case q.answer != nil && key.Matches(msg, m.keys.Next):
		return q.next(m)
	case q.answer == nil && !q.done:
		return m.chooseKey(msg)
	}
	return m, nil
}

// confirm answers the question with mv, and says what was next.
func (q *quizMode) confirm(m play, mv engine.Move) (play, tea.Cmd) {
	s, ok := q.judge(m.match, mv, m.cat)
	if !ok {
		m.say(s)
		m.sel.typed = ""
		return m, nil
	}
	next := "ui.quiz.next"
	if q.asked >= q.questions {
		next = "ui.quiz.last"
	}
	m.say(said{sentences(m.cat, s.text, m.cat.T(next)), s.bad})
	m = m.enter(q, said{})
	return m, m.autoSave()
}

// judge plays mv as the answer to the question of match: any move to a
// P-position is right. A move the rules refuse is not an answer (false,
// and why).
func (q *quizMode) judge(match *engine.Match, mv engine.Move, cat *assets.Catalog) (said, bool) {
	before := match.Now()
	turn, err := match.Play(mv, false, 0)
	if err != nil {
		return said{cat.T("ui.refused", engine.Message(err, cat)), true}, false
	}
	ans := quizAnswer{turn: turn, conv: match.Conv, right: turn.Verdict == engine.Wins, took: time.Since(q.asking)}
	ans.canonical = ans.right && before.Move != nil && *before.Move == turn.Move
	q.asked++
	q.streak = (q.streak + 1) * btoi(ans.right)
	q.right += btoi(ans.right)
	q.answer = &ans
	q.log = append(q.log, ans)
	g := match.Game
	play, best := before.Describe(turn.Move).Render(cat), before.Describe(*before.Move).Render(cat)
	switch {
	case ans.canonical:
		return said{cat.T("ui.quiz.right.canonical", play), false}, true
	case ans.right:
		return said{cat.T("ui.quiz.right.other", play, engine.BriefOf(g, turn.After), best), false}, true
	}
	return said{cat.T("ui.quiz.wrong", play, engine.BriefOf(g, turn.After), match.Now().Reason.Render(cat), best), true}, true
}

// next draws the next position to ask about, harder after a streak, or
// ends the quiz with its summary.
func (q *quizMode) next(m play) (play, tea.Cmd) {
	if q.asked >= q.questions {
		q.answer, q.done, q.took = nil, true, time.Since(q.began)
		m = m.enter(q, said{})
		m.note, m.noteBad = "", false
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
	m.say(q.question(match, m.cat))
	m.settle()
	return m, nil
}

// question puts the question of match; a misère one says so in the
// question itself (a streak turns questions to misère play: the title
// bar alone went unread, issue 18 rough edge 2).
func (q *quizMode) question(match *engine.Match, cat *assets.Catalog) said {
	key := "ui.quiz.ask"
	if match.Conv == engine.Misere {
		key = "ui.quiz.ask.misere"
	}
	return said{cat.T(key, q.asked+1, q.questions, engine.BriefOf(match.Game, match.Position()), cat.T("convention.misere")), false}
}

// why: after an answer, the position asked about, explained whole.
func (q *quizMode) why(f facts) []string {
	if q.answer == nil {
		return nil
	}
	cat, before := f.tell.cat, q.answer.turn.Before
	lines := []string{f.st.Bold.Render(cat.T("ui.quiz.panel", engine.BriefOf(f.tell.game(), before.Position)))}
	lines = append(lines, text.WrapStyled(before.Summary().Render(cat), f.w, f.st.Bold)...)
	return append(lines, f.explanationLines(before, engine.Teach)...)
}

// cover ends a quiz: the score, the time, and each question missed with
// a winning move.
func (q *quizMode) cover(f facts) []string {
	if !q.done {
		return nil
	}
	cat, g := f.tell.cat, f.tell.game()
	lines := []string{f.st.Bold.Render(cat.T("ui.quiz.summary", q.right, q.asked, duration(q.took, cat)))}
	missed := 0
	for i, a := range q.log {
		if a.right {
			continue
		}
		missed++
		before := a.turn.Before
		line := cat.T("ui.quiz.missed", i+1, engine.BriefOf(g, before.Position), before.Describe(a.turn.Move).Render(cat),
			before.Describe(*before.Move).Render(cat))
		lines = append(lines, text.Wrap(line, f.w)...)
	}
	if missed == 0 {
		lines = append(lines, f.st.Good.Render(cat.T("ui.quiz.allright")))
	}
	return lines
}

// transcript is the quiz's questions and answers, each with its note.
func (q *quizMode) transcript(cat *assets.Catalog, g engine.Game) (engine.Transcript, bool) {
	tr := engine.Transcript{Kind: "quiz", Game: g, Conv: q.conv}
	for _, a := range q.log {
		note := cat.T("ui.quiz.note.wrong", a.turn.Before.Describe(*a.turn.Before.Move).Render(cat))
		switch {
		case a.canonical:
			note = cat.T("ui.quiz.note.canonical")
		case a.right:
			note = cat.T("ui.quiz.note.other")
		}
		tr.Steps = append(tr.Steps, engine.Step{Analysis: a.turn.Before, Move: a.turn.Move, After: a.turn.After, Note: note})
	}
	if len(tr.Steps) > 0 {
		tr.Start = tr.Steps[0].Analysis.Position
	}
	tr.End = cat.T("ui.quiz.result", q.right, q.asked)
	return tr, true
}
