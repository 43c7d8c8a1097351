package engine

import (
	"math"
	"math/big"
)

// ShowWinning is how many winning moves an analysis lists; beyond that it
// only counts them.
const ShowWinning = 12

// Analysis is everything the engine says about one position.
type Analysis struct {
	Game       Game
	Convention Convention
	Position   Position
	Outcome    Outcome
	// Move is the canonical winning move: the first in natural order.
	// Nil from a P-position and from a finished misère game.
	Move *Move
	// After is the position after Move (nil without a move).
	After Position
	// WinningCount counts all winning moves, at most the largest int64;
	// WinningBig holds the count when it is more (else nil); -1 where the
	// count is not known (Solution.Count), JSON's null. Winning lists the
	// first ShowWinning of them.
	WinningCount int64
	WinningBig   *big.Int
	Winning      []Move
	Explanation  Explanation
	// Hint says where Move is made and why, without the move (zero
	// without a move).
	Hint Text
	// Reason is the outcome's reason in a few words, with the numbers.
	Reason Text
	// Labels name Position's places where a match keeps labels (a game
	// whose places outlive moves, Lineage): its sentences say them so.
	// Nil: each place is named by its number.
	Labels Labels
	// brief: the analysis of an old turn of a match, kept short (the
	// position, its outcome and its canonical move); Full finds the rest
	// again.
	brief bool
}

// Brief reports an analysis kept short (see Full).
func (a Analysis) Brief() bool { return a.brief }

// short is a kept to its position and outcome, and with move its
// canonical move: what a match keeps of an old turn (see Match), so that
// a long game's memory grows by little more than its positions.
func (a Analysis) short(move bool) Analysis {
	b := Analysis{Game: a.Game, Convention: a.Convention, Position: a.Position, Outcome: a.Outcome,
		WinningCount: a.WinningCount, WinningBig: a.WinningBig, Labels: a.Labels, brief: true}
	if move {
		b.Move = a.Move
	}
	return b
}

// Full is a whole: an analysis a match kept short is made again (the
// game solved it once, so it solves it again), with its labels; any other
// returned as it is.
func Full(a Analysis) Analysis {
	if !a.brief {
		return a
	}
	full, err := Analyze(a.Game, a.Position, a.Convention)
	if err != nil {
		return a
	}
	return full.labeled(a.Labels)
}

// Analyze normalizes p and solves it by the game's closed form.
func Analyze(g Game, p Position, c Convention) (Analysis, error) {
	p, err := g.Normalize(p)
	if err != nil {
		return Analysis{}, err
	}
	sol, err := g.Solve(p, c)
	if err != nil {
		return Analysis{}, err
	}
	a := Analysis{Game: g, Convention: c, Position: p, Outcome: sol.Outcome, Reason: sol.Reason}
	if a.Reason.IsZero() {
		a.Reason = T("reason." + sol.Outcome.String())
	}
	for m := range sol.Winning {
		if len(a.Winning) == ShowWinning && sol.Count != nil {
			break
		}
		a.WinningCount++
		if len(a.Winning) < ShowWinning {
			a.Winning = append(a.Winning, m)
		}
	}
	if sol.Count != nil {
		n := sol.Count()
		switch {
		case n == nil:
			a.WinningCount = -1
		case n.IsInt64():
			a.WinningCount = n.Int64()
		default:
			a.WinningCount, a.WinningBig = math.MaxInt64, n
		}
	}
	if len(a.Winning) > 0 {
		m := a.Winning[0]
		a.Move = &m
		if a.After, err = g.Apply(p, m); err != nil {
			return Analysis{}, err
		}
		a.Hint = T("hint.place", g.Place(p, PlaceOf(g, p, m)))
		if sol.Hint != nil {
			a.Hint = sol.Hint(m)
		}
	}
	a.Explanation = sol.Explain(a.Move, a.WinningCount)
	return a, nil
}

// Summary is the one-sentence verdict: who wins and, if the player to move
// does, the canonical move.
func (a Analysis) Summary() Text {
	switch {
	case a.Move != nil && a.Game.Board().Kind == OneHeap: // "leaving 16 matches"
		return T("summary.win.leaving.heap", a.Describe(*a.Move), a.After[0], T(a.Game.Board().Unit))
	case a.Move != nil && (len(a.After) <= 24 || isSpeller(a.Game)):
		return T("summary.win.leaving", a.Describe(*a.Move), BriefOf(a.Game, a.After))
	case a.Move != nil:
		return T("summary.win", a.Describe(*a.Move))
	case a.Outcome == D:
		return T("summary.draw")
	case a.Outcome == N:
		return T("summary.won.misere")
	case a.WinningCount == 0 && a.Convention == Normal && Over(a.Game, a.Position):
		return T("summary.lost.over")
	default:
		return T("summary.lose")
	}
}

// Over reports whether the game is finished: no legal move is left.
func Over(g Game, p Position) bool {
	for range g.Moves(p, 1) {
		return false
	}
	return true
}
