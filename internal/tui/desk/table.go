package desk

import (
	"bufio"
	"encoding/json"
	"html/template"
	"io"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
	"matchgame/internal/variants"
)

// tableColumns is how many values a row of the printed table holds:
// g(0..11), g(12..23) … as printed tables of Grundy values run.
const tableColumns = 12

// tableCell is one value of the printed table: part of the preperiod, of
// the first period (marked), or after it.
type tableCell struct {
	Value  string
	First  bool // in the first period: g(e..e+p−1)
	Pre    bool // before the period
	Absent bool // past --to
}

// tableRow is one printed row, g(from..from+11).
type tableRow struct {
	Label string
	Cells []tableCell
}

func tableRows(tab variants.HeapTable) []tableRow {
	var rows []tableRow
	for from := int64(0); from <= tab.To; from += tableColumns {
		last := min(from+tableColumns-1, tab.To)
		row := tableRow{Label: "g(" + itoa(from) + ".." + itoa(last) + ")"}
		for n := from; n < from+tableColumns; n++ {
			c := tableCell{Absent: n > tab.To}
			if !c.Absent {
				c.Value = strconv.FormatUint(tab.Values[n], 10)
				if p := tab.Period; p != nil {
					c.Pre = n < p.Preperiod
					c.First = n >= p.Preperiod && n < p.Preperiod+p.Period
				}
			}
			row.Cells = append(row.Cells, c)
		}
		rows = append(rows, row)
	}
	return rows
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// tableNotes are the table's notes in cat's language.
func tableNotes(g engine.Game, tab variants.HeapTable, cat *assets.Catalog) []string {
	var notes []string
	for _, t := range tab.Notes(g) {
		notes = append(notes, t.Render(cat))
	}
	return notes
}

func TableMarkdown(b *bufio.Writer, g engine.Game, tab variants.HeapTable, cat *assets.Catalog) error {
	title := engine.Title(g).Render(cat)
	b.WriteString("# " + cat.T("table.title", title, tab.To) + "\n\n")
	b.WriteString(RuleLine(g, cat) + "\n\n")
	b.WriteString("| n |")
	for c := range tableColumns {
		b.WriteString(" +" + strconv.Itoa(c) + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("--:|", tableColumns) + "\n")
	for _, row := range tableRows(tab) {
		b.WriteString("| " + row.Label + " |")
		for _, c := range row.Cells {
			switch {
			case c.Absent:
				b.WriteString("   |")
			case c.First:
				b.WriteString(" **" + c.Value + "** |")
			default:
				b.WriteString(" " + c.Value + " |")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	for _, note := range tableNotes(g, tab, cat) {
		b.WriteString(note + "\n\n")
	}
	b.WriteString("## " + cat.T("table.mex.heading") + "\n\n")
	for n := int64(0); n <= tab.To; n++ {
		if _, err := b.WriteString("- " + tab.Row(n).Mex.Render(cat) + "\n"); err != nil {
			return err // a full disk: stop working out rows no one will read
		}
	}
	return nil // the caller flushes, and sees a failed write then
}

// TableJSON writes one object: the game and its parameters, "to",
// "values", the period (null when none) with its check and proof, the
// closed form, and "rows": each heap's value, options listed and count,
// and the mex as a sentence. Rows are written one at a time.
func TableJSON(w io.Writer, g engine.Game, tab variants.HeapTable, cat *assets.Catalog) error {
	b := []byte(`{"game":`)
	b = appendParams(appendString(b, g.Name()), g)
	b = append(b, `,"to":`...)
	b = strconv.AppendInt(b, tab.To, 10)
	b = append(b, `,"values":[`...)
	for i, v := range tab.Values {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, v, 10)
	}
	b = append(b, `],"period":`...)
	if p := tab.Period; p != nil {
		period, _ := json.Marshal(struct {
			Preperiod int64  `json:"preperiod"`
			Period    int64  `json:"period"`
			CheckFrom int64  `json:"check_from"`
			CheckTo   int64  `json:"check_to"`
			Theorem   string `json:"theorem"`
			Digits    int64  `json:"digits"`
			Proof     string `json:"proof"`
		}{p.Preperiod, p.Period, p.CheckFrom, p.CheckTo, p.Theorem, p.Digits, p.Proof.Render(cat)})
		b = append(b, period...)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"closed_form":`...)
	if tab.Closed.IsZero() {
		b = append(b, "null"...)
	} else {
		b = appendString(b, tab.Closed.Render(cat))
	}
	b = append(b, `,"rows":[`...)
	if _, err := w.Write(b); err != nil {
		return err
	}
	type option struct {
		Take  int64  `json:"take"`
		Left  int64  `json:"left"`
		Mid   int64  `json:"middle,omitempty"`
		Right int64  `json:"right"`
		Value uint64 `json:"value"`
	}
	for n := int64(0); n <= tab.To; n++ {
		row := tab.Row(n)
		options := make([]option, len(row.Options))
		for i, o := range row.Options {
			options[i] = option{o.Take, o.Left, o.Mid, o.Right, o.Value}
		}
		line, _ := json.Marshal(struct {
			Heap    int64    `json:"heap"`
			Value   uint64   `json:"value"`
			Options []option `json:"options"`
			Count   int64    `json:"options_count"`
			Mex     string   `json:"mex"`
		}{row.Heap, row.Value, options, row.Total, row.Mex.Render(cat)})
		if n > 0 {
			line = append([]byte{','}, line...)
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "]}\n")
	return err
}

// cjkFonts is the font list of the printed pages: the system's fonts,
// Chinese ones included (Noto CJK, Source Han, the fonts of macOS and
// Windows), before the generic family.
const cjkFonts = `"Noto Serif", "Noto Serif CJK SC", "Source Han Serif SC", "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "SimSun", "WenQuanYi Micro Hei", serif`

// pageHead and pageStart are what the printed tables' pages share: the
// page's head and its common styles (each table's own styles go between
// them), then the title and the rule.
const (
	pageHead = `<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: {{.Fonts}}; margin: 2em; line-height: 1.45; }
`
	pageStart = `figure.plot { margin: 1em 0; break-inside: avoid; }
figure.plot svg { max-width: 100%; height: auto; }
@media print { body { margin: 0; } tr, li, p { break-inside: avoid; } }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{.Rule}}</p>
`
)

var tablePage = template.Must(template.New("table").Parse(pageHead + `table.grundy { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.grundy th, table.grundy td { border: 1px solid #999; padding: 0.15em 0.5em; text-align: right; }
table.grundy th { background: #eee; }
td.pre { color: #555; }
td.first { font-weight: bold; background: #dde8ff; }
ul.mex { font-family: "Noto Sans Mono", "DejaVu Sans Mono", monospace, {{.Fonts}}; font-size: 0.9em; }
` + pageStart + `<table class="grundy">
<tr><th>n</th>{{range .Columns}}<th>+{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr><th>{{.Label}}</th>{{range .Cells}}<td{{if .First}} class="first"{{else if .Pre}} class="pre"{{end}}>{{.Value}}</td>{{end}}</tr>
{{end}}</table>
<figure class="plot">{{.Plot}}</figure>
{{range .Notes}}<p>{{.}}</p>
{{end}}<h2>{{.MexHeading}}</h2>
<ul class="mex">
`))

func TableHTML(w io.Writer, g engine.Game, tab variants.HeapTable, cat *assets.Catalog) error {
	columns := make([]int, tableColumns)
	for i := range columns {
		columns[i] = i
	}
	err := tablePage.Execute(w, map[string]any{
		"Lang": cat.Lang, "Title": cat.T("table.title", engine.Title(g).Render(cat), tab.To),
		"Fonts": template.CSS(cjkFonts), "Rule": RuleLine(g, cat), "Columns": columns,
		"Rows": tableRows(tab), "Notes": tableNotes(g, tab, cat), "MexHeading": cat.T("table.mex.heading"),
		"Plot": template.HTML(TablePlot(g, tab, cat).Element("plot")), // drawn here: escaped by the SVG writer
	})
	if err != nil {
		return err
	}
	for n := int64(0); n <= tab.To; n++ {
		if _, err := io.WriteString(w, "<li>"+template.HTMLEscapeString(tab.Row(n).Mex.Render(cat))+"</li>\n"); err != nil {
			return err
		}
	}
	_, err = io.WriteString(w, "</ul>\n</body>\n</html>\n")
	return err
}

// TablePlot is the table's values plotted against the heap, the
// pre-period and the period marked.
func TablePlot(g engine.Game, tab variants.HeapTable, cat *assets.Catalog) *picture.Drawing {
	v := picture.Values{Title: cat.T("table.title", engine.Title(g).Render(cat), tab.To), Values: tab.Values,
		XLabel: cat.T("picture.plot.heap"), YLabel: "g(n)", Cat: cat}
	if p := tab.Period; p != nil {
		v.Preperiod, v.Period = p.Preperiod, p.Period
	}
	d := picture.PlotValues(v)
	d.Lang, d.Title = cat.Lang, v.Title
	return d
}
