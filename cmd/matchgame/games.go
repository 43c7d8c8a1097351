package main

import (
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// runGames prints what every game can do (SPEC §13): for people, or with
// --json for programs.
func runGames(args []string, stdout io.Writer) error {
	cmd, rest, err := parsePlain("games", args)
	switch {
	case err != nil:
		return err
	case len(rest) > 0:
		return engine.Refuse("err.args.extra", "games", rest[0])
	case cmd.flags["json"] == "true":
		return desk.GamesJSON(stdout, variants.Capabilities(), cmd.cat)
	}
	return desk.Games(text.ForTerminal(stdout), variants.Capabilities(), cmd.cat, text.Columns(stdout))
}
