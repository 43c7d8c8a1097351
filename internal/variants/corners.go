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

// Corners is Turning Corners (HDU 3404): a grid of coins (x, y), both
// 0-based, the position the heads coins written "x,y" (held as the pairs'
// numbers x1 y1 x2 y2 …, sorted). A move picks a heads coin (x, y) and a <
// x, b < y and turns the four corners (x, y), (a, y), (x, b), (a, b).
//
// By the Tartan theorem (Winning Ways ch. 14; Conway, On Numbers and
// Games ch. 6) the product of two coin-turning games has the values
// g(x, y) = g1(x) ⊗ g2(y), the nim product; Turning Corners is the
// product of "turn a coin x and one coin a < x" (0-based, g(x) = x; "turn
// one or two coins" would give x + 1) with itself, so coin (x, y) is
// worth x ⊗ y and a row of heads the nim-sum of those. A move turns
// corners worth (x ⊕ a) ⊗ (y ⊕ b) together (the nim product distributes
// over ⊕), so from (x, y) to a nim-sum change w: for each a < x, y ⊕ b
// must be w ⊗ (x ⊕ a)⁻¹, at most one b each.
//
// Moves: Place the heads coin's place in the sorted list, Amount a, Pieces[0]
// b. The winning moves are found in natural order at any int64
// coordinates, from the field of the nimbers below 2^64 (corners_moves.go:
// x ⊕ a = u, then y ⊕ b = S ⊗ u⁻¹), within cornerBudget field operations a
// search; counted where the search lists them all within it, else named
// as not known. Misère play is decided by search up to the grid 4 × 4 and
// refused beyond.
type Corners struct{}

// cornersMisere is the side of the square grid misère play searches.
const cornersMisere = 4

func (Corners) Name() string           { return "turning-corners" }
func (Corners) Params() []engine.Param { return nil }

// Read takes the heads as "x,y" pairs, or, with no comma at all, as the
// pairs' bare numbers "x y x y …" (as the menu and standard input give
// numbers).
func (Corners) Read(fields []string) (engine.Position, error) {
	if !slices.ContainsFunc(fields, func(f string) bool { return strings.Contains(f, ",") }) {
		return ParsePosition(fields, "what.coin")
	}
	var p engine.Position
	for _, f := range fields {
		xs, ys, ok := strings.Cut(f, ",")
		if !ok {
			return nil, engine.Refuse("err.corners.pair", elideValue(f))
		}
		x, err := ParseNumber(xs, "what.column")
		if err != nil {
			return nil, err
		}
		y, err := ParseNumber(ys, "what.row")
		if err != nil {
			return nil, err
		}
		p = append(p, x, y)
	}
	return p, nil
}

