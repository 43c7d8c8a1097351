package engine

import (
	"math"
	"math/rand/v2"
)

// Level is the computer's strength.
type Level int

const (
	// Perfect always plays the canonical winning move.
	Perfect Level = iota
	// Strong errs now and then.
	Strong
	// Casual errs often: a game a beginner can win.
	Casual
)

var levelNames = []string{"perfect", "strong", "casual"}

// String returns the level's command-line name.
func (l Level) String() string { return levelNames[l] }

// ParseLevel reads a level's command-line name.
func ParseLevel(s string) (Level, error) {
	for i, name := range levelNames {
		if s == name {
			return Level(i), nil
		}
	}
	return 0, Refuse("err.level", s)
}

// mistakeRate is the chance, at each level, that the computer plays a
// random legal move instead of a winning one.
var mistakeRate = [...]float64{Perfect: 0, Strong: 0.15, Casual: 0.4}

// Kind says why the computer chose its move.
type Kind int

const (
	// Winning: the canonical winning move.
	Winning Kind = iota
	// Stubborn: from a P-position, the move that leaves the opponent the
	// fewest winning replies and the longest game.
	Stubborn
	// Mistake: a deliberate random move at a lower level.
	Mistake
)

// Player is the computer. Its random source is seeded so that a class can
// replay a game.
type Player struct {
	Level Level
	rng   *rand.Rand
}

// NewPlayer returns a player of level l whose random choices follow seed.
func NewPlayer(l Level, seed uint64) *Player {
	return &Player{Level: l, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Choose picks the computer's move from p and says why. It fails only when
// the game refuses the position or p has no legal move.
func (pl *Player) Choose(g Game, p Position, c Convention) (Move, Kind, error) {
	m, kind, err := pl.Decide(g, p, c)
	if err != nil || kind != Stubborn {
		return m, kind, err
	}
	return pl.HoldOut(g, p, c)
}

// Decide is Choose up to its slow part: it makes the player's random
// choices, and when there is no winning move says Stubborn without the
// move, which pl.HoldOut then weighs. HoldOut draws nothing at random, so
// it may run apart (the terminal runs it during the visible pause).
func (pl *Player) Decide(g Game, p Position, c Convention) (Move, Kind, error) {
	sol, err := g.Solve(p, c)
	if err != nil {
		return Move{}, 0, err
	}
	var best *Move
	for m := range sol.Winning {
		best = &m
		break
	}
	if best != nil && pl.rng.Float64() >= mistakeRate[pl.Level] {
		return *best, Winning, nil
	}
	if best != nil {
		if m, ok := g.RandomMove(p, pl.rng); ok {
			return m, Mistake, nil
		}
	}
	return Move{}, Stubborn, nil
}

// HoldOut is the holding move of pl from a lost position: see HoldOut.
func (pl *Player) HoldOut(g Game, p Position, c Convention) (Move, Kind, error) {
	m, ok, err := HoldOut(g, p, c)
	if err != nil || !ok {
		return Move{}, 0, errNoMove(err)
	}
	return m, Stubborn, nil
}

func errNoMove(err error) error {
	if err != nil {
		return err
	}
	return Refuse("err.nomove")
}

// holdBudget bounds the work of HoldOut, which runs while a person
// waits (about 0.7 µs a move weighed): a position of n numbers has
// holdBudget/n of its moves weighed (at least 16), some 50 ms at most.
// Every move of a position drawn as matches is weighed; of two heaps of
// 10^18, or 1,000 heaps of a billion, an even spread.
const holdBudget = 1 << 17

// HoldOut is the move from a lost position that is hardest to answer: the
// one that leaves the opponent the fewest winning replies; of those, the
// smallest amount (a long game, in a demo too: the lost side holds out as
// it does against a person); then the first in natural order. A move that loses at once (misère play:
// the last move) is the last resort. Every legal move is weighed while
// they are few enough for holdBudget; beyond, the two smallest and the
// largest amount of every place (an even spread of those when even they
// are too many).
func HoldOut(g Game, p Position, c Convention) (Move, bool, error) {
	most := max(16, holdBudget/max(1, len(p)))
	var moves []Move
	if !moreMovesThan(g, p, most) {
		for m := range g.Moves(p, 0) {
			if len(moves) > most {
				break
			}
			moves = append(moves, m)
		}
	}
	if moves == nil || len(moves) > most {
		moves = spread(g, p, most)
	}
	var best Move
	bestReplies, bestLoses, found := int64(-1), false, false
	for _, m := range moves {
		q, err := g.Apply(p, m)
		if err != nil {
			return Move{}, false, err
		}
		loses := c == Misere && Over(g, q)
		if found && loses && !bestLoses {
			continue
		}
		sol, err := g.Solve(q, c)
		if err != nil {
			return Move{}, false, err
		}
		var replies int64
		switch {
		case sol.Count != nil: // a split heap of 10^18 has ~10^17 winning replies: count, never list
			if n := sol.Count(); n.IsInt64() {
				replies = n.Int64()
			} else {
				replies = math.MaxInt64
			}
		default:
			for range sol.Winning {
				replies++
				if found && !bestLoses && replies > bestReplies {
					break
				}
			}
		}
		better := !found || bestLoses && !loses || replies < bestReplies ||
			replies == bestReplies && m.First().Amount < best.First().Amount
		if better {
			best, bestReplies, bestLoses, found = m, replies, loses, true
		}
	}
	return best, found, nil
}

// moreMovesThan reports whether p surely has more than most moves: its
// amounts alone are more (so no move is listed just to learn it).
func moreMovesThan(g Game, p Position, most int) bool {
	left := int64(most)
	for w := 1; w <= g.Places(p); w++ {
		if left -= g.Amounts(p, w).Count(); left < 0 {
			return true
		}
	}
	return false
}

// spread is the moves weighed in a position with too many: the two
// smallest and the largest amount at every place, at most about most of
// them (an even spread), in natural order.
func spread(g Game, p Position, most int) []Move {
	var moves []Move
	for m := range g.Moves(p, 2) {
		moves = append(moves, m)
	}
	split, _ := g.(Splitter)
	for w := 1; w <= g.Places(p); w++ {
		if a, ok := g.Amounts(p, w).Last(); ok {
			var left int64
			if split != nil {
				left, _ = split.Splits(p, w, a).First()
			}
			moves = append(moves, MoveAt(g, p, w, a, left))
		}
	}
	if len(moves) > most {
		step := float64(len(moves)) / float64(most)
		var kept []Move
		for i := 0.0; int(i) < len(moves); i += step {
			kept = append(kept, moves[int(i)])
		}
		moves = kept
	}
	return moves
}
