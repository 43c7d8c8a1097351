package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// runAnalyze says who wins the position given, or read from standard
// input, how and why: text, or JSON with --json.
func runAnalyze(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd, err := parseCommand("analyze", args)
	if err != nil {
		return err
	}
	limit := int64(variants.DefaultMaxInput)
	if s, ok := cmd.flags["max-input"]; ok {
		limit, _ = variants.ParseSize(s) // checked as read
	}
	// Nothing to finish on a signal: a huge stream or position stops at once.
	defer tui.CatchSignals(false).Stop()
	if cmd.pos == nil {
		if text.IsTerminal(stdin) {
			fmt.Fprintln(stderr, text.Prefix+cmd.cat.T("cli.stdin.terminal"))
		}
		if size, ok := variants.RegularSize(stdin); ok && size <= variants.DirectMax {
			// A position read directly is a few large arrays and little
			// garbage, within a bound of the file's size: a collection
			// while it is read and solved only costs time.
			defer debug.SetGCPercent(debug.SetGCPercent(-1))
		}
		if cmd.pos, err = variants.ReadFor(stdin, cmd.game, limit); err != nil {
			return err
		}
	}
	return desk.Analyze(stdout, cmd.game, cmd.pos, cmd.conv, cmd.flags["every"] == "true", cmd.flags["json"] == "true", cmd.cat)
}
