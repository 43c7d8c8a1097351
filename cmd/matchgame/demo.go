package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"syscall"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
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
		_, err := io.WriteString(stdout, cmd.cat.T("cli.help.demo", gameFlagsHelp(cmd.cat))+"\n")
		return err
	}
	limit := int64(100)
	if s, ok := cmd.flags["limit"]; ok {
		if limit, err = variants.ParseNumber(s, "what.limit"); err != nil {
			return err
		}
	}
	if cmd.pos == nil {
		return engine.Refuse("err.demo.position")
	}
	if _, ok := cmd.flags["transcript"]; ok && limit > maxHandoutMoves {
		// The handout keeps every move (about 5 KB each): bounded memory,
		// and a stop that writes it in a moment.
		return engine.Refuse("err.demo.handout.limit", limit, maxHandoutMoves)
	}
	if cmd.flags["every"] == "true" {
		return runEveryDemo(cmd, limit, stdout, stderr)
	}
	cat, asJSON := cmd.cat, cmd.flags["json"] == "true"
	if !asJSON {
		stdout = text.ForTerminal(stdout)
	}
	players := [2]string{cat.T("demo.player.1"), cat.T("demo.player.2")}
	m, err := engine.NewMatch(cmd.game, cmd.conv, cmd.pos)
	if err != nil {
		return err
	}
	// The handout's file is checked before the game and written whole at
	// its end: a refused input or a failed write clobbers nothing.
	handout, force := cmd.flags["transcript"], cmd.flags["force"] == "true"
	if _, ok := cmd.flags["transcript"]; ok {
		if err := desk.Check(handout, force); err != nil {
			return err
		}
	}
	m.Forget = handout == "" // printed as it goes: nothing to keep
	perfect := engine.NewPlayer(engine.Perfect, 1)
	sigs := catchSignals(true)
	defer sigs.stop()
	for ply := int64(1); ; ply++ {
		if sig := sigs.signal(); sig != 0 {
			return stopDemo(sig, ply-1, stderr, handout, cat, func(end string) error {
				tr := m.Transcript("demo", players, cat)
				tr.End = end
				return writeHandout(handout, force, tr, cat)
			})
		}
		a, player := m.Now(), m.ToMove()
		var b bytes.Buffer
		if !asJSON && ply == 1 {
			b.WriteString(desk.Header(a, cat) + "\n")
		}
		if m.Over() || ply > limit {
			var end string
			extra := []desk.Field{{Name: "ply", Value: ply}, {Name: "player", Value: int64(player) + 1}}
			switch {
			case m.Drawn():
				end = cat.T("demo.drawn", engine.BriefOf(a.Game, a.Position), engine.Repetitions)
				extra = append(extra, desk.Field{Name: "drawn", Value: true})
			case m.Over():
				end = cat.T("demo.over", engine.BriefOf(a.Game, a.Position), players[m.Winner()], cat.T("convention."+cmd.conv.String()))
				extra = append(extra, desk.Field{Name: "winner", Value: int64(m.Winner()) + 1})
			default:
				end = cat.T("demo.limit", limit)
				extra = append(extra, desk.Field{Name: "stopped", Value: true})
			}
			switch {
			case asJSON:
				b.Write(bytes.Join(desk.JSON(a, cat, extra...), nil))
			case ply == 1 && m.Over(): // a start with no move: why the player to move has lost
				writeStep(&b, ply, players[player], a, cat)
				fallthrough
			default:
				b.WriteString("\n" + end + "\n")
			}
			tr := m.Transcript("demo", players, cat)
			tr.End = end
			return finishDemo(stdout, b.Bytes(), handout, force, tr, cat)
		}
		move, why, err := m.Choose(perfect)
		if err != nil {
			return err
		}
		turn, err := m.Play(move, true, why)
		if err != nil {
			return err
		}
		kind := "winning"
		switch {
		case why == engine.Stubborn && a.Outcome == engine.D:
			kind = "draw"
		case why == engine.Stubborn:
			kind = "stubborn"
		}
		if asJSON {
			played := desk.MoveJSON(cmd.game, a.Position, &move)
			b.Write(bytes.Join(desk.JSON(a, cat, desk.Field{Name: "ply", Value: ply}, desk.Field{Name: "player", Value: int64(player) + 1}, desk.Field{Name: "played", Value: played}, desk.Field{Name: "played_kind", Value: kind}), nil))
		} else {
			writeStep(&b, ply, players[player], a, cat)
			b.WriteString("   → " + cat.T("demo.played."+kind, players[player], engine.Describe(cmd.game, a.Position, move).Render(cat), engine.BriefOf(cmd.game, turn.After)) + "\n")
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return err
		}
	}
}

// maxHandoutMoves is the longest demo --transcript writes: some 60 MB
// (Bash at 10,000 moves: a 63 MB handout, 58 MB of memory, 0.8 s).
const maxHandoutMoves = 10_000

// writeStep writes the position before ply with its analysis.
func writeStep(b *bytes.Buffer, ply int64, player string, a engine.Analysis, cat *assets.Catalog) {
	b.WriteString("\n" + cat.T("demo.ply", ply, player, engine.BriefOf(a.Game, a.Position)) + "\n")
	b.WriteString("   " + a.Summary().Render(cat) + "\n")
	for _, line := range a.Explanation.Lines(cat) {
		b.WriteString("     " + line + "\n")
	}
}

// finishDemo writes the last lines and, with --transcript, the handout.
func finishDemo(stdout io.Writer, last []byte, handout string, force bool, tr engine.Transcript, cat *assets.Catalog) error {
	if _, err := stdout.Write(last); err != nil {
		return err
	}
	return writeHandout(handout, force, tr, cat)
}

// stopDemo ends a demo stopped by sig after played moves: the handout of
// the moves so far is written (write, given its last sentence) when one
// was asked for, and a line says so.
func stopDemo(sig syscall.Signal, played int64, stderr io.Writer, handout string, cat *assets.Catalog, write func(end string) error) error {
	if err := write(engine.T("demo.stopped", played).Render(cat)); err != nil {
		return err
	}
	note := engine.T("demo.signal", signalName(sig), played)
	if handout != "" {
		note = engine.T("demo.signal.handout", signalName(sig), played, handout)
	}
	fmt.Fprintln(stderr, text.Prefix+text.Say(&engine.Failure{Text: note}, cat))
	return tui.SignalError{Signal: sig}
}

// writeHandout writes the handout to path, if any: whole or not at all,
// and over an existing file only with --force.
func writeHandout(path string, force bool, tr engine.Transcript, cat *assets.Catalog) error {
	if path == "" {
		return nil
	}
	err := desk.Write(path, desk.HandoutFile(path, tr, cat), 0o644, force)
	switch {
	case errors.Is(err, desk.ErrExists): // made while the demo ran
		return engine.Fail("err.handout.exists", path)
	case err != nil:
		return engine.Fail("err.handout.write", path, engine.Cause(err))
	}
	return nil
}

// signalName is how a person knows a signal: SIGINT is Ctrl-C.
func signalName(sig syscall.Signal) string {
	names := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM", syscall.SIGHUP: "SIGHUP", syscall.SIGQUIT: "SIGQUIT"}
	if name, ok := names[sig]; ok {
		return name
	}
	return sig.String()
}