func elideValue(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// Spell writes the heads as the command line takes them: "1,2 3,4".
func (Corners) Spell(p engine.Position) string {
	parts := make([]string, 0, len(p)/2)
	for i := 0; i+1 < len(p); i += 2 {
		parts = append(parts, itoa(p[i])+","+itoa(p[i+1]))
	}
	return strings.Join(parts, " ")
}

// Brief is Spell, cut after 12 coins; "∅" for no heads.
func (c Corners) Brief(p engine.Position) string {
	if len(p) == 0 {
		return "∅"
	}
	if len(p) > 24 {
		return c.Spell(p[:16]) + " … (" + strconv.Itoa(len(p)/2) + ")"
	}
	return c.Spell(p)
}

// Normalize sorts the coins and refuses an odd count of numbers and a coin
// given twice.
func (Corners) Normalize(p engine.Position) (engine.Position, error) {
	if len(p)%2 != 0 {
		return nil, engine.Refuse("err.corners.odd", len(p))
	}
	type coin struct{ x, y int64 }
	cs := make([]coin, len(p)/2)
	for i := range cs {
		cs[i] = coin{p[2*i], p[2*i+1]}
		if p[2*i] < 0 || p[2*i+1] < 0 {
			return nil, engine.Refuse("err.corners.negative")
		}
	}
	slices.SortFunc(cs, func(a, b coin) int {
		if a.x != b.x {
			return cmpInt(a.x, b.x)
		}
		return cmpInt(a.y, b.y)
	})
	q := make(engine.Position, 0, len(p))
	for i, c := range cs {
		if i > 0 && cs[i-1] == c {
			return nil, engine.Refuse("err.corners.twice", c.x, c.y)
		}
		q = append(q, c.x, c.y)
	}
	return q, nil
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (Corners) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || 2*m.First().Place > len(p) {
		return nil, engine.Refuse("err.coin.none", m.First().Place, len(p)/2)
	}
	x, y := p[2*m.First().Place-2], p[2*m.First().Place-1]
	a, b := m.First().Amount, m.First().Pieces[0]
	if a < 0 || a >= x || b < 0 || b >= y {
		return nil, engine.Refuse("err.corners.move", x, y, a, b)
	}
	q := p
	for _, c := range [][2]int64{{x, y}, {a, y}, {x, b}, {a, b}} {
		q = toggleCoin(q, c[0], c[1])
	}
	return q, nil
}

// toggleCoin turns coin (x, y) of the sorted pairs p, in a new position.
func toggleCoin(p engine.Position, x, y int64) engine.Position {
	n := len(p) / 2
	i := sortSearch(n, func(i int) bool { return p[2*i] > x || p[2*i] == x && p[2*i+1] >= y })
	if i < n && p[2*i] == x && p[2*i+1] == y {
		return slices.Concat(p[:2*i], p[2*i+2:])
	}
	return slices.Concat(p[:2*i], engine.Position{x, y}, p[2*i:])
}

func sortSearch(n int, f func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if !f(h) {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

func (c Corners) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i := 0; 2*i+1 < len(p); i++ {
			x, y := p[2*i], p[2*i+1]
			if x == 0 || y == 0 { // on an edge of the grid: no rectangle, and no loop to 2^63 to find it out
				continue
			}
			n := 0
		coin:
			for a := int64(0); a < x; a++ {
				for b := int64(0); b < y; b++ {
					if each > 0 && n == each {
						break coin
					}
					n++
					if !yield(engine.Change{Place: i + 1, Amount: a, Pieces: [2]int64{b}}.Move()) {
						return
					}
				}
			}
		}
	}
}

func (Corners) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	var open []int
	for i := 0; 2*i+1 < len(p); i++ {
		if p[2*i] > 0 && p[2*i+1] > 0 {
			open = append(open, i)
		}
	}
	if len(open) == 0 {
		return engine.Move{}, false
	}
	i := open[r.IntN(len(open))]
	return engine.Change{Place: i + 1, Amount: r.Int64N(p[2*i]), Pieces: [2]int64{r.Int64N(p[2*i+1])}}.Move(), true
}

// Board: a grid of coins (engine.CoinGrid).
func (Corners) Board() engine.Board {
	return engine.Board{Kind: engine.CoinGrid, Number: "what.coin", Unit: "unit.coin", Rule: engine.T("rule.corners")}
}

func (Corners) Places(p engine.Position) int { return len(p) / 2 }

func (Corners) Place(p engine.Position, where int) engine.Text {
	if where < 1 || 2*where > len(p) {
		return engine.T("label.coin", where)
	}
	return engine.T("label.corner", p[2*where-2], p[2*where-1])
}

// Amounts are the choices of a; none at a place past the coins (a board
// that draws the numbers as heaps asks about every number).
func (Corners) Amounts(p engine.Position, where int) engine.Amounts {
	if where < 1 || 2*where > len(p) || p[2*where-1] == 0 {
		return engine.None
	}
	return engine.Range(0, p[2*where-2]-1)
}

func (Corners) Splits(p engine.Position, where int, amount int64) engine.Amounts {
	if where < 1 || 2*where > len(p) || amount < 0 || amount >= p[2*where-2] {
		return engine.None
	}
	return engine.Range(0, p[2*where-1]-1)
}

func (Corners) MoveFields(p engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "x", Value: p[2*m.First().Place-2]}, {Name: "y", Value: p[2*m.First().Place-1]}, {Name: "a", Value: m.First().Amount}, {Name: "b", Value: m.First().Pieces[0]}}
}

func (Corners) DescribeMove(m engine.Move) engine.Text {
	return engine.T("corners.move", m.First().Place, m.First().Amount, m.First().Pieces[0])
}

// DescribeMoveAt names the four corners turned.
func (c Corners) DescribeMoveAt(p engine.Position, m engine.Move) engine.Text {
	if m.First().Place < 1 || 2*m.First().Place > len(p) {
		return c.DescribeMove(m)
	}
	return engine.T("corners.turn", p[2*m.First().Place-2], p[2*m.First().Place-1], m.First().Amount, m.First().Pieces[0])
}

