package variants

import (
	"iter"
	"math/rand/v2"
	"sync"

	"matchgame/internal/engine"
)

// Chomp (Gale 1974; Winning Ways ch. 18): a chocolate bar whose rows, top
// to bottom, have the position's lengths, never growing (a staircase,
// "5 5 3 1"); the top-left square is poisoned. A move eats a square and
// every square right of it and below it. Whoever eats the poisoned square
// loses: with eating it counted as a move (it leaves nothing), Chomp is
// the misère form of the game, and it is played so only. In normal play
// the first player would eat the poisoned square and win at once: the
// engine answers that, trivially, for the solver's sake.
//
// Strategy stealing (Gale): a rectangle larger than one square is won by
// the player to move. Suppose it were lost: then eating the bottom-right
// square alone would leave a won position, whose winning reply (some
// square) the first player could have eaten first, since every position
// that reply leaves is also reachable from the rectangle at once. So the
// rectangle is won, though the argument names no move; the engine finds
// one by search.
//
// Moves: Place is the row (1-based, top row 1), Amount the column; the
// poisoned square is row 1, column 1. Search decides every bar within 10
// rows and 10 columns (184,756 staircases), and bars beyond are refused.
//
// In a sum of games (Part), the poisoned square is never eaten: the bar is
// finished when it alone is left. Chomp's rule is a rule of its last move,
// and in a sum the last move is the whole sum's: played normally, the
// player left with no move anywhere, the poisoned square aside, has to eat
// it and loses, exactly as in Chomp, and a bar alone in this form is Chomp
// itself (its normal play is Chomp's misère play). So a bar's Grundy value
// in a sum is that of the bar without its poisoned square, found by search
// (chomp_sum.go). Counted as an ordinary move to the empty bar instead, the
// poisoned square would win a bar alone at once and make every bar worth
// at least 1: Chomp's rule would be gone, which is no sum with Chomp.
type Chomp struct {
	Part bool // a component of a sum: the poisoned square is never eaten
}

// chompSide is the most rows and columns the search takes.
const chompSide = 10

func (Chomp) Name() string           { return "chomp" }
func (Chomp) Params() []engine.Param { return nil }

// Normalize refuses a bar that is not a staircase and drops empty rows at
// the bottom; nothing at all is a finished game.
func (Chomp) Normalize(p engine.Position) (engine.Position, error) {
	q := p.Clone()
	for len(q) > 0 && q[len(q)-1] == 0 {
		q = q[:len(q)-1]
	}
	for i, v := range q {
		switch {
		case v < 1:
			return nil, engine.Refuse("err.chomp.empty", i+1)
		case i > 0 && v > q[i-1]:
			return nil, engine.Refuse("err.chomp.staircase", i+1, v, i, q[i-1])
		}
	}
	return q, nil
}

func (c Chomp) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if c.Part && m == engine.At(1, 1) {
		return nil, engine.Refuse("err.chomp.part.poison")
	}
	if m.First().Place < 1 || m.First().Place > len(p) {
		return nil, engine.Refuse("err.chomp.row", m.First().Place, len(p))
	}
	if m.First().Amount < 1 || m.First().Amount > p[m.First().Place-1] || m.First().Pieces[0] != 0 {
		return nil, engine.Refuse("err.chomp.column", m.First().Place, p[m.First().Place-1], m.First().Amount)
	}
	q := p.Clone()
	for i := m.First().Place - 1; i < len(q); i++ {
		q[i] = min(q[i], m.First().Amount-1)
	}
	for len(q) > 0 && q[len(q)-1] == 0 {
		q = q[:len(q)-1]
	}
	return q, nil
}

func (c Chomp) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	all := rangeMoves(len(p), func(i int) int64 { return p[i-1] }, each)
	if !c.Part {
		return all
	}
	return func(yield func(engine.Move) bool) {
		for m := range all {
			if m != engine.At(1, 1) && !yield(m) {
				return
			}
		}
	}
}

func (c Chomp) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	if len(p) == 0 {
		return engine.Move{}, false
	}
	// Not the poisoned square while another is left: a random player
	// that ate it at once would teach nothing.
	var squares int64
	for _, v := range p {
		squares += v
	}
	if squares == 1 {
		return engine.At(1, 1), !c.Part
	}
	for {
		w := 1 + r.IntN(len(p))
		c := between(r, 1, p[w-1])
		if w > 1 || c > 1 {
			return engine.At(w, c), true
		}
	}
}

// Board: the chocolate bar (engine.Bar).
func (Chomp) Board() engine.Board {
	return engine.Board{Kind: engine.Bar, Number: "what.row.length", Unit: "unit.square", Rule: engine.T("rule.chomp")}
}

func (Chomp) Places(p engine.Position) int { return len(p) }

func (Chomp) Place(_ engine.Position, where int) engine.Text { return engine.T("label.row", where) }

