package board

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// gridBoard draws a grid of coins (Turning Corners): x across from 0, y
// down from 0, ● heads and ○ tails; the previewed move marks its four
// corners with * beside them, in the move's colour, each coin keeping its
// side until the move is made. A grid too large for the screen keeps only
// the columns and rows that hold a heads coin or a corner, with ⋯ where
// others are left out. A click on a heads coin chooses it; on a coin up
// and left of the coin chosen, the rectangle that has it as a corner.
type gridBoard struct{}

func init() { register(engine.CoinGrid, gridBoard{}) }

func (gridBoard) down() int { return +1 }

// axes are the columns and rows drawn, ascending.
func (v View) axes() (xs, ys []int64) {
	var px, py []int64
	for i := 0; i+1 < len(v.Pos); i += 2 {
		px, py = append(px, v.Pos[i]), append(py, v.Pos[i+1])
	}
	if c := v.corners(); c != nil {
		px, py = append(px, c[0], c[2]), append(py, c[1], c[3])
	}
	if n := len(v.Start); n >= 2 { // the grid the game began with: its far corner
		px, py = append(px, largestOf(v.Start, 0)), append(py, largestOf(v.Start, 1))
	}
	full := func(vals []int64, most int64) []int64 {
		top := largest(vals)
		if top >= most { // not top+1: a coordinate near 2^63 would wrap
			out := slices.Clone(vals)
			slices.Sort(out)
			return slices.Compact(out)
		}
		out := make([]int64, top+1)
		for i := range out {
			out[i] = int64(i)
		}
		return out
	}
	return full(px, int64(max(1, (v.Width-10)/2))), full(py, 16)
}

// corners are the previewed move's four corners x, y, a, b; nil without
// one.
func (v View) corners() []int64 {
	m := v.Preview
	if m == nil || m.First().Place < 1 || 2*m.First().Place > len(v.Pos) {
		return nil
	}
	return []int64{v.Pos[2*m.First().Place-2], v.Pos[2*m.First().Place-1], m.First().Amount, m.First().Pieces[0]}
}

func (gridBoard) size(v View) int {
	_, ys := v.axes()
	return len(ys) + 1
}

func (b gridBoard) focus(v View) int {
	_, ys := v.axes()
	if w := v.Sel.Where; w >= 1 && 2*w <= len(v.Pos) {
		i, _ := slices.BinarySearch(ys, v.Pos[2*w-1])
		return i + 1
	}
	return 0
}

// gridLayout is what a grid is drawn with: its columns and rows, the
// columns' width, the heads coins, the corners turned, the coin chosen.
type gridLayout struct {
	xs, ys      []int64
	cell, label int
	heads, turn map[[2]int64]bool
	sel         [2]int64
}

func (v View) gridLayout() gridLayout {
	l := gridLayout{cell: 2, heads: map[[2]int64]bool{}, turn: map[[2]int64]bool{}, sel: [2]int64{-1, -1}}
	l.xs, l.ys = v.axes()
	for _, x := range l.xs {
		l.cell = max(l.cell, len(strconv.FormatInt(x, 10))+1)
	}
	l.label = len(strconv.FormatInt(largest(l.ys), 10)) + 1
	for i := 0; i+1 < len(v.Pos); i += 2 {
		l.heads[[2]int64{v.Pos[i], v.Pos[i+1]}] = true
	}
	if c := v.corners(); c != nil {
		for _, k := range [][2]int64{{c[0], c[1]}, {c[2], c[1]}, {c[0], c[3]}, {c[2], c[3]}} {
			l.turn[k] = true
		}
	}
	if w := v.Sel.Where; v.Choosing && w >= 1 && 2*w <= len(v.Pos) {
		l.sel = [2]int64{v.Pos[2*w-2], v.Pos[2*w-1]}
	}
	return l
}

// skips reports a gap before vals[i]: columns or rows left out.
func skips(vals []int64, i int) bool { return i > 0 && vals[i] != vals[i-1]+1 }

