package picture

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"matchgame/internal/tui/text"
)

// The PNG of a drawing is at least MinPNGWidth × MinPNGHeight pixels
// (a slide's picture; a small drawing is scaled up, sharp), and at most
// MaxPNGPixels: a very large drawing is scaled down to it.
const (
	MinPNGWidth  = 800
	MinPNGHeight = 500
	MaxPNGPixels = 40_000_000
)

// ErrTooLarge is a drawing that cannot be drawn in MaxPNGPixels.
var ErrTooLarge = errors.New("drawing too large for a PNG")

// pngScale is the scale d is rasterised at: twice its size (sharp on a
// projector and in print), at least the PNG's least size, within its
// largest.
func pngScale(d *Drawing) float64 {
	if d.W <= 0 || d.H <= 0 {
		return 1
	}
	s := max(2, MinPNGWidth/d.W, MinPNGHeight/d.H)
	if px := s * d.W * s * d.H; px > MaxPNGPixels {
		s *= math.Sqrt(MaxPNGPixels / px)
	}
	return s
}

// PNG rasterises d: the same shapes as its SVG, scaled by pngScale; a
// drawing smaller than the least size in one direction is centred on a
// white page of that size.
func (d *Drawing) PNG() ([]byte, error) {
	img, err := d.Image()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Size is the size of d as encoded: CSS pixels in SVG, the PNG's own
// pixels (pngScale, and the least size) in PNG.
func (d *Drawing) Size(asPNG bool) (w, h int) {
	if !asPNG {
		return int(math.Round(d.W)), int(math.Round(d.H))
	}
	_, w, h = d.scaled()
	return max(w, MinPNGWidth), max(h, MinPNGHeight)
}

// scaled is pngScale and d's size at that scale.
func (d *Drawing) scaled() (s float64, w, h int) {
	s = pngScale(d)
	return s, int(math.Ceil(d.W * s)), int(math.Ceil(d.H * s))
}

// Image rasterises d as PNG does.
func (d *Drawing) Image() (*image.RGBA, error) {
	s, w, h := d.scaled()
	if w < 1 || h < 1 || float64(w)*float64(h) > MaxPNGPixels*1.01 || s < 0.05 {
		return nil, ErrTooLarge
	}
	W, H := d.Size(true)
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	c := &canvas{img: img}
	t := transform{dx: float64(W-w) / 2, dy: float64(H-h) / 2, s: s}
	for _, sh := range d.Shapes {
		sh.paint(c, t)
	}
	return img, nil
}

// transform maps the drawing's units to pixels.
type transform struct{ dx, dy, s float64 }

func (t transform) pt(p Point) Point { return Point{t.dx + t.s*p.X, t.dy + t.s*p.Y} }

func (t transform) then(g Group) transform {
	return transform{dx: t.dx + t.s*g.DX, dy: t.dy + t.s*g.DY, s: t.s * g.scale()}
}

// canvas is the image being drawn and a rasteriser reused for each shape.
type canvas struct {
	img *image.RGBA
	z   vector.Rasterizer
}

// outline is a filled region in pixels: closed contours of points and
// curves, drawn with the non-zero rule (contours of one shape all turn
// the same way, or a hole the other way).
type outline struct {
	ops []op
	b   box
}

type opKind int

const (
	opMove opKind = iota
	opLine
	opQuad
	opCube
	opClose
)

type op struct {
	kind    opKind
	p, q, r Point
}

func (o *outline) moveTo(p Point)    { o.add(op{kind: opMove, p: p}, p) }
func (o *outline) lineTo(p Point)    { o.add(op{kind: opLine, p: p}, p) }
func (o *outline) quadTo(q, p Point) { o.add(op{kind: opQuad, q: q, p: p}, q, p) }
func (o *outline) cubeTo(q, r, p Point) {
	o.add(op{kind: opCube, q: q, r: r, p: p}, q, r, p)
}
func (o *outline) close() { o.ops = append(o.ops, op{kind: opClose}) }

func (o *outline) add(x op, pts ...Point) {
	if len(o.ops) == 0 {
		o.b = emptyBox()
	}
	o.ops = append(o.ops, x)
	o.b = o.b.union(boxOf(pts...))
}

// fill draws the outline in colour c, or in pattern pat over c.
func (c *canvas) fill(o *outline, col Color, pat Pattern, scale float64) {
	if len(o.ops) == 0 || col.none() && pat == Plain {
		return
	}
	bounds := c.img.Bounds()
	x0, y0 := int(math.Floor(o.b.X0))-1, int(math.Floor(o.b.Y0))-1
	x1, y1 := int(math.Ceil(o.b.X1))+1, int(math.Ceil(o.b.Y1))+1
	r := image.Rect(x0, y0, x1, y1)
	clip := r.Intersect(bounds)
	if clip.Empty() {
		return
	}
	// The rasteriser covers the shape's box only: a drawing of thousands
	// of shapes costs what they cover, not thousands of pages.
	c.z.Reset(clip.Dx(), clip.Dy())
	ox, oy := float64(clip.Min.X), float64(clip.Min.Y)
	f := func(p Point) (float32, float32) { return float32(p.X - ox), float32(p.Y - oy) }
	// The rasteriser does not close a contour by itself: an open one
	// would spill its coverage along the rows.
	for i, x := range o.ops {
		switch x.kind {
		case opMove:
			if i > 0 {
				c.z.ClosePath()
			}
			c.z.MoveTo(f(x.p))
		case opLine:
			c.z.LineTo(f(x.p))
		case opQuad:
			qx, qy := f(x.q)
			px, py := f(x.p)
			c.z.QuadTo(qx, qy, px, py)
		case opCube:
			qx, qy := f(x.q)
			rx, ry := f(x.r)
			px, py := f(x.p)
			c.z.CubeTo(qx, qy, rx, ry, px, py)
		case opClose:
			c.z.ClosePath()
		}
	}
	c.z.ClosePath()
	var src image.Image = image.NewUniform(rgba(col))
	if pat != Plain {
		src = patternImage{kind: pat, fill: col, period: patternPeriod * scale, line: patternLine * scale}
	}
	c.z.Draw(c.img, clip, src, clip.Min)
}

func rgba(c Color) color.RGBA {
	a := uint32(c.A)
	return color.RGBA{uint8(uint32(c.R) * a / 255), uint8(uint32(c.G) * a / 255), uint8(uint32(c.B) * a / 255), c.A}
}

// patternImage is a pattern in page pixels: ink stripes (at 45°) or dots
// over the fill, as the SVG's patterns.
type patternImage struct {
	kind         Pattern
	fill         Color
	period, line float64
}

func (p patternImage) ColorModel() color.Model { return color.RGBAModel }
func (p patternImage) Bounds() image.Rectangle {
	return image.Rect(-1<<30, -1<<30, 1<<30, 1<<30)
}

func (p patternImage) At(x, y int) color.Color {
	fx, fy := float64(x)+0.5, float64(y)+0.5
	mod := func(v float64) float64 { return v - p.period*math.Floor(v/p.period) }
	// Rotated 45°: distance along the stripes' normal.
	u, v := (fx+fy)/math.Sqrt2, (fy-fx)/math.Sqrt2
	ink := false
	switch p.kind {
	case Hatch:
		ink = mod(u) < p.line
	case Cross:
		ink = mod(u) < p.line || mod(v) < p.line
	case Dots:
		dx, dy := mod(fx)-p.period/2, mod(fy)-p.period/2
		ink = dx*dx+dy*dy < (p.line*0.8)*(p.line*0.8)
	}
	if ink {
		return rgba(Ink)
	}
	return rgba(p.fill)
}

// stroke draws the polylines (in pixels) width w wide, round at the ends
// and joins, dashed when asked.
func (c *canvas) stroke(lines [][]Point, col Color, w float64, dash bool, scale float64) {
	if col.none() || w <= 0 {
		return
	}
	if dash {
		on, off := dashes(w / scale)
		lines = dashLines(lines, on*scale, off*scale)
	}
	var o outline
	for _, l := range lines {
		strokeOutline(&o, l, w)
	}
	c.fill(&o, col, Plain, scale)
}

// strokeOutline adds a polyline's stroke to o: a rectangle for each
// segment and a disc at each point, all turning the same way so that
// they overlap as one.
func strokeOutline(o *outline, l []Point, w float64) {
	h := w / 2
	for i, p := range l {
		disc(o, p, h, h)
		if i == 0 {
			continue
		}
		a := l[i-1]
		dx, dy := p.X-a.X, p.Y-a.Y
		n := math.Hypot(dx, dy)
		if n == 0 {
			continue
		}
		nx, ny := -dy/n*h, dx/n*h
		quad := []Point{{a.X + nx, a.Y + ny}, {p.X + nx, p.Y + ny}, {p.X - nx, p.Y - ny}, {a.X - nx, a.Y - ny}}
		if area(quad) < 0 {
			quad[1], quad[3] = quad[3], quad[1]
		}
		o.moveTo(quad[0])
		for _, q := range quad[1:] {
			o.lineTo(q)
		}
		o.close()
	}
}

// area is a polygon's signed area (positive: clockwise on the page).
func area(pts []Point) float64 {
	s := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		s += p.X*q.Y - q.X*p.Y
	}
	return s / 2
}

