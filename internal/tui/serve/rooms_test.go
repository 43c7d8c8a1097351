package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// turns is a referee that only knows whose turn it is, as the engine's
// Match will: the first player moves first, and "illegal" is refused.
type turns struct{ next Seat }

var errNotYourTurn = errors.New("not your turn")

func (r *turns) Play(seat Seat, move GameMove) error {
	switch {
	case seat != r.next:
		return errNotYourTurn
	case move == "illegal":
		return errors.New("illegal move")
	}
	r.next = 1 - r.next
	return nil
}

func TestRoomGame(t *testing.T) {
	t.Parallel()
	rooms := NewRooms()
	host, st := rooms.Open(t.Context(), "alice", written("nim 3 4 5"), &turns{})
	code := host.Code()
	if len(code) != CodeLen || strings.Trim(code, codeLetters) != "" || st.Code != code {
		t.Fatalf("room code %q", code)
	}
	if err := host.Play("take 1 from heap 1"); !errors.Is(err, ErrAlone) {
		t.Errorf("playing alone: %v", err)
	}
	guesser, cancel := context.WithCancel(t.Context())
	defer cancel()
	if _, _, err := rooms.Join(guesser, "ZZZZZZ", "x"); !errors.Is(err, ErrNoRoom) {
		t.Errorf("a wrong code: %v", err)
	}
	// Issue 19, item 8: a wrong code makes the session wait, even for the
	// right one.
	if _, _, err := rooms.Join(guesser, code, "x"); !errors.Is(err, ErrTooFast) {
		t.Errorf("a code right after a wrong one: %v", err)
	}
	guest, st, err := rooms.Join(t.Context(), " "+strings.ToLower(code)+"\n", "bob")
	if err != nil {
		t.Fatal(err)
	}
	if guest.Seat() != SecondPlayer || st.Players != [2]string{"alice", "bob"} || st.Game != written("nim 3 4 5") {
		t.Errorf("joined as %v into %+v", guest.Seat(), st)
	}
	if _, _, err := rooms.Join(t.Context(), code, "carol"); !errors.Is(err, ErrRoomFull) {
		t.Errorf("a third player: %v", err)
	}
	expect[RoomEvent](t, host.Events(), PlayerJoined{SecondPlayer, "bob"})
	roomMoves(t, rooms, code, host, guest)
}

// roomMoves: the room's referee judges each move in turn, a watcher
// finds the moves so far and cannot play, and every member hears each
// move.
func roomMoves(t *testing.T, rooms *Rooms, code string, host, guest *Member) {
	t.Helper()
	if err := guest.Play("take 1 from heap 1"); !errors.Is(err, errNotYourTurn) {
		t.Errorf("out of turn: %v", err)
	}
	if err := host.Play("illegal"); err == nil || err.Error() != "illegal move" {
		t.Errorf("the referee's refusal is passed on: %v", err)
	}
	if err := host.Play("take 3 from heap 1"); err != nil {
		t.Fatal(err)
	}
	watcher, st, err := rooms.Watch(t.Context(), code, "dave")
	if err != nil {
		t.Fatal(err)
	}
	first := Move{1, FirstPlayer, "alice", "take 3 from heap 1"}
	if !reflect.DeepEqual(st.Moves, []Move{first}) || st.Watchers != 1 {
		t.Errorf("the watcher found %+v", st)
	}
	if err := watcher.Play("take 1 from heap 2"); !errors.Is(err, ErrWatching) {
		t.Errorf("a watcher playing: %v", err)
	}
	if err := guest.Play("take 1 from heap 2"); err != nil {
		t.Fatal(err)
	}
	second := Move{2, SecondPlayer, "bob", "take 1 from heap 2"}
	expect[RoomEvent](t, host.Events(), Moved{first}, WatcherJoined{"dave"}, Moved{second})
	expect[RoomEvent](t, guest.Events(), Moved{first}, WatcherJoined{"dave"}, Moved{second})
	expect[RoomEvent](t, watcher.Events(), Moved{second})
}

func TestRoomLeaving(t *testing.T) {
	t.Parallel()
	rooms := NewRooms()
	host, _ := rooms.Open(t.Context(), "alice", written("nim 1"), &turns{})
	ctx, hangup := context.WithCancel(t.Context())
	guest, _, _ := rooms.Join(ctx, host.Code(), "bob")
	watcher, _, _ := rooms.Watch(t.Context(), host.Code(), "dave")
	expect[RoomEvent](t, host.Events(), PlayerJoined{SecondPlayer, "bob"}, WatcherJoined{"dave"})

	hangup() // bob's connection drops
	expect[RoomEvent](t, host.Events(), PlayerLeft{SecondPlayer, "bob"})
	expect[RoomEvent](t, watcher.Events(), PlayerLeft{SecondPlayer, "bob"})
	closedWith(t, guest.Events())
	if err := guest.Play("x"); !errors.Is(err, ErrNotInRoom) {
		t.Errorf("playing after leaving: %v", err)
	}
	// He comes back with the code and takes his seat again.
	back, _, err := rooms.Join(t.Context(), host.Code(), "bob")
	if err != nil || back.Seat() != SecondPlayer {
		t.Fatalf("back: %v, %v", back, err)
	}
	expect[RoomEvent](t, host.Events(), PlayerJoined{SecondPlayer, "bob"})

	host.Leave()
	host.Leave() // twice does nothing
	back.Leave()
	expect[RoomEvent](t, watcher.Events(), PlayerJoined{SecondPlayer, "bob"}, PlayerLeft{FirstPlayer, "alice"}, PlayerLeft{SecondPlayer, "bob"}, RoomClosed{})
	closedWith(t, watcher.Events())
	if !errors.Is(watcher.Err(), ErrRoomClosed) {
		t.Errorf("the watcher's Err = %v, want ErrRoomClosed", watcher.Err())
	}
	if _, _, err := rooms.Watch(t.Context(), host.Code(), "eve"); !errors.Is(err, ErrNoRoom) {
		t.Errorf("a closed room's code: %v", err)
	}
}

