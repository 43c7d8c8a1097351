package variants

import (
	"bufio"
	"errors"
	"iter"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"matchgame/internal/engine"
)

// Graph is a game on a directed graph (HDU 1524): tokens on vertices; a
// move moves one token along an edge; several tokens may share a vertex.
// The position is the tokens' vertices, sorted. Moves are told apart by
// the (from, to) pair: Place is the place of the first token on the
// vertex moved from, Amount the vertex moved to.
//
// On a graph without cycles every play ends, and each vertex has a Grundy
// value, the mex of its successors' values, found from the sinks up (the
// reverse topological order); tokens are a sum of games, so the tokens'
// values' nim-sum decides (Sprague–Grundy).
//
// On a graph with a cycle play can go on for ever. Smith's generalised
// SG function γ (C. A. B. Smith, "Graphs and composite games", 1966;
// computed as Fraenkel and Yesha give it, "The generalized
// Sprague–Grundy function and its invariance under certain mappings",
// 1986) gives each vertex either a number or ∞(K), K the numbers among
// its successors. Rounds m = 0, 1, 2 …: a vertex not yet labelled gets m
// when none of its successors has m and every successor not labelled
// with a number has itself a successor labelled m; each is counted as it
// gets its label. Then every vertex left without a successor labelled m
// gets ∞. A sum of tokens is then decided so: all numbers, by their
// nim-sum (0: P); one token on ∞(K), N when the others' nim-sum is in K
// (that token moves to a vertex worth it), else a draw; two or more on
// ∞, a draw. The winner's canonical move makes the tokens' (γ, count)
// pairs smallest as a multiset (sorted, compared in turn): after any
// reply it can put them below where they were (a raised token comes back
// to a vertex of its old value counted earlier, which the labelling
// rule guarantees), so play ends. variants' graph_test.go checks every
// position of small random graphs, with cycles and loops, against a
// retrograde analysis.
//
// Misère play is searched: on a graph without cycles by depth, with one
// by a retrograde analysis (which finds its draws), within graphMisere
// positions.
type Graph struct{ *graphData }

// graphData is a graph's edges and values; Graph holds a pointer, so that
// games compare as values do.
type graphData struct {
	edges [][2]int64 // as given, in order
	succ  map[int64][]int64
	value map[int64]uint64 // γ of a vertex with a number
	inf   map[int64]bool   // γ = ∞: the vertices where one token alone can move for ever
	count map[int64]int    // the order in which a vertex got its number (a graph with a cycle)
	order []int64          // the vertices from the sinks up, or in the order labelled
	loopy bool             // the graph has a cycle
	draws bool             // some vertex is ∞

	sortOnce sync.Once
	sorted   []int64 // the vertices ascending, for the board
}

// graphMaxEdges bounds a graph read from the command line or a file.
const graphMaxEdges = 1 << 20

// graphWork bounds the generalised SG function's rounds on a graph with
// a cycle: each round looks at every edge of the vertices still open.
const graphWork = 1 << 27

// graphDefault is --edges when neither it nor --file is given: a small
// DAG to start from in the menu.
const graphDefault = "1>2,2>3,1>3,3>4,2>4"

// graphLoopy is the menu's graph with cycles: 1 ⇄ 2 and 3 ⇄ 4 are
// cycles whose vertices still have numbers; the loop at 6 makes it ∞(0).
const graphLoopy = "1>2,2>1,2>3,3>4,4>3,4>5,6>6,6>1,6>3"

// NewGraph reads edges "u>v" separated by spaces or commas, or, from a
// file, lines "u v" (# starts a comment).
func NewGraph(edges, file string) (Graph, error) {
	var list [][2]int64
	switch {
	case edges != "" && edges != graphDefault && file != "":
		return Graph{}, engine.Refuse("err.graph.both")
	case file != "":
		f, err := os.Open(file)
		if err != nil {
			return Graph{}, engine.Refuse("err.graph.file", file, err.Error())
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return Graph{}, engine.Refuse("err.graph.dir", file)
		}
		sc := bufio.NewScanner(f)
		line := 0
		for sc.Scan() {
			line++
			text, _, _ := strings.Cut(sc.Text(), "#")
			fields := strings.Fields(text)
			if len(fields) == 0 {
				continue
			}
			if len(fields) != 2 {
				return Graph{}, engine.Refuse("err.graph.line", line, elideValue(strings.TrimSpace(text)))
			}
			e, err := graphEdge(fields[0], fields[1])
			if err != nil {
				return Graph{}, err
			}
			if list = append(list, e); len(list) > graphMaxEdges {
				return Graph{}, engine.Refuse("err.graph.many", graphMaxEdges)
			}
		}
		if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
			return Graph{}, engine.Refuse("err.graph.long", line+1, bufio.MaxScanTokenSize)
		} else if err != nil {
			return Graph{}, engine.Refuse("err.graph.file", file, err.Error())
		}
	default:
		for _, f := range strings.FieldsFunc(edges, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			us, vs, ok := strings.Cut(f, ">")
			if !ok || us == "" || vs == "" {
				return Graph{}, engine.Refuse("err.graph.edge", elideValue(f))
			}
			e, err := graphEdge(us, vs)
			if err != nil {
				return Graph{}, err
			}
			if list = append(list, e); len(list) > graphMaxEdges {
				return Graph{}, engine.Refuse("err.graph.many", graphMaxEdges)
			}
		}
	}
	if len(list) == 0 {
		return Graph{}, engine.Refuse("err.graph.none")
	}
	return newGraph(list)
}

