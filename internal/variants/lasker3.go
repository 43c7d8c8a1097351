package variants

import (
	"iter"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// LaskerThree is Lasker's Nim with splits into three (HDU 5795, "A Simple
// Nim"; `lasker --parts 3`): heaps of matches; a move takes any number
// from one heap, or splits a heap into three non-empty heaps.
//
// Theory. g(n) = n, except that the last two numbers of each block of 8
// swap: g(8k+7) = 8k+8, g(8k+8) = 8k+7. By induction on n: taking leaves
// every heap below n, whose values are every number below n (the swap
// keeps each block whole); at 8k+7 the split 1 + 2 + (8k+4) is worth
// 1 ⊕ 2 ⊕ (8k+4) = 8k+7 as well, so the mex is 8k+8. No split a + b + c
// = n is worth the rule's value: a xor is at most the sum of the numbers
// xored, equal only when they share no bit, and has the sum's parity.
// Each part's value is the part, or one more (at 8k+7), or one less (at
// 8k+8); counting the parts of each kind, the parity, the sum and the
// last three bits leave no case (TestLasker3Cases walks them).
// Misère play is misère Nim on the values for every heap (the theory of
// tame games, as for Lasker's Nim): only heaps 0 and 1 are worth less
// than 2, a heap of 1 can only be taken whole, and every larger heap can
// be taken whole (worth 0) or down to 1 (worth 1). Both conventions are
// checked against the exhaustive search on every small position.
//
// A split is the move {Where, Amount: 0, Left: a, Mid: b}, a ≤ b ≤ the
// rest; the natural order puts the splits first (a, then b, ascending),
// then the takes. The winning splits of a huge heap are found in that
// order and counted by a search over the binary columns (trioSplits).
type LaskerThree struct{}

// NewLasker builds Lasker's Nim by its --parts: 2, the classic (a
// take-and-break game), or 3.
func NewLasker(parts string) (engine.Game, error) {
	switch parts {
	case "", "2":
		return NewTakeBreak("lasker")
	case "3":
		return LaskerThree{}, nil
	}
	return nil, engine.Refuse("err.lasker.parts", parts)
}

func (LaskerThree) Name() string { return "lasker" }

func (LaskerThree) Params() []engine.Param {
	return []engine.Param{{Name: "parts", Value: int64(3), Shown: engine.T("param.parts", 3)}}
}

func (LaskerThree) Normalize(p engine.Position) (engine.Position, error) {
	return p, checkCounts("what.heap", p, 1)
}

func (LaskerThree) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Amount != 0 || m.First().Place < 1 || m.First().Place > len(p) {
		if m.First().Pieces[0] != 0 || m.First().Pieces[1] != 0 {
			return nil, engine.Refuse("err.lasker3.take", m.First().Place)
		}
		return takeFromHeap(p, m)
	}
	h := p[m.First().Place-1]
	a, b := m.First().Pieces[0], m.First().Pieces[1]
	switch { // in this order, so that h − a − b cannot overflow
	case a < 1 || b < 1:
		return nil, engine.Refuse("err.lasker3.empty", m.First().Place, a, b)
	case a > h || b > h-a:
		return nil, engine.Refuse("err.lasker3.over", m.First().Place, h, a, b)
	case b < a || h-a-b < b:
		return nil, engine.Refuse("err.lasker3.split", m.First().Place, h, a, b, h-a-b)
	}
	q := make(engine.Position, 0, len(p)+2)
	q = append(q, p[:m.First().Place-1]...)
	q = append(q, a, b, h-a-b)
	return append(q, p[m.First().Place:]...), nil
}

// lasker3Moves yields the moves of a heap of h in natural order: the splits,
// then the takes.
func lasker3Moves(where int, h int64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for a := int64(1); a <= h/3; a++ {
			for b := a; b <= (h-a)/2; b++ {
				if !yield(engine.Change{Place: where, Amount: 0, Pieces: [2]int64{a, b}}.Move()) {
					return
				}
			}
		}
		for t := int64(1); t <= h; t++ {
			if !yield(engine.At(where, t)) {
				return
			}
		}
	}
}

// Moves heap by heap in natural order; with each > 0, the first each of
// every heap.
func (LaskerThree) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i, h := range p {
			n := 0
			for m := range lasker3Moves(i+1, h) {
				if each > 0 && n == each {
					break
				}
				n++
				if !yield(m) {
					return
				}
			}
		}
	}
}

// RandomMove picks a heap that is not empty, then a take or a split.
func (LaskerThree) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	open := nonEmpty(p)
	if len(open) == 0 {
		return engine.Move{}, false
	}
	w := open[r.IntN(len(open))]
	h := p[w-1]
	if h < 3 || r.IntN(2) == 0 {
		return engine.At(w, 1+r.Int64N(h)), true
	}
	a := 1 + r.Int64N(h/3)
	return engine.Change{Place: w, Amount: 0, Pieces: [2]int64{a, a + r.Int64N((h-a)/2-a+1)}}.Move(), true
}

