package variants

import (
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// Issue 27: the tree of a game whose play comes back is drawn, not
// refused: every position decided by retrograde analysis in both
// conventions, γ in normal play. Northcott's game, whose moves away are
// reversible, has γ = the nim-sum of the gaps at every position and no
// draw; a graph with cycles has, at a lone token, its vertex's γ, and
// the outcomes a retrograde analysis of the game itself finds.
func TestLoopyTrees(t *testing.T) {
	t.Parallel()
	north := Northcott{Width: 5}
	for _, start := range []engine.Position{{1, 3}, {2, 5}, {1, 2, 4, 3}, {5, 1}} {
		d, err := engine.GameTree(north, start)
		if err != nil {
			t.Fatalf("northcott %v: %v", start, err)
		}
		if !d.Loopy {
			t.Errorf("northcott %v: no position comes back", start)
		}
		for _, n := range d.Nodes {
			v, _ := north.Value(n.Pos)
			sol, _ := north.Solve(n.Pos, engine.Normal)
			if n.Inf || n.G != v.G || n.Outcome(engine.Normal) != sol.Outcome {
				t.Errorf("northcott %v: γ = %s, %s; the gaps say %d, %s", n.Pos, n.Gamma(), n.Outcome(engine.Normal), v.G, sol.Outcome)
			}
		}
	}
	for _, edges := range []string{graphLoopy, "1>2,2>1,2>3", "1>1,1>2,2>3,3>2", "1>2,2>3,3>1,3>4"} {
		g, err := NewGraph(edges, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, start := range []engine.Position{{1}, {2}, {1, 2}, {1, 3}} {
			start, err := g.Normalize(start)
			if err != nil {
				continue
			}
			d, err := engine.GameTree(g, start)
			if err != nil {
				t.Fatalf("graph %s at %v: %v", edges, start, err)
			}
			for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
				r, _ := engine.Retrograde(g, c, 10000, start)
				for _, n := range d.Nodes {
					if got, want := n.Outcome(c), r.Outcome(n.Pos); got != want {
						t.Errorf("graph %s at %v, %s: %s, retrograde analysis %s", edges, n.Pos, c, got, want)
					}
				}
			}
			for _, n := range d.Nodes {
				want := engine.D // what γ says of the position alone
				switch {
				case !n.Inf && n.G == 0:
					want = engine.P
				case !n.Inf || slices.Contains(n.K, 0):
					want = engine.N
				}
				if n.Outcome(engine.Normal) != want {
					t.Errorf("graph %s at %v: γ = %s but %s", edges, n.Pos, n.Gamma(), n.Outcome(engine.Normal))
				}
				if len(n.Pos) == 1 && n.Gamma() != g.gamma(n.Pos[0]) {
					t.Errorf("graph %s: γ(%d) = %s in the tree, %s on the graph", edges, n.Pos[0], n.Gamma(), g.gamma(n.Pos[0]))
				}
			}
		}
	}
}
