package desk

import (
	"bytes"
	"html/template"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
	"matchgame/internal/variants"
)

// MaxQuestions bounds a worksheet: some 25 pages.
const MaxQuestions = 100

// A worksheet question is one of three kinds: decide a position (P or N,
// and a winning move), fill a blank binary table of the heaps' Grundy
// values with its nim-sum, or fill a row of Grundy values by the mex.
const (
	askDecide = "decide"
	askBinary = "binary"
	askMex    = "mex"
)

// sheetQuestion is one question with its answer and working.
type sheetQuestion struct {
	Number   int
	Kind     string
	Prompt   string
	Position string
	// binary: one row per heap, the heap, its value (blank on the sheet
	// for games whose value is not the heap) and Digits blank cells.
	Rows   []binaryRow
	Sum    binaryRow
	Digits []int
	// mex: the values given, and the heaps whose values are asked.
	Given, Asked []mexCell
	// The position drawn (none for a row of values), and in the key
	// with the winning move drawn on it.
	Figure, KeyFigure template.HTML
	// The answer key.
	Answer  string
	Working []string
}

type binaryRow struct {
	Label, Heap, Value string
	Bits               []string
}

type mexCell struct{ Heap, Value string }

// worksheet draws the questions and lays out the page.
func Worksheet(g engine.Game, c engine.Convention, count int, seed uint64, paper string, answers bool, cat *assets.Catalog) ([]byte, error) {
	qs, err := sheetQuestions(g, c, count, seed, cat)
	if err != nil {
		return nil, err
	}
	size := "A4"
	if paper == "letter" {
		size = "letter"
	}
	var b bytes.Buffer
	err = sheetPage.Execute(&b, map[string]any{
		"Lang": cat.Lang, "Fonts": template.CSS(cjkFonts), "Size": template.CSS(size),
		"Title": cat.T("worksheet.title", engine.Title(g).Render(cat)),
		"Rule":  cat.T("worksheet.rule", RuleLine(g, cat), cat.T("convention."+c.String())),
		"Name":  cat.T("worksheet.name"), "Date": cat.T("worksheet.date"),
		"Seed":      cat.T("worksheet.seed", engine.Spelled(g), len(qs), seed),
		"Questions": qs, "Answers": answers, "Key": cat.T("worksheet.key"),
		"Outcome": cat.T("worksheet.outcome"), "Move": cat.T("worksheet.move"),
		"HeapHead": cat.T("worksheet.heap"), "ValueHead": cat.T("worksheet.value"),
	})
	return b.Bytes(), err
}

// sheetQuestions draws count questions from seed: the kinds in turn
// (decide; a binary table and a mex row for games on heaps in normal
// play), the positions a little larger every four questions.
func sheetQuestions(g engine.Game, c engine.Convention, count int, seed uint64, cat *assets.Catalog) ([]sheetQuestion, error) {
	r := rand.New(rand.NewPCG(seed, 0x6d617463686761)) // "matchga": the sheet's own stream
	kinds := []string{askDecide}
	tabler, tabled := g.(variants.HeapTabler)
	if c == engine.Normal && tabled {
		kinds = append(kinds, askBinary)
		if tab, err := tabler.HeapTable(0); err == nil && !tab.Identity { // Nim's values are its heaps: no mex to find
			kinds = append(kinds, askMex)
		}
	}
	spec := variants.SpecOf(g)
	var qs []sheetQuestion
	for i := range count {
		kind := kinds[i%len(kinds)]
		q := sheetQuestion{Number: i + 1, Kind: kind}
		var err error
		switch kind {
		case askDecide:
			err = decideQuestion(&q, g, c, spec.Random(g, r, min(i/4, 2)), cat)
		case askBinary:
			err = binaryQuestion(&q, g, tabler, spec.Random(g, r, min(i/4, 2)), cat)
		case askMex:
			err = mexQuestion(&q, tabler, r, cat)
		}
		if err != nil {
			return nil, err
		}
		qs = append(qs, q)
	}
	return qs, nil
}

