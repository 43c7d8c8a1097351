package tui

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// Issue 9, the terminal game's side: what a hostile or unlucky person
// does to it at the int64 extremes, to its files and with signals. Each
// test names the defect it would catch if it came back.

// inTime runs f and fails if it panics or has not returned after d: a
// hang fails at the deadline instead of holding up the whole run.
func inTime(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		finished := false
		defer func() {
			p := recover()
			if !finished && p == nil {
				p = errFailed
			}
			done <- p
		}()
		f()
		finished = true
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case p := <-done:
		switch {
		case p == errFailed: // f failed the test and stopped
			t.FailNow()
		case p != nil:
			t.Fatalf("%s panics: %v", what, p)
		}
	case <-timer.C:
		t.Fatalf("%s has not finished after %v: a hang", what, d)
	}
}

// errFailed stands for f having called t.FailNow (or runtime.Goexit).
var errFailed = errors.New("failed")

// hangBound is how long a screen may take at the extremes: milliseconds
// are normal; the defects took 10^18 steps.
const hangBound = 10 * time.Second

// Defect 8: the terminal game refuses more places than it plays with, in
// Run before the terminal is touched (here there is none: a Run that went
// on would fail differently), and in the model for the menu's sake.
func TestTooManyPlacesRefused(t *testing.T) {
	big := make(engine.Position, maxPlaces+1)
	for i := range big {
		big[i] = 1
	}
	o := games[0].options(false, "me")
	o.Position = big
	err := Run(o)
	if !errors.Is(err, engine.ErrRefused) || !strings.Contains(engine.Message(err, assets.Messages("en")), "100,001 numbers") {
		t.Errorf("Run with %d heaps: %v", len(big), err)
	}
	if _, err := newPlay(o, assets.Messages("en"), testStyles); !errors.Is(err, engine.ErrRefused) {
		t.Errorf("the game with %d heaps: %v", len(big), err)
	}
	o.Position = big[:maxPlaces]
	inTime(t, hangBound, "100,000 heaps", func() {
		if _, err := newPlay(o, assets.Messages("en"), testStyles); err != nil {
			t.Errorf("the game with %d heaps: %v", maxPlaces, err)
		}
	})
}

// Defect 7 and defect 1's second half (a stuck game ignored q, SIGTERM
// and SIGINT, and SIGKILL left the terminal raw): a signal asks the game
// to end; a game that has not ended within the grace period, or gets a
// second signal, is stopped from outside with the terminal given back and
// status 128 + n; before the game starts there is nothing to wait for.
func TestStopper(t *testing.T) {
	type result struct {
		screen bool
		code   int
	}
	newTest := func(grace time.Duration) (*stopper, chan result) {
		res := make(chan result, 1)
		var screen bool
		st := &stopper{sigs: make(chan os.Signal, 2), grace: grace, done: make(chan struct{}), quit: make(chan struct{}),
			restore: func(s bool) { screen = s },
			exit:    func(code int) { res <- result{screen, code} }}
		go st.watch()
		return st, res
	}
	wait := func(res chan result, what string) result {
		t.Helper()
		timer := time.NewTimer(hangBound)
		defer timer.Stop()
		select {
		case r := <-res:
			return r
		case <-timer.C:
			t.Fatalf("%s: the process was not ended", what)
		}
		return result{}
	}
	stuck := func(tea.Msg) { select {} } // a game stuck in Update never takes the message

	// Before the game starts.
	st, res := newTest(time.Hour)
	st.sigs <- syscall.SIGTERM
	if r := wait(res, "a signal before the game"); r != (result{false, 143}) {
		t.Errorf("a signal before the game: %+v, want the mode restored and 143", r)
	}
	if st.start(stuck) {
		t.Error("the game starts after the process was ended")
	}

	// A game that ends: it is asked, and the process is left to Run.
	st, res = newTest(time.Hour)
	asked := make(chan tea.Msg, 1)
	st.start(func(m tea.Msg) { asked <- m })
	st.sigs <- syscall.SIGHUP
	if m := <-asked; m != (signalMsg{sig: syscall.SIGHUP}) {
		t.Errorf("the game is asked with %v", m)
	}
	st.ended()
	st.stop()
	select {
	case r := <-res:
		t.Errorf("a game that ended was stopped from outside: %+v", r)
	default:
	}
	if st.signal() != syscall.SIGHUP {
		t.Errorf("the signal caught: %v", st.signal())
	}

	// A stuck game: the grace period goes by.
	st, res = newTest(10 * time.Millisecond)
	st.start(stuck)
	st.sigs <- syscall.SIGINT
	if r := wait(res, "a stuck game"); r != (result{true, 130}) {
		t.Errorf("a stuck game: %+v, want the screen restored and 130", r)
	}

	// A stuck game signalled twice: no waiting.
	st, res = newTest(time.Hour)
	st.start(stuck)
	st.sigs <- syscall.SIGQUIT
	st.sigs <- syscall.SIGTERM
	if r := wait(res, "a second signal"); r != (result{true, 131}) {
		t.Errorf("a second signal: %+v, want the screen restored and 131 (the first signal)", r)
	}
}
