package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

func lookup(t *testing.T, name string, params map[string]string) engine.Game {
	t.Helper()
	g, _, err := variants.Lookup(variants.Config{Name: name, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Every node of the tree is P or N as the exhaustive solver says, in both
// conventions, and its winning options (★) are exactly the solver's
// winning moves; in normal play a heap game's node has the nim-sum of its
// heaps' values in the table as its Grundy value.
func TestTreeAgainstSolver(t *testing.T) {
	t.Parallel()
	cases := []struct {
		game   string
		params map[string]string
		pos    engine.Position
	}{
		{"nim", nil, engine.Position{1, 2, 2}},
		{"nim", nil, engine.Position{3, 4, 5}},
		{"nim", nil, engine.Position{1, 1, 1, 2}},
		{"bash", map[string]string{"max": "3"}, engine.Position{13}},
		{"wythoff", nil, engine.Position{4, 6}},
		{"subtraction", map[string]string{"set": "1,3,4"}, engine.Position{7, 9}},
		{"staircase", nil, engine.Position{0, 2, 1, 3}},
		{"georgia-bob", nil, engine.Position{1, 4, 7}},
		{"kayles", nil, engine.Position{5, 6}},
		{"dawson-kayles", nil, engine.Position{9}},
		{"lasker", nil, engine.Position{3, 5}},
		{"grundy", nil, engine.Position{11}},
		{"octal", map[string]string{"code": "0.137"}, engine.Position{12}},
	}
	sum, err := parseCommand("tree", []string{"nim", "1", "2", "+", "kayles", "3", "+", "bash", "--max", "2", "2"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range append(cases, struct {
		game   string
		params map[string]string
		pos    engine.Position
	}{"sum", nil, sum.pos}) {
		g := sum.game
		if c.game != "sum" {
			g = lookup(t, c.game, c.params)
		}
		d, err := engine.GameTree(g, c.pos)
		if err != nil {
			t.Fatalf("%s %v: %v", c.game, c.pos, err)
		}
		for _, conv := range []engine.Convention{engine.Normal, engine.Misere} {
			checkTreeOutcomes(t, fmt.Sprint(c.game, " ", c.pos), g, d, conv)
		}
		if tab, ok := g.(variants.HeapTabler); ok {
			checkTreeValues(t, c.game, tab, d, slices.Max(c.pos))
		}
	}
}

// checkTreeOutcomes checks each node of the tree d of g (at what: the
// game and its position) against the solver in convention conv: its
// outcome, and its winning options (★) the solver's winning moves.
func checkTreeOutcomes(t *testing.T, what string, g engine.Game, d *engine.GameDAG, conv engine.Convention) {
	t.Helper()
	solver := engine.NewSolver(g, conv)
	for _, n := range d.Nodes {
		if got, want := n.Outcome(conv), solver.Outcome(n.Pos); got != want {
			t.Fatalf("%s %v: node %v is %v, the solver says %v", what, conv, n.Pos, got, want)
		}
		var win []engine.Move
		for _, e := range n.Edges {
			if d.Nodes[e.To].Outcome(conv) == engine.P {
				win = append(win, e.Move)
			}
		}
		if want := solver.WinningMoves(n.Pos); !slices.Equal(win, want) {
			t.Fatalf("%s %v: node %v wins by %v, the solver by %v", what, conv, n.Pos, win, want)
		}
	}
}

// checkTreeValues checks that each node of a heap game's tree d has as
// its Grundy value the nim-sum of its heaps' values in the table to top.
func checkTreeValues(t *testing.T, game string, tab variants.HeapTabler, d *engine.GameDAG, top int64) {
	t.Helper()
	heaps, err := tab.HeapTable(top)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range d.Nodes {
		var sum uint64
		for _, h := range n.Pos {
			sum ^= heaps.Values[h]
		}
		if n.G != sum {
			t.Fatalf("%s: node %v has g = %d, the table's nim-sum is %d", game, n.Pos, n.G, sum)
		}
	}
}

// The tree of Nim 1 2 2 as a teacher reads it: 18 positions, the root N
// with g = 1, the one winning move to 0 2 2 marked; a repeated position
// is named by its number; --dot is a digraph with the winning edge bold.
func TestTreeOutput(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "", "tree", "nim", "1", "2", "2", "--lang", "en")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"18 positions, 45 moves", "#1 1 2 2 · N · g = 1", "├─ ★ take 1 from heap 1 → #2 0 2 2 · P · g = 0",
		"└─   take 2 from heap 3 → 1 2 0 (#18, drawn above)"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if n := strings.Count(out, "★"); n != 16 { // the legend and 15 winning moves
		t.Errorf("%d stars", n)
	}
	code, out, _ = runCLI(t, "", "tree", "nim", "1", "2", "2", "--misere", "--dot", "--lang", "zh")
	if code != 0 || !strings.HasPrefix(out, "digraph tree {") || !strings.Contains(out, `n0 -> n1 [label="从第 1 堆取走 1 根", penwidth=2.5`) ||
		!strings.Contains(out, `n1 [label="0 2 2\nP · g⁻ = 0"`) {
		t.Errorf("dot:\n%s", out)
	}
}

// A position with more than 2,000 positions is refused with its count.
func TestTreeRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tree", "nim", "6", "6", "6", "6"}, "has 2,401 positions, more than the 2,000"},
		{[]string{"tree", "nim", "1000000000000"}, "more than 200,000 positions"},
		{[]string{"tree", "nim"}, "give the position"},
		{[]string{"tree", "bash", "--max", "9223372036854775807", "400"}, "has 80,200 moves, more than the 50,000"},
	} {
		code, _, errs := runCLI(t, "", append(c.args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
	if code, out, _ := runCLI(t, "", "tree", "nim", "5", "5", "5", "5"); code != 0 || !strings.Contains(out, "1296 positions") {
		t.Errorf("nim 5 5 5 5: exit %d", code)
	}
}

// play --resume takes its game from the file: a game, a position or a
// setting beside it is refused in one line, as is a file with no game.
func TestResumeRefusals(t *testing.T) {
	t.Parallel()
	notes := filepath.Join(t.TempDir(), "notes.md")
	os.WriteFile(notes, []byte("# notes\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "nim", "3", "--resume", notes}, "give neither"},
		{[]string{"play", "--resume", notes, "--level", "casual"}, "--level would change the saved game"},
		{[]string{"play", "--resume", notes}, "no game saved by matchgame"},
		{[]string{"play", "--resume", filepath.Join(filepath.Dir(notes), "none.md")}, "cannot be read"},
	} {
		code, _, errs := runCLI(t, "", append(c.args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}
