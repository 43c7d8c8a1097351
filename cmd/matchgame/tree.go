package main

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// treeFlags are tree's flags beyond gameFlags.
var treeFlags = map[string]bool{"dot": true}

// The game tree of a position is drawn up to maxTreeNodes positions and
// maxTreeMoves moves (a line each); a larger one is refused with its size,
// counted up to countTreeNodes positions or countTreeMoves moves (then
// "more than").
const (
	maxTreeNodes   = 2000
	maxTreeMoves   = 50_000 // a line each: Nim 5 5 5 5 draws 1,296 positions in 10,800 lines
	countTreeNodes = 200_000
	countTreeMoves = 2_000_000
)

// treeNode is one position of the game's DAG: a position reached by two
// lines of play is one node.
type treeNode struct {
	pos   engine.Position
	edges []treeEdge
	// g is the Grundy value in normal play (the mex of the options'); gm
	// the misère one (an end position is worth 1). A position is P in a
	// convention exactly when its value there is 0.
	g, gm uint64
	done  bool // values computed
	shown int  // its number in the drawing, 0 until drawn
}

type treeEdge struct {
	move engine.Move
	to   int
}

// gameDAG is the positions reachable from the root (node 0).
type gameDAG struct {
	game  engine.Game
	nodes []*treeNode
	moves int
}

// buildDAG explores every position reachable from root, breadth first.
// It stops past limit positions, or past moveLimit moves, and says how
// many it found then (complete false).
func buildDAG(g engine.Game, root engine.Position, limit, moveLimit int) (d *gameDAG, complete bool, err error) {
	d = &gameDAG{game: g}
	index := map[string]int{}
	add := func(p engine.Position) int {
		key := p.String()
		if i, ok := index[key]; ok {
			return i
		}
		index[key] = len(d.nodes)
		d.nodes = append(d.nodes, &treeNode{pos: p})
		return len(d.nodes) - 1
	}
	add(root)
	for i := 0; i < len(d.nodes); i++ {
		n := d.nodes[i]
		for m := range g.Moves(n.pos, 0) {
			q, err := g.Apply(n.pos, m)
			if err != nil {
				return nil, false, err
			}
			n.edges = append(n.edges, treeEdge{m, add(q)})
			if d.moves++; len(d.nodes) > limit || d.moves > moveLimit {
				return d, false, nil
			}
		}
	}
	return d, true, nil
}

// value computes the Grundy values of node i and below, children first.
// Take-away games end: a position that reaches itself again is refused.
func (d *gameDAG) value(i int, onPath []bool) error {
	n := d.nodes[i]
	if n.done {
		return nil
	}
	if onPath[i] {
		return engine.Refuse("err.tree.cycle", engine.BriefOf(d.game, n.pos))
	}
	onPath[i] = true
	var seen, seenM []bool
	for _, e := range n.edges {
		if err := d.value(e.to, onPath); err != nil {
			return err
		}
		c := d.nodes[e.to]
		seen = mark(seen, c.g)
		seenM = mark(seenM, c.gm)
	}
	onPath[i] = false
	n.g = mexOf(seen)
	n.gm = mexOf(seenM)
	if len(n.edges) == 0 {
		n.gm = 1 // misère: the player to move at the end has won
	}
	n.done = true
	return nil
}

func mark(seen []bool, v uint64) []bool {
	if v < uint64(len(seen)) {
		seen[v] = true
		return seen
	}
	if v > maxTreeNodes { // a value is at most the number of options
		return seen
	}
	seen = append(seen, make([]bool, int(v)+1-len(seen))...)
	seen[v] = true
	return seen
}

func mexOf(seen []bool) uint64 {
	v := slices.Index(seen, false)
	if v < 0 {
		return uint64(len(seen))
	}
	return uint64(v)
}

// valueIn is the node's Grundy value in convention c: 0 exactly at a
// P-position.
func (n *treeNode) valueIn(c engine.Convention) uint64 {
	if c == engine.Misere {
		return n.gm
	}
	return n.g
}

func (n *treeNode) outcome(c engine.Convention) engine.Outcome {
	if n.valueIn(c) == 0 {
		return engine.P
	}
	return engine.N
}

// gameTree builds the DAG of p and its values, or refuses a position with
// more than maxTreeNodes positions, saying how many it has.
func gameTree(g engine.Game, p engine.Position) (*gameDAG, error) {
	d, complete, err := buildDAG(g, p, maxTreeNodes, countTreeMoves)
	if err != nil {
		return nil, err
	}
	switch {
	case !complete && len(d.nodes) <= maxTreeNodes: // few positions, but a great many moves
		return nil, engine.Refuse("err.tree.moves.more", treeName(g, p), countTreeMoves, maxTreeMoves)
	case complete && d.moves > maxTreeMoves: // a line a move: more than anyone reads
		return nil, engine.Refuse("err.tree.moves", treeName(g, p), d.moves, maxTreeMoves)
	}
	if !complete {
		d, complete, err = buildDAG(g, p, countTreeNodes, countTreeMoves)
		if err != nil {
			return nil, err
		}
		if complete {
			return nil, engine.Refuse("err.tree.size", treeName(g, p), len(d.nodes), maxTreeNodes)
		}
		return nil, engine.Refuse("err.tree.size.more", treeName(g, p), len(d.nodes)-1, maxTreeNodes)
	}
	if err := d.value(0, make([]bool, len(d.nodes))); err != nil {
		return nil, err
	}
	return d, nil
}

