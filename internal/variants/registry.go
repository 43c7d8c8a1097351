package variants

import (
	"strings"

	"matchgame/internal/engine"
)

// Config is a game as chosen on the command line or in the menu.
type Config struct {
	Name   string // a name or alias: "nim", "anti-nim", "fibonacci" …
	Misere bool   // --misere
	Max    *int64 // bash's --max, nil when not given
	Set    string // a subtraction game's --set, "" when not given
}

// Names are the games' command-line names, in menu order.
var Names = []string{"nim", "bash", "wythoff", "subtraction", "staircase", "georgia-bob"}

// Aliases map another name to a game and what it implies.
var Aliases = map[string]string{"anti-nim": "nim", "fibonacci": "subtraction"}

// Lookup builds the game and convention cfg names, refusing unknown games
// and flags the game does not take.
func Lookup(cfg Config) (engine.Game, engine.Convention, error) {
	conv := engine.Normal
	if cfg.Misere || cfg.Name == "anti-nim" {
		conv = engine.Misere
	}
	name := cfg.Name
	if real, ok := Aliases[name]; ok {
		name = real
	}
	if cfg.Max != nil && name != "bash" {
		return nil, 0, engine.Refuse("err.max.stray", cfg.Name)
	}
	if cfg.Set != "" && name != "subtraction" {
		return nil, 0, engine.Refuse("err.set.stray", cfg.Name)
	}
	switch name {
	case "nim":
		return Nim{}, conv, nil
	case "bash":
		if cfg.Max == nil {
			return nil, 0, engine.Refuse("err.max.missing")
		}
		g, err := NewBash(*cfg.Max)
		return g, conv, err
	case "wythoff":
		return Wythoff{}, conv, nil
	case "subtraction":
		set := cfg.Set
		if cfg.Name == "fibonacci" && set != "" && !strings.EqualFold(strings.TrimSpace(set), "fib") {
			return nil, 0, engine.Refuse("err.fibonacci.set", set)
		}
		if set == "" {
			set = "fib"
		}
		g, err := NewSubtraction(set)
		return g, conv, err
	case "staircase":
		return Staircase{}, conv, nil
	case "georgia-bob":
		return GeorgiaBob{}, conv, nil
	}
	return nil, 0, engine.Refuse("err.game.unknown", cfg.Name)
}
