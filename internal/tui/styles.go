package tui

import "github.com/charmbracelet/lipgloss"

// Theme is the game's few colours, each with a light and a dark variant.
type Theme struct {
	Accent, Muted, Match, Going, Good, Bad, Border lipgloss.AdaptiveColor
}

// DefaultTheme is the theme matchgame ships with.
var DefaultTheme = Theme{
	Accent: lipgloss.AdaptiveColor{Light: "#5A3FC0", Dark: "#B69CFF"},
	Muted:  lipgloss.AdaptiveColor{Light: "#6B6B6B", Dark: "#8A8A8A"},
	Match:  lipgloss.AdaptiveColor{Light: "#9C5B00", Dark: "#F2B84B"},
	Going:  lipgloss.AdaptiveColor{Light: "#C0202A", Dark: "#FF6B6B"},
	Good:   lipgloss.AdaptiveColor{Light: "#1E7B34", Dark: "#6BD68A"},
	Bad:    lipgloss.AdaptiveColor{Light: "#C0202A", Dark: "#FF6B6B"},
	Border: lipgloss.AdaptiveColor{Light: "#B0B0B0", Dark: "#505050"},
}

// Styles are built once from a theme; views only call Render on them.
// Colour and bold vanish without colour (NO_COLOR, the Ascii profile), so
// every style here is backed by a glyph or a word where it carries meaning.
type Styles struct {
	Title, Subtle, Selected, Match, Going, Good, Bad, Error, Panel, PanelTitle, Key, Text lipgloss.Style
}

// NewStyles builds the styles of theme t.
func NewStyles(t Theme) Styles {
	s := lipgloss.NewStyle()
	return Styles{
		Title:      s.Bold(true).Foreground(t.Accent),
		Subtle:     s.Foreground(t.Muted),
		Selected:   s.Bold(true).Foreground(t.Accent),
		Match:      s.Foreground(t.Match),
		Going:      s.Foreground(t.Going).Bold(true),
		Good:       s.Foreground(t.Good).Bold(true),
		Bad:        s.Foreground(t.Bad).Bold(true),
		Error:      s.Foreground(t.Bad),
		Panel:      s.Border(lipgloss.RoundedBorder()).BorderForeground(t.Border).Padding(0, 1),
		PanelTitle: s.Bold(true),
		Key:        s.Foreground(t.Accent),
		Text:       s,
	}
}
