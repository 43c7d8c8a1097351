package picture

import (
	"strconv"

	"matchgame/internal/engine"
)

func init() { register(engine.Queen, drawQueen) }

// queenCell is the side of a cell of the queen's grid; queenMost the
// largest heap the grid is drawn for.
const (
	queenCell = 26
	queenMost = 24
)

// drawQueen draws two heaps as rows of matches and, beside them when
// both are at most queenMost, the queen on her grid at (heap 1, heap 2):
// a move takes her left, down or diagonally towards the corner (0, 0).
// The move's square is outlined with an arrow to it; with Reveal the
// cold cells (P-positions) are shaded and dotted.
func drawQueen(f Figure) *Drawing {
	heaps := drawHeaps(f)
	p := f.Pos
	if len(p) != 2 || p[0] > queenMost || p[1] > queenMost || p[0] < 0 || p[1] < 0 {
		return heaps
	}
	var s sheet
	s.add(Group{Shapes: heaps.Shapes})
	grid := queenGrid(f)
	s.add(at0(grid.shapes, heaps.W+30, margin))
	s.notes = grid.notes
	return s.drawing()
}

func queenGrid(f Figure) sheet {
	var s sheet
	a, b := f.Pos[0], f.Pos[1]
	ta, tb := int64(-1), int64(-1)
	if q, ok := f.after(); ok && len(q) == 2 {
		ta, tb = q[0], q[1]
	}
	// Cell (x, y) has its lower left corner at (x·c, −y·c): y grows up.
	cx := func(x int64) float64 { return float64(x)*queenCell + queenCell/2 }
	cy := func(y int64) float64 { return -float64(y)*queenCell - queenCell/2 }
	cold := func(x, y int64) bool {
		sol, err := f.Game.Solve(engine.Position{x, y}, f.Conv)
		return err == nil && sol.Outcome == engine.P
	}
	var colds []Shape // drawn over the grid, their outlines whole
	for y := int64(0); y <= b; y++ {
		for x := int64(0); x <= a; x++ {
			r := Rect{X: float64(x) * queenCell, Y: -float64(y+1) * queenCell, W: queenCell, H: queenCell, Style: Style{Fill: Paper, Stroke: Faint, Width: 1, Class: "cell"}}
			if f.Reveal && cold(x, y) {
				r.Style = Style{Fill: ColdBg, Pattern: Dots, Stroke: Cold, Width: 1.5, Class: "cell cold"}
				colds = append(colds, r)
				continue
			}
			s.add(r)
		}
	}
	s.add(colds...)
	// The queen's lines: where she may go.
	for x := int64(0); x <= a; x++ {
		s.add(small(cx(x), 16, strconv.FormatInt(x, 10), Middle))
	}
	for y := int64(0); y <= b; y++ {
		s.add(small(-6, cy(y)+4, strconv.FormatInt(y, 10), End))
	}
	s.add(Text{At: Point{float64(a+1) * queenCell / 2, 36}, S: f.place(1) + " →", Size: noteSize, Anchor: Middle, Color: Subtle})
	s.add(Text{At: Point{0, -float64(b+1)*queenCell - 10}, S: "↑ " + f.place(2), Size: noteSize, Color: Subtle})
	if ta >= 0 {
		s.add(Line{A: Point{cx(a), cy(b)}, B: Point{cx(ta), cy(tb)}, Style: Style{Stroke: Move, Width: 3, Class: "move"}, Arrow: true})
		s.add(Circle{C: Point{cx(ta), cy(tb)}, R: queenCell/2 - 2, Style: classed(moveLine, "dest")})
	}
	s.add(queen(Point{cx(a), cy(b)})...)
	if f.Reveal {
		s.note(f.Cat.T("picture.queen.cold"), Cold)
	}
	return s
}

// queen draws the queen at c: a crown on a dark disc.
func queen(c Point) []Shape {
	r := float64(queenCell)/2 - 1
	crown := []Point{
		{c.X - 7, c.Y + 5}, {c.X - 8, c.Y - 5}, {c.X - 3.5, c.Y - 1}, {c.X, c.Y - 7},
		{c.X + 3.5, c.Y - 1}, {c.X + 8, c.Y - 5}, {c.X + 7, c.Y + 5},
	}
	return []Shape{Circle{C: c, R: r, Style: Style{Fill: Ink, Class: "queen"}}, Polygon{Pts: crown, Style: Style{Fill: Wood}}}
}
