package tui

import (
	"strconv"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// heapsBoard draws heaps of matches one row each, top to bottom (Heaps,
// and OneHeap with its rule under it).
type heapsBoard struct{}

func (heapsBoard) keys() keyLayout   { return verticalKeys }
func (heapsBoard) down() int         { return +1 }
func (heapsBoard) size(m *play) int  { return len(m.pos()) }
func (heapsBoard) focus(m *play) int { return m.sel.where - 1 }

// heapLayout lays out rows of heaps in w columns: marker, label, then
// matches, then room for the count and the amount going, " (h −t)",
// which a heap of a trillion matches must not push off the screen.
func heapLayout(m *play, p engine.Position, w int) (labelWidth int, b barGeometry) {
	// The widest label is the last heap's: heap 100,000 is wider than heap 9.
	labelWidth = text.Width(m.game().Place(p, len(p)).Render(m.cat))
	x0 := 2 + labelWidth + 1
	digits := len(group(largest(p)))
	return labelWidth, newBarGeometry(x0, max(8, w-x0-2*digits-6), largest(p))
}

func (heapsBoard) lines(m *play, w, from, to int) (lines, notes []string) {
	p, g := m.pos(), m.game()
	lw, b := heapLayout(m, p, w)
	lose, _ := m.change()
	for i := from; i < to; i++ {
		mark := noCursor
		if m.marked(i + 1) {
			mark = m.st.Selected.Render(cursor)
		}
		going := at(lose, i)
		row := mark + text.PadRight(g.Place(p, i+1).Render(m.cat), lw) + " " + m.bar(b, p[i], going, 0, matchGlyph, goneGlyph, "")
		lines = append(lines, row+" "+m.st.Subtle.Render(m.count(p[i], going, 0, b.unit > 1)))
	}
	return lines, append(m.scaleNote(b, matchGlyph), m.ruleNote()...)
}

func (b heapsBoard) selectAt(m *play, w, x, y int) (selection, bool) {
	return selected(b.moveAt(m, w, x, y))
}

func (heapsBoard) moveAt(m *play, w, x, y int) (engine.Move, bool) {
	p := m.pos()
	if y < 0 || y >= len(p) {
		return engine.Move{}, false
	}
	_, b := heapLayout(m, p, w)
	take := b.takeAt(x, p[y])
	mv := engine.Move{Where: y + 1, Amount: take}
	return mv, take > 0 && m.game().Amounts(p, y+1).Has(take)
}

// queenBoard draws Wythoff's two heaps, the three ways to take (the
// places), and the queen on a grid when the heaps are small.
type queenBoard struct{}

func (queenBoard) keys() keyLayout { return verticalKeys }
func (queenBoard) down() int       { return +1 }
func (queenBoard) focus(*play) int { return 0 }

func (queenBoard) size(m *play) int {
	n := 4 // the heaps, a blank line, the ways to take
	if grid := queenGrid(m); grid != nil {
		n = max(n, len(grid))
	}
	return n
}

func (queenBoard) lines(m *play, w, from, to int) (lines, notes []string) {
	p, g := m.pos(), m.game()
	hw := min(w, 56)
	lw, b := heapLayout(m, p, hw)
	lose, _ := m.change()
	var heaps []string
	for i := range p {
		mark := noCursor
		if m.marked(i+1) || m.marked(3) {
			mark = m.st.Selected.Render(cursor)
		}
		going := at(lose, i)
		heaps = append(heaps, mark+text.PadRight(m.cat.T("label.heap", i+1), lw)+" "+m.bar(b, p[i], going, 0, matchGlyph, goneGlyph, "")+
			" "+m.st.Subtle.Render(m.count(p[i], going, 0, b.unit > 1)))
	}
	ways := m.cat.T("ui.queen.from")
	for w := 1; w <= g.Places(p); w++ {
		word := g.Place(p, w).Render(m.cat)
		if m.marked(w) {
			ways += " " + m.st.Selected.Render("["+word+"]")
		} else {
			ways += "  " + word + " "
		}
	}
	if !m.picture {
		heaps = append(heaps, "", ways)
	}
	all := heaps
	if grid := queenGrid(m); grid != nil && text.MaxWidth(heaps)+4+text.MaxWidth(grid) <= w {
		all = sideBySide(heaps, grid, 4)
	}
	for len(all) < to {
		all = append(all, "")
	}
	if m.disclosure() == engine.Teach && queenGrid(m) != nil {
		notes = append(notes, m.st.Subtle.Render(m.cat.T("ui.queen.legend")))
		if m.match.Conv == engine.Misere {
			notes = append(notes, m.st.Subtle.Render(m.cat.T("ui.queen.legend.misere")))
		}
	}
	return all[from:to], append(m.scaleNote(b, matchGlyph), notes...)
}

// sideBySide puts two blocks of lines next to each other.
func sideBySide(left, right []string, gap int) []string {
	lw := text.MaxWidth(left)
	out := make([]string, max(len(left), len(right)))
	for i := range out {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = text.PadRight(l, lw+gap) + r
	}
	return out
}

// queenGrid draws the queen at (heap 1, heap 2) when both are at most 12;
// moves go left, down or diagonally towards the corner (0, 0). Teach mode
// marks the cold positions (P-positions); in misère play, the cells where
// the two conventions differ.
func queenGrid(m *play) []string {
	p := m.pos()
	a, b := p[0], p[1]
	if a > 12 || b > 12 || b+2 > int64(m.boardRoom()) { // a grid cut short cannot be read
		return nil
	}
	ta, tb := a, b
	if mv, ok := m.preview(); ok {
		if q, err := m.game().Apply(p, mv); err == nil {
			ta, tb = q[0], q[1]
		}
	}
	teach := m.disclosure() == engine.Teach
	cold := func(x, y int64, c engine.Convention) bool {
		sol, err := m.game().Solve(engine.Position{x, y}, c)
		return err == nil && sol.Outcome == engine.P
	}
	conv := m.match.Conv
	var rows []string
	for y := b; y >= 0; y-- {
		row := text.PadRight(strconv.FormatInt(y, 10), 2) + " "
		for x := int64(0); x <= a; x++ {
			cell := "·"
			switch {
			case x == a && y == b:
				cell = m.st.Selected.Render("Q")
			case x == ta && y == tb:
				cell = m.st.Going.Render("◇")
			case !teach:
			case conv == engine.Misere && cold(x, y, engine.Misere) && !cold(x, y, engine.Normal):
				cell = m.st.Good.Render("●")
			case conv == engine.Misere && !cold(x, y, engine.Misere) && cold(x, y, engine.Normal):
				cell = m.st.Bad.Render("×")
			case cold(x, y, conv):
				cell = m.st.Good.Render("○")
			}
			row += cell + " "
		}
		rows = append(rows, row[:len(row)-1])
	}
	axis := "   "
	for x := int64(0); x <= a; x++ {
		axis += text.PadRight(strconv.FormatInt(x%10, 10), 2)
	}
	return append(rows, axis)
}

func (b queenBoard) selectAt(m *play, w, x, y int) (selection, bool) {
	return selected(b.moveAt(m, w, x, y))
}

func (queenBoard) moveAt(m *play, w, x, y int) (engine.Move, bool) {
	p := m.pos()
	if y < 0 || y > 1 {
		return engine.Move{}, false
	}
	_, b := heapLayout(m, p, min(w, 56))
	take := b.takeAt(x, p[y])
	where := y + 1
	if m.sel.where == 3 {
		where = 3 // taking from both heaps: the click says how many
	}
	return engine.Move{Where: where, Amount: take}, take > 0 && m.game().Amounts(p, where).Has(take)
}
