package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The same seed gives the same sheet, byte for byte; another seed another.
func TestWorksheetSeed(t *testing.T) {
	t.Parallel()
	sheet := func(seed string) string {
		code, out, errs := runCLI(t, "", "worksheet", "kayles", "--questions", "9", "--seed", seed, "--answers", "--lang", "en")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		return out
	}
	a, b, c := sheet("5"), sheet("5"), sheet("6")
	if a != b {
		t.Error("seed 5 gave two sheets")
	}
	if a == c {
		t.Error("seeds 5 and 6 gave the same sheet")
	}
	for _, want := range []string{"break-inside: avoid", "@page { size: A4;", `"Noto Serif CJK SC"`, "Answer key", "--seed 5"} {
		if !strings.Contains(a, want) {
			t.Errorf("the sheet lacks %q", want)
		}
	}
	if _, out, _ := runCLI(t, "", "worksheet", "nim", "--questions", "2", "--seed", "1"); strings.Contains(out, "Answer key") {
		t.Error("an answer key without --answers")
	}
}

// Refusals: bad counts, paper, an existing -o without --force;
// -o writes the file whole and says so.
func TestWorksheetRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "sheet.html")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"worksheet", "nim", "--questions", "0"}, "from 1 to 100"},
		{[]string{"worksheet", "nim", "--questions", "101"}, "from 1 to 100"},
		{[]string{"worksheet", "nim", "--paper", "a3"}, `--paper "a3": choose a4 or letter`},
		{[]string{"worksheet", "nim", "-o", dir}, "is a directory"},
	} {
		code, _, errs := runCLI(t, "", append(c.args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
	if code, out, errs := runCLI(t, "", "worksheet", "nim", "--seed", "2", "-o", file, "--lang", "en"); code != 0 || !strings.Contains(out, "wrote 10 questions") {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "", "worksheet", "nim", "--seed", "2", "-o", file, "--lang", "en"); code != 2 || !strings.Contains(errs, "exists already") {
		t.Errorf("over an existing file: exit %d, %q", code, errs)
	}
	if code, _, _ := runCLI(t, "", "worksheet", "nim", "--seed", "3", "-o", file, "--force"); code != 0 {
		t.Errorf("--force: exit %d", code)
	}
}