// NimMul is the nim product x ⊗ y: the nimbers below 2^(2^k) are a field
// with ⊕ as its sum, and with X = 2^h (h = 2^(k−1)) splitting each factor
// into halves x1·X ⊕ x0, X ⊗ X = X ⊕ X/2 gives
// (x1 X ⊕ x0)(y1 X ⊕ y0) = ((x0⊕x1)(y0⊕y1) ⊕ x0y0) X ⊕ x0y0 ⊕ (x1y1 ⊗ X/2).
func NimMul(x, y uint64) uint64 { return nimMul(x, y, 64) }

func nimMul(x, y uint64, l uint) uint64 {
	if x < 2 || y < 2 {
		return x * y
	}
	for l > 1 && x>>(l/2) == 0 && y>>(l/2) == 0 {
		l /= 2
	}
	h := l / 2
	mask := uint64(1)<<h - 1
	x1, x0, y1, y0 := x>>h, x&mask, y>>h, y&mask
	c := nimMul(x0, y0, h)
	d := nimMul(x1, y1, h)
	e := nimMul(x0^x1, y0^y1, h)
	return (e^c)<<h ^ c ^ nimMul(d, 1<<(h-1), h)
}

func (Corners) value(p engine.Position) uint64 {
	var s uint64
	for i := 0; i+1 < len(p); i += 2 {
		s ^= NimMul(uint64(p[i]), uint64(p[i+1]))
	}
	return s
}

// Value is the nim-sum of the products, at any coordinates.
func (c Corners) Value(p engine.Position) (engine.Value, error) {
	return engine.Value{G: c.value(p), How: engine.T("corners.how")}, nil
}

// MovesTo yields the moves to nim-sum v, coin by coin, a ascending: each
// changes the value by w = value ⊕ v. It stops where the search's budget
// runs out (Solve refuses a position whose first move lies beyond it).
func (c Corners) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	w := c.value(p) ^ v
	return func(yield func(engine.Move) bool) {
		c.search(p, w, newCornerSearch(cornerBudget), yield)
	}
}

// search yields the moves changing the value by w, in natural order;
// false when yield or the budget stopped it.
func (Corners) search(p engine.Position, w uint64, s *cornerSearch, yield func(engine.Move) bool) bool {
	for i := 0; 2*i+1 < len(p); i++ {
		ok := s.each(uint64(p[2*i]), uint64(p[2*i+1]), w, func(a, b uint64) bool {
			return yield(engine.Change{Place: i + 1, Amount: int64(a), Pieces: [2]int64{int64(b)}}.Move())
		})
		if !ok {
			return false
		}
	}
	return true
}

// CountTo counts the moves to value v where one search lists them all;
// nil (not known) where they are more than it can list.
func (c Corners) CountTo(p engine.Position, v uint64) *big.Int {
	s := newCornerSearch(cornerCount)
	var n int64
	c.search(p, c.value(p)^v, s, func(engine.Move) bool { n++; return true })
	if s.spent {
		return nil
	}
	return big.NewInt(n)
}

func (c Corners) Solve(p engine.Position, conv engine.Convention) (engine.Solution, error) {
	if conv == engine.Misere {
		return c.solveMisere(p)
	}
	s := c.value(p)
	if s != 0 { // a winning move exists (Sprague–Grundy): the search must find the first
		found, search := false, newCornerSearch(cornerBudget)
		c.search(p, s, search, func(engine.Move) bool { found = true; return false })
		if !found && search.spent {
			return engine.Solution{}, engine.Refuse("err.corners.search", cornerBudget)
		}
	}
	return engine.SolveByValue(c, p, s, engine.ByValue{
		Reason: engine.T("corners.reason", s),
		Hint: func(m engine.Move) engine.Text {
			return engine.T("corners.hint", p[2*m.First().Place-2], p[2*m.First().Place-1])
		},
		Explain: func(first *engine.Move, count int64) engine.Explanation { return c.explain(p, s, first, count) },
	}), nil
}

