package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

func runAnalyze(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd, err := parseCommand("analyze", args)
	if err != nil {
		return err
	}
	limit := int64(variants.DefaultMaxInput)
	if s, ok := cmd.flags["max-input"]; ok {
		if limit, err = variants.ParseSize(s); err != nil {
			return err
		}
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
		if _, words := cmd.game.(engine.Reader); words {
			if cmd.pos, err = readWords(stdin, cmd.game, limit); err != nil {
				return err
			}
		} else if cmd.pos, err = variants.ReadPosition(stdin, cmd.game.Board().Number, limit); err != nil {
			return err
		}
	}
	return desk.Analyze(stdout, cmd.game, cmd.pos, cmd.conv, cmd.flags["every"] == "true", cmd.flags["json"] == "true", cmd.cat)
}

// readWords reads a position a game writes in words of its own ("1,2
// 3,4"), at most limit bytes.
func readWords(stdin io.Reader, g engine.Game, limit int64) (engine.Position, error) {
	data, err := io.ReadAll(io.LimitReader(stdin, limit+1))
	switch {
	case err != nil:
		return nil, engine.Fail("err.input.read", engine.Cause(err))
	case int64(len(data)) > limit:
		return nil, engine.Refuse("err.input.size", limit)
	}
	fields := strings.Fields(string(data))
	if len(fields) == 0 {
		return nil, engine.Refuse("err.position.none")
	}
	return variants.ParseFor(g, fields)
}
