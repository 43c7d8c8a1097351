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
	final, err := run(tea.NewProgram(r, tea.WithAltScreen(), tea.WithMouseAllMotion()))
	if err != nil {
		return err
	}
	return finish(final, opts.Transcript)
}

// finish writes the handout of the game on screen when the player quits,
// if Options.Transcript asks for one.
func finish(final tea.Model, path string) error {
	r, ok := final.(root)
	if path == "" || !ok || r.screen != screenPlay {
		return nil
	}
	if err := r.play.writeTranscript(path); err != nil {
		return fmt.Errorf("tui: transcript: %w", err)
	}
	return nil
}

// run runs p. Bubble Tea restores the terminal after a panic in Update,
// View or a command and reports it as tea.ErrProgramPanic; a panic that
// escapes it still restores the terminal here and becomes an error.
func run(p *tea.Program) (final tea.Model, err error) {
	defer func() {
		if v := recover(); v != nil {
			p.Kill()
			_ = p.ReleaseTerminal()
			err = fmt.Errorf("tui: %v: %w", v, tea.ErrProgramPanic)
		}
	}()
	final, err = p.Run()
	if err != nil {
		return nil, fmt.Errorf("tui: %w", err)
	}
	return final, nil
}
