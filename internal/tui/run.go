package tui

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// SignalError says the game ended on a signal: the terminal was restored
// and the handout written; the command exits with 128 + the signal's
// number.
type SignalError struct{ Signal syscall.Signal }

func (e SignalError) Error() string { return "stopped by " + e.Signal.String() }

// signalMsg asks the game to end because of a signal.
type signalMsg struct{ sig syscall.Signal }

// Run plays the terminal game until the player quits. It needs a terminal
// on standard input and output. An error that wraps engine.ErrRefused
// means the game or position given in opts was refused before the screen
// opened. The terminal is restored on every exit: a quit, a panic, and
// SIGINT, SIGTERM, SIGHUP or SIGQUIT (then the error is a SignalError).
func Run(opts Options) error {
	r := lipgloss.DefaultRenderer()
	if os.Getenv("NO_COLOR") != "" {
		r.SetColorProfile(termenv.Ascii)
	}
	model, err := New(opts, r)
	if err != nil {
		return err
	}
	p := tea.NewProgram(model, tea.WithAltScreen(), tea.WithMouseAllMotion(), tea.WithoutSignalHandler())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	var caught atomic.Int32
	go func() {
		s, ok := <-sigs
		if !ok {
			return
		}
		caught.Store(int32(s.(syscall.Signal)))
		p.Send(signalMsg{sig: s.(syscall.Signal)})
		if _, ok := <-sigs; ok { // a second one: the game did not end, so stop it
			p.Kill()
		}
	}()
	final, err := run(p)
	switch {
	case errors.Is(err, tea.ErrProgramPanic):
		return err
	case err != nil && !errors.Is(err, tea.ErrProgramKilled), final == nil:
		return err
	}
	if werr := finish(final); werr != nil {
		return werr
	}
	if s := caught.Load(); s != 0 {
		return SignalError{Signal: syscall.Signal(s)}
	}
	return err
}

// finish writes the handout of the game on screen when the player quits,
// if Options.Transcript asks for one.
func finish(final tea.Model) error {
	rt, ok := final.(*root)
	if !ok || rt.screen != screenPlay {
		return nil
	}
	if err := rt.play.writeTranscript(); err != nil {
		return fmt.Errorf("the handout %s: %w", rt.play.opts.Transcript, err)
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
			final, err = nil, fmt.Errorf("%v: %w", v, tea.ErrProgramPanic)
		}
	}()
	return p.Run()
}
