package learn

import (
	"html"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/tui/picture"
)

// HTML is a page as a printed handout: one self-contained file with print
// CSS and fonts for Chinese, the engine's boards and tables in monospace,
// each exercise's answer folded away until it is opened (and left out of
// the print).
func HTML(d Doc) []byte {
	cat := assets.Messages(d.Lang)
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="` + d.Lang + `">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + esc(d.Title) + `</title>
<style>` + pageCSS + monoCSS(d.Lang) + `</style>
</head>
<body>
<article>
<h1>` + esc(d.Title) + "</h1>\n")
	figures := 0 // each drawing's ids are its own on the page
	for _, bl := range d.Blocks {
		htmlBlock(&b, bl, cat, &figures)
	}
	b.WriteString("</article>\n</body>\n</html>\n")
	return []byte(b.String())
}

func htmlBlock(b *strings.Builder, bl Block, cat *assets.Catalog, figures *int) {
	switch bl := bl.(type) {
	case Worked:
		b.WriteString(`<figure class="worked">` + "\n<figcaption>" + esc(workedTitle(bl, cat)) + "</figcaption>\n")
		if bl.Analysis != nil { // the board drawn, the winning move on it (issue 28's pictures)
			f := picture.Figure{Game: bl.Setup.Game, Pos: bl.Setup.Pos, Conv: bl.Setup.Conv, Move: bl.Analysis.Move, Reveal: true, Cat: cat}
			*figures++
			b.WriteString(`<div class="board">`)
			b.Write(picture.Board(f).Element("w" + strconv.Itoa(*figures))) // escaped by the SVG writer
			b.WriteString("</div>\n")
		}
		text := plainWorked(bl, cat, 78)
		if bl.Analysis != nil {
			text = pictureText(bl, cat, 78)
		}
		b.WriteString("<pre>" + esc(strings.Join(text, "\n")) + "</pre>\n")
		if bl.Example {
			b.WriteString(`<p class="try">` + cat.T("learn.try.commands",
				"<code>matchgame "+tryCommand(bl)+" "+esc(bl.Setup.Command())+"</code>",
				"<code>matchgame demo "+esc(bl.Setup.Command())+"</code>") + "</p>\n")
		}
		b.WriteString("</figure>\n")
	case Values:
		b.WriteString("<pre>" + esc(strings.Join(plainPage(cat, 78).values(bl)[1:], "\n")) + "</pre>\n")
	case Exercises:
		htmlExercises(b, bl, cat)
	case Problems:
		htmlProblems(b, bl, cat)
	case Failed:
		b.WriteString(`<p class="failed">⚠ ` + esc(bl.Source) + ": " + esc(bl.Why) + "</p>\n")
	default:
		htmlProse(b, bl)
	}
}

// htmlProse writes a block of the page's own text.
func htmlProse(b *strings.Builder, bl Block) {
	switch bl := bl.(type) {
	case Heading:
		tag := "h2"
		if bl.Level > 2 {
			tag = "h3"
		}
		b.WriteString("<" + tag + ">" + htmlSpans(bl.Text) + "</" + tag + ">\n")
	case Para:
		b.WriteString("<p>" + htmlSpans(bl.Text) + "</p>\n")
	case List:
		tag := "ul"
		if bl.Ordered {
			tag = "ol"
		}
		b.WriteString("<" + tag + ">\n")
		for _, item := range bl.Items {
			b.WriteString("<li>" + htmlSpans(item) + "</li>\n")
		}
		b.WriteString("</" + tag + ">\n")
	case Statement:
		b.WriteString(`<blockquote class="statement">` + "\n")
		for _, p := range bl.Paras {
			b.WriteString("<p>" + htmlSpans(p) + "</p>\n")
		}
		b.WriteString("</blockquote>\n")
	case Pre:
		b.WriteString("<pre>" + esc(strings.Join(bl.Lines, "\n")) + "</pre>\n")
	case Grid:
		htmlGrid(b, bl)
	}
}

// htmlExercises writes the questions, each answer folded away.
func htmlExercises(b *strings.Builder, bl Exercises, cat *assets.Catalog) {
	b.WriteString(`<p class="rule">` + esc(bl.Rule) + "</p>\n" + `<ol class="exercises">` + "\n")
	for _, ex := range bl.Items {
		b.WriteString("<li><p>" + esc(ex.Prompt) + "</p>\n<details><summary>" + esc(cat.T("learn.answers.print")) + "</summary>\n")
		b.WriteString("<p>" + esc(ex.Answer) + "</p>\n")
		if len(ex.Working) > 0 {
			b.WriteString("<pre>" + esc(strings.Join(wrapAll(ex.Working, 76), "\n")) + "</pre>\n")
		}
		b.WriteString("</details></li>\n")
	}
	b.WriteString("</ol>\n")
}

