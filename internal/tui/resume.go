package tui

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Saving and resuming (issue 18): the handout s (or --transcript) writes
// keeps the game itself, in an HTML comment a Markdown viewer does not
// show; play --resume reads it back and replays it move by move through
// the engine, so a file changed by hand is refused at its first illegal
// move, never played from a position the game cannot reach.

// saveMark opens the saved game in a handout; "\n-->" closes it (JSON
// writes > as \u003e, so the game cannot close the comment early).
const saveMark = "<!-- matchgame save\n"

// saveVersion is the saved game's format; a later one is refused, and
// version 1 (a move's old fields: Where, Amount, Left, Mid, More) is
// read and converted.
const saveVersion = 2

// maxSave bounds what --resume reads: a handout of 60,000 moves is some
// 40 MiB.
const maxSave = 64 << 20

// savedGame is a game as the handout keeps it: enough to continue it
// exactly, the moves taken back included (U makes them again).
type savedGame struct {
	Version int                `json:"version"`
	Game    variants.Config    `json:"game"`
	Start   engine.Position    `json:"start"`
	Moves   bounded[savedTurn] `json:"moves"`  // played, then taken back
	Played  int                `json:"played"` // how many of Moves are played
	You     engine.Side        `json:"you"`
	Level   engine.Level       `json:"level"`
	Seed    uint64             `json:"seed"`
	Explain string             `json:"explain"`
	Players int                `json:"players,omitempty"`
	Lang    string             `json:"lang"`
}

// savedTurn is a move and who made it why: the move's component of a sum
// and its changes, place by place.
type savedTurn struct {
	Part    int             `json:"part,omitempty"`
	Changes []engine.Change `json:"changes"`
	Auto    bool            `json:"auto,omitempty"`
	Kind    engine.Kind     `json:"kind,omitempty"`
}

// move is the engine's move t keeps; false when its changes are not a
// move's (none, more than a move has, or an empty one among them).
func (t savedTurn) move() (engine.Move, bool) {
	if len(t.Changes) > engine.MaxChanges {
		return engine.Move{}, false
	}
	m := engine.MoveOf(t.Changes...).In(t.Part)
	return m, m.Whole() && m.Len() == len(t.Changes)
}

// turnV1 is a turn as version 1 wrote it: the move's fields of then, the
// further places of a move at several written "3:2,5:1".
type turnV1 struct {
	Part, Where       int
	Amount, Left, Mid int64
	More              string
	Auto              bool        `json:"auto"`
	Kind              engine.Kind `json:"kind"`
}

// turn is t in today's form; false when More is not as version 1 wrote it.
func (t turnV1) turn() (savedTurn, bool) {
	s := savedTurn{Part: t.Part, Auto: t.Auto, Kind: t.Kind,
		Changes: []engine.Change{{Place: t.Where, Amount: t.Amount, Pieces: [2]int64{t.Left, t.Mid}}}}
	if t.More == "" {
		return s, true
	}
	for _, f := range strings.Split(t.More, ",") {
		w, a, ok := strings.Cut(f, ":")
		place, err1 := strconv.Atoi(w)
		amount, err2 := strconv.ParseInt(a, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			return savedTurn{}, false
		}
		s.Changes = append(s.Changes, engine.Change{Place: place, Amount: amount})
	}
	return s, true
}

// saveBlock is match as the handout keeps it, to resume: the person
// on side you, with opts' settings and the explanations explain, in
// language lang. The game is written by its own parameters where the
// options name a file (a graph's --file): resuming reads no file the
// save names.
func saveBlock(match *engine.Match, opts Options, you engine.Side, explain, lang string) string {
	game := variants.SelfContained(opts.Game, match.Game, match.Conv)
	s := savedGame{Version: saveVersion, Game: game, Start: match.Start, Played: len(match.Turns()), You: you,
		Level: opts.Level, Seed: opts.Seed, Explain: explain, Players: opts.Players, Lang: lang}
	for _, t := range append(match.Turns(), match.TakenBack()...) {
		s.Moves = append(s.Moves, savedTurn{Part: t.Move.Part, Changes: t.Move.List(), Auto: t.Auto, Kind: t.Kind})
	}
	b, err := json.Marshal(s)
	if err != nil { // plain data: not expected
		return ""
	}
	return "\n" + saveMark + string(b) + "\n-->\n"
}

