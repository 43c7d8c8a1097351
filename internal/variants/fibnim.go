package variants

import (
	"iter"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"matchgame/internal/engine"
)

// Fibonacci Nim (斐波那契博弈, HDU 2516): one heap; the first move takes 1
// to n − 1 matches, every later move 1 to twice what the last move took.
// The position is the heap and the limit of the next move: [n, k].
//
// Theory (normal play). Write n by Zeckendorf's theorem as a sum of
// non-consecutive Fibonacci numbers (20 = 13 + 5 + 2). The player to move
// wins iff the smallest term z is at most k: taking z leaves a heap whose
// smallest term is more than 2z (two non-consecutive Fibonacci numbers
// are more than twice apart), which the opponent cannot take, and so on
// to the last match. If z > k, every take t ≤ k leaves a heap whose
// smallest term is at most 2t, and the opponent takes it. At the start
// (k = n − 1) the first player loses iff n is a Fibonacci number.
//
// Misère play (taking the last match loses): a position with n ≥ 1 is
// the normal game on n − 1 matches with the same limit (leaving the last
// match to the opponent is taking "the last" of n − 1; taking all n is
// never better); with n = 0 the opponent took the last and lost. Both
// checked against the solver on every heap up to 40 with every limit
// (fibnim_test.go).
type FibonacciNim struct {
	// Limit, when not 0, is what the first move may take (--limit K);
	// else it is n − 1.
	Limit int64
}

// NewFibonacciNim builds the game; limit is --limit, "" for none.
func NewFibonacciNim(limit string) (engine.Game, error) {
	if limit == "" {
		return FibonacciNim{}, nil
	}
	k, err := ParseNumber(limit, "what.limit")
	if err != nil {
		return nil, err
	}
	if k < 1 {
		return nil, engine.Refuse("err.fibnim.limit", k)
	}
	return FibonacciNim{Limit: k}, nil
}

func (FibonacciNim) Name() string { return "fibonacci-nim" }

func (g FibonacciNim) Params() []engine.Param {
	if g.Limit == 0 {
		return nil
	}
	return []engine.Param{{Name: "limit", Value: g.Limit, Shown: engine.T("param.limit", g.Limit)}}
}

// Normalize takes "n" (the start: the limit is --limit, or n − 1, so then
// n ≥ 2) or "n k" (a heap and the limit of the next move, whatever
// --limit says: a position carries its own).
func (g FibonacciNim) Normalize(p engine.Position) (engine.Position, error) {
	switch {
	case len(p) == 1 && g.Limit > 0 && p[0] >= 0:
		return engine.Position{p[0], g.Limit}, nil
	case len(p) == 1 && p[0] < 2:
		return nil, engine.Refuse("err.fibnim.start", p[0])
	case len(p) == 1:
		return engine.Position{p[0], p[0] - 1}, nil
	case len(p) != 2:
		return nil, engine.Refuse("err.fibnim.count", len(p))
	case p[1] < 1:
		return nil, engine.Refuse("err.fibnim.limit", p[1])
	}
	return p, checkCounts("what.heap", p[:1], 1)
}

// most is what the next move may take: the limit, or the whole heap.
func fibMost(p engine.Position) int64 { return min(p[0], p[1]) }

func (FibonacciNim) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place != 1 || m.First().Amount < 1 || m.First().Amount > fibMost(p) {
		return nil, engine.Refuse("err.fibnim.move", fibMost(p))
	}
	return engine.Position{p[0] - m.First().Amount, satAdd(m.First().Amount, m.First().Amount)}, nil
}

func (FibonacciNim) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return rangeMoves(1, func(int) int64 { return fibMost(p) }, each)
}

func (FibonacciNim) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	if fibMost(p) < 1 {
		return engine.Move{}, false
	}
	return engine.At(1, 1+r.Int64N(fibMost(p))), true
}

func (FibonacciNim) Board() engine.Board {
	return engine.Board{Kind: engine.OneHeap, Number: "what.heap", Unit: "unit.match", Rule: engine.T("rule.fibnim")}
}

// RuleNow is the limit the board shows under the heap.
func (FibonacciNim) RuleNow(p engine.Position) engine.Text {
	return engine.T(plural("fibnim.now", p[1]), p[1])
}

// Spell writes the heap and its limit as the command line takes them.
func (FibonacciNim) Spell(p engine.Position) string { return p.String() }

// Brief writes them for a sentence, the limit marked: "17 (≤ 2)".
func (FibonacciNim) Brief(p engine.Position) string { return itoa(p[0]) + " (≤ " + itoa(p[1]) + ")" }

func (FibonacciNim) Places(engine.Position) int { return 1 }

func (FibonacciNim) Place(engine.Position, int) engine.Text { return engine.T("label.heap", 1) }

func (FibonacciNim) Amounts(p engine.Position, _ int) engine.Amounts {
	return engine.Range(1, fibMost(p))
}

func (FibonacciNim) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "take", Value: m.First().Amount}}
}

func (FibonacciNim) DescribeMove(m engine.Move) engine.Text {
	return engine.T("bash.move", m.First().Amount)
}

