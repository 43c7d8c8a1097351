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

// The table of a game on a graph (variants.VertexTable): each vertex
// with its successors, its value (γ, with ∞(K) where a token can move for
// ever), what a token alone there is, and how the value is found.

// VertexTitle is the table's title.
func VertexTitle(g engine.Game, cat *assets.Catalog) string {
	return cat.T("table.graph.title", engine.Title(g).Render(cat))
}

// vertexHead is the table's column heads.
func vertexHead(cat *assets.Catalog) []string {
	return []string{cat.T("table.graph.head.vertex"), cat.T("table.graph.head.successors"), cat.T("table.graph.head.value"),
		cat.T("table.graph.head.alone")}
}

// vertexCells are a row's cells as the heads say.
func vertexCells(r variants.VertexRow) []string {
	succ := make([]string, len(r.Successors))
	for i, w := range r.Successors {
		succ[i] = strconv.FormatInt(w, 10)
	}
	return []string{strconv.FormatInt(r.Vertex, 10), strings.Join(succ, ", "), r.Gamma, r.Alone.String()}
}

// VertexMarkdown writes the table as Markdown.
func VertexMarkdown(b *bufio.Writer, g engine.Game, t variants.VertexTable, cat *assets.Catalog) error {
	b.WriteString("# " + VertexTitle(g, cat) + "\n\n")
	b.WriteString(RuleLine(g, cat) + "\n\n")
	head := vertexHead(cat)
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|" + strings.Repeat("---|", len(head)) + "\n")
	for _, v := range t.Vertices {
		b.WriteString("| " + strings.Join(vertexCells(t.Row(v)), " | ") + " |\n")
	}
	b.WriteString("\n")
	for _, n := range t.Notes {
		b.WriteString(n.Render(cat) + "\n\n")
	}
	b.WriteString("## " + cat.T("table.graph.how") + "\n\n")
	for _, v := range t.Vertices {
		if _, err := b.WriteString("- " + t.Row(v).Why.Render(cat) + "\n"); err != nil {
			return err
		}
	}
	return nil
}

// VertexJSON writes one object: the game and its edges, "loopy",
// "vertices" ascending and "values" beside them (a number, or "∞(K)"),
// the notes, and "rows": each vertex's successors, γ, its number (null on
// ∞) and K (null unless ∞), what a token alone is, and how it is found.
func VertexJSON(w io.Writer, g engine.Game, t variants.VertexTable, cat *assets.Catalog) error {
	b := []byte(`{"game":`)
	b = appendParams(appendString(b, g.Name()), g)
	b = append(b, `,"loopy":`...)
	b = strconv.AppendBool(b, t.Loopy)
	b = append(b, `,"vertices":[`...)
	for i, v := range t.Vertices {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	b = append(b, `],"values":[`...)
	for i, v := range t.Vertices {
		if i > 0 {
			b = append(b, ',')
		}
		if r := t.Row(v); r.Infinite {
			b = appendString(b, r.Gamma)
		} else {
			b = strconv.AppendUint(b, r.Value, 10)
		}
	}
	b = append(b, `],"notes":[`...)
	for i, n := range t.Notes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, n.Render(cat))
	}
	b = append(b, `],"rows":[`...)
	for i, v := range t.Vertices {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendVertexRow(b, t.Row(v), cat)
		if len(b) > 1<<16 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	_, err := w.Write(append(b, "]}\n"...))
	return err
}

func appendVertexRow(b []byte, r variants.VertexRow, cat *assets.Catalog) []byte {
	b = append(b, `{"vertex":`...)
	b = strconv.AppendInt(b, r.Vertex, 10)
	b = append(b, `,"successors":[`...)
	for i, w := range r.Successors {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, w, 10)
	}
	b = appendString(append(b, `],"gamma":`...), r.Gamma)
	b = append(b, `,"value":`...)
	if r.Infinite {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendUint(b, r.Value, 10)
	}
	b = append(b, `,"k":`...)
	if r.Infinite {
		b = append(b, '[')
		for i, k := range r.K {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, k, 10)
		}
		b = append(b, ']')
	} else {
		b = append(b, "null"...)
	}
	b = appendString(append(b, `,"alone":`...), r.Alone.String())
	b = appendString(append(b, `,"rule":`...), r.Why.Render(cat))
	return append(b, '}')
}

// VertexPicture is the graph drawn as the game draws it, without tokens.
func VertexPicture(g engine.Game, cat *assets.Catalog) *picture.Drawing {
	d := picture.Board(picture.Figure{Game: g, Cat: cat})
	d.Title = VertexTitle(g, cat)
	return d
}

var vertexPage = template.Must(template.New("vertices").Parse(pageHead + `table.vertices { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.vertices th, table.vertices td { border: 1px solid #999; padding: 0.15em 0.5em; }
table.vertices th { background: #eee; }
td.p { font-weight: bold; background: #dde8ff; }
ul.how { font-family: "Noto Sans Mono", "DejaVu Sans Mono", monospace, {{.Fonts}}; font-size: 0.9em; }
` + pageStart + `<figure class="plot">{{.Plot}}</figure>
<table class="vertices">
<tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range $i, $c := .Cells}}<td{{if and (eq $i 3) (eq $c "P")}} class="p"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</table>
{{range .Notes}}<p>{{.}}</p>
{{end}}<h2>{{.How}}</h2>
<ul class="how">
{{range .Why}}<li>{{.}}</li>
{{end}}</ul>
</body>
</html>
`))

// VertexHTML writes the table as an HTML page to print, the graph drawn
// above it.
func VertexHTML(w io.Writer, g engine.Game, t variants.VertexTable, cat *assets.Catalog) error {
	type row struct{ Cells []string }
	var rows []row
	var why, notes []string
	for _, v := range t.Vertices {
		r := t.Row(v)
		rows = append(rows, row{vertexCells(r)})
		why = append(why, r.Why.Render(cat))
	}
	for _, n := range t.Notes {
		notes = append(notes, n.Render(cat))
	}
	return vertexPage.Execute(w, map[string]any{
		"Lang": cat.Lang, "Title": VertexTitle(g, cat), "Fonts": template.CSS(cjkFonts), "Rule": RuleLine(g, cat),
		"Head": vertexHead(cat), "Rows": rows, "Notes": notes, "How": cat.T("table.graph.how"), "Why": why,
		"Plot": template.HTML(VertexPicture(g, cat).Element("plot")), // drawn here: escaped by the SVG writer
	})
}
