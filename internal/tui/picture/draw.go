package picture

import (
	"math"
)

// Drawing is a picture: shapes in one coordinate space, x to the right
// and y down, in CSS pixels (1/96 inch), on a white page W × H. The SVG
// writer and the PNG rasteriser read the same shapes, so the two are the
// same picture.
type Drawing struct {
	W, H   float64
	Shapes []Shape
	// Lang is the language of its words ("en", "zh"): the SVG says it, so
	// that a browser picks a Chinese font for Chinese labels.
	Lang string
	// Title is read by screen readers and shown as the file's title.
	Title string
}

// Shape is one thing drawn: a line, a rectangle, a circle, a polygon, a
// path, a text, or a group of shapes moved and scaled together.
type Shape interface {
	// bounds is the box the shape covers, its stroke included.
	bounds() box
	writeSVG(w *svgWriter)
	paint(c *canvas, t transform)
}

// Add appends shapes.
func (d *Drawing) Add(s ...Shape) { d.Shapes = append(d.Shapes, s...) }

// Color is an sRGB colour; the zero Color is none (no fill, no stroke).
type Color struct{ R, G, B, A uint8 }

// RGB is an opaque colour.
func RGB(r, g, b uint8) Color { return Color{r, g, b, 255} }

func (c Color) none() bool { return c.A == 0 }

// Pattern is drawn over a shape's fill, so that what colour says is also
// said in black and white print: stripes for what a move takes, dots
// for a P-position.
type Pattern int

const (
	Plain Pattern = iota
	Hatch         // diagonal stripes
	Dots          // a grid of dots
	Cross         // stripes both ways
)

// Style is how a shape is filled and outlined.
type Style struct {
	Fill    Color
	Pattern Pattern // over Fill, in Ink
	Stroke  Color
	Width   float64 // of the stroke
	Dash    bool    // a dashed stroke
	// Class names what the shape is in the SVG ("match", "edge going"):
	// a reader, a style sheet or a test finds the pieces by it.
	Class string
}

// The palette: dark ink on white paper, and colours that differ in
// lightness as well as hue (Okabe–Ito), so they stay apart in grey.
var (
	Ink    = RGB(0x1a, 0x1a, 0x1a)
	Paper  = RGB(0xff, 0xff, 0xff)
	Subtle = RGB(0x55, 0x55, 0x55)
	Faint  = RGB(0xbb, 0xbb, 0xbb)
	Wood   = RGB(0xf0, 0xd2, 0x8c) // a match's stick, a pin
	Head   = RGB(0xb0, 0x30, 0x20) // a match's head
	Move   = RGB(0xd5, 0x5e, 0x00) // what the move takes, moves or turns
	MoveBg = RGB(0xfb, 0xdf, 0xc8)
	Cold   = RGB(0x00, 0x72, 0xb2) // P-positions, cold cells
	ColdBg = RGB(0xcf, 0xe3, 0xf5)
	Hot    = RGB(0xe6, 0x9f, 0x00)
	Green  = RGB(0x00, 0x9e, 0x73)
)

// Point is a point of the drawing.
type Point struct{ X, Y float64 }

// box is a rectangle, X0 ≤ X1 and Y0 ≤ Y1 when not empty.
type box struct{ X0, Y0, X1, Y1 float64 }

func emptyBox() box { return box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func (b box) empty() bool { return b.X1 < b.X0 || b.Y1 < b.Y0 }

func (b box) union(o box) box {
	return box{min(b.X0, o.X0), min(b.Y0, o.Y0), max(b.X1, o.X1), max(b.Y1, o.Y1)}
}

func (b box) grow(d float64) box {
	if b.empty() {
		return b
	}
	return box{b.X0 - d, b.Y0 - d, b.X1 + d, b.Y1 + d}
}

func boxOf(pts ...Point) box {
	b := emptyBox()
	for _, p := range pts {
		b = b.union(box{p.X, p.Y, p.X, p.Y})
	}
	return b
}

// Bounds is the box the shapes cover: X0, Y0, X1, Y1.
func Bounds(shapes []Shape) (x0, y0, x1, y1 float64) {
	b := emptyBox()
	for _, s := range shapes {
		b = b.union(s.bounds())
	}
	if b.empty() {
		return 0, 0, 0, 0
	}
	return b.X0, b.Y0, b.X1, b.Y1
}

func (s Style) halfStroke() float64 {
	if s.Stroke.none() {
		return 0
	}
	return s.Width / 2
}

// Line is a straight line.
type Line struct {
	A, B Point
	Style
	// Arrow draws an arrowhead at B.
	Arrow bool
}

func (l Line) bounds() box {
	d := l.halfStroke()
	if l.Arrow {
		d = max(d, arrowSize(l.Width))
	}
	return boxOf(l.A, l.B).grow(d)
}

// arrowSize is the length of an arrowhead on a line of width w.
func arrowSize(w float64) float64 { return 4 + 3*w }

// arrowHead is the triangle at the end b of a line from a.
func arrowHead(a, b Point, w float64) []Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return nil
	}
	dx, dy = dx/n, dy/n
	s := arrowSize(w)
	back := Point{b.X - dx*s, b.Y - dy*s}
	return []Point{b, {back.X - dy*s*0.5, back.Y + dx*s*0.5}, {back.X + dy*s*0.5, back.Y - dx*s*0.5}}
}

