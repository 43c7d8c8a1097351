package picture

import (
	"slices"
	"strings"

	"matchgame/internal/engine"
)

func init() {
	register(engine.Coins, drawCoins)
	register(engine.CoinGrid, drawGrid)
}

// turned are the coins whose side the move changes, ascending: those in
// the position or the one it leaves but not both.
func (f Figure) turned() []int64 {
	q, ok := f.after()
	if !ok {
		return nil
	}
	var out []int64
	p := f.Pos
	i, j := 0, 0
	for i < len(p) || j < len(q) {
		switch {
		case j == len(q) || i < len(p) && p[i] < q[j]:
			out = append(out, p[i])
			i++
		case i == len(p) || q[j] < p[i]:
			out = append(out, q[j])
			j++
		default:
			i++
			j++
		}
	}
	return out
}

// drawCoins draws a row of coins 1, 2, 3 … left to right, heads dark
// and tails white, the heads coins numbered; a coin the move turns
// stands in a dashed frame. Long runs of tails are folded.
func drawCoins(f Figure) *Drawing {
	var s sheet
	turned := f.turned()
	has := func(v []int64, c int64) bool { _, ok := slices.BinarySearch(v, c); return ok }
	last := max(largest(f.Pos), largest(turned), 1)
	spots := rowSpots(append(slices.Clone(f.Pos), turned...), last)
	x := 0.0
	for _, sp := range spots {
		if sp.cell == 0 {
			s.add(Text{At: Point{x + foldW/2, 5}, S: "⋯" + group(sp.fold) + "⋯", Size: smallSize, Anchor: Middle, Color: Subtle})
			x += foldW
			continue
		}
		c := Point{x + cellW/2, 0}
		heads, turn := has(f.Pos, sp.cell), has(turned, sp.cell)
		s.add(side(c, heads, turn)...)
		if heads || turn || sp.cell == 1 {
			s.add(small(c.X, -coinR-10, group(sp.cell), Middle))
		}
		x += cellW
	}
	if len(turned) > 0 {
		words := make([]string, 0, len(turned))
		for _, c := range turned[:min(len(turned), 12)] {
			words = append(words, group(c))
		}
		if len(turned) > 12 {
			words = append(words, "…")
		}
		s.note(f.Cat.T("ui.coins.turns", strings.Join(words, " ")), Move)
	}
	s.note(f.Cat.T("picture.coins.key"), Subtle)
	return s.drawing()
}

// gridCell is the side of a cell of a grid of coins.
const gridCell = 34

// axes are the columns and rows a grid draws: every one up to the
// largest when they are few, else only those that hold a heads coin or
// a corner the move turns.
func (f Figure) axes(corners []int64) (xs, ys []int64) {
	var px, py []int64
	for i := 0; i+1 < len(f.Pos); i += 2 {
		px, py = append(px, f.Pos[i]), append(py, f.Pos[i+1])
	}
	if corners != nil {
		px, py = append(px, corners[0], corners[2]), append(py, corners[1], corners[3])
	}
	full := func(vals []int64) []int64 {
		top := largest(vals)
		if top >= 24 {
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
	return full(px), full(py)
}

// corners are the move's four corners x, y, a, b; nil without a move.
func (f Figure) corners() []int64 {
	m := f.Move
	if m == nil || place(*m) < 1 || 2*place(*m) > len(f.Pos) {
		return nil
	}
	return []int64{f.Pos[2*place(*m)-2], f.Pos[2*place(*m)-1], amount(*m), piece(*m, 0)}
}

// drawGrid draws a grid of coins, x across and y down from 0, heads dark
// and tails white; the move's four corners stand in dashed frames,
// joined by a dashed rectangle. A large grid keeps only
// the columns and rows with a heads coin or a corner, a gap marked
// where others are left out.
func drawGrid(f Figure) *Drawing {
	var s sheet
	c := f.corners()
	xs, ys := f.axes(c)
	heads := map[[2]int64]bool{}
	for i := 0; i+1 < len(f.Pos); i += 2 {
		heads[[2]int64{f.Pos[i], f.Pos[i+1]}] = true
	}
	turn := map[[2]int64]bool{}
	if c != nil {
		for _, k := range [][2]int64{{c[0], c[1]}, {c[2], c[1]}, {c[0], c[3]}, {c[2], c[3]}} {
			turn[k] = true
		}
	}
	colX := map[int64]float64{}
	x := 0.0
	for i, v := range xs {
		if i > 0 && v != xs[i-1]+1 {
			s.add(small(x+6, -gridCell/2-14, "⋯", Middle))
			x += 12
		}
		colX[v] = x + gridCell/2
		s.add(small(x+gridCell/2, -gridCell/2-14, group(v), Middle))
		x += gridCell
	}
	rowY := map[int64]float64{}
	y := 0.0
	for j, v := range ys {
		if j > 0 && v != ys[j-1]+1 {
			s.add(small(-18, y+4, "⋮", Middle))
			y += 12
		}
		rowY[v] = y
		s.add(small(-18, y+5, group(v), End))
		y += gridCell
	}
	if c != nil { // under the coins
		x0, x1 := colX[c[2]], colX[c[0]]
		y0, y1 := rowY[c[3]], rowY[c[1]]
		s.add(Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0, Style: Style{Stroke: Move, Width: 2.5, Dash: true, Class: "move"}})
	}
	for _, v := range ys {
		for _, u := range xs {
			k := [2]int64{u, v}
			s.add(side(Point{colX[u], rowY[v]}, heads[k], turn[k])...)
		}
	}
	if c != nil {
		s.note(f.Cat.T("ui.grid.corners", group(c[0]), group(c[1]), group(c[2]), group(c[3])), Move)
	}
	s.note(f.Cat.T("picture.coins.key"), Subtle)
	return s.drawing()
}