// TurnMark stands beside a coin of the grid the previewed move turns.
const TurnMark = "*"

// coin is the glyph of the coin at k and its style, and what stands
// beside it: * where the move would turn it.
func (v View) coin(l gridLayout, k [2]int64) (string, string) {
	glyph, st := TailsGlyph, v.Styles.Subtle
	if l.heads[k] {
		glyph, st = HeadsGlyph, v.Styles.Match
	}
	switch {
	case l.turn[k]:
		return v.Styles.Going.Render(glyph), v.Styles.Going.Render(TurnMark)
	case l.heads[k] && k == l.sel:
		st = v.Styles.Selected
	}
	return st.Render(glyph), " "
}

func (gridBoard) lines(v View, from, to int) (lines, notes []string) {
	l := v.gridLayout()
	var head strings.Builder
	head.WriteString(strings.Repeat(" ", 2+l.label))
	for i, x := range l.xs {
		if skips(l.xs, i) {
			head.WriteString("⋯ ")
		}
		head.WriteString(text.PadRight(strconv.FormatInt(x, 10), l.cell))
	}
	all := []string{v.Styles.Subtle.Render(strings.TrimRight(head.String(), " "))}
	for j, y := range l.ys {
		if skips(l.ys, j) {
			all[len(all)-1] += v.Styles.Subtle.Render("  ⋮")
		}
		var row strings.Builder
		row.WriteString("  " + v.Styles.Subtle.Render(text.PadRight(strconv.FormatInt(y, 10), l.label)))
		for i, x := range l.xs {
			if skips(l.xs, i) {
				row.WriteString(v.Styles.Subtle.Render("⋯ "))
			}
			glyph, beside := v.coin(l, [2]int64{x, y})
			row.WriteString(glyph + beside + strings.Repeat(" ", l.cell-2))
		}
		all = append(all, strings.TrimRight(row.String(), " "))
	}
	if c := v.corners(); c != nil {
		notes = append(notes, v.Styles.Going.Render(v.Cat.T("ui.grid.corners", group(c[0]), group(c[1]), group(c[2]), group(c[3]))))
	}
	return all[from:to], append(notes, v.ruleNote()...)
}

// selectAt reads a click on a coin of the grid: a heads coin, its first
// move; a coin up and left of the heads coin chosen, the move turning the
// rectangle with those two corners.
func (gridBoard) selectAt(v View, x, y int) (Selection, bool) {
	l := v.gridLayout()
	if y < 1 || y > len(l.ys) {
		return Selection{}, false
	}
	cy, col := l.ys[y-1], 2+l.label
	for i, cx := range l.xs {
		if skips(l.xs, i) {
			col += 2
		}
		if x >= col && x < col+l.cell {
			return v.cornerClicked(cx, cy)
		}
		col += l.cell
	}
	return Selection{}, false
}

// cornerClicked is the move a click on coin (x, y) chooses.
func (v View) cornerClicked(x, y int64) (Selection, bool) {
	for i := 0; i+1 < len(v.Pos); i += 2 {
		if v.Pos[i] == x && v.Pos[i+1] == y {
			a, _ := v.Game.Amounts(v.Pos, i/2+1).First()
			return Selection{Where: i/2 + 1, Amount: a}, true
		}
	}
	if w := v.Sel.Where; w >= 1 && 2*w <= len(v.Pos) && x < v.Pos[2*w-2] && y < v.Pos[2*w-1] {
		return Selection{Where: w, Amount: x, Left: y}, true
	}
	return Selection{}, false
}

// largestOf is the largest of p's coordinates at from, from+2, from+4 …:
// a grid position's largest x (from 0) or y (from 1).
func largestOf(p engine.Position, from int) int64 {
	var v int64
	for i := from; i < len(p); i += 2 {
		v = max(v, p[i])
	}
	return v
}
