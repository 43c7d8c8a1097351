package picture

import (
	"math"
	"strconv"

	"matchgame/assets"
)

// Values is a row of values to plot, g(0..N), plain numbers: the plot
// knows no game, and a table that is made later can be fed to it.
type Values struct {
	Title  string
	Values []uint64
	// Preperiod and Period: the values repeat with period Period from
	// Preperiod on; Period 0 when no period is known.
	Preperiod, Period int64
	// XLabel and YLabel name the axes ("heap n", "g(n)").
	XLabel, YLabel string
	Cat            *assets.Catalog
}

// Sizes of a plot.
const (
	plotH       = 300
	plotMostW   = 1400
	plotColumns = 1200 // values drawn one by one up to this many; past it a column each a range
)

// PlotValues plots g(n) against n: a dot at each value, joined by a thin
// line, the values 0 (P-positions) as hollow rings. With a period the
// pre-period is shaded and labelled, each period after it is marked off
// by dashed lines, the first bracketed with its length, every other one
// lightly shaded, so the repetition is seen. Past plotColumns values
// each column draws the range of its values.
func PlotValues(v Values) *Drawing {
	var s sheet
	n := len(v.Values)
	if n == 0 {
		return s.drawing()
	}
	if v.Cat == nil {
		v.Cat = assets.Messages("en")
	}
	top := uint64(1)
	for _, g := range v.Values {
		top = max(top, g)
	}
	w := min(plotMostW, max(600, float64(n)*9))
	xAt := func(i float64) float64 { return (i + 0.5) * w / float64(n) }
	yAt := func(g uint64) float64 { return plotH - float64(g)*plotH/float64(top) }
	s.add(v.periodBands(w, xAt)...)
	s.add(axes(w, top, n, xAt, yAt, v.XLabel, v.YLabel)...)
	if n <= plotColumns {
		s.add(dotLine(v.Values, xAt, yAt)...)
	} else {
		s.add(ranges(v.Values, w, yAt)...)
	}
	if v.Title != "" {
		s.add(Text{At: Point{0, -30}, S: v.Title, Size: labelSize, Bold: true})
	}
	if v.Period > 0 {
		s.note(v.Cat.T("picture.plot.period", v.Preperiod-1, v.Preperiod, v.Period), Subtle)
	}
	s.note(v.Cat.T("picture.plot.zero"), Subtle)
	return s.drawing()
}

// periodBands are the shaded pre-period and the periods marked off.
func (v Values) periodBands(w float64, xAt func(float64) float64) []Shape {
	n := int64(len(v.Values))
	if v.Period <= 0 {
		return nil
	}
	var out []Shape
	half := xAt(0) // half a value's width
	if v.Preperiod > 0 {
		x1 := min(xAt(float64(v.Preperiod))-half, w)
		out = append(out, Rect{X: 0, Y: 0, W: x1, H: plotH, Style: Style{Fill: RGB(0xee, 0xee, 0xee), Pattern: Hatch, Class: "preperiod"}})
		out = append(out, Rect{X: 0, Y: 0, W: x1, H: plotH, Style: Style{Fill: Color{255, 255, 255, 170}}})
		if t := (Text{At: Point{4, 16}, S: v.Cat.T("picture.plot.preperiod", v.Preperiod), Size: smallSize, Color: Subtle}); Measure(t)+8 < x1 {
			out = append(out, halo(t)...)
		}
	}
	// Periods narrower than a finger's width on the page are not marked
	// off one by one: the first is.
	last := n
	if xAt(float64(v.Period))-xAt(0) < 12 {
		last = min(n, v.Preperiod+1)
	}
	k := 0
	for start := v.Preperiod; start < last; start += v.Period {
		x0 := xAt(float64(start)) - half
		x1 := min(xAt(float64(start+v.Period))-half, w)
		if k%2 == 0 {
			out = append(out, Rect{X: x0, Y: 0, W: x1 - x0, H: plotH, Style: Style{Fill: ColdBg, Class: "period"}})
		}
		out = append(out, Line{A: Point{x0, -6}, B: Point{x0, plotH}, Style: Style{Stroke: Cold, Width: 1.5, Dash: true}})
		if k == 0 { // the first period bracketed over the plot
			out = append(out, Path{Segs: []Seg{{P: Point{x0, -4}}, {P: Point{x0, -12}}, {P: Point{x1, -12}}, {P: Point{x1, -4}}}, Style: Style{Stroke: Cold, Width: 2}})
			out = append(out, Text{At: Point{max((x0+x1)/2, 30), -16}, S: v.Cat.T("picture.plot.first", v.Period), Size: smallSize, Anchor: Middle, Color: Cold})
		}
		k++
	}
	return out
}

