package tui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
)

// SignalError says the game ended on a signal: the terminal was restored
// and the handout written; the command exits with 128 + the signal's
// number.
type SignalError struct{ Signal syscall.Signal }

func (e SignalError) Error() string { return "stopped by " + e.Signal.String() }

// signalMsg asks the game to end because of a signal.
type signalMsg struct{ sig syscall.Signal }

// StopSignals end the game (the terminal is restored, the handout
// written) and every command, with exit status 128 + the signal's
// number. Caught, SIGQUIT dumps no goroutines and exits 131, not 2 (the
// status of refused input).
var StopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// grace is how long the game has to end after a signal before it is
// stopped from outside: a game stuck in a computation (a bug) must still
// give the terminal back.
const grace = 2 * time.Second

// Run plays the terminal game until the player quits. It needs a terminal
// on standard input and output, and opts.Transcript checked by
// CheckHandout. An error that wraps engine.ErrRefused means the game or
// position given in opts was refused before the screen opened. The terminal is restored on every exit: a quit, a
// panic, and SIGINT, SIGTERM, SIGHUP or SIGQUIT (then the error is a
// SignalError). A game that does not end within a grace period of a
// signal, or is signalled twice, is stuck: Run restores the terminal
// itself and exits the process with status 128 + the signal's number.
func Run(opts Options) error {
	if err := checkRun(opts); err != nil {
		return err
	}
	st := newStopper()
	defer st.stop()
	go st.watch()

	r := lipgloss.DefaultRenderer()
	if os.Getenv("NO_COLOR") != "" {
		r.SetColorProfile(termenv.Ascii)
	}
	if opts.Background != "" {
		r.SetHasDarkBackground(opts.Background == "dark")
	}
	model, err := New(opts, r)
	if err != nil {
		return err
	}
	kb, err := openKeyboard()
	if err != nil {
		return err
	}
	defer kb.release()
	p := tea.NewProgram(model, tea.WithAltScreen(), tea.WithMouseAllMotion(), tea.WithoutSignalHandler(), tea.WithInput(kb.pipe))
	if !st.start(p.Send) { // a signal came first: nothing was shown or played
		return SignalError{Signal: st.signal()}
	}
	go suspendOnStop(p, kb, true, st.quit)
	final, err := run(p)
	st.ended()
	defer desk.WaitWrites(2 * time.Second) // an autosave in flight finishes before the process ends
	return ended(final, err, st.signal())
}

// Drawable says whether the game can be drawn on in and out: nil, or the
// refusal (a dumb terminal, or none).
func Drawable(in io.Reader, out io.Writer) error {
	switch {
	case os.Getenv("TERM") == "dumb":
		return engine.Refuse("err.play.dumb")
	case !text.IsTerminal(in) || !text.IsTerminal(out):
		return engine.Refuse("err.play.terminal")
	}
	return nil
}

// Check refuses, with no terminal touched, what opts ask for that the
// game cannot play (a position too large to draw, one with no move), as
// Run would. A signal meanwhile (a big set's table takes seconds) ends
// the process at once.
func Check(opts Options) error {
	sigs := CatchSignals(false)
	defer sigs.Stop()
	_, err := New(opts, lipgloss.NewRenderer(io.Discard))
	return err
}

// checkRun refuses what opts ask for before the terminal is touched
// (even asked its colours): a position too large to draw.
func checkRun(opts Options) error {
	if len(opts.Position) > maxPlaces {
		return engine.Refuse("err.play.size", len(opts.Position), maxPlaces)
	}
	return nil
}

// ended is Run's error once the program has given the terminal back with
// final and err, sig the signal caught (0: none): the handout is written,
// and a signal (ctrl+c typed is SIGINT) is why it ended.
func ended(final tea.Model, err error, sig syscall.Signal) error {
	if rt, ok := final.(*root); ok && rt.interrupted && sig == 0 {
		sig = syscall.SIGINT // exits 130, as ctrl+c does in a shell
	}
	switch {
	case errors.Is(err, tea.ErrProgramPanic):
		return err
	case final == nil, err != nil && !errors.Is(err, tea.ErrProgramKilled) && sig == 0:
		return err
	}
	if werr := finish(final); werr != nil {
		return werr
	}
	if sig != 0 { // the input may have failed too (SIGHUP): the signal is why
		return SignalError{Signal: sig}
	}
	return err
}

// stopper turns a stop signal into the end of the game, and ends the
// process itself when the game does not end: the terminal is given back
// in the mode it had before Run, on the main screen, with the cursor shown
// and the mouse off.
type stopper struct {
	sigs   chan os.Signal
	caught atomic.Int32 // the first signal, 0 until one comes
	grace  time.Duration
	done   chan struct{} // closed when the program has given the terminal back
	quit   chan struct{} // closed when Run returns

	mu     sync.Mutex
	send   func(tea.Msg) // the running program's Send; nil before it starts
	closed bool

	restore func(screen bool) // gives the terminal back; screen: the program had it
	exit    func(code int)
}

