package picture

import (
	"strconv"

	"matchgame/internal/engine"
)

func init() { register(engine.Tree, drawTree) }

// hbLayout is a Hackenbush position laid out: each vertex's place, the
// edges of its spanning tree and the others.
type hbLayout struct {
	n      int              // edges
	ends   [][2]int64       // each edge's ends
	at     map[int64]Point  // each vertex's place; the ground is y = 0
	parent map[int64]int    // the tree edge a vertex hangs from
	depth  map[int64]int    // edges from the ground
	slot   float64          // from one leaf to the next
	level  float64          // from one level to the next
	leaves int              // the tree's leaves
	x0, x1 float64          // the ground's ends
	extra  map[[2]int64]int // edges drawn so far between two vertices
}

// layoutHackenbush lays the edges out as a tree standing on the ground:
// a spanning tree by breadth-first search from the ground (vertex 0),
// each vertex over the middle of its children, the leaves evenly apart;
// an edge that is not in the tree (a cycle's, a loop, a second edge) is
// drawn curved between its ends. Large trees are drawn closer, so that
// 4,096 edges still make a picture a page can hold.
func layoutHackenbush(p engine.Position) *hbLayout {
	l := &hbLayout{n: len(p) / 2, at: map[int64]Point{}, parent: map[int64]int{}, depth: map[int64]int{0: 0}, extra: map[[2]int64]int{}}
	adj := map[int64][]int{}
	for e := range l.n {
		u, v := p[2*e], p[2*e+1]
		l.ends = append(l.ends, [2]int64{u, v})
		adj[u] = append(adj[u], e)
		if v != u {
			adj[v] = append(adj[v], e)
		}
	}
	children, maxDepth := l.spanning(adj)
	leafX := l.leafSlots(children)
	// A large tree is drawn closer to fit a page: 2,000 leaves or a stalk
	// of 4,096 edges still make one picture, its shape seen whole.
	l.slot = min(60, 2400/float64(max(l.leaves, 1)))
	l.level = min(66, 1800/float64(max(maxDepth, 1)))
	for v, x := range leafX {
		if v != 0 {
			l.at[v] = Point{x * l.slot, -float64(l.depth[v]) * l.level}
		}
	}
	// A vertex no path joins to the ground (none in a legal position)
	// floats over the ground past the tree.
	for e := range l.n {
		for _, v := range l.ends[e] {
			if _, ok := l.at[v]; !ok && v != 0 {
				l.at[v] = Point{float64(l.leaves) * l.slot, -l.level}
				l.leaves++
			}
		}
	}
	l.x0, l.x1 = -l.slot, float64(max(l.leaves, 1))*l.slot
	return l
}

// spanning is a spanning tree of the edges by breadth-first search from
// the ground: each vertex's children, each vertex's depth and the edge
// it hangs from (l.depth, l.parent), and the greatest depth.
func (l *hbLayout) spanning(adj map[int64][]int) (children map[int64][]int64, maxDepth int) {
	children = map[int64][]int64{}
	queue := []int64{0}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range adj[u] {
			w := l.ends[e][0] + l.ends[e][1] - u
			if _, seen := l.depth[w]; seen {
				continue
			}
			l.depth[w] = l.depth[u] + 1
			maxDepth = max(maxDepth, l.depth[w])
			l.parent[w] = e
			children[u] = append(children[u], w)
			queue = append(queue, w)
		}
	}
	return children, maxDepth
}

