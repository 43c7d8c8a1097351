package desk

import (
	"bufio"
	"html/template"
	"io"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
	"matchgame/internal/variants"
)

// Tables of two numbers (variants.GridTable): the grid in a fenced block
// in Markdown (its columns aligned, so it reads in a terminal too), an
// HTML table beside the coloured grid picture, and JSON rows
// values[a][b]; then how each cell (or row) is found.

// GridTitle is the grid's title: "Grundy values of Wythoff, g(a, b) for
// a, b from 0 to 12", or the outcomes of a game in its convention.
func GridTitle(g engine.Game, t variants.GridTable, cat *assets.Catalog) string {
	name := engine.Title(g).Render(cat)
	if t.Outcomes {
		return cat.T("table.grid.title.outcomes", name, t.Rows, t.Cols, t.From, t.To, cat.T("convention."+t.Conv.String()))
	}
	return cat.T("table.grid.title", name, t.Rows, t.Cols, t.From, t.To)
}

// gridLegend says what the rows, columns and marks are.
func gridLegend(t variants.GridTable, cat *assets.Catalog) string {
	if t.Outcomes {
		return cat.T("table.grid.legend.outcomes", t.Rows, t.Cols)
	}
	return cat.T("table.grid.legend", t.Rows, t.Cols)
}

// GridCellText is a cell as the text grid writes it: its value, with *
// at a P-position; P or . in a grid of outcomes; "" for no position.
func GridCellText(t variants.GridTable, c variants.GridCell) string {
	switch {
	case !c.Position:
		return ""
	case t.Outcomes && c.P():
		return "P"
	case t.Outcomes:
		return "."
	case c.P():
		return "0*"
	}
	return strconv.FormatUint(c.Value, 10)
}

// GridLines are the grid as aligned text: a header of column numbers,
// then a row per number, each cell right-aligned in a column as wide as
// the widest (a P-position's * standing out to the right).
func GridLines(t variants.GridTable) []string {
	width := len(strconv.FormatInt(t.To, 10))
	for a := t.From; a <= t.To; a++ {
		for b := t.From; b <= t.To; b++ {
			width = max(width, len(strings.TrimSuffix(GridCellText(t, t.Cell(a, b)), "*")))
		}
	}
	label := max(len(strconv.FormatInt(t.To, 10)), len(t.Rows+"\\"+t.Cols))
	head := padLeft(t.Rows+"\\"+t.Cols, label)
	for b := t.From; b <= t.To; b++ {
		head += " " + padLeft(strconv.FormatInt(b, 10), width) + " "
	}
	lines := []string{strings.TrimRight(head, " ")}
	for a := t.From; a <= t.To; a++ {
		line := padLeft(strconv.FormatInt(a, 10), label)
		for b := t.From; b <= t.To; b++ {
			line += " " + GridCellPadded(t, t.Cell(a, b), width)
		}
		lines = append(lines, strings.TrimRight(line, " "))
	}
	return lines
}

// GridCellPadded is a cell's text in a column width wide and one more
// for the mark.
func GridCellPadded(t variants.GridTable, c variants.GridCell, width int) string {
	s := GridCellText(t, c)
	mark := " "
	if v, ok := strings.CutSuffix(s, "*"); ok {
		s, mark = v, "*"
	}
	return padLeft(s, width) + mark
}

func padLeft(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}

