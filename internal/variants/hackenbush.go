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
// rest and applying the colon principle from the leaves down to the ground,
// for any number of edges. The winning cuts are found part by part
// (hbFusion.cutsTo): a bridge's in a step, an edge on a cycle by valuing
// its part again without it; listed where at most hackenbushList edges lie
// on cycles, refused beyond. Misère play is searched up to
// hackenbushMisere edges and refused beyond.
type Hackenbush struct{}

const (
	// hackenbushList bounds the edges on cycles whose cuts are tried: each
	// costs a pass over its part, 4,096 of them half a second at worst.
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
	g := &hbGraph{edges: make([][2]int, 0, len(p)/2)}
	ids := make(map[int64]int, len(p)/2+1)
	ids[0] = 0
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
	// The edges at each vertex, slices of one array: a million edges are
	// two allocations, not a million.
	degree := make([]int, len(g.name)+1)
	for _, uv := range g.edges {
		degree[uv[0]+1]++
		degree[uv[1]+1]++
	}
	for v := range g.name {
		degree[v+1] += degree[v]
	}
	flat := make([]int, 2*len(g.edges))
	g.adj = make([][]int, len(g.name))
	for v := range g.adj {
		g.adj[v] = flat[degree[v]:degree[v]:degree[v+1]]
	}
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

func (h Hackenbush) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	up, err := h.standing(p, m)
	if err != nil {
		return nil, err
	}
	q := make(engine.Position, 0, len(p)-2)
	for e, ok := range up {
		if ok {
			q = append(q, p[2*e], p[2*e+1])
		}
	}
	return q, nil
}

// standing marks the edges the cut m leaves standing, in their order.
func (Hackenbush) standing(p engine.Position, m engine.Move) ([]bool, error) {
	if m.First().Place < 1 || 2*m.First().Place > len(p) {
		return nil, engine.Refuse("err.hb.none", m.First().Place, len(p)/2)
	}
	if m.First().Amount != 1 || m.First().Pieces[0] != 0 {
		return nil, engine.Refuse("err.hb.cut", m.First().Amount)
	}
	return newHbGraph(p).grounded(m.First().Place - 1), nil
}

// Kept: an edge left standing is the same edge (engine.Lineage), so that
// a match names it by its label through the game: e5 stays e5 after a
// cut, though the position, its edges in order, numbers it anew.
func (h Hackenbush) Kept(p engine.Position, m engine.Move) []int {
	up, err := h.standing(p, m)
	if err != nil {
		return nil
	}
	var kept []int
	for e, ok := range up {
		if ok {
			kept = append(kept, e+1)
		}
	}
	return kept
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
		return engine.T("label.edge.n", engine.PlaceNumber(where))
	}
	return engine.T("label.edge", engine.PlaceNumber(where), p[2*where-2], p[2*where-1])
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
	return engine.T("hb.move", engine.PlaceNumber(m.First().Place))
}

// DescribeMoveAt names the edge's ends too: "cut edge 3 (1-2)".
func (h Hackenbush) DescribeMoveAt(p engine.Position, m engine.Move) engine.Text {
	if m.First().Place < 1 || 2*m.First().Place > len(p) {
		return h.DescribeMove(m)
	}
	return engine.T("hb.move.ends", engine.PlaceNumber(m.First().Place), p[2*m.First().Place-2], p[2*m.First().Place-1])
}

// hbPart is one vertex after fusion: a 2-edge-connected part of the graph.
type hbPart struct {
	vertices []int
	loops    int // edges inside the part (each cycle's edges become loops)
	children []int
	via      int // the bridge from the parent part; -1 for the ground's part
	value    uint64
}

// hbFusion is the graph fused: its bridges, each vertex's part, and the
// parts as a tree hung from the ground's part (part 0).
type hbFusion struct {
	g      *hbGraph
	bridge []bool
	part   []int
	parts  []hbPart
}