// Board: rows of matches, a split drawn as two cuts.
func (LaskerThree) Board() engine.Board {
	return engine.Board{Kind: engine.Pins, Number: "what.heap", Unit: "unit.match", Rule: engine.T("rule.lasker3"), Shape: engine.Shape{Pieces: 3}}
}

func (LaskerThree) Places(p engine.Position) int { return len(p) }

func (LaskerThree) Place(_ engine.Position, where int) engine.Text {
	return engine.T("label.heap", where)
}

// Amounts: 0 (a split) from 3 matches up, and 1 to the heap.
func (LaskerThree) Amounts(p engine.Position, where int) engine.Amounts {
	if where < 1 || where > len(p) {
		return engine.None
	}
	switch h := p[where-1]; {
	case h >= 3:
		return engine.Range(0, h)
	case h >= 1:
		return engine.Range(1, h)
	}
	return engine.None
}

// Splits: the smallest of the three heaps of a split, 1 to h/3; a take
// leaves one heap (Pieces 0).
func (LaskerThree) Splits(p engine.Position, where int, amount int64) engine.Amounts {
	if where < 1 || where > len(p) || amount < 0 || amount > p[where-1] {
		return engine.None
	}
	h := p[where-1]
	switch {
	case amount > 0:
		return engine.Range(0, 0)
	case h >= 3:
		return engine.Range(1, h/3)
	}
	return engine.None
}

// MoveFields: heap, take, and the heaps left: left ≤ middle ≤ right
// after a split, right alone after a take.
func (LaskerThree) MoveFields(p engine.Position, m engine.Move) []engine.Field {
	right := int64(0)
	if m.First().Place >= 1 && m.First().Place <= len(p) {
		right = p[m.First().Place-1] - m.First().Amount - m.First().Pieces[0] - m.First().Pieces[1]
	}
	return []engine.Field{{Name: "heap", Value: int64(m.First().Place)}, {Name: "take", Value: m.First().Amount},
		{Name: "left", Value: m.First().Pieces[0]}, {Name: "middle", Value: m.First().Pieces[1]}, {Name: "right", Value: right}}
}

// DescribeMove: "take 3 matches from heap 2"; a split names its heaps
// with the position (DescribeMoveAt).
func (g LaskerThree) DescribeMove(m engine.Move) engine.Text {
	if m.First().Amount == 0 {
		return engine.T("lasker3.move.split.short", g.Place(nil, m.First().Place), m.First().Pieces[0], m.First().Pieces[1])
	}
	return engine.T("break.move.take", g.Place(nil, m.First().Place), m.First().Amount, engine.T(plural("unit.match", m.First().Amount)))
}

// DescribeMoveAt: "split heap 1 into 1 + 2 + 4".
func (g LaskerThree) DescribeMoveAt(p engine.Position, m engine.Move) engine.Text {
	if m.First().Amount != 0 || m.First().Place < 1 || m.First().Place > len(p) {
		return g.DescribeMove(m)
	}
	return engine.T("lasker3.move.split", g.Place(p, m.First().Place), m.First().Pieces[0], m.First().Pieces[1], p[m.First().Place-1]-m.First().Pieces[0]-m.First().Pieces[1])
}

// lasker3Wins yields, in natural order, the moves of heap where (h
// matches) that aim wins: the splits worth aim.w (the one split of 3,
// 1 + 1 + 1, is small), then the takes to the heap worth aim.w, to 1 and
// to nothing.
func lasker3Wins(where int, h int64, a aim, yield func(engine.Move) bool) bool {
	if h == 3 {
		if a.wins(1, true) && !yield(engine.Change{Place: where, Amount: 0, Pieces: [2]int64{1, 1}}.Move()) {
			return false
		}
	} else {
		for x, y := range trioSplits(h, a.w) {
			if !yield(engine.Change{Place: where, Amount: 0, Pieces: [2]int64{x, y}}.Move()) {
				return false
			}
		}
	}
	b, ok := lasker3Swap.heapOf(a.w)
	return takeWins(h, b, ok, a, func(t int64) bool { return yield(engine.At(where, t)) })
}

// lasker3WinCount counts what lasker3Wins yields.
func lasker3WinCount(h int64, a aim) moveCount {
	var n moveCount
	switch {
	case h == 3 && a.wins(1, true):
		n.add(1)
	case h > 3:
		n = trioCount(h, a.w)
	}
	b, ok := lasker3Swap.heapOf(a.w)
	n.add(takeWinCount(h, b, ok, a))
	return n
}

func lasker3Values(p engine.Position) []uint64 {
	v := make([]uint64, len(p))
	for i, h := range p {
		v[i] = lasker3Swap.value(h)
	}
	return v
}

