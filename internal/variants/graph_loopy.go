package variants

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// A graph with a cycle: the tokens decided by Smith's generalised SG
// function (see Graph), in normal play; by a retrograde analysis in
// misère play.

// gamma says γ of v: a number, or ∞(K) with K the numbers among its
// successors.
func (g Graph) gamma(v int64) string {
	if !g.inf[v] {
		return strconv.FormatUint(g.value[v], 10)
	}
	return "∞" + g.kOf(v)
}

// kOf writes K of an ∞ vertex: "(0, 2)", or "()" with no number among
// its successors.
func (g Graph) kOf(v int64) string {
	var k []uint64
	for _, w := range g.succ[v] {
		if !g.inf[w] && !slices.Contains(k, g.value[w]) {
			k = append(k, g.value[w])
		}
	}
	slices.Sort(k)
	parts := make([]string, len(k))
	for i, x := range k {
		parts[i] = strconv.FormatUint(x, 10)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// inK reports whether an ∞ vertex has a successor worth x.
func (g Graph) inK(v int64, x uint64) bool {
	return slices.ContainsFunc(g.succ[v], func(w int64) bool { return !g.inf[w] && g.value[w] == x })
}

// tokens are the nim-sum of the tokens worth a number and the places
// (0-based) of those on ∞.
func (g Graph) tokens(p engine.Position) (x uint64, inf []int) {
	for i, v := range p {
		if g.inf[v] {
			inf = append(inf, i)
		} else {
			x ^= g.value[v]
		}
	}
	return x, inf
}

// loopyOutcome decides p by γ (see Graph).
func (g Graph) loopyOutcome(p engine.Position) engine.Outcome {
	x, inf := g.tokens(p)
	switch {
	case len(inf) == 0 && x == 0:
		return engine.P
	case len(inf) == 0 || len(inf) == 1 && g.inK(p[inf[0]], x):
		return engine.N
	}
	return engine.D
}

// rank orders a token's vertex for the winner's measure: ∞ above every
// number, then γ, then the order in which it got its number.
type rank struct {
	inf   bool
	g     uint64
	count int
}

func (g Graph) rank(v int64) rank { return rank{g.inf[v], g.value[v], g.count[v]} }

func (a rank) less(b rank) bool {
	switch {
	case a.inf != b.inf:
		return b.inf
	case a.g != b.g:
		return a.g < b.g
	}
	return a.count < b.count
}

// lowers reports whether the move from a to b leaves the tokens' ranks
// smaller, as a multiset, than the move from c to d: the same as
// comparing {b, c} with {a, d}, largest first.
func lowers(a, b, c, d rank) bool {
	hi1, lo1 := b, c
	if hi1.less(lo1) {
		hi1, lo1 = lo1, hi1
	}
	hi2, lo2 := a, d
	if hi2.less(lo2) {
		hi2, lo2 = lo2, hi2
	}
	if hi1 != hi2 {
		return hi1.less(hi2)
	}
	return lo1.less(lo2)
}

// loopyWinning are the moves to P-positions: the one that lowers the
// tokens' ranks most first (the canonical move: it ends the play), then
// the others in natural order.
func (g Graph) loopyWinning(p engine.Position) []engine.Move {
	x, inf := g.tokens(p)
	var win []engine.Move
	for m := range g.Moves(p, 0) {
		from, to := p[m.First().Place-1], m.First().Amount
		if g.inf[to] {
			continue
		}
		switch {
		case len(inf) == 0 && x^g.value[from]^g.value[to] == 0,
			len(inf) == 1 && g.inf[from] && g.value[to] == x:
			win = append(win, m)
		}
	}
	best := 0
	for i, m := range win {
		b := win[best]
		if lowers(g.rank(p[m.First().Place-1]), g.rank(m.First().Amount), g.rank(p[b.First().Place-1]), g.rank(b.First().Amount)) {
			best = i
		}
	}
	if best > 0 {
		first := win[best]
		win = slices.Insert(slices.Delete(win, best, best+1), 0, first)
	}
	return win
}

func (g Graph) solveLoopy(p engine.Position) engine.Solution {
	out := g.loopyOutcome(p)
	x, inf := g.tokens(p)
	var win []engine.Move
	if out == engine.N {
		win = g.loopyWinning(p)
	}
	var reason engine.Text
	switch {
	case len(inf) == 0:
		reason = engine.T("graph.reason", x)
	case len(inf) == 1 && out == engine.N:
		reason = engine.T("graph.reason.inf.in", p[inf[0]], g.kOf(p[inf[0]]), x)
	case len(inf) == 1:
		reason = engine.T("graph.reason.inf.out", p[inf[0]], g.kOf(p[inf[0]]), x)
	default:
		reason = engine.T("graph.reason.inf.many", len(inf))
	}
	return engine.Solution{
		Outcome: out,
		Reason:  reason,
		Winning: slices.Values(win),
		Hint:    func(m engine.Move) engine.Text { return engine.T("graph.hint", p[m.First().Place-1]) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return g.explainLoopy(p, out, first, count)
		},
	}
}

// explainLoopy: the rounds' rule, the vertices (see vertices), the tokens'
// values, and the verdict.
func (g Graph) explainLoopy(p engine.Position, out engine.Outcome, first *engine.Move, count int64) engine.Explanation {
	e := g.vertices(engine.Explanation{engine.T("graph.rule.loopy")}, p)
	x, inf := g.tokens(p)
	if len(p) <= 24 && len(inf) == 0 {
		e = append(e, g.tokenSums(p, x))
	}
	switch {
	case len(inf) == 0 && x == 0:
		e = append(e, engine.T("graph.zero"), engine.T("graph.loopy.raise"))
	case len(inf) == 0:
		e = append(e, engine.T("graph.nonzero", x))
	case len(inf) == 1 && out == engine.N:
		e = append(e, engine.T("graph.inf.in", p[inf[0]], g.kOf(p[inf[0]]), x))
	case len(inf) == 1:
		e = append(e, engine.T("graph.inf.out", p[inf[0]], g.kOf(p[inf[0]]), x))
	default:
		e = append(e, engine.T("graph.inf.many", len(inf)))
	}
	if out == engine.D {
		if m, ok := g.drawingMove(p); ok {
			e = append(e, engine.Reveal(engine.T("graph.draw.keep", g.DescribeMoveAt(p, m))))
		}
		return e
	}
	if first != nil {
		from := p[first.First().Place-1]
		e = append(e, engine.Reveal(engine.T("graph.explain.move.loopy", from, first.First().Amount, g.gamma(from), g.value[first.First().Amount])),
			engine.T("graph.loopy.progress"), engine.T("winning.count", count))
	}
	return e
}

// drawingMove is the first move from p, in natural order, to a draw.
func (g Graph) drawingMove(p engine.Position) (engine.Move, bool) {
	for m := range g.Moves(p, 0) {
		q, _ := g.Apply(p, m)
		if g.loopyOutcome(q) == engine.D {
			return m, true
		}
	}
	return engine.Move{}, false
}

// reach are the vertices the tokens of p can reach.
func (g Graph) reach(p engine.Position) map[int64]bool {
	reach := map[int64]bool{}
	stack := slices.Clone(p)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reach[v] {
			continue
		}
		reach[v] = true
		stack = append(stack, g.succ[v]...)
	}
	return reach
}

// solveRetro decides misère play on a graph with a cycle by a retrograde
// analysis of every position the tokens can reach, within graphMisere.
func (g Graph) solveRetro(p engine.Position) (engine.Solution, error) {
	r, ok := engine.Retrograde(g, engine.Misere, graphMisere, p)
	if !ok {
		return engine.Solution{}, engine.Refuse("err.graph.misere", graphMisere)
	}
	out := r.Outcome(p)
	var win []engine.Move
	if out == engine.N {
		win = r.SoonestFirst(p, r.Winning(p))
	}
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("graph.reason.retro", r.Size()),
		Winning: slices.Values(win),
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("graph.retro", r.Size())}
			switch {
			case first != nil:
				e = append(e, engine.Reveal(engine.T("graph.retro.move", g.DescribeMoveAt(p, *first), r.Steps(p))), engine.T("winning.count", count))
			case out == engine.N:
				e = append(e, engine.T("graph.misere.stuck"))
			case out == engine.D:
				if d := r.Drawing(p); len(d) > 0 {
					e = append(e, engine.T("graph.retro.draw"), engine.Reveal(engine.T("graph.draw.keep", g.DescribeMoveAt(p, d[0]))))
				}
			default:
				e = append(e, engine.T("graph.retro.lost", r.Steps(p)))
			}
			return e
		},
	}, nil
}
