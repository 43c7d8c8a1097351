package main

import (
	"io"

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
		if cmd.pos, err = readPosition(stdin, numberWord(cmd.game)); err != nil {
			return err
		}
	}
	a, err := engine.Analyze(cmd.game, cmd.pos, cmd.conv)
	if err != nil {
		return err
	}
	var out []byte
	if cmd.flags["json"] == "true" {
		out = appendJSON(make([]byte, 0, 24*len(a.Position)+4096), a, cmd.cat)
	} else {
		out = textAnalysis(a, cmd.cat)
	}
	_, err = stdout.Write(out)
	return err
}
