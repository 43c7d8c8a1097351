package picture

// The pieces the boards are made of, each drawn as it stands or, when
// the move takes, moves or turns it, hollow with a dashed outline and
// stripes: the move reads in black and white print as in colour.

// Sizes of the pieces.
const (
	matchW   = 6
	matchH   = 44
	matchGap = 16 // from one match to the next
	coinR    = 11
	coinGap  = 26
)

var (
	moveLine  = Style{Stroke: Move, Width: 2, Dash: true}
	goingFill = Style{Fill: MoveBg, Pattern: Hatch, Stroke: Move, Width: 2, Dash: true}
)

// match draws a match standing with its foot at (x, y): a stick and its
// head; going, hollow and striped.
func match(x, y float64, going bool) []Shape {
	stick := Rect{X: x - matchW/2, Y: y - matchH, W: matchW, H: matchH, R: 1.5, Style: Style{Fill: Wood, Stroke: Ink, Width: 1.2, Class: "match"}}
	head := Circle{C: Point{x, y - matchH}, R: 5, RY: 7, Style: Style{Fill: Head, Stroke: Ink, Width: 1.2}}
	if going {
		stick.Style = classed(goingFill, "match going")
		head.Style = Style{Fill: Paper, Stroke: Move, Width: 2, Dash: true}
	}
	return []Shape{stick, head}
}

// coin draws a coin at c: a disc with a rim; going, hollow and striped;
// ghost, a dashed outline where it will land.
func coin(c Point, going, ghost bool) Shape {
	switch {
	case going:
		return Circle{C: c, R: coinR, Style: classed(goingFill, "coin going")}
	case ghost:
		return Circle{C: c, R: coinR, Style: classed(moveLine, "coin ghost")}
	}
	return Circle{C: c, R: coinR, Style: Style{Fill: RGB(0xe8, 0xc5, 0x47), Stroke: Ink, Width: 1.5, Class: "coin"}}
}

// side draws a coin of a row or grid that is turned heads or tails:
// heads a dark disc with a light ring, tails a white disc; one the
// move turns stands in a dashed, striped square.
func side(c Point, heads, turned bool) []Shape {
	var out []Shape
	if turned {
		out = append(out, Rect{X: c.X - coinR - 5, Y: c.Y - coinR - 5, W: 2*coinR + 10, H: 2*coinR + 10, R: 3,
			Style: Style{Fill: MoveBg, Pattern: Hatch, Stroke: Move, Width: 2, Dash: true, Class: "turn"}})
	}
	if heads {
		return append(out, Circle{C: c, R: coinR, Style: Style{Fill: RGB(0x33, 0x33, 0x33), Stroke: Ink, Width: 1.5, Class: "coin heads"}},
			Circle{C: c, R: coinR - 4, Style: Style{Stroke: Paper, Width: 1.5}})
	}
	return append(out, Circle{C: c, R: coinR, Style: Style{Fill: Paper, Stroke: Ink, Width: 1.5, Class: "coin tails"}})
}

// pin draws a skittle standing with its foot at (x, y); knocked, hollow
// and striped.
func pin(x, y float64, knocked bool) []Shape {
	body := Circle{C: Point{x, y - 11}, R: 6.5, RY: 11, Style: Style{Fill: Paper, Stroke: Ink, Width: 1.4, Class: "pin"}}
	neck := Rect{X: x - 2.5, Y: y - 27, W: 5, H: 7, Style: Style{Fill: Head}}
	head := Circle{C: Point{x, y - 29}, R: 4.5, Style: Style{Fill: Paper, Stroke: Ink, Width: 1.4}}
	if knocked {
		body.Style = classed(goingFill, "pin going")
		head.Style = Style{Fill: Paper, Stroke: Move, Width: 1.6, Dash: true}
		return []Shape{body, head}
	}
	return []Shape{body, neck, head}
}

// classed is st named c.
func classed(st Style, c string) Style {
	st.Class = c
	return st
}

// label is a text at (x, y) in the labels' size.
func label(x, y float64, s string) Text { return Text{At: Point{x, y}, S: s, Size: labelSize} }

// small is a text at (x, y) in the small size, subtle.
func small(x, y float64, s string, a Anchor) Text {
	return Text{At: Point{x, y}, S: s, Size: smallSize, Anchor: a, Color: Subtle}
}

// countText writes a count and what the move changes: "9", "9 −4",
// "(1,000 +2)" when scaled.
func countText(n, lose, gain int64, scaled bool) (plain, change string) {
	plain = group(n)
	if lose > 0 {
		change = " −" + group(lose)
	}
	if gain > 0 {
		change = " +" + group(gain)
	}
	if scaled {
		plain = "(" + plain
		change += ")"
	}
	return plain, change
}

// counted draws a count at (x, y), the change in the move's colour.
func counted(x, y float64, plain, change string) []Shape {
	out := []Shape{Text{At: Point{x, y}, S: plain, Size: labelSize, Color: Subtle}}
	if change != "" {
		w := Width(plain, labelSize, false)
		out = append(out, Text{At: Point{x + w, y}, S: change, Size: labelSize, Bold: true, Color: Move})
	}
	return out
}

// scaleOf is how many units one drawn piece stands for when the largest
// of a board's rows is drawn in at most most pieces.
func scaleOf(largest, most int64) int64 {
	if largest <= most {
		return 1
	}
	return ceilDiv(largest, most)
}

// ceilDiv is ⌈a/b⌉ for a ≥ 0, b > 0, without overflow near the largest
// int64.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

// pieces is how many pieces of unit a row of n draws, and how many of
// them are going when going of its n are: at least one for a move that
// takes any, and no more than the row's rest allows.
func pieces(n, going, unit int64) (drawn, gone int64) {
	drawn, gone = ceilDiv(n, unit), ceilDiv(going, unit)
	if keep := n - going; keep > 0 && gone > 0 && ceilDiv(keep, unit)+gone > drawn {
		gone = max(1, drawn-ceilDiv(keep, unit)) // the move is seen, if only as one piece
	}
	return drawn, gone
}

// halo is a text on a white ground, legible over the lines it crosses.
func halo(t Text) []Shape {
	b := t.bounds()
	return []Shape{Rect{X: b.X0 - 2, Y: b.Y0 + 1, W: b.X1 - b.X0 + 4, H: b.Y1 - b.Y0 - 1, R: 3, Style: Style{Fill: Color{255, 255, 255, 220}}}, t}
}
