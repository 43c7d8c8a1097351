package text

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Style is one of the game's styles: a foreground colour and bold, no
// more, so that styling a line is two escape sequences made once around
// it. lipgloss's Render, general enough for borders and padding, was half
// the cost of a frame; it still styles what has several lines.
type Style struct {
	lg          lipgloss.Style
	open, close string // around a line
}

// NewStyle makes s a Style.
func NewStyle(s lipgloss.Style) Style {
	out := s.Render("x")
	i := strings.Index(out, "x")
	return Style{lg: s, open: out[:i], close: out[i+1:]}
}

// Render styles text as lipgloss does.
func (s Style) Render(text string) string {
	if text == "" || strings.ContainsAny(text, "\n\r\t") {
		return s.lg.Render(text)
	}
	return s.open + text + s.close
}

// Lipgloss is the lipgloss style s was made from.
func (s Style) Lipgloss() lipgloss.Style { return s.lg }
