package board

import (
	"strconv"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

func init() { register(engine.Queen, queenBoard{}) }

// queenBoard draws Wythoff's two heaps, the three ways to take (the
// places), and the queen on a grid when the heaps are small.
type queenBoard struct{}

// queenWidth is the most columns the heaps take, the grid beside them.
const queenWidth = 56

func (queenBoard) down() int      { return +1 }
func (queenBoard) focus(View) int { return 0 }
func (queenBoard) columns(v View) (int, int) {
	_, b := heapLayout(v, min(v.Width, queenWidth))
	return b.x0, b.cw
}

func (queenBoard) size(v View) int {
	n := 2 // the heaps
	if showWays(v) {
		n += 2 // a blank line, the ways to take
	}
	if grid := queenGrid(v); grid != nil {
		n = max(n, len(grid))
	}
	return n
}

func (queenBoard) lines(v View, from, to int) (lines, notes []string) {
	p, g := v.Pos, v.Game
	lw, b := heapLayout(v, min(v.Width, queenWidth))
	lose, _ := v.change()
	var heaps []string
	for i := range p {
		mark := NoCursor
		if v.marked(i+1) || v.marked(3) {
			mark = v.Styles.Selected.Render(Cursor)
		}
		going := at(lose, i)
		heaps = append(heaps, mark+text.PadRight(v.Cat.T("label.heap", i+1), lw)+" "+v.bar(b, p[i], going, 0, MatchGlyph, goneGlyph, "")+
			" "+v.Styles.Subtle.Render(v.count(p[i], going, 0, b.unit > 1)))
	}
	ways := v.Cat.T("ui.queen.from")
	for w := 1; w <= g.Places(p); w++ {
		word := g.Place(p, w).Render(v.Cat)
		if v.marked(w) {
			ways += " " + v.Styles.Selected.Render("["+word+"]")
		} else {
			ways += "  " + word + " "
		}
	}
	if showWays(v) {
		heaps = append(heaps, "", ways)
	}
	all := heaps
	grid := queenGrid(v)
	if grid != nil && text.MaxWidth(heaps)+4+text.MaxWidth(grid) <= v.Width {
		all = sideBySide(heaps, grid, 4)
	}
	for len(all) < to {
		all = append(all, "")
	}
	if v.Disclosure == engine.Teach && grid != nil {
		notes = append(notes, v.Styles.Subtle.Render(v.Cat.T("ui.queen.legend")))
		if v.Conv == engine.Misere {
			notes = append(notes, v.Styles.Subtle.Render(v.Cat.T("ui.queen.legend.misere")))
		}
	}
	return all[from:to], append(v.scaleNote(b, MatchGlyph), notes...)
}

// showWays reports whether the ways to take are drawn: not on a picture,
// nor in a sum too tall to show tersely with them (a demo of three games
// at 80×24 shows Wythoff's heaps instead). Shown or not, whatever is
// selected: the board keeps its height as the cursor comes and goes.
func showWays(v View) bool { return !v.Still && !v.bare }

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
func queenGrid(v View) []string {
	p := v.Pos
	a, b := p[0], p[1]
	if a > 12 || b > 12 || b+2 > int64(v.Height) || v.Terse { // a grid cut short cannot be read
		return nil
	}
	ta, tb := a, b
	if v.Preview != nil {
		if q, err := v.Game.Apply(p, *v.Preview); err == nil {
			ta, tb = q[0], q[1]
		}
	}
	var rows []string
	for y := b; y >= 0; y-- {
		row := text.PadRight(strconv.FormatInt(y, 10), 2) + " "
		for x := int64(0); x <= a; x++ {
			cell := "·"
			switch {
			case x == a && y == b:
				cell = v.Styles.Selected.Render("Q")
			case x == ta && y == tb:
				cell = v.Styles.Going.Render("◇")
			case v.Disclosure == engine.Teach:
				cell = v.coldCell(x, y)
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

// coldCell marks cell (x, y) of the grid in teach mode: ○ cold in the
// convention played, and in misère play ● cold only there, × cold only in
// normal play.
func (v View) coldCell(x, y int64) string {
	cold := func(c engine.Convention) bool {
		sol, err := v.Game.Solve(engine.Position{x, y}, c)
		return err == nil && sol.Outcome == engine.P
	}
	switch {
	case v.Conv == engine.Misere && cold(engine.Misere) && !cold(engine.Normal):
		return v.Styles.Good.Render("●")
	case v.Conv == engine.Misere && !cold(engine.Misere) && cold(engine.Normal):
		return v.Styles.Bad.Render("×")
	case cold(v.Conv):
		return v.Styles.Good.Render("○")
	}
	return "·"
}

func (queenBoard) selectAt(v View, x, y int) (Selection, bool) {
	p := v.Pos
	if y < 0 || y > 1 {
		return Selection{}, false
	}
	_, b := heapLayout(v, min(v.Width, queenWidth))
	take := b.takeAt(x, p[y])
	where := y + 1
	if v.Sel.Where == 3 {
		where = 3 // taking from both heaps: the click says how many
	}
	return selected(engine.At(where, take), take > 0 && v.Game.Amounts(p, where).Has(take))
}
