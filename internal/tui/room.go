package tui

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/serve"
	"matchgame/internal/variants"
)

// A room: two classmates play each other over SSH, and others watch by the
// room's code. The room's referee (the engine's match, shared through the
// registry) judges every move; each screen keeps its own match and applies
// the moves the room announces, so all of them see the same game.

// roomMode is a session's seat in a room: a game against a classmate,
// or one watched.
type roomMode struct {
	base
	member  *serve.Member
	ctx     context.Context
	names   [2]string // the players by side, "" for a free seat
	watcher bool
	closed  bool // the free seat is closed: invite only
}

// key: c closes the free seat (or opens it), the rest as in a game.
func (r *roomMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	if !key.Matches(msg, m.keys.Lock) {
		return m.gameKey(msg)
	}
	if err := r.member.InviteOnly(!r.closed); err != nil {
		m.note, m.noteBad = roomError(err, m.cat), true
	}
	return m, nil // the room tells everyone, this screen too
}

func (r *roomMode) enable(m play, k *KeyMap) {
	setEnabled(m.match.Over() && len(m.teller().mistakes()) > 0, &k.Review)
	setEnabled(!r.watcher, &k.Lock)
	if r.closed {
		k.Lock.SetHelp("c", m.cat.T("ui.key.unlock"))
	}
}

func (r *roomMode) turn(m play) string {
	over, t := m.match.Over(), m.teller()
	switch {
	case !r.watcher && r.names[m.you.Other()] == "" && !over:
		return "… " + m.cat.T("ui.room.waiting") // no move until a classmate joins
	case m.match.Drawn():
		return drawnWords(m.cat, m.st)
	case !over && (m.match.ToMove() != m.you || r.watcher):
		return "… " + m.cat.T("ui.room.turn", t.sideName(m.match.ToMove()))
	case over && (m.match.Winner() != m.you || r.watcher):
		return m.st.Bad.Render("✗ " + m.cat.T("ui.turn.won", t.sideName(m.match.Winner())))
	}
	return ""
}

func (r *roomMode) choosing() bool         { return !r.watcher }
func (r *roomMode) moved(engine.Turn) mode { return r }
func (r *roomMode) again() mode            { return r }
func (*roomMode) resumable() bool          { return false }

// seat: a classmate, and the person too when watching, is a player by
// name.
func (r *roomMode) seat(s, you engine.Side) (string, string) {
	if s != you || r.watcher {
		return "player", r.names[s]
	}
	return "", ""
}

// roomClosedMsg ends a room's events for this session.
type roomClosedMsg struct{}

// listen waits for the room's next event.
func (r *roomMode) listen() tea.Cmd {
	return serve.Listen(r.ctx, r.member.Events(), roomClosedMsg{})
}

// confirm sends the person's move to the room: the referee judges it,
// and it is made on the board when the room announces it.
func (r *roomMode) confirm(m play, mv engine.Move) (play, tea.Cmd) {
	if err := r.member.Play(mv); err != nil {
		m.note, m.noteBad = m.cat.T("ui.refused", roomError(err, m.cat)), true
		m.sel.typed = ""
		return m, nil
	}
	m.note, m.noteBad = "", false
	return m, nil
}

// event takes what the room says: a move to make on the board, a player
// or watcher coming or going, the room closing.
func (r *roomMode) event(m play, msg tea.Msg) (play, tea.Cmd, bool) {
	switch e := msg.(type) {
	case serve.SeatClosed:
		r.closed = e.Closed
		say := "ui.room.opened"
		if e.Closed {
			say = "ui.room.invite"
		}
		m.note, m.noteBad = m.cat.T(say, e.By), false
		m.syncKeys()
	case serve.Moved:
		m = r.made(m, e)
	case serve.PlayerJoined:
		r.names[e.Seat] = e.Name
		m.note, m.noteBad = m.cat.T("ui.room.joined", e.Name), false
	case serve.PlayerLeft:
		r.names[e.Seat] = ""
		m.note, m.noteBad = m.cat.T("ui.room.left", e.Name), true
	case serve.WatcherJoined:
		m.note, m.noteBad = m.cat.T("ui.room.watcher", e.Name), false
	case serve.RoomClosed, roomClosedMsg:
		m.note, m.noteBad = m.cat.T("ui.room.closed"), true
		return m, nil, true
	default:
		return m, nil, false
	}
	return m, r.listen(), true
}

