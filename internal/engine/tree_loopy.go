package engine

import (
	"slices"
	"strings"
)

// The tree of a game whose play can come back to a position (Northcott's
// pieces move away and back, a token goes round a cycle of a graph): a
// graph with cycles, drawn as a tree whose move back to a position above
// is a reference to it. No mex from the leaves up decides it; instead
// each position is decided in each convention by a retrograde analysis
// (N, P, or D for a draw: neither player can force the end), and in
// normal play has Smith's generalised value γ (C. A. B. Smith, "Graphs
// and composite games", 1966), found by Fraenkel and Yesha's rounds as
// variants' graph game finds its vertices': a number m, or ∞(K) where a
// player can keep the play going for ever, K the numbers among its
// options. P exactly at γ = 0; N at another number or at an ∞(K) whose K
// holds 0; D at any other ∞(K).

// solveLoopy decides every node: outcomes by retrograde analysis in both
// conventions, and γ.
func (d *GameDAG) solveLoopy() {
	d.Loopy = true
	for _, n := range d.Nodes {
		n.loopy, n.done, n.G, n.GM = true, true, 0, 0
	}
	for _, c := range []Convention{Normal, Misere} {
		d.retrograde(c)
	}
	d.gamma()
}

// retrograde decides each node in convention c from the ends up: a node
// with a move to a lost node is won, one whose every move leads to a won
// node is lost, and what is left is a draw.
func (d *GameDAG) retrograde(c Convention) {
	n := len(d.Nodes)
	preds := make([][]int, n)
	left := make([]int, n)
	var queue []int
	for i, node := range d.Nodes {
		node.out[c] = D
		left[i] = len(node.Edges)
		for _, e := range node.Edges {
			preds[e.To] = append(preds[e.To], i)
		}
		if len(node.Edges) == 0 { // no move: lost in normal play, won in misère play
			node.out[c] = P
			if c == Misere {
				node.out[c] = N
			}
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		for _, i := range preds[j] {
			switch {
			case d.Nodes[i].out[c] != D:
			case d.Nodes[j].out[c] == P:
				d.Nodes[i].out[c] = N
				queue = append(queue, i)
			default:
				if left[i]--; left[i] == 0 {
					d.Nodes[i].out[c] = P
					queue = append(queue, i)
				}
			}
		}
	}
}

// gamma labels each node with γ by rounds m = 0, 1, 2 …: a node not yet
// labelled gets m when none of its options is m and each option not
// labelled with a number has itself an option labelled m, until none
// more does; then every node left with no option labelled m is ∞. A node
// still open at round m has options of every smaller number (else it
// would be ∞ already), so m is the least number it can be.
func (d *GameDAG) gamma() {
	const open, infinite = -1, -2
	label := make([]int64, len(d.Nodes))
	for i := range label {
		label[i] = open
	}
	hasM := func(i int, m int64) bool {
		return slices.ContainsFunc(d.Nodes[i].Edges, func(e TreeEdge) bool { return label[e.To] == m })
	}
	left := len(d.Nodes)
	for m := int64(0); left > 0; m++ {
		for changed := true; changed; {
			changed = false
			for i, n := range d.Nodes {
				if label[i] != open || hasM(i, m) {
					continue
				}
				if slices.ContainsFunc(n.Edges, func(e TreeEdge) bool { return label[e.To] < 0 && !hasM(e.To, m) }) {
					continue
				}
				label[i], left, changed = m, left-1, true
			}
		}
		for i := range d.Nodes {
			if label[i] == open && !hasM(i, m) {
				label[i], left = infinite, left-1
			}
		}
	}
	for i, n := range d.Nodes {
		if label[i] >= 0 {
			n.G = uint64(label[i])
			continue
		}
		n.Inf = true
		for _, e := range n.Edges {
			if v := label[e.To]; v >= 0 && !slices.Contains(n.K, uint64(v)) {
				n.K = append(n.K, uint64(v))
			}
		}
		slices.Sort(n.K)
	}
}

// Gamma writes the node's value in normal play: "2", or "∞(0, 1)".
func (n *TreeNode) Gamma() string { return Gamma{Inf: n.Inf, G: n.G, K: n.K}.String() }

// ValueText says the node's value in convention c: "g = 2", "g⁻ = 1";
// in a loopy tree "γ = ∞(0)" in normal play and nothing in misère play,
// which has no value there.
func (d *GameDAG) ValueText(n *TreeNode, c Convention) Text {
	switch {
	case !d.Loopy:
		return T("tree.value."+c.String(), n.ValueIn(c))
	case c == Normal:
		return T("tree.value.loopy", n.Gamma())
	}
	return Text{}
}

// NodeText is the node as a line of the tree says it: its position, its
// outcome and its value.
func (d *GameDAG) NodeText(n *TreeNode, c Convention) Text {
	v := d.ValueText(n, c)
	if v.IsZero() {
		return T("tree.node.novalue", TreeName(d.Game, n.Pos), n.Outcome(c).String())
	}
	return T("tree.node", TreeName(d.Game, n.Pos), n.Outcome(c).String(), v)
}

// TreeName is a node's position as written, or ∅ for an empty one (a
// Hackenbush picture with every edge cut writes as nothing).
func TreeName(g Game, p Position) string {
	if s := Written(g, p); strings.TrimSpace(s) != "" {
		return s
	}
	return "∅"
}
