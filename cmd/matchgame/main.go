// Command matchgame plays the classic take-away games (取火柴: Nim and its
// family) against a perfect computer, and analyses and demonstrates them.
//
//	matchgame                                  the game menu
//	matchgame play GAME [flags] [POSITION…]    play at once
//	matchgame analyze GAME [flags] [POSITION…] who wins, how and why
//	matchgame demo GAME [flags] [POSITION…]    a whole game of perfect play
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
)

const version = "matchgame 0.1.0"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command; it returns the exit status: 0 done, 2 refused
// input or usage, 1 anything else.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cat := assets.Messages(langOf(args))
	var err error
	switch {
	case len(args) == 0 || len(args) <= 2 && strings.HasPrefix(args[0], "--lang"):
		err = runPlay(nil, cat.Lang, stdout) // the menu, in the language asked for
	case args[0] == "--version" || args[0] == "version":
		fmt.Fprintln(stdout, version)
		return 0
	case args[0] == "help" && len(args) > 1: // help analyze = analyze --help
		return run([]string{args[1], "--help"}, stdin, stdout, stderr)
	case args[0] == "--help" || args[0] == "-h" || args[0] == "help":
		fmt.Fprintln(stdout, cat.T("cli.usage"))
		return 0
	case args[0] == "analyze":
		err = runAnalyze(args[1:], stdin, stdout)
	case args[0] == "demo":
		err = runDemo(args[1:], stdout)
	case args[0] == "presets":
		for _, p := range assets.Presets() {
			fmt.Fprintf(stdout, "%-20s %s\n", p.Name, p.Title[cat.Lang])
		}
		return 0
	case args[0] == "serve":
		err = runServe(args[1:], stdout)
	case args[0] == "play":
		err = runPlay(args[1:], "", stdout)
	default:
		err = engine.Refuse("err.command.unknown", args[0])
	}
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "matchgame: "+engine.Message(err, cat))
	if errors.Is(err, engine.ErrRefused) {
		return 2
	}
	return 1
}

// langOf is the language the command line asks for with --lang, else the
// locale's: errors and help speak it before the flags are parsed.
func langOf(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if a == "--lang" && i+1 < len(args) {
			a = "--lang=" + args[i+1]
		}
		if l, ok := strings.CutPrefix(a, "--lang="); ok && (l == "en" || l == "zh") {
			return l
		}
	}
	return assets.LangFromEnv()
}
