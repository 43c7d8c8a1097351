package variants

import (
	"io"
	"strings"

	"matchgame/internal/engine"
)

// The command line's words for the games, beyond a Config: a game's
// name as the games spell it, a position read from standard input.

// Canonical is a game's name as the games spell it ("NIM" is nim), so
// that messages name it so; an unknown name stays as typed, for the
// refusal.
func Canonical(name string) string {
	spec, alias, ok := Find(name)
	switch {
	case !ok:
		return name
	case alias != nil:
		return alias.Name
	}
	return spec.Name
}

// ReadFor reads g's position from r, at most limit bytes: numbers as
// ReadPosition reads them, or the words of a game that writes its
// positions in words of its own ("1,2 3,4": an engine.Reader).
func ReadFor(r io.Reader, g engine.Game, limit int64) (engine.Position, error) {
	if _, words := g.(engine.Reader); !words {
		return ReadPosition(r, g.Board().Number, limit)
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return nil, engine.Fail("err.input.read", engine.Cause(err))
	case int64(len(data)) > limit:
		return nil, engine.Refuse("err.input.size", limit)
	}
	fields := strings.Fields(string(data))
	if len(fields) == 0 {
		return nil, engine.Refuse("err.position.none")
	}
	return ParseFor(g, fields)
}
