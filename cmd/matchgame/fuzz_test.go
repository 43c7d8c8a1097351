package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// Any command line, with anything on standard input: no panic, an exit
// status of 0, 1 or 2, one line on standard error when refused and none
// on success, and no raw control character written anywhere. (Each
// argument is a NUL-separated field of line.)
func FuzzCommandLine(f *testing.F) {
	for _, args := range [][]string{
		{"analyze", "nim", "3", "6", "9"}, {"--lang", "zh", "analyze", "nim", "3", "--json"}, {"analyze", "NIM", "3", "--max", "2"},
		{"demo", "bash", "--max", "3", "10"}, {"demo", "georgia-bob", "1", "5", "6", "--json"}, {"presets"}, {"presets", "--lang=zh"},
		{"help", "demo"}, {"--help", "analyze"}, {"--version"}, {"analyze", "subtraction", "5", "--set", "1,3,4", "--misere", "--json"},
		{"analyze", "--preset", "p1247-win"}, {"analyze", "nim", "3", "--fo\no"}, {"play", "nim", "3"}, {"analyze", "wythoff", "3", "5"},
		{"analyze", "staircase", "0", "1", "2"}, {"analyze", "fibonacci", "1", "4", "1"}, {"analyze", "nim", "--max-input", "8"},
		{"--lang", "xx"}, {"analyze", "\x1b[2J", "3"}, {"analyze", "subtraction", "3", "--set", "9223372036854775807"},
		{"table", "kayles", "--to", "30"}, {"table", "bash", "--max", "3", "--json"}, {"tree", "nim", "1", "2", "2", "--dot"},
		{"tree", "kayles", "4", "--misere"}, {"worksheet", "nim", "--questions", "3", "--seed", "1", "--answers"},
	} {
		f.Add(strings.Join(args, "\x00"), "")
	}
	f.Add("analyze\x00nim", "3 6 9\n")
	f.Add("analyze\x00georgia-bob\x00--json", "1 5 6 7 9 12 14 17")
	f.Add("analyze\x00nim", "1 2\x00")
	f.Fuzz(func(t *testing.T, line, stdin string) {
		var args []string
		if line != "" {
			args = strings.Split(line, "\x00")
		}
		if slices.ContainsFunc(args, notFuzzed) {
			t.Skip()
		}
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(stdin), &out, &errb)
		checkEnd(t, args, code, out.String(), errb.String())
	})
}

// notFuzzed: files and servers are not what the fuzzing looks for, and a
// long demo only takes time.
func notFuzzed(a string) bool {
	return strings.HasPrefix(a, "--transcript") || strings.HasPrefix(a, "--limit") || a == "serve" ||
		a == "-o" || strings.HasPrefix(a, "--output") || strings.HasPrefix(a, "--to")
}

// checkEnd checks how a command line ended: an exit status of 0, 1 or 2,
// one line on standard error when refused and none on success, and no raw
// control character written to standard output.
func checkEnd(t *testing.T, args []string, code int, out, errs string) {
	t.Helper()
	switch {
	case code != 0 && code != 1 && code != 2:
		t.Fatalf("%q: exit %d", args, code)
	case code == 0 && len(errs) > 0:
		t.Fatalf("%q: exit 0 with %q on standard error", args, errs)
	case code != 0:
		checkMessage(t, args, errs)
	}
	for _, r := range out {
		if r != '\n' && (unicode.IsControl(r) || r == '\ufffd') {
			t.Fatalf("%q: %U on standard output", args, r)
		}
	}
}
