package serve

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"sync"
	"time"
)

// Seat is a member's place in a room.
type Seat int

const (
	FirstPlayer  Seat = iota // the one who opened the room, or took that seat since
	SecondPlayer             // the one who joined
	Watcher                  // watches by the code, cannot play
)

func (s Seat) String() string {
	switch s {
	case FirstPlayer:
		return "first player"
	case SecondPlayer:
		return "second player"
	}
	return "watcher"
}

// Referee judges the moves of one room's game; the engine's Match fills
// this role. Play makes move for seat (a player's) or refuses it with an
// error a person can read: not their turn, an illegal move, the game is
// over. The registry calls it with its lock held, one move at a time.
type Referee interface {
	Play(seat Seat, move GameMove) error
}

// Rooms is the registry of two-player rooms. A student opens a room and
// gets a short code; a classmate joins with the code and they play, and
// others watch with it. The registry routes moves and events between the
// sessions; the room's Referee judges the moves. It is safe for concurrent
// use and never waits for a screen.
type Rooms struct {
	mu    sync.Mutex
	rooms map[string]*room
	// Wrong codes are slowed down (issue 19, item 8): a session waits
	// guessWait after each, an address may make guessBurst and then one
	// every guessEvery. With six-character codes, guessing a room takes
	// years.
	wrongAt map[context.Context]time.Time
	byAddr  *addrLimiter
}

const (
	guessWait  = 2 * time.Second
	guessBurst = 20 // a class behind one address mistyping codes at once
	guessEvery = time.Second
)

// remoteKey holds a session's remote address in its context, for the
// rooms to slow an address's wrong codes.
type remoteKey struct{}

// ErrTooFast refuses a code tried too soon after a wrong one.
var ErrTooFast = errors.New("wait a moment before trying another code")

// NewRooms makes an empty registry.
func NewRooms() *Rooms {
	return &Rooms{rooms: map[string]*room{}, wrongAt: map[context.Context]time.Time{}, byAddr: newAddrLimiter(guessEvery, guessBurst)}
}

// find is the room with code, or why not: a wrong code is counted against
// the session and its address. r.mu is held.
func (r *Rooms) find(ctx context.Context, code string) (*room, error) {
	if at, ok := r.wrongAt[ctx]; ok && time.Since(at) < guessWait {
		return nil, ErrTooFast
	}
	if rm := r.rooms[normalCode(code)]; rm != nil {
		return rm, nil
	}
	if _, seen := r.wrongAt[ctx]; !seen {
		context.AfterFunc(ctx, func() {
			r.mu.Lock()
			defer r.mu.Unlock()
			delete(r.wrongAt, ctx)
		})
	}
	r.wrongAt[ctx] = time.Now()
	if addr, ok := ctx.Value(remoteKey{}).(net.Addr); ok && !r.byAddr.allow(addr) {
		return nil, ErrTooFast
	}
	return nil, ErrNoRoom
}

type room struct {
	inviteOnly bool // a player closed the free seat (issue 19, item 8)
	code       string
	game       Game
	referee    Referee
	players    [2]*Member // nil for a free seat
	watchers   map[*Member]struct{}
	moves      []Move
	closed     bool
}

// Move is a move played in a room, numbered from 1.
type Move struct {
	Number int
	Seat   Seat
	Player string
	Move   GameMove
}

// RoomState is a room as a member entering it finds it; its events follow
// from there.
type RoomState struct {
	Code     string
	Game     Game      // with its start position
	Players  [2]string // names by seat; "" for a free seat
	Watchers int
	Moves    []Move
}

// RoomEvent is what a room tells its members. Listen delivers each as a
// message of its own type.
type RoomEvent interface{ roomEvent() }

// The events of a room. Every member hears Moved, the mover too: screens
// apply moves from the events alone, so all of them see the same game.
type (
	PlayerJoined struct {
		Seat Seat
		Name string
	}
	PlayerLeft struct {
		Seat Seat
		Name string
	}
	WatcherJoined struct{ Name string }
	WatcherLeft   struct{ Name string }
	Moved         struct{ Move Move }
	RoomClosed    struct{}
	// SeatClosed: a player closed the free seat (Closed) or opened it.
	SeatClosed struct {
		Closed bool
		By     string
	}
)

