package desk

import (
	"bytes"
	"html/template"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
)

// mostFigures is about how many positions an HTML handout draws: a long
// game is drawn every k moves, and at its last.
const mostFigures = 30

// HandoutFile is the handout as path's name asks: an HTML page to print,
// with the positions drawn, for .html or .htm; Markdown otherwise.
func HandoutFile(path string, tr engine.Transcript, cat *assets.Catalog) []byte {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".html", ".htm":
		return HandoutHTML(tr, cat)
	}
	return []byte(Handout(tr, cat))
}

// HandoutHTML is the handout as an HTML page to print (A4 or Letter, as
// the printer is set): the Markdown handout rendered, each position drawn
// with the move made from it (every k moves for a long game, so that
// about mostFigures are drawn, and the last), a figure never cut by a
// page break.
func HandoutHTML(tr engine.Transcript, cat *assets.Catalog) []byte {
	n := len(tr.Steps)
	every := max(1, (n+mostFigures-1)/mostFigures)
	md := handout(tr, cat, func(i int) string {
		if i%every != 0 && i != n-1 {
			return ""
		}
		s := tr.Steps[i]
		m := s.Move
		f := picture.Figure{Game: tr.Game, Pos: s.Analysis.Position, Labels: s.Analysis.Labels, Conv: tr.Conv, Move: &m, Reveal: true, Cat: cat}
		// An HTML block of one paragraph: the SVG has no blank line.
		return `<figure class="board">` + string(picture.Board(f).Element("m"+strconv.Itoa(i+1))) + `</figure>`
	})
	var body bytes.Buffer
	conv := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := conv.Convert([]byte(md), &body); err != nil {
		body.Reset()
		body.WriteString("<pre>" + template.HTMLEscapeString(md) + "</pre>")
	}
	var out bytes.Buffer
	_ = handoutPage.Execute(&out, map[string]any{ // a template of our own over a buffer: it cannot fail
		"Lang": cat.Lang, "Fonts": template.CSS(cjkFonts), "Title": engine.Title(tr.Game).Render(cat),
		"Body": template.HTML(body.String()), // rendered from our own Markdown, its text escaped by goldmark
	})
	return out.Bytes()
}

var handoutPage = template.Must(template.New("handout").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
@page { margin: 16mm 15mm; }
body { font-family: {{.Fonts}}; font-size: 11pt; line-height: 1.45; color: #000; max-width: 48em; margin: 2em auto; }
@media print { body { margin: 0; max-width: none; } }
h1 { font-size: 17pt; }
h2 { font-size: 12.5pt; margin: 1.2em 0 0.3em; break-after: avoid; page-break-after: avoid; }
figure.board { margin: 0.3em 0 0.6em; break-inside: avoid; page-break-inside: avoid; }
figure.board svg { max-width: 100%; max-height: 9cm; width: auto; height: auto; }
pre { font-family: "Noto Sans Mono CJK SC", "Noto Sans Mono", "DejaVu Sans Mono", monospace; font-size: 9pt; break-inside: avoid; page-break-inside: avoid; white-space: pre-wrap; }
p, li { orphans: 2; widows: 2; }
</style>
</head>
<body>
{{.Body}}</body>
</html>
`))