// explain: the Tartan theorem, the nim multiplication table of the
// coordinates in play (up to 15), each coin's product, the nim-sum, and
// the four corners of the move.
func (c Corners) explain(p engine.Position, s uint64, first *engine.Move, count int64) engine.Explanation {
	e := engine.Explanation{engine.T("corners.rule")}
	if len(p) == 0 {
		return append(e, engine.T("coins.none"))
	}
	top := int64(0)
	for _, v := range p {
		top = max(top, v)
	}
	if top < 16 {
		n := min(top+1, 16)
		head := []any{"⊗"}
		for j := range n {
			head = append(head, itoa(j))
		}
		var rows [][]any
		for i := range n {
			row := []any{itoa(i)}
			for j := range n {
				row = append(row, strconv.FormatUint(NimMul(uint64(i), uint64(j)), 10))
			}
			rows = append(rows, row)
		}
		e = append(e, engine.T("corners.table", n-1), engine.Table{Head: head, Rows: rows, Mark: -1})
	}
	table := engine.NimSumTable{Sum: s}
	for i := 0; i+1 < len(p) && i < 48; i += 2 {
		x, y := uint64(p[i]), uint64(p[i+1])
		table.Labels = append(table.Labels, engine.T("label.corner.g", x, y))
		table.Values = append(table.Values, NimMul(x, y))
		if i < 16 {
			if w := nimWorking(x, y); w != "" {
				e = append(e, engine.T("corners.product.working", x, y, NimMul(x, y), w))
			} else {
				e = append(e, engine.T("corners.product", x, y, NimMul(x, y)))
			}
		}
	}
	if len(p) <= 48 {
		e = append(e, table)
	}
	if s == 0 {
		return append(e, engine.T("coins.zero"))
	}
	e = append(e, engine.T("coins.nonzero", s))
	if first != nil {
		x, y := p[2*first.First().Place-2], p[2*first.First().Place-1]
		a, b := first.First().Amount, first.First().Pieces[0]
		e = append(e, engine.Reveal(engine.T("corners.explain.move", x, y, a, b, x^a, y^b, NimMul(uint64(x^a), uint64(y^b)))),
			engine.CountLine(count))
	}
	return e
}

// nimWorking writes x ⊗ y by its powers of 2 (for x, y below 16, not
// both powers of 2): "(2 ⊕ 1) ⊗ (2 ⊕ 1) = 3 ⊕ 2 ⊕ 2 ⊕ 1"; "" otherwise.
func nimWorking(x, y uint64) string {
	if x >= 16 || y >= 16 || x < 2 || y < 2 || bits.OnesCount64(x) == 1 && bits.OnesCount64(y) == 1 {
		return ""
	}
	powers := func(v uint64) []uint64 {
		var out []uint64
		for b := 3; b >= 0; b-- {
			if v&(1<<b) != 0 {
				out = append(out, 1<<b)
			}
		}
		return out
	}
	factor := func(v uint64) string {
		var ps []string
		for _, p := range powers(v) {
			ps = append(ps, strconv.FormatUint(p, 10))
		}
		if len(ps) == 1 {
			return ps[0]
		}
		return "(" + strings.Join(ps, " ⊕ ") + ")"
	}
	var terms []string
	for _, i := range powers(x) {
		for _, j := range powers(y) {
			terms = append(terms, strconv.FormatUint(NimMul(i, j), 10))
		}
	}
	return factor(x) + " ⊗ " + factor(y) + " = " + strings.Join(terms, " ⊕ ")
}

func (c Corners) solveMisere(p engine.Position) (engine.Solution, error) {
	for _, v := range p {
		if v >= cornersMisere {
			return engine.Solution{}, engine.Refuse("err.corners.misere", cornersMisere, cornersMisere-1)
		}
	}
	solver := cornersMisereSolver()
	out := solver.Outcome(p)
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("corners.reason.misere", cornersMisere),
		Winning: func(yield func(engine.Move) bool) {
			for m := range c.Moves(p, 0) {
				q, _ := c.Apply(p, m)
				if solver.Outcome(q) == engine.P && !yield(m) {
					return
				}
			}
		},
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("corners.misere.search", cornersMisere), engine.T("coins.misere.normal", c.value(p))}
			switch {
			case len(p) == 0:
				e = append(e, engine.T("coins.misere.over"))
			case first != nil:
				e = append(e, engine.Reveal(engine.T("coins.misere.move", c.DescribeMoveAt(p, *first))), engine.T("winning.count", count))
			default:
				e = append(e, engine.T("coins.misere.lost"))
			}
			return e
		},
	}, nil
}

// cornersMisereSolver is one exhaustive solver for misère play, kept: the
// grid 4 × 4 has 65,536 rows, each solved once.
var cornersMisereSolver = sync.OnceValue(func() *lockedSolver {
	return &lockedSolver{s: engine.NewSolver(Corners{}, engine.Misere)}
})

// lockedSolver shares a solver between the computer players of a class.
type lockedSolver struct {
	mu sync.Mutex
	s  *engine.Solver
}

func (l *lockedSolver) Outcome(p engine.Position) engine.Outcome {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.s.Outcome(p)
}
