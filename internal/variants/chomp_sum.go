package variants

import (
	"iter"
	"slices"
	"sync"

	"matchgame/internal/engine"
)

// Chomp in a sum of games (Chomp.Part): the bar without its poisoned
// square, valued by search. Its Grundy value is the mex of its bites'
// values, the bar of the poisoned square alone worth 0 (no bite left);
// bars within chompSide × chompSide, as the search of Chomp alone.

// chompValues are the Grundy values found, shared by every game.
var chompValues = struct {
	sync.Mutex
	g map[uint64]uint64
}{g: map[uint64]uint64{}}

// partValue is the Grundy value of bar p as a component; the caller holds
// chompValues.
func (c Chomp) partValue(p engine.Position) uint64 {
	k := chompKey(p)
	if v, ok := chompValues.g[k]; ok {
		return v
	}
	var seen []uint64
	for m := range c.Moves(p, 0) {
		q, _ := c.Apply(p, m)
		seen = append(seen, c.partValue(q))
	}
	slices.Sort(seen)
	var v uint64
	for _, s := range seen {
		if s == v {
			v++
		} else if s > v {
			break
		}
	}
	chompValues.g[k] = v
	return v
}

// checkBar refuses a bar beyond the search.
func checkBar(p engine.Position) error {
	if len(p) > chompSide || len(p) > 0 && p[0] > chompSide {
		return engine.Refuse("err.chomp.big", len(p), p[0], chompSide)
	}
	return nil
}

// Value is the bar's Grundy value without its poisoned square, by search.
func (c Chomp) Value(p engine.Position) (engine.Value, error) {
	if !c.Part { // whole, the poisoned square is a move: see Chomp
		return engine.Value{}, engine.Refuse("err.chomp.whole")
	}
	if err := checkBar(p); err != nil {
		return engine.Value{}, err
	}
	chompValues.Lock()
	defer chompValues.Unlock()
	return engine.Value{G: Chomp{Part: true}.partValue(p), How: engine.T("chomp.how")}, nil
}

// MovesTo yields the bites that leave a bar worth v.
func (c Chomp) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	part := Chomp{Part: true}
	return func(yield func(engine.Move) bool) {
		if !c.Part || checkBar(p) != nil {
			return
		}
		var moves []engine.Move
		chompValues.Lock()
		for m := range part.Moves(p, 0) {
			if q, _ := part.Apply(p, m); part.partValue(q) == v {
				moves = append(moves, m)
			}
		}
		chompValues.Unlock()
		for _, m := range moves {
			if !yield(m) {
				return
			}
		}
	}
}

// solvePart solves a bar as a component on its own: in normal play by its
// value (a bar alone is then Chomp itself); in misère play, where the last
// bite before the poisoned square loses, by search.
func (c Chomp) solvePart(p engine.Position, conv engine.Convention) (engine.Solution, error) {
	if err := checkBar(p); err != nil {
		return engine.Solution{}, err
	}
	if conv == engine.Misere {
		solver := engine.NewSolver(c, engine.Misere)
		out, wins := solver.Outcome(p), solver.WinningMoves(p)
		return engine.Solution{
			Outcome: out,
			Winning: slices.Values(wins),
			Reason:  engine.T("chomp.part.reason.misere", solver.Size()),
			Explain: func(first *engine.Move, count int64) engine.Explanation {
				e := engine.Explanation{engine.T("chomp.part.rule"), engine.T("chomp.part.misere", solver.Size())}
				if first != nil {
					e = append(e, engine.Reveal(engine.T("chomp.bite", first.First().Place, first.First().Amount)), engine.CountLine(count))
				}
				return e
			},
		}, nil
	}
	v, _ := c.Value(p)
	return engine.SolveByValue(c, p, v.G, engine.ByValue{
		Reason: engine.T("chomp.part.reason", v.G),
		Hint:   func(m engine.Move) engine.Text { return engine.T("chomp.hint", m.First().Place) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("chomp.part.rule"), engine.T("chomp.part.value", v.G)}
			if first != nil {
				e = append(e, engine.Reveal(engine.T("chomp.bite", first.First().Place, first.First().Amount)), engine.CountLine(count))
			}
			return e
		},
	}), nil
}
