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
	cat := assets.Messages(assets.LangFromEnv())
	var err error
	switch {
	case len(args) == 0:
		err = runPlay(nil, true, stdout)
	case args[0] == "--version" || args[0] == "version":
		fmt.Fprintln(stdout, version)
		return 0
	case args[0] == "--help" || args[0] == "-h" || args[0] == "help":
		if len(args) == 3 && args[1] == "--lang" || len(args) == 2 && strings.HasPrefix(args[1], "--lang=") {
			cat = assets.Messages(strings.TrimPrefix(args[len(args)-1], "--lang="))
		}
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
	case args[0] == "play":
		err = runPlay(args[1:], false, stdout)
	default:
		err = engine.Refusef("unknown command %q: use play, analyze or demo (see matchgame --help)", args[0])
	}
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "matchgame: "+err.Error())
	if errors.Is(err, engine.ErrRefused) {
		return 2
	}
	return 1
}