// Amounts are the columns of the row's squares (in a sum, row 1 from
// column 2: the poisoned square is never eaten).
func (c Chomp) Amounts(p engine.Position, where int) engine.Amounts {
	if c.Part && where == 1 {
		if p[0] < 2 {
			return engine.None
		}
		return engine.Range(2, p[0])
	}
	return engine.Range(1, p[where-1])
}

func (Chomp) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "row", Value: int64(m.First().Place)}, {Name: "column", Value: m.First().Amount}}
}

func (Chomp) DescribeMove(m engine.Move) engine.Text {
	if m.First().Place == 1 && m.First().Amount == 1 {
		return engine.T("chomp.move.poison")
	}
	return engine.T("chomp.move", m.First().Place, m.First().Amount)
}

// chompKey packs a staircase within 10 × 10 into 4 bits a row.
func chompKey(p engine.Position) uint64 {
	var k uint64
	for i, v := range p {
		k |= uint64(v) << (4 * i)
	}
	return k
}

// chompMemo is what the search knows, shared by every game: for each bar
// met, whether the player to move loses (misère play) and the remoteness
// (how many moves are left with the winner hurrying and the loser holding
// out).
var chompMemo = struct {
	sync.Mutex
	lost  map[uint64]bool
	steps map[uint64]int
}{lost: map[uint64]bool{}, steps: map[uint64]int{}}

// chompLost decides p in misère play (eating the last square loses), and
// its remoteness; the caller holds the lock.
func chompLost(p engine.Position) (bool, int) {
	k := chompKey(p)
	if l, ok := chompMemo.lost[k]; ok {
		return l, chompMemo.steps[k]
	}
	if len(p) == 0 { // the opponent ate the poisoned square
		chompMemo.lost[k], chompMemo.steps[k] = false, 0
		return false, 0
	}
	lost, best := true, 0
	winSteps, loseSteps := -1, 0
	for m := range (Chomp{}).Moves(p, 0) {
		q, _ := Chomp{}.Apply(p, m)
		ql, qs := chompLost(q)
		if ql {
			lost = false
			if winSteps < 0 || qs < winSteps {
				winSteps = qs
			}
		} else {
			loseSteps = max(loseSteps, qs)
		}
	}
	if lost {
		best = loseSteps + 1
	} else {
		best = winSteps + 1
	}
	chompMemo.lost[k], chompMemo.steps[k] = lost, best
	return lost, best
}

func (c Chomp) Solve(p engine.Position, conv engine.Convention) (engine.Solution, error) {
	if c.Part {
		return c.solvePart(p, conv)
	}
	if conv == engine.Normal {
		return c.solveNormal(p), nil
	}
	if len(p) > chompSide || len(p) > 0 && p[0] > chompSide {
		return engine.Solution{}, engine.Refuse("err.chomp.big", len(p), p[0], chompSide)
	}
	chompMemo.Lock()
	lost, steps := chompLost(p)
	var wins []engine.Move
	for m := range c.Moves(p, 0) {
		q, _ := c.Apply(p, m)
		if l, _ := chompLost(q); l {
			wins = append(wins, m)
		}
	}
	chompMemo.Unlock()
	out := engine.N
	if lost {
		out = engine.P
	}
	rect := len(p) > 0 && p[len(p)-1] == p[0] && (len(p) > 1 || p[0] > 1)
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("chomp.reason", steps),
		Winning: func(yield func(engine.Move) bool) {
			for _, m := range wins {
				if !yield(m) {
					return
				}
			}
		},
		Hint: func(m engine.Move) engine.Text { return engine.T("chomp.hint", m.First().Place) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("chomp.rule")}
			if rect {
				e = append(e, engine.T("chomp.stealing", len(p), p[0]))
			}
			switch {
			case len(p) == 0:
				e = append(e, engine.T("chomp.over"))
			case len(p) == 1 && p[0] == 1:
				e = append(e, engine.T("chomp.poison.only"))
			case lost:
				e = append(e, engine.T("chomp.lost", steps))
			default:
				e = append(e, engine.T("chomp.search", steps))
				if first != nil {
					e = append(e, engine.Reveal(engine.T("chomp.bite", first.First().Place, first.First().Amount)), engine.T("winning.count", count))
				}
			}
			return e
		},
	}, nil
}

// solveNormal: if eating the poisoned square won, the player to move
// would eat it at once; an empty bar is lost.
func (Chomp) solveNormal(p engine.Position) engine.Solution {
	out := engine.P
	if len(p) > 0 {
		out = engine.N
	}
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("chomp.reason.normal"),
		Winning: func(yield func(engine.Move) bool) {
			if len(p) > 0 {
				yield(engine.At(1, 1))
			}
		},
		Explain: func(*engine.Move, int64) engine.Explanation {
			return engine.Explanation{engine.T("chomp.normal")}
		},
	}
}

// Spell writes the rows as the command line takes them.
func (Chomp) Spell(p engine.Position) string { return p.String() }

// Brief writes the rows for a sentence; the bar eaten up is "∅".
func (Chomp) Brief(p engine.Position) string {
	if len(p) == 0 {
		return "∅"
	}
	return p.Brief()
}
