package variants

import (
	"iter"
	"math"
	"math/rand/v2"

	"matchgame/internal/engine"
)

// Bash (巴什博弈): one heap of n matches; a move takes 1 to m of them.
type Bash struct {
	Max int64 // m, the most one move may take
}

// NewBash returns Bash with at most m matches a move.
func NewBash(m int64) (Bash, error) {
	if m < 1 {
		return Bash{}, engine.Refuse("err.bash.max", m)
	}
	return Bash{Max: m}, nil
}

func (Bash) Name() string { return "bash" }

func (b Bash) Params() []engine.Param {
	return []engine.Param{{Name: "max", Value: b.Max, Shown: engine.T("param.max", b.Max)}}
}

func (Bash) Normalize(p engine.Position) (engine.Position, error) {
	if len(p) != 1 {
		return nil, engine.Refuse("err.bash.count", len(p))
	}
	return p, checkCounts("what.heap", p, 1)
}

func (b Bash) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Amount > b.Max {
		return nil, engine.Refuse("err.bash.take", b.Max, m.First().Amount)
	}
	return takeFromHeap(p, m)
}

func (b Bash) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return rangeMoves(1, func(int) int64 { return min(p[0], b.Max) }, each)
}

func (b Bash) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	return randomRangeMove(1, func(int) int64 { return min(p[0], b.Max) }, r)
}

func (b Bash) Board() engine.Board {
	return engine.Board{Kind: engine.OneHeap, Number: "what.heap", Unit: "unit.match", Rule: engine.T("rule.bash", b.Max)}
}

func (Bash) Places(engine.Position) int { return 1 }

func (Bash) Place(engine.Position, int) engine.Text { return engine.T("label.heap", 1) }

func (b Bash) Amounts(p engine.Position, _ int) engine.Amounts {
	return engine.Range(1, min(p[0], b.Max))
}

func (Bash) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "take", Value: m.First().Amount}}
}

func (Bash) DescribeMove(m engine.Move) engine.Text { return engine.T("bash.move", m.First().Amount) }

// modulus is m+1 as an unsigned number: m may be the largest int64.
func (b Bash) modulus() uint64 { return uint64(b.Max) + 1 }

// rest is n mod (m+1), and the residue a P-position has: 0 in normal play
// (leave a multiple of m+1), 1 in misère play (leave the last match).
func (b Bash) rest(n int64, c engine.Convention) (r, goal int64) {
	r = int64(uint64(n) % b.modulus())
	if c == engine.Misere {
		goal = 1
	}
	return r, goal
}

func (b Bash) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	n := p[0]
	r, goal := b.rest(n, c)
	// The one winning move takes t ≡ r − goal (mod m+1), t in 1..m.
	t := r - goal
	if t < 0 {
		t = b.Max
	}
	won := t >= 1 && t <= n
	out := engine.P
	if r != goal {
		out = engine.N
	}
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("reason.bash", n, b.modulus(), r),
		Hint: func(engine.Move) engine.Text {
			if c == engine.Misere {
				return engine.T("hint.bash.misere", b.modulus())
			}
			return engine.T("hint.bash", b.modulus())
		},
		Winning: func(yield func(engine.Move) bool) {
			if won {
				yield(engine.At(1, t))
			}
		},
		Explain: func(_ *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("bash.rest", n, b.modulus(), uint64(n)/b.modulus(), r)}
			if b.Max < math.MaxInt64 { // a group of m+1 must be a number
				e = append(e, engine.Groups{N: n, Size: b.Max + 1})
			}
			switch {
			case c == engine.Misere && n == 0:
				e = append(e, engine.T("bash.misere.over"))
			case r == goal && c == engine.Normal:
				e = append(e, engine.T("bash.zero", b.modulus()))
			case r == goal:
				e = append(e, engine.T("bash.misere.one", b.modulus()))
			case c == engine.Normal:
				e = append(e, engine.Reveal(engine.T("bash.take", t, n-t, b.modulus())))
			default:
				e = append(e, engine.Reveal(engine.T("bash.misere.take", t, n-t, b.modulus())))
			}
			if count > 0 {
				e = append(e, engine.T("winning.count", count))
			}
			return e
		},
	}, nil
}

// Remoteness of Bash, n = k(m + 1) + r: in normal play the winner takes
// r, the loser 1 at a time, 2k steps and one more when r > 0. In misère
// play the same from n − 1, the last match being the loser's: with n − 1
// = k(m + 1) + r, 2k + 1 steps when r = 0 (a P-position), else 2k + 2.
func (b Bash) Remoteness(p engine.Position, c engine.Convention) (int64, error) {
	n, m := p[0], b.Max+1
	if n == 0 {
		return 0, nil
	}
	if c == engine.Normal {
		k, r := n/m, n%m
		if r > 0 {
			return 2*k + 1, nil
		}
		return 2 * k, nil
	}
	k, r := (n-1)/m, (n-1)%m
	if r == 0 {
		return 2*k + 1, nil
	}
	return 2*k + 2, nil
}

// HeapTable: g(n) = n mod (m+1), periodic from 0 with period m+1: the m
// heaps below n have every other remainder.
func (b Bash) HeapTable(to int64) (HeapTable, error) {
	if err := checkTo(to); err != nil {
		return HeapTable{}, err
	}
	at := func(n int64) uint64 { return uint64(n) % b.modulus() }
	t := HeapTable{To: to, Values: values(to, at), Closed: engine.T("table.closed.bash", b.Max, b.modulus()),
		row: func(n int64) HeapRow {
			return takeRow(n, min(n, b.Max), takesUpTo(min(n, b.Max, tableOptions)), at, engine.Text{})
		}}
	if b.Max < to { // the period shows in the table: say it with the subtraction games' proof
		p := b.Max + 1
		t.Period = &Periodicity{Preperiod: 0, Period: p, CheckFrom: 0, CheckTo: b.Max, Theorem: "window", Digits: b.Max,
			Proof: windowProof(0, p, b.Max, cycle(0, p, at))}
	}
	return t, nil
}

func (b Bash) Value(p engine.Position) (engine.Value, error) {
	g := uint64(p[0]) % b.modulus()
	return engine.Value{G: g, How: engine.T("value.bash", p[0], b.modulus(), g)}, nil
}

func (b Bash) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		m := b.modulus()
		r := uint64(p[0]) % m
		if v >= m || v == r {
			return
		}
		t := (r + m - v) % m // r + m < 2^64: m ≤ 2^63
		if t >= 1 && t <= uint64(min(b.Max, p[0])) {
			yield(engine.At(1, int64(t)))
		}
	}
}

// Tame: a heap worth 0 with a move (n = k(m+1), k ≥ 1) has the option n − m,
// worth 1.
func (b Bash) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	return unitsOf([]uint64{uint64(p[0]) % b.modulus()}), true, engine.T("tame.bash")
}
