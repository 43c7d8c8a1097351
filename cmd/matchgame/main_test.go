package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/variants"
)

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// Every kind of bad input gets a one-line error naming the value and exit
// status 2.
func TestBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, stdin string
		args        []string
		mention     string
	}{
		{"negative heap", "", []string{"analyze", "nim", "3", "-4"}, `"-4" is negative`},
		{"not an integer", "", []string{"analyze", "nim", "3", "x"}, `"x" is not a whole number`},
		{"a fraction", "", []string{"analyze", "nim", "3.5"}, `"3.5"`},
		{"above int64", "", []string{"analyze", "nim", "99999999999999999999"}, "99999999999999999999"},
		{"empty standard input", "  \n", []string{"analyze", "nim"}, "no position"},
		{"bad token on standard input", "3 6 nine", []string{"analyze", "nim"}, `"nine"`},
		{"above int64 on standard input", "1 9223372036854775808", []string{"analyze", "nim"}, "9223372036854775808"},
		{"duplicate cells", "", []string{"analyze", "georgia-bob", "1", "3", "3"}, "cell 3 holds two chessmen"},
		{"cell 0", "", []string{"analyze", "georgia-bob", "0", "3"}, "cell 0"},
		{"--max 0", "", []string{"analyze", "bash", "10", "--max", "0"}, "--max 0"},
		{"--max missing", "", []string{"analyze", "bash", "10"}, "--max"},
		{"--max without a value", "", []string{"analyze", "bash", "10", "--max"}, "--max needs a value"},
		{"--max not a number", "", []string{"analyze", "bash", "10", "--max", "many"}, `"many"`},
		{"unknown game", "", []string{"analyze", "chess", "1"}, `"chess"`},
		{"unknown flag", "", []string{"analyze", "nim", "3", "--fast"}, "--fast"},
		{"unknown short flag", "", []string{"analyze", "nim", "3", "-x"}, "-x"},
		{"stray flag", "", []string{"analyze", "nim", "3", "--max", "2"}, "nim takes no --max"},
		{"stray --set", "", []string{"analyze", "wythoff", "3", "5", "--set", "1,2"}, "wythoff takes no --set"},
		{"empty --set", "", []string{"analyze", "subtraction", "3", "--set", ""}, "--set is empty"},
		{"non-positive --set", "", []string{"analyze", "subtraction", "3", "--set", "0,1"}, "0"},
		{"negative --set", "", []string{"analyze", "subtraction", "3", "--set", "1,-2"}, "-2"},
		{"non-numeric --set", "", []string{"analyze", "subtraction", "3", "--set", "1,a"}, `a`},
		{"heap beyond the Fibonacci table", "", []string{"analyze", "fibonacci", "1", "20000000"}, "20,000,000"},
		{"wythoff with three heaps", "", []string{"analyze", "wythoff", "1", "2", "3"}, "not 3 numbers"},
		{"wythoff with one heap", "", []string{"analyze", "wythoff", "4"}, "not 1 number\n"},
		{"an unknown background", "", []string{"play", "nim", "3", "--background", "grey"}, `--background "grey": choose dark or light`},
		{"a port past 65535", "", []string{"serve", "--listen", "127.0.0.1:99999"}, `--listen "127.0.0.1:99999"`},
		{"no port", "", []string{"serve", "--listen", "nonsense"}, `--listen "nonsense"`},
		{"a host key in a missing directory", "", []string{"serve", "--host-key", "/nonexistent/dir/k"}, "its directory does not exist"},
		{"a handout of a demo without end", "", []string{"demo", "bash", "--max", "1", "9223372036854775807", "--limit", "9223372036854775807", "--transcript", "t.md"}, "at most 10,000"},
		{"bash with two heaps", "", []string{"analyze", "bash", "1", "2", "--max", "3"}, "not 2 numbers"},
		{"staircase beyond int64", "", []string{"analyze", "staircase", "0", "9223372036854775807", "1"}, "9223372036854775807"},
		{"unknown language", "", []string{"analyze", "nim", "3", "--lang", "fr"}, `"fr"`},
		{"unknown language before the command", "", []string{"--lang", "fr", "analyze", "nim", "3"}, `"fr"`},
		{"a flag given twice", "", []string{"analyze", "nim", "3", "--misere", "--misere"}, "--misere is given twice"},
		{"a value for a boolean flag", "", []string{"analyze", "nim", "3", "--json=maybe"}, `"maybe"`},
		{"no game", "", []string{"analyze"}, "needs a game"},
		{"unknown command", "", []string{"solve", "nim", "3"}, `"solve"`},
		{"demo without a position", "", []string{"demo", "nim"}, "needs a position"},
		{"demo with a negative limit", "", []string{"demo", "nim", "3", "--limit", "-1"}, `"-1"`},
		{"seed 0", "", []string{"play", "nim", "3", "--seed", "0"}, "--seed 0"},
		{"unknown level", "", []string{"play", "nim", "3", "--level", "genius"}, `"genius"`},
		{"a control byte in a number", "3\x006", []string{"analyze", "nim"}, `"3\x006"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errText := runCLI(t, c.stdin, c.args...)
			if code != 2 {
				t.Errorf("exit status %d, want 2 (stdout %q, stderr %q)", code, out, errText)
			}
			if strings.Count(errText, "\n") != 1 || !strings.HasPrefix(errText, "matchgame: ") {
				t.Errorf("want one error line, got %q", errText)
			}
			if !strings.Contains(errText, c.mention) {
				t.Errorf("error %q does not mention %q", errText, c.mention)
			}
		})
	}
}

// analysis is the documented JSON object.
type analysis struct {
	Game        string     `json:"game"`
	Convention  string     `json:"convention"`
	Max         *int64     `json:"max"`
	Width       *int64     `json:"width"`
	Limit       *int64     `json:"limit"`
	Set         *string    `json:"set"`
	Edges       *string    `json:"edges"`
	K           *int64     `json:"k"`
	Parts       *int64     `json:"parts"`
	Position    []int64    `json:"position"`
	Outcome     string     `json:"outcome"`
	Move        moveFields `json:"move"`
	After       []int64    `json:"after"`
	Count       int64      `json:"winning_moves_count"`
	Summary     string     `json:"summary"`
	Explanation []string   `json:"explanation"`
}

// moveFields are a move's JSON fields; a move at several places
// ({"takes": [{"heap": 2, "take": 2}, …]}) reads as heap1, take1, heap2 …
type moveFields map[string]int64

func (f *moveFields) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || raw == nil {
		return err
	}
	*f = moveFields{}
	for k, v := range raw {
		if k != "takes" {
			var n int64
			if err := json.Unmarshal(v, &n); err != nil {
				return err
			}
			(*f)[k] = n
			continue
		}
		var takes []map[string]int64
		if err := json.Unmarshal(v, &takes); err != nil {
			return err
		}
		for i, t := range takes {
			for name, n := range t {
				(*f)[name+strconv.Itoa(i+1)] = n
			}
		}
	}
	return nil
}

func analyzeJSON(t *testing.T, stdin string, args ...string) analysis {
	t.Helper()
	code, out, errText := runCLI(t, stdin, append([]string{"analyze"}, append(args, "--json")...)...)
	if code != 0 {
		t.Fatalf("analyze %v: exit %d: %s", args, code, errText)
	}
	var a analysis
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("analyze %v: %v in %s", args, err, out)
	}
	return a
}

// The seed examples, in both conventions, through the command line.
func TestSeedExamples(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args           []string
		normal, misere string // outcomes
		move           map[string]int64
		after          []int64
	}{
		{[]string{"nim", "3", "6", "9"}, "N", "N", map[string]int64{"heap": 3, "take": 4}, []int64{3, 6, 5}},
		{[]string{"nim", "15", "22", "19", "10"}, "P", "P", nil, nil},
		{[]string{"nim", "2", "2"}, "P", "P", nil, nil},
		{[]string{"nim", "1", "2", "3"}, "P", "P", nil, nil},
		{[]string{"nim", "1", "1"}, "P", "N", nil, nil},
		{[]string{"nim", "1", "1", "1"}, "N", "P", nil, nil},
		{[]string{"georgia-bob", "1", "5", "6", "7", "9", "12", "14", "17"}, "N", "N", nil, nil},
		{[]string{"georgia-bob", "1", "2", "3"}, "P", "N", nil, nil},
		{[]string{"bash", "20", "--max", "4"}, "P", "N", nil, nil},
		{[]string{"bash", "21", "--max", "4"}, "N", "P", nil, nil},
		{[]string{"wythoff", "3", "5"}, "P", "P", nil, nil},
		{[]string{"wythoff", "1", "2"}, "P", "N", nil, nil},
		{[]string{"fibonacci", "1", "4", "1"}, "", "", nil, nil},
		{[]string{"staircase", "0", "1", "1"}, "N", "P", nil, nil},
	}
	for _, c := range cases {
		a := checkSeedExample(t, c.args, c.normal)
		if c.move != nil && (a.Move["heap"] != c.move["heap"] || a.Move["take"] != c.move["take"] || !slices.Equal(a.After, c.after)) {
			t.Errorf("%v: move %v after %v, want %v after %v", c.args, a.Move, a.After, c.move, c.after)
		}
		checkSeedExample(t, append(append([]string{}, c.args...), "--misere"), c.misere)
	}
}

// checkSeedExample analyses args and checks the outcome (unless want is
// ""), a move exactly where one wins, and an explanation.
func checkSeedExample(t *testing.T, args []string, want string) analysis {
	t.Helper()
	a := analyzeJSON(t, "", args...)
	if want != "" && a.Outcome != want {
		t.Errorf("%v: outcome %s, want %s", args, a.Outcome, want)
	}
	if (a.Outcome == "P") != (a.Move == nil) && !(a.Outcome == "N" && a.Count == 0) {
		t.Errorf("%v: outcome %s with move %v", args, a.Outcome, a.Move)
	}
	if len(a.Explanation) == 0 || a.Summary == "" {
		t.Errorf("%v: no explanation", args)
	}
	return a
}

// Flags may stand before or after the position, and the position may come
// on standard input.
func TestFlagsAnywhereAndStandardInput(t *testing.T) {
	t.Parallel()
	a := analyzeJSON(t, "", "nim", "--misere", "3", "6", "9")
	b := analyzeJSON(t, "", "nim", "3", "6", "9", "--misere")
	c := analyzeJSON(t, "3 6\n9\n", "nim", "--misere")
	if a.Convention != "misere" || !slices.Equal(a.After, b.After) || !slices.Equal(b.After, c.After) {
		t.Errorf("flag position changed the answer: %v %v %v", a, b, c)
	}
	if d := analyzeJSON(t, "", "anti-nim", "1", "1"); d.Convention != "misere" || d.Outcome != "N" {
		t.Errorf("anti-nim 1 1: %+v", d)
	}
	if e := analyzeJSON(t, "", "bash", "17", "--max", "3"); e.Max == nil || *e.Max != 3 || e.Move["take"] != 1 {
		t.Errorf("bash 17 --max 3: %+v", e)
	}
}

// A huge position's explanation stays short.
func TestHugePositionStaysShort(t *testing.T) {
	t.Parallel()
	var in strings.Builder
	for i := range 100000 {
		in.WriteString(strings.Repeat("7", 1+i%9) + " ")
	}
	a := analyzeJSON(t, in.String(), "nim")
	if len(a.Position) != 100000 || len(a.Explanation) > 12 {
		t.Errorf("%d heaps gave %d explanation lines", len(a.Position), len(a.Explanation))
	}
}

func TestHelpAndVersion(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--help"}, {"--version"}, {"analyze", "--help"}, {"demo", "-h"}, {"play", "--help"}, {"help", "demo"}} {
		code, out, _ := runCLI(t, "", args...)
		if code != 0 || out == "" || strings.Contains(out, "{cli.") {
			t.Errorf("%v: exit %d, output %q", args, code, out)
		}
	}
}

// A demo ends with the winner; in misère play the player who moves last loses.
func TestDemo(t *testing.T) {
	t.Parallel()
	code, out, errText := runCLI(t, "", "demo", "nim", "3", "6", "9")
	if code != 0 || !strings.Contains(out, "Player 1 wins") {
		t.Errorf("demo nim 3 6 9: exit %d: %s%s", code, out, errText)
	}
	code, out, _ = runCLI(t, "", "demo", "nim", "1", "1", "1", "--misere", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var last struct{ Winner int64 }
	if code != 0 || json.Unmarshal([]byte(lines[len(lines)-1]), &last) != nil || last.Winner != 2 {
		t.Errorf("demo anti-nim 1 1 1: exit %d, last line %q", code, lines[len(lines)-1])
	}
	// A start with no move left says why the player to move has lost.
	code, out, _ = runCLI(t, "", "demo", "--preset", "poj1704-bob")
	if code != 0 || !strings.Contains(out, "P-position: no move is left") || !strings.Contains(out, "nim-sum") || !strings.Contains(out, "Player 2 wins") {
		t.Errorf("demo --preset poj1704-bob: exit %d:\n%s", code, out)
	}
}

// Large input is read in two halves; the cut must not split a
// number, and an error in either half is reported.
func TestLargeInputInHalves(t *testing.T) {
	t.Parallel()
	var in strings.Builder
	var want []int64
	for i := int64(0); in.Len() < 3<<20; i++ {
		v := i * 7919 % 1000000007
		in.WriteString(strconv.FormatInt(v, 10))
		in.WriteString([]string{" ", "\n", "\t "}[i%3])
		want = append(want, v)
	}
	got, err := variants.ReadPosition(strings.NewReader(in.String()), "what.heap", variants.DefaultMaxInput)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("read %d numbers (err %v), want %d", len(got), err, len(want))
	}
	if _, err := variants.ReadPosition(strings.NewReader(in.String()+" x1"), "what.heap", variants.DefaultMaxInput); err == nil || !strings.Contains(engine.Message(err, assets.Messages("en")), `"x1"`) {
		t.Errorf("a bad number in the second half: %v", err)
	}
	if _, err := variants.ReadPosition(strings.NewReader("x0 "+in.String()), "what.heap", variants.DefaultMaxInput); err == nil || !strings.Contains(engine.Message(err, assets.Messages("en")), `"x0"`) {
		t.Errorf("a bad number in the first half: %v", err)
	}
}

// Every preset starts a game, and the seed examples come out as their
// sources say.
func TestPresets(t *testing.T) {
	t.Parallel()
	want := map[string]string{"p1247-win": "N", "p1247-lose": "P", "nim-2-2": "P", "nim-1-2-3": "P",
		"anti-nim-1-1-1": "P", "anti-nim-1-1-5": "N", "bash-20-4": "P", "bash-23-4": "N", "wythoff-3-5": "P",
		"wythoff-4-9": "N", "staircase-0-3-1-3": "P", "staircase-0-1-5-3": "N", "poj1704-bob": "P", "poj1704-georgia": "N",
		"hdu1524": "N", "graph-draw": "D"}
	for _, p := range assets.Presets() {
		a := analyzeJSON(t, "", "--preset", p.Name)
		if w, ok := want[p.Name]; ok && a.Outcome != w {
			t.Errorf("preset %s: outcome %s, want %s", p.Name, a.Outcome, w)
		}
		for _, lang := range assets.Langs {
			if p.Title[lang] == "" || p.Context[lang] == "" {
				t.Errorf("preset %s has no %s title or context", p.Name, lang)
			}
		}
		delete(want, p.Name)
	}
	if len(want) > 0 {
		t.Errorf("presets missing: %v", want)
	}
	if code, out, _ := runCLI(t, "", "presets"); code != 0 || !strings.Contains(out, "poj1704-georgia") {
		t.Errorf("presets: exit %d, %q", code, out)
	}
}

// The fast reader agrees with the plain parser on any input: the same
// numbers, or an error for the same bad input.
func FuzzReadPosition(f *testing.F) {
	for _, s := range []string{"3 6 9", " 15\t22\n19 10 ", "", "-1", "1 x", "99999999999999999999", "007 8", "1\x002"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := variants.ReadPosition(strings.NewReader(s), "what.heap", variants.DefaultMaxInput)
		var want []int64
		var wantErr error
		for _, field := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" \t\n\v\f\r", r) }) {
			v, err := variants.ParseNumber(field, "what.heap")
			if err != nil {
				wantErr = err
				break
			}
			want = append(want, v)
		}
		if wantErr == nil && len(want) == 0 {
			wantErr = errors.New("no position")
		}
		if (err != nil) != (wantErr != nil) || err == nil && !slices.Equal(got, want) {
			t.Fatalf("%q: read %v (%v), want %v (%v)", s, got, err, want, wantErr)
		}
		// The same a few bytes at a time, as a pipe may give it: numbers
		// cut between reads are read whole.
		size := 1 + len(s)%5
		got, err = variants.ReadPosition(&chunked{data: []byte(s), size: size}, "what.heap", variants.DefaultMaxInput)
		if (err != nil) != (wantErr != nil) || err == nil && !slices.Equal(got, want) {
			t.Fatalf("%q %d bytes at a time: read %v (%v), want %v (%v)", s, size, got, err, want, wantErr)
		}
	})
}

// A count of winning moves past the largest int64 is written whole, in
// JSON as in the text: three rows of Kayles of 2^63 − 1 pins.
func TestCountPastInt64(t *testing.T) {
	t.Parallel()
	huge := "9223372036854775807"
	code, out, _ := runCLI(t, "", "analyze", "kayles", huge, huge, huge, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	var a struct {
		Count json.Number `json:"winning_moves_count"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	n, ok := new(big.Int).SetString(a.Count.String(), 10)
	if !ok || n.IsInt64() {
		t.Fatalf("winning_moves_count %s: want a number past the largest int64", a.Count)
	}
	_, text, _ := runCLI(t, "", "analyze", "kayles", huge, huge, huge)
	if !strings.Contains(strings.ReplaceAll(text, ",", ""), "Winning moves from here: "+n.String()+".") {
		t.Errorf("the text does not count %s winning moves:\n%s", n, text)
	}
}

// demo --limit N on a longer game plays exactly N moves, in text and in
// JSON lines (one object per position: the start and N moves).
func TestDemoLimit(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 7, 30} {
		_, out, _ := runCLI(t, "", "demo", "bash", "--max", "1", "100", "--limit", strconv.Itoa(n), "--json")
		if lines := strings.Count(out, "\n"); lines != n+1 {
			t.Errorf("--limit %d: %d JSON lines, want %d", n, lines, n+1)
		}
		_, text, _ := runCLI(t, "", "demo", "bash", "--max", "1", "100", "--limit", strconv.Itoa(n))
		if !strings.Contains(text, "\n"+strconv.Itoa(n)+". ") || strings.Contains(text, "\n"+strconv.Itoa(n+1)+". ") {
			t.Errorf("--limit %d: the text does not stop at move %d:\n%s", n, n, text)
		}
	}
}

