package picture

import (
	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// Slide is a board as a picture for a slide: a title over it and, under
// it, a caption (the move in words) and the explanation, written as the
// command line writes it, its tables' columns kept.
type Slide struct {
	Board   *Drawing
	Title   string
	Caption []string
	Explain []string
}

// Shown is what a slide shows beside the position: a move named as
// MoveNamed reads it, or the winning move, and the explanation.
type Shown struct {
	Move             string
	Winning, Explain bool
}

// NewSlide is p drawn with what sh asks for under title: the move on the
// board and in words, and the analysis's summary and explanation.
func NewSlide(g engine.Game, p engine.Position, c engine.Convention, sh Shown, title string, cat *assets.Catalog) (Slide, error) {
	fig := Figure{Game: g, Pos: p, Conv: c, Cat: cat, Reveal: true}
	slide := Slide{Title: title}
	var a engine.Analysis
	if sh.Winning || sh.Explain {
		var err error
		if a, err = engine.Analyze(g, p, c); err != nil {
			return slide, err
		}
	}
	switch {
	case sh.Move != "":
		m, err := MoveNamed(g, p, sh.Move, cat)
		if err != nil {
			return slide, err
		}
		fig.Move = &m
		slide.Caption = append(slide.Caption, cat.T("picture.move", engine.Describe(g, p, m).Render(cat)))
	case sh.Winning && a.Move != nil:
		fig.Move = a.Move
		slide.Caption = append(slide.Caption, cat.T("picture.winning", engine.Describe(g, p, *a.Move).Render(cat)))
	case sh.Winning:
		slide.Caption = append(slide.Caption, a.Summary().Render(cat))
	}
	if sh.Explain {
		if !sh.Winning {
			slide.Caption = append(slide.Caption, a.Summary().Render(cat))
		}
		slide.Explain = a.Explanation.Lines(cat)
	}
	slide.Board = Board(fig)
	return slide, nil
}

// The explanation's monospaced size, and the least width a slide's text
// is wrapped to.
const (
	explainSize = 14
	slideText   = 760
)

// Drawing lays the slide out, top to bottom.
func (s Slide) Drawing() *Drawing {
	w := max(s.Board.W, slideText)
	var shapes []Shape
	y := float64(margin)
	if s.Title != "" {
		for _, line := range wrapTo(s.Title, w-2*margin, 22, true) {
			y += 26
			shapes = append(shapes, Text{At: Point{margin, y}, S: line, Size: 22, Bold: true})
		}
		y += 6
	}
	shapes = append(shapes, Place(s.Board, 0, y, 1))
	y += s.Board.H
	for _, c := range s.Caption {
		for _, line := range wrapTo(c, w-2*margin, labelSize, false) {
			y += labelSize * 1.35
			shapes = append(shapes, Text{At: Point{margin, y}, S: line, Size: labelSize, Bold: true})
		}
	}
	if len(s.Explain) > 0 {
		y += 8
		cols := max(20, int((w-2*margin)/monoCell(explainSize)))
		for _, l := range s.Explain {
			for _, line := range text.Wrap(l, cols) {
				y += explainSize * 1.35
				shapes = append(shapes, Text{At: Point{margin, y}, S: line, Size: explainSize, Mono: true})
			}
		}
	}
	_, _, x1, _ := Bounds(shapes)
	return &Drawing{W: max(w, x1+margin), H: y + margin + 4, Shapes: shapes, Lang: s.Board.Lang, Title: s.Title}
}

// wrapTo breaks s into lines of at most w wide at size.
func wrapTo(s string, w, size float64, bold bool) []string {
	cols := max(10, int(w/(0.56*size)))
	lines := text.Wrap(s, cols)
	// The Go font is narrower than a terminal's cells for most words: a
	// line that measures wider is broken again, shorter.
	for cols > 10 && slicesAny(lines, func(l string) bool { return Width(l, size, bold) > w }) {
		cols = cols * 9 / 10
		lines = text.Wrap(s, cols)
	}
	return lines
}

func slicesAny(v []string, f func(string) bool) bool {
	for _, x := range v {
		if f(x) {
			return true
		}
	}
	return false
}