func graphEdge(us, vs string) ([2]int64, error) {
	u, err := ParseNumber(us, "what.vertex")
	if err != nil {
		return [2]int64{}, err
	}
	v, err := ParseNumber(vs, "what.vertex")
	return [2]int64{u, v}, err
}

// newGraph finds the values from the sinks up (Kahn's algorithm on the
// reversed edges); on a graph with a cycle, the generalised ones.
func newGraph(list [][2]int64) (Graph, error) {
	g := Graph{&graphData{edges: list, succ: map[int64][]int64{}, value: map[int64]uint64{}}}
	out := map[int64]int{}
	pred := map[int64][]int64{}
	for _, e := range list {
		if _, ok := g.succ[e[0]]; !ok {
			g.succ[e[0]] = nil
		}
		if _, ok := g.succ[e[1]]; !ok {
			g.succ[e[1]] = nil
		}
		if !slices.Contains(g.succ[e[0]], e[1]) { // a repeated edge is the same move
			g.succ[e[0]] = append(g.succ[e[0]], e[1])
			out[e[0]]++
			pred[e[1]] = append(pred[e[1]], e[0])
		}
	}
	var ready []int64
	for v := range g.succ {
		slices.Sort(g.succ[v])
		if out[v] == 0 {
			ready = append(ready, v)
		}
	}
	slices.Sort(ready)
	for len(ready) > 0 {
		v := ready[0]
		ready = ready[1:]
		g.order = append(g.order, v)
		g.value[v] = mexOf(g.succ[v], g.value)
		for _, u := range pred[v] {
			if out[u]--; out[u] == 0 {
				ready = append(ready, u)
			}
		}
	}
	if len(g.order) < len(g.succ) {
		g.loopy = true
		return g, g.generalised()
	}
	return g, nil
}