// axes are the plot's axes with their ticks and labels.
func axes(w float64, top uint64, n int, xAt func(float64) float64, yAt func(uint64) float64, xl, yl string) []Shape {
	out := []Shape{
		Line{A: Point{0, plotH}, B: Point{w + 8, plotH}, Style: Style{Stroke: Ink, Width: 1.5}},
		Line{A: Point{0, plotH}, B: Point{0, -8}, Style: Style{Stroke: Ink, Width: 1.5}},
	}
	for _, g := range ticks(top, 10) {
		y := yAt(g)
		out = append(out, Line{A: Point{-5, y}, B: Point{w, y}, Style: Style{Stroke: RGB(0xdd, 0xdd, 0xdd), Width: 0.8}},
			small(-8, y+4, strconv.FormatUint(g, 10), End))
	}
	for _, i := range ticks(uint64(n-1), 12) {
		x := xAt(float64(i))
		out = append(out, Line{A: Point{x, plotH}, B: Point{x, plotH + 5}, Style: Style{Stroke: Ink, Width: 1}},
			small(x, plotH+18, group(int64(i)), Middle))
	}
	out = append(out, Text{At: Point{w / 2, plotH + 40}, S: xl, Size: noteSize, Anchor: Middle, Color: Subtle},
		Text{At: Point{-8, -14}, S: yl, Size: noteSize, Anchor: End, Color: Subtle})
	return out
}

// ticks are about most round numbers from 0 to top.
func ticks(top uint64, most int) []uint64 {
	step := uint64(1)
	for top/step > uint64(most) {
		switch {
		case step*2*uint64(most) >= top:
			step *= 2
		case step*5*uint64(most) >= top:
			step *= 5
		default:
			step *= 10
		}
	}
	var out []uint64
	for g := uint64(0); g <= top; g += step {
		out = append(out, g)
		if g > math.MaxUint64-step {
			break
		}
	}
	return out
}

// dotLine draws each value as a dot, joined by a thin line; a 0 as a
// ring.
func dotLine(vals []uint64, xAt func(float64) float64, yAt func(uint64) float64) []Shape {
	segs := make([]Seg, len(vals))
	for i, g := range vals {
		segs[i] = Seg{P: Point{xAt(float64(i)), yAt(g)}}
	}
	out := []Shape{Path{Segs: segs, Style: Style{Stroke: Subtle, Width: 1}}}
	r := min(4, max(1.5, xAt(0)*0.8))
	for i, g := range vals {
		c := Point{xAt(float64(i)), yAt(g)}
		if g == 0 {
			out = append(out, Circle{C: c, R: r + 1, Style: Style{Fill: Paper, Stroke: Cold, Width: 2, Class: "value zero"}})
			continue
		}
		out = append(out, Circle{C: c, R: r, Style: Style{Fill: Ink, Class: "value"}})
	}
	return out
}

// ranges draws many values a column at a time: a bar from the least to
// the greatest value of the column's values.
func ranges(vals []uint64, w float64, yAt func(uint64) float64) []Shape {
	var out []Shape
	per := float64(len(vals)) / plotColumns
	for c := range plotColumns {
		lo, hi := int(float64(c)*per), int(float64(c+1)*per)
		if hi <= lo {
			continue
		}
		least, most := vals[lo], vals[lo]
		for _, g := range vals[lo:hi] {
			least, most = min(least, g), max(most, g)
		}
		x := (float64(c) + 0.5) * w / plotColumns
		out = append(out, Line{A: Point{x, yAt(least)}, B: Point{x, yAt(most) - 0.5}, Style: Style{Stroke: Ink, Width: max(0.8, w/plotColumns*0.8), Class: "value"}})
	}
	return out
}

// Grid is a two-dimensional table of values to plot: Values[a][b], a
// down and b across, plain numbers (Wythoff's g(a, b), nim products).
type Grid struct {
	Title    string
	Values   [][]uint64
	RowLabel string // what a runs over
	ColLabel string // what b runs over
	Cat      *assets.Catalog
	// Origin is the number of the first row and column (Euclid's grid
	// starts at 1); Blank marks the cells that are no position, left
	// empty; Outcomes: the values are outcomes (0 at P), not numbers to
	// write; Slopes are lines b = S·a drawn over the cells, labelled.
	Origin   int64
	Blank    func(a, b int) bool
	Outcomes bool
	Slopes   []Slope
}

// Slope is a line through the origin of a grid, b = S·a, with its label.
type Slope struct {
	S     float64
	Label string
}

// blank reports a cell that is no position.
func (g Grid) blank(a, b int) bool { return g.Blank != nil && g.Blank(a, b) }

// fill is the colour of a cell of value v, top the largest: by the value,
// light to dark; in a grid of outcomes one light shade for N, so that the
// dotted P-cells stand out in print.
func (g Grid) fill(v, top uint64) Color {
	if g.Outcomes {
		return RGB(0xc9, 0xd6, 0xe8)
	}
	return ramp(float64(v) / float64(top))
}

