package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
)

// Demo mode: the computer plays both sides, each move explained, paced
// for a class. It starts paused: space (or →) plays the next move, u (or
// ←) steps back, m chooses which winning move comes next, p lets it run
// at the pace < and > choose.

// demoPaces are the pauses between moves a demo runs at, slowest first.
var demoPaces = []time.Duration{10 * time.Second, 6 * time.Second, 4 * time.Second, 3 * time.Second, 2 * time.Second, time.Second}

// demoMode is a demo running on the game screen.
type demoMode struct {
	base
	paused bool
	step   bool // play one move although paused
	pace   int  // in demoPaces
	pick   int  // the winning move to play next, in the analysis's list
	back   int  // the moves stepped back, which space plays again
	// teacher, for the teacher's demo, is told of every move made (for
	// the class to follow); that demo is the class's and runs to its end.
	teacher func(engine.Turn)
	// left is the person's game a demo started from is a detour of, nil
	// for a demo of its own: the demo plays on a match of its own, and d
	// goes back to this one as it was.
	left *engine.Match
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
	setEnabled(over && len(m.teller().mistakes()) > 0, &k.Review)
	setEnabled((!over || d.left != nil) && d.teacher == nil, &k.Demo)
	setEnabled(!over, &k.Pause, &k.Pace)
	setEnabled(d.paused && !over && !m.thinking, &k.Step)
	setEnabled(d.teacher == nil && len(m.match.Turns()) > 0, &k.StepBack)
	setEnabled(d.paused && !over && !m.thinking && len(m.match.Now().Winning) > 1, &k.Other)
	if d.teacher != nil { // q, esc and x end it for the class
		setEnabled(false, &k.NewGame)
		k.Quit.SetHelp("q", m.cat.T("ui.key.demo.end"))
	}
}

func (d demoMode) turn(m play) string {
	switch {
	case m.match.Drawn():
		return drawnWords(m.cat, m.st)
	case m.match.Over():
		return m.st.Good.Render("★ " + m.cat.T("ui.turn.won", m.teller().sideName(m.match.Winner())))
	case d.paused && !m.thinking:
		return "‖ " + m.cat.T("ui.turn.demo.paused", demoPaces[d.pace].Seconds())
	}
	return m.spin.View() + " " + m.cat.T("ui.turn.demo", demoPaces[d.pace].Seconds())
}

func (demoMode) choosing() bool { return false }

// voice: every step explained, whatever the explanations are set to; the
// computer plays both sides.
func (demoMode) voice(string, int) voice {
	return voice{title: "ui.panel.demo", disclosure: engine.Teach, both: true}
}

// again: a rematch is the person's game again; the teacher's demo is
// never played again.
func (d demoMode) again() mode { return gameMode{pace: d.pace} }

// moved: the next position's first winning move, nothing to play again;
// the class is told of a move of the teacher's demo.
func (d demoMode) moved(t engine.Turn) mode {
	d.pick, d.back = 0, 0
	if d.teacher != nil {
		d.teacher(t)
	}
	return d
}

// mover: the perfect player on both sides, at the demo's pace; one move
// at once on a key (the teacher's step waited the computer's pause, issue
// 18 and 19); none while paused.
func (d demoMode) mover(c *computer, t turnNow) (*engine.Player, time.Duration, bool, mode) {
	step := d.step
	d.step = false
	switch {
	case d.paused && !step:
		return nil, 0, false, d
	case step:
		return c.demon, 0, true, d
	}
	return c.demon, d.pauseFor(t.pause), true, d
}

// startDemo lets the computer play the person's side too, paused; a
// teacher's demo tells teacher of every move.
func (m play) startDemo(teacher func(engine.Turn)) (play, tea.Cmd) {
	pace := 2
	if g, ok := m.mode.(gameMode); ok {
		pace = g.pace
	}
	m.hint = 0
	s := said{m.cat.T("ui.demo.start"), false}
	if teacher != nil { // the class follows it: no step back
		s.text = m.cat.T("ui.demo.start.class")
	}
	m = m.enter(demoMode{paused: true, pace: pace, teacher: teacher}, s)
	m.settle()
	return m, m.maybeThink()
}

// detour starts a demo from the person's game, on a match of its own
// from the position on the board: the game is left as it is, its
// history its own, for d to come back to.
func detour(m play) (play, tea.Cmd) {
	demo, err := newMatch(m.game(), m.match.Conv, m.pos(), false)
	if err != nil { // a game over has no demo: d is off
		return m, nil
	}
	m.computer.stop() // the computer's move in the game waits for the game
	left := m.match
	m.match = demo
	m, cmd := m.startDemo(nil)
	if d, ok := m.mode.(demoMode); ok {
		d.left = left
		m = m.enter(d, said{m.cat.T("ui.demo.start.detour"), false})
	}
	return m, cmd
}

// backFromDetour leaves a demo started from the person's game for that
// game, as it was left.
func (d demoMode) backFromDetour(m play) (play, tea.Cmd) {
	m.computer.stop()
	m.match = d.left
	m = m.enter(d.again(), said{m.cat.T("ui.demo.back"), false})
	m.settle()
	return m, m.maybeThink()
}

// key: space steps, p runs or pauses, < > change the pace, d stops (a
// demo from a game goes back to it); at the end, the keys of a game
// over.
func (d demoMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	k := m.keys
	switch {
	case d.left != nil && key.Matches(msg, k.Demo):
		return d.backFromDetour(m)
	case key.Matches(msg, k.StepBack):
		m.computer.stop() // a move on its way is dropped
		m.match.TakeBack(len(m.match.Turns()) - 1)
		d.paused, d.pick, d.back = true, 0, d.back+1
		m.mode = d
		m.note, m.noteBad = m.cat.T("ui.undone"), false
		m.settle()
		return m, nil
	case m.match.Over():
		return m.overKey(msg)
	case key.Matches(msg, k.Step) && d.back > 0 && m.match.CanRedo():
		d.back--
		m.mode = d
		if t, ok := m.match.Redo(); ok {
			m.note, m.noteBad = m.teller().computerSays(t), false
		}
		m.settle()
		return m, nil
	case key.Matches(msg, k.Step):
		d.step = true
		m.mode = d
		return m, m.maybeThink()
	case key.Matches(msg, k.Other):
		win := m.match.Now().Winning
		d.pick, d.back = (d.pick+1)%len(win), 0 // a new choice: what was stepped back is not played again
		m.mode = d
		m.note, m.noteBad = m.cat.T("ui.demo.next", m.match.Now().Describe(win[d.pick]).Render(m.cat), d.pick+1, len(win)), false
		m.refreshPanel()
		return m, nil
	}
	return d.runKey(m, msg)
}

// runKey: p runs or pauses, < > change the pace, d stops a demo of its
// own, the game going on from its position.
func (d demoMode) runKey(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	k := m.keys
	switch {
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
		m.mode = d.again()
		if m.thinking && m.match.ToMove() == m.you { // the person's move is theirs again
			m.computer.stop()
		}
		m.settle()
		return m, m.maybeThink()
	}
	return m, nil
}

// chosen is the move a demo plays instead of mv, the canonical winning
// move: the one m chose.
func (d demoMode) chosen(a engine.Analysis, mv engine.Move, kind engine.Kind) engine.Move {
	if win := a.Winning; kind == engine.Winning && d.pick > 0 && d.pick < len(win) {
		return win[d.pick]
	}
	return mv
}