// disc adds an ellipse to o, clockwise on the page, as four cubic curves.
func disc(o *outline, c Point, rx, ry float64) {
	const k = 0.5522847498
	o.moveTo(Point{c.X + rx, c.Y})
	o.cubeTo(Point{c.X + rx, c.Y + k*ry}, Point{c.X + k*rx, c.Y + ry}, Point{c.X, c.Y + ry})
	o.cubeTo(Point{c.X - k*rx, c.Y + ry}, Point{c.X - rx, c.Y + k*ry}, Point{c.X - rx, c.Y})
	o.cubeTo(Point{c.X - rx, c.Y - k*ry}, Point{c.X - k*rx, c.Y - ry}, Point{c.X, c.Y - ry})
	o.cubeTo(Point{c.X + k*rx, c.Y - ry}, Point{c.X + rx, c.Y - k*ry}, Point{c.X + rx, c.Y})
	o.close()
}

// dashLines cuts polylines into dashes: on long, off apart.
func dashLines(lines [][]Point, on, off float64) [][]Point {
	var out [][]Point
	for _, l := range lines {
		drawing, left := true, on
		cur := []Point{}
		if len(l) > 0 {
			cur = append(cur, l[0])
		}
		for i := 1; i < len(l); i++ {
			a, b := l[i-1], l[i]
			seg := math.Hypot(b.X-a.X, b.Y-a.Y)
			at := 0.0
			for seg-at > left {
				at += left
				p := Point{a.X + (b.X-a.X)*at/seg, a.Y + (b.Y-a.Y)*at/seg}
				if drawing {
					out = append(out, append(cur, p))
					cur = nil
					left = off
				} else {
					cur = []Point{p}
					left = on
				}
				drawing = !drawing
			}
			left -= seg - at
			if drawing {
				cur = append(cur, b)
			}
		}
		if drawing && len(cur) > 1 {
			out = append(out, cur)
		}
	}
	return out
}

