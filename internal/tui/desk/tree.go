package desk

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
	"matchgame/internal/tui/text"
)

// Tree is a game tree as the tree command draws it: each position's
// number once drawn (0 until then).
type Tree struct {
	*engine.GameDAG
	shown []int
}

// NewTree is the game tree t as the tree command draws it.
func NewTree(t *engine.GameDAG) *Tree { return &Tree{GameDAG: t, shown: make([]int, len(t.Nodes))} }

// Print writes the tree as the tree command prints it, in form "text",
// "dot" or "svg" (the tree drawn), its outcomes in convention c.
func (d *Tree) Print(w io.Writer, form string, c engine.Convention, cat *assets.Catalog) error {
	switch form {
	case "svg":
		_, err := w.Write(picture.GameTree(d.GameDAG, c, cat).SVG())
		return err
	case "dot":
		b := bufio.NewWriter(w)
		d.WriteDot(b, c, cat)
		return b.Flush()
	}
	// The sentences on top wrap to a terminal between words; the tree's
	// lines are drawn as they are.
	if _, err := io.WriteString(text.ForTerminal(w), d.Heading(c, cat)); err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	d.WriteText(b, c, cat)
	return b.Flush()
}

// nodeLabel is "1 2 2 · N · g = 1" (misère: g⁻; a loopy game: γ).
func (d *Tree) nodeLabel(n *engine.TreeNode, c engine.Convention, cat *assets.Catalog) string {
	return d.NodeText(n, c).Render(cat)
}

// Heading says what the tree is and how to read it.
func (d *Tree) Heading(c engine.Convention, cat *assets.Catalog) string {
	return cat.T("tree.header", engine.Title(d.Game).Render(cat), engine.BriefOf(d.Game, d.Nodes[0].Pos),
		cat.T("convention."+c.String()), len(d.Nodes), d.Moves) + "\n" + cat.T(TreeLegend(d.GameDAG, c)) + "\n\n"
}

// TreeLegend is the catalogue key of the legend of a tree in convention
// c: a loopy tree's says what γ, D and a move back are.
func TreeLegend(d *engine.GameDAG, c engine.Convention) string {
	if d.Loopy {
		return "tree.legend.loopy." + c.String()
	}
	return "tree.legend." + c.String()
}

// WriteText draws the DAG as an indented tree: each position is drawn
// with its options the first time it is met, and named by its number
// after that; a move back to a position on the line above it (a game
// whose play comes back) says so.
func (d *Tree) WriteText(w *bufio.Writer, c engine.Convention, cat *assets.Catalog) {
	root := d.Nodes[0]
	next := 1
	above := make([]bool, len(d.Nodes)) // the positions on the line drawn, root first
	var draw func(i int, prefix string, depth int)
	draw = func(i int, prefix string, depth int) {
		above[i] = true
		defer func() { above[i] = false }()
		n := d.Nodes[i]
		for k, e := range n.Edges {
			child := d.Nodes[e.To]
			last := k == len(n.Edges)-1
			branch, more := "├─ ", "│  "
			if last {
				branch, more = "└─ ", "   "
			}
			lead := prefix
			if depth >= maxTreeIndent {
				lead = cat.T("tree.depth", depth+1) + " "
				branch = ""
			}
			win := "  "
			if child.Outcome(c) == engine.P {
				win = "★ "
			}
			move := engine.Describe(d.Game, n.Pos, e.Move).Render(cat)
			if d.shown[e.To] > 0 {
				seen := "tree.seen"
				if above[e.To] {
					seen = "tree.back"
				}
				w.WriteString(lead + branch + win + move + " → " + cat.T(seen, engine.TreeName(d.Game, child.Pos), d.shown[e.To]) + "\n")
				continue
			}
			d.shown[e.To] = next
			next++
			w.WriteString(lead + branch + win + move + " → #" + strconv.Itoa(d.shown[e.To]) + " " + d.nodeLabel(child, c, cat) + "\n")
			if depth+1 >= maxTreeIndent {
				draw(e.To, "", depth+1)
			} else {
				draw(e.To, prefix+more, depth+1)
			}
		}
	}
	d.shown[0] = next
	next++
	w.WriteString("#1 " + d.nodeLabel(root, c, cat) + "\n")
	draw(0, "", 0)
}

// WriteDot writes the DAG for Graphviz: P-positions doubled and shaded,
// winning moves bold.
func (d *Tree) WriteDot(w *bufio.Writer, c engine.Convention, cat *assets.Catalog) {
	title := engine.Title(d.Game).Render(cat) + " " + engine.BriefOf(d.Game, d.Nodes[0].Pos) + " · " + cat.T("convention."+c.String())
	w.WriteString("digraph tree {\n")
	w.WriteString("  label=" + dotQuote(title) + "; labelloc=t;\n")
	w.WriteString("  node [shape=box, style=rounded, fontname=\"Noto Sans CJK SC,sans-serif\"];\n")
	w.WriteString("  edge [fontname=\"Noto Sans CJK SC,sans-serif\", fontsize=10];\n")
	for i, n := range d.Nodes {
		label := engine.TreeName(d.Game, n.Pos) + "\n" + n.Outcome(c).String()
		if v := d.ValueText(n, c); !v.IsZero() {
			label += " · " + v.Render(cat)
		}
		attrs := "label=" + dotQuote(label)
		switch n.Outcome(c) {
		case engine.P:
			attrs += ", peripheries=2, style=\"rounded,filled\", fillcolor=\"#dde8ff\""
		case engine.D:
			attrs += ", style=\"rounded,dashed\""
		}
		w.WriteString("  n" + strconv.Itoa(i) + " [" + attrs + "];\n")
	}
	for i, n := range d.Nodes {
		for _, e := range n.Edges {
			attrs := "label=" + dotQuote(engine.Describe(d.Game, n.Pos, e.Move).Render(cat))
			if d.Nodes[e.To].Outcome(c) == engine.P {
				attrs += ", penwidth=2.5, color=\"#1a5fb4\", fontcolor=\"#1a5fb4\""
			}
			w.WriteString("  n" + strconv.Itoa(i) + " -> n" + strconv.Itoa(e.To) + " [" + attrs + "];\n")
		}
	}
	w.WriteString("}\n")
}

// dotQuote writes s as a DOT string: quotes and backslashes escaped, a
// line break as \n.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// maxTreeIndent is the deepest level drawn with its own indentation;
// deeper lines say their depth instead, so a long line of play stays on
// the page.
const maxTreeIndent = 16
