package main

import (
	"bytes"
	"io"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/variants"
)

// runDemo prints a whole game of perfect play: at every position the
// analysis, then the move made (the canonical winning move, or from a lost
// position the stubborn move), until no move is left or --limit moves.
// --transcript also writes the game as a Markdown handout.
func runDemo(args []string, stdout io.Writer) error {
	cmd, err := parseCommand("demo", args, map[string]bool{"json": true, "limit": false, "transcript": false, "force": true})
	if err != nil {
		return err
	}
	if cmd.help {
		_, err := io.WriteString(stdout, cmd.cat.T("cli.help.demo")+"\n")
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
	cat, asJSON := cmd.cat, cmd.flags["json"] == "true"
	players := [2]string{cat.T("demo.player.1"), cat.T("demo.player.2")}
	m, err := engine.NewMatch(cmd.game, cmd.conv, cmd.pos)
	if err != nil {
		return err
	}
	// The handout's file is checked before the game and written whole at
	// its end: a refused input or a failed write clobbers nothing.
	handout, force := cmd.flags["transcript"], cmd.flags["force"] == "true"
	if _, ok := cmd.flags["transcript"]; ok {
		if err := tui.CheckHandout(handout, force); err != nil {
			return err
		}
	}
	m.Forget = handout == "" // printed as it goes: nothing to keep
	perfect := engine.NewPlayer(engine.Perfect, 1)
	perfect.Brisk = true // a lost side holds out without dragging the demo on
	for ply := int64(1); ; ply++ {
		a, player := m.Now(), m.ToMove()
		var b bytes.Buffer
		if !asJSON && ply == 1 {
			b.WriteString(header(a, cat) + "\n")
		}
		if m.Over() || ply > limit {
			var end string
			extra := []field{{"ply", ply}, {"player", int64(player) + 1}}
			if m.Over() {
				end = cat.T("demo.over", a.Position.Brief(), players[m.Winner()], cat.T("convention."+cmd.conv.String()))
				extra = append(extra, field{"winner", int64(m.Winner()) + 1})
			} else {
				end = cat.T("demo.limit", limit)
				extra = append(extra, field{"stopped", true})
			}
			if asJSON {
				b.Write(bytes.Join(jsonAnalysis(a, cat, extra...), nil))
			} else {
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
		if why == engine.Stubborn {
			kind = "stubborn"
		}
		if asJSON {
			played := rawJSON(appendMove(nil, cmd.game, a.Position, &move))
			b.Write(bytes.Join(jsonAnalysis(a, cat, field{"ply", ply}, field{"player", int64(player) + 1}, field{"played", played}, field{"played_kind", kind}), nil))
		} else {
			b.WriteString("\n" + cat.T("demo.ply", ply, players[player], a.Position.Brief()) + "\n")
			b.WriteString("   " + a.Summary().Render(cat) + "\n")
			for _, line := range a.Explanation.Lines(cat) {
				b.WriteString("     " + line + "\n")
			}
			b.WriteString("   → " + cat.T("demo.played."+kind, players[player], cmd.game.DescribeMove(move).Render(cat), turn.After.Brief()) + "\n")
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return err
		}
	}
}

// finishDemo writes the last lines and, with --transcript, the handout.
func finishDemo(stdout io.Writer, last []byte, handout string, force bool, tr engine.Transcript, cat *assets.Catalog) error {
	if _, err := stdout.Write(last); err != nil {
		return err
	}
	if handout != "" {
		return tui.WriteHandout(handout, []byte(tui.Handout(tr, cat)), force)
	}
	return nil
}

// rawJSON is JSON written already.
type rawJSON []byte
