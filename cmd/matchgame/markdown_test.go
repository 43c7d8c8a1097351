package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"matchgame/internal/variants"
)

// renderMarkdown renders Markdown as GitHub does (CommonMark with tables)
// and returns the HTML.
func renderMarkdown(t *testing.T, md []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(md, &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// strayEmphasis finds asterisks that a CommonMark renderer left as text
// outside code: emphasis that did not close.
var strayEmphasis = regexp.MustCompile(`\*\*`)

func outsideCode(html string) string {
	return regexp.MustCompile(`(?s)<pre>.*?</pre>|<code>.*?</code>`).ReplaceAllString(html, "")
}

// Issue 18, rough edge 8: a handout's bold openings render as bold in
// both languages; by CommonMark's flanking rules "**规则。**若干" does not
// close, and GitHub showed the asterisks.
func TestHandoutMarkdownRenders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, spec := range variants.Games {
		for _, lang := range []string{"en", "zh"} {
			for _, misere := range []bool{false, true} {
				file := filepath.Join(dir, spec.Name+lang)
				args := []string{"demo", spec.Name, "--transcript", file, "--force", "--lang", lang}
				for _, p := range spec.Params {
					if p.Default != "" { // none: the game's own default (Fibonacci Nim's n − 1)
						args = append(args, "--"+p.Name, p.Default)
					}
				}
				if misere && !spec.MisereOnly && !spec.NormalOnly { // Chomp is misère play already, Northcott normal only: both refuse the flag
					args = append(args, "--misere")
				}
				for _, v := range spec.Example {
					args = append(args, strconv.FormatInt(v, 10))
				}
				if code, _, errs := runCLI(t, "", args...); code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, errs)
				}
				md, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				html := renderMarkdown(t, md)
				if text := []rune(outsideCode(html)); strayEmphasis.MatchString(string(text)) {
					i := len([]rune(string(text)[:strayEmphasis.FindStringIndex(string(text))[0]]))
					t.Errorf("%v: a literal ** in the rendered handout: …%s…", args, string(text[max(0, i-40):min(len(text), i+20)]))
				}
				if !strings.Contains(html, "<strong>") {
					t.Errorf("%v: nothing bold in the handout", args)
				}
			}
		}
	}
}

// The table's Markdown renders as a table with the first period in bold,
// in both languages.
func TestTableMarkdownRenders(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		code, out, errs := runCLI(t, "", "table", "kayles", "--to", "100", "--lang", lang)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		html := renderMarkdown(t, []byte(out))
		if strayEmphasis.MatchString(html) || !strings.Contains(html, "<table>") || strings.Count(html, "<strong>") != 12 {
			t.Errorf("%s: %d bold values, table %t", lang, strings.Count(html, "<strong>"), strings.Contains(html, "<table>"))
		}
	}
}