// fuse finds the bridges (Tarjan's low-link, iteratively), fuses the rest
// and values the parts from the leaves down (the colon principle). Part 0
// holds the ground.
func (g *hbGraph) fuse() *hbFusion {
	n := len(g.name)
	order := make([]int, n)
	low := make([]int, n)
	for i := range order {
		order[i] = -1
	}
	f := &hbFusion{g: g, bridge: make([]bool, len(g.edges)), part: make([]int, n), parts: make([]hbPart, 0, n)}
	type frame struct{ v, via, next int }
	counter := 0
	order[0], low[0] = 0, 0
	counter++
	stack := []frame{{0, -1, 0}}
	for len(stack) > 0 {
		fr := &stack[len(stack)-1]
		if fr.next < len(g.adj[fr.v]) {
			e := g.adj[fr.v][fr.next]
			fr.next++
			if e == fr.via {
				continue
			}
			w := g.other(e, fr.v)
			if order[w] < 0 {
				order[w], low[w] = counter, counter
				counter++
				stack = append(stack, frame{w, e, 0})
			} else {
				low[fr.v] = min(low[fr.v], order[w])
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if len(stack) > 0 {
			parent := stack[len(stack)-1].v
			low[parent] = min(low[parent], low[fr.v])
			if low[fr.v] > order[parent] {
				f.bridge[fr.via] = true
			}
		}
	}
	// Parts: flood along the edges that are no bridge. Each part's
	// vertices lie together in one array (a tree of a million edges has a
	// million parts: one allocation, not a million).
	for i := range f.part {
		f.part[i] = -1
	}
	flat := make([]int, 0, n)
	for s := range n {
		if f.part[s] >= 0 || order[s] < 0 {
			continue
		}
		id, start := len(f.parts), len(flat)
		f.parts = append(f.parts, hbPart{via: -1})
		f.part[s] = id
		flat = append(flat, s)
		for i := start; i < len(flat); i++ { // flat[start:] is the part's queue
			v := flat[i]
			for _, e := range g.adj[v] {
				if f.bridge[e] {
					continue
				}
				if w := g.other(e, v); f.part[w] < 0 {
					f.part[w] = id
					flat = append(flat, w)
				}
			}
		}
		f.parts[id].vertices = flat[start:len(flat):len(flat)]
	}
	for e, uv := range g.edges {
		if !f.bridge[e] {
			f.parts[f.part[uv[0]]].loops++
		}
	}
	// The bridge tree, rooted at the ground's part; values bottom up.
	at := make([]int, len(f.parts)+1) // the bridges at each part, in bridges
	for e, uv := range g.edges {
		if f.bridge[e] {
			at[f.part[uv[0]]+1]++
			at[f.part[uv[1]]+1]++
		}
	}
	for i := range f.parts {
		at[i+1] += at[i]
	}
	bridges := make([]int, at[len(f.parts)])
	fill := slices.Clone(at[:len(f.parts)])
	for e, uv := range g.edges {
		if f.bridge[e] {
			for _, q := range []int{f.part[uv[0]], f.part[uv[1]]} {
				bridges[fill[q]] = e
				fill[q]++
			}
		}
	}
	seen := make([]bool, len(f.parts))
	parent := make([]int, len(f.parts))
	post, found := make([]int, 0, len(f.parts)), make([]int, 0, len(f.parts)) // found: the parts in the order the walk meets them
	seen[0] = true
	type pf struct{ p, next int }
	st := []pf{{0, at[0]}}
	for len(st) > 0 {
		fr := &st[len(st)-1]
		if fr.next < at[fr.p+1] {
			e := bridges[fr.next]
			fr.next++
			c := f.part[g.edges[e][0]]
			if c == fr.p {
				c = f.part[g.edges[e][1]]
			}
			if !seen[c] {
				seen[c] = true
				parent[c] = fr.p
				found = append(found, c)
				f.parts[c].via = e
				st = append(st, pf{c, at[c]})
			}
			continue
		}
		post = append(post, fr.p)
		st = st[:len(st)-1]
	}
	// Children in one array too, each part's in the order the walk met them.
	count := make([]int, len(f.parts)+1)
	for _, c := range found {
		count[parent[c]+1]++
	}
	for i := range f.parts {
		count[i+1] += count[i]
	}
	children := make([]int, len(found))
	for i := range f.parts {
		f.parts[i].children = children[count[i]:count[i]:count[i+1]]
	}
	for _, c := range found {
		f.parts[parent[c]].children = append(f.parts[parent[c]].children, c)
	}
	for _, p := range post {
		v := uint64(f.parts[p].loops % 2)
		for _, c := range f.parts[p].children {
			v ^= f.parts[c].value + 1
		}
		f.parts[p].value = v
	}
	return f
}

func (Hackenbush) value(p engine.Position) uint64 {
	if len(p) == 0 {
		return 0
	}
	return newHbGraph(p).fuse().parts[0].value
}

// Value is the ground's value, in linear time however many edges.
func (h Hackenbush) Value(p engine.Position) (engine.Value, error) {
	return engine.Value{G: h.value(p), How: engine.T("hb.how")}, nil
}

// MovesTo yields the cuts that leave value v, in the edges' order; none
// where more edges lie on cycles than hackenbushList (see cutsTo).
func (h Hackenbush) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		if len(p) == 0 {
			return
		}
		cuts, ok := newHbGraph(p).fuse().cutsTo(v)
		if !ok {
			return
		}
		for _, e := range cuts {
			if !yield(engine.At(e+1, 1)) {
				return
			}
		}
	}
}

