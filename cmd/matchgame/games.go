package main

import (
	"io"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// runGames prints what every game can do (SPEC §13): for people, or with
// --json for programs.
func runGames(args []string, stdout io.Writer) error {
	flags, rest, err := parseFlags(args, "games")
	if err != nil {
		return err
	}
	lang, err := langFlag(flags)
	if err != nil {
		return err
	}
	cat := assets.Messages(lang)
	switch {
	case flags["help"] == "true":
		_, err := io.WriteString(stdout, cat.T("cli.help.games")+"\n")
		return err
	case len(rest) > 0:
		return engine.Refuse("err.args.extra", "games", rest[0])
	case flags["json"] == "true":
		return desk.GamesJSON(stdout, variants.Capabilities(), cat)
	}
	return desk.Games(text.ForTerminal(stdout), variants.Capabilities(), cat)
}
