package main

import (
	"fmt"
	"io"
	"strings"

	"matchgame/assets"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve/store"
)

// help writes command name's --help in cat's language, with what it
// names beside its text: the games' own flags, the pages, the plans, the
// store's default file.
func help(stdout io.Writer, cat *assets.Catalog, name string) error {
	var text string
	switch name {
	case "analyze", "demo", "play", "picture":
		text = cat.T("cli.help."+name, desk.GameFlags(cat))
	case "learn":
		text = cat.T("cli.help.learn", strings.Join(learn.IDs(), ", "))
	case "lesson":
		text = cat.T("cli.help.lesson", strings.Join(learn.Builtins(), ", "), learn.DefaultSeconds)
	case "term":
		text = cat.T("cli.help.term", store.DefaultPlace())
	case "serve":
		text = cat.T("cli.help.serve") + "\n\n" + cat.T("cli.help.serve.store", store.DefaultPlace())
	default:
		text = cat.T("cli.help." + name)
	}
	_, err := fmt.Fprintln(stdout, text)
	return err
}

// helpAsked is the error of a command line that asks for the command's
// --help (as flag.ErrHelp): dispatch prints the help, in the language
// asked for, and the command ends with exit status 0.
type helpAsked struct{ cat *assets.Catalog }

func (helpAsked) Error() string { return "help asked for" }

// parsePlain reads the flags and the words of command name, and the
// language it speaks; helpAsked for --help. parseCommand reads a game
// from the words.
func parsePlain(name string, args []string) (*command, []string, error) {
	flags, rest, err := parseFlags(args, name)
	if err != nil {
		return nil, nil, err
	}
	lang, err := langFlag(flags)
	if err != nil {
		return nil, nil, err
	}
	cat := assets.Messages(lang)
	if flags["help"] == "true" {
		return nil, nil, helpAsked{cat}
	}
	return &command{name: name, flags: flags, cat: cat}, rest, nil
}