// Solve: the nim-sum of the values in normal play, misère Nim on them in
// misère play (every heap is tame).
func (g LaskerThree) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	if err := checkCounts("what.heap", p, 1); err != nil {
		return engine.Solution{}, err
	}
	values := lasker3Values(p)
	sum := (TakeBreak{}).sumOf(values)
	out := engine.N
	if sum.lost(c) {
		out = engine.P
	}
	winning := func(yield func(engine.Move) bool) {
		if out == engine.N {
			for i, h := range p {
				if !lasker3Wins(i+1, h, sum.aimAt(values[i], c), yield) {
					return
				}
			}
		}
	}
	return engine.Solution{
		Outcome: out,
		Winning: winning,
		Count: func() *big.Int {
			var n moveCount
			if out == engine.N {
				for i, h := range p {
					n.addCount(lasker3WinCount(h, sum.aimAt(values[i], c)))
				}
			}
			return n.Big()
		},
		Reason: sum.reason(c, grundyWords(g, p)),
		Hint: func(m engine.Move) engine.Text {
			v := values[m.First().Place-1]
			after, _ := g.optionValue(p[m.First().Place-1], m)
			return sum.hint(g.Place(p, m.First().Place), int64(min(v, math.MaxInt64)), after > v, c)
		},
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return g.explain(p, c, values, sum, first, count)
		},
	}, nil
}

// optionValue is the value of what move m leaves of a heap of h, and that
// in words: "g(1) ⊕ g(2) ⊕ g(4) = 1 ⊕ 2 ⊕ 4 = 7".
func (LaskerThree) optionValue(h int64, m engine.Move) (uint64, engine.Text) {
	if m.First().Amount == 0 {
		c := h - m.First().Pieces[0] - m.First().Pieces[1]
		a, b, v := lasker3Swap.value(m.First().Pieces[0]), lasker3Swap.value(m.First().Pieces[1]), lasker3Swap.value(c)
		return a ^ b ^ v, engine.T("lasker3.after.three", m.First().Pieces[0], m.First().Pieces[1], c, a, b, v, a^b^v)
	}
	if r := h - m.First().Amount; r > 0 {
		return lasker3Swap.value(r), engine.T("break.after.one", r, lasker3Swap.value(r))
	}
	return 0, engine.T("break.after.none")
}

// explain: the misère rule, the nim-sum table, the move; then the values
// in blocks of 8 with each heap's, and the proof (the rule is under the
// board).
func (g LaskerThree) explain(p engine.Position, c engine.Convention, values []uint64, sum nimSum, first *engine.Move, count int64) engine.Explanation {
	after := engine.Explanation{lasker3Blocks()}
	after = append(after, lasker3Heaps(p)...)
	after = append(after, engine.T("lasker3.proof"),
		engine.Sentence{Text: engine.T("lasker3.teach.sum"), Show: engine.Teach, Mark: engine.Aside})
	var e engine.Explanation
	if c == engine.Misere {
		e = append(e, engine.T("lasker3.misere"))
	}
	rule := nimRuleOf(len(values), func(i int) uint64 { return values[i] }, sum, c, grundyWords(g, p))
	if first == nil {
		return slices.Concat(e, rule, after)
	}
	rule = markMove(rule, first.First().Place)
	table := 0
	if _, ok := rule[0].(engine.NimSumTable); ok {
		table = 1
	}
	e = append(e, rule[:table]...)
	h, old := p[first.First().Place-1], values[first.First().Place-1]
	value, parts := g.optionValue(h, *first)
	key := "break.win.normal"
	if c == engine.Misere {
		key = "break.win.misere"
	}
	e = append(e, engine.Reveal(engine.T(key, g.DescribeMoveAt(p, *first), h, old, parts)))
	if value > old {
		e = append(e, engine.Reveal(engine.T(raised(c))))
	}
	return slices.Concat(e, rule[table:], after, engine.Explanation{engine.T("winning.count", count)})
}

// lasker3Blocks is the table of values in blocks of 8: n = 8k to 8k+7 a
// row, the first three blocks, the swapped pair of each block marked.
func lasker3Blocks() engine.Table {
	head := []any{"n"}
	for j := range 8 {
		head = append(head, "+"+strconv.Itoa(j))
	}
	var rows [][]any
	for k := range int64(3) {
		row := []any{itoa(8 * k)}
		for j := range int64(8) {
			s := strconv.FormatUint(lasker3Swap.value(8*k+j), 10)
			if j == 7 || j == 0 && k > 0 {
				s += "*"
			}
			row = append(row, s)
		}
		rows = append(rows, row)
	}
	return engine.Table{Head: head, Rows: rows, Mark: -1}
}

