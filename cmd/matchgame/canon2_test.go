package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// The games of SPEC §10's second half refuse bad input in one line that
// names it, with exit status 2.
func TestCanonSecondHalfBadInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args    []string
		stdin   string
		mention string
	}{
		{[]string{"analyze", "graph", "--edges", "1>2 3>", "1"}, "", `edge "3>": write an edge as u>v`},
		{[]string{"analyze", "graph", "--edges", "1>2", "9"}, "", "vertex 9 is not in the graph"},
		{[]string{"analyze", "chomp", "3", "5"}, "", "row 2 has 5 squares, more than row 1 above it (3)"},
		{[]string{"analyze", "chomp", "3", "3", "--misere"}, "", "chomp is played misère only"},
		{[]string{"analyze", "chomp", "11", "1"}, "", "search takes bars up to 10 × 10"},
		{[]string{"analyze", "hackenbush", "0-1", "2-3"}, "", "edge 2-3 does not reach the ground (vertex 0)"},
		{[]string{"analyze", "hackenbush", "0-1", "1"}, "", `edge "1": write an edge as u-v`},
		{[]string{"analyze", "turning-corners", "1,2", "3"}, "", `coin "3": write a coin as x,y`},
		{[]string{"analyze", "turning-corners"}, "1,2 1,2", "coin (1, 2) is given twice"},
		{[]string{"analyze", "mock-turtles", "3", "0"}, "", "coin 0: coins are numbered from 1"},
		{[]string{"analyze", "ruler", "20", "--misere"}, "", "searched up to coin 16; coin 20 is beyond it"},
		{[]string{"analyze", "nim", "3", "+", "chomp", "11"}, "", "component 2 (chomp): a bar of 1 rows and 11 columns: search takes bars up to 10 × 10"},
	} {
		code, out, errText := runCLI(t, c.stdin, append(c.args, "--lang", "en")...)
		if code != 2 || out != "" || strings.Count(errText, "\n") != 1 || !strings.Contains(errText, c.mention) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line with %q", c.args, code, out, errText, c.mention)
		}
	}
}

// The games' JSON: a move's fields as README lists them, and positions
// written in the game's own words read back from standard input.
func TestCanonSecondHalfJSON(t *testing.T) {
	t.Parallel()
	a := analyzeJSON(t, "", "turning-corners", "2,3", "3,3")
	checkFields(t, "turning-corners 2,3 3,3", field{"outcome", a.Outcome, "N"}, field{"x", a.Move["x"], int64(2)},
		field{"y", a.Move["y"], int64(3)}, field{"a", a.Move["a"], int64(0)}, field{"b", a.Move["b"], int64(1)},
		field{"winning moves", a.Count, int64(5)})
	if b := analyzeJSON(t, "2,3\n3,3\n", "turning-corners"); b.Count != a.Count {
		t.Errorf("from standard input: %+v", b)
	}
	h := analyzeJSON(t, "", "hackenbush", "0-1", "1-2", "1-3", "3-4", "0-5", "5-6", "6-7", "7-5")
	checkFields(t, "hackenbush", field{"outcome", h.Outcome, "N"}, field{"edge", h.Move["edge"], int64(3)}, field{"winning moves", h.Count, int64(1)})
	ch := analyzeJSON(t, "", "chomp", "4", "4", "4")
	checkFields(t, "chomp 4 4 4", field{"outcome", ch.Outcome, "N"}, field{"row", ch.Move["row"], int64(2)}, field{"column", ch.Move["column"], int64(3)})
	// In sums (refused before): a graph with draws by Smith's theory, Chomp
	// without its poisoned square (the bar 2 is worth 1: one bite left).
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"graph", "--edges", "1>2 2>3 3>1", "1", "+", "nim", "3"}, `"outcome":"D","move":null`},
		{[]string{"graph", "--edges", "1>2 2>1 2>3 4>4 4>3", "4", "+", "nim", "0"}, `"outcome":"N","move":{"component":1,"from":4,"to":3}`},
		{[]string{"nim", "3", "+", "chomp", "2"}, `"convention":"normal","components":[{"game":"nim","position":[3],"grundy":3},{"game":"chomp","position":[2],"grundy":1}]`},
	} {
		code, out, errText := runCLI(t, "", append([]string{"analyze", "--json"}, c.args...)...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, %s %s; want %s", c.args, code, out, errText, c.want)
		}
	}
}

