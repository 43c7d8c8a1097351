package engine

import (
	"errors"
	"slices"
)

// The game tree of a small position, a DAG where positions repeat: every
// position reachable, each with its moves and its Grundy values in both
// conventions. The tree command prints it, and the terminal explores it.

// The tree is built up to MaxTreeNodes positions and MaxTreeMoves moves
// (a line each when printed); a larger one is refused with its size,
// counted up to countTreeNodes positions or countTreeMoves moves (then
// "more than").
const (
	MaxTreeNodes   = 2000
	MaxTreeMoves   = 50_000 // Nim 5 5 5 5 draws 1,296 positions in 10,800 lines
	countTreeNodes = 200_000
	countTreeMoves = 2_000_000
)

// TreeNode is one position of the DAG: a position reached by two lines of
// play is one node.
type TreeNode struct {
	Pos   Position
	Edges []TreeEdge
	// G is the Grundy value in normal play (the mex of the options'); GM
	// the misère one (an end position is worth 1). A position is P in a
	// convention exactly when its value there is 0.
	G, GM uint64
	done  bool // values computed
	// In a tree whose play can come back (GameDAG.Loopy, tree_loopy.go):
	// out is the outcome in each convention, D for a draw; Inf marks a
	// value ∞(K) in normal play, K the numbers among the options' values;
	// GM is unused (misère play has no value there).
	loopy bool
	out   [2]Outcome
	Inf   bool
	K     []uint64
}

// TreeEdge is a move and the node it leads to.
type TreeEdge struct {
	Move Move
	To   int
}

// GameDAG is a game tree: the positions reachable from the root (node 0).
type GameDAG struct {
	Game  Game
	Nodes []*TreeNode
	Moves int
	// Loopy: a position comes back (a piece moves away and back, a
	// token round a cycle); the values are Smith's (tree_loopy.go).
	Loopy bool
}

// buildTree explores every position reachable from root, breadth first.
// It stops past limit positions, or past moveLimit moves, and says how
// many it found then (complete false).
func buildTree(g Game, root Position, limit, moveLimit int) (d *GameDAG, complete bool, err error) {
	d = &GameDAG{Game: g}
	index := map[string]int{}
	add := func(p Position) int {
		key := string(p.AppendKey(nil))
		if i, ok := index[key]; ok {
			return i
		}
		index[key] = len(d.Nodes)
		d.Nodes = append(d.Nodes, &TreeNode{Pos: p})
		return len(d.Nodes) - 1
	}
	add(root)
	for i := 0; i < len(d.Nodes); i++ {
		n := d.Nodes[i]
		for m := range g.Moves(n.Pos, 0) {
			q, err := g.Apply(n.Pos, m)
			if err != nil {
				return nil, false, err
			}
			n.Edges = append(n.Edges, TreeEdge{m, add(q)})
			if d.Moves++; len(d.Nodes) > limit || d.Moves > moveLimit {
				return d, false, nil
			}
		}
	}
	return d, true, nil
}

// errCycle: a position of the tree reaches itself again.
var errCycle = errors.New("a position comes back")

// value computes the Grundy values of node i and below, children first;
// errCycle when a position reaches itself again (a loopy game, whose
// values solveLoopy finds).
func (d *GameDAG) value(i int, onPath []bool) error {
	n := d.Nodes[i]
	if n.done {
		return nil
	}
	if onPath[i] {
		return errCycle
	}
	onPath[i] = true
	var seen, seenM []bool
	for _, e := range n.Edges {
		if err := d.value(e.To, onPath); err != nil {
			return err
		}
		c := d.Nodes[e.To]
		seen = markSeen(seen, c.G)
		seenM = markSeen(seenM, c.GM)
	}
	onPath[i] = false
	n.G = mexOf(seen)
	n.GM = mexOf(seenM)
	if len(n.Edges) == 0 {
		n.GM = 1 // misère: the player to move at the end has won
	}
	n.done = true
	return nil
}

func markSeen(seen []bool, v uint64) []bool {
	if v < uint64(len(seen)) {
		seen[v] = true
		return seen
	}
	if v > MaxTreeNodes { // a value is at most the number of options
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

// ValueIn is the node's Grundy value in convention c: 0 exactly at a
// P-position.
func (n *TreeNode) ValueIn(c Convention) uint64 {
	if c == Misere {
		return n.GM
	}
	return n.G
}

// Outcome is the node's outcome in convention c.
func (n *TreeNode) Outcome(c Convention) Outcome {
	if n.loopy {
		return n.out[c]
	}
	if n.ValueIn(c) == 0 {
		return P
	}
	return N
}

// GameTree builds the DAG of p and its values, or refuses a position with
// more than MaxTreeNodes positions or MaxTreeMoves moves, saying how many
// it has.
func GameTree(g Game, p Position) (*GameDAG, error) {
	d, complete, err := buildTree(g, p, MaxTreeNodes, countTreeMoves)
	if err != nil {
		return nil, err
	}
	switch {
	case !complete && len(d.Nodes) <= MaxTreeNodes: // few positions, but a great many moves
		return nil, Refuse("err.tree.moves.more", treeName(g, p), countTreeMoves, MaxTreeMoves)
	case complete && d.Moves > MaxTreeMoves: // a line a move: more than anyone reads
		return nil, Refuse("err.tree.moves", treeName(g, p), d.Moves, MaxTreeMoves)
	}
	if !complete {
		d, complete, err = buildTree(g, p, countTreeNodes, countTreeMoves)
		if err != nil {
			return nil, err
		}
		if complete {
			return nil, Refuse("err.tree.size", treeName(g, p), len(d.Nodes), MaxTreeNodes)
		}
		return nil, Refuse("err.tree.size.more", treeName(g, p), len(d.Nodes)-1, MaxTreeNodes)
	}
	if err := d.value(0, make([]bool, len(d.Nodes))); errors.Is(err, errCycle) {
		d.solveLoopy()
	} else if err != nil {
		return nil, err
	}
	return d, nil
}

// treeName is the game and position in a message: "Nim 5 5 5".
func treeName(g Game, p Position) Text {
	return T("tree.name", Title(g), BriefOf(g, p))
}