// shaft is where an arrow's line stops, under its head.
func (l Line) shaft() Point {
	if !l.Arrow {
		return l.B
	}
	dx, dy := l.B.X-l.A.X, l.B.Y-l.A.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return l.B
	}
	s := arrowSize(l.Width) * 0.8
	return Point{l.B.X - dx/n*s, l.B.Y - dy/n*s}
}

// Rect is a rectangle, its corners rounded by R.
type Rect struct {
	X, Y, W, H, R float64
	Style
}

func (r Rect) bounds() box { return box{r.X, r.Y, r.X + r.W, r.Y + r.H}.grow(r.halfStroke()) }

// Circle is a circle, or an ellipse when RY is set.
type Circle struct {
	C     Point
	R, RY float64
	Style
}

func (c Circle) ry() float64 {
	if c.RY > 0 {
		return c.RY
	}
	return c.R
}

func (c Circle) bounds() box {
	return box{c.C.X - c.R, c.C.Y - c.ry(), c.C.X + c.R, c.C.Y + c.ry()}.grow(c.halfStroke())
}

// Polygon is a closed polygon.
type Polygon struct {
	Pts []Point
	Style
}

func (p Polygon) bounds() box { return boxOf(p.Pts...).grow(p.halfStroke()) }

// Path is a path of straight and curved segments; Closed closes it.
type Path struct {
	Segs   []Seg
	Closed bool
	Style
	Arrow bool // an arrowhead at the end, along the last segment
}

// Seg is one segment of a path: to P, a straight line, or a quadratic
// curve through the control point Q when Curve is set. The first
// segment is where the path starts.
type Seg struct {
	P, Q  Point
	Curve bool
}

func (p Path) bounds() box {
	b := emptyBox()
	for _, s := range p.Segs {
		b = b.union(boxOf(s.P))
		if s.Curve {
			b = b.union(boxOf(s.Q))
		}
	}
	d := p.halfStroke()
	if p.Arrow {
		d = max(d, arrowSize(p.Width))
	}
	return b.grow(d)
}

// Anchor is where a text stands from its point.
type Anchor int

const (
	Start Anchor = iota
	Middle
	End
)

// Text is one line of words; At is on its baseline.
type Text struct {
	At     Point
	S      string
	Size   float64 // the font size, px
	Anchor Anchor
	Bold   bool
	// Mono draws it in a monospaced font, each character in its own
	// cells (a wide character in two), so that columns line up as they
	// do on a terminal: the explanations' tables.
	Mono  bool
	Color Color // Ink when zero
}

func (t Text) color() Color {
	if t.Color.none() {
		return Ink
	}
	return t.Color
}

// textSlack is how much wider than the Go fonts a reader's font may
// draw a text (DejaVu Sans, where a browser has no Go font): the room a
// drawing leaves for its words.
const textSlack = 1.12

func (t Text) bounds() box {
	w := Measure(t)
	if !t.Mono {
		w *= textSlack
	}
	x := t.At.X
	switch t.Anchor {
	case Middle:
		x -= w / 2
	case End:
		x -= w
	}
	return box{x, t.At.Y - t.Size, x + w, t.At.Y + 0.3*t.Size}
}

// Group is shapes moved by (DX, DY) and scaled by Scale (1 when zero).
type Group struct {
	DX, DY, Scale float64
	Shapes        []Shape
}

func (g Group) scale() float64 {
	if g.Scale == 0 {
		return 1
	}
	return g.Scale
}

func (g Group) bounds() box {
	x0, y0, x1, y1 := Bounds(g.Shapes)
	s := g.scale()
	return box{g.DX + s*x0, g.DY + s*y0, g.DX + s*x1, g.DY + s*y1}
}

// Place puts a drawing's shapes at (x, y), scaled by s.
func Place(d *Drawing, x, y, s float64) Group {
	return Group{DX: x, DY: y, Scale: s, Shapes: d.Shapes}
}