// cycleEdges counts the edges that are no bridge: those on cycles.
func (f *hbFusion) cycleEdges() int {
	n := 0
	for _, pt := range f.parts {
		n += pt.loops
	}
	return n
}

// cutsTo are the edges (0-based, ascending) whose cut leaves the ground
// worth v; false where more than hackenbushList edges lie on cycles.
//
// A cut changes one part's value and through it, by the colon principle,
// only the values of the parts on the way down to the ground: so the
// value each part must take is found from the ground up (want), a part
// at a time. A part P that must be worth w, with a child c hung by a
// bridge, changes only through c: cutting the bridge removes c's stalk
// (value(c) + 1), so it wins when w = value(P) ⊕ (value(c) + 1); a cut
// inside c wins when it leaves c worth x − 1, x = w ⊕ value(P) ⊕ (value(c)
// + 1) ≥ 1. A cut on a cycle of P leaves P's vertices joined; P is valued
// again without the edge, its children as stalks at their vertices.
// Bridges cost a step each; each edge on a cycle a pass over its part.
func (f *hbFusion) cutsTo(v uint64) ([]int, bool) {
	if f.cycleEdges() > hackenbushList {
		return nil, false
	}
	want := make([]uint64, len(f.parts))
	wanted := make([]bool, len(f.parts))
	want[0], wanted[0] = v, true
	var cuts []int
	ev := newHbEval(f)
	queue := []int{0}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		pt := &f.parts[p]
		for _, c := range pt.children {
			x := want[p] ^ pt.value ^ (f.parts[c].value + 1)
			if x == 0 {
				cuts = append(cuts, f.parts[c].via)
				continue
			}
			want[c], wanted[c] = x-1, true
			queue = append(queue, c)
		}
		if pt.loops > 0 {
			cuts = append(cuts, ev.cycleCuts(p, want[p])...)
		}
	}
	slices.Sort(cuts)
	return cuts, true
}

// hbEval values a part again without one of its edges, with buffers kept
// between passes (a part of 4,096 edges on cycles is valued 4,096 times).
type hbEval struct {
	f      *hbFusion
	stalk  []uint64 // at each vertex, its child parts' stalks (value + 1), xored
	loops  []int    // at each vertex, its loops
	order  []int32  // discovery order in this pass; -1 not yet
	low    []int32
	acc    []uint64 // at each vertex, the stalks of the sub-parts closed below it
	cut    []bool   // the edges found to be bridges in this pass
	inPart []bool   // scratch: the edges of the part being valued
	stack  []int    // vertices of the sub-parts still open
	frames []hbFrame
}

type hbFrame struct{ v, via, next int }

func newHbEval(f *hbFusion) *hbEval {
	n := len(f.g.name)
	ev := &hbEval{f: f, stalk: make([]uint64, n), order: make([]int32, n), low: make([]int32, n),
		acc: make([]uint64, n), cut: make([]bool, len(f.g.edges)), inPart: make([]bool, len(f.g.edges))}
	ev.loops = make([]int, n)
	for _, uv := range f.g.edges {
		if uv[0] == uv[1] {
			ev.loops[uv[0]]++
		}
	}
	for i := range ev.order {
		ev.order[i] = -1
	}
	for c := 1; c < len(f.parts); c++ {
		e := f.parts[c].via
		u := f.g.edges[e][0]
		if f.part[u] == c {
			u = f.g.edges[e][1]
		}
		ev.stalk[u] ^= f.parts[c].value + 1
	}
	return ev
}