// generalised labels with γ, Smith's generalised SG function, the
// vertices Kahn's algorithm left (on a cycle, or leading to one), by
// Fraenkel and Yesha's rounds (see Graph). The vertices Kahn's algorithm
// labelled keep their values and come first in the order, in their order
// from the sinks up: a vertex's successors of larger value reach one of
// its own value found before it, as the rounds guarantee for the others.
func (g Graph) generalised() error {
	g.inf, g.count = map[int64]bool{}, map[int64]int{}
	for i, v := range g.order {
		g.count[v] = i
	}
	var rest []int64
	for v := range g.succ {
		if _, done := g.value[v]; !done {
			rest = append(rest, v)
		}
	}
	slices.Sort(rest)
	id := make(map[int64]int32, len(rest))
	for i, v := range rest {
		id[v] = int32(i)
	}
	n := len(rest)
	succ, pred := make([][]int32, n), make([][]int32, n)
	known := make([][]uint64, n) // the values of the successors Kahn's algorithm labelled
	for i, v := range rest {
		for _, w := range g.succ[v] {
			if j, ok := id[w]; ok {
				succ[i] = append(succ[i], j)
				pred[j] = append(pred[j], int32(i))
			} else {
				known[i] = append(known[i], g.value[w])
			}
		}
	}
	const open, infinite = -1, -2
	label := make([]int64, n)
	live := make([]int32, n) // open or ∞: not yet a number
	for i := range label {
		label[i], live[i] = open, int32(i)
	}
	hasM := make([]int32, n) // successors labelled m, this round
	need := make([]int32, n) // successors open or ∞ with no successor labelled m
	left, work := n, 0
	for m := int64(0); left > 0; m++ {
		live = slices.DeleteFunc(live, func(i int32) bool { return label[i] >= 0 })
		for _, i := range live {
			hasM[i] = 0
			for _, x := range known[i] {
				if x == uint64(m) {
					hasM[i]++
				}
			}
		}
		var queue []int32
		for _, i := range live {
			if work += 2*len(succ[i]) + len(known[i]); work > graphWork {
				return engine.Refuse("err.graph.work", len(g.edges))
			}
			if label[i] != open {
				continue
			}
			need[i] = 0
			for _, w := range succ[i] {
				if label[w] < 0 && hasM[w] == 0 {
					need[i]++
				}
			}
			if need[i] == 0 && hasM[i] == 0 {
				queue = append(queue, i)
			}
		}
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			if label[u] != open || hasM[u] > 0 || need[u] > 0 {
				continue
			}
			label[u], left = m, left-1
			g.value[rest[u]], g.count[rest[u]] = uint64(m), len(g.order)
			g.order = append(g.order, rest[u])
			ready := func(x int32) {
				if label[x] == open {
					if need[x]--; need[x] == 0 && hasM[x] == 0 {
						queue = append(queue, x)
					}
				}
			}
			for _, x := range pred[u] { // u is no longer open
				ready(x)
			}
			for _, w := range pred[u] { // w has a successor labelled m
				if hasM[w]++; hasM[w] == 1 && label[w] < 0 {
					for _, x := range pred[w] {
						ready(x)
					}
				}
			}
		}
		for _, i := range live {
			if label[i] == open && hasM[i] == 0 {
				label[i], left = infinite, left-1
				g.inf[rest[i]], g.draws = true, true
			}
		}
	}
	for i, v := range rest {
		if label[i] == infinite {
			g.order = append(g.order, v)
		}
	}
	return nil
}

// Loopy: on a graph with a cycle, play can come back to a position.
func (g Graph) Loopy() bool { return g.loopy }

// Draws: some vertex is ∞, where a token alone can be moved for ever.
func (g Graph) Draws() bool { return g.draws }

func mexOf(succ []int64, value map[int64]uint64) uint64 {
	seen := make([]bool, len(succ)+1)
	for _, w := range succ {
		if v := value[w]; v < uint64(len(seen)) {
			seen[v] = true
		}
	}
	var m uint64
	for seen[m] {
		m++
	}
	return m
}

func (Graph) Name() string { return "graph" }

// edgesText writes the edges as --edges takes them, with commas (one word
// on a command line).
func (g Graph) edgesText() string {
	parts := make([]string, len(g.edges))
	for i, e := range g.edges {
		parts[i] = itoa(e[0]) + ">" + itoa(e[1])
	}
	return strings.Join(parts, ",")
}

func (g Graph) Params() []engine.Param {
	s := g.edgesText()
	shown := s
	if len(shown) > 60 {
		shown = shown[:60] + "…"
	}
	return []engine.Param{{Name: "edges", Value: s, Shown: engine.T(plural("param.edges", int64(len(g.edges))), len(g.edges), shown)}}
}

// Normalize sorts the tokens and refuses a vertex not in the graph.
func (g Graph) Normalize(p engine.Position) (engine.Position, error) {
	q := p.Clone()
	slices.Sort(q)
	for _, v := range q {
		if _, ok := g.succ[v]; !ok {
			return nil, engine.Refuse("err.graph.vertex", v)
		}
	}
	return q, nil
}

func (g Graph) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || m.First().Place > len(p) {
		return nil, engine.Refuse("err.graph.token", m.First().Place, len(p))
	}
	from := p[m.First().Place-1]
	if _, ok := slices.BinarySearch(g.succ[from], m.First().Amount); !ok || m.First().Pieces[0] != 0 {
		return nil, engine.Refuse("err.graph.move", from, m.First().Amount)
	}
	q := p.Clone()
	q[m.First().Place-1] = m.First().Amount
	slices.Sort(q)
	return q, nil
}

// Moves: from each vertex holding tokens once (the first token there).
func (g Graph) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i, v := range p {
			if i > 0 && p[i-1] == v {
				continue
			}
			for k, w := range g.succ[v] {
				if each > 0 && k == each {
					break
				}
				if !yield(engine.At(i+1, w)) {
					return
				}
			}
		}
	}
}

func (g Graph) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	var open []int
	for i, v := range p {
		if len(g.succ[v]) > 0 {
			open = append(open, i)
		}
	}
	if len(open) == 0 {
		return engine.Move{}, false
	}
	i := open[r.IntN(len(open))]
	s := g.succ[p[i]]
	return engine.At(i+1, s[r.IntN(len(s))]), true
}

