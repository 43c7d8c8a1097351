package desk

import (
	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/picture"
)

// Slide is the picture of g at p for a slide: the board with the move
// shown, the move in words, with sh.Explain the explanation, under the
// analysis's header.
func Slide(g engine.Game, p engine.Position, c engine.Convention, sh picture.Shown, cat *assets.Catalog) (*picture.Drawing, error) {
	p, err := g.Normalize(p)
	if err != nil {
		return nil, err
	}
	title := Header(engine.Analysis{Game: g, Position: p, Convention: c}, cat)
	s, err := picture.NewSlide(g, p, c, sh, title, cat)
	if err != nil {
		return nil, err
	}
	return s.Drawing(), nil
}