// ResumeOptions reads the game saved in file and returns the options that
// continue it; flags keeps what the command line says (--lang, --pause,
// --transcript), which wins over the file.
func ResumeOptions(file string, flags Options) (Options, error) {
	name := file
	f, err := os.Open(file)
	if err != nil {
		return Options{}, engine.Refuse("err.resume.read", name, engine.Cause(err))
	}
	defer f.Close()
	text, err := readAtMost(f, maxSave)
	if err != nil {
		return Options{}, engine.Refuse("err.resume.read", name, engine.Cause(err))
	}
	at := bytes.LastIndex(text, []byte(saveMark)) // bytes, not a string: no copy of a large file
	end := bytes.Index(text[max(at, 0):], []byte("\n-->"))
	if at < 0 || end < 0 {
		return Options{}, engine.Refuse("err.resume.none", name)
	}
	s, err := readSave(text[at+len(saveMark) : at+end])
	if errors.Is(err, errTooLong) {
		return Options{}, engine.Refuse("err.resume.long", name, engine.MaxHistory)
	}
	if err != nil {
		return Options{}, engine.Refuse("err.resume.bad", name, err.Error())
	}
	if s.Version != saveVersion {
		return Options{}, engine.Refuse("err.resume.version", name, s.Version, saveVersion)
	}
	if err := s.check(name); err != nil {
		return Options{}, err
	}
	o := flags
	o.Game, o.Position, o.Level, o.Seed, o.Explain, o.Players = s.Game, s.Start, s.Level, s.Seed, s.Explain, s.Players
	o.First, o.Lang = "me", cmp.Or(flags.Lang, s.Lang)
	if s.You == engine.Second {
		o.First = "computer"
	}
	o.resume = &s
	if _, _, err := variants.Lookup(s.Game); err != nil {
		return Options{}, err
	}
	if _, err := replay(o, name, true); err != nil { // checked move by move, nothing kept: the game replays it again
		return Options{}, err
	}
	return o, nil
}

// readAtMost reads f whole, at most limit bytes, into one buffer of its
// size: a large save is not copied as it grows.
func readAtMost(f *os.File, limit int64) ([]byte, error) {
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		b := make([]byte, min(st.Size(), limit))
		n, err := io.ReadFull(f, b)
		if errors.Is(err, io.ErrUnexpectedEOF) { // shorter than it was: what there is
			err = nil
		}
		return b[:n], err
	}
	return io.ReadAll(io.LimitReader(f, limit))
}

// resumed replays a saved game's moves on a new match, from file name:
// the last ones taken back again.
func resumed(o Options, name string) (*engine.Match, error) { return replay(o, name, false) }

// replay replays a saved game's moves; forget keeps none of them, only
// checks them (the match's memory then grows with the position alone).
func replay(o Options, name string, forget bool) (*engine.Match, error) {
	g, conv, err := variants.Lookup(o.Game)
	if err != nil {
		return nil, err
	}
	s := o.resume
	m, err := newMatch(g, conv, s.Start, false)
	if err != nil {
		return nil, err
	}
	m.Forget = forget
	if s.Played < 0 || s.Played > len(s.Moves) {
		return nil, engine.Refuse("err.resume.played", name, s.Played, len(s.Moves))
	}
	for i, t := range s.Moves {
		mv, ok := t.move()
		if !ok {
			return nil, engine.Refuse("err.resume.move", name, i+1, engine.T("err.resume.illegal"))
		}
		if _, err := m.Play(mv, t.Auto, t.Kind); err != nil {
			why := engine.T("err.resume.illegal")
			if r := (*engine.Refusal)(nil); errors.As(err, &r) {
				why = r.Text
			}
			return nil, engine.Refuse("err.resume.move", name, i+1, why)
		}
	}
	m.TakeBack(s.Played)
	return m, nil
}

// readSave reads a saved game's JSON, a version 1 game converted.
func readSave(b []byte) (savedGame, error) {
	var s savedGame
	var v struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(b, &v); err != nil || v.Version != 1 {
		return s, cmp.Or(err, json.Unmarshal(b, &s))
	}
	var old struct {
		savedGame
		Moves bounded[turnV1] `json:"moves"`
	}
	if err := json.Unmarshal(b, &old); err != nil {
		return s, err
	}
	s, s.Version, s.Moves = old.savedGame, saveVersion, nil
	for i, t := range old.Moves {
		turn, ok := t.turn()
		if !ok {
			return s, fmt.Errorf("move %d: %q is not a move's further places", i+1, t.More)
		}
		s.Moves = append(s.Moves, turn)
	}
	return s, nil
}
