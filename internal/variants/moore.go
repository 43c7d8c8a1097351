package variants

import (
	"iter"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"matchgame/internal/engine"
)

// Moore is Moore's Nim_k (E. H. Moore, "A generalization of the game
// called Nim", Annals of Mathematics 11, 1910): heaps of matches; a move
// takes at least one match from each of 1 to K heaps. Nim is Moore's
// Nim_1.
//
// Theory. Write the heaps in binary: the player to move loses iff every
// column's count of 1s is divisible by K + 1 (Moore). From such a
// position a move changes at most K heaps, so it changes some column by
// 1 to K: no longer divisible. From any other, the highest columns first,
// a move on at most K heaps makes every column divisible. Misère play
// (Moore, same paper): while a heap of 2 or more is left, the same rule;
// when every heap is 0 or 1, the player to move loses iff the count of
// 1s is ≡ 1 (mod K + 1). Both are checked against the exhaustive search
// on every small position (moore_test.go).
//
// A move is a set of (heap, take) pairs, one change each (engine.MoveOf), with
// the heaps ascending; the natural order is that of the pairs in turn
// (heap 1 before heap 2, a smaller take first, a move on fewer heaps
// before one that goes on), which for K = 1 is Nim's. The winning moves
// of large heaps are too many to list (two heaps of 2^62 have about 2^61
// between them): they are found one after another in that order by a
// search over the columns, for any number of heaps, and counted by
// arithmetic where the sets of at most K heaps are few enough, else named
// as not known (mooreSearch).
type Moore struct{ K int64 }

// NewMoore builds Moore's Nim_k.
func NewMoore(k string) (engine.Game, error) {
	n, err := ParseNumber(k, "what.k")
	if err != nil {
		return nil, err
	}
	if n < 1 || n > engine.MaxChanges { // a move changes at most MaxChanges places
		return nil, engine.Refuse("err.moore.k", n, engine.MaxChanges)
	}
	return Moore{K: n}, nil
}

func (Moore) Name() string { return "moore" }

func (g Moore) Params() []engine.Param {
	return []engine.Param{{Name: "k", Value: g.K, Shown: engine.T("param.k", g.K)}}
}

func (Moore) Normalize(p engine.Position) (engine.Position, error) {
	return p, checkCounts("what.heap", p, 1)
}

// takes are m's (heap, take) pairs, checked: heaps ascending and in p,
// at most K of them, each take from 1 to its heap.
func (g Moore) takes(p engine.Position, m engine.Move) ([]engine.Change, error) {
	takes := m.List()
	if !m.Whole() {
		return nil, engine.Refuse("err.moore.order")
	}
	if int64(len(takes)) > g.K {
		return nil, engine.Refuse("err.moore.many", len(takes), g.K)
	}
	for i, t := range takes {
		if i > 0 && t.Place <= takes[i-1].Place {
			return nil, engine.Refuse("err.moore.order")
		}
		if _, err := takeFromHeap(p, engine.At(t.Place, t.Amount)); err != nil {
			return nil, err
		}
	}
	return takes, nil
}

func (g Moore) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	takes, err := g.takes(p, m)
	if err != nil {
		return nil, err
	}
	q := p.Clone()
	for _, t := range takes {
		q[t.Place-1] -= t.Amount
	}
	return q, nil
}

// Moves in natural order; with each > 0, the first each of every first
// heap.
func (g Moore) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		var takes []engine.Change
		var rec func(from int) bool
		n := 0
		rec = func(from int) bool {
			for h := from; h <= len(p); h++ {
				for t := int64(1); t <= p[h-1]; t++ {
					if len(takes) == 0 && each > 0 && n >= each {
						break
					}
					takes = append(takes, engine.Change{Place: h, Amount: t})
					if len(takes) == 1 {
						n++
					}
					ok := yield(engine.MoveOf(takes...)) && (int64(len(takes)) == g.K || rec(h+1))
					takes = takes[:len(takes)-1]
					if !ok {
						return false
					}
				}
				if len(takes) == 0 {
					n = 0
				}
			}
			return true
		}
		rec(1)
	}
}

// nonEmpty are the places (from 1) of p's heaps that are not empty.
func nonEmpty(p engine.Position) []int {
	var open []int
	for i, h := range p {
		if h > 0 {
			open = append(open, i+1)
		}
	}
	return open
}

// RandomMove picks up to K heaps that are not empty and a take from each.
func (g Moore) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	open := nonEmpty(p)
	if len(open) == 0 {
		return engine.Move{}, false
	}
	r.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	open = open[:1+r.IntN(int(min(int64(len(open)), g.K)))]
	slices.Sort(open)
	takes := make([]engine.Change, len(open))
	for i, w := range open {
		takes[i] = engine.Change{Place: w, Amount: 1 + r.Int64N(p[w-1])}
	}
	return engine.MoveOf(takes...), true
}

