package picture

import (
	"cmp"
	"slices"
	"strconv"

	"matchgame/internal/engine"
)

func init() { register(engine.Graph, drawGraph) }

// Sizes of a graph's drawing.
const (
	vertexR   = 17
	layerGap  = 84
	vertexGap = 64
	tokenR    = 8.5
)

// graphLayout is a directed graph laid out in layers: the sinks at the
// bottom, each vertex a layer above the highest it has an arrow to (an
// arrow that closes a cycle aside), each layer ordered to keep arrows
// short.
type graphLayout struct {
	at     map[int64]Point
	layers [][]int64
}

func layoutGraph(d engine.Digraph) graphLayout { return layoutLayers(d, vertexGap, layerGap) }

// layoutLayers lays d out in layers dy apart, vertices dx apart.
func layoutLayers(d engine.Digraph, dx, dy float64) graphLayout {
	vs := d.Vertices()
	height := heights(d)
	top := 0
	for _, v := range vs {
		top = max(top, height[v])
	}
	layers := make([][]int64, top+1)
	for _, v := range vs {
		layers[height[v]] = append(layers[height[v]], v)
	}
	orderLayers(d, layers, height)
	widest := 0
	for _, l := range layers {
		widest = max(widest, len(l))
	}
	g := graphLayout{at: map[int64]Point{}, layers: layers}
	for h, l := range layers {
		for i, v := range l {
			x := (float64(i) + float64(widest-len(l))/2) * dx
			g.at[v] = Point{x, -float64(h) * dy}
		}
	}
	return g
}

// heights are each vertex's layer: one above the highest it has an arrow
// to, a sink 0. An arrow that closes a cycle (a back edge of a depth
// first search) is set aside.
func heights(d engine.Digraph) map[int64]int {
	const (
		fresh = iota
		open
		done
	)
	state := map[int64]int{}
	height := map[int64]int{}
	type frame struct {
		v    int64
		next int
	}
	for _, root := range d.Vertices() {
		if state[root] != fresh {
			continue
		}
		state[root] = open
		stack := []frame{{v: root}}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			succ := d.Successors(top.v)
			if top.next < len(succ) {
				w := succ[top.next]
				top.next++
				if state[w] == fresh {
					state[w] = open
					stack = append(stack, frame{v: w})
				}
				continue
			}
			v := top.v
			for _, w := range succ {
				if state[w] == done { // not a back edge: w is finished
					height[v] = max(height[v], height[w]+1)
				}
			}
			state[v] = done
			stack = stack[:len(stack)-1]
		}
	}
	return height
}

// orderLayers orders each layer by the mean place of its neighbours in
// the other layers, below then above, a few times over (the barycentre
// heuristic), so that arrows cross less.
func orderLayers(d engine.Digraph, layers [][]int64, height map[int64]int) {
	pos := map[int64]float64{}
	index := func() {
		for _, l := range layers {
			for i, v := range l {
				pos[v] = float64(i) - float64(len(l)-1)/2
			}
		}
	}
	index()
	preds := map[int64][]int64{}
	for _, v := range d.Vertices() {
		for _, w := range d.Successors(v) {
			preds[w] = append(preds[w], v)
		}
	}
	for pass := range 4 {
		for k := range layers {
			i, nb := len(layers)-1-k, d.Successors
			if pass%2 == 1 {
				i, nb = k, func(v int64) []int64 { return preds[v] }
			}
			bary := map[int64]float64{}
			for _, v := range layers[i] {
				bary[v] = barycentre(v, nb(v), pos, height)
			}
			slices.SortStableFunc(layers[i], func(a, b int64) int { return cmp.Compare(bary[a], bary[b]) })
			index()
		}
	}
}

// barycentre is the mean place of v's neighbours in other layers, v's
// own place without any.
func barycentre(v int64, nb []int64, pos map[int64]float64, height map[int64]int) float64 {
	sum, n := 0.0, 0
	for _, w := range nb {
		if height[w] != height[v] {
			sum += pos[w]
			n++
		}
	}
	if n == 0 {
		return pos[v]
	}
	return sum / float64(n)
}

