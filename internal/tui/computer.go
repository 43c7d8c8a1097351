package tui

import (
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
)

// The computer's turn: it chooses its move at once, in Update, shows it
// on the board during a visible pause, then makes it and says why. A
// holding move from a lost position is weighed during the pause instead,
// apart from Update: weighing every move of a big heap of Grundy's game
// takes the better part of a second, and the keys must not wait for it.

// maybeThink starts the computer's pause when it is to move: on its own
// side, or on both in a demo that is running (or asked for one step).
func (m *play) maybeThink() tea.Cmd {
	if m.match.Over() || m.thinking || m.asking != "" {
		return nil
	}
	pl, pause, moves := m.mode.mover(m)
	if !moves {
		return nil
	}
	mv, kind, err := m.match.Decide(pl)
	if err != nil {
		m.note, m.noteBad = engine.Message(err, m.cat), true
		return nil
	}
	if d, ok := m.demo(); ok {
		mv = d.chosen(*m, mv, kind)
	}
	m.seq++
	m.thinking, m.pending, m.kind = true, mv, kind
	m.weighing = kind == engine.Stubborn
	m.syncKeys()
	seq := m.seq
	var done tea.Cmd
	switch {
	case m.weighing:
		g, p, c := m.game(), slices.Clone(m.pos()), m.match.Conv
		m.weigh = func() tea.Msg {
			start := time.Now()
			mv, _, err := pl.HoldOut(g, p, c)
			time.Sleep(pause - time.Since(start))
			return computerMoveMsg{seq: seq, weighed: &weighed{mv, err}}
		}
		done = m.weigh
	case pause <= 0:
		done = func() tea.Msg { return computerMoveMsg{seq: seq} }
	default:
		done = tea.Tick(pause, func(time.Time) tea.Msg { return computerMoveMsg{seq: seq} })
	}
	if pause <= 0 {
		return done
	}
	return tea.Batch(m.spin.Tick, done)
}

// computerMoves ends the pause: the move chosen is made.
func (m play) computerMoves(msg computerMoveMsg) (play, tea.Cmd) {
	if msg.seq != m.seq || !m.thinking || m.weighing && msg.weighed == nil {
		return m, nil // the move was undone, or the demo stopped, meanwhile
	}
	if m.weighing {
		m.pending, m.weighing = msg.weighed.move, false
		if err := msg.weighed.err; err != nil {
			m.thinking, m.note, m.noteBad = false, engine.Message(err, m.cat), true
			m.syncKeys()
			return m, nil
		}
	}
	m.thinking = false
	turn, err := m.match.Play(m.pending, true, m.kind)
	if err != nil {
		m.note, m.noteBad = engine.Message(err, m.cat), true
		m.syncKeys()
		return m, nil
	}
	m.hint = 0
	if d, ok := m.mode.(demoMode); ok { // the next position: its first winning move, nothing to play again
		d.pick, d.back = 0, 0
		m.mode = d
	}
	m.note, m.noteBad = m.computerSays(turn), false
	m.tellClass(turn)
	m.settle()
	return m, tea.Batch(m.maybeThink(), m.autoSave())
}

// saysMoved tells what the person's move did.
func (m play) saysMoved(t engine.Turn) string {
	if m.pairs() {
		return m.cat.T("ui.demo.moved", m.sideTitle(t.Side), engine.Describe(m.game(), t.Before.Position, t.Move).Render(m.cat), engine.BriefOf(m.game(), t.After))
	}
	return m.cat.T("ui.you.moved", engine.Describe(m.game(), t.Before.Position, t.Move).Render(m.cat), engine.BriefOf(m.game(), t.After))
}

