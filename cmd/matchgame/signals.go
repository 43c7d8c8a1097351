package main

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"matchgame/internal/tui"
)

// grace is how long a command that finishes its work on a signal (demo
// writing its handout) has to notice it; one stuck in a write to a full
// pipe is ended after it.
const grace = 2 * time.Second

// signals watches for tui.StopSignals while a command runs.
type signals struct {
	ch     chan os.Signal
	caught atomic.Int32  // the signal, 0 until one comes
	seen   atomic.Bool   // the command noticed it and is finishing
	came   chan struct{} // closed when one comes, for a command that waits
}

// catchSignals starts watching. Without finish the process exits at once
// on a signal: there is nothing to finish (analyze). With finish the
// command polls caught and ends itself; a second signal, or grace going by
// unnoticed, exits at once.
func catchSignals(finish bool) *signals {
	s := &signals{ch: make(chan os.Signal, 2), came: make(chan struct{})}
	signal.Notify(s.ch, tui.StopSignals...)
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

// signal is the signal caught, 0 if none; asking counts as noticing it.
func (s *signals) signal() syscall.Signal {
	n := s.caught.Load()
	if n != 0 {
		s.seen.Store(true)
	}
	return syscall.Signal(n)
}

// stop stops watching.
func (s *signals) stop() {
	signal.Stop(s.ch)
	close(s.ch)
}
