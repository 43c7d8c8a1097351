package tui

import (
	"math/rand/v2"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// quizAnswer is the player's answer to a question, judged by the engine.
type quizAnswer struct {
	move      engine.Move
	after     engine.Position
	right     bool // the move leaves a P-position: a winning move
	canonical bool // and it is the engine's canonical move
}

// drawQuestion draws an N-position with a winning move to find.
func drawQuestion(g engine.Game, conv engine.Convention, r *rand.Rand) (engine.Position, error) {
	if p, ok := variants.RandomPosition(g, conv, r); ok {
		return p, nil
	}
	return nil, engine.Refuse("teach.quiz.none")
}

// judge decides whether mv, a legal move from the question, wins: it must
// leave a P-position in the convention played. Any winning move is right.
func judge(g engine.Game, conv engine.Convention, a engine.Analysis, mv engine.Move) (quizAnswer, error) {
	after, err := g.Apply(a.Position, mv)
	if err != nil {
		return quizAnswer{}, err
	}
	sol, err := g.Solve(after, conv)
	if err != nil {
		return quizAnswer{}, err
	}
	ans := quizAnswer{move: mv, after: after, right: sol.Outcome == engine.P}
	ans.canonical = ans.right && a.Move != nil && *a.Move == mv
	return ans, nil
}

// answer judges the selected move, scores it and keeps it for the
// handout. A move the rules refuse is not an answer.
func (m play) answer() (play, tea.Cmd) {
	mv := m.selected()
	ans, err := judge(m.g, m.conv, m.analysis, mv)
	if err != nil {
		m.note, m.noteBad = m.cat.T("ui.refused", engine.Message(err, m.cat)), true
		m.typed = ""
		return m, nil
	}
	m.asked++
	if ans.right {
		m.right++
	}
	m.answered = &ans
	best := m.g.DescribeMove(*m.analysis.Move).Render(m.cat)
	said := m.g.DescribeMove(mv).Render(m.cat)
	var note string
	switch {
	case ans.canonical:
		m.note = m.cat.T("teach.quiz.right.canonical", said)
		note = m.cat.T("teach.quiz.note.canonical")
	case ans.right:
		m.note = m.cat.T("teach.quiz.right.other", said, ans.after.String(), best)
		note = m.cat.T("teach.quiz.note.other")
	default:
		m.note = m.cat.T("teach.quiz.wrong", said, ans.after.String(), best)
		note = m.cat.T("teach.quiz.note.wrong", best)
	}
	m.noteBad = !ans.right
	m.note += " " + m.cat.T("teach.quiz.next")
	m.quizSteps = append(m.quizSteps, engine.Step{Player: 0, Analysis: m.analysis, Move: mv, After: ans.after, Note: note})
	m.syncKeys()
	return m, m.autoSave()
}

// nextQuestion draws the next position to ask about.
func (m play) nextQuestion() (play, tea.Cmd) {
	p, err := drawQuestion(m.g, m.conv, m.quizRand)
	if err != nil {
		m.note, m.noteBad = engine.Message(err, m.cat), true
		return m, nil
	}
	m.pos, m.toMove, m.answered = p, human, nil
	m.askNote()
	m.settle()
	return m, nil
}

func (m *play) askNote() {
	m.note, m.noteBad = m.cat.T("teach.quiz.ask", m.asked+1, m.pos.String()), false
}
