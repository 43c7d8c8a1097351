package variants

import (
	"iter"
	"math/big"
	"math/bits"
	"math/rand/v2"

	"matchgame/internal/engine"
)

// Nim: heaps of matches; a move takes at least one match from one heap.
// Anti-Nim is Nim in misère play.
type Nim struct{}

func (Nim) Name() string           { return "nim" }
func (Nim) Params() []engine.Param { return nil }

func (Nim) Normalize(p engine.Position) (engine.Position, error) {
	return p, checkCounts("what.heap", p, 1)
}

func (Nim) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	return takeFromHeap(p, m)
}

// takeFromHeap is a take-away move at m's place; the amount is checked
// against the heap only (subtraction games check their set first).
func takeFromHeap(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || m.First().Place > len(p) {
		return nil, engine.Refuse("err.heap.none", m.First().Place, len(p))
	}
	h := p[m.First().Place-1]
	if m.First().Amount < 1 {
		return nil, engine.Refuse("err.take.zero", m.First().Amount)
	}
	if m.First().Amount > h {
		return nil, engine.Refuse(plural("err.heap.short", h), m.First().Place, h, m.First().Amount)
	}
	q := p.Clone()
	q[m.First().Place-1] -= m.First().Amount
	return q, nil
}

func (Nim) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return rangeMoves(len(p), func(i int) int64 { return p[i-1] }, each)
}

func (Nim) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	return randomRangeMove(len(p), func(i int) int64 { return p[i-1] }, r)
}

func (Nim) Board() engine.Board {
	return engine.Board{Kind: engine.Heaps, Number: "what.heap", Unit: "unit.match"}
}

func (Nim) Places(p engine.Position) int { return len(p) }

func (Nim) Place(_ engine.Position, where int) engine.Text { return engine.T("label.heap", where) }

func (Nim) Amounts(p engine.Position, where int) engine.Amounts {
	return engine.Range(1, p[where-1])
}

func (Nim) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "heap", Value: int64(m.First().Place)}, {Name: "take", Value: m.First().Amount}}
}

func (Nim) DescribeMove(m engine.Move) engine.Text {
	return engine.T("nim.move", m.First().Place, m.First().Amount)
}

func (Nim) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	s := sumOf(p)
	return engine.Solution{
		Outcome: s.outcome(c),
		Reason:  s.reason(c, heapWords),
		Hint: func(m engine.Move) engine.Text {
			return s.hint(engine.T("label.heap", m.First().Place), p[m.First().Place-1], false, c)
		},
		Winning: heapTargets(p, s, c),
		Count:   func() *big.Int { return big.NewInt(countTargets(p, s, c)) },
		Explain: func(first *engine.Move, count int64) engine.Explanation { return explainNim(p, s, c, first, count) },
	}, nil
}

// heapTargets yields the winning moves of Nim: from each heap in order,
// the takes that bring it to a winning target, smallest take first.
func heapTargets(p engine.Position, s nimSum, c engine.Convention) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		if c == engine.Normal || s.big >= 2 {
			// Only h⊕x can win (see nimSum.targets); the hot loop of
			// 500,000 heaps tests that alone.
			for i, h := range p {
				if w := h ^ int64(s.x); w < h && !yield(engine.At(i+1, h-w)) {
					return
				}
			}
			return
		}
		for i, h := range p {
			t, n := s.targets(h, c)
			for _, w := range t[:n] {
				if w < h && !yield(engine.At(i+1, h-w)) {
					return
				}
			}
		}
	}
}

// countTargets counts what heapTargets yields without making the moves:
// the hot loop of 500,000 heaps only tests each heap.
func countTargets(p engine.Position, s nimSum, c engine.Convention) int64 {
	var n int64
	if c == engine.Normal || s.big >= 2 {
		for _, h := range p {
			if h^int64(s.x) < h {
				n++
			}
		}
		return n
	}
	for range heapTargets(p, s, c) {
		n++
	}
	return n
}

var heapWords = nimWords{plural: "words.heaps", label: func(i int) engine.Text { return engine.T("label.heap", i+1) }, shrink: true}

func explainNim(p engine.Position, s nimSum, c engine.Convention, first *engine.Move, count int64) engine.Explanation {
	e := nimRule(p, s, c, heapWords)
	if first == nil {
		return e
	}
	i, h := first.First().Place, p[first.First().Place-1]
	if c == engine.Normal || s.big >= 2 {
		e = append(e, engine.Reveal(engine.T("nim.reduce", i, h, int64(s.x), h^int64(s.x), first.First().Amount, engine.Binary(uint64(1)<<(bits.Len64(s.x)-1), 1))))
	} else {
		e = append(e, engine.Reveal(engine.T("nim.misere.reduce", i, h, h-first.First().Amount, first.First().Amount)))
	}
	if c == engine.Misere {
		normal := sumOf(p)
		if nf := firstTarget(p, normal, engine.Normal); nf != nil && *nf != *first {
			e = append(e, engine.Reveal(engine.T("nim.misere.differs", Nim{}.DescribeMove(*nf))))
		}
	}
	e = append(e, engine.T("winning.count", count))
	return e
}

// firstTarget is Nim's canonical winning move in convention c, or nil.
func firstTarget(p engine.Position, s nimSum, c engine.Convention) *engine.Move {
	for m := range heapTargets(p, s, c) {
		return &m
	}
	return nil
}

// Remoteness of Nim: a heap alone is taken at once (normal play: 1 step)
// or, in misère play, down to 1 and then taken (2 steps; 1 when it is 1).
// Several heaps are searched.
func (Nim) Remoteness(p engine.Position, c engine.Convention) (int64, error) {
	i, ok := onlyHeap(p)
	switch {
	case !ok && slicesAllZero(p):
		return 0, nil
	case !ok:
		return 0, errNoClosedForm
	case c == engine.Normal || p[i] == 1:
		return 1, nil
	}
	return 2, nil
}

// HeapTable: g(n) = n, every smaller heap being an option.
func (Nim) HeapTable(to int64) (HeapTable, error) {
	if err := checkTo(to); err != nil {
		return HeapTable{}, err
	}
	at := func(n int64) uint64 { return uint64(n) }
	return HeapTable{To: to, Values: values(to, at), Closed: engine.T("table.closed.nim"), Identity: true,
		row: func(n int64) HeapRow {
			return takeRow(n, n, takesUpTo(min(n, tableOptions)), at, engine.Text{})
		}}, nil
}

func (Nim) Value(p engine.Position) (engine.Value, error) {
	values := nimValues(p)
	return engine.Value{G: nimXor(values), How: heapsHow(p, values, engine.T("value.nim"))}, nil
}

func nimValues(p engine.Position) []uint64 {
	values := make([]uint64, len(p))
	for i, h := range p {
		values[i] = uint64(h)
	}
	return values
}

func (Nim) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		x := nimXor(nimValues(p)) ^ v
		if x == 0 {
			return
		}
		for i, h := range p {
			if w := uint64(h) ^ x; w < uint64(h) && !yield(engine.At(i+1, h-int64(w))) {
				return
			}
		}
	}
}

// Tame: a Nim heap is its own unit, and misère Nim is Bouton's.
func (Nim) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	return unitsOf(nimValues(p)), true, engine.T("tame.nim")
}
