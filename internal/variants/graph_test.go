package variants

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// randomDAG draws a graph on vertices 0..n−1 with edges only from a
// smaller vertex to a larger one, each with chance 2 in 5.
func randomDAG(r *rand.Rand, n int) string {
	return randomEdges(n, func(u, v int) bool { return u < v && r.IntN(5) < 2 })
}

// randomEdges is the graph on vertices 0..n−1 with the arrows u>v that
// arrow accepts, asked in order; 0>1 when it accepts none.
func randomEdges(n int, arrow func(u, v int) bool) string {
	var edges []string
	for u := range n {
		for v := range n {
			if arrow(u, v) {
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
	t.Parallel()
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
	t.Parallel()
	g, err := NewGraph("1>2 1>3", "")
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Collect(g.Moves(engine.Position{1, 1}, 0))
	if want := []engine.Move{engine.At(1, 2), engine.At(1, 3)}; !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v", got, want)
	}
}

func TestGraphRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ edges, want string }{
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

// randomLoopy draws a graph on vertices 0..n−1 with each arrow (loops
// too) with chance 1 in 4: cycles, draws and sinks alike.
func randomLoopy(r *rand.Rand, n int) string {
	return randomEdges(n, func(int, int) bool { return r.IntN(4) == 0 })
}

// Every position of up to 3 tokens on small random graphs with cycles, in
// both conventions: the outcome (draws too) and the set of winning moves
// are the retrograde analysis's; the moves after the canonical one are
// in natural order.
func TestGraphLoopyExhaustive(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3710, 1))
	draws, graphs := 0, thorough(40, 200)
	for range graphs {
		edges := randomLoopy(r, 3+r.IntN(4))
		g, err := NewGraph(edges, "")
		if err != nil {
			t.Fatal(err)
		}
		vs := g.Vertices()
		var positions []engine.Position
		for _, p := range upTo(3, int64(len(vs)-1)) {
			q := make(engine.Position, len(p))
			for i, k := range p {
				q[i] = vs[k]
			}
			q, _ = g.Normalize(q)
			positions = append(positions, q)
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			ref, ok := engine.Retrograde(g, c, 1<<20, positions...)
			if !ok {
				t.Fatal("more positions than the bound")
			}
			for _, p := range positions {
				sol, err := g.Solve(p, c)
				if err != nil {
					t.Fatalf("%s %v %v: %v", edges, p, c, err)
				}
				want := ref.Outcome(p)
				if want == engine.D {
					draws++
				}
				if sol.Outcome != want {
					t.Fatalf("%s %v %v: %v, the retrograde analysis says %v", edges, p, c, sol.Outcome, want)
				}
				got := slices.Collect(sol.Winning)
				wins := ref.Winning(p)
				if len(got) != len(wins) || !slices.Equal(slices.SortedFunc(slices.Values(got), engine.Compare), wins) {
					t.Fatalf("%s %v %v: winning %v, want %v", edges, p, c, got, wins)
				}
				if len(got) > 1 && !slices.IsSortedFunc(got[1:], engine.Compare) {
					t.Fatalf("%s %v %v: after the canonical move, %v not in natural order", edges, p, c, got[1:])
				}
			}
		}
	}
	if draws == 0 {
		t.Fatal("no draw among the positions: the check is not checking draws")
	}
}

// A winner who plays the canonical move ends the game, whatever the loser
// does: on small random graphs with cycles, from every N-position, the
// positions met when the winner plays the first winning move and the
// loser any move never come back (no cycle through them), in both
// conventions.
func TestGraphLoopyWinnerEndsThePlay(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3710, 2))
	for range thorough(30, 150) {
		edges := randomLoopy(r, 3+r.IntN(4))
		g, _ := NewGraph(edges, "")
		vs := g.Vertices()
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			for _, p := range upTo(2, int64(len(vs)-1)) {
				q := make(engine.Position, len(p))
				for i, k := range p {
					q[i] = vs[k]
				}
				q, _ = g.Normalize(q)
				if sol, _ := g.Solve(q, c); sol.Outcome == engine.N {
					if cycle := winnerCircles(g, c, q, map[string]int{}); cycle != "" {
						t.Fatalf("%s %v %v: the winner's play circles through %s", edges, q, c, cycle)
					}
				}
			}
		}
	}
}

// winnerCircles follows the winner's canonical move from p, an
// N-position, and every reply; it names a position met again on the way
// ("" when none): state 1 on the path, 2 done.
func winnerCircles(g engine.Game, c engine.Convention, p engine.Position, state map[string]int) string {
	key := p.String()
	switch state[key] {
	case 1:
		return key
	case 2:
		return ""
	}
	state[key] = 1
	sol, _ := g.Solve(p, c)
	for m := range sol.Winning {
		q, _ := g.Apply(p, m)
		for reply := range g.Moves(q, 0) {
			next, _ := g.Apply(q, reply)
			if s := winnerCircles(g, c, next, state); s != "" {
				return s
			}
		}
		break
	}
	state[key] = 2
	return ""
}

