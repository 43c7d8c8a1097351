package picture

import (
	"matchgame/assets"
	"matchgame/internal/engine"
)

// dagGraph is a game tree seen as a directed graph: its nodes 0, 1, 2 …
// and its moves.
type dagGraph struct {
	d     *engine.GameDAG
	nodes []int64
}

func (g dagGraph) Vertices() []int64 { return g.nodes }

func (g dagGraph) Successors(v int64) []int64 {
	var out []int64
	for _, e := range g.d.Nodes[v].Edges {
		out = append(out, int64(e.To))
	}
	return out
}

// The most nodes a tree draws with their positions written; a larger
// one draws each node as a small disc.
const treeWritten = 150

// GameTree draws a game tree (a DAG: a position reached two ways is one
// node) in layers by the moves left, the start at the top: each
// position a box with its numbers, P or N and its value in convention
// c; a P-position dotted with a double outline, an N-position plain; a
// winning move (to a P-position) a thick dark arrow, another a thin grey
// one. A tree of more than treeWritten positions draws small discs, the
// start's labelled.
func GameTree(d *engine.GameDAG, c engine.Convention, cat *assets.Catalog) *Drawing {
	var s sheet
	g := dagGraph{d: d}
	for i := range d.Nodes {
		g.nodes = append(g.nodes, int64(i))
	}
	written := len(d.Nodes) <= treeWritten
	labels := make([]string, len(d.Nodes))
	boxW, boxH := 16.0, 16.0
	if written {
		for i, n := range d.Nodes {
			labels[i] = engine.TreeName(d.Game, n.Pos)
			boxW = max(boxW, Width(labels[i], noteSize, false)+16, Width(nodeValue(d, n, c, cat), smallSize, false)+16)
		}
		boxH = 44
	}
	l := layoutLayers(g, boxW+14, boxH+46)
	for i, n := range d.Nodes {
		from := l.at[int64(i)]
		for _, e := range n.Edges {
			to := l.at[int64(e.To)]
			st := Style{Stroke: RGB(0x99, 0x99, 0x99), Width: 1.2, Class: "move"}
			if d.Nodes[e.To].Outcome(c) == engine.P {
				st = Style{Stroke: Ink, Width: 3, Class: "move winning"}
			}
			if to.Y <= from.Y { // back up to a position drawn above: play comes back; dashed, beside the moves down
				st.Dash, st.Class = true, st.Class+" back"
				s.add(backArrow(from, to, boxW, boxH, e.To == i, st)...)
				continue
			}
			s.add(Line{A: Point{from.X, from.Y + boxH/2}, B: Point{to.X, to.Y - boxH/2 - 1}, Style: st, Arrow: true})
		}
	}
	for i, n := range d.Nodes {
		s.add(treeNode(l.at[int64(i)], boxW, boxH, d, n, c, labels[i], cat)...)
	}
	if !written {
		s.add(Text{At: Point{l.at[0].X, l.at[0].Y - boxH}, S: engine.BriefOf(d.Game, d.Nodes[0].Pos), Size: noteSize, Anchor: Middle, Bold: true})
	}
	key := "picture.tree.key." + c.String()
	if d.Loopy {
		key = "picture.tree.key.loopy." + c.String()
	}
	s.note(cat.T(key), Subtle)
	return s.drawing()
}

// backArrow is a move back up to a position drawn above, from the right
// of the boxes so that it does not hide the move down between the same
// two; a move to the position itself (a loop) is a hook at its right.
func backArrow(from, to Point, w, h float64, loop bool, st Style) []Shape {
	if loop {
		x, top, bottom := from.X+w/2, from.Y-h/4, from.Y+h/4
		return []Shape{Line{A: Point{x, top}, B: Point{x + 16, top}, Style: st}, Line{A: Point{x + 16, top}, B: Point{x + 16, bottom}, Style: st},
			Line{A: Point{x + 16, bottom}, B: Point{x + 1, bottom}, Style: st, Arrow: true}}
	}
	return []Shape{Line{A: Point{from.X + w/3, from.Y - h/2}, B: Point{to.X + w/3, to.Y + h/2 + 1}, Style: st, Arrow: true}}
}

// nodeValue is "P · g = 0"; in misère play of a loopy game, "D".
func nodeValue(d *engine.GameDAG, n *engine.TreeNode, c engine.Convention, cat *assets.Catalog) string {
	if v := d.ValueText(n, c); !v.IsZero() {
		return n.Outcome(c).String() + " · " + v.Render(cat)
	}
	return n.Outcome(c).String()
}

// treeNode draws one position centred at at.
func treeNode(at Point, w, h float64, d *engine.GameDAG, n *engine.TreeNode, c engine.Convention, label string, cat *assets.Catalog) []Shape {
	p := n.Outcome(c) == engine.P
	st := Style{Fill: Paper, Stroke: Ink, Width: 1.5, Class: "position n"}
	switch n.Outcome(c) {
	case engine.P:
		st = Style{Fill: ColdBg, Stroke: Cold, Width: 2.5, Class: "position p"}
	case engine.D: // a draw: dashed, so it reads without colour
		st = Style{Fill: Paper, Stroke: Ink, Width: 1.5, Dash: true, Class: "position d"}
	}
	if label == "" { // a large tree: a disc
		return []Shape{Circle{C: at, R: w / 2, Style: st}}
	}
	out := []Shape{Rect{X: at.X - w/2, Y: at.Y - h/2, W: w, H: h, R: 6, Style: st}}
	if p { // a second outline: P reads without colour
		out = append(out, Rect{X: at.X - w/2 + 3.5, Y: at.Y - h/2 + 3.5, W: w - 7, H: h - 7, R: 4, Style: Style{Stroke: Cold, Width: 1.2}})
	}
	out = append(out, halo(Text{At: Point{at.X, at.Y - 3}, S: label, Size: noteSize, Anchor: Middle})...)
	return append(out, Text{At: Point{at.X, at.Y + 14}, S: nodeValue(d, n, c, cat), Size: smallSize, Anchor: Middle, Bold: p, Color: Subtle})
}