// --pause takes a duration or a number of seconds, from 0 to a minute.
func TestParsePause(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]time.Duration{"0.2": 200 * time.Millisecond, "0.7s": 700 * time.Millisecond, "0": 0, "500ms": 500 * time.Millisecond, "60": time.Minute} {
		if d, ok := tui.ParsePause(s); !ok || d != want {
			t.Errorf("--pause %s: %v %v, want %v", s, d, ok, want)
		}
	}
	for _, s := range []string{"-1", "61", "2m", "NaN", "Inf", "x", "", "1e400"} {
		if d, ok := tui.ParsePause(s); ok {
			t.Errorf("--pause %q accepted as %v", s, d)
		}
	}
}

// --lang takes any case, as game names do.
func TestLangAnyCase(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--lang", "ZH", "analyze", "nim", "3"}, {"analyze", "nim", "3", "--lang=Zh"}} {
		if code, out, errText := runCLI(t, "", args...); code != 0 || !strings.Contains(out, "普通规则") {
			t.Errorf("%q: exit %d: %s%s", args, code, out, errText)
		}
	}
}

// --limit is Fibonacci Nim's first-move limit in analyze and play, and
// demo's number of moves in demo, for every game and sum there (issue 16).
func TestLimitFlag(t *testing.T) {
	t.Parallel()
	if a := analyzeJSON(t, "", "fibonacci-nim", "20", "--limit", "3"); !slices.Equal(a.Position, []int64{20, 3}) {
		t.Errorf("analyze fibonacci-nim 20 --limit 3: position %v", a.Position)
	}
	for _, args := range [][]string{{"demo", "nim", "3", "6", "9", "--limit", "2"}, {"demo", "nim", "3", "+", "kayles", "4", "--limit", "2"},
		{"demo", "fibonacci-nim", "20", "--limit", "2"}} {
		code, out, errs := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "Stopped after move 2") {
			t.Errorf("%v: exit %d, %q%s", args, code, errs, out)
		}
	}
}

// The command line stays thin (issue 26): it reads the flags and calls
// the packages, in at most 1,500 lines without its tests.
func TestCommandLineStaysThin(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines += strings.Count(string(src), "\n")
	}
	if lines > 1500 {
		t.Errorf("cmd/matchgame has %d lines without its tests, more than 1,500: what is not reading the command line belongs in a package", lines)
	}
}
