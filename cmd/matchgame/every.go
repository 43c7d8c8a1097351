package main

import (
	"bytes"
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
)

// --every: the sum is played by the Every-SG rule (HDU 3595), each turn a
// move in every component that still has one.

// everySum is the sum --every plays, or a refusal.
func everySum(cmd *command) (*engine.Sum, error) {
	s, ok := cmd.game.(*engine.Sum)
	if !ok {
		return nil, engine.Refuse("err.every.sum")
	}
	return s, nil
}

// runEveryAnalyze prints the Every-SG analysis of cmd's position.
func runEveryAnalyze(cmd *command, stdout io.Writer) error {
	s, err := everySum(cmd)
	if err != nil {
		return err
	}
	a, err := engine.AnalyzeEvery(s, cmd.pos, cmd.conv)
	if err != nil {
		return err
	}
	if cmd.flags["json"] == "true" {
		_, err = stdout.Write(desk.EveryJSON(a, cmd.cat))
		return err
	}
	var b bytes.Buffer
	b.WriteString(desk.EveryHeader(a, cmd.cat) + "\n")
	desk.WriteEvery(&b, "", a, cmd.cat)
	_, err = text.ForTerminal(stdout).Write(b.Bytes())
	return err
}
