package variants

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"matchgame/internal/engine"
)

// ParseNumber reads one number of a position or flag: a whole number from
// 0 to 9223372036854775807. Its error names the value and what it was for:
// what is a catalogue key such as "what.heap".
func ParseNumber(s, what string) (int64, error) {
	if s == "" {
		return 0, engine.Refuse("err.number.empty", engine.T(what))
	}
	v, err := strconv.ParseInt(s, 10, 64)
	quoted := s
	if len(quoted) > 40 { // a one-line error, whatever was pasted, never half a character
		cut := 40
		for cut > 0 && !utf8.RuneStart(quoted[cut]) {
			cut--
		}
		quoted = quoted[:cut] + "…"
	}
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(s, "-"):
		return 0, engine.Refuse("err.number.negative", engine.T(what), quoted)
	case errors.Is(err, strconv.ErrRange):
		return 0, engine.Refuse("err.number.big", engine.T(what), quoted)
	case err != nil:
		return 0, engine.Refuse("err.number.nan", engine.T(what), quoted)
	case v < 0:
		return 0, engine.Refuse("err.number.negative", engine.T(what), quoted)
	}
	return v, nil
}

// ParsePosition reads a position's numbers; what names them ("what.heap").
func ParsePosition(fields []string, what string) (engine.Position, error) {
	p := make(engine.Position, len(fields))
	for i, f := range fields {
		v, err := ParseNumber(f, what)
		if err != nil {
			return nil, err
		}
		p[i] = v
	}
	return p, nil
}

// ParseFor reads the words of a position of g: by the game's own Reader
// where it has one ("1,2 3,4"), else as numbers named by its board.
func ParseFor(g engine.Game, fields []string) (engine.Position, error) {
	if r, ok := g.(engine.Reader); ok {
		return r.Read(fields)
	}
	return ParsePosition(fields, g.Board().Number)
}
