package picture

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// Figure is what a board is drawn from: the game, its position, the move
// to show (none when nil) and what may be marked, and the language of
// the labels. A board's drawing is a pure function of it, one per kind of
// board the engine describes; no drawing names a game.
type Figure struct {
	Game engine.Game
	Pos  engine.Position
	// Labels name Pos's places where a match keeps labels (a Hackenbush
	// edge labelled e5 after a cut, engine.Lineage); nil: by their numbers.
	Labels engine.Labels
	Conv   engine.Convention
	// Move is the move shown on the board: what it takes, moves, turns
	// or cuts is drawn hollow and striped, where it goes outlined. Nil
	// for none.
	Move *engine.Move
	// Reveal lets the figure show answers: a sum's Grundy values,
	// Wythoff's cold cells. Off for a worksheet's question.
	Reveal bool
	Cat    *assets.Catalog
}

// drawer draws one kind of board.
type drawer func(f Figure) *Drawing

var drawers = map[engine.BoardKind]drawer{}

// register makes d the drawing of boards of kind k.
func register(k engine.BoardKind, d drawer) { drawers[k] = d }

// Board draws f's board, its notes under it (the scale, what the move
// leaves); heaps of matches for a kind with no drawing of its own.
func Board(f Figure) *Drawing {
	d, ok := drawers[f.Game.Board().Kind]
	if !ok {
		d = drawers[engine.Heaps]
	}
	out := d(f)
	out.Lang = f.Cat.Lang
	return out
}

// Sizes of the drawings, in CSS pixels: a label is legible on a
// projected slide and in print.
const (
	labelSize = 18
	noteSize  = 15
	smallSize = 13
	margin    = 14
)

// sheet collects a board's shapes and its notes, and lays them out.
type sheet struct {
	shapes []Shape
	notes  []Text
}

func (s *sheet) add(sh ...Shape) { s.shapes = append(s.shapes, sh...) }

// note adds a line under the board.
func (s *sheet) note(str string, c Color) {
	if str != "" {
		s.notes = append(s.notes, Text{S: str, Size: noteSize, Color: c})
	}
}

// drawing puts the notes under the shapes and fits the page around them
// with a margin.
func (s *sheet) drawing() *Drawing {
	x0, y0, x1, y1 := Bounds(s.shapes)
	if len(s.shapes) == 0 {
		x0, y0, x1, y1 = 0, 0, 0, 0
	}
	y := y1
	all := append([]Shape(nil), s.shapes...)
	for _, n := range s.notes {
		y += noteSize * 1.5
		n.At = Point{x0, y}
		all = append(all, n)
		x1 = max(x1, n.bounds().X1)
	}
	if len(s.notes) > 0 {
		y += noteSize * 0.4
	}
	d := &Drawing{W: x1 - x0 + 2*margin, H: y - y0 + 2*margin}
	d.Add(Group{DX: margin - x0, DY: margin - y0, Shapes: all})
	return d
}

// group writes v with its digits grouped by three: 1,000,000.
func group(v int64) string { return fmt.Sprintf("%d", engine.Number(v)) }

// change is what the move does to each number of the position: how much
// each loses and gains. Nil without a move, or when it changes the
// position's length.
func (f Figure) change() (lose, gain []int64) {
	q, ok := f.after()
	if !ok || len(q) != len(f.Pos) {
		return nil, nil
	}
	lose, gain = make([]int64, len(f.Pos)), make([]int64, len(f.Pos))
	for i, v := range f.Pos {
		if q[i] < v {
			lose[i] = v - q[i]
		} else {
			gain[i] = q[i] - v
		}
	}
	return lose, gain
}

// after is the position the move leaves; false without a legal move.
func (f Figure) after() (engine.Position, bool) {
	if f.Move == nil {
		return nil, false
	}
	q, err := f.Game.Apply(f.Pos, *f.Move)
	return q, err == nil
}

func at(v []int64, i int) int64 {
	if i < 0 || i >= len(v) {
		return 0
	}
	return v[i]
}

func largest(p []int64) int64 {
	var v int64
	for _, x := range p {
		v = max(v, x)
	}
	return v
}

// place names place w: "heap 3".
func (f Figure) place(w int) string { return f.Game.Place(f.Pos, w).Render(f.Cat) }

// units says n of the board's unit: "3 matches", "1 coin".
func (f Figure) units(n int64) string {
	key := f.Game.Board().Unit
	if n == 1 && f.Cat.Has(key+".one") {
		key += ".one"
	}
	return group(n) + " " + f.Cat.T(key)
}

// window is which of n rows are drawn when at most most fit: all, or
// most around focus (a row that must be seen; −1 for none).
func window(n, most, focus int) (from, to int) {
	if n <= most {
		return 0, n
	}
	if focus < 0 {
		return 0, most
	}
	from = min(max(0, focus-most/2), n-most)
	return from, from + most
}

// elided says which rows are drawn of how many: "heaps 11–50 of 100,000
// drawn".
func (f Figure) elided(s *sheet, from, to, n int) {
	key := "picture.rows.shown"
	if f.Game.Board().Kind == engine.SumOfGames {
		key = "picture.parts.shown"
	}
	if to-from < n {
		s.note(f.Cat.T(key, strconv.Itoa(from+1), strconv.Itoa(to), group(int64(n))), Subtle)
	}
}

// at0 moves shapes so that the top left of what they cover is at (x, y).
func at0(shapes []Shape, x, y float64) Group {
	x0, y0, _, _ := Bounds(shapes)
	return Group{DX: x - x0, DY: y - y0, Shapes: shapes}
}

func hypot(x, y float64) float64 { return math.Hypot(x, y) }

func sortInts(v []int64) { slices.Sort(v) }

// The move's numbers, read in one place: where it is made, what it takes
// there, and the pieces it leaves (a split's smaller heaps, the other
// coins it turns, a corner's second coordinate).
func place(m engine.Move) int          { return m.First().Place }
func amount(m engine.Move) int64       { return m.First().Amount }
func piece(m engine.Move, i int) int64 { return m.First().Pieces[i] }