// Board: heaps, with up to K of them marked for one move.
func (g Moore) Board() engine.Board {
	return engine.Board{Kind: engine.Heaps, Number: "what.heap", Unit: "unit.match", Rule: engine.T("rule.moore", g.K), Shape: engine.Shape{Places: int(g.K)}}
}

func (Moore) Places(p engine.Position) int { return len(p) }

func (Moore) Place(_ engine.Position, where int) engine.Text { return engine.T("label.heap", where) }

func (Moore) Amounts(p engine.Position, where int) engine.Amounts {
	return engine.Range(1, p[where-1])
}

// MoveFields: {"takes": [{"heap": 1, "take": 2}, …]}.
func (Moore) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	takes := m.List()
	list := make([][]engine.Field, len(takes))
	for i, t := range takes {
		list[i] = []engine.Field{{Name: "heap", Value: int64(t.Place)}, {Name: "take", Value: t.Amount}}
	}
	return []engine.Field{{Name: "takes", List: list}}
}

// DescribeMove: "take 2 from heap 1, 1 from heap 3 and 3 from heap 4".
func (Moore) DescribeMove(m engine.Move) engine.Text {
	takes := m.List()
	t := engine.T("nim.move", takes[0].Place, takes[0].Amount)
	for i, k := range takes[1:] {
		key := "moore.move.more"
		if i == len(takes)-2 {
			key = "moore.move.last"
		}
		t = engine.T(key, t, k.Place, k.Amount)
	}
	return t
}

// columns are the counts of 1s in each binary column of p, the lowest
// first, over as many columns as the largest heap has.
func columns(p engine.Position) []int {
	var top int64
	for _, h := range p {
		top = max(top, h)
	}
	cols := make([]int, bits.Len64(uint64(top)))
	for _, h := range p {
		for b := range cols {
			cols[b] += int(h >> b & 1)
		}
	}
	return cols
}

// lost reports a P-position: every column divisible by K + 1; in misère
// play with every heap 0 or 1, the count of 1s ≡ 1.
func (g Moore) lost(p engine.Position, c engine.Convention) bool {
	cols := columns(p)
	if c == engine.Misere && len(cols) <= 1 {
		ones := 0
		if len(cols) == 1 {
			ones = cols[0]
		}
		return int64(ones)%(g.K+1) == 1
	}
	for _, n := range cols {
		if int64(n)%(g.K+1) != 0 {
			return false
		}
	}
	return true
}

func (g Moore) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	out := engine.N
	if g.lost(p, c) {
		out = engine.P
	}
	// The first winning move in natural order is searched within mooreWork;
	// where the search runs out (many heaps, K large), a winning move is
	// made column by column instead, and said to be so.
	if g.K == 1 { // Nim: its own moves, as many heaps as there are
		return g.solveNim(p, c, out)
	}
	var made *engine.Move
	if out == engine.N {
		s, found := newMooreSearch(p, g.K), false
		if !s.beyond() {
			s.winning(c, func(engine.Move) bool { found = true; return false })
		}
		if !found && (s.spent || s.beyond()) {
			m := s.madeMove(c)
			made = &m
		}
	}
	return engine.Solution{
		Outcome: out,
		Winning: func(yield func(engine.Move) bool) {
			switch {
			case made != nil:
				yield(*made)
			case out == engine.N:
				newMooreSearch(p, g.K).winning(c, yield)
			}
		},
		Count: func() *big.Int {
			switch {
			case out == engine.P:
				return new(big.Int)
			case made != nil:
				return nil
			}
			return newMooreSearch(p, g.K).count(c)
		},
		Reason: g.reason(p, c),
		Hint: func(m engine.Move) engine.Text {
			takes := m.List()
			return engine.T("moore.hint", len(takes), g.K+1)
		},
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := g.explain(p, c, out, first, count)
			if made != nil {
				e = append(e, engine.T("moore.made", mooreWork))
			}
			return e
		},
	}, nil
}

// solveNim is Moore's Nim_1, which is Nim: Nim's winning moves (the same
// moves, in the same order) and their count, Moore's words.
func (g Moore) solveNim(p engine.Position, c engine.Convention, out engine.Outcome) (engine.Solution, error) {
	nim, err := Nim{}.Solve(p, c)
	if err != nil {
		return engine.Solution{}, err
	}
	count := nim.Count
	if count == nil {
		count = func() *big.Int {
			var n int64
			for range nim.Winning {
				n++
			}
			return big.NewInt(n)
		}
	}
	return engine.Solution{
		Outcome: out,
		Winning: nim.Winning,
		Count:   count,
		Reason:  g.reason(p, c),
		Hint:    func(engine.Move) engine.Text { return engine.T("moore.hint", 1, 2) },
		Explain: func(first *engine.Move, n int64) engine.Explanation { return g.explain(p, c, out, first, n) },
	}, nil
}

