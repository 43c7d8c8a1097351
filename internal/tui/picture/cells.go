package picture

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
)

func init() { register(engine.Cells, drawCells) }

// Sizes of a row of cells.
const (
	cellW     = 34
	foldW     = 64
	mostCells = 40
)

// spot is one place of a row of cells: a cell, or a fold of empty ones.
type spot struct {
	cell int64 // 0 for a fold
	fold int64 // the cells folded
}

// rowSpots lays cells 1..last out: each, or when there are more than
// mostCells those near the kept ones and folds of the runs between.
func rowSpots(keep []int64, last int64) []spot {
	var out []spot
	all := last <= mostCells
	near := []int64{1, last} // the row's ends drawn, as its length is said
	for _, k := range keep {
		near = append(near, k-1, k, k+1)
	}
	board.FoldRuns(near, last, all, 2,
		func(c int64) { out = append(out, spot{cell: c}) },
		func(n int64) { out = append(out, spot{fold: n}) })
	return out
}

// spotX are the left edges of the spots.
func spotX(spots []spot) (xs []float64) {
	w := 0.0
	for _, s := range spots {
		xs = append(xs, w)
		if s.cell > 0 {
			w += cellW
		} else {
			w += foldW
		}
	}
	return xs
}

// drawCells draws the chessmen on their row of cells (Georgia and Bob):
// the cells numbered over the row, each chessman a dark disc with its
// number, and under the row each gap (the free cells before a chessman)
// bracketed with its size. A move draws an arrow from the chessman to
// the cell it goes to, outlined dashed.
func drawCells(f Figure) *Drawing {
	var s sheet
	p := f.Pos
	dest := int64(-1)
	from := -1
	if m := f.Move; m != nil && place(*m) >= 1 && place(*m) <= len(p) {
		from, dest = place(*m)-1, p[place(*m)-1]-amount(*m)
	}
	keep := slices.Clone(p)
	if dest > 0 {
		keep = append(keep, dest)
	}
	spots := rowSpots(keep, max(largest(p), 1))
	xs := spotX(spots)
	xOf := map[int64]float64{}
	man := map[int64]int{}
	for i, c := range p {
		man[c] = i + 1
	}
	wide := 0 // numbers wider than their cells written so far
	for k, sp := range spots {
		x := xs[k]
		if sp.cell == 0 {
			s.add(fold(x, 0, sp.fold)...)
			continue
		}
		xOf[sp.cell] = x + cellW/2
		s.add(Rect{X: x, Y: 0, W: cellW, H: cellW, Style: Style{Fill: Paper, Stroke: Ink, Width: 1.2, Class: "cell"}})
		i, isMan := man[sp.cell]
		if n, ok := cellNumber(x+cellW/2, sp.cell, isMan || sp.cell == dest, &wide); ok {
			s.add(n)
		}
		if isMan {
			s.add(chessman(Point{x + cellW/2, cellW / 2}, i)...)
		}
		if sp.cell == dest {
			s.add(Circle{C: Point{x + cellW/2, cellW / 2}, R: cellW/2 - 4, Style: classed(goingFill, "dest")})
		}
	}
	gapBrackets(&s, p, xs, spots)
	if from >= 0 && dest > 0 {
		a, b := xOf[p[from]], xOf[dest]
		y := -40.0
		s.add(Path{Segs: []Seg{{P: Point{a, y}}, {Q: Point{(a + b) / 2, y - 30}, P: Point{b, y}, Curve: true}}, Style: Style{Stroke: Move, Width: 3, Class: "move"}, Arrow: true})
		s.note(f.Cat.T("picture.cells.move", from+1, group(dest)), Move)
	}
	s.note(f.Cat.T("ui.cells.gaps", gapList(p)), Subtle)
	return s.drawing()
}

// cellNumber is cell c's number over it at x. A number wider than its
// cell is written only where it must be (a chessman's, where the move
// goes), every other one of those raised; wide counts them.
func cellNumber(x float64, c int64, must bool, wide *int) (Text, bool) {
	num := group(c)
	switch {
	case Width(num, smallSize, false) <= cellW-3:
		return small(x, -6, num, Middle), true
	case must:
		*wide++
		return small(x, -6-16*float64((*wide-1)%2), num, Middle), true
	}
	return Text{}, false
}

// gapBrackets brackets each gap (the free cells before a chessman) under
// the row, with its size.
func gapBrackets(s *sheet, p []int64, xs []float64, spots []spot) {
	prev := int64(0)
	for _, c := range p {
		if g := c - prev - 1; g > 0 {
			x0, x1 := leftEdge(xs, spots, prev+1), leftEdge(xs, spots, c)
			y := float64(cellW + 8)
			s.add(Path{Segs: []Seg{{P: Point{x0 + 2, y}}, {P: Point{x0 + 2, y + 6}}, {P: Point{x1 - 2, y + 6}}, {P: Point{x1 - 2, y}}}, Style: Style{Stroke: Subtle, Width: 1.2}})
			s.add(small((x0+x1)/2, y+22, group(g), Middle))
		}
		prev = c
	}
}

// leftEdge is where cell c starts, or the fold that holds it.
func leftEdge(xs []float64, spots []spot, c int64) float64 {
	for k, sp := range spots {
		if sp.cell == c {
			return xs[k]
		}
		if sp.cell > c {
			return xs[k] - foldW
		}
	}
	return xs[len(xs)-1] + cellW
}

// chessman draws chessman i at c: a dark disc with its number.
func chessman(c Point, i int) []Shape {
	return []Shape{Circle{C: c, R: cellW/2 - 4, Style: Style{Fill: Ink, Class: "chessman"}},
		Text{At: Point{c.X, c.Y + 5}, S: strconv.Itoa(i), Size: smallSize, Bold: true, Anchor: Middle, Color: Paper}}
}

// gapList writes the gaps, left to right, the first 40.
func gapList(p []int64) string {
	gaps := make([]string, 0, min(len(p), 41))
	prev := int64(0)
	for i, c := range p {
		if i == 40 {
			gaps = append(gaps, "…")
			break
		}
		gaps = append(gaps, group(c-prev-1))
		prev = c
	}
	return strings.Join(gaps, " ")
}

// fold is a run of n empty cells folded at (x, y).
func fold(x, y float64, n int64) []Shape {
	return []Shape{Rect{X: x, Y: y, W: foldW, H: cellW, Style: Style{Fill: RGB(0xf2, 0xf2, 0xf2), Stroke: Faint, Width: 1, Class: "fold"}},
		Text{At: Point{x + foldW/2, y + cellW/2 + 5}, S: "⋯" + group(n) + "⋯", Size: smallSize, Anchor: Middle, Color: Subtle}}
}
