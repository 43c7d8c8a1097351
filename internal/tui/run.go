package tui

import (
	"errors"
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Run plays the terminal game until the player quits. It needs a terminal
// on standard input and output. An error that wraps engine.ErrRefused
// means the game or position given in opts was refused before the screen
// opened. The terminal is restored on every exit, a panic included.
func Run(opts Options) (err error) {
	if os.Getenv("NO_COLOR") != "" {
		lipgloss.SetColorProfile(termenv.Ascii)
	}
	r, err := newRoot(opts)
	if err != nil {
		return err
	}
	p := tea.NewProgram(r, tea.WithAltScreen(), tea.WithMouseAllMotion())
	defer func() {
		if v := recover(); v != nil {
			p.Kill()
			_ = p.ReleaseTerminal()
			err = fmt.Errorf("tui: %v", v)
		}
	}()
	if _, err = p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}