func (PlayerJoined) roomEvent()  {}
func (PlayerLeft) roomEvent()    {}
func (WatcherJoined) roomEvent() {}
func (WatcherLeft) roomEvent()   {}
func (Moved) roomEvent()         {}
func (SeatClosed) roomEvent()    {}
func (RoomClosed) roomEvent()    {}

// Errors of rooms that a screen shows or branches on.
var (
	ErrNoRoom     = errors.New("no room has that code")
	ErrRoomFull   = errors.New("both seats of that room are taken; you can watch it")
	ErrWatching   = errors.New("watchers cannot play")
	ErrAlone      = errors.New("the other seat is empty: wait for an opponent")
	ErrNotInRoom  = errors.New("not in the room any more")
	ErrRoomClosed = errors.New("the room closed: both players left")
	ErrInviteOnly = errors.New("the room is invite only: its players let nobody take a seat")
)

// codeLetters make room codes that are read out in class and typed: no 0
// or O, no 1, I or L.
const (
	codeLetters = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	// CodeLen: 31^6, some 900 million codes (31^4 were guessed within a
	// second by 300 tries).
	CodeLen = 6
)

// Member is one session's place in a room.
type Member struct {
	rooms *Rooms
	room  *room
	seat  Seat
	name  string
	out   *outbox[RoomEvent]
}

// Open opens a room for game (its start position included) judged by
// referee, with name in the first seat. The member leaves when ctx ends.
func (r *Rooms) Open(ctx context.Context, name string, game Game, referee Referee) (*Member, RoomState) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rm := &room{code: r.freeCode(), game: game, referee: referee, watchers: map[*Member]struct{}{}}
	r.rooms[rm.code] = rm
	return r.enter(ctx, rm, FirstPlayer, name), rm.state()
}

// Join takes a free player's seat in the room with code (a seat left
// free by a player who left can be taken again).
func (r *Rooms) Join(ctx context.Context, code, name string) (*Member, RoomState, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rm, err := r.find(ctx, code)
	switch {
	case err != nil:
		return nil, RoomState{}, err
	case rm.inviteOnly:
		return nil, RoomState{}, ErrInviteOnly
	case rm.players[FirstPlayer] == nil:
		return r.enter(ctx, rm, FirstPlayer, name), rm.state(), nil
	case rm.players[SecondPlayer] == nil:
		return r.enter(ctx, rm, SecondPlayer, name), rm.state(), nil
	}
	return nil, RoomState{}, ErrRoomFull
}

// Watch lets name follow the room with code.
func (r *Rooms) Watch(ctx context.Context, code, name string) (*Member, RoomState, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rm, err := r.find(ctx, code)
	if err != nil {
		return nil, RoomState{}, err
	}
	return r.enter(ctx, rm, Watcher, name), rm.state(), nil
}

// List is every room open now, by code: the teacher's dashboard shows
// them.
func (r *Rooms) List() []RoomState {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]RoomState, 0, len(r.rooms))
	for _, rm := range r.rooms {
		out = append(out, rm.state())
	}
	slices.SortFunc(out, func(a, b RoomState) int { return strings.Compare(a.Code, b.Code) })
	return out
}

func normalCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

func (r *Rooms) freeCode() string {
	for {
		b := make([]byte, CodeLen)
		for i := range b {
			b[i] = codeLetters[rand.IntN(len(codeLetters))]
		}
		if r.rooms[string(b)] == nil {
			return string(b)
		}
	}
}

// enter seats a new member; those already in the room hear of it.
func (r *Rooms) enter(ctx context.Context, rm *room, seat Seat, name string) *Member {
	m := &Member{rooms: r, room: rm, seat: seat, name: cleanName(name)}
	if seat == Watcher {
		r.broadcast(rm, WatcherJoined{m.name})
		rm.watchers[m] = struct{}{}
	} else {
		r.broadcast(rm, PlayerJoined{seat, m.name})
		rm.players[seat] = m
	}
	m.out = newOutbox[RoomEvent](outboxSize)
	context.AfterFunc(ctx, m.Leave)
	return m
}

