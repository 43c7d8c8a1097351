package board

import (
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// rowsBoard draws Northcott's game: a line of cells per row, ● the piece
// of the player to move, ○ the other's, · an empty cell, ◇ where the
// previewed move goes. A row wider than the screen folds its long runs of
// empty cells into "⋯n⋯", keeping the pieces and the destination.
type rowsBoard struct{}

func init() { register(engine.Rows, rowsBoard{}) }

func (rowsBoard) down() int        { return +1 }
func (rowsBoard) size(v View) int  { return v.Game.Places(v.Pos) }
func (rowsBoard) focus(v View) int { return v.Sel.Where - 1 }

// rowsLabel is the width of the widest row label.
func rowsLabel(v View) int {
	return text.Width(v.Game.Place(v.Pos, v.Game.Places(v.Pos)).Render(v.Cat))
}

// cellAt is what cell c of row r shows, and its style.
func (v View) cellAt(r int, c, dest int64) (string, text.Style) {
	a, b := v.Pos[2*r-2], v.Pos[2*r-1]
	switch {
	case c == dest:
		return "◇", v.Styles.Going
	case c == a && dest > 0:
		return "●", v.Styles.Going
	case c == a:
		return "●", v.Styles.Bold
	case c == b:
		return "○", v.Styles.Match
	}
	return "·", v.Styles.Subtle
}

// rowCells draws row r's cells in w columns: each cell "x " when they
// all fit, else the ends, the pieces and the destination with their
// neighbours, the runs between them folded.
func (v View) rowCells(r, w int, width int64) string {
	dest := int64(-1)
	if mv := v.Preview; mv != nil && mv.First().Place == r {
		dest = mv.First().Amount
	}
	// Kept: both ends, the pieces and the destination, each with its
	// neighbours; the runs between them folded.
	var keep []int64
	for _, k := range []int64{1, v.Pos[2*r-2], v.Pos[2*r-1], width, dest} {
		if k > 0 {
			keep = append(keep, k-1, k, k+1) // k+1 past 2^63 wraps below 1: ignored
		}
	}
	var out strings.Builder
	FoldRuns(keep, width, width <= int64(w)/2, 2, // not 2*width: a width near 2^63 would wrap
		func(c int64) {
			g, st := v.cellAt(r, c, dest)
			out.WriteString(st.Render(g) + " ")
		},
		func(n int64) { out.WriteString(v.Styles.Subtle.Render("⋯"+group(n)+"⋯") + " ") })
	return out.String()
}

func (rowsBoard) lines(v View, from, to int) (lines, notes []string) {
	lw, width := rowsLabel(v), rowCells(v.Game)
	for r := from + 1; r <= to; r++ {
		a, b := v.Pos[2*r-2], v.Pos[2*r-1]
		gap := max(a-b, b-a) - 1
		label := text.PadRight(v.Game.Place(v.Pos, r).Render(v.Cat), lw)
		cells := v.rowCells(r, v.Width-lw-14, width)
		lines = append(lines, v.mark(r)+label+"  "+cells+v.Styles.Subtle.Render(v.Cat.T("ui.rows.gap", group(gap))))
	}
	return lines, v.ruleNote()
}

// selectAt reads a click on a cell of an unfolded row: the move of that
// row's piece to it.
func (rowsBoard) selectAt(v View, x, y int) (Selection, bool) {
	r := y + 1
	if r < 1 || r > v.Game.Places(v.Pos) || rowCells(v.Game) > int64(v.Width-rowsLabel(v)-14)/2 {
		return Selection{}, false
	}
	x0 := 2 + rowsLabel(v) + 2
	if x < x0 || (x-x0)%2 != 0 {
		return Selection{}, false
	}
	c := int64((x-x0)/2 + 1)
	mv := engine.At(r, c)
	return selected(mv, v.Game.Amounts(v.Pos, r).Has(c))
}

// rowCells is how many cells each row of g's board has.
func rowCells(g engine.Game) int64 {
	l, _ := g.Board().Dims.(engine.RowsDims)
	return l.Cells
}
