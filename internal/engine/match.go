package engine

import "slices"

// Side is one of the two players of a match.
type Side int

const (
	// First is the player who moves first.
	First Side = iota
	// Second moves second.
	Second
)

// Other is the other player.
func (s Side) Other() Side { return 1 - s }

// Verdict grades a move by what it did to the position.
type Verdict int

const (
	// Wins: from an N-position to a P-position, a winning move.
	Wins Verdict = iota
	// HoldsOut: from a P-position, where no move wins.
	HoldsOut
	// Slips: from an N-position to another N-position (or to a draw), a
	// mistake that throws the win away.
	Slips
	// Gives: from a draw to an N-position, a mistake that hands the
	// opponent the win (a move to another draw holds out).
	Gives
)

// Turn is one move of a match with what the engine said at that moment.
type Turn struct {
	Side    Side
	Move    Move
	Before  Analysis // the position the move was made from, explained
	After   Position
	Verdict Verdict
	// Auto: the computer made the move; Kind says why it chose it.
	Auto bool
	Kind Kind
}

// Match is one game session: the start, the position, whose turn it is,
// the turns made (with undo and redo), and who won. The terminal game,
// the handouts and `matchgame demo` all drive a Match; nothing else
// decides whose turn it is or who won.
type Match struct {
	Game  Game
	Conv  Convention
	Start Position
	// Forget keeps no turns, only their number: a demo printed as it goes
	// runs in constant memory. Undo and redo need the turns.
	Forget bool

	pos    Position
	toMove Side
	turns  []Turn
	redo   []Turn
	played int
	now    Analysis
	// seen counts how often each position stood on the board with the
	// same player to move, in a game whose play can come back to one
	// (Loopy): the third time, the match is drawn. Nil in other games.
	// repeats is the count of the position on the board (Drawn is asked
	// at every frame).
	seen    map[string]int
	repeats int
	forgot  int // turns forgotten past MaxHistory
}

// MaxHistory is the most turns a match keeps: past it the oldest are
// forgotten, two at a time so that the first player still moves first
// at Start, which moves on (Forgotten counts them). Undo, the review and
// a handout go back that far; a saved game holds at most that many
// moves. A game of 100,000 moves takes hours even at the demo's fastest.
const MaxHistory = 100_000

// historyLimit is MaxHistory; a test lowers it.
var historyLimit = MaxHistory

// explainedTurns is how many of the latest turns keep their whole
// analysis; the older ones keep their position and outcome, and a slip
// its canonical move (Analysis.short), and Full finds the rest when they
// are looked at again. A long game, or a long saved one replayed, so grows by
// little more than its positions.
const explainedTurns = 64

// Repetitions is how many times a position may stand on the board, with
// the same player to move, in a game whose play can come back to it: the
// third time ends the match as a draw, as in chess. A winner who plays
// the engine's moves never repeats a position, so only a draw, or a
// winner who wanders, meets the rule.
const Repetitions = 3

// NewMatch starts a match of g in convention c from start, first player
// to move. It refuses a position the game refuses or cannot solve.
func NewMatch(g Game, c Convention, start Position) (*Match, error) {
	a, err := Analyze(g, start, c)
	if err != nil {
		return nil, err
	}
	m := &Match{Game: g, Conv: c, Start: a.Position, pos: a.Position, now: a}
	if l, ok := g.(Loopy); ok && l.Loopy() {
		m.seen = map[string]int{}
		m.count(+1)
	}
	return m, nil
}

// count adds d to the times the position on the board has stood there
// with this player to move (a game that can come back to a position),
// and keeps that count in repeats.
func (m *Match) count(d int) {
	if m.seen != nil {
		key := string(append(m.pos.AppendKey(nil), byte(m.toMove)))
		m.seen[key] += d
		m.repeats = m.seen[key]
	}
}

// Position is the position on the board.
func (m *Match) Position() Position { return m.pos }

// ToMove is the player whose turn it is.
func (m *Match) ToMove() Side { return m.toMove }

// Now is the engine's analysis of the position on the board.
func (m *Match) Now() Analysis { return m.now }

// Over reports whether no move is left, or the match is drawn.
func (m *Match) Over() bool { return m.Drawn() || Over(m.Game, m.pos) }

// Drawn reports a match ended by the repetition rule: the position on
// the board has stood there Repetitions times with this player to move.
func (m *Match) Drawn() bool { return m.repeats >= Repetitions }

// Winner is who won a finished match that is not drawn: the player who
// made the last move in normal play, the other one in misère play.
func (m *Match) Winner() Side {
	if m.Conv == Misere {
		return m.toMove
	}
	return m.toMove.Other()
}

