package variants

import (
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// Hackenbush is Green Hackenbush (HDU 3094 for trees, POJ 3710 with
// cycles): edges u-v between vertices, vertex 0 the ground, loops and
// several edges between two vertices allowed; held as the edges' numbers
// u1 v1 u2 v2 … in the order given. A move cuts one edge; every edge no
// longer joined to the ground falls. Moves are told apart by the edge's
// place in the list (Place; Amount is always 1).
//
// Values (Winning Ways ch. 7):
//   - The colon principle: a vertex's branches can be replaced by a stalk
//     (a Nim heap) of their value, so a tree's vertex is worth the xor over
//     its children of (child's value + 1), and a stalk of n edges is n.
//   - The fusion principle: the vertices on any cycle can be fused into one
//     vertex without changing the value, the cycle's edges becoming loops,
//     each loop a stalk of 1. Fusing every cycle fuses each 2-edge-connected
//     part into one vertex: an odd cycle leaves one loop (worth 1), an even
//     one a bare vertex (the loops cancel in pairs).
//
// So the value is found in linear time by finding the bridges, fusing the
// rest and applying the colon principle from the leaves down to the ground.
// The winning moves try each edge (its cut's value recomputed): listed up
// to hackenbushList edges, refused beyond. Misère play is searched up to
// hackenbushMisere edges and refused beyond.
type Hackenbush struct{}

const (
	hackenbushList   = 4096
	hackenbushMisere = 14
)

func (Hackenbush) Name() string           { return "hackenbush" }
func (Hackenbush) Params() []engine.Param { return nil }

// Read takes edges written u-v, or, with no "-" at all, the edges' bare
// numbers u v u v … (as the menu and standard input give numbers).
func (Hackenbush) Read(fields []string) (engine.Position, error) {
	if !slices.ContainsFunc(fields, func(f string) bool { return strings.Contains(f, "-") }) {
		return ParsePosition(fields, "what.vertex")
	}
	var p engine.Position
	for _, f := range fields {
		us, vs, ok := strings.Cut(f, "-")
		if !ok {
			return nil, engine.Refuse("err.hb.edge", elideValue(f))
		}
		u, err := ParseNumber(us, "what.vertex")
		if err != nil {
			return nil, err
		}
		v, err := ParseNumber(vs, "what.vertex")
		if err != nil {
			return nil, err
		}
		p = append(p, u, v)
	}
	return p, nil
}

// Spell writes the edges as the command line takes them.
func (Hackenbush) Spell(p engine.Position) string {
	parts := make([]string, 0, len(p)/2)
	for i := 0; i+1 < len(p); i += 2 {
		parts = append(parts, itoa(p[i])+"-"+itoa(p[i+1]))
	}
	return strings.Join(parts, " ")
}

// Brief is Spell cut after 12 edges; "∅" when every edge has fallen.
func (h Hackenbush) Brief(p engine.Position) string {
	if len(p) == 0 {
		return "∅"
	}
	if len(p) > 24 {
		return h.Spell(p[:16]) + " … (" + strconv.Itoa(len(p)/2) + ")"
	}
	return h.Spell(p)
}

// Normalize refuses an odd count of numbers and an edge that does not
// reach the ground.
func (Hackenbush) Normalize(p engine.Position) (engine.Position, error) {
	if len(p)%2 != 0 {
		return nil, engine.Refuse("err.hb.odd", len(p))
	}
	g := newHbGraph(p)
	up := g.grounded(-1)
	for e := range g.edges {
		if !up[e] {
			return nil, engine.Refuse("err.hb.floating", p[2*e], p[2*e+1])
		}
	}
	return p, nil
}

// hbGraph is the edges with the vertices numbered 0, 1, 2 … (the ground
// 0) in the order met.
type hbGraph struct {
	edges [][2]int
	adj   [][]int // edge ids at each vertex (a loop twice)
	name  []int64 // each vertex's number as written
}

func newHbGraph(p engine.Position) *hbGraph {
	g := &hbGraph{}
	ids := map[int64]int{0: 0}
	g.name = []int64{0}
	id := func(v int64) int {
		if i, ok := ids[v]; ok {
			return i
		}
		ids[v] = len(g.name)
		g.name = append(g.name, v)
		return ids[v]
	}
	for i := 0; i+1 < len(p); i += 2 {
		g.edges = append(g.edges, [2]int{id(p[i]), id(p[i+1])})
	}
	g.adj = make([][]int, len(g.name))
	for e, uv := range g.edges {
		g.adj[uv[0]] = append(g.adj[uv[0]], e)
		g.adj[uv[1]] = append(g.adj[uv[1]], e)
	}
	return g
}

func (g *hbGraph) other(e, v int) int {
	if g.edges[e][0] == v {
		return g.edges[e][1]
	}
	return g.edges[e][0]
}

// grounded marks the edges still joined to the ground with edge cut gone
// (-1: none cut).
func (g *hbGraph) grounded(cut int) []bool {
	up := make([]bool, len(g.edges))
	seen := make([]bool, len(g.name))
	seen[0] = true
	stack := []int{0}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range g.adj[v] {
			if e == cut {
				continue
			}
			up[e] = true
			if w := g.other(e, v); !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	return up
}

func (Hackenbush) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || 2*m.First().Place > len(p) {
		return nil, engine.Refuse("err.hb.none", m.First().Place, len(p)/2)
	}
	if m.First().Amount != 1 || m.First().Pieces[0] != 0 {
		return nil, engine.Refuse("err.hb.cut", m.First().Amount)
	}
	up := newHbGraph(p).grounded(m.First().Place - 1)
	q := make(engine.Position, 0, len(p)-2)
	for e, ok := range up {
		if ok {
			q = append(q, p[2*e], p[2*e+1])
		}
	}
	return q, nil
}

func (Hackenbush) Moves(p engine.Position, _ int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for e := 1; 2*e <= len(p); e++ {
			if !yield(engine.At(e, 1)) {
				return
			}
		}
	}
}