// htmlProblems writes the judge problems with the engine's verdicts.
func htmlProblems(b *strings.Builder, bl Problems, cat *assets.Catalog) {
	if len(bl.Items) == 0 {
		b.WriteString("<p>" + esc(cat.T("learn.problems.none")) + "</p>\n")
		return
	}
	b.WriteString(`<ul class="problems">` + "\n")
	for _, pr := range bl.Items {
		b.WriteString("<li><strong>" + esc(pr.Problem.Name+" "+pr.Problem.Title) + "</strong> — " + esc(pr.How))
		if pr.Setup != "" {
			b.WriteString(`<br><span class="verdict"><code>matchgame analyze ` + esc(pr.Setup) + "</code>: " + esc(pr.Verdict) + "</span>")
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n")
}

func htmlGrid(b *strings.Builder, g Grid) {
	b.WriteString("<table>\n<tr>")
	for _, c := range g.Head {
		b.WriteString("<th>" + htmlSpans(c) + "</th>")
	}
	b.WriteString("</tr>\n")
	for _, r := range g.Rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + htmlSpans(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}

// htmlSpans is running text in HTML: terms strong, commands as code,
// the engine's numbers marked.
func htmlSpans(s Spans) string {
	var b strings.Builder
	for _, sp := range s {
		t := esc(sp.Text)
		switch sp.Kind {
		case Term:
			t = "<strong>" + t + "</strong>"
		case Emph:
			t = "<em>" + t + "</em>"
		case Code:
			t = "<code>" + t + "</code>"
		case Value:
			t = `<span class="value">` + t + "</span>"
		case Wrong:
			t = `<span class="failed">` + t + "</span>"
		}
		b.WriteString(t)
	}
	return b.String()
}

func esc(s string) string { return html.EscapeString(s) }

// pageCSS lays a page out for the screen and for print: A4 or letter
// margins, a serif for the prose with Chinese fonts, monospace for the
// engine's boards, nothing split across pages that should not be.
const pageCSS = `
@page { margin: 16mm 15mm; }
body { font-family: "Noto Serif", "Noto Serif CJK SC", "Source Han Serif SC", "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "SimSun", "WenQuanYi Micro Hei", serif;
  font-size: 11pt; line-height: 1.5; color: #000; background: #fff; max-width: 46em; margin: 1em auto; padding: 0 1em; }
h1 { font-size: 19pt; margin: 0 0 0.6em; }
h2 { font-size: 14pt; margin: 1.4em 0 0.4em; border-bottom: 1px solid #999; break-after: avoid; page-break-after: avoid; }
h3 { font-size: 12pt; break-after: avoid; }
blockquote.statement { margin: 1em 0; padding: 0.4em 1em; border-left: 4px solid #5A3FC0; background: #f4f1fb; break-inside: avoid; page-break-inside: avoid; }
pre { font-size: 9pt; line-height: 1.3; white-space: pre; overflow-x: auto; break-inside: avoid; page-break-inside: avoid; }
figure.worked { margin: 1em 0; padding: 0.5em 1em; border: 1px solid #bbb; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-weight: bold; }
.board svg { max-width: 100%; height: auto; margin: 0.4em 0; }
.value { color: #5A3FC0; }
.failed { color: #B3141F; font-weight: bold; }
code { font-size: 0.92em; }
table { border-collapse: collapse; margin: 0.6em 0; }
td, th { border: 1px solid #000; padding: 0.15em 0.5em; text-align: left; }
th { background: #eee; font-weight: normal; }
ol.exercises li { margin: 0.6em 0; break-inside: avoid; page-break-inside: avoid; }
ul.problems li { margin: 0.4em 0; }
.verdict { font-size: 0.92em; color: #333; }
@media print { details { display: none; } .value { color: #000; } a { color: #000; }
  pre { overflow: visible; white-space: pre-wrap; } }
`

// latinMono is the monospace fonts that draw ·, ○, ┃, ⊕ and → one column
// wide, as the engine lays them out (a CJK monospace font draws them two
// columns wide).
const latinMono = `"DejaVu Sans Mono", "Noto Sans Mono", "Liberation Mono", Menlo, Consolas`

// monoCSS is the font of the engine's boards and tables: Latin monospace
// for English; for Chinese a CJK monospace font, whose Han characters are
// exactly two of its Latin ones wide, with the engine's one-column glyphs
// taken from a Latin monospace face scaled to its half width.
func monoCSS(lang string) string {
	if lang != "zh" {
		return "pre, code { font-family: " + latinMono + ", monospace; }\n"
	}
	return `@font-face { font-family: "Matchgame Glyphs"; src: local("DejaVu Sans Mono"), local("DejaVuSansMono"), local("Noto Sans Mono"), local("NotoSansMono-Regular");
  unicode-range: U+00B7, U+2190-21FF, U+2200-22FF, U+2500-25FF; size-adjust: 83%; }
pre, code { font-family: "Matchgame Glyphs", "Noto Sans Mono CJK SC", "Sarasa Mono SC", "Source Han Mono SC", ` + latinMono + `, monospace; }
`
}
