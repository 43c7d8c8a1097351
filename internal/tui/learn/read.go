package learn

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	gtext "github.com/yuin/goldmark/text"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// md reads a page's Markdown: CommonMark with tables.
var md = goldmark.New(goldmark.WithExtensions(extension.Table))

// Render reads page id in lang and fills it in: the engine works its
// example and placeholders, draws its exercises (draw picks which: 0 is
// the printed page's) and gives its problems' verdicts. An error is a
// page that cannot be read at all; a placeholder the engine cannot fill
// is a Failed block, or a Wrong span, on the page.
func Render(id, lang string, draw int) (Doc, error) {
	p, ok := Find(id)
	if !ok {
		return Doc{}, engine.Refuse("err.learn.topic", id, strings.Join(IDs(), ", "))
	}
	cat := assets.Messages(lang)
	front, body, err := source(p.ID, cat.Lang)
	if err != nil {
		return Doc{}, err
	}
	src := []byte(body)
	r := reader{src: src, page: p, cat: cat, draw: draw}
	doc := Doc{Page: p, Lang: cat.Lang, Title: front["title"]}
	for n := md.Parser().Parse(gtext.NewReader(src)).FirstChild(); n != nil; n = n.NextSibling() {
		doc.Blocks = append(doc.Blocks, r.block(n)...)
	}
	return doc, nil
}

// reader turns the Markdown tree into blocks.
type reader struct {
	src  []byte
	page Page
	cat  *assets.Catalog
	draw int
}

func (r reader) block(n ast.Node) []Block {
	switch n := n.(type) {
	case *ast.Heading:
		return []Block{Heading{Level: n.Level, Text: r.inline(n)}}
	case *ast.Paragraph:
		if src, ok := r.alone(n); ok {
			return []Block{r.placed(src)}
		}
		return []Block{Para{Text: r.inline(n)}}
	case *ast.List:
		l := List{Ordered: n.IsOrdered()}
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			var s Spans
			for c := item.FirstChild(); c != nil; c = c.NextSibling() {
				if len(s) > 0 {
					s = append(s, Span{Text: " "})
				}
				s = append(s, r.inline(c)...)
			}
			l.Items = append(l.Items, s)
		}
		return []Block{l}
	case *ast.Blockquote:
		var st Statement
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			st.Paras = append(st.Paras, r.inline(c))
		}
		return []Block{st}
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		var lines []string
		segs := n.Lines()
		for i := range segs.Len() {
			seg := segs.At(i)
			lines = append(lines, strings.TrimRight(string(seg.Value(r.src)), "\n"))
		}
		return []Block{Pre{Lines: lines}}
	case *east.Table:
		return []Block{r.grid(n)}
	}
	return []Block{Failed{Source: n.Kind().String(), Why: "not a block a page may use"}}
}

// grid is a table: its header row and its rows.
func (r reader) grid(t *east.Table) Grid {
	var g Grid
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []Spans
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, r.inline(c))
		}
		if _, head := row.(*east.TableHeader); head {
			g.Head = cells
		} else {
			g.Rows = append(g.Rows, cells)
		}
	}
	return g
}

// alone is the placeholder a paragraph holds and nothing else.
func (r reader) alone(p *ast.Paragraph) (string, bool) {
	s := strings.TrimSpace(r.plain(p))
	m := placeholder.FindStringSubmatch(s)
	if m == nil || m[0] != s {
		return "", false
	}
	verb, _, _ := strings.Cut(strings.TrimSpace(m[1]), " ")
	switch verb {
	case "example", "explain", "table", "exercises", "problems":
		return strings.TrimSpace(m[1]), true
	}
	return "", false
}

// plain is a node's text without its marks.
func (r reader) plain(n ast.Node) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(r.src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// inline is a node's running text: its words, terms and commands, the
// placeholders filled.
func (r reader) inline(n ast.Node) Spans {
	var out Spans
	var walk func(n ast.Node, kind SpanKind)
	walk = func(n ast.Node, kind SpanKind) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				out = appendText(out, string(c.Segment.Value(r.src)), kind)
				if c.SoftLineBreak() || c.HardLineBreak() {
					out = appendText(out, "\n", kind)
				}
			case *ast.String:
				out = appendText(out, string(c.Value), kind)
			case *ast.CodeSpan:
				out = append(out, Span{Text: r.plain(c), Kind: Code})
			case *ast.Emphasis:
				if c.Level == 2 {
					walk(c, Term)
				} else {
					walk(c, Emph)
				}
			default:
				walk(c, kind)
			}
		}
	}
	walk(n, Plain)
	return r.filled(joinLines(out))
}

