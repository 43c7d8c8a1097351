package main

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
)

// treeFlags are tree's flags beyond gameFlags.
var treeFlags = map[string]bool{"dot": true}

// gameDAG is a game tree as the tree command draws it: each position's
// number once drawn (0 until then).
type gameDAG struct {
	*engine.GameDAG
	shown []int
}

func runTree(args []string, stdin io.Reader, stdout io.Writer) error {
	cmd, err := parseCommand("tree", args, treeFlags)
	if err != nil {
		return err
	}
	cat := cmd.cat
	if cmd.help {
		_, err := io.WriteString(stdout, cat.T("cli.help.tree")+"\n")
		return err
	}
	if cmd.pos == nil {
		return engine.Refuse("err.tree.position")
	}
	p, err := cmd.game.Normalize(cmd.pos)
	if err != nil {
		return err
	}
	sigs := catchSignals(false)
	t, err := engine.GameTree(cmd.game, p)
	if err != nil {
		sigs.stop()
		return err
	}
	if cmd.flags["dot"] != "true" && isTerminal(stdin) && isTerminal(stdout) && os.Getenv("TERM") != "dumb" {
		// On a terminal the tree is explored, a line opened at a time;
		// piped, it is printed whole.
		sigs.stop()
		return tui.Run(tui.Options{Tree: t, Game: cmd.cfg, Lang: cmd.cat.Lang})
	}
	defer sigs.stop()
	d := &gameDAG{GameDAG: t, shown: make([]int, len(t.Nodes))}
	if cmd.flags["dot"] == "true" {
		w := bufio.NewWriter(stdout)
		d.writeDot(w, cmd.conv, cat)
		return w.Flush()
	}
	// The sentences on top wrap to a terminal between words; the tree's
	// lines are drawn as they are.
	if _, err := io.WriteString(forTerminal(stdout), d.heading(cmd.conv, cat)); err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	d.writeText(w, cmd.conv, cat)
	return w.Flush()
}

// nodeLabel is "1 2 2 · N · g = 1" (misère: g⁻).
func (d *gameDAG) nodeLabel(n *engine.TreeNode, c engine.Convention, cat *assets.Catalog) string {
	return cat.T("tree.node."+c.String(), engine.Written(d.Game, n.Pos), n.Outcome(c).String(), n.ValueIn(c))
}

// maxTreeIndent is the deepest level drawn with its own indentation;
// deeper lines say their depth instead, so a long line of play stays on
// the page.
const maxTreeIndent = 16

// heading says what the tree is and how to read it.
func (d *gameDAG) heading(c engine.Convention, cat *assets.Catalog) string {
	return cat.T("tree.header", engine.Title(d.Game).Render(cat), engine.BriefOf(d.Game, d.Nodes[0].Pos),
		cat.T("convention."+c.String()), len(d.Nodes), d.Moves) + "\n" + cat.T("tree.legend."+c.String()) + "\n\n"
}

// writeText draws the DAG as an indented tree: each position is drawn
// with its options the first time it is met, and named by its number
// after that.
func (d *gameDAG) writeText(w *bufio.Writer, c engine.Convention, cat *assets.Catalog) {
	root := d.Nodes[0]
	next := 1
	var draw func(i int, prefix string, depth int)
	draw = func(i int, prefix string, depth int) {
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
				w.WriteString(lead + branch + win + move + " → " + cat.T("tree.seen", engine.Written(d.Game, child.Pos), d.shown[e.To]) + "\n")
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

// writeDot writes the DAG for Graphviz: P-positions doubled and shaded,
// winning moves bold.
func (d *gameDAG) writeDot(w *bufio.Writer, c engine.Convention, cat *assets.Catalog) {
	title := engine.Title(d.Game).Render(cat) + " " + engine.BriefOf(d.Game, d.Nodes[0].Pos) + " · " + cat.T("convention."+c.String())
	w.WriteString("digraph tree {\n")
	w.WriteString("  label=" + dotQuote(title) + "; labelloc=t;\n")
	w.WriteString("  node [shape=box, style=rounded, fontname=\"Noto Sans CJK SC,sans-serif\"];\n")
	w.WriteString("  edge [fontname=\"Noto Sans CJK SC,sans-serif\", fontsize=10];\n")
	for i, n := range d.Nodes {
		attrs := "label=" + dotQuote(engine.Written(d.Game, n.Pos)+"\n"+n.Outcome(c).String()+" · "+cat.T("tree.value."+c.String(), n.ValueIn(c)))
		if n.Outcome(c) == engine.P {
			attrs += ", peripheries=2, style=\"rounded,filled\", fillcolor=\"#dde8ff\""
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
