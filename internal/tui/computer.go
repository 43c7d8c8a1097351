package tui

import (
	"slices"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
)

// The computer's turn: it chooses its move at once, in Update, shows it
// on the board during a visible pause, then makes it and says why. A
// holding move from a lost position is weighed during the pause instead,
// apart from Update: weighing every move of a big heap of Grundy's game
// takes the better part of a second, and the keys must not wait for it.

// computer is the computer's side, a component of the game screen: its
// players and its visible pause. It knows the move it is about to make
// and when the pause ends; the screen makes the move.
type computer struct {
	cpu      *engine.Player // the computer's side
	demon    *engine.Player // both sides in a demo, at full strength
	spin     spinner.Model
	thinking bool        // the computer's visible pause
	pending  engine.Move // the move it is about to make
	weighing bool        // a holding move is being weighed: not known yet
	weigh    tea.Cmd     // which weighs it and ends the pause
	kind     engine.Kind // and why
	seq      int         // tells a stale pause from the current one
}

// computerMoveMsg ends the computer's visible pause, with the holding
// move weighed during it.
type computerMoveMsg struct {
	seq     int
	weighed *weighed
}

// weighed is a holding move weighed apart from Update.
type weighed struct {
	move engine.Move
	err  error
}

// think starts the pause before move mv, which pl decided in match
// (kind says why): a holding move is weighed during it.
func (c *computer) think(match *engine.Match, pl *engine.Player, pause time.Duration, mv engine.Move, kind engine.Kind) tea.Cmd {
	c.seq++
	c.thinking, c.pending, c.kind = true, mv, kind
	c.weighing = kind == engine.Stubborn
	seq := c.seq
	var done tea.Cmd
	switch {
	case c.weighing:
		g, p, conv := match.Game, slices.Clone(match.Position()), match.Conv
		c.weigh = func() tea.Msg {
			start := time.Now()
			mv, _, err := pl.HoldOut(g, p, conv)
			time.Sleep(pause - time.Since(start))
			return computerMoveMsg{seq: seq, weighed: &weighed{mv, err}}
		}
		done = c.weigh
	case pause <= 0:
		done = func() tea.Msg { return computerMoveMsg{seq: seq} }
	default:
		done = tea.Tick(pause, func(time.Time) tea.Msg { return computerMoveMsg{seq: seq} })
	}
	if pause <= 0 {
		return done
	}
	return tea.Batch(c.spin.Tick, done)
}

// done ends the pause msg ends: the move to make, false when the pause is
// stale (the move was undone, or the demo stopped, meanwhile), or the
// error of weighing it.
func (c *computer) done(msg computerMoveMsg) (engine.Move, bool, error) {
	if msg.seq != c.seq || !c.thinking || c.weighing && msg.weighed == nil {
		return engine.Move{}, false, nil
	}
	if c.weighing {
		c.pending, c.weighing = msg.weighed.move, false
		if err := msg.weighed.err; err != nil {
			c.thinking = false
			return engine.Move{}, false, err
		}
	}
	c.thinking = false
	return c.pending, true, nil
}

// stop drops a pause on its way: its move is not made.
func (c *computer) stop() {
	c.thinking = false
	c.seq++
}

// spun turns the spinner during the pause.
func (c *computer) spun(msg spinner.TickMsg) tea.Cmd {
	if !c.thinking {
		return nil
	}
	var cmd tea.Cmd
	c.spin, cmd = c.spin.Update(msg)
	return cmd
}

// maybeThink starts the computer's pause when it is to move: on its own
// side, or on both in a demo that is running (or asked for one step).
func (m *play) maybeThink() tea.Cmd {
	if m.match.Over() || m.thinking || m.asking != "" {
		return nil
	}
	pl, pause, moves, next := m.mode.mover(&m.computer, turnNow{toMove: m.match.ToMove(), you: m.you, pairs: m.opts.pairs(), pause: m.opts.Pause})
	if next != nil {
		m.mode = next
	}
	if !moves {
		return nil
	}
	mv, kind, err := m.match.Decide(pl)
	if err != nil {
		m.note, m.noteBad = engine.Message(err, m.cat), true
		return nil
	}
	cmd := m.computer.think(m.match, pl, pause, m.mode.chosen(m.match.Now(), mv, kind), kind)
	m.syncKeys()
	return cmd
}

// computerMoves ends the pause: the move chosen is made.
func (m play) computerMoves(msg computerMoveMsg) (play, tea.Cmd) {
	mv, ok, err := m.computer.done(msg)
	switch {
	case err != nil:
		m.note, m.noteBad = engine.Message(err, m.cat), true
		return m, nil
	case !ok:
		return m, nil
	}
	turn, err := m.match.Play(mv, true, m.kind)
	if err != nil {
		m.note, m.noteBad = engine.Message(err, m.cat), true
		return m, nil
	}
	m.hint = 0
	m.mode = m.mode.moved(turn)
	m.note, m.noteBad = m.teller().computerSays(turn), false
	m.settle()
	return m, tea.Batch(m.maybeThink(), m.autoSave())
}