// Board: the graph with its tokens (engine.Graph).
func (Graph) Board() engine.Board {
	return engine.Board{Kind: engine.Graph, Number: "what.vertex", Unit: "unit.token", Rule: engine.T("rule.graph")}
}

func (Graph) Places(p engine.Position) int { return len(p) }

// Vertices are the graph's vertices, ascending (engine.Digraph).
func (g Graph) Vertices() []int64 {
	g.sortOnce.Do(func() {
		g.sorted = slices.Clone(g.order)
		slices.Sort(g.sorted)
	})
	return g.sorted
}

// Successors are the vertices an arrow leads to from v, ascending.
func (g Graph) Successors(v int64) []int64 { return g.succ[v] }

func (Graph) Place(p engine.Position, where int) engine.Text {
	if where < 1 || where > len(p) {
		return engine.T("label.token.n", where)
	}
	return engine.T("label.token", where, p[where-1])
}

// Amounts are the vertices the token can move to.
func (g Graph) Amounts(p engine.Position, where int) engine.Amounts {
	s := g.succ[p[where-1]]
	if len(s) == 0 {
		return engine.None
	}
	return engine.Amounts{Lo: s[0], Hi: s[len(s)-1], Set: s}
}

func (Graph) MoveFields(p engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "from", Value: p[m.First().Place-1]}, {Name: "to", Value: m.First().Amount}}
}

func (Graph) DescribeMove(m engine.Move) engine.Text {
	return engine.T("graph.move", m.First().Place, m.First().Amount)
}

// DescribeMoveAt names the vertex the token leaves.
func (g Graph) DescribeMoveAt(p engine.Position, m engine.Move) engine.Text {
	if m.First().Place < 1 || m.First().Place > len(p) {
		return g.DescribeMove(m)
	}
	return engine.T("graph.move.from", p[m.First().Place-1], m.First().Amount)
}

func (g Graph) sum(p engine.Position) uint64 {
	var s uint64
	for _, v := range p {
		s ^= g.value[v]
	}
	return s
}

func (g Graph) Value(p engine.Position) (engine.Value, error) {
	for _, v := range p {
		if g.inf[v] {
			return engine.Value{}, engine.Refuse("err.graph.inf", v)
		}
	}
	how := engine.T("graph.how")
	if g.loopy {
		how = engine.T("graph.how.loopy")
	}
	return engine.Value{G: g.sum(p), How: how}, nil
}

// Gamma is the tokens' γ (Smith): their nim-sum while every token is on a
// number; with one token on ∞(K), ∞(K ⊕ the others' nim-sum); with two or
// more, ∞(∅): a move stops at most one of them.
func (g Graph) Gamma(p engine.Position) engine.Gamma {
	x, inf := g.tokens(p)
	switch len(inf) {
	case 0:
		return engine.Gamma{G: x}
	case 1:
		var k []uint64
		for _, w := range g.succ[p[inf[0]]] {
			if !g.inf[w] && !slices.Contains(k, g.value[w]^x) {
				k = append(k, g.value[w]^x)
			}
		}
		slices.Sort(k)
		return engine.Gamma{Inf: true, K: k}
	}
	return engine.Gamma{Inf: true}
}

// MovesTo yields the moves to a position worth the number v: while a
// token is on ∞ only that one can move there (to a number), and with two
// on ∞ no move does.
func (g Graph) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	x, inf := g.tokens(p)
	return func(yield func(engine.Move) bool) {
		if len(inf) > 1 {
			return
		}
		for m := range g.Moves(p, 0) {
			from, to := p[m.First().Place-1], m.First().Amount
			if g.inf[to] || len(inf) == 1 && !g.inf[from] {
				continue
			}
			if x^g.value[from]^g.value[to] == v && !yield(m) { // an ∞ vertex has no value: 0
				return
			}
		}
	}
}

// MoveRanks are the ranks of the vertices a move takes its token from and
// to, in Smith's order (see rank).
func (g Graph) MoveRanks(p engine.Position, m engine.Move) (engine.Rank, engine.Rank) {
	from, to := g.rank(p[m.First().Place-1]), g.rank(m.First().Amount)
	return engine.Rank{Inf: from.inf, G: from.g, Order: from.count}, engine.Rank{Inf: to.inf, G: to.g, Order: to.count}
}