// decideQuestion: is p a P- or an N-position, and if N, what wins?
func decideQuestion(q *sheetQuestion, g engine.Game, c engine.Convention, p engine.Position, cat *assets.Catalog) error {
	a, err := engine.Analyze(g, p, c)
	if err != nil {
		return err
	}
	q.Position = engine.Written(g, a.Position) // Hackenbush's edges as 0-1 1-2, not 0 1 1 2
	q.Prompt = cat.T("worksheet.ask.decide", engine.Title(g).Render(cat), q.Position)
	q.Answer = a.Summary().Render(cat)
	q.Working = a.Explanation.Lines(cat)
	q.figures(a, cat)
	return nil
}

// figures draws the question's position, and for the key the winning
// move on it, each with ids of its own on the page.
func (q *sheetQuestion) figures(a engine.Analysis, cat *assets.Catalog) {
	f := picture.Figure{Game: a.Game, Pos: a.Position, Conv: a.Convention, Cat: cat}
	q.Figure = template.HTML(picture.Board(f).Element("q" + strconv.Itoa(q.Number))) // drawn here: escaped by the SVG writer
	f.Move, f.Reveal = a.Move, true
	q.KeyFigure = template.HTML(picture.Board(f).Element("k" + strconv.Itoa(q.Number)))
}

// binaryQuestion: the heaps' Grundy values in binary and their nim-sum.
func binaryQuestion(q *sheetQuestion, g engine.Game, t variants.HeapTabler, p engine.Position, cat *assets.Catalog) error {
	p, err := g.Normalize(p)
	if err != nil {
		return err
	}
	tab, err := t.HeapTable(slices.Max(p))
	if err != nil {
		return err
	}
	q.Position = p.String()
	key := "worksheet.ask.binary"
	if tab.Identity { // the heaps are their own values
		key = "worksheet.ask.binary.nim"
	}
	q.Prompt = cat.T(key, engine.Title(g).Render(cat), q.Position)
	var sum uint64
	digits := 1
	for _, h := range p {
		sum ^= tab.Values[h]
		digits = max(digits, bits.Len64(tab.Values[h]))
	}
	for i := range digits {
		q.Digits = append(q.Digits, digits-1-i)
	}
	row := func(label, heap string, v uint64) binaryRow {
		b := engine.Binary(v, digits)
		r := binaryRow{Label: label, Heap: heap, Value: strconv.FormatUint(v, 10)}
		for _, d := range b {
			r.Bits = append(r.Bits, string(d))
		}
		return r
	}
	for i, h := range p {
		q.Rows = append(q.Rows, row(cat.T("label.heap", i+1), strconv.FormatInt(h, 10), tab.Values[h]))
	}
	q.Sum = row(cat.T("nimsum.label"), "", sum)
	a, err := engine.Analyze(g, p, engine.Normal)
	if err != nil {
		return err
	}
	q.Answer = a.Summary().Render(cat)
	q.Working = a.Explanation.Lines(cat)
	q.figures(a, cat)
	return nil
}

// mexQuestion: eight Grundy values in a row, each the mex of its options,
// with the values before them given.
func mexQuestion(q *sheetQuestion, t variants.HeapTabler, r *rand.Rand, cat *assets.Catalog) error {
	from := int64(r.IntN(4)) * 4 // 0, 4, 8 or 12: within a page's width
	to := from + 7
	tab, err := t.HeapTable(to)
	if err != nil {
		return err
	}
	q.Prompt = cat.T("worksheet.ask.mex", engine.Title(t).Render(cat), from, to)
	for n := int64(0); n <= to; n++ {
		c := mexCell{Heap: strconv.FormatInt(n, 10), Value: strconv.FormatUint(tab.Values[n], 10)}
		if n < from {
			q.Given = append(q.Given, c)
		} else {
			q.Asked = append(q.Asked, c)
			q.Working = append(q.Working, tab.Row(n).Mex.Render(cat))
		}
	}
	vals := make([]string, 0, len(q.Asked))
	for _, c := range q.Asked {
		vals = append(vals, c.Value)
	}
	q.Answer = cat.T("worksheet.answer.mex", from, to, cat.Join("cli.list.sep", vals))
	return nil
}

