package picture

import (
	"matchgame/internal/engine"
)

func init() { register(engine.SumOfGames, drawSum) }

// A sum's drawing lays its components out in rows of at most sumWidth,
// and draws at most mostParts of them (a window around the move's).
const (
	sumWidth  = 1500
	mostParts = 48
	panelPad  = 10
	plusW     = 40
)

// drawSum draws a sum of games: each component by its own board in a
// frame under its title ("Game 2 · Kayles", with "g = 2" when values
// may be shown), side by side with a + between them, in rows. The
// component the move is made in has a thick frame.
func drawSum(f Figure) *Drawing {
	var s sheet
	sum, ok := f.Game.(*engine.Sum)
	if !ok {
		return s.drawing()
	}
	parts := sum.Partwise(f.Pos)
	focus := -1
	if f.Move != nil {
		focus = f.Move.Part
	}
	from, to := window(len(parts), mostParts, focus)
	x, y, rowH := 0.0, 0.0, 0.0
	var values []uint64
	for i := from; i < to; i++ {
		g := sum.Parts[i]
		sub := Figure{Game: g, Pos: parts[i], Conv: f.Conv, Reveal: f.Reveal, Cat: f.Cat}
		if f.Labels != nil { // the component's edges by their labels
			sub.Labels = f.Labels.Span(sum.Global(f.Pos, i, 1), g.Places(parts[i]))
		}
		if f.Move != nil && f.Move.Part == i {
			m := *f.Move
			m.Part = 0
			sub.Move = &m
		}
		board := Board(sub)
		title, v, ok := partTitle(f, i, g, parts[i])
		if ok {
			values = append(values, v)
		}
		tw := Width(title, labelSize, true)
		w := max(board.W, tw+2*panelPad)
		h := board.H + labelSize + 2*panelPad
		if x > 0 && x+plusW+w > sumWidth {
			x, y, rowH = 0, y+rowH+24, 0
		}
		if x > 0 {
			s.add(Text{At: Point{x + plusW/2, y + h/2 + 12}, S: "+", Size: 34, Bold: true, Anchor: Middle, Color: Subtle})
			x += plusW
		}
		s.add(panel(x, y, w, h, title, board, sub.Move != nil)...)
		x += w
		rowH = max(rowH, h)
	}
	f.elided(&s, from, to, len(parts))
	if f.Reveal && len(values) == to-from && to-from == len(parts) {
		var x uint64
		for _, v := range values {
			x ^= v
		}
		s.note(f.Cat.T("picture.sum.nimsum", x), Subtle)
	}
	return s.drawing()
}

// partTitle names component i: "Game 2 · Kayles", with its value "· g =
// 2" when values may be shown and it has one.
func partTitle(f Figure, i int, g engine.Valued, p engine.Position) (title string, value uint64, ok bool) {
	name := engine.Title(g).Render(f.Cat)
	if f.Reveal {
		if v, err := g.Value(p); err == nil {
			return f.Cat.T("ui.sum.title.value", i+1, name, v.G), v.G, true
		}
	}
	return f.Cat.T("ui.sum.title", i+1, name), 0, false
}

// panel frames a component's board at (x, y), w × h, under its title;
// the one the move is made in thick, in the move's colour.
func panel(x, y, w, h float64, title string, board *Drawing, moved bool) []Shape {
	frame := Style{Stroke: Faint, Width: 1.5, Class: "game"}
	if moved {
		frame = Style{Stroke: Move, Width: 3.5, Class: "game move"}
	}
	return []Shape{Rect{X: x, Y: y, W: w, H: h, R: 8, Style: frame},
		Text{At: Point{x + panelPad, y + panelPad + labelSize - 2}, S: title, Size: labelSize, Bold: true},
		Place(board, x, y+labelSize+panelPad, 1)}
}
