package variants

import (
	"iter"
	"math/rand/v2"
	"sync"

	"matchgame/internal/engine"
)

// Turtles is Turning Turtles (Winning Ways, ch. 14): a row of coins
// numbered 1, 2, 3 … from the left, the position the numbers of the
// heads-up coins; a move turns over one or two coins, the rightmost of
// them from heads to tails. It is Nim in disguise: a heads coin x is a
// heap of x. Turning x alone empties that heap; turning x and a tails
// coin a < x lowers it to a; turning x and a heads coin a < x removes two
// heaps, which changes the nim-sum exactly as lowering heap x to a would
// (a ⊕ a = 0). So coin x is worth x, and a position the nim-sum of its
// heads.
//
// A move's Place is the heads coin turned (its place among the heads,
// ascending) and Amount the other coin turned, 0 for none. Misère play
// has no formula here (two heaps can go at once, which misère Nim has
// not): it is searched over every row up to coin misereCoins, as the
// other coin games are.
type Turtles struct{}

func (Turtles) Name() string           { return "turning-turtles" }
func (Turtles) Params() []engine.Param { return nil }

// Normalize sorts the heads, as every coin game's positions are.
func (Turtles) Normalize(p engine.Position) (engine.Position, error) { return Coins{}.Normalize(p) }

// coins are the coins m turns, checked: the heads coin, and a < it.
func (Turtles) coins(p engine.Position, m engine.Move) (x, a int64, err error) {
	c := m.First()
	if c.Place < 1 || c.Place > len(p) {
		return 0, 0, engine.Refuse("err.coin.none", c.Place, len(p))
	}
	x = p[c.Place-1]
	if c.Amount < 0 || c.Amount >= x || c.Pieces != [2]int64{} || m.Len() != 1 {
		return 0, 0, engine.Refuse("err.turtles.coins", x, c.Amount)
	}
	return x, c.Amount, nil
}

func (t Turtles) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	x, a, err := t.coins(p, m)
	if err != nil {
		return nil, err
	}
	q := toggleRun(p, x, x)
	if a > 0 {
		q = toggleRun(q, a, a)
	}
	return q, nil
}

// Moves: each heads coin, the second coin from none (0) up.
func (Turtles) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i, x := range p {
			for a := int64(0); a < x && (each <= 0 || a < int64(each)); a++ {
				if !yield(engine.At(i+1, a)) {
					return
				}
			}
		}
	}
}

func (Turtles) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	if len(p) == 0 {
		return engine.Move{}, false
	}
	i := r.IntN(len(p))
	return engine.At(i+1, r.Int64N(p[i])), true
}

// Board: a row of coins (engine.Coins), the second coin its amount.
func (Turtles) Board() engine.Board {
	return engine.Board{Kind: engine.Coins, Number: "what.coin", Unit: "unit.coin", Rule: engine.T("rule.turtles")}
}

func (Turtles) Places(p engine.Position) int { return len(p) }

func (Turtles) Place(p engine.Position, where int) engine.Text { return Coins{}.Place(p, where) }

// Amounts: the second coin turned, 0 for none, left of the heads coin.
func (Turtles) Amounts(p engine.Position, where int) engine.Amounts {
	return engine.Range(0, p[where-1]-1)
}

func (Turtles) MoveFields(p engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "coin", Value: p[m.First().Place-1]}, {Name: "second", Value: m.First().Amount}}
}

func (Turtles) DescribeMove(m engine.Move) engine.Text {
	if c := m.First(); c.Amount > 0 {
		return engine.T("mock.move.two", c.Place, c.Amount)
	}
	return engine.T("mock.move.one", m.First().Place)
}

// DescribeMoveAt names the coins turned: "turn coins 9 and 5".
func (t Turtles) DescribeMoveAt(p engine.Position, m engine.Move) engine.Text {
	x, a, err := t.coins(p, m)
	switch {
	case err != nil:
		return t.DescribeMove(m)
	case a == 0:
		return engine.T("coins.turn.one", x)
	}
	return engine.T("mock.turn.two", x, a)
}

// value is the nim-sum of the heads: coin x is a heap of x.
func (Turtles) value(p engine.Position) uint64 {
	var s uint64
	for _, x := range p {
		s ^= uint64(x)
	}
	return s
}

func (t Turtles) Value(p engine.Position) (engine.Value, error) {
	return engine.Value{G: t.value(p), How: engine.T("turtles.how")}, nil
}

// MovesTo: from heads coin x, the other coin turned must be worth
// t = s ⊕ x ⊕ v, which is coin t itself (0: turn x alone), left of x.
func (t Turtles) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	s := t.value(p)
	return func(yield func(engine.Move) bool) {
		for i, x := range p {
			if a := s ^ uint64(x) ^ v; a < uint64(x) && !yield(engine.At(i+1, int64(a))) {
				return
			}
		}
	}
}

