package board

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// graphBoard draws a game on a directed graph: a vertex a line, its
// tokens (● each, or ●×n for many) and its arrows → to the vertices they
// lead to, a sink marked as such. The token being moved is marked on its
// vertex's line, and the arrow it takes is drawn in the move's colour,
// its destination too. A graph taller than the screen is shown as a
// window around the selected token.
type graphBoard struct{}

func init() { register(engine.Graph, graphBoard{}) }

func (graphBoard) down() int { return +1 }

func digraphOf(v View) (engine.Digraph, bool) {
	d, ok := v.Game.(engine.Digraph)
	return d, ok
}

func (graphBoard) size(v View) int {
	if d, ok := digraphOf(v); ok {
		return len(d.Vertices())
	}
	return 0
}

func (graphBoard) focus(v View) int {
	d, ok := digraphOf(v)
	if !ok || v.Sel.Where < 1 || v.Sel.Where > len(v.Pos) {
		return 0
	}
	i, _ := slices.BinarySearch(d.Vertices(), v.Pos[v.Sel.Where-1])
	return i
}

// tokens is how many tokens stand on vertex u.
func (v View) tokens(u int64) int {
	i, _ := slices.BinarySearch(v.Pos, u)
	n := 0
	for ; i+n < len(v.Pos) && v.Pos[i+n] == u; n++ {
	}
	return n
}

// tokenText is how vertex u's tokens are drawn: ● each, ●×n for many.
func (v View) tokenText(u int64) string {
	switch n := v.tokens(u); {
	case n > 3:
		return HeadsGlyph + "×" + strconv.Itoa(n)
	case n > 0:
		return strings.Repeat(HeadsGlyph, n)
	}
	return ""
}

// arrows are vertex u's arrows, the one the move takes (src → dst) in
// its colour; a sink says so.
func (v View) arrows(d engine.Digraph, u, src, dst int64) string {
	succ := d.Successors(u)
	if len(succ) == 0 {
		return v.Styles.Subtle.Render(v.Cat.T("ui.graph.sink"))
	}
	var out []string
	for i, w := range succ {
		if i == 12 {
			out = append(out, v.Styles.Subtle.Render("…"+v.Cat.T("ui.graph.more", len(succ))))
			break
		}
		st := v.Styles.Subtle
		if u == src && w == dst {
			st = v.Styles.Going
		}
		out = append(out, st.Render("→"+strconv.FormatInt(w, 10)))
	}
	return strings.Join(out, " ")
}

func (graphBoard) lines(v View, from, to int) (lines, notes []string) {
	d, ok := digraphOf(v)
	if !ok {
		return nil, nil
	}
	vs := d.Vertices()
	label := len(strconv.FormatInt(largest(vs), 10))
	var src, dst int64 = -1, -1
	if m := v.Preview; m != nil && m.First().Place >= 1 && m.First().Place <= len(v.Pos) {
		src, dst = v.Pos[m.First().Place-1], m.First().Amount
	}
	sel := int64(-1)
	if w := v.Sel.Where; v.Choosing && w >= 1 && w <= len(v.Pos) {
		sel = v.Pos[w-1]
	}
	for _, u := range vs[from:to] {
		mark := NoCursor
		if u == sel || u == src {
			mark = v.Styles.Selected.Render(Cursor)
		}
		name := text.PadRight(strconv.FormatInt(u, 10), label)
		if u == dst {
			name = v.Styles.Going.Render(name)
		}
		lines = append(lines, mark+name+" "+v.Styles.Match.Render(text.PadRight(v.tokenText(u), 4))+" "+v.arrows(d, u, src, dst)) // selectAt reads these columns
	}
	if src >= 0 {
		notes = append(notes, v.Styles.Going.Render(v.Cat.T("ui.graph.move", src, dst)))
	}
	return lines, append(notes, v.ruleNote()...)
}

// selectAt reads a click on vertex u's line: on its number, the chosen
// token's move to u where an arrow leads there, else the token on u,
// picked; on its tokens, the token on u, picked; on one of its arrows,
// the move of u's token along it.
func (graphBoard) selectAt(v View, x, y int) (Selection, bool) {
	d, ok := digraphOf(v)
	if !ok {
		return Selection{}, false
	}
	vs := d.Vertices()
	if y < 0 || y >= len(vs) {
		return Selection{}, false
	}
	u := vs[y]
	tokensAt := 2 + len(strconv.FormatInt(largest(vs), 10)) + 1
	col := tokensAt + max(4, text.Width(v.tokenText(u))) + 1 // as lines pads them
	switch {
	case x >= 2 && x < tokensAt-1:
		return v.vertexClicked(u)
	case x >= tokensAt && x < col-1:
		return v.pickToken(u)
	case v.tokens(u) == 0:
		return Selection{}, false
	}
	where, _ := slices.BinarySearch(v.Pos, u)
	for _, w := range d.Successors(u) {
		a := "→" + strconv.FormatInt(w, 10)
		if x >= col && x < col+text.Width(a) {
			return selected(engine.At(where+1, w), true)
		}
		col += text.Width(a) + 1
	}
	return Selection{}, false
}

// vertexClicked is the move a click on vertex u's number chooses: the
// chosen token's move to u, where an arrow leads there; else the token
// on u, picked.
func (v View) vertexClicked(u int64) (Selection, bool) {
	if w := v.Sel.Where; w >= 1 && w <= len(v.Pos) && v.Game.Amounts(v.Pos, w).Has(u) {
		return Selection{Where: w, Amount: u}, true
	}
	return v.pickToken(u)
}

// pickToken is the first token on vertex u, picked with its first move
// (as the keys choose it); false where u holds none or it cannot move.
func (v View) pickToken(u int64) (Selection, bool) {
	i, found := slices.BinarySearch(v.Pos, u)
	if !found {
		return Selection{}, false
	}
	a, ok := v.Game.Amounts(v.Pos, i+1).First()
	return Selection{Where: i + 1, Amount: a, Pick: true}, ok
}