func newStopper() *stopper {
	st := &stopper{sigs: make(chan os.Signal, 2), grace: grace, done: make(chan struct{}), quit: make(chan struct{}), exit: os.Exit}
	fd := os.Stdin.Fd()
	saved, err := term.GetState(fd)
	st.restore = func(screen bool) {
		if screen { // mouse off, bracketed paste off, cursor shown, main screen
			io.WriteString(os.Stdout, "\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?25h\x1b[?1049l")
		}
		if err == nil {
			_ = term.Restore(fd, saved)
		}
	}
	signal.Notify(st.sigs, StopSignals...)
	return st
}

// start records the Send of the program the next signal ends; false when
// a signal came before it: the process is being ended.
func (st *stopper) start(send func(tea.Msg)) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.closed {
		return false
	}
	st.send = send
	return true
}

// signal is the signal caught, 0 if none.
func (st *stopper) signal() syscall.Signal { return syscall.Signal(st.caught.Load()) }

// ended says the program has returned and restored the terminal.
func (st *stopper) ended() { close(st.done) }

// stop stops watching: signals have their usual effect again.
func (st *stopper) stop() {
	signal.Stop(st.sigs)
	close(st.quit)
}

// watch waits for a signal and asks the game to end; if it has not ended
// within the grace period or a second signal comes, it restores the
// terminal and exits.
func (st *stopper) watch() {
	var sig syscall.Signal
	select {
	case s := <-st.sigs:
		sig = s.(syscall.Signal)
	case <-st.quit:
		return
	}
	st.caught.Store(int32(sig))
	st.mu.Lock()
	send := st.send
	st.closed = send == nil
	st.mu.Unlock()
	if send == nil { // not started, and now never: only the mode to put back
		st.restore(false)
		st.exit(128 + int(sig))
		return
	}
	go send(signalMsg{sig: sig}) // blocks while the game is stuck
	timer := time.NewTimer(st.grace)
	defer timer.Stop()
	select {
	case <-st.done:
		return
	case <-st.sigs:
	case <-timer.C:
	}
	select {
	case <-st.done: // it ended meanwhile: Run finishes up
		return
	default:
	}
	st.restore(true)
	st.exit(128 + int(sig))
}

// suspendOnStop turns SIGTSTP (a shell's kill -TSTP, a supervisor's stop)
// into a suspension that gives the terminal back: released (main screen,
// cursor, mouse off), the process stopped (the shell's job table shows
// it), and on SIGCONT (fg) taken again, the mouse too where the program
// uses it. kb is nil where Bubble Tea reads the terminal itself. SIGCONT
// is listened for before the stop, so that none is missed, and SIGTSTP
// is caught again only once the program is back.
func suspendOnStop(p *tea.Program, kb *keyboard, mouse bool, quit <-chan struct{}) {
	tstp, cont := make(chan os.Signal, 1), make(chan os.Signal, 1)
	for {
		signal.Notify(tstp, syscall.SIGTSTP)
		select {
		case <-tstp:
		case <-quit:
			signal.Stop(tstp)
			return
		}
		signal.Stop(tstp)
		signal.Notify(cont, syscall.SIGCONT)
		if p.ReleaseTerminal() == nil {
			kb.release()
			// SIGSTOP, not SIGTSTP: once caught, Go never gives SIGTSTP its
			// default action back, and the kernel drops it in an orphaned
			// process group; SIGSTOP always stops.
			_ = syscall.Kill(os.Getpid(), syscall.SIGSTOP)
			select {
			case <-cont:
			case <-quit:
			}
			kb.take()
			_ = p.RestoreTerminal()
			if mouse {
				p.Send(tea.EnableMouseAllMotion()) // RestoreTerminal brings the screen back, not the mouse
			}
		}
		signal.Stop(cont)
		for len(cont) > 0 { // a SIGCONT that came twice
			<-cont
		}
	}
}

// finish writes the handout of the game on screen when the player quits,
// if Options.Transcript asks for one. A file someone else made there
// during the game is left alone, and the error names the file written.
func finish(final tea.Model) error {
	rt, ok := final.(*root)
	if !ok || rt.screen != screenPlay {
		return nil
	}
	asked := rt.play.opts.Transcript
	name, err := rt.play.handouts.writeFile(rt.play.markdown())
	switch {
	case err != nil:
		return fmt.Errorf("the handout %s: %w", name, err)
	case name != asked:
		return fmt.Errorf("the handout %s: %w: written to %s instead", asked, desk.ErrExists, name)
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
