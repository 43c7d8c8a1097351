package picture

import (
	"strconv"

	"matchgame/internal/engine"
)

func init() { register(engine.Stairs, drawStairs) }

// Sizes of the staircase.
const (
	stairW    = 52 // a tread
	stairRise = 22
	stackStep = 9 // one coin over the next in a stack
	mostStack = 12
	mostStair = 30
)

// drawStairs draws a staircase rising to the right from the ground
// (stair 0), each stair's coins stacked on its tread with the count on
// top; the odd stairs, the ones that count, have a striped riser and
// the word under them. A move's coins are drawn hollow on their stair,
// where they land as dashed outlines, with an arrow down.
func drawStairs(f Figure) *Drawing {
	var s sheet
	p := f.Pos
	lose, gain := f.change()
	focus := -1
	if f.Move != nil {
		focus = place(*f.Move)
	}
	from, to := window(len(p), mostStair, focus)
	unit := scaleOf(largest(p[from:to]), mostStack)
	tread := func(i int) (x, y float64) { // stair i's tread, its left end
		k := i - from
		return float64(k) * stairW, -float64(k) * stairRise
	}
	// The profile: a tread and the riser up to the next.
	var segs []Seg
	for i := from; i < to; i++ {
		x, y := tread(i)
		segs = append(segs, Seg{P: Point{x, y}})
		segs = append(segs, Seg{P: Point{x + stairW, y}})
		if i+1 < to {
			segs = append(segs, Seg{P: Point{x + stairW, y - stairRise}})
		}
		if i%2 == 1 {
			s.add(Rect{X: x + 2, Y: y, W: stairW - 4, H: 8, Style: Style{Fill: ColdBg, Pattern: Hatch}})
		}
		name := strconv.Itoa(i)
		if i == 0 {
			name = f.Cat.T("picture.stairs.ground")
		}
		s.add(small(x+stairW/2, y+24, name, Middle))
		if i%2 == 1 {
			s.add(small(x+stairW/2, y+40, f.Cat.T("picture.stairs.odd"), Middle))
		}
	}
	s.add(Path{Segs: segs, Style: Style{Stroke: Ink, Width: 2.5, Class: "stairs"}})
	var tops []Point
	for i := from; i < to; i++ {
		x, y := tread(i)
		c := x + stairW/2
		going, coming := at(lose, i), at(gain, i)
		stack, top := coinStack(Point{c, y}, p[i], going, coming, unit)
		s.add(stack...)
		plain, change := countText(p[i], going, coming, unit > 1)
		w := Width(plain+change, labelSize, false)
		s.add(counted(c-w/2, top-8, plain, change)...)
		tops = append(tops, Point{c, top - 30})
	}
	if m := f.Move; m != nil && place(*m)-from >= 1 && place(*m)-from < len(tops) {
		a, b := tops[place(*m)-from], tops[place(*m)-from-1]
		mid := Point{(a.X + b.X) / 2, min(a.Y, b.Y) - 24}
		s.add(Path{Segs: []Seg{{P: a}, {Q: mid, P: b, Curve: true}}, Style: Style{Stroke: Move, Width: 3, Class: "move"}, Arrow: true})
	}
	f.elided(&s, from, to, len(p))
	f.scaleNote(&s, unit)
	return s.drawing()
}

// coinStack stacks a stair's coins on its tread at foot, those going
// hollow on top and those coming dashed over them; top is the stack's
// top.
func coinStack(foot Point, n, going, coming, unit int64) (out []Shape, top float64) {
	drawn, gone := pieces(n, going, unit)
	ghosts := int64(0)
	if coming > 0 {
		ghosts = max(1, ceilDiv(coming, unit))
	}
	top = foot.Y - coinR + 4
	for j := range drawn + ghosts {
		cy := foot.Y - 7 - float64(j)*stackStep
		st := Style{Fill: RGB(0xe8, 0xc5, 0x47), Stroke: Ink, Width: 1.3, Class: "coin"}
		switch {
		case j >= drawn:
			st = classed(moveLine, "coin ghost")
		case j >= drawn-gone:
			st = classed(goingFill, "coin going")
		}
		out = append(out, Circle{C: Point{foot.X, cy}, R: 16, RY: 6, Style: st})
		top = cy - 6
	}
	return out, top
}
