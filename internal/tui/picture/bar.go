package picture

import (
	"strconv"

	"matchgame/internal/engine"
)

func init() {
	register(engine.Bar, drawBar)
	register(engine.Rows, drawRows)
}

// square is the side of a square of the chocolate bar.
const square = 32

// drawBar draws Chomp's bar: its rows top to bottom as the position's
// row lengths, columns numbered over it, the poisoned square at the top
// left dark with a white cross. A bite strips the squares it eats (the
// one chosen and every square right of and below it) and outlines the
// one chosen.
func drawBar(f Figure) *Drawing {
	var s sheet
	p := f.Pos
	bite := f.Move
	widest := min(largest(p), 60)
	for c := int64(1); c <= widest; c++ {
		s.add(small(float64(c-1)*square+square/2, -8, strconv.FormatInt(c, 10), Middle))
	}
	eaten := int64(0)
	for r := 1; r <= len(p); r++ {
		y := float64(r-1) * square
		for c := int64(1); c <= min(p[r-1], 60); c++ {
			eats := bite != nil && r >= place(*bite) && c >= amount(*bite)
			if eats {
				eaten++
			}
			s.add(chocolate(float64(c-1)*square, y, r == 1 && c == 1, eats)...)
		}
		if p[r-1] > 60 {
			s.add(small(60*square+6, y+square/2+5, "… "+group(p[r-1]), Start))
		}
	}
	if bite != nil && place(*bite) >= 1 && place(*bite) <= len(p) {
		x, y := float64(amount(*bite)-1)*square, float64(place(*bite)-1)*square
		s.add(Rect{X: x - 1, Y: y - 1, W: square + 2, H: square + 2, Style: Style{Stroke: Move, Width: 4, Class: "bite"}})
		s.note(f.Cat.T("ui.bar.bite", place(*bite), amount(*bite), eaten), Move)
	}
	s.note(f.Cat.T("picture.bar.poison"), Subtle)
	return s.drawing()
}

// chocolate is one square of the bar at (x, y): eaten, striped; the
// poisoned one dark with a white cross.
func chocolate(x, y float64, poison, eaten bool) []Shape {
	cell := Rect{X: x + 1, Y: y + 1, W: square - 2, H: square - 2, R: 2, Style: Style{Fill: RGB(0x8b, 0x5a, 0x2b), Stroke: Ink, Width: 1.2, Class: "square"}}
	switch {
	case eaten:
		cell.Style = classed(goingFill, "square going")
	case poison:
		cell.Style = Style{Fill: Ink, Stroke: Ink, Width: 1.2, Class: "square poison"}
	}
	if !poison {
		return []Shape{cell}
	}
	cross := Style{Stroke: Paper, Width: 3}
	return []Shape{cell, Line{A: Point{x + 9, y + 9}, B: Point{x + square - 9, y + square - 9}, Style: cross},
		Line{A: Point{x + square - 9, y + 9}, B: Point{x + 9, y + square - 9}, Style: cross}}
}

// drawRows draws Northcott's game: each row's cells, the piece of the
// player to move a dark disc, the other's a white square, the gap
// between them written at the row's end. The move draws an arrow from
// the dark piece to its cell, outlined dashed. Rows wider than
// mostCells fold their long empty runs.
func drawRows(f Figure) *Drawing {
	var s sheet
	p := f.Pos
	var width int64
	if d, ok := f.Game.Board().Dims.(engine.RowsDims); ok {
		width = d.Cells
	}
	rows := f.Game.Places(p)
	lw := 0.0
	for r := 1; r <= rows; r++ {
		lw = max(lw, Width(f.place(r), labelSize, false))
	}
	for r := 1; r <= rows; r++ {
		a, b := p[2*r-2], p[2*r-1]
		dest := int64(-1)
		if m := f.Move; m != nil && place(*m) == r {
			dest = amount(*m)
		}
		y := float64(r-1) * (cellW + 22)
		s.add(label(0, y+cellW/2+6, f.place(r)))
		keep := []int64{a, b}
		if dest > 0 {
			keep = append(keep, dest)
		}
		x := lw + 20
		xOf := map[int64]float64{}
		for _, sp := range rowSpots(keep, width) {
			if sp.cell == 0 {
				s.add(fold(x, y, sp.fold)...)
				x += foldW
				continue
			}
			c := Point{x + cellW/2, y + cellW/2}
			xOf[sp.cell] = c.X
			s.add(Rect{X: x, Y: y, W: cellW, H: cellW, Style: Style{Fill: Paper, Stroke: Ink, Width: 1.2, Class: "cell"}})
			switch sp.cell {
			case a:
				s.add(Circle{C: c, R: cellW/2 - 5, Style: Style{Fill: Ink, Class: "piece mover"}})
			case b:
				s.add(Rect{X: c.X - 10, Y: c.Y - 10, W: 20, H: 20, Style: Style{Fill: Paper, Stroke: Ink, Width: 2.5, Class: "piece other"}})
			}
			if sp.cell == dest {
				s.add(Circle{C: c, R: cellW/2 - 5, Style: classed(goingFill, "dest")})
			}
			x += cellW
		}
		gap := max(a-b, b-a) - 1
		s.add(Text{At: Point{x + 12, y + cellW/2 + 6}, S: f.Cat.T("ui.rows.gap", group(gap)), Size: noteSize, Color: Subtle})
		if dest > 0 {
			s.add(Path{Segs: []Seg{{P: Point{xOf[a], y + 4}}, {Q: Point{(xOf[a] + xOf[dest]) / 2, y - 14}, P: Point{xOf[dest], y + 4}, Curve: true}},
				Style: Style{Stroke: Move, Width: 3, Class: "move"}, Arrow: true})
		}
	}
	s.note(f.Cat.T("picture.rows.key"), Subtle)
	return s.drawing()
}
