package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// A saved game is input from outside (issue 27): what matchgame would
// never write is refused at load, before anything of it is used, in one
// line that names the file and the field. Its moves are read one at a
// time and no more than a game keeps (engine.MaxHistory); the moves
// themselves are checked by playing them.

// errTooLong: a saved game holds more moves than a game keeps.
var errTooLong = errors.New("more moves than a game keeps")

// bounded is a JSON list read one element at a time, refused past
// engine.MaxHistory elements: a file of a million moves is not decoded
// whole first.
type bounded[T any] []T

func (l *bounded[T]) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok == nil { // null: no moves
		*l = nil
		return err
	} else if d, ok := tok.(json.Delim); !ok || d != '[' {
		return &json.UnmarshalTypeError{Value: "not a list", Type: nil}
	}
	*l = (*l)[:0]
	for dec.More() {
		if len(*l) == engine.MaxHistory {
			return errTooLong
		}
		var v T
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*l = append(*l, v)
	}
	_, err := dec.Token()
	return err
}

// check refuses what a save of matchgame never holds: a level, side,
// count of players, explanation mode or language it has none of, a
// computer's move with no reason it gives, a parameter that names a file.
func (s savedGame) check(name string) error {
	field := func(key string, v any) error {
		return engine.Refuse("err.resume.field", name, strconv.Quote(key)+": "+jsonValue(v))
	}
	switch {
	case s.Level < engine.Perfect || s.Level > engine.Casual:
		return field("level", int(s.Level))
	case s.You != engine.First && s.You != engine.Second:
		return field("you", int(s.You))
	case s.Players < 0 || s.Players > 2:
		return field("players", s.Players)
	case !slices.Contains(explainModes, s.Explain):
		return field("explain", s.Explain)
	case !slices.Contains(assets.Langs, s.Lang):
		return field("lang", s.Lang)
	}
	for i, t := range s.Moves {
		if t.Kind < engine.Winning || t.Kind > engine.Mistake {
			return engine.Refuse("err.resume.field.move", name, i+1, `"kind": `+jsonValue(int(t.Kind)))
		}
	}
	if param, value, ok := variants.NamedFile(s.Game); ok {
		return engine.Refuse("err.resume.file", name, param, value)
	}
	return nil
}

// jsonValue writes v as JSON writes it, a long string cut short: what the
// file says, quoted and escaped.
func jsonValue(v any) string {
	if str, ok := v.(string); ok && len([]rune(str)) > 40 {
		v = string([]rune(str)[:40]) + "…"
	}
	b, _ := json.Marshal(v) // a number or a string
	return string(b)
}
