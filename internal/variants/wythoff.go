package variants

import (
	"iter"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"

	"matchgame/internal/engine"
)

// Wythoff (威佐夫博弈): two heaps; a move takes t ≥ 1 from one heap, or the
// same t from both. Moves are at place 1 (first heap), 2 (second), 3 (both).
type Wythoff struct{}

func (Wythoff) Name() string           { return "wythoff" }
func (Wythoff) Params() []engine.Param { return nil }

func (Wythoff) Normalize(p engine.Position) (engine.Position, error) {
	if len(p) != 2 {
		return nil, engine.Refuse(plural("err.wythoff.count", int64(len(p))), len(p))
	}
	return p, checkCounts("what.heap", p, 1)
}

// wythoffLimit is how much each kind of move can take at most.
func wythoffLimit(p engine.Position) func(int) int64 {
	return func(where int) int64 {
		if where == 3 {
			return min(p[0], p[1])
		}
		return p[where-1]
	}
}

func (Wythoff) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || m.First().Place > 3 {
		return nil, engine.Refuse("err.wythoff.where", m.First().Place)
	}
	if m.First().Amount < 1 {
		return nil, engine.Refuse("err.take.zero", m.First().Amount)
	}
	if top := wythoffLimit(p)(m.First().Place); m.First().Amount > top {
		return nil, engine.Refuse("err.wythoff.short", p[0], p[1], m.First().Amount, engine.T("err.wythoff.where."+strconv.Itoa(m.First().Place)))
	}
	q := p.Clone()
	if m.First().Place != 2 {
		q[0] -= m.First().Amount
	}
	if m.First().Place != 1 {
		q[1] -= m.First().Amount
	}
	return q, nil
}

func (Wythoff) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return rangeMoves(3, wythoffLimit(p), each)
}

func (Wythoff) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	return randomRangeMove(3, wythoffLimit(p), r)
}

func (Wythoff) Board() engine.Board {
	return engine.Board{Kind: engine.Queen, Number: "what.heap", Unit: "unit.match"}
}

// Places are the three ways to take: from the first heap, the second, both.
func (Wythoff) Places(engine.Position) int { return 3 }

func (Wythoff) Place(_ engine.Position, where int) engine.Text {
	return engine.T("place.wythoff." + strconv.Itoa(where))
}

func (Wythoff) Amounts(p engine.Position, where int) engine.Amounts {
	return engine.Range(1, wythoffLimit(p)(where))
}

func (Wythoff) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	a, b := m.First().Amount, m.First().Amount
	if m.First().Place == 2 {
		a = 0
	}
	if m.First().Place == 1 {
		b = 0
	}
	return []engine.Field{{Name: "take_a", Value: a}, {Name: "take_b", Value: b}}
}

func (Wythoff) DescribeMove(m engine.Move) engine.Text {
	return engine.T([...]string{1: "wythoff.move.a", 2: "wythoff.move.b", 3: "wythoff.move.both"}[m.First().Place], m.First().Amount)
}

// ColdPair returns the k-th cold pair of normal play, (a_k, a_k + k) with
// a_k = ⌊kφ⌋, computed exactly as (k + ⌊√(5k²)⌋)/2: float64's φ is first
// wrong at k = 102334155. ok is false when a_k + k is beyond int64 (a is
// still right while a_k itself fits).
func ColdPair(k int64) (a, b int64, ok bool) {
	a, ok = halfRootFive(k, +1)
	if !ok {
		return 0, 0, false
	}
	if a > math.MaxInt64-k {
		return a, 0, false
	}
	return a, a + k, true
}

// halfRootFive is ⌊(⌊√(5n²)⌋ + sign·n) / 2⌋ for n ≥ 0 and sign ±1: ⌊nφ⌋
// (sign +1) or ⌊n/φ⌋ (sign −1), exactly; false when it passes int64.
// While 5n² fits in a machine word (a grid on screen, every quiz) it is
// computed there; math/big beyond.
func halfRootFive(n int64, sign int64) (int64, bool) {
	if n >= 1<<30 {
		return halfRootFiveBig(n, sign)
	}
	v := 5 * uint64(n) * uint64(n)
	r := uint64(math.Sqrt(float64(v)))
	for r*r > v {
		r--
	}
	for (r+1)*(r+1) <= v {
		r++
	}
	return (int64(r) + sign*n) / 2, true
}

func halfRootFiveBig(n int64, sign int64) (int64, bool) {
	nn := big.NewInt(n)
	s := new(big.Int).Mul(nn, nn)
	s.Mul(s, big.NewInt(5)).Sqrt(s).Add(s, nn.Mul(nn, big.NewInt(sign))).Rsh(s, 1)
	return s.Int64(), s.IsInt64()
}

// coldPartner returns x such that {x, n} is a cold pair of normal play.
// Every n ≥ 1 is in exactly one pair (Beatty): n = a_k for k = ⌈n/φ⌉, or
// else n = b_k for k = n − ⌈n/φ⌉ + 1 … checked exactly below.
func coldPartner(n int64) (int64, bool) {
	if n == 0 {
		return 0, true
	}
	s, _ := halfRootFive(n, -1) // ⌊n/φ⌋
	k := s + 1
	if a, b, ok := ColdPair(k); a == n {
		return b, ok
	}
	a, b, _ := ColdPair(n - k + 1)
	if b != n {
		panic("wythoff: no cold pair holds " + itoa(n)) // Beatty's theorem says there is one
	}
	return a, true
}