// gridHow is how each cell is found, in reading order: each row's line
// where the table says its rows, else each position's.
func gridHow(t variants.GridTable, cat *assets.Catalog, line func(string) error) error {
	for a := t.From; a <= t.To; a++ {
		if t.RowWhy != nil {
			if err := line(t.RowWhy(a).Render(cat)); err != nil {
				return err
			}
			continue
		}
		for b := t.From; b <= t.To; b++ {
			if c := t.Cell(a, b); c.Position {
				if err := line(t.Why(a, b).Render(cat)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// gridHowHeading is the heading of the lines gridHow writes.
func gridHowHeading(t variants.GridTable, cat *assets.Catalog) string {
	if t.RowWhy != nil {
		return cat.T("table.grid.how.rows")
	}
	return cat.T("table.grid.how")
}

// RuleLine is the game's rule in a sentence: its board's rule, or where
// the kind of board says it alone (Nim's heaps), the game's description.
func RuleLine(g engine.Game, cat *assets.Catalog) string {
	if r := g.Board().Rule; !r.IsZero() {
		return r.Render(cat)
	}
	params := map[string]string{}
	for _, p := range g.Params() {
		params[p.Name] = p.String()
	}
	return cat.T(GameKey(cat, "about", g.Name(), params))
}

// GridMarkdown writes the grid as Markdown.
func GridMarkdown(b *bufio.Writer, g engine.Game, t variants.GridTable, cat *assets.Catalog) error {
	b.WriteString("# " + GridTitle(g, t, cat) + "\n\n")
	b.WriteString(RuleLine(g, cat) + "\n\n")
	b.WriteString(gridLegend(t, cat) + "\n\n```\n")
	for _, l := range GridLines(t) {
		b.WriteString(l + "\n")
	}
	b.WriteString("```\n\n")
	for _, n := range t.Notes {
		b.WriteString(n.Render(cat) + "\n\n")
	}
	b.WriteString("## " + gridHowHeading(t, cat) + "\n\n")
	return gridHow(t, cat, func(s string) error {
		_, err := b.WriteString("- " + s + "\n")
		return err
	})
}

// GridJSON writes one object: the game and its parameters, "from", "to",
// "kind" ("values" or "outcomes", with the convention of the outcomes),
// the names of the two numbers, "values" as rows values[a][b] for every
// a, b from 0 to "to" (a Grundy value, "P" or "N", null where the cell is
// no position), the notes, and "cells": each position's value or outcome
// with how it is found ("rows" instead where the table says its rows).
func GridJSON(w io.Writer, g engine.Game, t variants.GridTable, cat *assets.Catalog) error {
	b := []byte(`{"game":`)
	b = appendParams(appendString(b, g.Name()), g)
	b = append(b, `,"from":`...)
	b = strconv.AppendInt(b, t.From, 10)
	b = append(b, `,"to":`...)
	b = strconv.AppendInt(b, t.To, 10)
	kind := "values"
	if t.Outcomes {
		kind = "outcomes"
		b = appendString(append(b, `,"convention":`...), t.Conv.String())
	}
	b = appendString(append(b, `,"kind":`...), kind)
	b = appendString(append(appendString(append(b, `,"axes":[`...), t.Rows), ','), t.Cols)
	b = append(b, `],"values":[`...)
	for a := int64(0); a <= t.To; a++ {
		if a > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for c := int64(0); c <= t.To; c++ {
			if c > 0 {
				b = append(b, ',')
			}
			b = appendCell(b, t, t.Cell(a, c))
		}
		b = append(b, ']')
		if len(b) > 1<<16 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	b = append(b, `],"notes":[`...)
	for i, n := range t.Notes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, n.Render(cat))
	}
	b = append(b, ']')
	if _, err := w.Write(b); err != nil {
		return err
	}
	if t.RowWhy != nil {
		return gridRowsJSON(w, t, cat)
	}
	return gridCellsJSON(w, t, cat)
}

// appendCell writes a cell's value: a number, "P" or "N", or null.
func appendCell(b []byte, t variants.GridTable, c variants.GridCell) []byte {
	switch {
	case !c.Position:
		return append(b, "null"...)
	case t.Outcomes:
		return appendString(b, c.Outcome().String())
	}
	return strconv.AppendUint(b, c.Value, 10)
}

func gridCellsJSON(w io.Writer, t variants.GridTable, cat *assets.Catalog) error {
	b := []byte(`,"cells":[`)
	first := true
	for a := t.From; a <= t.To; a++ {
		for c := t.From; c <= t.To; c++ {
			cell := t.Cell(a, c)
			if !cell.Position {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, `{"`+t.Rows+`":`...)
			b = strconv.AppendInt(b, a, 10)
			b = append(b, `,"`+t.Cols+`":`...)
			b = strconv.AppendInt(b, c, 10)
			if t.Outcomes {
				b = append(b, `,"outcome":`...)
			} else {
				b = append(b, `,"value":`...)
			}
			b = appendCell(b, t, cell)
			b = appendString(append(b, `,"rule":`...), t.Why(a, c).Render(cat))
			b = append(b, '}')
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
		b = b[:0]
	}
	_, err := w.Write(append(b, "]}\n"...))
	return err
}

func gridRowsJSON(w io.Writer, t variants.GridTable, cat *assets.Catalog) error {
	b := []byte(`,"rows":[`)
	for a := t.From; a <= t.To; a++ {
		if a > t.From {
			b = append(b, ',')
		}
		b = append(b, `{"`+t.Rows+`":`...)
		b = strconv.AppendInt(b, a, 10)
		b = appendString(append(b, `,"rule":`...), t.RowWhy(a).Render(cat))
		b = append(b, '}')
	}
	_, err := w.Write(append(b, "]}\n"...))
	return err
}

// GridPlot is the grid drawn as coloured cells, the P-positions dotted.
func GridPlot(g engine.Game, t variants.GridTable, cat *assets.Catalog) *picture.Drawing {
	pg := picture.Grid{Title: GridTitle(g, t, cat), RowLabel: t.Rows, ColLabel: t.Cols, Cat: cat,
		Origin: t.From, Outcomes: t.Outcomes}
	for _, s := range t.Slopes {
		pg.Slopes = append(pg.Slopes, picture.Slope{S: s.S, Label: s.Label})
	}
	for a := t.From; a <= t.To; a++ {
		row := make([]uint64, 0, t.To-t.From+1)
		for b := t.From; b <= t.To; b++ {
			row = append(row, t.Cell(a, b).Value)
		}
		pg.Values = append(pg.Values, row)
	}
	pg.Blank = func(a, b int) bool { return !t.Cell(t.From+int64(a), t.From+int64(b)).Position }
	d := picture.PlotGrid(pg)
	d.Lang, d.Title = cat.Lang, pg.Title
	return d
}

var gridPage = template.Must(template.New("grid").Parse(pageHead + `table.grid { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.grid th, table.grid td { border: 1px solid #999; padding: 0.1em 0.4em; text-align: right; min-width: 1.4em; }
table.grid th { background: #eee; }
td.p { font-weight: bold; background: #dde8ff; outline: 2px solid #1a5fb4; outline-offset: -2px; }
td.none { background: #f4f4f4; }
ul.how { font-family: "Noto Sans Mono", "DejaVu Sans Mono", monospace, {{.Fonts}}; font-size: 0.9em; }
` + pageStart + `<p>{{.Legend}}</p>
<table class="grid">
<tr><th>{{.Corner}}</th>{{range .Columns}}<th>{{.}}</th>{{end}}</tr>
{{range .Grid}}<tr><th>{{.Label}}</th>{{range .Cells}}<td{{if .P}} class="p"{{else if .None}} class="none"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</table>
<figure class="plot">{{.Plot}}</figure>
{{range .Notes}}<p>{{.}}</p>
{{end}}<h2>{{.How}}</h2>
<ul class="how">
`))

type gridHTMLCell struct {
	Text    string
	P, None bool
}

type gridHTMLRow struct {
	Label string
	Cells []gridHTMLCell
}

// GridHTML writes the grid as an HTML page to print.
func GridHTML(w io.Writer, g engine.Game, t variants.GridTable, cat *assets.Catalog) error {
	var columns []int64
	for b := t.From; b <= t.To; b++ {
		columns = append(columns, b)
	}
	var rows []gridHTMLRow
	for a := t.From; a <= t.To; a++ {
		row := gridHTMLRow{Label: strconv.FormatInt(a, 10)}
		for b := t.From; b <= t.To; b++ {
			c := t.Cell(a, b)
			text := strings.TrimSuffix(GridCellText(t, c), "*")
			row.Cells = append(row.Cells, gridHTMLCell{Text: text, P: c.P(), None: !c.Position})
		}
		rows = append(rows, row)
	}
	var notes []string
	for _, n := range t.Notes {
		notes = append(notes, n.Render(cat))
	}
	err := gridPage.Execute(w, map[string]any{
		"Lang": cat.Lang, "Title": GridTitle(g, t, cat), "Fonts": template.CSS(cjkFonts),
		"Rule": RuleLine(g, cat), "Legend": gridLegend(t, cat), "Corner": t.Rows + "\\" + t.Cols,
		"Columns": columns, "Grid": rows, "Notes": notes, "How": gridHowHeading(t, cat),
		"Plot": template.HTML(GridPlot(g, t, cat).Element("plot")), // drawn here: escaped by the SVG writer
	})
	if err != nil {
		return err
	}
	err = gridHow(t, cat, func(s string) error {
		_, err := io.WriteString(w, "<li>"+template.HTMLEscapeString(s)+"</li>\n")
		return err
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, "</ul>\n</body>\n</html>\n")
	return err
}