// A graph game whose play can go on for ever: outcome "D" and no move
// count (SPEC §10), the draw explained; in both conventions.
func TestGraphDrawJSON(t *testing.T) {
	t.Parallel()
	for _, misere := range []bool{false, true} {
		args := []string{"analyze", "--preset", "graph-draw", "--json"}
		if misere {
			args = append(args, "--misere")
		}
		code, out, errText := runCLI(t, "", args...)
		var got map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("%v: exit %d, %s %s", args, code, out, errText)
		}
		if _, counted := got["winning_moves_count"]; got["outcome"] != "D" || counted || got["move"] != nil {
			t.Errorf("%v: %s", args, out)
		}
	}
}

// Moore's Nim: a move on several heaps is a list of takes, heaps
// ascending; K is the game's parameter "k".
func TestMooreJSON(t *testing.T) {
	t.Parallel()
	a := analyzeJSON(t, "", "moore", "--k", "2", "3", "5", "6")
	checkFields(t, "moore --k 2 3 5 6", field{"k", deref(a.K), int64(2)}, field{"outcome", a.Outcome, "N"},
		field{"heap1", a.Move["heap1"], int64(2)}, field{"take1", a.Move["take1"], int64(2)},
		field{"heap2", a.Move["heap2"], int64(3)}, field{"take2", a.Move["take2"], int64(3)}, field{"winning moves", a.Count, int64(1)})
	// Any number of heaps (at most 6 before): a winning move, and a count
	// that is not known said as null.
	many := []string{"analyze", "--json", "moore", "--k", "6"}
	for i := range 100 {
		many = append(many, strconv.Itoa(1<<40+i*7919*7919))
	}
	code, out, errText := runCLI(t, "", many...)
	if code != 0 || !strings.Contains(out, `"outcome":"N","move":{"takes":[`) || !strings.Contains(out, `"winning_moves_count":null`) {
		t.Errorf("100 heaps: exit %d, %.300s %q", code, out, errText)
	}
}

// Each command's help names the games' own flags (from the registry) and
// --every, so a newcomer finds them without the README.
func TestHelpListsGameFlags(t *testing.T) {
	t.Parallel()
	for _, c := range []string{"analyze", "demo", "play"} {
		for _, lang := range []string{"en", "zh"} {
			_, out, _ := runCLI(t, "", c, "--help", "--lang", lang)
			for _, want := range []string{"--k K", "--width W", "--edges E", "--file F", "--limit L", "--max M", "--set S", "--code C"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s --help (%s) does not name %s", c, lang, want)
				}
			}
			if every := strings.Contains(out, "--every"); every != (c != "play") {
				t.Errorf("%s --help (%s): --every listed %v", c, lang, every)
			}
		}
	}
}

// play without a terminal says so before it reads a graph file: a file of
// a million edges took 10 s and 478 MB to be refused (issue 27). The file
// named here does not exist: reading it first would say that instead.
func TestPlayGraphFileNeedsATerminalFirst(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"play", "graph", "--file", "/nonexistent/million-edges.txt", "1"},
		{"play", "graph", "--file=/nonexistent/million-edges.txt", "1"},
		{"play", "nim", "3", "+", "graph", "--file", "/nonexistent/million-edges.txt", "1"},
	} {
		code, _, errText := runCLI(t, "", append(args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errText, "play needs a terminal") {
			t.Errorf("%v: exit %d, %q", args, code, errText)
		}
	}
}