// A watcher whose screen takes no events is cut off; the game goes on.
func TestRoomSlowWatcher(t *testing.T) {
	t.Parallel()
	rooms := NewRooms()
	host, _ := rooms.Open(t.Context(), "a", written("nim 999"), &turns{})
	guest, _, _ := rooms.Join(t.Context(), host.Code(), "b")
	stuck, _, _ := rooms.Watch(t.Context(), host.Code(), "stuck")
	expect[RoomEvent](t, host.Events(), PlayerJoined{SecondPlayer, "b"}, WatcherJoined{"stuck"})
	expect[RoomEvent](t, guest.Events(), WatcherJoined{"stuck"})
	players := []*Member{host, guest}
	for i := range 2 * outboxSize {
		if err := players[i%2].Play(fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
		for _, p := range players {
			if got := next(t, p.Events()); got != (Moved{Move{i + 1, Seat(i % 2), players[i%2].name, fmt.Sprint(i)}}) {
				t.Fatalf("move %d: a player got %#v", i, got)
			}
			if i == outboxSize { // the watcher's queue was full
				expect[RoomEvent](t, p.Events(), WatcherLeft{"stuck"})
			}
		}
	}
	closedWith(t, stuck.Events())
	if !errors.Is(stuck.Err(), ErrTooSlow) {
		t.Errorf("Err = %v, want ErrTooSlow", stuck.Err())
	}
}

// Rooms opened, joined, played and left at once, for the race detector.
func TestRoomsConcurrent(t *testing.T) {
	t.Parallel()
	rooms := NewRooms()
	hosts := make([]*Member, 50)
	var wg sync.WaitGroup
	for i := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hosts[i], _ = rooms.Open(t.Context(), "h", written("nim 5"), &turns{})
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, h := range hosts {
		if seen[h.Code()] {
			t.Errorf("code %s given to two open rooms", h.Code())
		}
		seen[h.Code()] = true
	}
	for _, host := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			guest, _, err := rooms.Join(t.Context(), host.Code(), "g")
			if err != nil {
				t.Error(err)
				return
			}
			watcher, _, _ := rooms.Watch(t.Context(), host.Code(), "w")
			_ = host.Play("m")
			_ = guest.Play("m")
			watcher.Leave()
			guest.Leave()
			host.Leave()
		}()
	}
	wg.Wait()
	if n := len(rooms.rooms); n != 0 {
		t.Errorf("%d rooms left open", n)
	}
}

// Issue 19, item 8: an address guessing codes is slowed to one a second
// after a burst, whichever of its sessions guesses.
func TestRoomCodeGuessing(t *testing.T) {
	t.Parallel()
	rooms := NewRooms()
	rooms.Open(t.Context(), "alice", written("nim 3 4 5"), &turns{})
	addr := &net.TCPAddr{IP: net.IPv4(10, 0, 0, 7), Port: 1}
	tooFast := 0
	for i := range 300 { // 300 sessions behind one address, one guess each
		ctx, cancel := context.WithCancel(context.WithValue(t.Context(), remoteKey{}, addr))
		if _, _, err := rooms.Join(ctx, fmt.Sprintf("Z%05d", i), "x"); errors.Is(err, ErrTooFast) {
			tooFast++
		}
		cancel()
	}
	if tooFast < 300-guessBurst-5 {
		t.Errorf("%d of 300 guesses from one address were slowed down", tooFast)
	}
}

// Issue 19, item 8: a player may close the free seat; the code then lets
// nobody in to play (watching stays open) until a player opens it again.
func TestRoomInviteOnly(t *testing.T) {
	t.Parallel()
	rooms := NewRooms()
	host, _ := rooms.Open(t.Context(), "alice", written("nim 3 4 5"), &turns{})
	if err := host.InviteOnly(true); err != nil {
		t.Fatal(err)
	}
	if e := next(t, host.Events()); e != (SeatClosed{true, "alice"}) {
		t.Errorf("the host heard %#v", e)
	}
	if _, _, err := rooms.Join(t.Context(), host.Code(), "mallory"); !errors.Is(err, ErrInviteOnly) {
		t.Errorf("joining a closed room: %v", err)
	}
	watcher, _, err := rooms.Watch(t.Context(), host.Code(), "dave")
	if err != nil {
		t.Fatalf("watching a closed room: %v", err)
	}
	if err := watcher.InviteOnly(false); !errors.Is(err, ErrWatching) {
		t.Errorf("a watcher opened the seat: %v", err)
	}
	host.InviteOnly(false)
	if _, _, err := rooms.Join(t.Context(), host.Code(), "bob"); err != nil {
		t.Errorf("joining after the seat was opened: %v", err)
	}
}