func (t Turtles) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	if c == engine.Misere {
		return t.solveMisere(p)
	}
	s := t.value(p)
	return engine.SolveByValue(t, p, s, engine.ByValue{
		Reason: engine.T("coins.reason", s),
		Hint:   func(m engine.Move) engine.Text { return engine.T("coins.hint", p[m.First().Place-1]) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return t.explain(p, s, first, count)
		},
	}), nil
}

// explain: each heads coin a heap of its number, the nim-sum table, and
// the move as Nim's.
func (t Turtles) explain(p engine.Position, s uint64, first *engine.Move, count int64) engine.Explanation {
	e := engine.Explanation{engine.T("turtles.rule")}
	if len(p) == 0 {
		return append(e, engine.T("coins.none"))
	}
	table := engine.NimSumTable{Sum: s}
	for _, x := range p[:min(len(p), 24)] {
		table.Labels = append(table.Labels, engine.T("label.coin.g", x))
		table.Values = append(table.Values, uint64(x))
	}
	if len(p) <= 24 {
		e = append(e, table)
	}
	if s == 0 {
		return append(e, engine.T("coins.zero"))
	}
	e = append(e, engine.T("coins.nonzero", s))
	if first != nil {
		x, a, _ := t.coins(p, *first)
		if a == 0 {
			e = append(e, engine.Reveal(engine.T("mock.explain.one", x, x, s)))
		} else {
			e = append(e, engine.Reveal(engine.T("turtles.explain.two", x, a, x^a)))
		}
		e = append(e, engine.T("winning.count", count))
	}
	return e
}

// turtlesLost holds the misère outcome of every row of heads among coins
// 1..misereCoins (bit x−1 set: coin x heads), found once.
var turtlesLost struct {
	once sync.Once
	lost []bool // true: a P-position
}

func (Turtles) misereLost() []bool {
	turtlesLost.once.Do(func() {
		lost := make([]bool, 1<<misereCoins)
		lost[0] = false // no heads: the opponent made the last move, and lost
		// A move clears its highest coin and turns one lower: the mask
		// falls, so ascending order works.
		for mask := 1; mask < len(lost); mask++ {
			win := false
			for x := 1; x <= misereCoins && !win; x++ {
				bit := 1 << (x - 1)
				if mask&bit == 0 {
					continue
				}
				for a := 0; a < x && !win; a++ {
					next := mask ^ bit
					if a > 0 {
						next ^= 1 << (a - 1)
					}
					win = lost[next] // a move to a lost row wins
				}
			}
			lost[mask] = !win
		}
		turtlesLost.lost = lost
	})
	return turtlesLost.lost
}

// solveMisere decides misère play by the table of every row up to coin
// misereCoins, as the other coin games do.
func (t Turtles) solveMisere(p engine.Position) (engine.Solution, error) {
	return misereByTable(t, p, t.misereLost, t.value(p))
}

// Spell and Brief write the heads as the other coin games do.
func (Turtles) Spell(p engine.Position) string { return Coins{}.Spell(p) }
func (Turtles) Brief(p engine.Position) string { return Coins{}.Brief(p) }

// HeapTable is g(0..to) of one coin, coins numbered from 1 and g(0) = 0
// for no coin: coin n alone leaves nothing (0) or, with coin a < n turned
// up, the row of coin a (worth a), so g(n) = mex{0, 1, …, n − 1} = n.
func (Turtles) HeapTable(to int64) (HeapTable, error) {
	if err := checkTo(to); err != nil {
		return HeapTable{}, err
	}
	at := func(n int64) uint64 { return uint64(n) }
	return HeapTable{To: to, Values: values(to, at), Closed: engine.T("table.closed.turtles"), Identity: true, row: func(n int64) HeapRow {
		if n == 0 {
			return HeapRow{Mex: engine.T("table.coins.none")}
		}
		row := HeapRow{Heap: n, Value: at(n), Total: n, Options: []HeapOption{{Take: 1}}}
		grp := optionGroup{Take: -1, Options: []optionValue{{}}}
		for a := int64(1); a < n && len(row.Options) < tableOptions; a++ {
			row.Options = append(row.Options, HeapOption{Take: 2, Right: a, Value: at(a)})
			grp.Options = append(grp.Options, optionValue{Right: a, Value: at(a)})
		}
		d := heapDerivation{Heap: n, Value: row.Value, Mex: &mexDerivation{Groups: []optionGroup{grp}, Listed: len(grp.Options), Total: n}}
		row.Mex = mexText(d, at)
		return row
	}}, nil
}
