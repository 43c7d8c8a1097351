package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Demo mode: the computer plays both sides, each move explained, paced
// for a class. It starts paused: space plays the next move, p lets it run
// at the pace < and > choose.

// demoPaces are the pauses between moves a demo runs at, slowest first.
var demoPaces = []time.Duration{10 * time.Second, 6 * time.Second, 4 * time.Second, 3 * time.Second, 2 * time.Second, time.Second}

type demoState struct {
	on     bool
	paused bool
	step   bool // play one move although paused
	pace   int  // in demoPaces
}

// pauseFor is the pause before a demo move; none when the game's pause
// is none (tests).
func (d demoState) pauseFor(pause time.Duration) time.Duration {
	if pause <= 0 {
		return 0
	}
	return demoPaces[d.pace]
}

// startDemo lets the computer play the person's side too, paused.
func (m play) startDemo() (play, tea.Cmd) {
	m.demo.on, m.demo.paused, m.hint = true, true, 0
	m.note, m.noteBad = m.cat.T("ui.demo.start"), false
	m.settle()
	return m, m.maybeThink()
}

// demoKey: space steps, p runs or pauses, < > change the pace, d stops.
func (m play) demoKey(msg tea.KeyMsg) (play, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Step):
		m.demo.step = true
		return m, m.maybeThink()
	case key.Matches(msg, k.Pause):
		m.demo.paused = !m.demo.paused
		m.syncKeys()
		return m, m.maybeThink()
	case key.Matches(msg, k.Pace):
		if msg.String() == ">" {
			m.demo.pace = min(m.demo.pace+1, len(demoPaces)-1)
		} else {
			m.demo.pace = max(m.demo.pace-1, 0)
		}
		return m, nil
	case key.Matches(msg, k.Demo):
		m.demo.on = false
		if m.thinking && m.match.ToMove() == m.you { // the person's move is theirs again
			m.thinking = false
			m.seq++
		}
		m.settle()
		return m, m.maybeThink()
	}
	return m, nil
}
