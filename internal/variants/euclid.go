package variants

import (
	"iter"
	"math/rand/v2"
	"strings"

	"matchgame/internal/engine"
)

// Euclid's game (POJ 2348, Luogu P1290): two numbers; a move subtracts a
// positive multiple of the smaller from the larger, leaving 0 or more;
// the player who makes a 0 wins (normal play) or loses (misère play).
//
// Theory, with a ≤ b. While a < b < 2a the one move is to (b − a, a): the
// play is forced. At the first position where b ≥ 2a, with b = qa + r,
// the player to move chooses who faces (r, a): taking qa leaves it to the
// opponent, taking (q − 1)a leaves (a + r, a), from which the opponent's
// one move hands it back; every smaller multiple leaves b ≥ 2a to the
// opponent, who then chooses. So that player wins (normal play; in
// misère play too, where r = 0 must not be made: (q − 1)a leaves (a, a),
// whose one move makes the 0). At a = b the one move makes the 0: it wins
// in normal play and loses in misère play. Checked against the solver on
// every position up to 14 (euclid_test.go).
type Euclid struct{}

func (Euclid) Name() string           { return "euclid" }
func (Euclid) Params() []engine.Param { return nil }

func (Euclid) Normalize(p engine.Position) (engine.Position, error) {
	if len(p) != 2 {
		return nil, engine.Refuse("err.euclid.count", len(p))
	}
	return p, checkCounts("what.heap", p, 1)
}

// larger is the place of the larger number (the second when they are
// equal): the one a move subtracts from.
func larger(p engine.Position) int {
	if p[0] > p[1] {
		return 1
	}
	return 2
}

// multiples is how many times the smaller number fits in the larger: the
// largest multiple a move may take (0 once a number is 0).
func multiples(p engine.Position) int64 {
	a, b := min(p[0], p[1]), max(p[0], p[1])
	if a == 0 {
		return 0
	}
	return b / a
}

func (Euclid) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	q := multiples(p)
	if m.First().Place != larger(p) || m.First().Amount < 1 || m.First().Amount > q {
		return nil, engine.Refuse("err.euclid.move", q, min(p[0], p[1]), max(p[0], p[1]))
	}
	out := p.Clone()
	out[m.First().Place-1] -= m.First().Amount * min(p[0], p[1])
	return out, nil
}

func (Euclid) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	w := larger(p)
	return rangeMoves(2, func(i int) int64 {
		if i == w {
			return multiples(p)
		}
		return 0
	}, each)
}

func (g Euclid) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	q := multiples(p)
	if q == 0 {
		return engine.Move{}, false
	}
	return engine.At(larger(p), 1+r.Int64N(q)), true
}

func (Euclid) Board() engine.Board {
	return engine.Board{Kind: engine.Heaps, Number: "what.heap", Unit: "unit.multiple", Rule: engine.T("rule.euclid")}
}

func (Euclid) Places(engine.Position) int { return 2 }

func (Euclid) Place(_ engine.Position, where int) engine.Text { return engine.T("label.heap", where) }

func (Euclid) Amounts(p engine.Position, where int) engine.Amounts {
	if where != larger(p) {
		return engine.None
	}
	return engine.Range(1, multiples(p))
}

func (Euclid) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "multiple", Value: m.First().Amount}}
}

func (Euclid) DescribeMove(m engine.Move) engine.Text {
	return engine.T("euclid.move", m.First().Amount, m.First().Place)
}

// euclidChain follows the forced moves from (a, b), a ≤ b: the positions
// passed, and the first one that is not forced (b ≥ 2a, a = b, or a 0).
func euclidChain(a, b int64) (passed [][2]int64, end [2]int64) {
	for a > 0 && a < b && b-a < a { // b < 2a, without overflow near 2^63
		passed = append(passed, [2]int64{a, b})
		a, b = b-a, a
	}
	return passed, [2]int64{a, b}
}

// euclidLost reports whether the player to move from (a, b), a ≤ b, loses.
func euclidLost(a, b int64, c engine.Convention) bool {
	passed, e := euclidChain(a, b)
	var lost bool // at the end of the chain
	switch {
	case e[0] == 0:
		lost = c == engine.Normal // the opponent made the 0
	case e[0] == e[1]:
		lost = c == engine.Misere // the one move makes the 0
	default:
		lost = false // b ≥ 2a: the player there chooses
	}
	if len(passed)%2 == 1 {
		return !lost
	}
	return lost
}