// lasker3Heaps says each distinct heap's value with its place in its
// block: "g(25) = 25, since 25 = 8·3 + 1".
func lasker3Heaps(p engine.Position) engine.Explanation {
	var e engine.Explanation
	var shown []int64
	for _, h := range p {
		if slices.Contains(shown, h) || h == 0 {
			continue
		}
		if len(shown) == 6 {
			e = append(e, engine.T("grundy.more"))
			break
		}
		shown = append(shown, h)
		e = append(e, engine.T("lasker3.heap", h, h/8, h%8, lasker3Swap.value(h)))
	}
	return e
}

// Value: the xor of the heaps' values, by the rule.
func (g LaskerThree) Value(p engine.Position) (engine.Value, error) {
	if err := checkCounts("what.heap", p, 1); err != nil {
		return engine.Value{}, err
	}
	values := lasker3Values(p)
	return engine.Value{G: nimXor(values), How: heapsHow(p, values, engine.T("value.lasker3"))}, nil
}

func (g LaskerThree) MovesTo(p engine.Position, want uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		values := lasker3Values(p)
		if x := nimXor(values) ^ want; x != 0 {
			for i, h := range p {
				if !lasker3Wins(i+1, h, aim{w: values[i] ^ x}, yield) {
					return
				}
			}
		}
	}
}

func (g LaskerThree) CountTo(p engine.Position, want uint64) *big.Int {
	values := lasker3Values(p)
	var n moveCount
	if x := nimXor(values) ^ want; x != 0 {
		for i, h := range p {
			n.addCount(lasker3WinCount(h, aim{w: values[i] ^ x}))
		}
	}
	return n.Big()
}

func (g LaskerThree) MisereWins(p engine.Position, total engine.Units) (iter.Seq[engine.Move], func() *big.Int) {
	values := lasker3Values(p)
	sum := nimSum{x: total.X, ones: total.Ones, big: total.Big}
	seq := func(yield func(engine.Move) bool) {
		for i, h := range p {
			if !lasker3Wins(i+1, h, sum.aimAt(values[i], engine.Misere), yield) {
				return
			}
		}
	}
	count := func() *big.Int {
		var n moveCount
		for i, h := range p {
			n.addCount(lasker3WinCount(h, sum.aimAt(values[i], engine.Misere)))
		}
		return n.Big()
	}
	return seq, count
}

// Tame: every heap passes the misère certificate (see LaskerThree).
func (LaskerThree) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	return unitsOf(lasker3Values(p)), true, engine.T("tame.lasker3")
}

// HeapTable: g(0..to) by the rule, each with the mex over its first
// options in natural order (the splits, then the takes).
func (LaskerThree) HeapTable(to int64) (HeapTable, error) {
	if err := checkTo(to); err != nil {
		return HeapTable{}, err
	}
	t := HeapTable{To: to, Values: values(to, lasker3Swap.value), Closed: engine.T("lasker3.proof")}
	t.row = func(n int64) HeapRow {
		// The splits of n into three non-empty heaps are round(n²/12).
		row := HeapRow{Heap: n, Value: lasker3Swap.value(n), Total: (n*n+6)/12 + n}
		var b strings.Builder
		u := func(x int64) string { return strconv.FormatUint(lasker3Swap.value(x), 10) }
		for m := range lasker3Moves(1, n) {
			if len(row.Options) == tableOptions {
				break
			}
			o := HeapOption{Take: m.First().Amount, Left: m.First().Pieces[0], Mid: m.First().Pieces[1], Right: n - m.First().Amount - m.First().Pieces[0] - m.First().Pieces[1]}
			switch {
			case len(row.Options) > 0 && m.First().Amount == 1:
				b.WriteString("; ")
			case len(row.Options) > 0:
				b.WriteString(", ")
			}
			switch {
			case m.First().Amount == 0:
				o.Value = lasker3Swap.value(o.Left) ^ lasker3Swap.value(o.Mid) ^ lasker3Swap.value(o.Right)
				b.WriteString("g(" + itoa(o.Left) + ")⊕g(" + itoa(o.Mid) + ")⊕g(" + itoa(o.Right) + ")=" +
					u(o.Left) + "⊕" + u(o.Mid) + "⊕" + u(o.Right) + "=" + strconv.FormatUint(o.Value, 10))
			case o.Right > 0:
				o.Value = lasker3Swap.value(o.Right)
				b.WriteString("g(" + itoa(o.Right) + ")=" + u(o.Right))
			default:
				b.WriteString("0")
			}
			row.Options = append(row.Options, o)
		}
		switch {
		case n == 0:
			row.Mex = engine.T("break.mex.none", n)
		case int64(len(row.Options)) < row.Total:
			row.Mex = engine.T("break.mex.more", n, b.String(), row.Value, row.Total)
		default:
			row.Mex = engine.T("break.mex", n, b.String(), row.Value)
		}
		return row
	}
	return t, nil
}