// flatten turns a path's segments into a polyline in pixels.
func flatten(segs []Seg, t transform) []Point {
	var pts []Point
	for i, s := range segs {
		p := t.pt(s.P)
		if i == 0 || !s.Curve {
			pts = append(pts, p)
			continue
		}
		a, q := pts[len(pts)-1], t.pt(s.Q)
		n := int(math.Ceil((math.Hypot(q.X-a.X, q.Y-a.Y) + math.Hypot(p.X-q.X, p.Y-q.Y)) / 4))
		n = min(max(n, 2), 64)
		for k := 1; k <= n; k++ {
			u := float64(k) / float64(n)
			pts = append(pts, Point{
				(1-u)*(1-u)*a.X + 2*u*(1-u)*q.X + u*u*p.X,
				(1-u)*(1-u)*a.Y + 2*u*(1-u)*q.Y + u*u*p.Y,
			})
		}
	}
	return pts
}

// ring is an ellipse as a closed polyline in pixels.
func ring(c Point, rx, ry float64) []Point {
	n := min(max(int(math.Ceil((rx+ry)*1.5)), 12), 180)
	pts := make([]Point, 0, n+1)
	for k := 0; k <= n; k++ {
		a := 2 * math.Pi * float64(k) / float64(n)
		pts = append(pts, Point{c.X + rx*math.Cos(a), c.Y + ry*math.Sin(a)})
	}
	return pts
}

func (l Line) paint(c *canvas, t transform) {
	c.stroke([][]Point{{t.pt(l.A), t.pt(l.shaft())}}, l.Stroke, l.Width*t.s, l.Dash, t.s)
	if l.Arrow {
		Polygon{Pts: arrowHead(l.A, l.B, l.Width), Style: Style{Fill: l.Stroke}}.paint(c, t)
	}
}

