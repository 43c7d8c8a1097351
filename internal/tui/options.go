package tui

import (
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Options start the terminal game. With Menu set (`matchgame` alone) the
// menu opens first; otherwise (`matchgame play …`) play starts at once.
type Options struct {
	Menu     bool
	Game     variants.Config
	Position engine.Position // nil: a random interesting position
	First    string          // "me" or "computer"
	Level    engine.Level
	Seed     uint64
	Lang     string // "en" or "zh"
	Explain  string // "off", "why" or "teach"
}
