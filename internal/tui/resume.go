package tui

import (
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"os"
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

// saveVersion is the saved game's format; a later one is refused.
const saveVersion = 1

// maxSave bounds what --resume reads: a handout of 60,000 moves is some
// 40 MiB.
const maxSave = 64 << 20

// savedGame is a game as the handout keeps it: enough to continue it
// exactly, the moves taken back included (U makes them again).
type savedGame struct {
	Version int             `json:"version"`
	Game    variants.Config `json:"game"`
	Start   engine.Position `json:"start"`
	Moves   []savedTurn     `json:"moves"`  // played, then taken back
	Played  int             `json:"played"` // how many of Moves are played
	You     engine.Side     `json:"you"`
	Level   engine.Level    `json:"level"`
	Seed    uint64          `json:"seed"`
	Explain string          `json:"explain"`
	Players int             `json:"players,omitempty"`
	Lang    string          `json:"lang"`
}

// savedTurn is a move and who made it why.
type savedTurn struct {
	engine.Move
	Auto bool        `json:"auto,omitempty"`
	Kind engine.Kind `json:"kind,omitempty"`
}

// saveBlock is the game on screen as the handout keeps it; "" in a quiz
// and over SSH, where there is nothing to resume.
func (m play) saveBlock() string {
	if m.quiz() != nil || m.opts.Remote || m.room() != nil {
		return ""
	}
	s := savedGame{Version: saveVersion, Game: m.opts.Game, Start: m.match.Start, Played: m.match.Played(), You: m.you,
		Level: m.opts.Level, Seed: m.opts.Seed, Explain: m.explain, Players: m.opts.Players, Lang: m.cat.Lang}
	for _, t := range append(m.match.Turns(), m.match.TakenBack()...) {
		s.Moves = append(s.Moves, savedTurn{t.Move, t.Auto, t.Kind})
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
		return Options{}, engine.Refuse("err.resume.read", name, reason(err))
	}
	defer f.Close()
	text, err := io.ReadAll(io.LimitReader(f, maxSave))
	if err != nil {
		return Options{}, engine.Refuse("err.resume.read", name, reason(err))
	}
	at := strings.LastIndex(string(text), saveMark)
	end := strings.Index(string(text[max(at, 0):]), "\n-->")
	if at < 0 || end < 0 {
		return Options{}, engine.Refuse("err.resume.none", name)
	}
	var s savedGame
	if err := json.Unmarshal(text[at+len(saveMark):at+end], &s); err != nil {
		return Options{}, engine.Refuse("err.resume.bad", name, err.Error())
	}
	if s.Version != saveVersion {
		return Options{}, engine.Refuse("err.resume.version", name, s.Version, saveVersion)
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
	if _, err := resumed(o, name); err != nil {
		return Options{}, err
	}
	return o, nil
}

// resumed replays a saved game's moves on a new match, from file name:
// the last ones taken back again.
func resumed(o Options, name string) (*engine.Match, error) {
	g, conv, err := variants.Lookup(o.Game)
	if err != nil {
		return nil, err
	}
	s := o.resume
	m, err := newMatch(g, conv, s.Start, false)
	if err != nil {
		return nil, err
	}
	if s.Played < 0 || s.Played > len(s.Moves) {
		return nil, engine.Refuse("err.resume.played", name, s.Played, len(s.Moves))
	}
	for i, t := range s.Moves {
		if _, err := m.Play(t.Move, t.Auto, t.Kind); err != nil {
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