// partner returns the x with (x, n) cold in convention c. Misère play
// trades (0,0), (1,2), (2,1) for (0,1), (1,0), (2,2); the rest agree.
func partner(n int64, c engine.Convention) (int64, bool) {
	if c == engine.Misere && n <= 2 {
		return [...]int64{1, 0, 2}[n], true
	}
	return coldPartner(n)
}

// diagonalCold returns the cold position whose heaps differ as b − a does.
func diagonalCold(a, b int64, c engine.Convention) (x, y int64, ok bool) {
	d := b - a
	k := max(d, -d)
	switch {
	case c == engine.Misere && k == 0:
		x, y, ok = 2, 2, true
	case c == engine.Misere && k == 1:
		x, y, ok = 0, 1, true
	default:
		x, y, ok = ColdPair(k)
	}
	if d < 0 {
		x, y = y, x
	}
	return x, y, ok
}

func isCold(a, b int64, c engine.Convention) bool {
	x, ok := partner(a, c)
	return ok && x == b
}

func (Wythoff) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	a, b := p[0], p[1]
	out := engine.N
	if isCold(a, b, c) {
		out = engine.P
	}
	winning := func(yield func(engine.Move) bool) {
		if x, ok := partner(b, c); ok && x < a && !yield(engine.At(1, a-x)) {
			return
		}
		if y, ok := partner(a, c); ok && y < b && !yield(engine.At(2, b-y)) {
			return
		}
		if x, y, ok := diagonalCold(a, b, c); ok && x < a && a-x == b-y {
			yield(engine.At(3, a-x))
		}
	}
	reason := engine.T("reason.wythoff.warm", a, b)
	if out == engine.P {
		reason = engine.T("reason.wythoff.cold", a, b)
	}
	hint := func(m engine.Move) engine.Text { return engine.T("hint.wythoff", Wythoff{}.Place(p, m.First().Place)) }
	return engine.Solution{Outcome: out, Reason: reason, Hint: hint, Winning: winning, Explain: func(first *engine.Move, count int64) engine.Explanation {
		return explainWythoff(a, b, c, out, first, count)
	}}, nil
}

func explainWythoff(a, b int64, c engine.Convention, out engine.Outcome, first *engine.Move, count int64) engine.Explanation {
	// The table shows the cold pairs around the one the class looks for:
	// the pair the winning move leaves, or at a cold position its own.
	var after engine.Position
	if first != nil {
		after, _ = Wythoff{}.Apply(engine.Position{a, b}, *first)
	}
	d := max(a-b, b-a)
	if after != nil {
		d = max(after[0]-after[1], after[1]-after[0])
	}
	e := engine.Explanation{engine.T("wythoff.cold")}
	table := engine.Table{Head: []any{"k", "a_k", engine.T("wythoff.head.b")}, Mark: -1, MarkShows: engine.Answer}
	for k := max(0, d-2); k <= d+2 && k >= max(0, d-2); k++ { // k >= …: d+2 may overflow
		x, y, ok := diagonalCold(0, k, c) // the cold pair of this convention with difference k
		if !ok {
			break
		}
		if k == d {
			table.Mark = len(table.Rows)
		}
		table.Rows = append(table.Rows, []any{itoa(k), itoa(x), itoa(y)})
	}
	if c == engine.Misere {
		e = append(e, engine.T("wythoff.misere"))
	}
	if len(table.Rows) > 0 {
		e = append(e, table)
	}
	switch {
	case first != nil && first.First().Place != 3: // one heap comes down to its partner
		kept := 2 - first.First().Place // the heap not touched: 0 or 1
		e = append(e, engine.Reveal(engine.T("wythoff.partner", kept+1, []int64{a, b}[kept], after[0], after[1], first.First().Place, []int64{a, b}[1-kept], after[1-kept])))
	case first != nil || out == engine.P: // both heaps come down by the same, or a cold position's own pair
		if x, y, ok := diagonalCold(a, b, c); ok {
			e = append(e, engine.Reveal(engine.T("wythoff.diff", a, b, max(a-b, b-a), x, y)))
		} else {
			e = append(e, engine.T("wythoff.diff.none", a, b, max(a-b, b-a)))
		}
	}
	switch {
	case out == engine.P && c == engine.Misere && a+b == 1: // only the last match is left to take
		e = append(e, engine.T("wythoff.misere.last", a, b))
	case out == engine.P && c == engine.Misere:
		e = append(e, engine.T("wythoff.is.cold.misere", a, b))
	case out == engine.P:
		e = append(e, engine.T("wythoff.is.cold", a, b))
	case first == nil:
		e = append(e, engine.T("wythoff.misere.over"))
	default:
		e = append(e, engine.Reveal(engine.T("wythoff.to.cold", Wythoff{}.DescribeMove(*first), after[0], after[1])))
		e = append(e, engine.T("winning.count", count))
	}
	return e
}
