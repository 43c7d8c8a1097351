package variants

import (
	"iter"
	"math"
	"math/rand/v2"

	"matchgame/internal/engine"
)

// Staircase Nim (阶梯博弈): coins on stairs 0 … N−1, stair 0 the ground; a
// move carries c ≥ 1 coins from stair i ≥ 1 down to stair i−1. It is Nim
// on the odd stairs: a move from an even stair can be undone by carrying
// the same coins on down.
type Staircase struct{}

func (Staircase) Name() string           { return "staircase" }
func (Staircase) Params() []engine.Param { return nil }

func (Staircase) Normalize(p engine.Position) (engine.Position, error) {
	if err := checkCounts("what.stair", p, 0); err != nil {
		return nil, err
	}
	var total int64
	for _, v := range p {
		if v > math.MaxInt64-total { // coins pile up on the ground
			return nil, engine.Refuse("err.stairs.total")
		}
		total += v
	}
	return p, nil
}

func (Staircase) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || m.First().Place >= len(p) {
		return nil, engine.Refuse("err.stairs.where", len(p)-1, m.First().Place)
	}
	if m.First().Amount < 1 {
		return nil, engine.Refuse("err.stairs.zero", m.First().Amount)
	}
	if m.First().Amount > p[m.First().Place] {
		return nil, engine.Refuse(plural("err.stairs.short", p[m.First().Place]), m.First().Place, p[m.First().Place], m.First().Amount)
	}
	q := p.Clone()
	q[m.First().Place] -= m.First().Amount
	q[m.First().Place-1] += m.First().Amount
	return q, nil
}

// Place counts stairs from 1 here; the ground cannot be moved from.
func stairLimit(p engine.Position) func(int) int64 { return func(i int) int64 { return p[i] } }

func (Staircase) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return rangeMoves(len(p)-1, stairLimit(p), each)
}

func (Staircase) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	return randomRangeMove(len(p)-1, stairLimit(p), r)
}

func (Staircase) Board() engine.Board {
	return engine.Board{Kind: engine.Stairs, Number: "what.stair", Unit: "unit.coin"}
}

// Places are the stairs above the ground: Place is the stair's number.
func (Staircase) Places(p engine.Position) int { return len(p) - 1 }

func (Staircase) Place(_ engine.Position, where int) engine.Text {
	return engine.T("label.stair", where)
}

func (Staircase) Amounts(p engine.Position, where int) engine.Amounts {
	return engine.Range(1, p[where])
}

func (Staircase) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "stair", Value: int64(m.First().Place)}, {Name: "coins", Value: m.First().Amount}}
}

func (Staircase) DescribeMove(m engine.Move) engine.Text {
	return engine.T(plural("staircase.move", m.First().Amount), m.First().Amount, m.First().Place, m.First().Place-1)
}

// oddStairs are the nim-values of a staircase: the coins on stairs 1, 3, 5 …
func oddStairs(a engine.Position) []int64 {
	var odd []int64
	for i := 1; i < len(a); i += 2 {
		odd = append(odd, a[i])
	}
	return odd
}

// stairTakes yields, smallest first, the coins that a winning move from
// stair i carries down. From an odd stair the move lowers that stair's
// value; from an even stair it raises the odd stair below, which can win
// too (the opponent's nim-sum is what counts).
func stairTakes(a []int64, i int, s nimSum, c engine.Convention, yield func(int64) bool) bool {
	odd := i
	if i%2 == 0 {
		odd = i - 1
	}
	v := a[odd]
	t, n := s.targets(v, c) // highest first
	for k := range n {
		w := t[k]
		if i%2 == 0 {
			w = t[n-1-k] // raising: the smallest target is the smallest move
		}
		switch {
		case i%2 == 1 && w < v:
			if !yield(v - w) {
				return false
			}
		case i%2 == 0 && w > v && w-v <= a[i]:
			if !yield(w - v) {
				return false
			}
		}
	}
	return true
}

func (Staircase) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	s := sumOf(oddStairs(p))
	winning := func(yield func(engine.Move) bool) {
		for i := 1; i < len(p); i++ {
			if !stairTakes(p, i, s, c, func(coins int64) bool { return yield(engine.At(i, coins)) }) {
				return
			}
		}
	}
	hint := func(m engine.Move) engine.Text {
		odd := m.First().Place - 1 + m.First().Place%2 // the odd stair the move changes
		return s.hint(engine.T("label.stair", m.First().Place), p[odd], m.First().Place%2 == 0, c)
	}
	return engine.Solution{Outcome: s.outcome(c), Reason: s.reason(c, oddStairWords), Hint: hint, Winning: winning, Explain: func(first *engine.Move, count int64) engine.Explanation {
		e := nimRule(oddStairs(p), s, c, oddStairWords)
		e = append(engine.Explanation{engine.T("staircase.even")}, e...)
		var raised engine.Text
		if first != nil && first.First().Place%2 == 0 && (c == engine.Normal || s.big >= 2) {
			raised = engine.T("label.stair", first.First().Place-1)
		}
		return append(e, stairVerdict(Staircase{}, p, oddStairWords, oddStairs, first, count, raised)...)
	}}, nil
}

var oddStairWords = nimWords{plural: "words.oddstairs", label: func(i int) engine.Text { return engine.T("label.stair", 2*i+1) }}

// stairVerdict says what the canonical move does to the counted values
// (odd stairs; for Georgia and Bob, gaps) and counts the winning moves.
// raised names the counted value the canonical move raises (a move from
// an even stair), or is zero when it lowers one: the table's targets then
// show other winning moves, which the sentence says.
func stairVerdict(g engine.Game, p engine.Position, words nimWords, counted func(engine.Position) []int64, first *engine.Move, count int64, raised engine.Text) engine.Explanation {
	if first == nil {
		return nil
	}
	after, _ := g.Apply(p, *first)
	e := engine.Explanation{engine.Reveal(engine.T("stair.win", g.DescribeMove(*first), brief(counted(after)), engine.T(words.plural)))}
	if !raised.IsZero() {
		e = append(e, engine.Reveal(engine.T("stair.raise", raised, engine.T(words.plural))))
	}
	return append(e, engine.T("winning.count", count))
}

// stairTo is the coins a move from stair i must carry down to change the
// odd stairs' nim-sum by x ≠ 0 (false: no such move). From an odd stair it
// lowers that stair to a_i ⊕ x; from an even stair it raises the odd stair
// below to a_{i−1} ⊕ x.
func stairTo(a []int64, i int, x uint64) (int64, bool) {
	if i%2 == 1 {
		w := uint64(a[i]) ^ x
		return a[i] - int64(w), w < uint64(a[i])
	}
	w := uint64(a[i-1]) ^ x
	if w <= uint64(a[i-1]) {
		return 0, false
	}
	c := w - uint64(a[i-1])
	return int64(c), c <= uint64(a[i])
}

func oddValues(a []int64) []uint64 { return nimValues(oddStairs(a)) }

func (Staircase) Value(p engine.Position) (engine.Value, error) {
	g := nimXor(oddValues(p))
	return engine.Value{G: g, How: engine.T("value.staircase")}, nil
}

func (Staircase) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		x := nimXor(oddValues(p)) ^ v
		if x == 0 {
			return
		}
		for i := 1; i < len(p); i++ {
			if c, ok := stairTo(p, i, x); ok && !yield(engine.At(i, c)) {
				return
			}
		}
	}
}