func runTree(args []string, stdout io.Writer) error {
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
	defer catchSignals(false).stop()
	d, err := gameTree(cmd.game, p)
	if err != nil {
		return err
	}
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
func (d *gameDAG) nodeLabel(n *treeNode, c engine.Convention, cat *assets.Catalog) string {
	return cat.T("tree.node."+c.String(), engine.Written(d.game, n.pos), n.outcome(c).String(), n.valueIn(c))
}

// maxTreeIndent is the deepest level drawn with its own indentation;
// deeper lines say their depth instead, so a long line of play stays on
// the page.
const maxTreeIndent = 16

// heading says what the tree is and how to read it.
func (d *gameDAG) heading(c engine.Convention, cat *assets.Catalog) string {
	return cat.T("tree.header", engine.Title(d.game).Render(cat), engine.BriefOf(d.game, d.nodes[0].pos),
		cat.T("convention."+c.String()), len(d.nodes), d.moves) + "\n" + cat.T("tree.legend."+c.String()) + "\n\n"
}

// writeText draws the DAG as an indented tree: each position is drawn
// with its options the first time it is met, and named by its number
// after that.
func (d *gameDAG) writeText(w *bufio.Writer, c engine.Convention, cat *assets.Catalog) {
	root := d.nodes[0]
	next := 1
	var draw func(i int, prefix string, depth int)
	draw = func(i int, prefix string, depth int) {
		n := d.nodes[i]
		for k, e := range n.edges {
			child := d.nodes[e.to]
			last := k == len(n.edges)-1
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
			if child.outcome(c) == engine.P {
				win = "★ "
			}
			move := d.game.DescribeMove(e.move).Render(cat)
			if child.shown > 0 {
				w.WriteString(lead + branch + win + move + " → " + cat.T("tree.seen", engine.Written(d.game, child.pos), child.shown) + "\n")
				continue
			}
			child.shown = next
			next++
			w.WriteString(lead + branch + win + move + " → #" + strconv.Itoa(child.shown) + " " + d.nodeLabel(child, c, cat) + "\n")
			if depth+1 >= maxTreeIndent {
				draw(e.to, "", depth+1)
			} else {
				draw(e.to, prefix+more, depth+1)
			}
		}
	}
	root.shown = next
	next++
	w.WriteString("#1 " + d.nodeLabel(root, c, cat) + "\n")
	draw(0, "", 0)
}

// writeDot writes the DAG for Graphviz: P-positions doubled and shaded,
// winning moves bold.
func (d *gameDAG) writeDot(w *bufio.Writer, c engine.Convention, cat *assets.Catalog) {
	title := engine.Title(d.game).Render(cat) + " " + engine.BriefOf(d.game, d.nodes[0].pos) + " · " + cat.T("convention."+c.String())
	w.WriteString("digraph tree {\n")
	w.WriteString("  label=" + dotQuote(title) + "; labelloc=t;\n")
	w.WriteString("  node [shape=box, style=rounded, fontname=\"Noto Sans CJK SC,sans-serif\"];\n")
	w.WriteString("  edge [fontname=\"Noto Sans CJK SC,sans-serif\", fontsize=10];\n")
	for i, n := range d.nodes {
		attrs := "label=" + dotQuote(engine.Written(d.game, n.pos)+"\n"+n.outcome(c).String()+" · "+cat.T("tree.value."+c.String(), n.valueIn(c)))
		if n.outcome(c) == engine.P {
			attrs += ", peripheries=2, style=\"rounded,filled\", fillcolor=\"#dde8ff\""
		}
		w.WriteString("  n" + strconv.Itoa(i) + " [" + attrs + "];\n")
	}
	for i, n := range d.nodes {
		for _, e := range n.edges {
			attrs := "label=" + dotQuote(d.game.DescribeMove(e.move).Render(cat))
			if d.nodes[e.to].outcome(c) == engine.P {
				attrs += ", penwidth=2.5, color=\"#1a5fb4\", fontcolor=\"#1a5fb4\""
			}
			w.WriteString("  n" + strconv.Itoa(i) + " -> n" + strconv.Itoa(e.to) + " [" + attrs + "];\n")
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

// treeName is the game and position in a message: "Nim 5 5 5".
func treeName(g engine.Game, p engine.Position) engine.Text {
	return engine.T("tree.name", engine.Title(g), engine.BriefOf(g, p))
}