func sorted2(p engine.Position) (int64, int64) { return min(p[0], p[1]), max(p[0], p[1]) }

func (g Euclid) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	a, b := sorted2(p)
	lost := euclidLost(a, b, c)
	out := engine.N
	if lost {
		out = engine.P
	}
	winning := func(yield func(engine.Move) bool) {
		if lost {
			return
		}
		q := multiples(p)
		for _, m := range []int64{q - 1, q} { // only q − 1 and q can win (see Euclid); no m++ past 2^63 − 1
			if m < 1 {
				continue
			}
			mv := engine.At(larger(p), m)
			after, err := g.Apply(p, mv)
			if err != nil {
				return
			}
			x, y := sorted2(after)
			if euclidLost(x, y, c) && !yield(mv) {
				return
			}
		}
	}
	return engine.Solution{
		Outcome: out,
		Winning: winning,
		Reason:  euclidReason(a, b, c),
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return explainEuclid(p, c, first, count, g)
		},
	}, nil
}

// euclidReason says in a few words what decides (a, b).
func euclidReason(a, b int64, c engine.Convention) engine.Text {
	passed, e := euclidChain(a, b)
	switch {
	case e[0] == 0 && len(passed) == 0:
		return engine.T("reason.euclid.zero")
	case e[0] == e[1] && len(passed) == 0:
		return engine.T("reason.euclid.equal."+c.String(), a)
	case len(passed) == 0:
		return engine.T("reason.euclid.choose", b, a)
	}
	return engine.T("reason.euclid.forced", len(passed), e[1], e[0])
}

// chainText writes the Euclidean algorithm's single subtractions from
// p, each number where it stands: "25 7 → 18 7 → 11 7 → 4 7 …", at most
// eight positions.
func chainText(p engine.Position) string {
	x, y := p[0], p[1]
	var parts []string
	for len(parts) < 8 && x > 0 && y > 0 {
		parts = append(parts, itoa(x)+" "+itoa(y))
		if x >= y {
			x -= y
		} else {
			y -= x
		}
	}
	if x > 0 && y > 0 {
		parts = append(parts, "…")
	} else {
		parts = append(parts, itoa(x)+" "+itoa(y))
	}
	return strings.Join(parts, " → ")
}

func explainEuclid(p engine.Position, c engine.Convention, first *engine.Move, count int64, g Euclid) engine.Explanation {
	a, b := sorted2(p)
	e := engine.Explanation{engine.T("euclid.chain", chainText(p))}
	passed, end := euclidChain(a, b)
	if len(passed) > 0 {
		e = append(e, engine.T("euclid.forced", len(passed), end[1], end[0]))
	}
	switch {
	case end[0] == 0:
		e = append(e, engine.T("euclid.end.zero."+c.String()))
	case end[0] == end[1]:
		e = append(e, engine.T("euclid.end.equal."+c.String(), end[0]))
	default:
		q, r := end[1]/end[0], end[1]%end[0]
		e = append(e, engine.T("euclid.end.choose", end[1], end[0], q, r))
		if c == engine.Misere && r == 0 {
			e = append(e, engine.T("euclid.end.choose.misere", end[0]))
		}
	}
	if len(passed)%2 == 1 {
		e = append(e, engine.T("euclid.parity.odd", len(passed)))
	}
	if first != nil {
		e = append(e, engine.Reveal(engine.T("euclid.winning", g.DescribeMove(*first))), engine.T("winning.count", count))
	}
	return e
}

// ---- Sums of games: Grundy values by search, the game has no closed form.

// euclidValues are searched for numbers up to 2,000: the options of
// (a, b), a ≤ b, are (a, b − m·a) for every multiple m.
var euclidValues = newSearchedValues(2000, "err.euclid.value", sorted2Key, func(k [2]int64, yield func([2]int64)) {
	if a, b := k[0], k[1]; a > 0 {
		for m := int64(1); m <= b/a; m++ {
			yield(sorted2Key(a, b-m*a))
		}
	}
})

func sorted2Key(a, b int64) [2]int64 { return [2]int64{min(a, b), max(a, b)} }

func (Euclid) Value(p engine.Position) (engine.Value, error) { return euclidValues.value(p) }

func (g Euclid) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return euclidValues.movesTo(g, p, v)
}
