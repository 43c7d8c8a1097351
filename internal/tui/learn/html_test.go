package learn

import (
	"regexp"
	"strings"
	"testing"

	"matchgame/assets"
)

// cssRule is the declarations of every rule in css whose selectors
// include selector, in order, inside @media print when print, outside it
// when not.
func cssRule(css, selector string, print bool) string {
	media := ""
	if i := strings.Index(css, "@media print"); i >= 0 {
		depth, j := 0, i
		for ; j < len(css); j++ {
			if css[j] == '{' {
				depth++
			} else if css[j] == '}' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		media, css = css[i:j], css[:i]+css[min(j+1, len(css)):]
	}
	if print {
		css = strings.TrimPrefix(strings.TrimPrefix(media, "@media print"), " {")
	}
	var out []string
	for _, m := range regexp.MustCompile(`(?m)(?:^|[{}])\s*([^{}@]*)\{([^}]*)\}`).FindAllStringSubmatch(css, -1) {
		for _, sel := range strings.Split(m[1], ",") {
			if strings.TrimSpace(sel) == selector {
				out = append(out, m[2])
			}
		}
	}
	return strings.Join(out, ";")
}

// fontStack is the families the last font-family in rule lists, in
// order.
func fontStack(rule string) []string {
	all := regexp.MustCompile(`font-family:\s*([^;]*)`).FindAllStringSubmatch(rule, -1)
	if all == nil {
		return nil
	}
	m := all[len(all)-1]
	var out []string
	for _, f := range strings.Split(m[1], ",") {
		out = append(out, strings.Trim(strings.TrimSpace(f), `"`))
	}
	return out
}

// The printed page's text blocks draw ·, ○ and ┃ one column wide, as the
// engine lays them out, and print whole: a CJK monospace font (which
// draws them two columns wide) never comes before the Latin ones for an
// English page, and in Chinese those glyphs come from a Latin face of
// their own put first; no scrollbar and no cut line in print.
func TestHTMLPrePrintsAligned(t *testing.T) {
	t.Parallel()
	for _, lang := range assets.Langs {
		d, err := Render("sprague-grundy", lang, 0)
		if err != nil {
			t.Fatal(err)
		}
		page := string(HTML(d))
		css := page[strings.Index(page, "<style>"):strings.Index(page, "</style>")]
		stack := fontStack(cssRule(css, "pre", false))
		if len(stack) == 0 {
			t.Fatalf("%s: pre has no font-family in %s", lang, css)
		}
		first := stack[0]
		if strings.Contains(first, "CJK") || strings.Contains(first, "Han") {
			t.Errorf("%s: pre's fonts begin with %q, which draws · ○ ┃ two columns wide: %q", lang, first, stack)
		}
		if lang == "zh" && !strings.Contains(strings.Join(stack, ","), "CJK") {
			t.Errorf("zh: no CJK monospace font for the Chinese in pre: %q", stack)
		}
		if face := fontFace(css, first); lang == "zh" && face != "" && !strings.Contains(face, "U+25") {
			t.Errorf("zh: %q does not cover the geometric shapes: %s", first, face)
		}
		printed := cssRule(css, "pre", true)
		if !strings.Contains(printed, "overflow: visible") || !strings.Contains(printed, "white-space: pre-wrap") {
			t.Errorf("%s: in print pre is %q: it scrolls or cuts its lines", lang, printed)
		}
	}
}

// fontFace is the @font-face rule that names family, "" for none.
func fontFace(css, family string) string {
	for _, m := range regexp.MustCompile(`@font-face\s*\{([^}]*)\}`).FindAllStringSubmatch(css, -1) {
		if strings.Contains(m[1], `font-family: "`+family+`"`) {
			return m[1]
		}
	}
	return ""
}

// A worked position in HTML is its picture and then the verdict and the
// explanation: the board is not drawn again as text under its picture.
func TestHTMLBoardDrawnOnce(t *testing.T) {
	t.Parallel()
	for _, p := range Pages() {
		for _, lang := range assets.Langs {
			d, err := Render(p.ID, lang, 0)
			if err != nil {
				t.Fatal(err)
			}
			cat := assets.Messages(lang)
			for _, b := range d.Blocks {
				w, ok := b.(Worked)
				if !ok || w.Analysis == nil {
					continue
				}
				page := string(HTML(Doc{Lang: lang, Blocks: []Block{w}}))
				pre := page[strings.Index(page, "<pre>"):strings.Index(page, "</pre>")]
				board := esc(strings.Join(boardLines(w.Setup, PlainStyles().Board, cat, 76), "\n"))
				if strings.Contains(pre, board) {
					t.Errorf("%s.%s: the board is drawn again under its picture:\n%s", p.ID, lang, pre)
				}
				summary, _ := workedText(w, cat)
				if !strings.Contains(pre, esc(strings.Fields(summary)[0])) {
					t.Errorf("%s.%s: the verdict %q is not under the picture:\n%s", p.ID, lang, summary, pre)
				}
			}
		}
	}
}