func (rm *room) state() RoomState {
	st := RoomState{Code: rm.code, Game: rm.game, Watchers: len(rm.watchers), Moves: append([]Move(nil), rm.moves...)}
	for seat, p := range rm.players {
		if p != nil {
			st.Players[seat] = p.name
		}
	}
	return st
}

// Code is the room's code, to read out to a classmate.
func (m *Member) Code() string { return m.room.code }

// Seat is the member's seat.
func (m *Member) Seat() Seat { return m.seat }

// Events are the room's events for this member, until they leave, are
// cut off or the room closes; then the channel is closed and Err says why.
func (m *Member) Events() <-chan RoomEvent { return m.out.ch }

// Err is why Events was closed: nil when the member left, ErrTooSlow when
// their screen stopped taking events, ErrRoomClosed when both players left.
func (m *Member) Err() error {
	m.rooms.mu.Lock()
	defer m.rooms.mu.Unlock()
	return m.out.err
}

// Play asks the room's referee to make move for this player; once it
// does, every member hears Moved.
func (m *Member) Play(move GameMove) error {
	r, rm := m.rooms, m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case m.seat == Watcher:
		return ErrWatching
	case rm.players[m.seat] != m:
		return ErrNotInRoom
	case rm.players[1-m.seat] == nil:
		return ErrAlone
	}
	if err := rm.referee.Play(m.seat, move); err != nil {
		return err
	}
	mv := Move{Number: len(rm.moves) + 1, Seat: m.seat, Player: m.name, Move: move}
	rm.moves = append(rm.moves, mv)
	r.broadcast(rm, Moved{mv})
	return nil
}

// InviteOnly closes the room's free seat to anyone with the code (on), or
// opens it again; watching stays open. Only a player may; everyone hears
// SeatClosed.
func (m *Member) InviteOnly(on bool) error {
	r, rm := m.rooms, m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case m.seat == Watcher:
		return ErrWatching
	case rm.players[m.seat] != m:
		return ErrNotInRoom
	}
	rm.inviteOnly = on
	r.broadcast(rm, SeatClosed{on, m.name})
	return nil
}

// Leave takes the member out of the room; the others hear of it. The
// room closes when both players have left. Leaving twice does nothing.
func (m *Member) Leave() {
	r, rm := m.rooms, m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case m.seat == Watcher:
		if _, ok := rm.watchers[m]; !ok {
			return
		}
		delete(rm.watchers, m)
		m.out.close(nil)
		r.broadcast(rm, WatcherLeft{m.name})
	case rm.players[m.seat] == m:
		rm.players[m.seat] = nil
		m.out.close(nil)
		r.broadcast(rm, PlayerLeft{m.seat, m.name})
		r.closeIfEmpty(rm)
	}
}

// broadcast sends e to everyone in rm. A member cut off for being too
// slow has left, and the others hear that too.
func (r *Rooms) broadcast(rm *room, e RoomEvent) {
	lostPlayer := false
	for queue := []RoomEvent{e}; len(queue) > 0; queue = queue[1:] {
		e := queue[0]
		for seat, p := range rm.players {
			if p != nil && !p.out.send(e) {
				rm.players[seat], lostPlayer = nil, true
				queue = append(queue, PlayerLeft{Seat(seat), p.name})
			}
		}
		for w := range rm.watchers {
			if !w.out.send(e) {
				delete(rm.watchers, w)
				queue = append(queue, WatcherLeft{w.name})
			}
		}
	}
	if lostPlayer {
		r.closeIfEmpty(rm)
	}
}

// closeIfEmpty closes rm once both players have left: its watchers hear
// RoomClosed and its code is free again.
func (r *Rooms) closeIfEmpty(rm *room) {
	if rm.players != [2]*Member{} || rm.closed {
		return
	}
	rm.closed = true
	delete(r.rooms, rm.code)
	for w := range rm.watchers {
		w.out.send(RoomClosed{})
		w.out.close(ErrRoomClosed)
	}
}
