package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/tui/learn"
	"matchgame/internal/variants"
)

// learn lists the pages (one a line), learn --json gives their ids,
// titles and families, and every family is on some page.
func TestLearnListAndJSON(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "", "learn", "--lang", "en")
	if code != 0 || errs != "" || !strings.Contains(out, "sprague-grundy  The Sprague–Grundy theorem") || strings.Count(out, "\n") < 20 {
		t.Fatalf("learn: %d %q\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, "", "learn", "--json", "--lang", "zh")
	var got struct {
		Pages []struct {
			ID, Title string
			Games     []string
		} `json:"pages"`
	}
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil || len(got.Pages) < 20 {
		t.Fatalf("learn --json: %d %v\n%s", code, err, out)
	}
	var families []string
	for _, p := range got.Pages {
		if p.ID == "" || p.Title == "" {
			t.Errorf("a page without id or title: %+v", p)
		}
		families = append(families, p.Games...)
	}
	for _, name := range variants.Names() {
		if !slices.Contains(families, name) {
			t.Errorf("no page lists %s", name)
		}
	}
}

// learn TOPIC prints the page as Markdown when not on a terminal; a
// topic may be a family; an unknown one is refused in one line.
func TestLearnPrintsAPage(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI(t, "", "learn", "sprague-grundy", "--lang", "en")
	if code != 0 || !strings.HasPrefix(out, "# The Sprague–Grundy theorem") || !strings.Contains(out, "```text") || !strings.Contains(out, "## Answers") {
		t.Fatalf("learn sprague-grundy: %d\n%.400s", code, out)
	}
	if code, out, _ := runCLI(t, "", "learn", "KAYLES", "--lang", "zh"); code != 0 || !strings.HasPrefix(out, "# 取子分堆游戏") {
		t.Errorf("learn KAYLES: %d %.80q", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"learn", "nosuch"}, `there is no page "nosuch"`},
		{[]string{"learn", "nim", "sj"}, "sj"},
		{[]string{"learn", "--html"}, "give its topic"},
		{[]string{"learn", "nim", "--html", "--markdown"}, "not both"},
		{[]string{"learn", "nim", "--json"}, "give no topic"},
		{[]string{"learn", "nim", "--color"}, "--color"},
	} {
		code, _, errs := runCLI(t, "", append(c.args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", c.args, code, errs)
		}
	}
}

// -o writes the page whole, HTML for a .html name; an existing file is
// kept unless --force.
func TestLearnWritesAHandout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	page := filepath.Join(dir, "sg.html")
	code, out, errs := runCLI(t, "", "learn", "sprague-grundy", "-o", page, "--lang", "zh")
	data, err := os.ReadFile(page)
	if code != 0 || err != nil || !strings.HasPrefix(string(data), "<!DOCTYPE html>") || !strings.Contains(string(data), "<details>") ||
		!strings.Contains(string(data), "<svg") || !strings.Contains(out, page) {
		t.Fatalf("learn -o: %d %q %q %v", code, out, errs, err)
	}
	if code, _, errs := runCLI(t, "", "learn", "nim", "-o", page, "--lang", "en"); code != 2 || !strings.Contains(errs, "exists") {
		t.Errorf("over an existing file: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "", "learn", "nim", "-o", page, "--markdown", "--force", "--lang", "en"); code != 0 {
		t.Errorf("--force: %d %q", code, errs)
	}
	if data, _ := os.ReadFile(page); !strings.HasPrefix(string(data), "# Nim and Bouton's theorem") {
		t.Errorf("--markdown --force wrote %.40q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

// lesson PLAN without a terminal checks the plan and prints its steps; a
// bad plan is refused with its line, in one line, before anything starts
// (serve --class --lesson too).
func TestLessonCommand(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI(t, "", "lesson", "sums", "--lang", "en")
	if code != 0 || !strings.Contains(out, "Lesson: Sums and the Sprague–Grundy theorem (6 steps)") || !strings.Contains(out, "quiz of 5 questions") {
		t.Fatalf("lesson sums: %d\n%s", code, out)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("title = \"x\"\n\n[[step]]\npage = \"nim\"\n\n[[step]]\ndemo = \"nim 3 -6\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"lesson", bad},
		{"lesson", bad, "--check"},
		{"serve", "--class", "--lesson", bad, "--listen", "127.0.0.1:0", "--report", filepath.Join(dir, "r")},
	} {
		code, _, errs := runCLI(t, "", append(args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, "bad.toml, line 7: step 2:") || !strings.Contains(errs, `"-6"`) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lesson", "nosuch"}, "nor a built-in plan"},
		{[]string{"serve", "--lesson", "sums"}, "give --class"},
	} {
		code, _, errs := runCLI(t, "", append(c.args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: %d %q", c.args, code, errs)
		}
	}
}

// lesson alone lists the built-in plans with their titles, as learn alone
// lists the pages: a teacher's first question, not a mistake.
func TestLessonAloneListsPlans(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, line string }{
		{"en", "sums              Sums and the Sprague–Grundy theorem (6 steps)"},
		{"zh", "sums              游戏的和与 SG 定理（6 个步骤）"},
	} {
		code, out, errs := runCLI(t, "", "lesson", "--lang", c.lang)
		if code != 0 || errs != "" || !strings.Contains(out, c.line+"\n") || strings.Count(out, "\n") != len(learn.Builtins())+2 {
			t.Errorf("lesson --lang %s: %d %q\n%s", c.lang, code, errs, out)
		}
	}
}
