package tui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
)

// Theme is the game's few colours, each with a light and a dark variant.
// Every colour that text is written in reaches 4.5:1 contrast against a
// black, dark grey, white or light grey background in the default theme,
// and 7:1 in the high-contrast one (a test measures it): a class reads it
// from the back of the room.
type Theme struct {
	Name                                   string
	Accent, Muted, Match, Going, Good, Bad lipgloss.AdaptiveColor
}

// Themes are the themes --theme and the menu offer, the default first.
var Themes = []Theme{
	{
		Name:   "default",
		Accent: lipgloss.AdaptiveColor{Light: "#5A3FC0", Dark: "#B69CFF"},
		Muted:  lipgloss.AdaptiveColor{Light: "#5E5E5E", Dark: "#A3A3A3"},
		Match:  lipgloss.AdaptiveColor{Light: "#8A4F00", Dark: "#F2B84B"},
		Going:  lipgloss.AdaptiveColor{Light: "#B3141F", Dark: "#FF7A7A"},
		Good:   lipgloss.AdaptiveColor{Light: "#1A6B2D", Dark: "#6BD68A"},
		Bad:    lipgloss.AdaptiveColor{Light: "#B3141F", Dark: "#FF7A7A"},
	},
	{
		Name:   "high-contrast",
		Accent: lipgloss.AdaptiveColor{Light: "#2E1A80", Dark: "#D9CCFF"},
		Muted:  lipgloss.AdaptiveColor{Light: "#303030", Dark: "#D0D0D0"},
		Match:  lipgloss.AdaptiveColor{Light: "#552B00", Dark: "#FFD37A"},
		Going:  lipgloss.AdaptiveColor{Light: "#8A0012", Dark: "#FFB3B3"},
		Good:   lipgloss.AdaptiveColor{Light: "#0B4A1C", Dark: "#A8F0BC"},
		Bad:    lipgloss.AdaptiveColor{Light: "#8A0012", Dark: "#FFB3B3"},
	},
}

// ThemeNamed is the theme called name; false when there is none.
func ThemeNamed(name string) (Theme, bool) {
	for _, t := range Themes {
		if t.Name == name {
			return t, true
		}
	}
	return Theme{}, false
}

// Styles are built once from a theme for one terminal (its renderer knows
// its colours and background); views only call Render on them. Colour
// and bold vanish without colour (NO_COLOR, the Ascii profile), so every
// style here that carries meaning is backed by a glyph or a word.
type Styles struct {
	renderer                                                    *lipgloss.Renderer
	Theme                                                       Theme
	Title, Subtle, Selected, Match, Going, Good, Bad, Bold, Key text.Style
	Help                                                        help.Styles
	Board                                                       board.Styles
}

// NewStyles builds the styles of theme t for the terminal r draws on.
func NewStyles(t Theme, r *lipgloss.Renderer) *Styles {
	s := r.NewStyle()
	st := &Styles{
		renderer: r,
		Theme:    t,
		Title:    text.NewStyle(s.Bold(true).Foreground(fixed(r, t.Accent))),
		Subtle:   text.NewStyle(s.Foreground(fixed(r, t.Muted))),
		Selected: text.NewStyle(s.Bold(true).Foreground(fixed(r, t.Accent))),
		Match:    text.NewStyle(s.Foreground(fixed(r, t.Match))),
		Going:    text.NewStyle(s.Foreground(fixed(r, t.Going)).Bold(true)),
		Good:     text.NewStyle(s.Foreground(fixed(r, t.Good)).Bold(true)),
		Bad:      text.NewStyle(s.Foreground(fixed(r, t.Bad)).Bold(true)),
		Bold:     text.NewStyle(s.Bold(true)),
		Key:      text.NewStyle(s.Foreground(fixed(r, t.Accent))),
	}
	st.Board = board.Styles{Match: st.Match, Going: st.Going, Selected: st.Selected, Subtle: st.Subtle, Good: st.Good, Bad: st.Bad, Bold: st.Bold}
	st.Help = help.Styles{
		ShortKey: st.Key.Lipgloss(), ShortDesc: st.Subtle.Lipgloss(), ShortSeparator: st.Subtle.Lipgloss(), Ellipsis: st.Subtle.Lipgloss(),
		FullKey: st.Key.Lipgloss(), FullDesc: s, FullSeparator: st.Subtle.Lipgloss(),
	}
	return st
}

