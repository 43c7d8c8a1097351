package picture

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"matchgame/internal/tui/text"
)

// The fonts an SVG names, in order: the Go fonts the PNG is drawn with,
// then what a browser or a printer has for Latin and for Chinese.
const (
	sansFonts = `Go, 'Noto Sans', 'DejaVu Sans', 'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif`
	monoFonts = `'Go Mono', 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', 'Noto Sans CJK SC', monospace`
)

// svgWriter writes a drawing's shapes as SVG elements; the patterns they
// use go into its defs.
type svgWriter struct {
	id       string // the prefix of its ids
	b        bytes.Buffer
	patterns []patternKey // in order of first use
}

type patternKey struct {
	kind Pattern
	fill Color
}

// SVG is d as a standalone SVG document. The same drawing gives the same
// bytes.
func (d *Drawing) SVG() []byte {
	return append([]byte(`<?xml version="1.0" encoding="UTF-8"?>`+"\n"), d.Element("")...)
}

// Element is d as an <svg> element to put in an HTML page, its ids
// (the patterns') prefixed by id: several drawings on one page keep
// their own. It scales to the page's width (CSS), its proportions kept.
func (d *Drawing) Element(id string) []byte {
	body := svgWriter{id: id}
	for _, s := range d.Shapes {
		s.writeSVG(&body)
	}
	var out bytes.Buffer
	out.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1"`)
	attr(&out, "width", num(d.W))
	attr(&out, "height", num(d.H))
	attr(&out, "viewBox", "0 0 "+num(d.W)+" "+num(d.H))
	if d.Lang != "" {
		attr(&out, "xml:lang", d.Lang)
	}
	attr(&out, "font-family", sansFonts)
	out.WriteString(">\n")
	if d.Title != "" {
		out.WriteString("<title>" + escape(d.Title) + "</title>\n")
	}
	if len(body.patterns) > 0 {
		out.WriteString("<defs>\n")
		for i, p := range body.patterns {
			writePattern(&out, id+"p"+strconv.Itoa(i), p)
		}
		out.WriteString("</defs>\n")
	}
	out.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>` + "\n")
	out.Write(body.b.Bytes())
	out.WriteString("</svg>\n")
	return out.Bytes()
}

// The patterns' period and line width, in drawing units.
const (
	patternPeriod = 8
	patternLine   = 2.2
)

func writePattern(out *bytes.Buffer, id string, p patternKey) {
	per := num(patternPeriod)
	out.WriteString(`<pattern id="` + id + `" patternUnits="userSpaceOnUse" width="` + per + `" height="` + per + `"`)
	if p.kind != Dots {
		out.WriteString(` patternTransform="rotate(45)"`)
	}
	out.WriteString(">")
	if !p.fill.none() {
		out.WriteString(`<rect width="` + per + `" height="` + per + `" fill="` + hex(p.fill) + `"/>`)
	}
	switch p.kind {
	case Hatch:
		out.WriteString(`<rect width="` + num(patternLine) + `" height="` + per + `" fill="` + hex(Ink) + `"/>`)
	case Cross:
		out.WriteString(`<rect width="` + num(patternLine) + `" height="` + per + `" fill="` + hex(Ink) + `"/>`)
		out.WriteString(`<rect width="` + per + `" height="` + num(patternLine) + `" fill="` + hex(Ink) + `"/>`)
	case Dots:
		out.WriteString(`<circle cx="` + num(patternPeriod/2) + `" cy="` + num(patternPeriod/2) + `" r="` + num(patternLine*0.8) + `" fill="` + hex(Ink) + `"/>`)
	}
	out.WriteString("</pattern>\n")
}

func (w *svgWriter) pattern(kind Pattern, fill Color) string {
	k := patternKey{kind, fill}
	for i, p := range w.patterns {
		if p == k {
			return "url(#" + w.id + "p" + strconv.Itoa(i) + ")"
		}
	}
	w.patterns = append(w.patterns, k)
	return "url(#" + w.id + "p" + strconv.Itoa(len(w.patterns)-1) + ")"
}

// style writes a shape's class, fill and stroke attributes.
func (w *svgWriter) style(s Style) {
	if s.Class != "" {
		attr(&w.b, "class", s.Class)
	}
	switch {
	case s.Pattern != Plain:
		attr(&w.b, "fill", w.pattern(s.Pattern, s.Fill))
	case s.Fill.none():
		attr(&w.b, "fill", "none")
	default:
		attr(&w.b, "fill", hex(s.Fill))
		if s.Fill.A < 255 {
			attr(&w.b, "fill-opacity", num(float64(s.Fill.A)/255))
		}
	}
	if s.Stroke.none() || s.Width <= 0 {
		return
	}
	attr(&w.b, "stroke", hex(s.Stroke))
	attr(&w.b, "stroke-width", num(s.Width))
	attr(&w.b, "stroke-linecap", "round")
	attr(&w.b, "stroke-linejoin", "round")
	if s.Dash {
		on, off := dashes(s.Width)
		attr(&w.b, "stroke-dasharray", num(on)+" "+num(off))
	}
}

// dashes are the lengths of a dashed stroke's dashes and gaps.
func dashes(width float64) (on, off float64) { return 2*width + 4, 2*width + 3 }

func (l Line) writeSVG(w *svgWriter) {
	end := l.shaft()
	w.b.WriteString("<line")
	attr(&w.b, "x1", num(l.A.X))
	attr(&w.b, "y1", num(l.A.Y))
	attr(&w.b, "x2", num(end.X))
	attr(&w.b, "y2", num(end.Y))
	st := l.Style
	st.Fill = Color{}
	st.Pattern = Plain
	w.style(st)
	w.b.WriteString("/>\n")
	if l.Arrow { // the head belongs to the line: no class of its own
		Polygon{Pts: arrowHead(l.A, l.B, l.Width), Style: Style{Fill: l.Stroke}}.writeSVG(w)
	}
}

func (r Rect) writeSVG(w *svgWriter) {
	w.b.WriteString("<rect")
	attr(&w.b, "x", num(r.X))
	attr(&w.b, "y", num(r.Y))
	attr(&w.b, "width", num(r.W))
	attr(&w.b, "height", num(r.H))
	if r.R > 0 {
		attr(&w.b, "rx", num(r.R))
	}
	w.style(r.Style)
	w.b.WriteString("/>\n")
}

func (c Circle) writeSVG(w *svgWriter) {
	if c.RY > 0 && c.RY != c.R {
		w.b.WriteString("<ellipse")
		attr(&w.b, "cx", num(c.C.X))
		attr(&w.b, "cy", num(c.C.Y))
		attr(&w.b, "rx", num(c.R))
		attr(&w.b, "ry", num(c.RY))
	} else {
		w.b.WriteString("<circle")
		attr(&w.b, "cx", num(c.C.X))
		attr(&w.b, "cy", num(c.C.Y))
		attr(&w.b, "r", num(c.R))
	}
	w.style(c.Style)
	w.b.WriteString("/>\n")
}

func (p Polygon) writeSVG(w *svgWriter) {
	w.b.WriteString("<polygon")
	var pts strings.Builder
	for i, q := range p.Pts {
		if i > 0 {
			pts.WriteByte(' ')
		}
		pts.WriteString(num(q.X) + "," + num(q.Y))
	}
	attr(&w.b, "points", pts.String())
	w.style(p.Style)
	w.b.WriteString("/>\n")
}

func (p Path) writeSVG(w *svgWriter) {
	if len(p.Segs) == 0 {
		return
	}
	segs := p.Segs
	if p.Arrow {
		segs = shortened(segs, arrowSize(p.Width)*0.8)
	}
	var d strings.Builder
	for i, s := range segs {
		switch {
		case i == 0:
			d.WriteString("M" + num(s.P.X) + " " + num(s.P.Y))
		case s.Curve:
			d.WriteString("Q" + num(s.Q.X) + " " + num(s.Q.Y) + " " + num(s.P.X) + " " + num(s.P.Y))
		default:
			d.WriteString("L" + num(s.P.X) + " " + num(s.P.Y))
		}
	}
	if p.Closed {
		d.WriteString("Z")
	}
	w.b.WriteString("<path")
	attr(&w.b, "d", d.String())
	w.style(p.Style)
	w.b.WriteString("/>\n")
	if p.Arrow {
		a, b := pathEnd(p.Segs)
		Polygon{Pts: arrowHead(a, b, p.Width), Style: Style{Fill: p.Stroke}}.writeSVG(w)
	}
}

// pathEnd is the direction a path ends in: from the last control point
// (or the point before) to the end.
func pathEnd(segs []Seg) (from, to Point) {
	last := segs[len(segs)-1]
	if last.Curve {
		return last.Q, last.P
	}
	if len(segs) < 2 {
		return last.P, last.P
	}
	return segs[len(segs)-2].P, last.P
}

// shortened is a path whose last segment stops d before its end, under
// an arrowhead.
func shortened(segs []Seg, d float64) []Seg {
	out := append([]Seg(nil), segs...)
	a, b := pathEnd(out)
	dx, dy := b.X-a.X, b.Y-a.Y
	n := dx*dx + dy*dy
	if n == 0 {
		return out
	}
	n = math.Sqrt(n)
	out[len(out)-1].P = Point{b.X - dx/n*d, b.Y - dy/n*d}
	return out
}

func (t Text) writeSVG(w *svgWriter) {
	if t.S == "" {
		return
	}
	w.b.WriteString("<text")
	x := t.At.X
	if t.Mono {
		// Each character in its cells: the columns line up whatever font
		// the reader has.
		cell := monoCell(t.Size)
		switch t.Anchor {
		case Middle:
			x -= Measure(t) / 2
		case End:
			x -= Measure(t)
		}
		var xs strings.Builder
		for _, r := range t.S {
			if xs.Len() > 0 {
				xs.WriteByte(' ')
			}
			xs.WriteString(num(x))
			x += cell * float64(text.Width(string(r)))
		}
		attr(&w.b, "x", xs.String())
		attr(&w.b, "font-family", monoFonts)
	} else {
		attr(&w.b, "x", num(x))
		switch t.Anchor {
		case Middle:
			attr(&w.b, "text-anchor", "middle")
		case End:
			attr(&w.b, "text-anchor", "end")
		}
	}
	attr(&w.b, "y", num(t.At.Y))
	attr(&w.b, "font-size", num(t.Size))
	if t.Bold {
		attr(&w.b, "font-weight", "bold")
	}
	if c := t.color(); c != Ink {
		attr(&w.b, "fill", hex(c))
	}
	attr(&w.b, "xml:space", "preserve")
	w.b.WriteString(">" + escape(t.S) + "</text>\n")
}

func (g Group) writeSVG(w *svgWriter) {
	w.b.WriteString("<g")
	tr := ""
	if g.DX != 0 || g.DY != 0 {
		tr = "translate(" + num(g.DX) + " " + num(g.DY) + ")"
	}
	if s := g.scale(); s != 1 {
		tr += " scale(" + num(s) + ")"
	}
	if tr != "" {
		attr(&w.b, "transform", strings.TrimSpace(tr))
	}
	w.b.WriteString(">\n")
	for _, s := range g.Shapes {
		s.writeSVG(w)
	}
	w.b.WriteString("</g>\n")
}

func attr(b *bytes.Buffer, name, value string) {
	b.WriteString(" " + name + `="` + escape(value) + `"`)
}

// escape makes s safe in XML text and attributes; a character XML cannot
// hold (a control character, invalid UTF-8) becomes U+FFFD.
func escape(s string) string {
	if plainXML(s) {
		return s
	}
	var b bytes.Buffer
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 || !xmlChar(r) {
			r = utf8.RuneError
		}
		s = s[n:]
		_ = xml.EscapeText(&b, []byte(string(r)))
	}
	return b.String()
}

// plainXML reports whether s needs no escaping.
func plainXML(s string) bool {
	for _, r := range s {
		if r == '&' || r == '<' || r == '>' || r == '"' || r == utf8.RuneError || !xmlChar(r) || r == '\n' || r == '\t' || r == '\r' {
			return false
		}
	}
	return true
}

func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// num writes a coordinate with at most two decimals: the same drawing,
// the same bytes, and no more digits than a screen or a printer uses.
func num(v float64) string {
	s := strconv.FormatFloat(round2(v), 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

func round2(v float64) float64 {
	if v < 0 {
		return -float64(int64(-v*100+0.5)) / 100
	}
	return float64(int64(v*100+0.5)) / 100
}

func hex(c Color) string {
	const digits = "0123456789abcdef"
	b := []byte{'#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15]}
	return string(b)
}