func (r Rect) paint(c *canvas, t transform) {
	var o outline
	pts := r.corners(t)
	if r.R > 0 {
		roundRect(&o, t.pt(Point{r.X, r.Y}), r.W*t.s, r.H*t.s, min(r.R, r.W/2, r.H/2)*t.s)
	} else {
		o.moveTo(pts[0])
		for _, p := range pts[1:] {
			o.lineTo(p)
		}
		o.close()
	}
	c.fill(&o, r.Fill, r.Pattern, t.s)
	if !r.Stroke.none() {
		line := pts
		if r.R > 0 {
			line = roundRectLine(t.pt(Point{r.X, r.Y}), r.W*t.s, r.H*t.s, min(r.R, r.W/2, r.H/2)*t.s)
		} else {
			line = append(line, pts[0])
		}
		c.stroke([][]Point{line}, r.Stroke, r.Width*t.s, r.Dash, t.s)
	}
}

func (r Rect) corners(t transform) []Point {
	return []Point{t.pt(Point{r.X, r.Y}), t.pt(Point{r.X + r.W, r.Y}), t.pt(Point{r.X + r.W, r.Y + r.H}), t.pt(Point{r.X, r.Y + r.H})}
}

// roundRect adds a rectangle at p, w × h, corners rounded by rad.
func roundRect(o *outline, p Point, w, h, rad float64) {
	o.moveTo(Point{p.X + rad, p.Y})
	o.lineTo(Point{p.X + w - rad, p.Y})
	o.quadTo(Point{p.X + w, p.Y}, Point{p.X + w, p.Y + rad})
	o.lineTo(Point{p.X + w, p.Y + h - rad})
	o.quadTo(Point{p.X + w, p.Y + h}, Point{p.X + w - rad, p.Y + h})
	o.lineTo(Point{p.X + rad, p.Y + h})
	o.quadTo(Point{p.X, p.Y + h}, Point{p.X, p.Y + h - rad})
	o.lineTo(Point{p.X, p.Y + rad})
	o.quadTo(Point{p.X, p.Y}, Point{p.X + rad, p.Y})
	o.close()
}

func roundRectLine(p Point, w, h, rad float64) []Point {
	segs := []Seg{
		{P: Point{p.X + rad, p.Y}},
		{P: Point{p.X + w - rad, p.Y}},
		{Q: Point{p.X + w, p.Y}, P: Point{p.X + w, p.Y + rad}, Curve: true},
		{P: Point{p.X + w, p.Y + h - rad}},
		{Q: Point{p.X + w, p.Y + h}, P: Point{p.X + w - rad, p.Y + h}, Curve: true},
		{P: Point{p.X + rad, p.Y + h}},
		{Q: Point{p.X, p.Y + h}, P: Point{p.X, p.Y + h - rad}, Curve: true},
		{P: Point{p.X, p.Y + rad}},
		{Q: Point{p.X, p.Y}, P: Point{p.X + rad, p.Y}, Curve: true},
	}
	return flatten(segs, transform{s: 1})
}

func (ci Circle) paint(c *canvas, t transform) {
	var o outline
	ctr := t.pt(ci.C)
	disc(&o, ctr, ci.R*t.s, ci.ry()*t.s)
	c.fill(&o, ci.Fill, ci.Pattern, t.s)
	c.stroke([][]Point{ring(ctr, ci.R*t.s, ci.ry()*t.s)}, ci.Stroke, ci.Width*t.s, ci.Dash, t.s)
}

func (p Polygon) paint(c *canvas, t transform) {
	if len(p.Pts) == 0 {
		return
	}
	var o outline
	pts := make([]Point, len(p.Pts))
	for i, q := range p.Pts {
		pts[i] = t.pt(q)
	}
	o.moveTo(pts[0])
	for _, q := range pts[1:] {
		o.lineTo(q)
	}
	o.close()
	c.fill(&o, p.Fill, p.Pattern, t.s)
	c.stroke([][]Point{append(pts, pts[0])}, p.Stroke, p.Width*t.s, p.Dash, t.s)
}

func (p Path) paint(c *canvas, t transform) {
	if len(p.Segs) == 0 {
		return
	}
	segs := p.Segs
	if p.Arrow {
		segs = shortened(segs, arrowSize(p.Width)*0.8)
	}
	line := flatten(segs, t)
	if p.Closed && (!p.Fill.none() || p.Pattern != Plain) {
		var o outline
		o.moveTo(line[0])
		for _, q := range line[1:] {
			o.lineTo(q)
		}
		o.close()
		c.fill(&o, p.Fill, p.Pattern, t.s)
	}
	if p.Closed {
		line = append(line, line[0])
	}
	c.stroke([][]Point{line}, p.Stroke, p.Width*t.s, p.Dash, t.s)
	if p.Arrow {
		a, b := pathEnd(p.Segs)
		Polygon{Pts: arrowHead(a, b, p.Width), Style: Style{Fill: p.Stroke}}.paint(c, t)
	}
}