// made makes the move the room announced on the board.
func (r *roomMode) made(m play, e serve.Moved) play {
	mv, ok := moveOf(e.Move.Move)
	if !ok {
		return m
	}
	turn, err := m.match.Play(mv, false, 0)
	if err != nil { // the referee took it: this screen is out of step
		m.note, m.noteBad = engine.Message(err, m.cat), true
		return m
	}
	t := m.teller()
	m.hint = 0
	m.note, m.noteBad, m.lesson = t.moved(turn), false, ""
	if turn.Side == m.you && !r.watcher {
		m.lesson = t.lessonOf(turn)
	}
	m.settle()
	return m
}

// roomError says a refusal of the room in cat's language.
func roomError(err error, cat *assets.Catalog) string {
	keys := map[error]string{serve.ErrNoRoom: "ui.room.nocode", serve.ErrRoomFull: "ui.room.full",
		serve.ErrWatching: "ui.room.watching", serve.ErrAlone: "ui.room.alone", serve.ErrNotInRoom: "ui.room.gone",
		serve.ErrRoomClosed: "ui.room.closed", serve.ErrInviteOnly: "ui.room.inviteonly", serve.ErrTooFast: "ui.room.toofast"}
	for e, k := range keys {
		if errors.Is(err, e) {
			return cat.T(k)
		}
	}
	return engine.Message(err, cat)
}

// roomMsg asks the root to open, join or watch a room.
type roomMsg struct {
	action string // "open", "join" or "watch"
	code   string
	opts   Options
}

// openRoom starts a room for the game opts name, from the position given
// or a random one, with the person in the first seat.
func openRoom(opts Options, cat *assets.Catalog, st *Styles, rooms *serve.Rooms, s *serve.Session) (play, error) {
	g, conv, err := variants.Lookup(opts.Game)
	if err != nil {
		return play{}, err
	}
	start := opts.Position
	if start == nil {
		start = drawStart(g, conv, engine.First, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7)))
	}
	judge, err := newMatch(g, conv, start, false)
	if err != nil {
		return play{}, err
	}
	member, state := rooms.Open(s.Context(), s.User, gameSpec{game: g, conv: conv, start: judge.Position(), explain: opts.Explain}, &referee{match: judge})
	return roomPlay(opts, cat, st, member, state, s.Context(), engine.First, false)
}

// enterRoom joins (or watches) the room with code.
func enterRoom(opts Options, cat *assets.Catalog, st *Styles, rooms *serve.Rooms, s *serve.Session, code string, watch bool) (play, error) {
	enter := rooms.Join
	if watch {
		enter = rooms.Watch
	}
	member, state, err := enter(s.Context(), code, s.User)
	if err != nil {
		return play{}, err
	}
	return roomPlay(opts, cat, st, member, state, s.Context(), engine.Second, watch)
}

// roomPlay is the game screen of a room: its match from the room's start
// with the moves made so far, the person on side you (or watching).
func roomPlay(opts Options, cat *assets.Catalog, st *Styles, member *serve.Member, state serve.RoomState, ctx context.Context, you engine.Side, watch bool) (play, error) {
	spec, err := specOf(state.Game)
	if err != nil {
		return play{}, err
	}
	o := opts
	o.Game, o.Position, o.Explain, o.Quiz = configOf(spec.game, spec.conv), spec.start, spec.explain, false
	m, err := newPlayOf(spec.game, spec.conv, o, cat, st)
	if err != nil {
		member.Leave()
		return play{}, err
	}
	m.you = you
	r := &roomMode{member: member, ctx: ctx, names: state.Players, watcher: watch}
	m.mode = r
	for _, mv := range state.Moves {
		if move, ok := moveOf(mv.Move); ok {
			m.match.Play(move, false, 0)
		}
	}
	m.thinking, m.startCmd = false, r.listen()
	switch {
	case watch && r.names[1] == "":
		m.note = m.cat.T("ui.room.watch.waiting", member.Code(), r.names[0])
	case watch:
		m.note = m.cat.T("ui.room.watch", member.Code(), r.names[0], r.names[1])
	case you == engine.Second:
		m.note = m.cat.T("ui.room.entered", member.Code(), r.names[0])
	default:
		m.note = m.cat.T("ui.room.code", member.Code())
	}
	m.settle()
	return m, nil
}