func (Hackenbush) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	if len(p) == 0 {
		return engine.Move{}, false
	}
	return engine.At(1+r.IntN(len(p)/2), 1), true
}

// Board: the edges drawn up from the ground (engine.Tree).
func (Hackenbush) Board() engine.Board {
	return engine.Board{Kind: engine.Tree, Number: "what.vertex", Unit: "unit.edge", Rule: engine.T("rule.hackenbush")}
}

func (Hackenbush) Places(p engine.Position) int { return len(p) / 2 }

func (Hackenbush) Place(p engine.Position, where int) engine.Text {
	if where < 1 || 2*where > len(p) {
		return engine.T("label.edge.n", where)
	}
	return engine.T("label.edge", where, p[2*where-2], p[2*where-1])
}

// Amounts: a cut, at each edge; none at a place past the edges (a board
// that draws the numbers as heaps asks about every number).
func (Hackenbush) Amounts(p engine.Position, where int) engine.Amounts {
	if where < 1 || 2*where > len(p) {
		return engine.None
	}
	return engine.Range(1, 1)
}

func (Hackenbush) MoveFields(p engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "edge", Value: int64(m.First().Place)}, {Name: "u", Value: p[2*m.First().Place-2]}, {Name: "v", Value: p[2*m.First().Place-1]}}
}

func (Hackenbush) DescribeMove(m engine.Move) engine.Text {
	return engine.T("hb.move", m.First().Place)
}

// DescribeMoveAt names the edge's ends too: "cut edge 3 (1-2)".
func (h Hackenbush) DescribeMoveAt(p engine.Position, m engine.Move) engine.Text {
	if m.First().Place < 1 || 2*m.First().Place > len(p) {
		return h.DescribeMove(m)
	}
	return engine.T("hb.move.ends", m.First().Place, p[2*m.First().Place-2], p[2*m.First().Place-1])
}

// hbPart is one vertex after fusion: a 2-edge-connected part of the graph.
type hbPart struct {
	vertices []int
	loops    int // edges inside the part (each cycle's edges become loops)
	children []int
	value    uint64
}