// gridSide is a cell's side, shrunk for large grids.
func gridSide(rows, cols int) float64 {
	return max(6, min(30, 900/float64(max(rows, cols, 1))))
}

// PlotGrid draws a two-dimensional table as a grid of coloured cells,
// the colour by the value (light to dark, so it holds in grey), the
// value written in each cell where it fits, and the cells of value 0 —
// the P-positions — dotted with a thick outline.
func PlotGrid(g Grid) *Drawing {
	var s sheet
	rows := len(g.Values)
	cols := 0
	top := uint64(1)
	for _, r := range g.Values {
		cols = max(cols, len(r))
		for _, v := range r {
			top = max(top, v)
		}
	}
	side := gridSide(rows, cols)
	if g.Cat == nil {
		g.Cat = assets.Messages("en")
	}
	var zeros []Shape
	for a, r := range g.Values {
		for b, v := range r {
			if g.blank(a, b) {
				continue
			}
			x, y := float64(b)*side, float64(a)*side
			fill := g.fill(v, top)
			if v == 0 {
				zeros = append(zeros, Rect{X: x, Y: y, W: side, H: side, Style: Style{Fill: Paper, Pattern: Dots, Stroke: Ink, Width: 2, Class: "cell zero"}})
				continue
			}
			s.add(Rect{X: x, Y: y, W: side, H: side, Style: Style{Fill: fill, Stroke: Paper, Width: 0.5, Class: "cell"}})
			if t := strconv.FormatUint(v, 10); !g.Outcomes && side >= 18 && Width(t, side*0.45, false) < side-2 {
				s.add(Text{At: Point{x + side/2, y + side*0.66}, S: t, Size: side * 0.45, Anchor: Middle, Color: textOn(fill)})
			}
		}
	}
	s.add(zeros...)
	s.add(slopeLines(g.Slopes, float64(rows)*side, float64(cols)*side, (0.5-float64(g.Origin))*side)...)
	step := max(1, int(math.Ceil(16/side)))
	for b := 0; b < cols; b += step {
		s.add(small(float64(b)*side+side/2, -6, strconv.FormatInt(int64(b)+g.Origin, 10), Middle))
	}
	for a := 0; a < rows; a += step {
		s.add(small(-6, float64(a)*side+side/2+4, strconv.FormatInt(int64(a)+g.Origin, 10), End))
	}
	s.add(Text{At: Point{float64(cols) * side / 2, -26}, S: g.ColLabel + " →", Size: noteSize, Anchor: Middle, Color: Subtle})
	s.add(Text{At: Point{-30, -26}, S: g.RowLabel + " ↓", Size: noteSize, Anchor: End, Color: Subtle})
	if g.Title != "" {
		s.add(Text{At: Point{-30, -52}, S: g.Title, Size: labelSize, Bold: true})
	}
	s.note(g.Cat.T("picture.grid.zero"), Subtle)
	return s.drawing()
}

// slopeLines draws each line b = S·a over a grid h tall and w wide,
// the numbers (0, 0) at the point (at, at) (cells are drawn from the
// grid's first number on), cut at the grid's edge and labelled at its
// end.
func slopeLines(slopes []Slope, h, w, at float64) []Shape {
	var out []Shape
	for _, sl := range slopes {
		// The points (at + S·t, at + t), t ≥ 0, inside [0, w] × [0, h].
		lo := max(-at, -at/sl.S, 0)
		hi := min(h-at, (w-at)/sl.S)
		if lo >= hi {
			continue
		}
		a, b := Point{at + sl.S*lo, at + lo}, Point{at + sl.S*hi, at + hi}
		out = append(out, Line{A: a, B: b, Style: Style{Stroke: Ink, Width: 2, Dash: true, Class: "slope"}},
			Text{At: Point{b.X + 4, b.Y + 14}, S: sl.Label, Size: noteSize, Color: Ink})
	}
	return out
}

// ramp is a colour from light (0) to dark (1) through yellow, green and
// blue (viridis, reversed): its lightness falls with the value, so the
// grid reads in grey too.
func ramp(t float64) Color {
	stops := []Color{RGB(0xfd, 0xe7, 0x25), RGB(0x5e, 0xc9, 0x62), RGB(0x21, 0x91, 0x8c), RGB(0x3b, 0x52, 0x8b), RGB(0x44, 0x01, 0x54)}
	t = min(max(t, 0), 1) * float64(len(stops)-1)
	i := min(int(t), len(stops)-2)
	f := t - float64(i)
	mix := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*f + 0.5) }
	a, b := stops[i], stops[i+1]
	return RGB(mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B))
}

// textOn is ink or paper, whichever reads on c.
func textOn(c Color) Color {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) > 140 {
		return Ink
	}
	return Paper
}