// leafSlots gives the leaves slots left to right, depth first, and each
// vertex the middle of its children's, counting the leaves in l.leaves.
// Iterative: a stalk of 4,096 edges is as deep.
func (l *hbLayout) leafSlots(children map[int64][]int64) map[int64]float64 {
	leafX := map[int64]float64{}
	type frame struct {
		v    int64
		next int
	}
	stack := []frame{{v: 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		kids := children[top.v]
		if top.next < len(kids) {
			top.next++
			stack = append(stack, frame{v: kids[top.next-1]})
			continue
		}
		v := top.v
		stack = stack[:len(stack)-1]
		if len(kids) == 0 {
			leafX[v] = float64(l.leaves)
			l.leaves++
			continue
		}
		leafX[v] = (leafX[kids[0]] + leafX[kids[len(kids)-1]]) / 2
	}
	return leafX
}

// foot is where an edge from vertex u towards v starts: the ground
// under v for the ground, else u's place.
func (l *hbLayout) foot(u, v int64) Point {
	if u == 0 {
		return Point{l.at[v].X, 0}
	}
	return l.at[u]
}

// edgePath is edge e's drawing: straight for a tree edge, curved for
// another, a loop for a loop.
func (l *hbLayout) edgePath(e int) []Seg {
	u, v := l.ends[e][0], l.ends[e][1]
	switch {
	case u == v:
		return l.loop(u)
	case u == 0 && l.parent[v] == e, v == 0 && l.parent[u] == e: // from the ground
		w := u + v
		return []Seg{{P: l.foot(0, w)}, {P: l.at[w]}}
	case u != 0 && v != 0 && (l.parent[u] == e || l.parent[v] == e):
		return []Seg{{P: l.at[u]}, {P: l.at[v]}}
	}
	return l.curve(u, v)
}

// loop is a loop at vertex u, a petal over it.
func (l *hbLayout) loop(u int64) []Seg {
	c := l.foot(u, u)
	if u == 0 {
		c = Point{l.x0 + l.slot/2, 0}
	}
	r := max(8, min(18, l.slot/2))
	return []Seg{{P: c}, {Q: Point{c.X - 1.6*r, c.Y - 2.2*r}, P: Point{c.X, c.Y - 2*r}, Curve: true}, {Q: Point{c.X + 1.6*r, c.Y - 2.2*r}, P: c, Curve: true}}
}

// curve is an edge between u and v that is not in the spanning tree: a
// curve, the first between two vertices bowed up (or right), the next
// the other way, further ones wider; to the ground beside the vertex.
func (l *hbLayout) curve(u, v int64) []Seg {
	a, b := l.foot(u, v), l.foot(v, u)
	if u == 0 {
		a = Point{l.at[v].X - l.slot/2, 0}
	}
	if v == 0 {
		b = Point{l.at[u].X + l.slot/2, 0}
	}
	key := [2]int64{min(u, v), max(u, v)}
	k := l.extra[key]
	l.extra[key]++
	nx, ny := -(b.Y - a.Y), b.X-a.X
	if ny > 0 || ny == 0 && nx < 0 {
		nx, ny = -nx, -ny
	}
	bend := (0.45 + 0.3*float64(k/2)) * float64(1-2*(k%2))
	mid := Point{(a.X+b.X)/2 + nx*bend, (a.Y+b.Y)/2 + ny*bend}
	return []Seg{{P: a}, {Q: mid, P: b, Curve: true}}
}

// falling are the edges the move brings down, the cut one included:
// those the position after it no longer holds.
func (f Figure) falling() map[int]bool {
	q, ok := f.after()
	if !ok {
		return nil
	}
	out := map[int]bool{}
	j := 0
	for e := 0; 2*e+1 < len(f.Pos); e++ { // the standing edges keep their order
		if j+1 < len(q) && q[j] == f.Pos[2*e] && q[j+1] == f.Pos[2*e+1] {
			j += 2
			continue
		}
		out[e] = true
	}
	return out
}

// drawTree draws Green Hackenbush: the edges standing on the ground
// (vertex 0, drawn as a hatched line), each labelled with its number
// when they are few. The cut edge is dashed with a bar across it, and
// every edge that falls with it is dashed on a shaded band.
func drawTree(f Figure) *Drawing {
	var s sheet
	l := layoutHackenbush(f.Pos)
	fall := f.falling()
	cut := -1
	if f.Move != nil {
		cut = place(*f.Move) - 1
	}
	labels := l.n <= 60 && l.slot >= 20
	width := min(4, max(0.5, min(l.slot, l.level)/8))
	s.add(Rect{X: l.x0 - 10, Y: 0, W: l.x1 - l.x0 + 20, H: 12, Style: Style{Fill: RGB(0xe6, 0xe6, 0xe6), Pattern: Hatch}})
	s.add(Line{A: Point{l.x0 - 10, 0}, B: Point{l.x1 + 10, 0}, Style: Style{Stroke: Ink, Width: 4, Class: "ground"}})
	var marks []Shape
	for e := range l.n {
		segs := l.edgePath(e)
		st := Style{Stroke: Ink, Width: width, Class: "edge"}
		if fall[e] {
			s.add(Path{Segs: segs, Style: Style{Stroke: MoveBg, Width: width + 10}})
			st = Style{Stroke: Move, Width: width, Dash: true, Class: "edge going"}
		}
		s.add(Path{Segs: segs, Style: st})
		mid := midpoint(segs)
		if e == cut {
			a, b := segs[0].P, segs[len(segs)-1].P
			dx, dy := b.X-a.X, b.Y-a.Y
			n := max(1, hypot(dx, dy))
			px, py := -dy/n*12, dx/n*12
			marks = append(marks, Line{A: Point{mid.X - px, mid.Y - py}, B: Point{mid.X + px, mid.Y + py}, Style: Style{Stroke: Move, Width: 5, Class: "cut"}})
		}
		if labels {
			at := Point{mid.X + 7, mid.Y - 3}
			if len(segs) == 2 && segs[1].Curve { // outside the bow
				a, b := segs[0].P, segs[1].P
				dx, dy := mid.X-(a.X+b.X)/2, mid.Y-(a.Y+b.Y)/2
				n := max(1, hypot(dx, dy))
				at = Point{mid.X + dx/n*14 - 6, mid.Y + dy/n*14 + 4}
			}
			marks = append(marks, halo(Text{At: at, S: "e" + strconv.Itoa(f.Labels.Of(e+1)), Size: smallSize, Color: Subtle})...)
		}
	}
	s.add(marks...)
	r := min(4.5, max(0.6, min(l.slot, l.level)/6))
	for _, pt := range l.sortedVertices() {
		s.add(Circle{C: pt, R: r, Style: Style{Fill: Ink, Class: "vertex"}})
	}
	s.add(small(l.x1+14, 5, f.Cat.T("picture.tree.ground"), Start))
	if len(fall) > 0 {
		key := "picture.tree.falls"
		if len(fall) == 1 {
			key += ".one"
		}
		s.note(f.Cat.T(key, len(fall)), Move)
	}
	return s.drawing()
}

// sortedVertices are the vertices' places in the order of their numbers:
// the same drawing, the same bytes.
func (l *hbLayout) sortedVertices() []Point {
	var vs []int64
	for v := range l.at {
		vs = append(vs, v)
	}
	sortInts(vs)
	out := make([]Point, len(vs))
	for i, v := range vs {
		out[i] = l.at[v]
	}
	return out
}

// midpoint is the middle of a path of one line or one curve.
func midpoint(segs []Seg) Point {
	a, b := segs[0].P, segs[len(segs)-1].P
	if len(segs) == 2 && segs[1].Curve {
		q := segs[1].Q
		return Point{0.25*a.X + 0.5*q.X + 0.25*b.X, 0.25*a.Y + 0.5*q.Y + 0.25*b.Y}
	}
	if len(segs) == 3 { // a loop: its top
		return segs[1].P
	}
	return Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
}