// fuse finds the bridges (Tarjan's low-link, iteratively), fuses the rest
// and values the parts from the leaves down (the colon principle). Part 0
// holds the ground.
func (g *hbGraph) fuse() []hbPart {
	n := len(g.name)
	order := make([]int, n)
	low := make([]int, n)
	for i := range order {
		order[i] = -1
	}
	bridge := make([]bool, len(g.edges))
	type frame struct{ v, via, next int }
	counter := 0
	order[0], low[0] = 0, 0
	counter++
	stack := []frame{{0, -1, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next < len(g.adj[f.v]) {
			e := g.adj[f.v][f.next]
			f.next++
			if e == f.via {
				continue
			}
			w := g.other(e, f.v)
			if order[w] < 0 {
				order[w], low[w] = counter, counter
				counter++
				stack = append(stack, frame{w, e, 0})
			} else {
				low[f.v] = min(low[f.v], order[w])
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if len(stack) > 0 {
			parent := stack[len(stack)-1].v
			low[parent] = min(low[parent], low[f.v])
			if low[f.v] > order[parent] {
				bridge[f.via] = true
			}
		}
	}
	// Parts: flood along the edges that are no bridge.
	part := make([]int, n)
	for i := range part {
		part[i] = -1
	}
	var parts []hbPart
	for s := range n {
		if part[s] >= 0 || order[s] < 0 {
			continue
		}
		id := len(parts)
		parts = append(parts, hbPart{})
		part[s] = id
		queue := []int{s}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			parts[id].vertices = append(parts[id].vertices, v)
			for _, e := range g.adj[v] {
				if bridge[e] {
					continue
				}
				if w := g.other(e, v); part[w] < 0 {
					part[w] = id
					queue = append(queue, w)
				}
			}
		}
	}
	for e, uv := range g.edges {
		if !bridge[e] {
			parts[part[uv[0]]].loops++
		}
	}
	// The bridge tree, rooted at the ground's part; values bottom up.
	adj := make([][]int, len(parts))
	for e, uv := range g.edges {
		if bridge[e] {
			a, b := part[uv[0]], part[uv[1]]
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	seen := make([]bool, len(parts))
	var post []int
	seen[0] = true
	type pf struct{ p, next int }
	st := []pf{{0, 0}}
	for len(st) > 0 {
		f := &st[len(st)-1]
		if f.next < len(adj[f.p]) {
			c := adj[f.p][f.next]
			f.next++
			if !seen[c] {
				seen[c] = true
				parts[f.p].children = append(parts[f.p].children, c)
				st = append(st, pf{c, 0})
			}
			continue
		}
		post = append(post, f.p)
		st = st[:len(st)-1]
	}
	for _, p := range post {
		v := uint64(parts[p].loops % 2)
		for _, c := range parts[p].children {
			v ^= parts[c].value + 1
		}
		parts[p].value = v
	}
	return parts
}

func (Hackenbush) value(p engine.Position) uint64 {
	if len(p) == 0 {
		return 0
	}
	return newHbGraph(p).fuse()[0].value
}

// Value is the ground's value; refused (for a sum, the one caller) past
// the edges whose cuts are tried.
func (h Hackenbush) Value(p engine.Position) (engine.Value, error) {
	if len(p) > 2*hackenbushList {
		return engine.Value{}, engine.Refuse("err.hb.many", len(p)/2, hackenbushList)
	}
	return engine.Value{G: h.value(p), How: engine.T("hb.how")}, nil
}

func (h Hackenbush) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		if len(p) > 2*hackenbushList {
			return
		}
		for m := range h.Moves(p, 0) {
			q, _ := h.Apply(p, m)
			if h.value(q) == v && !yield(m) {
				return
			}
		}
	}
}

func (h Hackenbush) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	if c == engine.Misere {
		return h.solveMisere(p)
	}
	if len(p) > 2*hackenbushList {
		return engine.Solution{}, engine.Refuse("err.hb.many", len(p)/2, hackenbushList)
	}
	g := newHbGraph(p)
	var parts []hbPart
	s := uint64(0)
	if len(p) > 0 {
		parts = g.fuse()
		s = parts[0].value
	}
	out := engine.N
	if s == 0 {
		out = engine.P
	}
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("hb.reason", s),
		Winning: func(yield func(engine.Move) bool) {
			if s != 0 {
				for m := range h.MovesTo(p, 0) {
					if !yield(m) {
						return
					}
				}
			}
		},
		Hint: func(m engine.Move) engine.Text { return engine.T("hb.hint", m.First().Place) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return h.explain(p, g, parts, s, first, count)
		},
	}, nil
}

