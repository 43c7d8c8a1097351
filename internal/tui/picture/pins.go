package picture

import (
	"strings"

	"matchgame/internal/engine"
)

func init() { register(engine.Pins, drawPins) }

// drawPins draws rows of pins a row a heap (take-and-break games), or of
// matches or coins where those are the game's unit. The move's pins lie
// where they stand in the row, hollow and striped, after the left piece
// it leaves; a split that takes nothing is a dashed cut between pieces;
// the pieces left are written after the count ("12 −2 → 3 + 7").
func drawPins(f Figure) *Drawing {
	var s sheet
	p := f.Pos
	focus := -1
	if f.Move != nil {
		focus = engine.PlaceOf(f.Game, p, *f.Move) - 1
	}
	from, to := window(len(p), mostRows, focus)
	lw := 0.0
	for i := from; i < to; i++ {
		lw = max(lw, Width(f.place(i+1), labelSize, false))
	}
	unit := scaleOf(largest(p[from:to]), mostPieces)
	x0 := lw + 24
	unitKey := f.Game.Board().Unit
	for k, i := 0, from; i < to; k, i = k+1, i+1 {
		y := float64(k)*rowH + matchH + 8
		s.add(label(0, y-matchH/2+6, f.place(i+1)))
		kept, taken, moving := f.rowPieces(i)
		row, x := pinRow(unitKey, x0, y, p[i], unit, kept, taken, moving)
		s.add(row...)
		plain, change := countText(p[i], taken, 0, unit > 1)
		if moving {
			change += " → " + piecesWords(kept)
		}
		s.add(counted(x+6, y-matchH/2+6, plain, change)...)
	}
	f.elided(&s, from, to, len(p))
	f.scaleNote(&s, unit)
	return s.drawing()
}

// pinRow draws a row of h from x0 on the line y, one piece for unit of
// them: what the move knocks down (taken after the first piece kept)
// striped, its cuts where it takes nothing dashed. x is where the row
// ends.
func pinRow(unitKey string, x0, y float64, h, unit int64, kept []int64, taken int64, moving bool) (out []Shape, x float64) {
	gap := unitGap(unitKey)
	lo, hi := int64(-1), int64(-1) // the pieces drawn knocked
	cuts := map[int64]bool{}       // the pieces a cut stands before
	if moving && taken > 0 {
		lo = kept[0] / unit
		hi = max(lo+1, ceilDiv(kept[0]+taken, unit))
	}
	if moving && taken == 0 {
		at := int64(0)
		for _, piece := range kept[:len(kept)-1] {
			if at += piece; at > 0 && at < h {
				cuts[at/unit] = true
			}
		}
	}
	x = x0
	for j := range ceilDiv(h, unit) {
		if cuts[j] {
			out = append(out, Line{A: Point{x - gap/2, y + 4}, B: Point{x - gap/2, y - matchH - 10}, Style: Style{Stroke: Move, Width: 3, Dash: true, Class: "cut"}})
		}
		out = append(out, unitPiece(unitKey, x, y, j >= lo && j < hi)...)
		x += gap
	}
	return out, x
}

// unitPiece draws one piece of a row in the game's unit: a match, a coin
// or a pin, standing on y.
func unitPiece(unit string, x, y float64, going bool) []Shape {
	switch unit {
	case "unit.match":
		return match(x, y, going)
	case "unit.coin":
		return []Shape{coin(Point{x, y - coinR}, going, false)}
	}
	return pin(x, y, going)
}

// unitGap is the room from one piece of a row to the next.
func unitGap(unit string) float64 {
	switch unit {
	case "unit.match":
		return matchGap
	case "unit.coin":
		return coinGap
	}
	return 20
}

// rowPieces is what the move does to row i: the pieces it keeps in row
// order (the knocked pins lie after the first) and how many it knocks
// down; false when the move is not on this row.
func (f Figure) rowPieces(i int) (kept []int64, taken int64, ok bool) {
	m := f.Move
	if m == nil || engine.PlaceOf(f.Game, f.Pos, *m)-1 != i {
		return nil, 0, false
	}
	h := f.Pos[i]
	if piece(*m, 1) > 0 {
		return []int64{piece(*m, 0), piece(*m, 1), h - piece(*m, 0) - piece(*m, 1)}, 0, true
	}
	return []int64{piece(*m, 0), h - amount(*m) - piece(*m, 0)}, amount(*m), true
}

// piecesWords writes the pieces a move leaves in row order: "3 + 7", or
// "7" when one is left, "0" when none is.
func piecesWords(kept []int64) string {
	var words []string
	for _, k := range kept {
		if k > 0 {
			words = append(words, group(k))
		}
	}
	if words == nil {
		return "0"
	}
	return strings.Join(words, " + ")
}
