package main

import (
	"bytes"
	"io"
	"os"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// runDemo prints a whole game of perfect play: at every position the
// analysis, then the move made (the canonical winning move, or from a lost
// position the stubborn move), until no move is left or --limit moves.
// --transcript also writes the game as a Markdown handout.
func runDemo(args []string, stdout io.Writer) error {
	cmd, err := parseCommand("demo", args, map[string]bool{"json": true, "limit": false, "transcript": false})
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
	var handout *os.File // created first: a bad path fails before the game
	if path, ok := cmd.flags["transcript"]; ok {
		if handout, err = os.Create(path); err != nil {
			return err
		}
		defer handout.Close()
	}
	cat, asJSON := cmd.cat, cmd.flags["json"] == "true"
	players := [2]string{cat.T("demo.player.1"), cat.T("demo.player.2")}
	tr := engine.Transcript{Kind: "demo", Players: players, Game: cmd.game, Conv: cmd.conv}
	p := cmd.pos
	for ply := int64(1); ; ply++ {
		a, err := engine.Analyze(cmd.game, p, cmd.conv)
		if err != nil {
			return err
		}
		p = a.Position
		if ply == 1 {
			tr.Start = p
		}
		player := int((ply - 1) % 2)
		var b bytes.Buffer
		if !asJSON && ply == 1 {
			b.WriteString(header(a, cat) + "\n")
		}
		if engine.Over(cmd.game, p) {
			winner := player // misère: the player to move has won
			if cmd.conv == engine.Normal {
				winner = 1 - player
			}
			tr.End = cat.T("demo.over", p.Brief(), players[winner], cat.T("convention."+cmd.conv.String()))
			if asJSON {
				b.Write(bytes.Join(jsonAnalysis(a, cat, field{"ply", ply}, field{"player", player + 1}, field{"winner", winner + 1}), nil))
			} else {
				b.WriteString("\n" + tr.End + "\n")
			}
			return finishDemo(stdout, b.Bytes(), handout, tr, cat)
		}
		if ply > limit {
			tr.End = cat.T("demo.limit", limit)
			if asJSON {
				b.Write(bytes.Join(jsonAnalysis(a, cat, field{"ply", ply}, field{"player", player + 1}, field{"stopped", true}), nil))
			} else {
				b.WriteString("\n" + tr.End + "\n")
			}
			return finishDemo(stdout, b.Bytes(), handout, tr, cat)
		}
		move, kind := a.Move, "winning"
		if move == nil {
			m, _, err := engine.StubbornMove(cmd.game, p, cmd.conv)
			if err != nil {
				return err
			}
			move, kind = &m, "stubborn"
		}
		after, err := cmd.game.Apply(p, *move)
		if err != nil {
			return err
		}
		step := engine.Step{Player: player, Analysis: a, Move: *move, After: after}
		if kind == "stubborn" {
			step.Note = cat.T("demo.note.stubborn")
		}
		tr.Steps = append(tr.Steps, step)
		if asJSON {
			played := rawJSON(appendMove(nil, cmd.game, move))
			b.Write(bytes.Join(jsonAnalysis(a, cat, field{"ply", ply}, field{"player", player + 1}, field{"played", played}, field{"played_kind", kind}), nil))
		} else {
			b.WriteString("\n" + cat.T("demo.ply", ply, players[player], p.Brief()) + "\n")
			b.WriteString("   " + a.Summary().Render(cat) + "\n")
			for _, line := range a.Explanation.Lines(cat) {
				b.WriteString("     " + line + "\n")
			}
			b.WriteString("   → " + cat.T("demo.played."+kind, players[player], cmd.game.DescribeMove(*move).Render(cat), after.Brief()) + "\n")
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return err
		}
		p = after
	}
}

// finishDemo writes the last lines and, with --transcript, the handout.
func finishDemo(stdout io.Writer, last []byte, handout *os.File, tr engine.Transcript, cat *assets.Catalog) error {
	if _, err := stdout.Write(last); err != nil {
		return err
	}
	if handout != nil {
		_, err := handout.WriteString(tr.Markdown(cat))
		return err
	}
	return nil
}

// rawJSON is JSON written already.
type rawJSON []byte
