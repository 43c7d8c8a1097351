package board

import (
	"matchgame/assets"
	"matchgame/internal/engine"
)

func init() { register(engine.SumOfGames, sumBoard{}) }

// sumBoard draws a sum of games component by component, one under
// another, each by its own board under its title ("Game 2 · Kayles ·
// g = 2"). The selection's place runs through the components (the sum's
// geometry); a preview is a move of one component (Move.Part).
type sumBoard struct{}

func (sumBoard) down() int { return +1 }

// part is one component as it is drawn: its View and its lines' offset
// in the whole board.
type part struct {
	view       View // without its title, drawn only when seen
	index      int
	first      int // the whole's place of the component's place 1
	top, lines int
}

// layoutKey is what a sum's layout depends on. Positions are values never
// changed in place, so the first number's address names one.
type layoutKey struct {
	game            engine.Game
	first           *int64
	n               int
	start           *int64 // the start's first number: a start comes with a match
	labels          *int   // the labels' first, and how many: labels come with a position
	nl              int
	sel             Selection
	choosing, still bool
	preview         engine.Move
	previewing      bool
	disclosure      engine.Disclosure
	conv            engine.Convention
	width, height   int
	cat             *assets.Catalog
}

// Layouts keeps the last layout of a sum: drawing a board asks for its
// size, its focus and its lines in turn, and a key draws the same board
// twice (the panel measures it, the frame shows it); a sum of 1,000 games
// is laid out once. Each screen owns its own (View.Layouts), so SSH
// sessions share no cache and no lock; one screen's copies (Bubble Tea
// models are values) share it, and draw one at a time in its Update and
// View. The zero value is empty; a nil one keeps nothing.
type Layouts struct {
	key   layoutKey
	parts []part
}

func keyOf(v View) layoutKey {
	k := layoutKey{game: v.Game, n: len(v.Pos), sel: v.Sel, choosing: v.Choosing, still: v.Still, disclosure: v.Disclosure, conv: v.Conv, width: v.Width, height: v.Height, cat: v.Cat}
	if len(v.Pos) > 0 {
		k.first = &v.Pos[0]
	}
	if len(v.Start) > 0 {
		k.start = &v.Start[0]
	}
	if len(v.Labels) > 0 {
		k.labels, k.nl = &v.Labels[0], len(v.Labels)
	}
	if v.Preview != nil {
		k.preview, k.previewing = *v.Preview, true
	}
	return k
}

// parts lays the components out: each takes its title, its board and its
// notes.
func parts(v View) []part {
	c := v.Layouts
	if c == nil {
		return layout(v)
	}
	k := keyOf(v)
	if c.parts != nil && c.key == k {
		return c.parts
	}
	c.key, c.parts = k, layout(v)
	return c.parts
}

// layout lays the components out whole, or, where that is taller than
// the room the screen leaves (a sum of three at 80×24), each tersely: the
// titles of all of them on screen matter more than the rules and the
// pictures; and where that is still too tall, barely, without Wythoff's
// ways to take (nim 1 2 + wythoff 3 5 + kayles 4 at 60×20 scrolled for
// them).
func layout(v View) []part {
	tall := func(out []part) bool {
		return len(out) > 0 && out[len(out)-1].top+out[len(out)-1].lines > v.Height && v.Height > 0
	}
	out := layoutAs(v, false, false)
	if tall(out) {
		out = layoutAs(v, true, false)
	}
	if tall(out) {
		out = layoutAs(v, true, true)
	}
	return out
}

func layoutAs(v View, terse, bare bool) []part {
	s := v.Game.(*engine.Sum)
	ps := s.Partwise(v.Pos)
	var starts []engine.Position
	if len(v.Start) > 0 {
		starts = s.Partwise(v.Start)
	}
	out := make([]part, len(ps))
	top, first := 0, 1
	for i, q := range ps {
		g := s.Parts[i]
		sub := View{Game: g, Pos: q, Labels: v.Labels.Span(first, g.Places(q)), Conv: v.Conv, Disclosure: v.Disclosure, Still: v.Still, Width: v.Width,
			Height: 1 << 30, Styles: v.Styles, Cat: v.Cat, Terse: terse, bare: bare}
		if i < len(starts) {
			sub.Start = starts[i]
		}
		if inner := v.Sel.Where - first + 1; inner >= 1 && inner <= g.Places(q) {
			sub.Sel = v.Sel
			sub.Sel.Where = inner
			sub.Choosing = v.Choosing
		}
		if v.Preview != nil && v.Preview.Part == i {
			mv := *v.Preview
			mv.Part = 0
			sub.Preview = &mv
		}
		r := rendererOf(g)
		_, notes := r.lines(sub, 0, 0)
		out[i] = part{view: sub, index: i, first: first, top: top, lines: 1 + r.size(sub) + len(notes)}
		top += out[i].lines
		first += g.Places(q)
	}
	return out
}

// title names component i: "Game 2 · Kayles · g = 2"; the value only
// where the screen shows reasons (View.Values).
func title(v View, i int, g engine.Valued, q engine.Position) string {
	t := v.Cat.T("ui.sum.title", i+1, engine.Title(g).Render(v.Cat))
	if v.Values {
		if val, err := g.Value(q); err == nil {
			t = v.Cat.T("ui.sum.title.value", i+1, engine.Title(g).Render(v.Cat), val.G)
		}
	}
	return t
}

func (sumBoard) size(v View) int {
	ps := parts(v)
	last := ps[len(ps)-1]
	return last.top + last.lines
}

func (sumBoard) focus(v View) int {
	for _, p := range parts(v) {
		if p.view.Choosing || p.view.Sel.Where != 0 {
			return p.top + 1 + rendererOf(p.view.Game).focus(p.view)
		}
	}
	return 0
}

// lines draws the components that lines from to to cross, whole, and
// keeps that part of them: a sum of 1,000 games draws the few on screen.
func (sumBoard) lines(v View, from, to int) (lines, notes []string) {
	for _, p := range parts(v) {
		if p.top+p.lines <= from || p.top >= to {
			continue
		}
		titled := p.view
		titled.Styles = v.Styles // not part of the layout: a theme changed draws at once
		titled.Title = title(v, p.index, v.Game.(*engine.Sum).Parts[p.index], p.view.Pos)
		drawn := Draw(titled)
		lo, hi := max(0, from-p.top), min(len(drawn), to-p.top)
		lines = append(lines, drawn[lo:hi]...)
	}
	return lines, nil
}

func (sumBoard) selectAt(v View, x, y int) (Selection, bool) {
	for _, p := range parts(v) {
		if y >= p.top && y < p.top+p.lines {
			sel, ok := At(p.view, x, y-p.top-1) // under the title
			if ok {
				sel.Where += p.first - 1
			}
			return sel, ok
		}
	}
	return Selection{}, false
}