func (g Group) paint(c *canvas, t transform) {
	t = t.then(g)
	for _, s := range g.Shapes {
		s.paint(c, t)
	}
}

// paint draws the text's glyphs, each from the first font that has it,
// at the place the layout gives it.
func (tx Text) paint(c *canvas, t transform) {
	if tx.S == "" {
		return
	}
	x := tx.At.X
	switch tx.Anchor {
	case Middle:
		x -= Measure(tx) / 2
	case End:
		x -= Measure(tx)
	}
	fc := faceOf(tx)
	var o outline
	var b sfnt.Buffer
	for _, r := range tx.S {
		adv := runeAdvance(fc, r) * tx.Size
		if tx.Mono {
			adv = monoCell(tx.Size) * float64(text.Width(string(r)))
		}
		if r != ' ' {
			glyphOutline(&o, &b, fc, r, t.pt(Point{x, tx.At.Y}), tx.Size*t.s, adv*t.s, tx.Bold)
		}
		x += adv
	}
	c.fill(&o, tx.color(), Plain, t.s)
}

// glyphOutline adds r's outline at pen (its baseline's left), size px,
// in width px: a fallback font's glyph is centred in the width the
// layout gave it, and shrunk to it if wider.
func glyphOutline(o *outline, b *sfnt.Buffer, fc *face, r rune, pen Point, size, width float64, bold bool) {
	f, g := glyphFace(fc, r)
	if g == 0 {
		missing(o, pen, size, width)
		return
	}
	ppem := fixed.Int26_6(size * 64)
	segs, err := f.f.LoadGlyph(b, g, ppem, nil)
	if err != nil {
		return
	}
	scale, dx := 1.0, 0.0
	if f != fc || fc == builtin.mono {
		if adv, err := f.f.GlyphAdvance(b, g, ppem, font.HintingNone); err == nil && adv > 0 {
			a := float64(adv) / 64
			if a > width {
				scale = width / a
			}
			dx = (width - a*scale) / 2
		}
	}
	// Bold where the font has no bold (a CJK font's regular): the outline
	// drawn twice, a hair apart.
	passes := []float64{0}
	if bold && f != fc {
		passes = []float64{0, size / 28}
	}
	for _, shift := range passes {
		at := Point{pen.X + dx + shift, pen.Y}
		addSegments(o, segs, at, scale)
	}
}

// glyphFace is the face that draws r, fc's own first; 0 when none has
// it.
func glyphFace(fc *face, r rune) (*face, sfnt.GlyphIndex) {
	if g := fc.glyph(r); g != 0 {
		return fc, g
	}
	faces, found := fallbacks()
	if found && len(faces) > 1 && text.Width(string(r)) == 1 {
		// A narrow sign (⊕, ★) from the symbols' font: a CJK font draws
		// it for a wide cell.
		faces = []*face{faces[1], faces[0]}
	}
	for _, ff := range faces {
		if g := ff.glyph(r); g != 0 {
			return ff, g
		}
	}
	return fc, 0
}

// missing draws a box where no font has the character, as a browser
// does.
func missing(o *outline, pen Point, size, width float64) {
	p := Point{pen.X + 0.1*width, pen.Y - 0.7*size}
	w, h := 0.8*width, 0.75*size
	th := max(1, size/16)
	o.moveTo(p)
	o.lineTo(Point{p.X + w, p.Y})
	o.lineTo(Point{p.X + w, p.Y + h})
	o.lineTo(Point{p.X, p.Y + h})
	o.close()
	o.moveTo(Point{p.X + th, p.Y + th})
	o.lineTo(Point{p.X + th, p.Y + h - th})
	o.lineTo(Point{p.X + w - th, p.Y + h - th})
	o.lineTo(Point{p.X + w - th, p.Y + th})
	o.close()
}

// addSegments adds a glyph's segments to o, at pen, scaled.
func addSegments(o *outline, segs sfnt.Segments, pen Point, scale float64) {
	pt := func(p fixed.Point26_6) Point {
		return Point{pen.X + scale*float64(p.X)/64, pen.Y + scale*float64(p.Y)/64}
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			o.moveTo(pt(s.Args[0]))
		case sfnt.SegmentOpLineTo:
			o.lineTo(pt(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			o.quadTo(pt(s.Args[0]), pt(s.Args[1]))
		case sfnt.SegmentOpCubeTo:
			o.cubeTo(pt(s.Args[0]), pt(s.Args[1]), pt(s.Args[2]))
		}
	}
}
