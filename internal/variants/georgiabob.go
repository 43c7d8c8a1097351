package variants

import (
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"

	"matchgame/internal/engine"
)

// GeorgiaBob is POJ 1704: chessmen on distinct cells 1, 2, 3 …; a move
// slides one chessman left, never onto or over another, never past cell 1.
// Read the gaps in front of the chessmen as stairs, the rightmost chessman's
// gap as stair 1, and it is Staircase Nim.
type GeorgiaBob struct{}

func (GeorgiaBob) Name() string           { return "georgia-bob" }
func (GeorgiaBob) Params() []engine.Param { return nil }

// Normalize sorts the cells and refuses cells below 1 and shared cells.
func (GeorgiaBob) Normalize(p engine.Position) (engine.Position, error) {
	if len(p) == 0 {
		return nil, engine.Refuse("err.gb.empty")
	}
	q := p.Clone()
	slices.Sort(q)
	for i, v := range q {
		if v < 1 {
			return nil, engine.Refuse("err.gb.cell", v)
		}
		if i > 0 && q[i-1] == v {
			return nil, engine.Refuse("err.gb.shared", v)
		}
	}
	return q, nil
}

// gaps returns the empty cells in front of each chessman: g_i = p_i − p_{i−1} − 1.
func gaps(p engine.Position) []int64 {
	g := make([]int64, len(p))
	prev := int64(0)
	for i, v := range p {
		g[i], prev = v-prev-1, v
	}
	return g
}

// stairs reads the gaps as a staircase: stair j holds the gap in front of
// chessman n+1−j, stair 0 (the ground) nothing.
func stairs(p engine.Position) []int64 {
	g := gaps(p)
	a := make([]int64, len(g)+1)
	for i, v := range g {
		a[len(g)-i] = v
	}
	return a
}

func gapLimit(p engine.Position) func(int) int64 {
	return func(i int) int64 {
		if i == 1 {
			return p[0] - 1
		}
		return p[i-1] - p[i-2] - 1
	}
}

func (GeorgiaBob) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || m.First().Place > len(p) {
		return nil, engine.Refuse("err.gb.none", m.First().Place, len(p))
	}
	if m.First().Amount < 1 {
		return nil, engine.Refuse("err.gb.zero", m.First().Amount)
	}
	if room := gapLimit(p)(m.First().Place); m.First().Amount > room {
		return nil, engine.Refuse(plural("err.gb.room", room), m.First().Place, p[m.First().Place-1], room, m.First().Amount)
	}
	q := p.Clone()
	q[m.First().Place-1] -= m.First().Amount
	return q, nil
}

func (GeorgiaBob) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return rangeMoves(len(p), gapLimit(p), each)
}

func (GeorgiaBob) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	return randomRangeMove(len(p), gapLimit(p), r)
}

func (GeorgiaBob) Board() engine.Board {
	return engine.Board{Kind: engine.Cells, Number: "what.cell", Unit: "unit.cell"}
}

func (GeorgiaBob) Places(p engine.Position) int { return len(p) }

func (GeorgiaBob) Place(_ engine.Position, where int) engine.Text {
	return engine.T("label.chessman", where)
}

func (GeorgiaBob) Amounts(p engine.Position, where int) engine.Amounts {
	return engine.Range(1, gapLimit(p)(where))
}

func (GeorgiaBob) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "chessman", Value: int64(m.First().Place)}, {Name: "steps", Value: m.First().Amount}}
}

func (GeorgiaBob) DescribeMove(m engine.Move) engine.Text {
	return engine.T(plural("gb.move", m.First().Amount), m.First().Place, m.First().Amount)
}

func (GeorgiaBob) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	a := stairs(p)
	s := sumOf(oddStairs(a))
	n := len(p)
	winning := func(yield func(engine.Move) bool) {
		for i := 1; i <= n; i++ { // chessman i is stair n+1−i
			if !stairTakes(a, n+1-i, s, c, func(steps int64) bool { return yield(engine.At(i, steps)) }) {
				return
			}
		}
	}
	hint := func(m engine.Move) engine.Text {
		stair := n + 1 - m.First().Place
		odd := stair - 1 + stair%2
		return s.hint(engine.T("label.chessman", m.First().Place), a[odd], stair%2 == 0, c)
	}
	return engine.Solution{Outcome: s.outcome(c), Reason: s.reason(c, nimWords{plural: "words.gaps"}), Hint: hint, Winning: winning, Explain: func(first *engine.Move, count int64) engine.Explanation {
		return explainGeorgiaBob(p, a, s, c, first, count)
	}}, nil
}

func explainGeorgiaBob(p engine.Position, a []int64, s nimSum, c engine.Convention, first *engine.Move, count int64) engine.Explanation {
	n := len(p)
	odd := oddStairs(a)
	e := engine.Explanation{
		engine.T("gb.gaps", brief(p), brief(gaps(p))),
		engine.T("gb.pairs", countedChessmen(n), brief(odd)),
	}
	words := nimWords{plural: "words.gaps", label: func(k int) engine.Text { return engine.T("label.gap", n-2*k) }}
	e = append(e, nimRule(odd, s, c, words)...)
	gapsCounted := func(p engine.Position) []int64 { return oddStairs(stairs(p)) }
	var raised engine.Text
	if first != nil && (n+1-first.First().Place)%2 == 0 && (c == engine.Normal || s.big >= 2) {
		raised = engine.T("label.gap", first.First().Place+1) // the gap the chessman leaves behind widens
	}
	return append(e, stairVerdict(GeorgiaBob{}, p, words, gapsCounted, first, count, raised)...)
}

// brief writes numbers for a sentence, cut short after 16.
func brief(v []int64) string {
	if len(v) > 16 {
		return engine.Position(v[:16]).String() + " …"
	}
	return engine.Position(v).String()
}

// countedChessmen lists the chessmen whose gaps count: n, n−2, … down to 1
// or 2.
func countedChessmen(n int) engine.Text {
	var list []string
	for i := n; i >= 1 && len(list) < 16; i -= 2 {
		list = append(list, strconv.Itoa(i))
	}
	if n > 32 {
		list = append(list, "…")
	}
	return listOf(list)
}

func (GeorgiaBob) Value(p engine.Position) (engine.Value, error) {
	g := nimXor(oddValues(stairs(p)))
	return engine.Value{G: g, How: engine.T("value.georgia-bob")}, nil
}

// MovesTo: chessman i is stair n+1−i of the gaps' staircase.
func (GeorgiaBob) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		a := stairs(p)
		x := nimXor(oddValues(a)) ^ v
		if x == 0 {
			return
		}
		n := len(p)
		for i := 1; i <= n; i++ {
			if c, ok := stairTo(a, n+1-i, x); ok && !yield(engine.At(i, c)) {
				return
			}
		}
	}
}
