package desk

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// Table is the table of values of a game, whichever kind it has: of one
// number (heaps, a coin), of two (a grid of values or outcomes), or of
// the vertices of a graph. The table command writes it in one of four
// forms.
type Table struct {
	game engine.Game
	heap *variants.HeapTable
	grid *variants.GridTable
	vert *variants.VertexTable
}

// defaultHeapTo is the default --to of a table of one number; a grid's
// is the family's (variants.DefaultGridTo, or its bound), a graph's
// every vertex.
const defaultHeapTo = 100

// NewTable readies g's table up to to (to < 0: the kind's default), its
// outcomes in convention c where it is a table of outcomes. A game with
// no table is an error: the registry refuses it first (TestEveryCell
// holds the two together).
func NewTable(g engine.Game, c engine.Convention, to int64) (*Table, error) {
	t := &Table{game: g}
	switch tg := g.(type) {
	case variants.HeapTabler:
		if to < 0 {
			to = defaultHeapTo
		}
		h, err := tg.HeapTable(to)
		t.heap = &h
		return t, err
	case variants.GridTabler:
		gr, err := tg.GridTable(to, c)
		t.grid = &gr
		return t, err
	case variants.VertexTabler:
		if to < 0 {
			to = math.MaxInt64
		}
		v, err := tg.VertexTable(to)
		t.vert = &v
		return t, err
	}
	return nil, fmt.Errorf("%s declares a table but has none", g.Name())
}

// Print writes the table as the table command prints it, in form
// "markdown", "html", "json" or "svg" (the values plotted, the period
// marked; the grid coloured).
func (t *Table) Print(w io.Writer, form string, cat *assets.Catalog) error {
	if form == "svg" {
		_, err := w.Write(t.Picture(cat).SVG())
		return err
	}
	var lines *text.WholeLines
	if wrapped := text.ForTerminal(w); form == "markdown" && wrapped != w {
		// A terminal wraps the sentences between words; the wrapper takes
		// whole lines.
		lines = &text.WholeLines{W: wrapped}
		w = lines
	}
	b := bufio.NewWriterSize(w, 1<<16)
	var err error
	switch form {
	case "json":
		err = t.JSON(b, cat)
	case "html":
		err = t.HTML(b, cat)
	default:
		err = t.Markdown(b, cat)
	}
	if err == nil {
		err = b.Flush()
	}
	if lines != nil && err == nil {
		err = lines.Flush()
	}
	return err
}

// Markdown writes the table as Markdown; the caller flushes b.
func (t *Table) Markdown(b *bufio.Writer, cat *assets.Catalog) error {
	switch {
	case t.grid != nil:
		return GridMarkdown(b, t.game, *t.grid, cat)
	case t.vert != nil:
		return VertexMarkdown(b, t.game, *t.vert, cat)
	}
	return TableMarkdown(b, t.game, *t.heap, cat)
}

// HTML writes the table as a page to print, its picture in it.
func (t *Table) HTML(w io.Writer, cat *assets.Catalog) error {
	switch {
	case t.grid != nil:
		return GridHTML(w, t.game, *t.grid, cat)
	case t.vert != nil:
		return VertexHTML(w, t.game, *t.vert, cat)
	}
	return TableHTML(w, t.game, *t.heap, cat)
}

// JSON writes the table as one JSON object.
func (t *Table) JSON(w io.Writer, cat *assets.Catalog) error {
	switch {
	case t.grid != nil:
		return GridJSON(w, t.game, *t.grid, cat)
	case t.vert != nil:
		return VertexJSON(w, t.game, *t.vert, cat)
	}
	return TableJSON(w, t.game, *t.heap, cat)
}

// Picture is the table drawn: g(n) plotted, the grid coloured, or the
// graph.
func (t *Table) Picture(cat *assets.Catalog) *picture.Drawing {
	switch {
	case t.grid != nil:
		return GridPlot(t.game, *t.grid, cat)
	case t.vert != nil:
		return VertexPicture(t.game, cat)
	}
	return TablePlot(t.game, *t.heap, cat)
}
