package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// A mode is what the game screen is for: a game against the computer
// (this file), a demo (demo.go), a quiz (quiz.go), a room (room.go), a
// question of the class's quiz and the teacher's demo followed
// (class.go), the review of a finished game (review.go). Each is a
// sub-model with its own state, its own keys and its own say in whatever
// differs between them; play keeps the match, the board and the panel,
// asks the mode, and switches modes by setting m.mode. A mode embeds
// base, which gives the game's answer to every question, and says only
// where it differs.
type mode interface {
	// key takes a key after the screen's own (help, quit, the panel).
	key(m play, msg tea.KeyMsg) (play, tea.Cmd)
	// ownKeys reports whether the mode takes every key, the screen's own
	// too (the review).
	ownKeys() bool
	// event takes a message of the mode's own (a room's news, the class's
	// timer); false when the mode has none such.
	event(m play, msg tea.Msg) (play, tea.Cmd, bool)
	// confirm takes the move chosen on enter.
	confirm(m play, mv engine.Move) (play, tea.Cmd)
	// enable switches on the bindings the mode takes in m's state; the
	// screen's own are on, the mode's off, when it is called.
	enable(m play, k *KeyMap)
	// turn is the header's words on whose turn it is; "" leaves them to
	// the game's (someone won, you, the computer).
	turn(m play) string
	// choosing reports whether the person may choose a move when it is
	// their side's turn.
	choosing() bool
	// mover is the player that moves now on the computer's side, its
	// visible pause, and the mode after asking (a demo's step is taken);
	// false when the computer does not move.
	mover(c *computer, t turnNow) (*engine.Player, time.Duration, bool, mode)
	// chosen is the move the computer makes instead of the one it decided
	// (a demo's choice among the winning moves).
	chosen(a engine.Analysis, mv engine.Move, kind engine.Kind) engine.Move
	// moved is the mode after a move was made (a demo starts its choice
	// again and tells the class).
	moved(t engine.Turn) mode
	// again is the mode a rematch is played in.
	again() mode

	// lossless reports whether leaving now loses nothing: no question is
	// asked before the menu or quitting.
	lossless(match *engine.Match) bool
	// resumable reports whether the handout keeps the game to resume.
	resumable() bool
	// ownGame reports whether the game is the person's own against the
	// computer, kept in the class's store when it ends.
	ownGame() bool
	// ofClass reports whether the screen is the class's (its question,
	// its demo): it gives way when the class moves on.
	ofClass() bool
	// handoutNow reports whether the handout (--transcript) is written
	// now: when the game is over, or after each answer of a quiz.
	handoutNow(over bool) bool
	// transcript is the mode's own handout of what happened (a quiz's
	// questions); false for the game's moves.
	transcript(cat *assets.Catalog, g engine.Game) (engine.Transcript, bool)

	// voice is how the panel speaks in this mode.
	voice(explain string, hint int) voice
	// cover is what the mode shows over the panel (the review, a quiz's
	// summary); nil for the panel's own.
	cover(f facts) []string
	// why is the mode's explanation in the panel's place (a quiz's
	// answer); nil for the position's.
	why(f facts) []string
	// seat is who sits on side s when the mode names them (a room's
	// classmates): kind "player" and a name, or "" to leave it to the game.
	seat(s, you engine.Side) (kind, name string)
	// help is what the mode does that no key says, over the key help.
	help(cat *assets.Catalog) string
	// footer is the mode's own line of keys; "" for the key map's.
	footer(cat *assets.Catalog) string
}

// turnNow is what the computer's turn depends on.
type turnNow struct {
	toMove, you engine.Side
	pairs       bool
	pause       time.Duration
}

// voice is how the panel speaks: its title, whether the explanations
// are off, whether the outcome is kept from the person (a quiz before
// its answer), how much of the answer it may show, and whether the
// computer plays both sides (a demo: every side a player).
type voice struct {
	title      string
	off        bool
	hidden     bool
	disclosure engine.Disclosure
	both       bool
	after      bool // the explanations wait for the answer, whatever e chose (a class's quiz)
}

// base is every mode's default: the person's own game.
type base struct{}

func (base) ownKeys() bool                                  { return false }
func (base) event(m play, _ tea.Msg) (play, tea.Cmd, bool)  { return m, nil, false }
func (base) confirm(m play, mv engine.Move) (play, tea.Cmd) { return m.makeMove(mv) }
func (base) turn(play) string                               { return "" }
func (base) choosing() bool                                 { return true }
func (base) mover(*computer, turnNow) (*engine.Player, time.Duration, bool, mode) {
	return nil, 0, false, nil
}
func (base) chosen(_ engine.Analysis, mv engine.Move, _ engine.Kind) engine.Move { return mv }
func (base) lossless(match *engine.Match) bool                                   { return match.Played() == 0 || match.Over() }
func (base) resumable() bool                                                     { return true }
func (base) ownGame() bool                                                       { return false }
func (base) ofClass() bool                                                       { return false }
func (base) handoutNow(over bool) bool                                           { return over }
func (base) transcript(*assets.Catalog, engine.Game) (engine.Transcript, bool) {
	return engine.Transcript{}, false
}
func (base) cover(facts) []string                   { return nil }
func (base) why(facts) []string                     { return nil }
func (base) seat(_, _ engine.Side) (string, string) { return "", "" }
func (base) help(*assets.Catalog) string            { return "" }
func (base) footer(*assets.Catalog) string          { return "" }

// voice: the explanations as chosen (off, why, teach), as much of the
// answer as the hints asked for.
func (base) voice(explain string, hint int) voice {
	d := [...]engine.Disclosure{engine.Why, engine.Place, engine.Answer}[hint]
	if explain == "teach" {
		d = engine.Teach
	}
	return voice{title: "ui.panel.why", off: explain == "off", disclosure: d}
}

// gameMode is the person's own game against the computer.
type gameMode struct {
	base
	pace int // the demo's pace, in demoPaces, kept for the next demo
}

func (g gameMode) moved(engine.Turn) mode { return g }
func (g gameMode) again() mode            { return g }
func (gameMode) ownGame() bool            { return true }

func (gameMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) { return m.gameKey(msg) }

func (gameMode) enable(m play, k *KeyMap) {
	over := m.match.Over()
	setEnabled(m.yourTurn(), &k.Hint)
	setEnabled(yourLastTurn(m.match) >= 0, &k.Undo)
	setEnabled(m.match.CanRedo(), &k.Redo)
	setEnabled(over, &k.Rematch)
	setEnabled(over && len(m.teller().mistakes()) > 0, &k.Review)
	setEnabled(!over, &k.Demo)
}

// mover: the computer on its side, at the game's pause; none when two
// people play.
func (g gameMode) mover(c *computer, t turnNow) (*engine.Player, time.Duration, bool, mode) {
	return c.cpu, t.pause, t.toMove != t.you && !t.pairs, g
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