var sheetPage = template.Must(template.New("sheet").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
@page { size: {{.Size}}; margin: 16mm 15mm; }
body { font-family: {{.Fonts}}; font-size: 11pt; line-height: 1.45; color: #000; }
h1 { font-size: 17pt; margin: 0 0 0.2em; }
.meta { display: flex; gap: 3em; margin: 0.6em 0 1em; }
.line { display: inline-block; min-width: 11em; border-bottom: 1px solid #000; }
.seed { font-size: 8pt; color: #444; }
.question { break-inside: avoid; page-break-inside: avoid; margin: 0 0 1.1em; padding: 0.4em 0 0.8em; border-bottom: 1px solid #bbb; }
.question h2 { font-size: 11pt; margin: 0 0 0.3em; }
.blank { display: inline-block; min-width: 7em; border-bottom: 1px solid #000; margin-right: 2em; }
table { border-collapse: collapse; margin: 0.4em 0; }
td, th { border: 1px solid #000; padding: 0.1em 0.45em; min-width: 1.3em; height: 1.5em; text-align: center; }
th { font-weight: normal; background: #eee; }
td.label { text-align: left; }
.key { break-before: page; page-break-before: always; }
figure.board { margin: 0.3em 0 0.5em; }
figure.board svg { max-width: 100%; max-height: 8.5cm; width: auto; height: auto; }
.working { font-family: "Noto Sans Mono CJK SC", "Noto Sans Mono", "DejaVu Sans Mono", monospace, {{.Fonts}}; font-size: 9pt; white-space: pre-wrap; margin: 0.3em 0 0 1em; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{.Rule}}</p>
<div class="meta"><span>{{.Name}} <span class="line"></span></span><span>{{.Date}} <span class="line"></span></span></div>
{{range .Questions}}<section class="question">
<h2>{{.Number}}. {{.Prompt}}</h2>
{{if .Figure}}<figure class="board">{{.Figure}}</figure>
{{end}}{{if eq .Kind "decide"}}<p>{{$.Outcome}} <span class="blank"></span> {{$.Move}} <span class="blank"></span></p>
{{else if eq .Kind "binary"}}<table>
<tr><th></th><th>{{$.HeapHead}}</th><th>{{$.ValueHead}}</th>{{range .Digits}}<th>2<sup>{{.}}</sup></th>{{end}}</tr>
{{range .Rows}}<tr><td class="label">{{.Label}}</td><td>{{.Heap}}</td><td></td>{{range .Bits}}<td></td>{{end}}</tr>
{{end}}<tr><td class="label">{{.Sum.Label}}</td><td></td><td></td>{{range .Sum.Bits}}<td></td>{{end}}</tr>
</table>
<p>{{$.Outcome}} <span class="blank"></span> {{$.Move}} <span class="blank"></span></p>
{{else}}<table>
{{if .Given}}<tr><th>n</th>{{range .Given}}<td>{{.Heap}}</td>{{end}}</tr>
<tr><th>g(n)</th>{{range .Given}}<td>{{.Value}}</td>{{end}}</tr>{{end}}
<tr><th>n</th>{{range .Asked}}<td>{{.Heap}}</td>{{end}}</tr>
<tr><th>g(n)</th>{{range .Asked}}<td></td>{{end}}</tr>
</table>
{{end}}</section>
{{end}}<p class="seed">{{.Seed}}</p>
{{if .Answers}}<section class="key">
<h1>{{.Key}} · {{.Title}}</h1>
{{range .Questions}}<section class="question">
<h2>{{.Number}}. {{.Answer}}</h2>
{{if .KeyFigure}}<figure class="board">{{.KeyFigure}}</figure>
{{end}}{{if eq .Kind "binary"}}<table>
<tr><th></th><th>{{$.HeapHead}}</th><th>{{$.ValueHead}}</th>{{range .Digits}}<th>2<sup>{{.}}</sup></th>{{end}}</tr>
{{range .Rows}}<tr><td class="label">{{.Label}}</td><td>{{.Heap}}</td><td>{{.Value}}</td>{{range .Bits}}<td>{{.}}</td>{{end}}</tr>
{{end}}<tr><td class="label">{{.Sum.Label}}</td><td></td><td>{{.Sum.Value}}</td>{{range .Sum.Bits}}<td>{{.}}</td>{{end}}</tr>
</table>
{{else if eq .Kind "mex"}}<table>
<tr><th>n</th>{{range .Asked}}<td>{{.Heap}}</td>{{end}}</tr>
<tr><th>g(n)</th>{{range .Asked}}<td>{{.Value}}</td>{{end}}</tr>
</table>
{{end}}<div class="working">{{range .Working}}{{.}}
{{end}}</div>
</section>
{{end}}</section>
{{end}}</body>
</html>
`))
