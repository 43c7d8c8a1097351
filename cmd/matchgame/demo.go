package main

import (
	"fmt"
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
)

// runDemo prints a whole game of perfect play: at every position the
// analysis, then the move made (the canonical winning move, or from a lost
// position the stubborn move), until no move is left or --limit moves.
// --transcript also writes the game as a Markdown handout. Without it the
// demo keeps nothing as it goes: memory stays the same however long it
// runs. On a signal it stops, writes the handout of the moves so far, and
// exits with 128 + the signal's number.
func runDemo(args []string, stdout, stderr io.Writer) error {
	cmd, err := parseCommand("demo", args)
	if err != nil {
		return err
	}
	if cmd.pos == nil {
		return engine.Refuse("err.demo.position")
	}
	d := desk.Demo{Out: stdout, Cat: cmd.cat, Limit: number(cmd.flags, "limit", 100), JSON: cmd.flags["json"] == "true",
		Handout: cmd.flags["transcript"], Force: cmd.flags["force"] == "true"}
	if _, given := cmd.flags["transcript"]; given && d.Handout == "" {
		return desk.Check("", false) // an empty name, refused as such
	}
	if err := d.Check(); err != nil { // before the game: a refusal clobbers nothing
		return err
	}
	sigs := tui.CatchSignals(true)
	defer sigs.Stop()
	stopped := func() bool { return sigs.Signal() != 0 }
	played, stop, err := d.Run(cmd.game, cmd.pos, cmd.conv, cmd.flags["every"] == "true", stopped)
	if err != nil || !stop {
		return err
	}
	fmt.Fprintln(stderr, d.Stopped(tui.SignalName(sigs.Signal()), played))
	return tui.SignalError{Signal: sigs.Signal()}
}
