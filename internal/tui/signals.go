package tui

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// Signals watches for StopSignals while a command other than the game
// runs (the game watches for its own: Run).
type Signals struct {
	ch     chan os.Signal
	caught atomic.Int32  // the signal, 0 until one comes
	seen   atomic.Bool   // the command noticed it and is finishing
	came   chan struct{} // closed when one comes, for a command that waits
}

// CatchSignals starts watching. Without finish the process exits at once
// on a signal: there is nothing to finish (analyze). With finish the
// command polls Signal and ends itself; a second signal, or grace going
// by unnoticed (a command stuck in a write to a full pipe), exits at
// once.
func CatchSignals(finish bool) *Signals {
	s := &Signals{ch: make(chan os.Signal, 2), came: make(chan struct{})}
	signal.Notify(s.ch, StopSignals...)
	go func() {
		sig, ok := <-s.ch
		if !ok {
			return
		}
		n := int(sig.(syscall.Signal))
		if !finish {
			os.Exit(128 + n)
		}
		s.caught.Store(int32(n))
		close(s.came)
		select {
		case _, ok := <-s.ch:
			if ok {
				os.Exit(128 + n)
			}
		case <-time.After(grace):
			if !s.seen.Load() {
				os.Exit(128 + n)
			}
			if _, ok := <-s.ch; ok { // finishing: only a second signal stops it
				os.Exit(128 + n)
			}
		}
	}()
	return s
}

// Signal is the signal caught, 0 if none; asking counts as noticing it.
func (s *Signals) Signal() syscall.Signal {
	n := s.caught.Load()
	if n != 0 {
		s.seen.Store(true)
	}
	return syscall.Signal(n)
}

// Came is closed when a signal comes.
func (s *Signals) Came() <-chan struct{} { return s.came }

// Stop stops watching.
func (s *Signals) Stop() {
	signal.Stop(s.ch)
	close(s.ch)
}

// SignalName is how a person knows a signal: SIGINT is Ctrl-C.
func SignalName(sig syscall.Signal) string {
	names := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM", syscall.SIGHUP: "SIGHUP", syscall.SIGQUIT: "SIGQUIT"}
	if name, ok := names[sig]; ok {
		return name
	}
	return sig.String()
}
