package engine

import (
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
	m, ok, err := StubbornMove(g, p, c)
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

// stubbornBudget bounds the work of StubbornMove: each move weighed costs
// about one pass over the position, so a position of n numbers has
// stubbornBudget/n of them weighed (at least 8): every candidate of a
// position on screen, an even spread of them for 1,000 heaps.
const stubbornBudget = 8000

// StubbornMove is the move from a lost position that is hardest to answer:
// among the smallest two moves of every heap (stair, chessman), the one
// that leaves the fewest winning replies, then the smallest amount, then
// the first in natural order. Small amounts keep the game long. A large
// position has only an even spread of those moves weighed.
func StubbornMove(g Game, p Position, c Convention) (Move, bool, error) {
	var moves []Move
	for m := range g.Moves(p, 2) {
		moves = append(moves, m)
	}
	if n, most := len(moves), max(8, stubbornBudget/max(1, len(p))); n > most {
		spread := make([]Move, most)
		for i := range spread {
			spread[i] = moves[i*n/most]
		}
		moves = spread
	}
	var best Move
	bestReplies, found := int64(-1), false
	for _, m := range moves {
		q, err := g.Apply(p, m)
		if err != nil {
			return Move{}, false, err
		}
		sol, err := g.Solve(q, c)
		if err != nil {
			return Move{}, false, err
		}
		var replies int64
		for range sol.Winning {
			replies++
			if found && replies > bestReplies {
				break
			}
		}
		if !found || replies < bestReplies || replies == bestReplies && m.Amount < best.Amount {
			best, bestReplies, found = m, replies, true
		}
	}
	return best, found, nil
}