// fixed is colour c as terminal r shows it, chosen for its background and
// converted to its palette once: lipgloss would convert a hex colour to
// 256 colours on every Render, the better part of drawing a frame.
func fixed(r *lipgloss.Renderer, c lipgloss.AdaptiveColor) lipgloss.TerminalColor {
	hex := c.Light
	if r.HasDarkBackground() {
		hex = c.Dark
	}
	switch v := r.ColorProfile().Color(hex).(type) {
	case termenv.ANSI256Color:
		return lipgloss.Color(strconv.Itoa(int(v)))
	case termenv.ANSIColor:
		return lipgloss.Color(strconv.Itoa(int(v)))
	case termenv.RGBColor:
		return lipgloss.Color(string(v))
	}
	return lipgloss.NoColor{}
}

// help draws key help for a screen width wide. It is made when drawn:
// a help.Model is large, and the games are copied on every key.
func (st *Styles) help(width int) help.Model {
	h := help.New()
	h.Styles, h.Width = st.Help, width-2*margin
	return h
}

// shortFit is one line of key hints on a screen width wide that always
// shows ? help, the way to every key: where the line is too long, hints
// before it go, the last first — first those not in keep (enter, the
// keys of a split), then those in keep, then the amount's — so that what
// stays is what matters most (a sum's knock keys cut "? help" off at 80
// columns). The hints after ? help are cut as the help model cuts them.
func (st *Styles) shortFit(width int, bindings []key.Binding, help key.Binding, keep ...key.Binding) string {
	h := st.help(width)
	w := h.Width
	h.Width = 0 // measured here, not cut
	is := func(k key.Binding) func(key.Binding) bool {
		return func(b key.Binding) bool { return b.Help() == k.Help() }
	}
	at := slices.IndexFunc(bindings, is(help))
	kept := func(b key.Binding) bool {
		return slices.ContainsFunc(keep, func(k key.Binding) bool { return is(k)(b) })
	}
	for _, droppable := range []func(i int, b key.Binding) bool{
		func(i int, b key.Binding) bool { return i >= 2 && !kept(b) },
		func(i int, b key.Binding) bool { return i >= 1 },
	} {
		for at > 0 && text.Width(h.ShortHelpView(bindings[:at+1])) > w { // what follows ? help may be cut
			drop := at - 1
			for drop >= 0 && !(bindings[drop].Enabled() && droppable(drop, bindings[drop])) {
				drop--
			}
			if drop < 0 {
				break
			}
			bindings, at = slices.Delete(slices.Clone(bindings), drop, drop+1), at-1
		}
	}
	h.Width = w
	return h.ShortHelpView(bindings)
}

// shortLines lays out one line of key hints on a screen width wide,
// wrapped onto more lines where it does not fit, so that no key is cut
// off with "…".
func (st *Styles) shortLines(width int, bindings []key.Binding) []string {
	h := st.help(width)
	w := h.Width
	h.Width = 0 // measured here, not cut
	var lines []string
	var row []key.Binding
	for _, b := range bindings {
		if !b.Enabled() {
			continue
		}
		if len(row) > 0 && text.Width(h.ShortHelpView(append(row, b))) > w {
			lines, row = append(lines, h.ShortHelpView(row)), nil
		}
		row = append(row, b)
	}
	return append(lines, h.ShortHelpView(row))
}

// fullHelp lays out the help ? opens on a screen width wide: its columns
// side by side as far as they fit, the rest below, so that a narrow
// screen shows every key rather than cutting columns off with "…".
func (st *Styles) fullHelp(width int, columns [][]key.Binding) []string {
	h := st.help(width)
	w := h.Width
	h.Width = 0 // measured here, not cut
	var lines, row []string
	var group [][]key.Binding
	flush := func() {
		if len(group) > 0 {
			if len(lines) > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, row...)
		}
		group, row = nil, nil
	}
	for _, c := range columns {
		next := strings.Split(h.FullHelpView(append(group, c)), "\n")
		if len(group) > 0 && text.MaxWidth(next) > w {
			flush()
			next = strings.Split(h.FullHelpView([][]key.Binding{c}), "\n")
		}
		if strings.TrimSpace(strings.Join(next, "")) == "" {
			continue // every key of the column is off
		}
		group, row = append(group, c), next
	}
	flush()
	return lines
}

// mark colours the parts of an explanation it points at.
func (st *Styles) mark(m engine.Mark, s string) string {
	switch m {
	case engine.SumRow:
		return st.Title.Render(s)
	case engine.HighBit:
		return st.Going.Render(s)
	case engine.Target:
		return st.Good.Render(s)
	case engine.Chosen:
		return st.Selected.Render(s)
	case engine.Aside:
		return st.Subtle.Render(s)
	}
	return s
}
