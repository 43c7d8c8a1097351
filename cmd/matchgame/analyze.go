package main

import (
	"io"
	"runtime/debug"

	"matchgame/internal/engine"
)

func runAnalyze(args []string, stdin io.Reader, stdout io.Writer) error {
	cmd, err := parseCommand("analyze", args, map[string]bool{"json": true})
	if err != nil {
		return err
	}
	if cmd.help {
		_, err := io.WriteString(stdout, cmd.cat.T("cli.help.analyze")+"\n")
		return err
	}
	if cmd.pos == nil {
		// A huge position is a few large arrays and little garbage: a
		// collection while it is read and solved only costs time (a third
		// of it for 500,000 heaps). A soft memory limit still bounds it.
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
		if cmd.pos, err = readPosition(stdin, cmd.game.Board().Number); err != nil {
			return err
		}
	}
	a, err := engine.Analyze(cmd.game, cmd.pos, cmd.conv)
	if err != nil {
		return err
	}
	if cmd.flags["json"] == "true" {
		out := jsonAnalysis(a, cmd.cat)
		_, err = out.WriteTo(stdout)
	} else {
		_, err = stdout.Write(textAnalysis(a, cmd.cat))
	}
	return err
}
