package main

import (
	"regexp"
	"strings"
	"testing"
)

// questionsOf are a worksheet's questions and, after them, its answers:
// the <h2> headings of the page, before and after the key.
func questionsOf(t *testing.T, html string) (questions, answers []string) {
	t.Helper()
	heading := regexp.MustCompile(`<h2>(\d+)\. ([^<]*)</h2>`)
	sheet, key, _ := strings.Cut(html, `<section class="key">`)
	for _, m := range heading.FindAllStringSubmatch(sheet, -1) {
		questions = append(questions, m[2])
	}
	for _, m := range heading.FindAllStringSubmatch(key, -1) {
		answers = append(answers, m[2])
	}
	return questions, answers
}

// Issue 27: a worksheet of a sum of games asks, question by question,
// each game's value, their nim-sum and the winning move (the core
// exercise of a lecture on Sprague–Grundy), each question with its
// figure; the key fills the table and names the move.
func TestWorksheetOfSum(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "", "worksheet", "nim", "+", "kayles", "+", "wythoff", "--questions", "5", "--seed", "3", "--answers", "--lang", "en")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	qs, as := questionsOf(t, out)
	if len(qs) != 5 || len(as) != 5 {
		t.Fatalf("%d questions, %d answers", len(qs), len(as))
	}
	for i, q := range qs {
		if !strings.Contains(q, "A sum of games, nim ") || !strings.Contains(q, " &#43; kayles ") || !strings.Contains(q, "nim-sum") {
			t.Errorf("question %d: %q", i+1, q)
		}
	}
	if n := strings.Count(out, "<svg"); n != 10 {
		t.Errorf("%d figures, want one a question and one an answer", n)
	}
	if plain := strings.ReplaceAll(out, "&#43;", "+"); !strings.Contains(plain, "Game 3 · Wythoff") || !strings.Contains(plain, "Worksheet: Nim + Kayles + Wythoff") ||
		!strings.Contains(plain, "matchgame worksheet nim + kayles + wythoff --questions 5 --seed 3") {
		t.Errorf("the sheet does not name the sum's games:\n%.1500s", out)
	}
}

// Issue 27: every family with values asks for them, not only P or N: in
// binary with their nim-sum where a position has parts (coins, corners),
// else the one value and how it is found (Wythoff, Staircase, Hackenbush
// with its edges written as edges).
func TestWorksheetAsksValues(t *testing.T) {
	t.Parallel()
	for game, want := range map[string]string{
		"wythoff":         "what is its Grundy value",
		"staircase":       "what is its Grundy value",
		"hackenbush":      "what is its Grundy value",
		"euclid":          "what is its Grundy value",
		"mock-turtles":    "Grundy value, in decimal and in binary",
		"turning-corners": "Grundy value of each part",
	} {
		code, out, errs := runCLI(t, "", "worksheet", game, "--questions", "4", "--seed", "2", "--answers", "--lang", "en")
		if code != 0 {
			t.Errorf("%s: exit %d: %s", game, code, errs)
			continue
		}
		qs, as := questionsOf(t, out)
		asked := false
		for _, q := range qs {
			asked = asked || strings.Contains(q, want)
		}
		if !asked {
			t.Errorf("%s: no question asks %q: %q", game, want, qs)
		}
		if game == "hackenbush" && !regexp.MustCompile(`at 0-\d+ `).MatchString(strings.Join(qs, "\n")) {
			t.Errorf("hackenbush: the edges are not written as edges: %q", qs)
		}
		if strings.Contains(want, "what is") && !strings.Contains(strings.Join(as, "\n"), ": g = ") {
			t.Errorf("%s: the key gives no value: %q", game, as)
		}
	}
}

// Issue 27: no two questions of a sheet ask the same position, nor have
// the same answer (the rows of values by the mex were drawn from four).
func TestWorksheetNoRepeats(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"kayles"}, {"nim"}, {"hackenbush"}, {"ruler"}, {"wythoff"}, {"nim", "+", "kayles"}} {
		cmd := append(append([]string{"worksheet"}, args...), "--questions", "24", "--seed", "5", "--answers", "--lang", "en")
		code, out, errs := runCLI(t, "", cmd...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
			continue
		}
		qs, as := questionsOf(t, out)
		for what, list := range map[string][]string{"question": qs, "answer": as} {
			seen := map[string]int{}
			for i, s := range list {
				if j, ok := seen[s]; ok {
					t.Errorf("%v: %ss %d and %d are the same: %q", args, what, j+1, i+1, s)
				}
				seen[s] = i
			}
		}
	}
}

// A position given is the sheet's first question, the others drawn: the
// teacher's own example (nim 3 5 + kayles 7 + wythoff 2 3).
func TestWorksheetStartsAtThePositionGiven(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "", "worksheet", "nim", "3", "5", "+", "kayles", "7", "+", "wythoff", "2", "3", "--questions", "3", "--seed", "1", "--answers", "--lang", "en")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	qs, as := questionsOf(t, out)
	if len(qs) != 3 || !strings.Contains(qs[0], "nim 3 5 &#43; kayles 7 &#43; wythoff 2 3:") || strings.Contains(qs[1], "nim 3 5 &#43; kayles 7 &#43;") {
		t.Errorf("questions %q", qs)
	}
	if len(as) != 3 || !strings.Contains(as[0], "in game 1, take 1 from heap 1") {
		t.Errorf("answers %q", as)
	}
}
