package tui

import (
	"strconv"
	"time"

	"matchgame/internal/engine"
	"matchgame/internal/tui/learn"
	"matchgame/internal/variants"
)

// Options start the terminal game. With Menu set (`matchgame` alone) the
// menu opens first; otherwise (`matchgame play …`) play starts at once.
type Options struct {
	Menu bool
	// Tree, when set, opens the game tree to explore (matchgame tree on a
	// terminal) instead of a game; Game then says only the convention.
	Tree     *engine.GameDAG
	Game     variants.Config
	Position engine.Position // nil: a random position worth playing
	First    string          // "me" or "computer"
	// Players is 2 for two people at one keyboard, the engine refereeing
	// (First and Level then do not apply); else one against the computer.
	Players int
	Level   engine.Level
	Seed    uint64 // 0: a new seed from the clock
	Lang    string // "en" or "zh"
	Explain string // "off", "why" or "teach"
	Theme   string // a theme's name; "" for the default
	// Background is the terminal's, "dark" or "light", for a terminal that
	// does not say (a projector's, tmux); "" asks the terminal.
	Background string
	// Quiz asks "find the winning move" on N-positions instead of playing
	// a game, Questions of them (0: 10); Position, if given, is the first.
	Quiz      bool
	Questions int
	// Transcript, when set, is the file the game is written to as a
	// Markdown handout when it ends and when the player quits.
	Transcript string
	// Force lets Transcript replace an existing file.
	Force bool
	// Remote: the game runs for an SSH session: it writes no file on the
	// server (a handout is shown for copying), and offers rooms.
	Remote bool
	// Pause is how long the computer visibly thinks before it moves (and
	// the demo's pace starts from it); 0 in tests.
	Pause time.Duration
	// Learn opens the learn screen on this page ("list": the list of
	// pages) instead of a game: matchgame learn on a terminal.
	Learn string
	// Lesson runs this lesson plan on one screen: matchgame lesson.
	Lesson *learn.Plan
	// resume is the saved game to continue (ResumeOptions reads it).
	resume *savedGame
}

// explainModes are the explanation settings, in the order e goes through.
var explainModes = []string{"off", "why", "teach"}

// defaultExplain is the explanations a mode starts with when none is
// asked for: a quiz shows the working with the answer, not before it.
func defaultExplain(quiz bool) string {
	if quiz {
		return "off"
	}
	return "why"
}

// defaultQuestions is a quiz's length when Questions is 0.
const defaultQuestions = 10

// pairs reports whether two people play at one keyboard: each side's move
// is chosen by keys, and the computer only referees.
func (o Options) pairs() bool { return o.Players == 2 }

// ParsePause reads --pause: a duration (0.7s, 500ms) or a number of
// seconds (0.2), from 0 to a minute.
func ParsePause(s string) (time.Duration, bool) {
	d, err := time.ParseDuration(s)
	if err != nil {
		secs, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || !(secs >= 0 && secs <= 60) { // NaN and Inf fail too
			return 0, false
		}
		d = time.Duration(secs * float64(time.Second))
	}
	return d, d >= 0 && d <= time.Minute
}