// reason: the columns not divisible, or the 1s of a misère ending.
func (g Moore) reason(p engine.Position, c engine.Convention) engine.Text {
	cols := columns(p)
	if c == engine.Misere && len(cols) <= 1 {
		ones := 0
		if len(cols) == 1 {
			ones = cols[0]
		}
		return engine.T("moore.reason.ones", ones, g.K+1, int64(ones)%(g.K+1))
	}
	bad := 0
	for _, n := range cols {
		if int64(n)%(g.K+1) != 0 {
			bad++
		}
	}
	if bad == 0 {
		return engine.T("moore.reason.zero", g.K+1)
	}
	return engine.T("moore.reason.nonzero", bad, g.K+1)
}

// mooreRows is the most heaps the binary table shows one a row.
const mooreRows = 16

// explain: the binary table with each column's 1s and their remainder
// mod K + 1, the rule, and the move that makes every column divisible.
func (g Moore) explain(p engine.Position, c engine.Convention, out engine.Outcome, first *engine.Move, count int64) engine.Explanation {
	e := engine.Explanation{engine.T("moore.rule", g.K, g.K+1)}
	cols := columns(p)
	width := max(len(cols), 1)
	bin := func(h int64) string {
		var b strings.Builder
		for i := width - 1; i >= 0; i-- {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(byte('0' + h>>i&1))
		}
		return b.String()
	}
	row := func(cells func(i int) string) string {
		parts := make([]string, width)
		for i := range width {
			parts[width-1-i] = cells(i)
		}
		return strings.Join(parts, " ")
	}
	var rows [][]any
	for i, h := range p {
		if i == mooreRows {
			rows = append(rows, []any{engine.T("moore.more", len(p)), "", ""})
			break
		}
		rows = append(rows, []any{engine.T("label.heap", i+1), itoa(h), bin(h)})
	}
	count1 := func(i int) string {
		if i < len(cols) {
			return strconv.Itoa(cols[i])
		}
		return "0"
	}
	rest := func(i int) string {
		if i < len(cols) {
			return strconv.FormatInt(int64(cols[i])%(g.K+1), 10)
		}
		return "0"
	}
	rows = append(rows, []any{engine.T("moore.col.ones"), "", row(count1)}, []any{engine.T("moore.col.rest", g.K+1), "", row(rest)})
	e = append(e, engine.Table{Head: []any{"", engine.T("moore.col.size"), engine.T("moore.col.binary")}, Rows: rows, Mark: -1})
	misereEnd := c == engine.Misere && len(cols) <= 1
	switch {
	case misereEnd:
		e = append(e, engine.T("moore.misere.ones", g.K+1))
	case c == engine.Misere:
		e = append(e, engine.T("moore.misere.big"))
	}
	switch {
	case out == engine.P && misereEnd:
		return append(e, engine.T("moore.lost.ones", g.K+1))
	case out == engine.P:
		return append(e, engine.T("moore.lost", g.K, g.K+1))
	case first == nil:
		return append(e, engine.T("moore.won.over"))
	}
	e = append(e, engine.T("moore.won", g.K+1))
	q, _ := g.Apply(p, *first)
	return append(e, engine.Reveal(engine.T("moore.move.explain", g.DescribeMove(*first), q.Brief())), engine.CountLine(count))
}

// mooreValueMatches bounds the positions whose Grundy values a sum asks
// for: Moore's Nim_k has no closed form for them when K ≥ 2, and they are
// searched (the mex of the options' values, the heaps sorted).
const mooreValueMatches = 24

// mooreMemo keeps the searched values, for every K, across games.
var mooreMemo = struct {
	sync.Mutex
	g map[string]uint64
}{g: map[string]uint64{}}

// Value is p's Grundy value: the nim-sum for K = 1 (Nim), else searched.
func (g Moore) Value(p engine.Position) (engine.Value, error) {
	if g.K == 1 {
		s := sumOf(p)
		return engine.Value{G: s.x, How: engine.T("moore.how.nim")}, nil
	}
	var total int64
	for _, h := range p {
		if total += h; total > mooreValueMatches {
			return engine.Value{}, engine.Refuse("err.moore.value", mooreValueMatches)
		}
	}
	mooreMemo.Lock()
	defer mooreMemo.Unlock()
	return engine.Value{G: g.grundy(p), How: engine.T("moore.how")}, nil
}

// grundy is the mex of the values of p's options; mooreMemo is held.
func (g Moore) grundy(p engine.Position) uint64 {
	q := slices.Clone(p)
	slices.Sort(q)
	key := string(append(engine.Position{g.K}, q...).AppendKey(nil))
	if v, ok := mooreMemo.g[key]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for m := range g.Moves(q, 0) {
		r, _ := g.Apply(q, m)
		seen[g.grundy(r)] = true
	}
	var v uint64
	for seen[v] {
		v++
	}
	mooreMemo.g[key] = v
	return v
}

// MovesTo yields the moves from p to a position of value v, in natural
// order.
func (g Moore) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		if _, err := g.Value(p); err != nil {
			return
		}
		for m := range g.Moves(p, 0) {
			q, _ := g.Apply(p, m)
			if w, _ := g.Value(q); w.G == v && !yield(m) {
				return
			}
		}
	}
}
