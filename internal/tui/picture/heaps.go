package picture

import (
	"matchgame/internal/engine"
)

func init() {
	register(engine.Heaps, drawHeaps)
	register(engine.OneHeap, drawHeaps)
}

// Heaps are drawn a row each, top to bottom: the heap's name, its
// matches standing, its count. A heap too long to draw match by match
// is drawn at a scale said under the board; more heaps than fit are
// drawn as a window around the move's.
const (
	mostPieces = 30 // pieces in a row
	mostRows   = 40
	rowH       = 64
)

func drawHeaps(f Figure) *Drawing {
	var s sheet
	p := f.Pos
	rows := min(len(p), f.Game.Places(p)) // Fibonacci Nim: its limit is no heap
	lose, _ := f.change()
	focus := -1
	if f.Move != nil {
		focus = engine.PlaceOf(f.Game, p, *f.Move) - 1
	}
	from, to := window(rows, mostRows, focus)
	lw := 0.0
	for i := from; i < to; i++ {
		lw = max(lw, Width(f.place(i+1), labelSize, false))
	}
	unit := scaleOf(largest(p[from:to]), mostPieces)
	x0 := lw + 24
	for k, i := 0, from; i < to; k, i = k+1, i+1 {
		y := float64(k)*rowH + matchH + 8 // the matches' feet
		s.add(label(0, y-matchH/2+6, f.place(i+1)))
		going := at(lose, i)
		n, gone := pieces(p[i], going, unit)
		x := x0
		for j := range n {
			s.add(match(x, y, j >= n-gone)...)
			x += matchGap
		}
		plain, change := countText(p[i], going, 0, unit > 1)
		s.add(counted(x+6, y-matchH/2+6, plain, change)...)
	}
	f.elided(&s, from, to, rows)
	f.scaleNote(&s, unit)
	return s.drawing()
}

// scaleNote says what one piece stands for on a scaled board.
func (f Figure) scaleNote(s *sheet, unit int64) {
	if unit > 1 {
		s.note(f.Cat.T("picture.scale", f.units(unit)), Subtle)
	}
}
