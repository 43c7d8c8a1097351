package variants

// The values of a take-and-break game for sums of games (engine.Valued,
// engine.Tamer, engine.Counter): each heap read from the rule's table, the
// moves to a value found heap by heap, counted where they are too many.

import (
	"iter"
	"math/big"
	"slices"

	"matchgame/internal/engine"
)

func (g TakeBreak) values(p engine.Position) (breakView, []uint64, error) {
	r := g.rule
	if err := r.checkHeaps(p); err != nil {
		return breakView{}, nil, err
	}
	v, err := r.table.upTo(slices.Max(p))
	if err != nil {
		return breakView{}, nil, err
	}
	values := make([]uint64, len(p))
	for i, h := range p {
		values[i] = v.at(h)
	}
	return v, values, nil
}

func (g TakeBreak) Value(p engine.Position) (engine.Value, error) {
	_, values, err := g.values(p)
	if err != nil {
		return engine.Value{}, err
	}
	one := engine.T("value.lasker")
	switch g.rule.kind {
	case grundyRule: // no period is known: the table to its limit would say nothing more
		one = periodHow(0, 0)
	case octalRule:
		// The period, where one is proved, even for a heap inside the table:
		// "from the table, periodic with period 12 from heap 71" (Kayles).
		// It is looked for up to the largest heap or periodShown, whichever
		// is more, and said when its proof fits there: a code with no period
		// is not worked out to the table's limit to say so (0.6: a fifth of
		// a second), and the words do not depend on how far the table grew
		// before.
		top := slices.Max(append([]int64{periodShown}, p...))
		one = periodHow(0, 0)
		if _, err := g.rule.table.upTo(top); err == nil {
			if e, per, to, ok := g.rule.table.period(); ok && to <= top {
				one = periodHow(e, per)
			}
		}
	}
	return engine.Value{G: nimXor(values), How: heapsHow(p, values, one)}, nil
}

func (g TakeBreak) MovesTo(p engine.Position, want uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		v, values, err := g.values(p)
		if err != nil {
			return
		}
		x := nimXor(values) ^ want
		if x == 0 {
			return
		}
		for i, h := range p {
			for o := range g.rule.heapWins(v, h, aim{w: values[i] ^ x}) {
				if !yield(engine.Change{Place: i + 1, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move()) {
					return
				}
			}
		}
	}
}

// CountTo counts the moves to value want heap by heap, through the period
// or the closed form: a huge heap's splits are never listed.
func (g TakeBreak) CountTo(p engine.Position, want uint64) *big.Int {
	v, values, err := g.values(p)
	if err != nil {
		return new(big.Int)
	}
	x := nimXor(values) ^ want
	var n moveCount
	if x != 0 {
		for i, h := range p {
			n.addCount(g.rule.heapWinCount(v, h, aim{w: values[i] ^ x}))
		}
	}
	return n.Big()
}

// MisereWins are the family's own misère winning moves (breakTable's aim)
// with the other components' units counted in.
func (g TakeBreak) MisereWins(p engine.Position, total engine.Units) (iter.Seq[engine.Move], func() *big.Int) {
	v, values, err := g.values(p)
	if err != nil {
		return func(func(engine.Move) bool) {}, func() *big.Int { return new(big.Int) }
	}
	sum := nimSum{x: total.X, ones: total.Ones, big: total.Big}
	seq := func(yield func(engine.Move) bool) {
		for i, h := range p {
			for o := range g.rule.heapWins(v, h, sum.aimAt(values[i], engine.Misere)) {
				if !yield(engine.Change{Place: i + 1, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move()) {
					return
				}
			}
		}
	}
	count := func() *big.Int {
		var n moveCount
		for i, h := range p {
			n.addCount(g.rule.heapWinCount(v, h, sum.aimAt(values[i], engine.Misere)))
		}
		return n.Big()
	}
	return seq, count
}

// Tame: every heap up to the largest passes breakTable.certifies.
func (g TakeBreak) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	_, values, err := g.values(p)
	if err != nil {
		return engine.Units{}, false, engine.Text{}
	}
	top := slices.Max(p)
	ok, _ := g.rule.table.certified(top)
	return unitsOf(values), ok, engine.T("tame.table", top)
}
