package tui

import (
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
func Run(opts Options) error {
	if os.Getenv("NO_COLOR") != "" {
		lipgloss.SetColorProfile(termenv.Ascii)
	}
	r, err := newRoot(opts)
	if err != nil {
		return err
	}
	return run(tea.NewProgram(r, tea.WithAltScreen(), tea.WithMouseAllMotion()))
}

// run runs p. Bubble Tea restores the terminal after a panic in Update,
// View or a command and reports it as tea.ErrProgramPanic; a panic that
// escapes it still restores the terminal here and becomes an error.
func run(p *tea.Program) (err error) {
	defer func() {
		if v := recover(); v != nil {
			p.Kill()
			_ = p.ReleaseTerminal()
			err = fmt.Errorf("tui: %v: %w", v, tea.ErrProgramPanic)
		}
	}()
	if _, err := p.Run(); err != nil {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}