func (g Graph) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	switch {
	case c == engine.Misere && g.loopy:
		return g.solveRetro(p)
	case c == engine.Misere:
		return g.solveMisere(p)
	case g.loopy:
		return g.solveLoopy(p), nil
	}
	s := g.sum(p)
	return engine.SolveByValue(g, p, s, engine.ByValue{
		Reason: engine.T("graph.reason", s),
		Hint:   func(m engine.Move) engine.Text { return engine.T("graph.hint", p[m.First().Place-1]) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return g.explain(p, s, first, count)
		},
	}), nil
}

// explain: each vertex's value from the sinks up (those the tokens can
// reach, at most 16), the tokens' nim-sum, and the move.
func (g Graph) explain(p engine.Position, s uint64, first *engine.Move, count int64) engine.Explanation {
	e := g.vertices(engine.Explanation{engine.T("graph.rule")}, p)
	if len(p) <= 24 {
		e = append(e, g.tokenSums(p, s))
	}
	if s == 0 {
		return append(e, engine.T("graph.zero"))
	}
	e = append(e, engine.T("graph.nonzero", s))
	if first != nil {
		from := p[first.First().Place-1]
		e = append(e, engine.Reveal(engine.T("graph.explain.move", from, first.First().Amount, g.value[from], g.value[first.First().Amount])), engine.T("winning.count", count))
	}
	return e
}

// vertices appends the table of the vertices the tokens can reach (the
// first 16, from the sinks up, or in the rounds' order): each with its
// successors' values and its own; on a graph with a cycle also its place
// in the order and what a token alone is there.
func (g Graph) vertices(e engine.Explanation, p engine.Position) engine.Explanation {
	reach := g.reach(p)
	var rows [][]any
	for _, v := range g.order {
		if !reach[v] {
			continue
		}
		if len(rows) == 16 {
			e = append(e, engine.T("graph.more", len(reach)))
			break
		}
		opts := make([]string, len(g.succ[v]))
		for i, w := range g.succ[v] {
			opts[i] = "∞"
			if !g.inf[w] {
				opts[i] = strconv.FormatUint(g.value[w], 10)
			}
		}
		row := []any{itoa(v), "{" + strings.Join(opts, ", ") + "}", g.gamma(v)}
		if g.loopy {
			order := "–"
			if !g.inf[v] {
				order = strconv.Itoa(g.count[v] + 1)
			}
			row = append(row, order, g.loopyOutcome(engine.Position{v}).String())
		}
		rows = append(rows, row)
	}
	head := []any{engine.T("graph.col.vertex"), engine.T("graph.col.options"), engine.T("graph.col.value")}
	if g.loopy {
		head = []any{head[0], head[1], engine.T("graph.col.gamma"), engine.T("graph.col.order"), engine.T("graph.col.alone")}
	}
	return append(e, engine.Table{Head: head, Rows: rows, Mark: -1})
}

// tokenSums is the nim-sum table of the tokens' values (each a number).
func (g Graph) tokenSums(p engine.Position, x uint64) engine.NimSumTable {
	t := engine.NimSumTable{Sum: x}
	for i, v := range p {
		t.Labels = append(t.Labels, engine.T("label.token", i+1, v))
		t.Values = append(t.Values, g.value[v])
	}
	return t
}

// graphMisere is the most positions misère play searches.
const graphMisere = 200000

func (g Graph) solveMisere(p engine.Position) (engine.Solution, error) {
	solver := engine.NewSolver(g, engine.Misere)
	// Count the positions first, within the bound: tokens on a DAG.
	seen := map[string]bool{}
	stack := []engine.Position{p}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[q.String()] {
			continue
		}
		if seen[q.String()] = true; len(seen) > graphMisere {
			return engine.Solution{}, engine.Refuse("err.graph.misere", graphMisere)
		}
		for m := range g.Moves(q, 0) {
			r, _ := g.Apply(q, m)
			stack = append(stack, r)
		}
	}
	out := solver.Outcome(p)
	wins := solver.WinningMoves(p)
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("graph.reason.misere", solver.Size()),
		Winning: slices.Values(wins),
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("hb.misere.search", solver.Size()), engine.T("coins.misere.normal", g.sum(p))}
			switch {
			case first != nil:
				e = append(e, engine.Reveal(engine.T("coins.misere.move", g.DescribeMoveAt(p, *first))), engine.T("winning.count", count))
			case out == engine.N:
				e = append(e, engine.T("graph.misere.stuck"))
			default:
				e = append(e, engine.T("coins.misere.lost"))
			}
			return e
		},
	}, nil
}
