package serve

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// classWithQuiz is a class that took a two-question quiz: alice right then
// wrong, "=cmd|x" (a name meant to trip a spreadsheet) right, then nothing,
// bob nothing, then wrong.
func classWithQuiz(t *testing.T) *Class {
	t.Helper()
	c := NewClass()
	advance := fakeClock(c)
	alice, _ := c.Join(t.Context(), "alice")
	mallory, _ := c.Join(t.Context(), "=cmd|x")
	bob, _ := c.Join(t.Context(), "bob")
	if err := c.StartQuiz(Quiz{Game: written("nim"), Seed: 7, Questions: 2, Limit: 30 * time.Second}); err != nil {
		t.Fatal(err)
	}
	c.Ask("3 5 6", "take 2 from heap 1")
	advance(4 * time.Second)
	alice.Answer(1, "take 2 from heap 1", true, nil)
	advance(2 * time.Second)
	mallory.Answer(1, "take 2 from heap 1", true, nil)
	c.Ask("1 2", "take 1 from heap 2")
	advance(10 * time.Second)
	alice.Answer(2, "take 1 from heap 1", false, nil)
	bob.Answer(2, "take 2 from heap 2", false, nil)
	if _, err := c.EndQuiz(); err != nil {
		t.Fatal(err)
	}
	advance(time.Hour)
	return c
}

func TestReportMarkdown(t *testing.T) {
	t.Parallel()
	md := classWithQuiz(t).Report().Markdown()
	for _, want := range []string{
		"# Class report\n\nFrom 2025-06-01 14:00 to 15:00.\n",
		"## Quiz 1: nim\n\n2 of 2 questions asked, 30s for each, seed 7.\n",
		"| 1 | alice | 1 | 1 | 0 | 4.0 s |\n",
		"| 2 | =cmd\\|x | 1 | 0 | 1 | 6.0 s |\n",
		"| 1 | 3 5 6 | take 2 from heap 1 |\n",
		"| alice | ✓ 4.0 s | ✗ 10.0 s |\n",
		"| =cmd\\|x | ✓ 6.0 s | — |\n",
		"| 3 | bob | 0 | 1 | 1 | — |\n", // no right answer: no time to give
		"- alice, question 2 (1 2): played take 1 from heap 1 after 10.0 s; winning: take 1 from heap 2.\n",
		"- =cmd\\|x, question 2 (1 2): no answer.\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	if md := (Report{}).Markdown(); !strings.Contains(md, "No quiz was given.") {
		t.Errorf("an empty report:\n%s", md)
	}
}

// Issue 19, item 6: the report is in the teacher's language.
func TestReportInChinese(t *testing.T) {
	t.Parallel()
	r := classWithQuiz(t).Report()
	r.Lang = "zh"
	md := r.Markdown()
	for _, want := range []string{
		"# 课堂报告\n\n从 2025-06-01 14:00 到 15:00。\n",
		"## 测验 1：nim\n\n共 2 题，已出 2 题，每题 30s，随机种子 7。\n",
		"| 名次 | 学生 | 答对 | 答错 | 未答 | 答对用时 |",
		"### 题目", "### 作答", "### 错误",
		"- alice，第 2 题（1 2）：10.0 s 后走了 take 1 from heap 1；必胜走法：take 1 from heap 2。\n",
		"- =cmd\\|x，第 2 题（1 2）：未作答。\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Chinese report lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "Class report") || strings.Contains(md, "Mistakes") {
		t.Errorf("English headings in the Chinese report:\n%s", md)
	}
}

func TestReportCSV(t *testing.T) {
	t.Parallel()
	rows, err := csv.NewReader(strings.NewReader(classWithQuiz(t).Report().CSV())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"quiz", "game", "seed", "question", "position", "winning_move", "student", "move", "result", "seconds"},
		{"1", "nim", "7", "1", "3 5 6", "take 2 from heap 1", "alice", "take 2 from heap 1", "right", "4.0"},
		{"1", "nim", "7", "2", "1 2", "take 1 from heap 2", "alice", "take 1 from heap 1", "wrong", "10.0"},
		{"1", "nim", "7", "1", "3 5 6", "take 2 from heap 1", "'=cmd|x", "take 2 from heap 1", "right", "6.0"},
		{"1", "nim", "7", "2", "1 2", "take 1 from heap 2", "'=cmd|x", "", "missed", ""},
		{"1", "nim", "7", "1", "3 5 6", "take 2 from heap 1", "bob", "", "missed", ""},
		{"1", "nim", "7", "2", "1 2", "take 1 from heap 2", "bob", "take 2 from heap 2", "wrong", "10.0"},
	}
	if strings.Join(flat(rows), "\n") != strings.Join(flat(want), "\n") {
		t.Errorf("CSV\n got %q\nwant %q", rows, want)
	}
}

func flat(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r, ","))
	}
	return out
}

func TestWriteReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := filepath.Join(dir, "class")
	if err := CheckReport(base); err != nil {
		t.Fatal(err)
	}
	r := classWithQuiz(t).Report()
	first, err := WriteReport(base, r, false)
	if err != nil {
		t.Fatal(err)
	}
	if first[0] != base+".md" || first[1] != base+".csv" {
		t.Errorf("wrote %v", first)
	}
	// Half a pair is in the way: the next free pair is taken whole.
	if err := os.WriteFile(base+"-2.csv", []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := WriteReport(base, r, false)
	if err != nil {
		t.Fatal(err)
	}
	if again[0] != base+"-3.md" || again[1] != base+"-3.csv" {
		t.Errorf("without force wrote %v, want the class-3 pair", again)
	}
	if kept, _ := os.ReadFile(base + "-2.csv"); string(kept) != "keep" {
		t.Error("an existing file was replaced")
	}
	forced, err := WriteReport(base, Report{}, true)
	if err != nil || forced[0] != base+".md" {
		t.Fatalf("with force: %v, %v", forced, err)
	}
	if md, _ := os.ReadFile(base + ".md"); !strings.Contains(string(md), "No quiz was given.") {
		t.Error("force did not replace the report")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 5 {
		t.Errorf("%d files in the directory, want 5 (no temporary ones)", len(entries))
	}
	if err := CheckReport(filepath.Join(dir, "missing", "class")); err == nil {
		t.Error("a report in a missing directory was not refused up front")
	}
}
