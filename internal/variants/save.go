package variants

import (
	"maps"

	"matchgame/internal/engine"
)

// A saved game is read back from a file anyone may have changed: it names
// its game by a Config, and a parameter that names a file (a graph's
// --file) would have resume read whatever file it says, a FIFO that never
// ends or a file the person never meant to show. So a save holds the
// game's own parameters instead (SelfContained), and a save that names a
// file is refused (NamedFile).

// NamedFile is the first parameter of cfg (or of a part of it) whose
// value names a file, with that value; false when none does.
func NamedFile(cfg Config) (param, value string, ok bool) {
	for _, part := range cfg.Parts {
		if param, value, ok := NamedFile(part); ok {
			return param, value, true
		}
	}
	spec, _, found := Find(cfg.Name)
	if !found {
		return "", "", false
	}
	for _, p := range spec.Params {
		if v, given := cfg.Params[p.Name]; given && p.File && v != "" {
			return p.Name, v, true
		}
	}
	return "", "", false
}

// SelfContained is cfg as a save keeps it: where a parameter names a
// file, the game g built from it is written by its own parameters (a
// graph's edges), so that resuming reads no file.
func SelfContained(cfg Config, g engine.Game, c engine.Convention) Config {
	if _, _, ok := NamedFile(cfg); !ok {
		return cfg
	}
	if sum, ok := g.(*engine.Sum); ok {
		return SumConfig(sum, c)
	}
	own := Config{Name: g.Name(), Misere: cfg.Misere, Params: map[string]string{}}
	for _, p := range g.Params() {
		own.Params[p.Name] = p.String()
	}
	maps.DeleteFunc(own.Params, func(_, v string) bool { return v == "" })
	return own
}