// cycleCuts are the edges of part p, not bridges, whose cut leaves p
// worth w.
func (ev *hbEval) cycleCuts(p int, w uint64) []int {
	f, g := ev.f, ev.f.g
	root := 0 // where p hangs from its parent: the ground for part 0
	if e := f.parts[p].via; e >= 0 {
		root = g.edges[e][0]
		if f.part[root] != p {
			root = g.edges[e][1]
		}
	}
	var edges []int
	for _, v := range f.parts[p].vertices {
		for _, e := range g.adj[v] {
			if !f.bridge[e] && g.edges[e][0] == v && !ev.inPart[e] {
				ev.inPart[e] = true
				edges = append(edges, e)
			}
		}
	}
	var cuts []int
	for _, e := range edges {
		if ev.valueWithout(p, root, e, edges) == w {
			cuts = append(cuts, e)
		}
	}
	for _, e := range edges {
		ev.inPart[e] = false
	}
	return cuts
}

// valueWithout is the value of part p hung at root with edge skip cut: a
// low-link pass over the part that closes each new 2-edge-connected piece
// as its bridge is found, valuing it (its edges' parity, its stalks, and
// the pieces closed below it, each a stalk of its value + 1) at once.
func (ev *hbEval) valueWithout(p, root, skip int, edges []int) uint64 {
	f, g := ev.f, ev.f.g
	for _, v := range f.parts[p].vertices {
		ev.order[v], ev.acc[v] = -1, 0
	}
	for _, e := range edges {
		ev.cut[e] = false
	}
	counter := int32(0)
	ev.order[root], ev.low[root] = counter, counter
	counter++
	ev.stack = append(ev.stack[:0], root)
	ev.frames = append(ev.frames[:0], hbFrame{root, -1, 0})
	var value uint64
	for len(ev.frames) > 0 {
		fr := &ev.frames[len(ev.frames)-1]
		if fr.next < len(g.adj[fr.v]) {
			e := g.adj[fr.v][fr.next]
			fr.next++
			if e == fr.via || e == skip || !ev.inPart[e] {
				continue
			}
			w := g.other(e, fr.v)
			if ev.order[w] < 0 {
				ev.order[w], ev.low[w] = counter, counter
				counter++
				ev.stack = append(ev.stack, w)
				ev.frames = append(ev.frames, hbFrame{w, e, 0})
			} else {
				ev.low[fr.v] = min(ev.low[fr.v], ev.order[w])
			}
			continue
		}
		v, via := fr.v, fr.via
		ev.frames = ev.frames[:len(ev.frames)-1]
		parent := -1
		if len(ev.frames) > 0 {
			parent = ev.frames[len(ev.frames)-1].v
			ev.low[parent] = min(ev.low[parent], ev.low[v])
		}
		if parent >= 0 && ev.low[v] <= ev.order[parent] {
			continue // v's piece goes on above it
		}
		if via >= 0 {
			ev.cut[via] = true
		}
		// Close v's piece: the vertices pushed since v.
		var x uint64
		count := 0 // its edges
		i := len(ev.stack) - 1
		for ev.stack[i] != v {
			i--
		}
		for _, u := range ev.stack[i:] {
			x ^= ev.stalk[u] ^ ev.acc[u]
			for _, e := range g.adj[u] {
				// A loop is met twice at its vertex: counted by loops.
				if ev.inPart[e] && e != skip && !ev.cut[e] && g.edges[e][0] == u && g.edges[e][1] != u {
					count++
				}
			}
			count += ev.loops[u]
			if g.edges[skip] == [2]int{u, u} {
				count--
			}
		}
		ev.stack = ev.stack[:i]
		x ^= uint64(count % 2)
		if parent < 0 {
			value = x
		} else {
			ev.acc[parent] ^= x + 1
		}
	}
	return value
}

func (h Hackenbush) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	if c == engine.Misere {
		return h.solveMisere(p)
	}
	g := newHbGraph(p)
	var parts []hbPart
	s := uint64(0)
	if len(p) > 0 {
		f := g.fuse()
		parts, s = f.parts, f.parts[0].value
		if n := f.cycleEdges(); s != 0 && n > hackenbushList {
			return engine.Solution{}, engine.Refuse("err.hb.many", n, hackenbushList)
		}
	}
	return engine.SolveByValue(h, p, s, engine.ByValue{
		Reason: engine.T("hb.reason", s),
		Hint:   func(m engine.Move) engine.Text { return engine.T("hb.hint", engine.PlaceNumber(m.First().Place)) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return h.explain(p, g, parts, s, first, count)
		},
	}), nil
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
		e = append(e, engine.Reveal(engine.T("hb.explain.move", engine.PlaceNumber(first.First().Place), p[2*first.First().Place-2], p[2*first.First().Place-1])), engine.T("winning.count", count))
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
