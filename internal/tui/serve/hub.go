package serve

import (
	"context"
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Game is a game as the screens describe it, its settings and start
// position typed: a hub hands it to every session as it was given and
// never reads it. Its String, the game as the command line writes it, is
// what the dashboard and the report show.
type Game = fmt.Stringer

// GameMove is a move as the game makes it: the rooms and the class hand it
// to every session as it was given and never read it.
type GameMove = any

// ErrTooSlow is why a subscriber's events stopped when it let its queue
// fill: its screen stopped taking them (a client that stopped reading).
var ErrTooSlow = errors.New("events came faster than the screen took them")

// How many events a subscriber may have waiting. Events come at a
// person's pace, so only a stalled screen fills its queue; a teacher's
// dashboard hears every student's answer, a burst when a class answers
// at once.
const (
	outboxSize        = 64
	teacherOutboxSize = 1024
)

// outbox is one subscriber's queue of events. A hub sends with its lock
// held and never waits: a subscriber that lets its queue fill is cut off
// (its channel closed, err set) instead of holding up everyone else.
type outbox[E any] struct {
	ch     chan E
	closed bool
	err    error // why it was closed; nil when its owner left
}

func newOutbox[E any](size int) *outbox[E] { return &outbox[E]{ch: make(chan E, size)} }

// send queues e, or cuts the subscriber off; it reports whether e was queued.
func (o *outbox[E]) send(e E) bool {
	if o.closed {
		return false
	}
	select {
	case o.ch <- e:
		return true
	default:
		o.close(ErrTooSlow)
		return false
	}
}

func (o *outbox[E]) close(err error) {
	if !o.closed {
		o.closed, o.err = true, err
		close(o.ch)
	}
}

// Listen is how a model follows a hub: a command that waits for the next
// event on events and delivers it as a message, or delivers closed once
// events is closed. The model issues it again after each event. It ends
// with no message when ctx (the Session's) ends, so no goroutine is left
// waiting.
func Listen[E any](ctx context.Context, events <-chan E, closed tea.Msg) tea.Cmd {
	return func() tea.Msg {
		select {
		case e, ok := <-events:
			if !ok {
				return closed
			}
			return e
		case <-ctx.Done():
			return nil
		}
	}
}