// lessonOf names a move that handed the computer an N-position, right
// after it and until the person's next move: the numbers of what it left,
// the winning move that was there, and what the computer can do now. ""
// for any other move.
func (m play) lessonOf(t engine.Turn) string {
	if t.Verdict == engine.Gives && !t.Auto && m.quiz() == nil {
		return m.givesLesson(t)
	}
	if t.Verdict != engine.Slips || t.Auto || m.quiz() != nil {
		return ""
	}
	now := m.match.Now()
	g := m.game()
	said := m.cat.T("ui.slip", now.Reason.Render(m.cat), engine.Describe(g, t.Before.Position, *t.Before.Move).Render(m.cat), engine.Describe(g, t.Before.Position, t.Move).Render(m.cat))
	if m.pairs() {
		return m.cat.T("ui.slip.player", now.Reason.Render(m.cat), engine.Describe(g, t.Before.Position, *t.Before.Move).Render(m.cat), engine.Describe(g, t.Before.Position, t.Move).Render(m.cat),
			m.sideName(t.Side), m.sideName(t.Side.Other()))
	}
	if now.Move != nil && m.match.ToMove() != m.you {
		said = sentences(m.cat, said, m.cat.T("ui.slip.cpu"))
	}
	return said
}

// givesLesson names a move from a draw to an N-position: what it left
// and a move that kept the draw.
func (m play) givesLesson(t engine.Turn) string {
	g := m.game()
	keep, ok, err := engine.HoldOut(g, t.Before.Position, m.match.Conv)
	if err != nil || !ok {
		return ""
	}
	return m.cat.T("ui.gives", m.match.Now().Reason.Render(m.cat), engine.Describe(g, t.Before.Position, keep).Render(m.cat))
}

// computerSays tells what the computer did and why, in words that are
// true of the game so far.
func (m play) computerSays(t engine.Turn) string {
	g := m.game()
	if _, demo := m.demo(); demo || t.Side == m.you {
		return m.cat.T("ui.demo.moved", m.sideTitle(t.Side), engine.Describe(g, t.Before.Position, t.Move).Render(m.cat), engine.BriefOf(m.game(), t.After))
	}
	what := m.cat.T("ui.cpu.moved", engine.Describe(g, t.Before.Position, t.Move).Render(m.cat), engine.BriefOf(m.game(), t.After))
	switch t.Kind {
	case engine.Winning:
		return sentences(m.cat, what, m.cat.T("ui.cpu.why.winning"))
	case engine.Mistake:
		return sentences(m.cat, what, m.cat.T("ui.cpu.why.mistake"))
	}
	if t.Before.Outcome == engine.D { // no move wins, none has to lose
		return sentences(m.cat, what, m.cat.T("ui.cpu.why.draw"))
	}
	if m.match.Played() == 1 { // its first move: nobody left it anything
		return sentences(m.cat, what, m.cat.T("ui.cpu.why.stubborn.start"))
	}
	return sentences(m.cat, what, m.cat.T("ui.cpu.why.stubborn"))
}

// sideName is who plays side s, as the history and the demo say it.
func (m play) sideName(s engine.Side) string {
	switch m.sideKind(s) {
	case "player":
		if r := m.room(); r != nil && r.names[s] != "" {
			return r.names[s]
		}
		return m.cat.T("ui.who.player", int(s)+1)
	case "you":
		return m.cat.T("ui.who.you")
	}
	return m.cat.T("ui.who.cpu")
}

// demoGame reports whether the game on screen is the computer's demo:
// running now, or it played the person's side and the person has made no
// move of their own. Once they have, it is their game again: "you" and
// "the computer".
func (m play) demoGame() bool {
	if _, demo := m.demo(); demo {
		return true
	}
	demo := false
	for _, t := range m.match.Turns() {
		if t.Side == m.you {
			if !t.Auto {
				return false
			}
			demo = true
		}
	}
	return demo
}

// tellClass tells the class of a move of the teacher's demo.
func (m play) tellClass(t engine.Turn) {
	if d, ok := m.demo(); ok && d.teacher != nil {
		d.teacher(t)
	}
}