// arrowPath is the arrow from v to w: straight between neighbouring
// layers, bowed where it would cross a layer or run within one, a loop
// for a loop; it ends at w's rim.
func (g graphLayout) arrowPath(v, w int64) []Seg {
	a, b := g.at[v], g.at[w]
	if v == w {
		return []Seg{{P: Point{a.X + vertexR*0.7, a.Y - vertexR*0.7}}, {Q: Point{a.X + 2.6*vertexR, a.Y - 2.6*vertexR}, P: Point{a.X + vertexR, a.Y + 2}, Curve: true}}
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	straight := dy > 0 && dy <= layerGap+1
	var q Point
	if !straight {
		// Bowed to the right of its direction.
		q = Point{(a.X+b.X)/2 - dy*0.25, (a.Y+b.Y)/2 + dx*0.25}
		if dy == 0 {
			q = Point{(a.X + b.X) / 2, a.Y - layerGap*0.45}
		}
	}
	from, to := q, q
	if straight {
		from, to = b, a
	}
	start := toward(a, from, vertexR)
	end := toward(b, to, vertexR+1)
	if straight {
		return []Seg{{P: start}, {P: end}}
	}
	return []Seg{{P: start}, {Q: q, P: end, Curve: true}}
}

// toward is the point d from c towards p.
func toward(c, p Point, d float64) Point {
	dx, dy := p.X-c.X, p.Y-c.Y
	n := hypot(dx, dy)
	if n == 0 {
		return c
	}
	return Point{c.X + dx/n*d, c.Y + dy/n*d}
}

// drawGraph draws a game on a directed graph: each vertex a circle with
// its number, its tokens as dark discs on its rim (a count beside it for
// more than three), the arrows between them. A move's arrow is thick in
// the move's colour, the token leaving hollow and striped, and where it
// goes a dashed token.
func drawGraph(f Figure) *Drawing {
	var s sheet
	d, ok := f.Game.(engine.Digraph)
	if !ok {
		return s.drawing()
	}
	g := layoutGraph(d)
	src, dst := int64(-1), int64(-1)
	if m := f.Move; m != nil && place(*m) >= 1 && place(*m) <= len(f.Pos) {
		src, dst = f.Pos[place(*m)-1], amount(*m)
	}
	vs := d.Vertices()
	for _, v := range vs {
		for _, w := range d.Successors(v) {
			if v == src && w == dst {
				continue
			}
			s.add(Path{Segs: g.arrowPath(v, w), Style: Style{Stroke: Subtle, Width: 1.8, Class: "arrow"}, Arrow: true})
		}
	}
	if src >= 0 {
		s.add(Path{Segs: g.arrowPath(src, dst), Style: Style{Stroke: Move, Width: 4, Class: "arrow move"}, Arrow: true})
	}
	tokens := map[int64]int{}
	for _, v := range f.Pos {
		tokens[v]++
	}
	for _, v := range vs {
		s.add(vertex(g.at[v], v, tokens[v], len(d.Successors(v)) == 0, v == src, v == dst)...)
	}
	if src >= 0 {
		s.note(f.Cat.T("ui.graph.move", src, dst), Move)
	}
	s.note(f.Cat.T("picture.graph.key"), Subtle)
	return s.drawing()
}

// vertex draws vertex v at c with its tokens on its rim: a sink's circle
// thick; leaving, the last token hollow; arriving, a dashed token.
func vertex(c Point, v int64, tokens int, sink, leaving, arriving bool) []Shape {
	st := Style{Fill: Paper, Stroke: Ink, Width: 2, Class: "vertex"}
	if sink {
		st.Width = 3.5 // no arrow out
	}
	out := []Shape{Circle{C: c, R: vertexR, Style: st}, Text{At: Point{c.X, c.Y + 6}, S: strconv.FormatInt(v, 10), Size: 16, Anchor: Middle}}
	shown := min(tokens, 3)
	for k := range shown {
		t := Point{c.X + vertexR*0.9 + float64(k)*tokenR*1.6, c.Y - vertexR*0.9}
		st := Style{Fill: Ink, Stroke: Paper, Width: 1.5, Class: "token"}
		if leaving && k == shown-1 {
			st = classed(goingFill, "token going")
		}
		out = append(out, Circle{C: t, R: tokenR, Style: st})
	}
	if tokens > 3 {
		out = append(out, small(c.X+vertexR*0.9+3*tokenR*1.6, c.Y-vertexR*0.9+4, "×"+strconv.Itoa(tokens), Start))
	}
	if arriving {
		out = append(out, Circle{C: Point{c.X - vertexR*0.9, c.Y - vertexR*0.9}, R: tokenR, Style: classed(moveLine, "token ghost")})
	}
	return out
}
