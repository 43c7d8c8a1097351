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
	// Quiz asks "find the winning move" on random N-positions instead of
	// playing a game; Position is ignored.
	Quiz bool
	// Transcript, when set, is the file the game is written to as a
	// Markdown handout when it ends and when the player quits.
	Transcript string
}
