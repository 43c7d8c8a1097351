package desk

import (
	"math/bits"
	"slices"
	"strconv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Questions of Grundy values: a position made of parts (the heaps of a
// game on heaps, the coins of a coin game or of Turning Corners, the
// games of a sum) asks each part's value in decimal and binary and their
// nim-sum; a position worth one value (Wythoff's pair, a staircase, a
// Hackenbush picture) asks that value and how it is found.

// valuePart is one part of a position: its name, where it stands and its
// Grundy value.
type valuePart struct {
	Label, Written string
	Value          uint64
}

// valueQuestion asks p's values: a binary table of its parts where it has
// several, else its one value (one heap of Bash has no nim-sum to write);
// a position whose value the family cannot give (a draw on a graph) is
// decided instead.
func valueQuestion(q *sheetQuestion, g engine.Game, p engine.Position, cat *assets.Catalog) error {
	p, err := g.Normalize(p)
	if err != nil {
		return err
	}
	a, err := engine.Analyze(g, p, engine.Normal)
	if err != nil {
		return err
	}
	parts, head, ok := valueParts(g, a.Position, cat)
	if !ok || len(parts) < 2 {
		return oneValueQuestion(q, g, a, cat)
	}
	q.Kind, q.at = askBinary, a.Position
	q.Position = engine.Written(g, a.Position)
	q.PartHead = head
	q.Prompt = valuePrompt(g, q.Position, cat)
	var sum uint64
	digits := 4 // as many columns as the values need, and never so few that they tell how small the values are
	if tab, heaps := g.(variants.HeapTabler); heaps && identity(tab) {
		digits = 1 // Nim's values are the heaps on the sheet
	}
	for _, pt := range parts {
		sum ^= pt.Value
		digits = max(digits, bits.Len64(pt.Value))
	}
	for i := range digits {
		q.Digits = append(q.Digits, digits-1-i)
	}
	for _, pt := range parts {
		q.Rows = append(q.Rows, binaryRow{Label: pt.Label, Heap: pt.Written, Value: strconv.FormatUint(pt.Value, 10), Bits: bitCells(pt.Value, digits)})
	}
	q.Sum = binaryRow{Label: cat.T("nimsum.label"), Value: strconv.FormatUint(sum, 10), Bits: bitCells(sum, digits)}
	q.Answer = cat.T("worksheet.answer", q.Position, a.Summary().Render(cat))
	q.Working = a.Explanation.Lines(cat)
	q.figures(a, cat)
	return nil
}

// oneValueQuestion asks the one value of a position.
func oneValueQuestion(q *sheetQuestion, g engine.Game, a engine.Analysis, cat *assets.Catalog) error {
	vg, ok := g.(engine.Valued)
	if !ok {
		return decideQuestion(q, g, engine.Normal, a.Position, cat)
	}
	v, err := vg.Value(a.Position)
	if err != nil { // no value: a draw, or past the family's table
		return decideQuestion(q, g, engine.Normal, a.Position, cat)
	}
	q.Kind, q.at = askValue, a.Position
	q.Position = engine.Written(g, a.Position)
	q.Prompt = cat.T("worksheet.ask.value", sheetTitle(g, cat), q.Position)
	q.Value = strconv.FormatUint(v.G, 10)
	q.Answer = cat.T("worksheet.answer.value", q.Position, v.G, a.Summary().Render(cat))
	q.Working = append([]string{cat.T("worksheet.value.how", v.G, v.How.Render(cat))}, a.Explanation.Lines(cat)...)
	q.figures(a, cat)
	return nil
}

// valuePrompt asks for the values of a position's parts in the words of
// its game: a sum's games, Nim's heaps, heads coins, heaps, or parts.
func valuePrompt(g engine.Game, position string, cat *assets.Catalog) string {
	title := sheetTitle(g, cat)
	switch tab, heaps := g.(variants.HeapTabler); {
	case isSum(g):
		return cat.T("worksheet.ask.sum", position)
	case heaps && g.Board().Number == "what.coin": // a row of coins, each heads coin a part
		return cat.T("worksheet.ask.binary.coins", title, position)
	case heaps && identity(tab):
		return cat.T("worksheet.ask.binary.nim", title, position)
	case heaps:
		return cat.T("worksheet.ask.binary", title, position)
	}
	return cat.T("worksheet.ask.parts", title, position)
}

// valueParts are p's parts with their values, and the head of their
// column: the heaps (or coins) of a game with a table of one number, the
// games of a sum, the cells of the places of a game with a grid of
// values (Turning Corners' coins; Wythoff's two heaps are one cell, so
// one value: false).
func valueParts(g engine.Game, p engine.Position, cat *assets.Catalog) ([]valuePart, string, bool) {
	switch tg := g.(type) {
	case *engine.Sum:
		return sumParts(tg, p, cat)
	case variants.HeapTabler:
		if len(p) == 0 {
			return nil, "", false
		}
		tab, err := tg.HeapTable(slices.Max(p))
		if err != nil {
			return nil, "", false
		}
		parts := make([]valuePart, len(p))
		for i, h := range p {
			parts[i] = valuePart{Label: g.Place(p, i+1).Render(cat), Written: strconv.FormatInt(h, 10), Value: tab.Values[h]}
		}
		return parts, partHead(g, cat), true
	case variants.GridTabler:
		return gridParts(tg, p, cat)
	}
	return nil, "", false
}

// sumParts are a sum's games, each with its value.
func sumParts(s *engine.Sum, p engine.Position, cat *assets.Catalog) ([]valuePart, string, bool) {
	var parts []valuePart
	for i, pp := range s.Partwise(p) {
		v, err := s.Parts[i].Value(pp)
		if err != nil {
			return nil, "", false
		}
		parts = append(parts, valuePart{Label: cat.T("ui.sum.title", i+1, engine.Title(s.Parts[i]).Render(cat)),
			Written: engine.Written(s.Parts[i], pp), Value: v.G})
	}
	return parts, cat.T("worksheet.position"), true
}

// gridParts are the distinct cells of p's places in its grid of values,
// when there are more than one.
func gridParts(tg variants.GridTabler, p engine.Position, cat *assets.Catalog) ([]valuePart, string, bool) {
	type cell struct{ a, b int64 }
	var cells []cell
	var wheres []int
	top := int64(0)
	for where := 1; where <= tg.Places(p); where++ {
		a, b, ok := tg.GridCellOf(p, where)
		if ok && !slices.Contains(cells, cell{a, b}) {
			cells, wheres, top = append(cells, cell{a, b}), append(wheres, where), max(top, a, b)
		}
	}
	if len(cells) < 2 {
		return nil, "", false
	}
	tab, err := tg.GridTable(top, engine.Normal)
	if err != nil || tab.Outcomes {
		return nil, "", false
	}
	parts := make([]valuePart, len(cells))
	for i, c := range cells {
		parts[i] = valuePart{Label: tg.Place(p, wheres[i]).Render(cat), Written: strconv.FormatInt(c.a, 10) + "," + strconv.FormatInt(c.b, 10),
			Value: tab.Cell(c.a, c.b).Value}
	}
	return parts, partHead(tg, cat), true
}

// partHead heads the parts' column by what the board's numbers are:
// heap, coin.
func partHead(g engine.Game, cat *assets.Catalog) string {
	if key := g.Board().Number; cat.Has(key) {
		return cat.T(key)
	}
	return cat.T("worksheet.heap")
}

// bitCells are v's binary digits, digits of them, one a cell.
func bitCells(v uint64, digits int) []string {
	var cells []string
	for _, d := range engine.Binary(v, digits) {
		cells = append(cells, string(d))
	}
	return cells
}

func isSum(g engine.Game) bool {
	_, ok := g.(*engine.Sum)
	return ok
}

// identity reports a table whose values are its heaps (Nim).
func identity(t variants.HeapTabler) bool {
	tab, err := t.HeapTable(0)
	return err == nil && tab.Identity
}
