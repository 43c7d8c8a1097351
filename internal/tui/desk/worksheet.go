package desk

import (
	"bytes"
	"errors"
	"html/template"
	"math/rand/v2"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
	"matchgame/internal/variants"
)

// MaxQuestions bounds a worksheet: some 25 pages.
const MaxQuestions = 100

// A worksheet question is one of four kinds: decide a position (P or N,
// and a winning move); fill a blank binary table of the parts' Grundy
// values (heaps, coins, the components of a sum) with their nim-sum;
// find the Grundy value of a position worth one value (Wythoff's two
// heaps, a staircase, a Hackenbush picture), with how it is found; or
// fill a row of Grundy values by the mex.
const (
	askDecide = "decide"
	askBinary = "binary"
	askValue  = "value"
	askMex    = "mex"
)

// sheetQuestion is one question with its answer and working.
type sheetQuestion struct {
	Number   int
	Kind     string
	Prompt   string
	Position string
	at       engine.Position // the position asked, as the game holds it
	// binary: one row per part, its name, where it stands, its value
	// (blank on the sheet where the value is not the part itself) and
	// Digits blank cells; PartHead heads the parts' column.
	Rows     []binaryRow
	Sum      binaryRow
	Digits   []int
	PartHead string
	// value: the position's value.
	Value string
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

// Worksheet draws the questions and lays out the page.
func Worksheet(g engine.Game, c engine.Convention, count int, seed uint64, paper string, answers bool, cat *assets.Catalog) ([]byte, error) {
	return WorksheetFrom(g, c, nil, count, seed, paper, answers, cat)
}

// WorksheetFrom is Worksheet whose first question is about the position
// first (none when nil): the teacher's own example, then the drawn ones.
func WorksheetFrom(g engine.Game, c engine.Convention, first engine.Position, count int, seed uint64, paper string, answers bool, cat *assets.Catalog) ([]byte, error) {
	qs, err := sheetQuestionsFrom(g, c, first, count, seed, cat)
	if err != nil {
		return nil, err
	}
	size := "A4"
	if paper == "letter" {
		size = "letter"
	}
	title := sheetTitle(g, cat)
	var b bytes.Buffer
	err = sheetPage.Execute(&b, map[string]any{
		"Lang": cat.Lang, "Fonts": template.CSS(cjkFonts), "Size": template.CSS(size),
		"Title": cat.T("worksheet.title", title),
		"Rule":  cat.T("worksheet.rule", RuleLine(g, cat), cat.T("convention."+c.String())),
		"Name":  cat.T("worksheet.name"), "Date": cat.T("worksheet.date"),
		"Seed":      cat.T("worksheet.seed", sheetSpelled(g), len(qs), seed),
		"Questions": qs, "Answers": answers, "Key": cat.T("worksheet.key"),
		"Outcome": cat.T("worksheet.outcome"), "Move": cat.T("worksheet.move"),
		"ValueHead": cat.T("worksheet.value"), "ValueBlank": cat.T("worksheet.value.blank"),
	})
	return b.Bytes(), err
}

// sheetTitle is the game in words; a sum's games joined by +.
func sheetTitle(g engine.Game, cat *assets.Catalog) string {
	s, ok := g.(*engine.Sum)
	if !ok {
		return engine.Title(g).Render(cat)
	}
	names := make([]string, len(s.Parts))
	for i, part := range s.Parts {
		names[i] = engine.Title(part).Render(cat)
	}
	return strings.Join(names, " + ")
}

// sheetSpelled is the game as the command line writes it, without a
// position: a sum's games joined by +.
func sheetSpelled(g engine.Game) string {
	s, ok := g.(*engine.Sum)
	if !ok {
		return engine.Spelled(g)
	}
	names := make([]string, len(s.Parts))
	for i, part := range s.Parts {
		names[i] = engine.Spelled(part)
	}
	return strings.Join(names, " + ")
}

// sheetKinds are the kinds of question g's sheet takes turns at: in
// normal play, a sum's questions are all of its values and nim-sum (the
// Sprague–Grundy exercise); a family with values asks for them, in
// binary where they are parts (and heaps also a row by the mex); misère
// play decides positions only.
func sheetKinds(g engine.Game, c engine.Convention) []string {
	if c == engine.Misere {
		return []string{askDecide}
	}
	if _, ok := g.(*engine.Sum); ok {
		return []string{askBinary}
	}
	if tg, ok := g.(variants.HeapTabler); ok {
		if tab, err := tg.HeapTable(0); err == nil && tab.Identity { // Nim's values are its heaps: no mex to find
			return []string{askDecide, askBinary}
		}
		return []string{askDecide, askBinary, askMex}
	}
	if _, ok := g.(engine.Valued); ok {
		return []string{askDecide, askBinary}
	}
	return []string{askDecide}
}

// sheetTries is how many positions a question draws before it takes one
// that repeats an earlier question's (a game with few small positions);
// sheetRefusals how many a sheet draws in all that the game does not
// answer (a misère sum past its search) before it gives up, as a random
// start does.
const (
	sheetTries    = 64
	sheetRefusals = 1000
)

// sheetQuestions draws count questions from seed: the kinds in turn, the
// positions a little larger every four questions, never a position or
// an answer twice where another can be drawn.
func sheetQuestions(g engine.Game, c engine.Convention, count int, seed uint64, cat *assets.Catalog) ([]sheetQuestion, error) {
	return sheetQuestionsFrom(g, c, nil, count, seed, cat)
}

// sheetQuestionsFrom is sheetQuestions whose first question asks about
// first, when it is not nil.
func sheetQuestionsFrom(g engine.Game, c engine.Convention, first engine.Position, count int, seed uint64, cat *assets.Catalog) ([]sheetQuestion, error) {
	if s, ok := g.(*engine.Sum); ok && c == engine.Misere {
		// A misère sum the certificate does not answer is searched: a
		// sheet keeps to what a fortieth of the search decides, and draws
		// again past it, as a random start does.
		g = s.Fresh(engine.SumSearchLimit / 40)
	}
	d := sheetDraw{g: g, c: c, kinds: sheetKinds(g, c), cat: cat, seen: map[string]bool{},
		r: rand.New(rand.NewPCG(seed, 0x6d617463686761))} // "matchga": the sheet's own stream
	var qs []sheetQuestion
	for i := range count {
		p := first
		if i > 0 {
			p = nil
		}
		q, err := d.question(i, p)
		if err != nil {
			return nil, err
		}
		if q.Position != "" {
			d.seen["p "+q.Position] = true
		}
		d.seen["a "+q.Answer] = true
		qs = append(qs, q)
	}
	return qs, nil
}

// sheetDraw draws a sheet's questions: the game and convention, the
// kinds in turn, the positions and answers asked already, how many drawn
// positions the game did not answer.
type sheetDraw struct {
	g        engine.Game
	c        engine.Convention
	kinds    []string
	cat      *assets.Catalog
	r        *rand.Rand
	seen     map[string]bool
	refusals int
}

// question is question i, about p if it is not nil (the teacher's own
// position, refused if the game does not answer it), else about a
// position drawn: again past one the game does not answer, and past one
// or an answer asked already while another can be drawn.
func (d *sheetDraw) question(i int, p engine.Position) (sheetQuestion, error) {
	size := min(i/4, 2) // the positions grow down the sheet
	for try := 0; ; try++ {
		q := sheetQuestion{Number: i + 1, Kind: d.kinds[i%len(d.kinds)]}
		at := p
		if at == nil {
			at = variants.DrawPosition(d.g, d.r, size)
		}
		err := ask(&q, d.g, d.c, at, d.r, d.cat)
		var refused *engine.Refusal
		switch {
		case err != nil && (p != nil || d.refusals == sheetRefusals || !errors.As(err, &refused)):
			return q, err
		case err != nil: // a drawn position past what the game answers (a misère search): a smaller one
			d.refusals, try, size = d.refusals+1, try-1, 0
		case try == sheetTries || !d.seen["p "+q.Position] && !d.seen["a "+q.Answer]:
			return q, nil
		}
	}
}

// ask makes q a question of its kind about p (a row by the mex draws its
// own from r).
func ask(q *sheetQuestion, g engine.Game, c engine.Convention, p engine.Position, r *rand.Rand, cat *assets.Catalog) error {
	switch q.Kind {
	case askDecide:
		return decideQuestion(q, g, c, p, cat)
	case askBinary:
		return valueQuestion(q, g, p, cat)
	}
	return mexQuestion(q, g.(variants.HeapTabler), r, cat)
}

// decideQuestion: is p a P- or an N-position, and if N, what wins?
func decideQuestion(q *sheetQuestion, g engine.Game, c engine.Convention, p engine.Position, cat *assets.Catalog) error {
	a, err := engine.Analyze(g, p, c)
	if err != nil {
		return err
	}
	q.Kind, q.at = askDecide, a.Position
	q.Position = engine.Written(g, a.Position) // Hackenbush's edges as 0-1 1-2, not 0 1 1 2
	q.Prompt = cat.T("worksheet.ask.decide", sheetTitle(g, cat), q.Position)
	q.Answer = cat.T("worksheet.answer", q.Position, a.Summary().Render(cat))
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

// mexQuestion: eight Grundy values in a row, each the mex of its options,
// with the values before them given; a row not asked before where there
// is one.
func mexQuestion(q *sheetQuestion, t variants.HeapTabler, r *rand.Rand, cat *assets.Catalog) error {
	from := int64(r.IntN(8)) * 4 // 0, 4 … 28: within a page's width
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
<tr><th></th><th>{{.PartHead}}</th><th>{{$.ValueHead}}</th>{{range .Digits}}<th>2<sup>{{.}}</sup></th>{{end}}</tr>
{{range .Rows}}<tr><td class="label">{{.Label}}</td><td>{{.Heap}}</td><td></td>{{range .Bits}}<td></td>{{end}}</tr>
{{end}}<tr><td class="label">{{.Sum.Label}}</td><td></td><td></td>{{range .Sum.Bits}}<td></td>{{end}}</tr>
</table>
<p>{{$.Outcome}} <span class="blank"></span> {{$.Move}} <span class="blank"></span></p>
{{else if eq .Kind "value"}}<p>{{$.ValueBlank}} <span class="blank"></span> {{$.Outcome}} <span class="blank"></span> {{$.Move}} <span class="blank"></span></p>
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
<tr><th></th><th>{{.PartHead}}</th><th>{{$.ValueHead}}</th>{{range .Digits}}<th>2<sup>{{.}}</sup></th>{{end}}</tr>
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
