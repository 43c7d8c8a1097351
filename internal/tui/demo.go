package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
)

// Demo mode: the computer plays both sides, each move explained, paced
// for a class. It starts paused: space plays the next move, p lets it run
// at the pace < and > choose.

// demoPaces are the pauses between moves a demo runs at, slowest first.
var demoPaces = []time.Duration{10 * time.Second, 6 * time.Second, 4 * time.Second, 3 * time.Second, 2 * time.Second, time.Second}

// demoMode is a demo running on the game screen.
type demoMode struct {
	paused bool
	step   bool // play one move although paused
	pace   int  // in demoPaces
	// teacher, for the teacher's demo, is told of every move made (for
	// the class to follow); that demo is the class's and runs to its end.
	teacher func(engine.Turn)
}

// pauseFor is the pause before a demo move; none when the game's pause
// is none (tests).
func (d demoMode) pauseFor(pause time.Duration) time.Duration {
	if pause <= 0 {
		return 0
	}
	return demoPaces[d.pace]
}

func (d demoMode) enable(m play, k *KeyMap) {
	over := m.match.Over()
	setEnabled(over && d.teacher == nil, &k.Rematch)
	setEnabled(over && len(m.mistakes()) > 0, &k.Review)
	setEnabled(!over && d.teacher == nil, &k.Demo)
	setEnabled(!over, &k.Pause, &k.Pace)
	setEnabled(d.paused && !over && !m.thinking, &k.Step)
	if d.teacher != nil { // q, esc and x end it for the class
		setEnabled(false, &k.NewGame)
		k.Quit.SetHelp("q", m.cat.T("ui.key.demo.end"))
	}
}

func (d demoMode) turn(m play) string {
	switch {
	case m.match.Over():
		return m.st.Good.Render("★ " + m.cat.T("ui.turn.won", m.sideName(m.match.Winner())))
	case d.paused && !m.thinking:
		return "‖ " + m.cat.T("ui.turn.demo.paused", demoPaces[d.pace].Seconds())
	}
	return m.spin.View() + " " + m.cat.T("ui.turn.demo", demoPaces[d.pace].Seconds())
}

func (demoMode) choosing() bool { return false }

// mover: the perfect player on both sides, at the demo's pace; one move
// at once on a key (the teacher's step waited the computer's pause, issue
// 18 and 19); none while paused.
func (d demoMode) mover(m *play) (*engine.Player, time.Duration, bool) {
	step := d.step
	d.step = false
	m.mode = d
	switch {
	case d.paused && !step:
		return nil, 0, false
	case step:
		return m.demon, 0, true
	}
	return m.demon, d.pauseFor(m.opts.Pause), true
}

// startDemo lets the computer play the person's side too, paused; a
// teacher's demo tells teacher of every move.
func (m play) startDemo(teacher func(engine.Turn)) (play, tea.Cmd) {
	pace := 2
	if g, ok := m.mode.(gameMode); ok {
		pace = g.pace
	}
	m.mode = demoMode{paused: true, pace: pace, teacher: teacher}
	m.hint = 0
	m.note, m.noteBad = m.cat.T("ui.demo.start"), false
	m.settle()
	return m, m.maybeThink()
}

// stopDemo gives the game back to the person.
func (m *play) stopDemo() {
	if d, ok := m.demo(); ok {
		m.mode = gameMode{pace: d.pace}
	}
}

// key: space steps, p runs or pauses, < > change the pace, d stops; at
// the end, the keys of a game over.
func (d demoMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	k := m.keys
	switch {
	case m.match.Over():
		return m.overKey(msg)
	case key.Matches(msg, k.Step):
		d.step = true
		m.mode = d
		return m, m.maybeThink()
	case key.Matches(msg, k.Pause):
		d.paused = !d.paused
		m.mode = d
		m.syncKeys()
		return m, m.maybeThink()
	case key.Matches(msg, k.Pace):
		if msg.String() == ">" {
			d.pace = min(d.pace+1, len(demoPaces)-1)
		} else {
			d.pace = max(d.pace-1, 0)
		}
		m.mode = d
		return m, nil
	case key.Matches(msg, k.Demo):
		m.stopDemo()
		if m.thinking && m.match.ToMove() == m.you { // the person's move is theirs again
			m.thinking = false
			m.seq++
		}
		m.settle()
		return m, m.maybeThink()
	}
	return m, nil
}
