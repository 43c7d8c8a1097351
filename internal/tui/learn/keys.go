package learn

import (
	"github.com/charmbracelet/bubbles/key"

	"matchgame/assets"
)

// keyMap is the learn screen's keys; those that do nothing now are off,
// so the help lists only what works.
type keyMap struct {
	Up, Down, Page, Open, Next, Prev, Index key.Binding
	Try, Demo, Answers, Redraw              key.Binding
	Help, Back                              key.Binding
}

func newKeys(cat *assets.Catalog) keyMap {
	b := func(h, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(h, cat.T(desc)))
	}
	return keyMap{
		Up:      b("↑/↓", "learn.key.move", "up", "k"),
		Down:    b("↓", "learn.key.move", "down", "j"),
		Page:    b("pgup/pgdn", "learn.key.page", "pgup", "pgdown", " ", "b", "home", "end"),
		Open:    b("enter", "learn.key.open", "enter", "right", "l"),
		Next:    b("]", "learn.key.next", "]", "n"),
		Prev:    b("[", "learn.key.prev", "[", "p"),
		Index:   b("i", "learn.key.index", "i", "left", "h"),
		Try:     b("t", "learn.key.try", "t"),
		Demo:    b("d", "learn.key.demo", "d"),
		Answers: b("a", "learn.key.answers", "a"),
		Redraw:  b("x", "learn.key.redraw", "x"),
		Help:    b("?", "ui.key.help", "?"),
		Back:    b("esc/q", "learn.key.back", "esc", "q"),
	}
}

func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Open, k.Back, k.Try, k.Demo, k.Answers, k.Help} // esc early: a narrow footer is cut
}

func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Page, k.Open, k.Next, k.Prev, k.Index}, {k.Try, k.Demo, k.Answers, k.Redraw}, {k.Help, k.Back}}
}
