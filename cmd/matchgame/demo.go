package main

import (
	"fmt"
	"io"
	"syscall"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
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
	if cmd.help {
		_, err := io.WriteString(stdout, cmd.cat.T("cli.help.demo", desk.GameFlags(cmd.cat))+"\n")
		return err
	}
	if cmd.pos == nil {
		return engine.Refuse("err.demo.position")
	}
	d := desk.Demo{Out: stdout, Cat: cmd.cat, Limit: number(cmd.flags, "limit", 100), JSON: cmd.flags["json"] == "true",
		Handout: cmd.flags["transcript"], Force: cmd.flags["force"] == "true"}
	if !d.JSON {
		d.Out = text.ForTerminal(stdout)
	}
	if _, given := cmd.flags["transcript"]; given && d.Handout == "" {
		return desk.Check("", false) // an empty name, refused as such
	}
	if err := d.Check(); err != nil { // before the game: a refusal clobbers nothing
		return err
	}
	sigs := tui.CatchSignals(true)
	defer sigs.Stop()
	stopped := func() bool { return sigs.Signal() != 0 }
	var played int64
	var stop bool
	if cmd.flags["every"] == "true" {
		s, serr := everySum(cmd)
		if serr != nil {
			return serr
		}
		played, stop, err = d.PlayEvery(s, cmd.pos, cmd.conv, stopped)
	} else {
		m, merr := engine.NewMatch(cmd.game, cmd.conv, cmd.pos)
		if merr != nil {
			return merr
		}
		played, stop, err = d.Play(m, stopped)
	}
	if err != nil || !stop {
		return err
	}
	return stopDemo(sigs.Signal(), played, stderr, d.Handout, cmd.cat)
}

// stopDemo says how a demo stopped by sig after played moves ended: the
// handout of the moves so far written, when one was asked for.
func stopDemo(sig syscall.Signal, played int64, stderr io.Writer, handout string, cat *assets.Catalog) error {
	note := engine.T("demo.signal", tui.SignalName(sig), played)
	if handout != "" {
		note = engine.T("demo.signal.handout", tui.SignalName(sig), played, handout)
	}
	fmt.Fprintln(stderr, text.Prefix+text.Say(&engine.Failure{Text: note}, cat))
	return tui.SignalError{Signal: sig}
}