// zeckendorf is n as a sum of non-consecutive Fibonacci numbers, largest
// first (the greedy way, over the Fibonacci set 1, 2, 3, 5 … of the
// subtraction game); none for 0.
func zeckendorf(n int64) []int64 {
	var terms []int64
	for i := len(fibonacci) - 1; i >= 0 && n > 0; i-- {
		if fibonacci[i] <= n {
			terms = append(terms, fibonacci[i])
			n -= fibonacci[i]
		}
	}
	return terms
}

// smallestTerm is n's smallest Zeckendorf term, the largest int64 for 0
// (no term: nothing the opponent can take).
func smallestTerm(n int64) int64 {
	if n == 0 {
		return math.MaxInt64
	}
	z := zeckendorf(n)
	return z[len(z)-1]
}

// fibPlayed is the normal game a position is: the heap and the most a
// move may take; in misère play the last match is left out.
func fibPlayed(p engine.Position, c engine.Convention) (n, most int64) {
	n = p[0]
	if c == engine.Misere && n > 0 {
		n--
	}
	return n, min(n, p[1])
}

// fibWinning are the winning takes of the normal game on n with at most
// most a move, ascending: t wins iff n − t is 0 or its smallest term is
// more than 2t. Such an n − t is, for its smallest term F, the largest
// number below n whose terms are all at least F (two such numbers are at
// least F's predecessor apart, more than t), so it is n − 1's Zeckendorf
// sum cut below some term: at most about 90 candidates, however large n.
func fibWinning(n, most int64) []int64 {
	if n == 0 {
		return nil
	}
	terms := zeckendorf(n - 1)
	var takes []int64
	for cut := 0; cut <= len(terms); cut++ {
		var rest int64
		for _, x := range terms[:cut] {
			rest += x
		}
		t := n - rest
		if t >= 1 && t <= most && (rest == 0 || (smallestTerm(rest)-1)/2 >= t) { // smallest > 2t, without overflow
			takes = append(takes, t)
		}
	}
	slices.Sort(takes)
	return slices.Compact(takes)
}

func (FibonacciNim) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	n, most := fibPlayed(p, c)
	takes := fibWinning(n, most)
	out := engine.N
	if len(takes) == 0 && !(c == engine.Misere && p[0] == 0) {
		out = engine.P
	}
	return engine.Solution{
		Outcome: out,
		Winning: func(yield func(engine.Move) bool) {
			for _, t := range takes {
				if !yield(engine.At(1, t)) {
					return
				}
			}
		},
		Reason: fibReason(p, c),
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return explainFibNim(p, c, first, count)
		},
	}, nil
}

// sumText writes n = its Zeckendorf terms: "20 = 13 + 5 + 2".
func sumText(n int64) string {
	parts := make([]string, 0, 4)
	for _, x := range zeckendorf(n) {
		parts = append(parts, itoa(x))
	}
	return itoa(n) + " = " + strings.Join(parts, " + ")
}

func fibReason(p engine.Position, c engine.Convention) engine.Text {
	n, most := fibPlayed(p, c)
	switch {
	case p[0] == 0:
		return engine.T("reason.fibnim.over." + c.String())
	case n == 0:
		return engine.T("reason.fibnim.last")
	}
	z := smallestTerm(n)
	if z <= most {
		return engine.T("reason.fibnim.take", n, z, most)
	}
	return engine.T("reason.fibnim.lost", n, z, most)
}

func explainFibNim(p engine.Position, c engine.Convention, first *engine.Move, count int64) engine.Explanation {
	var e engine.Explanation
	if c == engine.Misere {
		e = append(e, engine.T("fibnim.misere", p[0]))
	}
	n, most := fibPlayed(p, c)
	switch {
	case p[0] == 0:
		return append(e, engine.T("reason.fibnim.over."+c.String()))
	case n == 0:
		return append(e, engine.T("fibnim.last"))
	}
	z := smallestTerm(n)
	e = append(e, engine.T("fibnim.sum", sumText(n), z, most))
	if c == engine.Normal && p[1] == p[0]-1 && len(zeckendorf(n)) == 1 { // the start, at a Fibonacci number
		e = append(e, engine.T("fibnim.start.fib", n))
	}
	if z > most {
		return append(e, engine.T("fibnim.lost", z, most))
	}
	e = append(e, engine.Reveal(engine.T("fibnim.why", z, n-z, smallestTerm(n-z), 2*z)))
	if first != nil {
		e = append(e, engine.Reveal(engine.T("fibnim.winning", first.First().Amount)), engine.T("winning.count", count))
	}
	return e
}

// ---- Sums of games: Grundy values by search, the game has no closed form.

// fibValues are searched for heaps up to 300: the options of a heap n
// with at most k a move are n − t with at most 2t, for t from 1 to k.
var fibValues = newSearchedValues(300, "err.fibnim.value",
	func(n, k int64) [2]int64 { return [2]int64{n, min(n, k)} }, // a limit beyond the heap is the heap
	func(key [2]int64, yield func([2]int64)) {
		for t := int64(1); t <= key[1]; t++ {
			yield([2]int64{key[0] - t, min(key[0]-t, 2*t)})
		}
	})

func (FibonacciNim) Value(p engine.Position) (engine.Value, error) { return fibValues.value(p) }

func (g FibonacciNim) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return fibValues.movesTo(g, p, v)
}