// explain: the fusion of each cycle, the colon principle part by part
// from the leaves down, and the edge whose cut leaves value 0.
func (h Hackenbush) explain(p engine.Position, g *hbGraph, parts []hbPart, s uint64, first *engine.Move, count int64) engine.Explanation {
	e := engine.Explanation{engine.T("hb.rule")}
	if len(p) == 0 {
		return append(e, engine.T("hb.none"))
	}
	names := func(vs []int) string {
		var out []string
		for i, v := range vs {
			if i == 8 {
				out = append(out, "…")
				break
			}
			out = append(out, itoa(g.name[v]))
		}
		return strings.Join(out, ", ")
	}
	label := func(i int) string {
		vs := slices.Clone(parts[i].vertices)
		slices.SortFunc(vs, func(a, b int) int { return cmpInt(g.name[a], g.name[b]) })
		if len(vs) == 1 {
			return itoa(g.name[vs[0]])
		}
		return "{" + names(vs) + "}"
	}
	shown := 0
	for i, pt := range parts {
		if pt.loops == 0 || shown == 8 {
			continue
		}
		shown++
		key := "hb.fuse.even"
		if pt.loops%2 == 1 {
			key = "hb.fuse.odd"
		}
		e = append(e, engine.T(key, label(i), pt.loops))
	}
	rows := [][]any{}
	// Bottom up: the parts in post-order, at most 16 rows.
	var walk func(i int)
	walk = func(i int) {
		for _, c := range parts[i].children {
			if len(rows) >= 16 {
				return
			}
			walk(c)
		}
		if len(rows) >= 16 {
			return
		}
		var terms []string
		if parts[i].loops%2 == 1 {
			terms = append(terms, "1")
		}
		for _, c := range parts[i].children {
			terms = append(terms, "("+strconv.FormatUint(parts[c].value, 10)+"+1)")
		}
		formula := "0"
		if len(terms) > 0 {
			formula = strings.Join(terms, " ⊕ ")
		}
		rows = append(rows, []any{label(i), formula, strconv.FormatUint(parts[i].value, 10)})
	}
	if len(parts) <= 4096 { // the walk recurses along the tree
		walk(0)
	}
	e = append(e, engine.T("hb.colon"), engine.Table{Head: []any{engine.T("hb.col.vertex"), engine.T("hb.col.formula"), engine.T("hb.col.value")}, Rows: rows, Mark: -1})
	if len(parts) > 16 {
		e = append(e, engine.T("hb.more", len(parts)))
	}
	if s == 0 {
		return append(e, engine.T("hb.zero"))
	}
	e = append(e, engine.T("hb.nonzero", s))
	if first != nil {
		e = append(e, engine.Reveal(engine.T("hb.explain.move", first.First().Place, p[2*first.First().Place-2], p[2*first.First().Place-1])), engine.T("winning.count", count))
	}
	return e
}

func (h Hackenbush) solveMisere(p engine.Position) (engine.Solution, error) {
	if len(p) > 2*hackenbushMisere {
		return engine.Solution{}, engine.Refuse("err.hb.misere", len(p)/2, hackenbushMisere)
	}
	solver := engine.NewSolver(h, engine.Misere)
	out := solver.Outcome(p)
	wins := solver.WinningMoves(p)
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("hb.reason.misere", hackenbushMisere),
		Winning: func(yield func(engine.Move) bool) {
			for _, m := range wins {
				if !yield(m) {
					return
				}
			}
		},
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("hb.misere.search", solver.Size()), engine.T("coins.misere.normal", h.value(p))}
			switch {
			case len(p) == 0:
				e = append(e, engine.T("hb.misere.over"))
			case first != nil:
				e = append(e, engine.Reveal(engine.T("coins.misere.move", h.DescribeMoveAt(p, *first))), engine.T("winning.count", count))
			default:
				e = append(e, engine.T("coins.misere.lost"))
			}
			return e
		},
	}, nil
}