// Played is how many moves have been made, kept or not.
func (m *Match) Played() int { return m.played }

// Forgotten is how many of the moves played before Start the match no
// longer keeps (past MaxHistory).
func (m *Match) Forgotten() int { return m.forgot }

// Turns are the moves made so far, oldest first. The caller must not
// change them.
func (m *Match) Turns() []Turn { return m.turns }

// CanRedo reports whether a move taken back can be made again.
func (m *Match) CanRedo() bool { return len(m.redo) > 0 }

// TakenBack are the moves taken back that Redo can make again, in the
// order they were played.
func (m *Match) TakenBack() []Turn {
	t := slices.Clone(m.redo)
	slices.Reverse(t)
	return t
}

// Play makes mv for the player to move; auto and kind say whether the
// computer made it and why. An illegal move, or one whose position the
// engine cannot solve, changes nothing.
func (m *Match) Play(mv Move, auto bool, kind Kind) (Turn, error) {
	after, err := m.Game.Apply(m.pos, mv)
	if err != nil {
		return Turn{}, err
	}
	next, err := m.analyzeAfter(m.now, mv, after)
	if err != nil {
		return Turn{}, err
	}
	t := Turn{Side: m.toMove, Move: mv, Before: m.now, After: next.Position, Auto: auto, Kind: kind}
	switch {
	case m.now.Outcome == P:
		t.Verdict = HoldsOut
	case m.now.Outcome == D && next.Outcome == N:
		t.Verdict = Gives
	case m.now.Outcome == D:
		t.Verdict = HoldsOut
	case next.Outcome == P:
		t.Verdict = Wins
	default:
		t.Verdict = Slips
	}
	m.step(t, next)
	m.redo = nil
	return t, nil
}

// analyzeAfter analyses after, the position mv leaves the one before is
// about, with its places labelled from before's (Lineage).
func (m *Match) analyzeAfter(before Analysis, mv Move, after Position) (Analysis, error) {
	next, err := Analyze(m.Game, after, m.Conv)
	if err != nil {
		return Analysis{}, err
	}
	if l := Relabel(m.Game, before.Position, mv, before.Labels); l != nil {
		next = next.labeled(l)
	}
	return next, nil
}

// step moves the match on by t, whose position after is analysed as next.
func (m *Match) step(t Turn, next Analysis) {
	if !m.Forget {
		m.turns = append(m.turns, t)
		if old := &m.turns[max(len(m.turns)-1-explainedTurns, 0)]; len(m.turns) > explainedTurns && !old.Before.brief {
			old.Before = old.Before.short(old.Verdict == Slips) // a slip's review names the move that was there
		}
		if len(m.turns) > historyLimit {
			m.forgetOldest()
		}
	}
	m.played++
	m.pos, m.now, m.toMove = next.Position, next, t.Side.Other()
	m.count(+1)
}

// forgetOldest forgets the oldest tenth of the turns, an even number, so
// that a game past MaxHistory forgets in few copies.
func (m *Match) forgetOldest() {
	n := max(historyLimit/10&^1, 2)
	m.Start = m.turns[n].Before.Position
	m.turns = append(make([]Turn, 0, historyLimit+1), m.turns[n:]...)
	m.forgot += n
}

// TakeBack undoes moves until n are left; they can be redone.
func (m *Match) TakeBack(n int) {
	for len(m.turns) > max(n, 0) {
		t := m.turns[len(m.turns)-1]
		m.turns = m.turns[:len(m.turns)-1]
		m.redo = append(m.redo, t)
		m.played--
		m.count(-1)
		m.pos, m.now, m.toMove = t.Before.Position, t.Before, t.Side
		m.count(0)
	}
	m.now = Full(m.now) // an old turn's analysis, kept short, whole again
}

// Redo makes the last move taken back again.
func (m *Match) Redo() (Turn, bool) {
	if len(m.redo) == 0 {
		return Turn{}, false
	}
	t := m.redo[len(m.redo)-1]
	m.redo = m.redo[:len(m.redo)-1]
	next, err := m.analyzeAfter(t.Before, t.Move, t.After)
	if err != nil { // it was solved before; nothing of the game has changed
		return Turn{}, false
	}
	m.step(t, next)
	return t, true
}

// Choose is the move pl makes in this position and why.
func (m *Match) Choose(pl *Player) (Move, Kind, error) { return pl.Choose(m.Game, m.pos, m.Conv) }

// Decide is Choose up to its slow part: see Player.Decide.
func (m *Match) Decide(pl *Player) (Move, Kind, error) { return pl.Decide(m.Game, m.pos, m.Conv) }
