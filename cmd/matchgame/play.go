package main

import (
	"cmp"
	"io"
	"time"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// thinkingPause is how long the computer visibly thinks before it moves.
const thinkingPause = 700 * time.Millisecond

// runPlay starts the terminal game: the menu in language menu (matchgame
// alone, args nil) or a game at once (matchgame play …). Whatever can be
// refused is refused before the terminal is taken over, as a plain line.
func runPlay(args []string, menu string, stdin io.Reader, stdout io.Writer) error {
	opts := tui.Options{Menu: args == nil, Lang: menu, First: "me", Pause: thinkingPause} // explanations: each mode's own
	if variants.ReadsFile(args) && (!text.IsTerminal(stdin) || !text.IsTerminal(stdout)) {
		// A graph file of a million edges takes seconds and hundreds of MB
		// to read: no terminal is said first.
		return engine.Refuse("err.play.terminal")
	}
	if args != nil {
		cmd, err := parseCommand("play", args)
		if err != nil {
			return err
		}
		opts.Game, opts.Position, opts.Lang = cmd.cfg, cmd.pos, cmd.cat.Lang
		opts.Quiz, opts.Transcript = cmd.flags["quiz"] == "true", cmd.flags["transcript"]
		if err := playOptions(cmd.flags, &opts); err != nil {
			return err
		}
		if file, ok := cmd.flags["resume"]; ok {
			if opts, err = resumeOptions(file, cmd.flags, opts); err != nil {
				return err
			}
		}
		// The game itself refuses what it cannot play: drawn nowhere, it
		// says so here.
		if err := tui.Check(opts); err != nil {
			return err
		}
	}
	if err := tui.Drawable(stdin, stdout); err != nil {
		return err
	}
	return tui.Run(opts)
}

// resumeOptions continues the game saved in file (play --resume): the
// file says the game, the position and the settings it was played with;
// --lang, --theme, --pause and --transcript still apply, and flags that
// would change the game itself are refused.
func resumeOptions(file string, flags map[string]string, opts tui.Options) (tui.Options, error) {
	for _, f := range []string{"first", "level", "players", "seed", "explain", "quiz", "questions", "misere"} {
		if _, ok := flags[f]; ok {
			return opts, engine.Refuse("err.resume.flag", "--"+f)
		}
	}
	if _, ok := flags["lang"]; !ok {
		opts.Lang = "" // the saved game's
	}
	return tui.ResumeOptions(file, opts)
}

func playOptions(flags map[string]string, opts *tui.Options) error {
	if flags["players"] == "2" && flags["quiz"] == "true" {
		return engine.Refuse("err.players", "2")
	}
	opts.Level, _ = engine.ParseLevel(cmp.Or(flags["level"], "perfect"))
	opts.First = cmp.Or(flags["first"], opts.First)
	opts.Players = int(number(flags, "players", 0))
	opts.Seed = uint64(number(flags, "seed", 0))
	opts.Explain, opts.Theme, opts.Background = flags["explain"], flags["theme"], flags["background"]
	opts.Questions = int(number(flags, "questions", 0))
	if p, ok := flags["pause"]; ok {
		opts.Pause, _ = tui.ParsePause(p)
	}
	opts.Force = flags["force"] == "true"
	if opts.Transcript != "" {
		return desk.Check(opts.Transcript, opts.Force)
	}
	return nil
}
