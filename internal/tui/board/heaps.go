package board

import (
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

func init() {
	register(engine.Heaps, heapsBoard{})
	register(engine.OneHeap, heapsBoard{})
}

// heapsBoard draws heaps of matches one row each, top to bottom (Heaps,
// and OneHeap with its rule under it).
type heapsBoard struct{}

func (heapsBoard) down() int        { return +1 }
func (heapsBoard) size(v View) int  { return min(len(v.Pos), v.Game.Places(v.Pos)) } // Fibonacci Nim: the heap, not its limit
func (heapsBoard) focus(v View) int { return v.Sel.Where - 1 }
func (heapsBoard) columns(v View) (int, int) {
	_, b := heapLayout(v, v.Width)
	return b.x0, b.cw
}

// heapLayout lays out rows of heaps in w columns: marker, label, then
// matches, then room for the count and the amount going, " (h −t)",
// which a heap of a trillion matches must not push off the screen.
func heapLayout(v View, w int) (labelWidth int, b barGeometry) {
	p := v.Pos
	// The widest label is the last heap's: heap 100,000 is wider than heap 9.
	heaps := len(p)
	if n := v.Game.Places(p); n < heaps { // Fibonacci Nim: its limit is no heap
		heaps = n
	}
	labelWidth = text.Width(v.Game.Place(p, heaps).Render(v.Cat))
	x0 := 2 + labelWidth + 1
	top := largest(p[:heaps])
	digits := len(group(top))
	return labelWidth, newBarGeometry(x0, max(8, w-x0-2*digits-6), top)
}

func (heapsBoard) lines(v View, from, to int) (lines, notes []string) {
	p, g := v.Pos, v.Game
	lw, b := heapLayout(v, v.Width)
	lose, _ := v.change()
	for i := from; i < to; i++ {
		going := at(lose, i)
		row := v.mark(i+1) + text.PadRight(g.Place(p, i+1).Render(v.Cat), lw) + " " + v.bar(b, p[i], going, 0, MatchGlyph, goneGlyph, "")
		lines = append(lines, row+" "+v.Styles.Subtle.Render(v.count(p[i], going, 0, b.unit > 1)))
	}
	return lines, append(v.scaleNote(b, MatchGlyph), v.ruleNote()...)
}

func (heapsBoard) selectAt(v View, x, y int) (Selection, bool) {
	p := v.Pos
	if y < 0 || y >= min(len(p), v.Game.Places(p)) {
		return Selection{}, false
	}
	_, b := heapLayout(v, v.Width)
	take := b.takeAt(x, p[y])
	mv := engine.At(y+1, take)
	return selected(mv, take > 0 && v.Game.Amounts(p, y+1).Has(take))
}
