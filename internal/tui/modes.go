package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
)

// A mode is what the game screen is for: a game against the computer, a
// demo, a quiz, a room, a question of the class's quiz, the teacher's
// demo followed, the review of a finished game. Each is a sub-model with
// its own state, its own keys and its own say in whose turn it is; play
// keeps the match, the board and the panel, and switches modes by
// setting m.mode.
type mode interface {
	// key takes a key after the screen's own (help, quit, the panel).
	key(m play, msg tea.KeyMsg) (play, tea.Cmd)
	// enable switches on the bindings the mode takes in m's state; the
	// screen's own are on, the mode's off, when it is called.
	enable(m play, k *KeyMap)
	// turn is the header's words on whose turn it is; "" leaves them to
	// the game's (someone won, you, the computer).
	turn(m play) string
	// choosing reports whether the person may choose a move when it is
	// their side's turn.
	choosing() bool
	// mover is the player that moves now on the computer's side, and its
	// visible pause; false when the computer does not move.
	mover(m *play) (*engine.Player, time.Duration, bool)
}

// gameMode is the person's own game against the computer.
type gameMode struct {
	pace int // the demo's pace, in demoPaces, kept for the next demo
}

func (gameMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) { return m.gameKey(msg) }

func (gameMode) enable(m play, k *KeyMap) {
	over := m.match.Over()
	setEnabled(m.yourTurn(), &k.Hint)
	setEnabled(m.yourLastTurn() >= 0, &k.Undo)
	setEnabled(m.match.CanRedo(), &k.Redo)
	setEnabled(over, &k.Rematch)
	setEnabled(over && len(m.mistakes()) > 0, &k.Review)
	setEnabled(!over, &k.Demo)
}

func (gameMode) turn(play) string { return "" }
func (gameMode) choosing() bool   { return true }

func (gameMode) mover(m *play) (*engine.Player, time.Duration, bool) {
	return m.cpu, m.opts.Pause, m.match.ToMove() != m.you && !m.pairs()
}

// gameKey: the keys of a game, for every mode that plays one: at its end
// the person looks back at it; on their turn they choose a move; during
// the computer's pause they can take theirs back.
func (m play) gameKey(msg tea.KeyMsg) (play, tea.Cmd) {
	switch {
	case m.match.Over():
		return m.overKey(msg)
	case m.yourTurn():
		return m.chooseKey(msg)
	case m.thinking && key.Matches(msg, m.keys.Undo): // take the move back before the reply
		m.undo()
	}
	return m, nil
}

// under is the mode the review was opened from, or the mode itself.
func (m play) under() mode {
	if r, ok := m.mode.(*reviewMode); ok {
		return r.back
	}
	return m.mode
}

// reviewing reports whether the review is open.
func (m play) reviewing() bool {
	_, ok := m.mode.(*reviewMode)
	return ok
}

// quiz is the quiz on screen, the class's question included; nil outside
// one.
func (m play) quiz() *quizMode {
	switch q := m.under().(type) {
	case *quizMode:
		return q
	case *classMode:
		return q.quizMode
	}
	return nil
}

// demo is the demo running; false when none.
func (m play) demo() (demoMode, bool) {
	d, ok := m.under().(demoMode)
	return d, ok
}

// room is the room the game is played in, nil outside one.
func (m play) room() *roomMode {
	r, _ := m.under().(*roomMode)
	return r
}

// class is the class's question on screen, nil when none.
func (m play) class() *classMode {
	c, _ := m.under().(*classMode)
	return c
}

// following is the teacher's demo followed; false when none.
func (m play) following() (followMode, bool) {
	f, ok := m.under().(followMode)
	return f, ok
}