// Smith's example shape: a token passed back and forth between 1 and 2
// with a way out; the rounds give numbers on a cycle and ∞ where a token
// can run for ever.
func TestGraphGamma(t *testing.T) {
	t.Parallel()
	g, err := NewGraph("1>2 2>1 2>3 4>4 4>3 5>4 6>6", "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{1: "0", 2: "1", 3: "0", 4: "∞(0)", 5: "0", 6: "∞()"}
	for v, w := range want {
		if got := g.gamma(v); got != w {
			t.Errorf("γ(%d) = %s, want %s", v, got, w)
		}
	}
	for _, c := range []struct {
		p    engine.Position
		want engine.Outcome
	}{{engine.Position{1}, engine.P}, {engine.Position{2}, engine.N}, {engine.Position{4}, engine.N}, {engine.Position{5}, engine.P}, {engine.Position{6}, engine.D}, {engine.Position{4, 2}, engine.D}, {engine.Position{4, 6}, engine.D}, {engine.Position{4, 4}, engine.D}, {engine.Position{1, 4}, engine.N}} {
		if sol, _ := g.Solve(c.p, engine.Normal); sol.Outcome != c.want {
			t.Errorf("%v: %v, want %v", c.p, sol.Outcome, c.want)
		}
	}
	// The table says what a token alone is on each vertex: P, N or D.
	a, _ := engine.Analyze(g, engine.Position{6, 4}, engine.Normal)
	alone := map[string]string{}
	for _, l := range a.Explanation.Lines(assetsEN) {
		if f := strings.Fields(l); len(f) >= 5 && strings.Contains("PND", f[len(f)-1]) && len(f[len(f)-1]) == 1 {
			alone[f[0]] = f[len(f)-1]
		}
	}
	if alone["6"] != "D" || alone["4"] != "N" || alone["3"] != "P" {
		t.Errorf("a token alone: %v", alone)
	}
	// Beside a Nim heap, by Smith's theory (refused before): 4 is ∞(0), won
	// beside 0 by moving to 3; a draw beside 1; 6 is ∞(), a draw.
	s, err := engine.NewSum([]engine.Game{g, Nim{}})
	if err != nil {
		t.Fatalf("a sum with draws: %v", msg(err))
	}
	for _, c := range []struct {
		graph, heap int64
		want        engine.Outcome
	}{{4, 0, engine.N}, {4, 1, engine.D}, {6, 0, engine.D}, {2, 1, engine.P}, {2, 3, engine.N}} {
		p := s.Join([]engine.Position{{c.graph}, {c.heap}})
		sol, err := s.Solve(p, engine.Normal)
		if err != nil || sol.Outcome != c.want {
			t.Errorf("%s: %v (%v), want %v", s.Spell(p), sol.Outcome, err, c.want)
		}
	}
}

// A match on a graph with a cycle: the third time a position stands with
// the same player to move, it is drawn; taking a move back undoes it. A
// move from a draw to an N-position gives the win away; the computer
// keeps a draw.
func TestGraphMatchDrawn(t *testing.T) {
	t.Parallel()
	g, _ := NewGraph("1>2 2>1 2>3 3>4", "")
	m, err := engine.NewMatch(g, engine.Normal, engine.Position{1, 1})
	if err != nil || m.Now().Outcome != engine.D {
		t.Fatalf("1 1: %v, %v", m.Now().Outcome, err)
	}
	there, back := engine.At(1, 2), engine.At(2, 1) // 1 1 → 1 2 → 1 1
	for i, mv := range []engine.Move{there, back, there, back} {
		if m.Over() {
			t.Fatalf("over after %d moves", i)
		}
		turn, err := m.Play(mv, false, 0)
		if err != nil || turn.Verdict != engine.HoldsOut {
			t.Fatalf("move %d: %v, verdict %v", i+1, err, turn.Verdict)
		}
	}
	if !m.Drawn() || !m.Over() {
		t.Fatalf("after 4 moves, 1 1 stands a third time with the first player to move: drawn %v", m.Drawn())
	}
	m.TakeBack(3)
	if m.Drawn() || m.Over() {
		t.Fatal("taken back, still drawn")
	}
	pl := engine.NewPlayer(engine.Perfect, 1)
	mv, _, err := m.Choose(pl)
	if err != nil {
		t.Fatal(err)
	}
	if q, _ := g.Apply(m.Position(), mv); g.loopyOutcome(q) != engine.D {
		t.Fatalf("the computer left %v from a draw, not a draw", q)
	}
	m, _ = engine.NewMatch(g, engine.Normal, engine.Position{1, 3}) // 1 is ∞(), 3 is worth 1: a draw
	if turn, _ := m.Play(engine.At(1, 2), false, 0); turn.Verdict != engine.Gives {
		t.Fatalf("1 3 → 2 3 gives the win away (2 is ∞(1)): %v", turn.Verdict)
	}
}

// BenchmarkGraphGeneralised: the generalised SG function of a random
// graph with cycles, 20,000 vertices and 100,000 edges.
func BenchmarkGraphGeneralised(b *testing.B) {
	r := rand.New(rand.NewPCG(1966, 1))
	edges := make([][2]int64, 100_000)
	for i := range edges {
		edges[i] = [2]int64{r.Int64N(20_000), r.Int64N(20_000)}
	}
	for b.Loop() {
		if _, err := newGraph(edges); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGraphFileMillion: a file of a million edges among 300,000
// vertices, read and valued (analyze reads it; play without a terminal
// now says so before reading it).
func BenchmarkGraphFileMillion(b *testing.B) {
	r := rand.New(rand.NewPCG(27, 6))
	var text strings.Builder
	for range 1_000_000 {
		fmt.Fprintf(&text, "%d %d\n", 1+r.IntN(300_000), 1+r.IntN(300_000))
	}
	path := filepath.Join(b.TempDir(), "million.txt")
	if err := os.WriteFile(path, []byte(text.String()), 0o600); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewGraph("", path); err != nil {
			b.Fatal(err)
		}
	}
}
