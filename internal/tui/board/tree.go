package board

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// treeBoard draws Green Hackenbush growing up from the ground line
// (vertex 0): an edge a line, each vertex's edges above it, the ground at
// the bottom, as a tree is drawn on a blackboard turned on its side. An
// edge that closes a cycle, a loop or a second edge between two vertices
// is drawn at the vertex it leaves, with both ends named. The edge being
// chosen is marked ✂, and every edge that falls with it (no longer
// joined to the ground) is drawn in the move's colour.
type treeBoard struct{}

func init() { register(engine.Tree, treeBoard{}) }

func (treeBoard) down() int { return -1 } // ↓ goes down the drawing, to edges nearer the ground

// treeLine is one line of the drawing: the edge it draws (0-based; −1 for
// the ground line) and its text before styling.
type treeLine struct {
	edge int
	lead string // the branches before it
	text string // "e3 ─ 2", "e5 ─ 4…2"
}

// treeLines lays the edges out from the ground up: depth first from
// vertex 0, each vertex's edges in their order, the lines then read
// bottom up.
func (v View) treeLines() []treeLine {
	p := v.Pos
	n := len(p) / 2
	adj := map[int64][]int{}
	for e := range n {
		adj[p[2*e]] = append(adj[p[2*e]], e)
		if p[2*e+1] != p[2*e] {
			adj[p[2*e+1]] = append(adj[p[2*e+1]], e)
		}
	}
	seen := map[int64]bool{0: true}
	used := make([]bool, n)
	var out []treeLine
	var walk func(u int64, prefix string)
	walk = func(u int64, prefix string) {
		var mine []int
		for _, e := range adj[u] {
			if !used[e] {
				used[e] = true
				mine = append(mine, e)
			}
		}
		for k, e := range mine {
			last := k == len(mine)-1
			branch, more := "├─ ", "│  "
			if last {
				branch, more = "┌─ ", "   " // upside down: the last edge is drawn highest
			}
			w := p[2*e] + p[2*e+1] - u // the other end
			label := v.edgeName(e) + " ─ " + strconv.FormatInt(w, 10)
			if seen[w] { // a cycle, a loop or a second edge: both ends named
				label = v.edgeName(e) + " ─ " + strconv.FormatInt(u, 10) + "…" + strconv.FormatInt(w, 10) + " ↺"
				out = append(out, treeLine{edge: e, lead: prefix + branch, text: label})
				continue
			}
			seen[w] = true
			out = append(out, treeLine{edge: e, lead: prefix + branch, text: label})
			if len(prefix) < 3*12 { // twelve levels indented, deeper ones flush
				walk(w, prefix+more)
			} else {
				walk(w, prefix)
			}
		}
	}
	walk(0, "")
	for e := range n { // an edge not joined to the ground (none in a legal position)
		if !used[e] {
			out = append(out, treeLine{edge: e, text: v.edgeName(e) + " ─ " + strconv.FormatInt(p[2*e], 10) + "…" + strconv.FormatInt(p[2*e+1], 10)})
		}
	}
	slices.Reverse(out)
	return append(out, treeLine{edge: -1})
}

// edgeName is edge e (0-based) as drawn: "e5", by its label where the
// match keeps labels (it stays e5 after the cuts before it).
func (v View) edgeName(e int) string { return "e" + strconv.Itoa(v.Labels.Of(e+1)) }

func (treeBoard) size(v View) int { return len(v.Pos)/2 + 1 }

func (treeBoard) order(v View) []int {
	var places []int
	for _, l := range v.treeLines() {
		if l.edge >= 0 {
			places = append(places, l.edge+1)
		}
	}
	return places
}

func (treeBoard) focus(v View) int {
	for i, l := range v.treeLines() {
		if l.edge == v.Sel.Where-1 {
			return i
		}
	}
	return 0
}

// falling are the edges the previewed cut brings down, the cut one
// included: those Apply leaves out.
func (v View) falling() map[int]bool {
	if v.Preview == nil {
		return nil
	}
	q, err := v.Game.Apply(v.Pos, *v.Preview)
	if err != nil {
		return nil
	}
	out := map[int]bool{}
	j := 0
	for e := 0; 2*e+1 < len(v.Pos); e++ { // q keeps the standing edges in order
		if j+1 < len(q) && q[j] == v.Pos[2*e] && q[j+1] == v.Pos[2*e+1] {
			j += 2
			continue
		}
		out[e] = true
	}
	return out
}

func (treeBoard) lines(v View, from, to int) (lines, notes []string) {
	all := v.treeLines()
	fall := v.falling()
	for _, l := range all[from:to] {
		if l.edge < 0 {
			lines = append(lines, NoCursor+v.Styles.Bold.Render(strings.Repeat("━", 6))+" "+v.Styles.Subtle.Render(v.Cat.T("ui.tree.ground")))
			continue
		}
		st := v.Styles.Match
		mark := v.mark(l.edge + 1)
		switch {
		case v.Preview != nil && l.edge == v.Preview.First().Place-1:
			st = v.Styles.Going
			mark = v.Styles.Going.Render("✂ ")
		case fall[l.edge]:
			st = v.Styles.Going
		}
		lines = append(lines, mark+v.Styles.Subtle.Render(l.lead)+st.Render(l.text))
	}
	if len(fall) > 0 {
		falls := "ui.tree.falls"
		if len(fall) == 1 { // not "1 edges"
			falls += ".one"
		}
		notes = append(notes, v.Styles.Going.Render(v.Cat.T(falls, len(fall))))
	}
	return lines, append(notes, v.ruleNote()...)
}

// selectAt reads a click on an edge's line: the cut of that edge.
func (treeBoard) selectAt(v View, x, y int) (Selection, bool) {
	all := v.treeLines()
	if y < 0 || y >= len(all) || all[y].edge < 0 || x < 2 || x >= 2+text.Width(all[y].lead+all[y].text) {
		return Selection{}, false
	}
	return selected(engine.At(all[y].edge+1, 1), true)
}
