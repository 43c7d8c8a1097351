package variants

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// randomDAG draws a graph on vertices 0..n−1 with edges only from a
// smaller vertex to a larger one, each with chance 2 in 5.
func randomDAG(r *rand.Rand, n int) string {
	var edges []string
	for u := range n {
		for v := u + 1; v < n; v++ {
			if r.IntN(5) < 2 {
				edges = append(edges, fmt.Sprintf("%d>%d", u, v))
			}
		}
	}
	if len(edges) == 0 {
		edges = append(edges, "0>1")
	}
	return strings.Join(edges, " ")
}

func TestGraphExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(1524, 1))
	for range 12 {
		g, err := NewGraph(randomDAG(r, 6), "")
		if err != nil {
			t.Fatal(err)
		}
		var vs []int64
		for v := range g.succ {
			vs = append(vs, v)
		}
		var positions []engine.Position
		for _, p := range upTo(3, 5) {
			q := make(engine.Position, 0, len(p))
			for _, v := range p {
				if slices.Contains(vs, v) {
					q = append(q, v)
				}
			}
			if len(q) == len(p) {
				q, _ = g.Normalize(q)
				positions = append(positions, q)
			}
		}
		crossCheck(t, g, positions)
	}
}

// Two tokens on one vertex give one move per edge: moves are told apart by
// the (from, to) pair.
func TestGraphMovesByPair(t *testing.T) {
	g, err := NewGraph("1>2 1>3", "")
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Collect(g.Moves(engine.Position{1, 1}, 0))
	if want := []engine.Move{{Where: 1, Amount: 2}, {Where: 1, Amount: 3}}; !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v", got, want)
	}
}

func TestGraphRefusals(t *testing.T) {
	for _, c := range []struct{ edges, want string }{
		{"1>2 2>3 3>1", "the graph has a cycle through vertex 1: play could go on for ever, and draws are not played yet"},
		{"1>2 3>", `edge "3>": write an edge as u>v`},
		{"1>x", `vertex "x" is not a whole number`},
		{"", `the graph has no edge: give --edges "1>2 2>3" or --file F`},
	} {
		if _, err := NewGraph(c.edges, ""); err == nil || msg(err) != c.want {
			t.Errorf("%q: %v, want %q", c.edges, err, c.want)
		}
	}
	g, _ := NewGraph("1>2", "")
	if _, err := g.Normalize(engine.Position{5}); err == nil || msg(err) != "vertex 5 is not in the graph" {
		t.Errorf("token on 5: %v", err)
	}
}
