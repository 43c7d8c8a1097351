package desk

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// printToPDF prints an HTML file to PDF in headless Chromium and returns
// the PDF's text (pdftotext) and its page size (pdfinfo). It runs in CI
// and with MATCHGAME_THOROUGH: the browser alone takes 5 s, more than half
// of what go test ./... may (issue 15). Without the tools the test fails
// under CI (which installs them) and is skipped elsewhere.
func printToPDF(t *testing.T, html []byte) (text, size string) {
	t.Helper()
	if os.Getenv("CI") == "" && os.Getenv("MATCHGAME_THOROUGH") == "" {
		t.Skip("the worksheet is printed in a real browser in CI, or with MATCHGAME_THOROUGH=1")
	}
	for _, tool := range []string{"chromium", "pdftotext", "pdfinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing: .ci/run installs chromium, poppler-utils and fonts-noto-cjk", tool)
			}
			t.Skipf("%s is not installed (CI installs it)", tool)
		}
	}
	dir := t.TempDir()
	page, pdf := filepath.Join(dir, "sheet.html"), filepath.Join(dir, "sheet.pdf")
	if err := os.WriteFile(page, html, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a guard against a hung browser, not a timing
	defer cancel()
	cmd := exec.CommandContext(ctx, "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--print-to-pdf="+pdf, "file://"+page)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	info, err := exec.Command("pdfinfo", pdf).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	for _, line := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(line, "Page size:") {
			size = line
		}
	}
	return string(out), size
}

// squeeze drops white space and hyphens: the PDF's text breaks lines
// where the page does, and pdftotext joins "nim-" and "sum" at a line's
// end into "nimsum".
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' {
			return -1
		}
		return r
	}, s)
}

// The worksheet printed by a real browser: every question, every answer
// and every line of the working is in the PDF's text, in English on
// Letter and in Chinese (CJK fonts) on A4.
func TestWorksheetInBrowser(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang, game, paper, want string
		misere                  bool
	}{
		{"en", "kayles", "letter", "(letter)", false},
		{"zh", "nim", "a4", "(A4)", false},
		{"en", "wythoff", "a4", "(A4)", true},
	} {
		cat := assets.Messages(c.lang)
		g, _, err := variants.Lookup(variants.Config{Name: c.game})
		if err != nil {
			t.Fatal(err)
		}
		conv := engine.Normal
		if c.misere {
			conv = engine.Misere
		}
		html, err := Worksheet(g, conv, 7, 11, c.paper, true, cat)
		if err != nil {
			t.Fatal(err)
		}
		qs, _ := sheetQuestions(g, conv, 7, 11, cat)
		text, size := printToPDF(t, html)
		if !strings.Contains(size, c.want) {
			t.Errorf("%s: %s, want %s", c.game, size, c.want)
		}
		flat := squeeze(text)
		check := func(what, s string) {
			if !strings.Contains(flat, squeeze(s)) {
				t.Errorf("%s %s: the PDF lacks %s %q", c.game, c.lang, what, s)
			}
		}
		check("the title", cat.T("worksheet.title", engine.Title(g).Render(cat)))
		kinds := map[string]bool{}
		for _, q := range qs {
			kinds[q.Kind] = true
			check("a question", q.Prompt)
			check("an answer", q.Answer)
			for _, line := range q.Working {
				check("the working", line)
			}
			for _, r := range q.Rows {
				check("a binary row", r.Label+r.Heap+r.Value+strings.Join(r.Bits, ""))
			}
		}
		if c.game == "kayles" && len(kinds) != 3 {
			t.Errorf("kayles: question kinds %v", kinds)
		}
		if !bytes.Contains(html, []byte("break-inside: avoid")) {
			t.Error("no page-break rule")
		}
	}
}

// A sheet asks for a mex row where the values must be found, and not for
// Nim, whose heaps are their own values (the table says so: Identity).
func TestWorksheetMexOnlyWhereValuesDiffer(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	for game, want := range map[string]bool{"nim": false, "kayles": true, "lasker": true} {
		g, c, err := variants.Lookup(variants.Config{Name: game})
		if err != nil {
			t.Fatal(err)
		}
		qs, err := sheetQuestions(g, c, 6, 1, cat)
		if err != nil {
			t.Fatal(err)
		}
		mex := false
		for _, q := range qs {
			mex = mex || q.Kind == askMex
		}
		if mex != want {
			t.Errorf("%s: a mex question %v, want %v", game, mex, want)
		}
	}
}

// Each question of a position has its figure, and its answer the figure
// with the winning move drawn; labels in the sheet's language.
func TestWorksheetFigures(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game, lang, label string
	}{
		{"hackenbush", "en", "ground"},
		{"kayles", "zh", "第 1 行"},
		{"nim", "zh", "第 1 堆"},
	} {
		cat := assets.Messages(c.lang)
		g, conv, err := variants.Lookup(variants.Config{Name: c.game})
		if err != nil {
			t.Fatal(err)
		}
		qs, err := sheetQuestions(g, conv, 6, 5, cat)
		if err != nil {
			t.Fatal(err)
		}
		figures := 0
		for _, q := range qs {
			if q.Kind == askMex {
				if q.Figure != "" {
					t.Errorf("%s %d: a row of values has a figure", c.game, q.Number)
				}
				continue
			}
			figures++
			if !strings.Contains(string(q.Figure), c.label) {
				t.Errorf("%s %d: the figure has no %q", c.game, q.Number, c.label)
			}
			if strings.Contains(string(q.Figure), "going") {
				t.Errorf("%s %d: the question's figure shows a move", c.game, q.Number)
			}
			if !strings.Contains(string(q.KeyFigure), "going") && !strings.Contains(q.Answer, cat.T("summary.lose")) {
				t.Errorf("%s %d: the key's figure shows no move for %q", c.game, q.Number, q.Answer)
			}
		}
		html, err := Worksheet(g, conv, 6, 5, "a4", true, cat)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(html, []byte("<svg")); n != 2*figures {
			t.Errorf("%s: %d figures on the page, want %d", c.game, n, 2*figures)
		}
	}
}

// Printed, a Hackenbush worksheet has each question with its figure on
// one page, the key after the questions, and a Chinese sheet's figures
// say their labels in Chinese.
func TestWorksheetFiguresInBrowser(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ game, lang, paper, label string }{
		{"hackenbush", "en", "a4", "ground"},
		{"kayles", "zh", "letter", "第 1 行"},
	} {
		cat := assets.Messages(c.lang)
		g, conv, err := variants.Lookup(variants.Config{Name: c.game})
		if err != nil {
			t.Fatal(err)
		}
		html, err := Worksheet(g, conv, 8, 2, c.paper, true, cat)
		if err != nil {
			t.Fatal(err)
		}
		qs, _ := sheetQuestions(g, conv, 8, 2, cat)
		text, _ := printToPDF(t, html)
		pages := strings.Split(text, "\f")
		pageOf := func(s string) int {
			for i, p := range pages {
				if strings.Contains(squeeze(p), squeeze(s)) {
					return i
				}
			}
			return -1
		}
		key := pageOf(cat.T("worksheet.key"))
		if key < 1 {
			t.Fatalf("%s: the key is on page %d", c.game, key+1)
		}
		for _, q := range qs {
			if p := pageOf(q.Prompt); p < 0 || p >= key {
				t.Errorf("%s: question %d is on page %d, the key on %d", c.game, q.Number, p+1, key+1)
			}
		}
		if !strings.Contains(squeeze(text), squeeze(c.label)) {
			t.Errorf("%s: the printed figures have no %q", c.game, c.label)
		}
	}
}