// appendText adds text of kind, merged with the span before when it is
// of the same kind (a placeholder split by the parser is whole again).
func appendText(out Spans, s string, kind SpanKind) Spans {
	if n := len(out); n > 0 && out[n-1].Kind == kind {
		out[n-1].Text += s
		return out
	}
	return append(out, Span{Text: s, Kind: kind})
}

// joinLines joins the lines of a paragraph as its language writes them:
// with a space, none beside a Chinese character or full-width mark.
func joinLines(s Spans) Spans {
	for i := range s {
		parts := strings.Split(s[i].Text, "\n")
		t := parts[0]
		for _, p := range parts[1:] {
			last, _ := utf8.DecodeLastRuneInString(t)
			first, _ := utf8.DecodeRuneInString(p)
			if p == "" && i+1 < len(s) {
				first, _ = utf8.DecodeRuneInString(s[i+1].Text)
			}
			if !wide(last) && !wide(first) {
				t += " "
			}
			t += p
		}
		s[i].Text = t
	}
	if n := len(s); n > 0 {
		s[n-1].Text = strings.TrimRight(s[n-1].Text, " ")
	}
	return s
}

// wide reports whether r is Chinese: a character or full-width punctuation.
func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
}

// parseTo reads the number after --to.
func parseTo(s string) (int64, error) {
	return variants.ParseNumber(strings.TrimSpace(s), "what.number")
}

// filled fills the placeholders of the plain spans.
func (r reader) filled(s Spans) Spans {
	var out Spans
	for _, sp := range s {
		if sp.Kind == Code || !strings.Contains(sp.Text, "{{") {
			out = append(out, sp)
			continue
		}
		out = append(out, spans(sp.Text, sp.Kind, r.cat)...)
	}
	return out
}

// placed is a placeholder that stands on a line of its own.
func (r reader) placed(src string) Block {
	verb, rest, _ := strings.Cut(src, " ")
	failed := func(err error) Block {
		return Failed{Source: "{{" + src + "}}", Why: engine.Message(err, r.cat)}
	}
	switch verb {
	case "example":
		return r.worked(r.page.Example, true, failed)
	case "explain":
		return r.worked(rest, false, failed)
	case "exercises":
		ex, err := exercises(r.page, r.draw, r.cat)
		if err != nil {
			return failed(err)
		}
		return ex
	case "problems":
		pr, err := problemLines(r.page, r.cat)
		if err != nil {
			return Failed{Source: "{{" + src + "}}", Why: err.Error()}
		}
		return pr
	case "table":
		return r.values(rest, failed)
	}
	return failed(fmt.Errorf("unknown placeholder"))
}

// worked is a position the engine works: its analysis.
func (r reader) worked(setup string, example bool, failed func(error) Block) Block {
	st, err := ParseSetup(setup)
	if err == nil && st.Pos == nil {
		err = engine.Refuse("err.learn.position", setup)
	}
	if err != nil {
		return failed(err)
	}
	w := Worked{Setup: st, Example: example}
	if st.Every {
		a, err := engine.AnalyzeEvery(st.Game.(*engine.Sum), st.Pos, st.Conv)
		if err != nil {
			return failed(err)
		}
		w.Every = &a
		return w
	}
	a, err := engine.Analyze(st.Game, st.Pos, st.Conv)
	if err != nil {
		return failed(err)
	}
	w.Analysis = &a
	return w
}

// values is a heap's Grundy values with the engine's notes on them.
func (r reader) values(src string, failed func(error) Block) Block {
	to := int64(-1)
	if i := strings.Index(src, " --to "); i >= 0 {
		n, err := parseTo(src[i+6:])
		if err != nil {
			return failed(err)
		}
		src, to = src[:i], n
	}
	st, err := ParseSetup(src)
	if err != nil {
		return failed(err)
	}
	vals, tab, err := heapValues(st, to)
	if err != nil {
		return failed(err)
	}
	v := Values{Setup: st, Values: vals}
	for _, n := range tab.Notes(st.Game) {
		v.Notes = append(v.Notes, n.Render(r.cat))
	}
	return v
}
