package main

import (
	"bytes"
	"io"
	"strconv"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// runDemo prints a whole game of perfect play: at every position the
// analysis, then the move made (the canonical winning move, or from a lost
// position the stubborn move), until no move is left or --limit moves.
func runDemo(args []string, stdout io.Writer) error {
	cmd, err := parseCommand("demo", args, map[string]bool{"json": true, "limit": false})
	if err != nil {
		return err
	}
	if cmd.help {
		_, err := io.WriteString(stdout, cmd.cat.T("cli.help.demo")+"\n")
		return err
	}
	limit := int64(100)
	if s, ok := cmd.flags["limit"]; ok {
		if limit, err = variants.ParseNumber(s, "--limit"); err != nil {
			return err
		}
	}
	if cmd.pos == nil {
		return engine.Refusef("demo needs a position, such as: matchgame demo nim 3 6 9")
	}
	asJSON := cmd.flags["json"] == "true"
	cat := cmd.cat
	p := cmd.pos
	for ply := int64(1); ; ply++ {
		a, err := engine.Analyze(cmd.game, p, cmd.conv)
		if err != nil {
			return err
		}
		p = a.Position
		player := 2 - ply%2 // 1 moves first
		over := engine.Over(cmd.game, p)
		var b bytes.Buffer
		if !asJSON && ply == 1 {
			b.WriteString(header(a, cat) + "\n")
		}
		if over {
			winner := player // misère: the player to move has won
			if cmd.conv == engine.Normal {
				winner = 3 - player
			}
			if asJSON {
				b.Write(appendJSON(nil, a, cat, field{"ply", ply}, field{"player", player}, field{"winner", winner}))
			} else {
				b.WriteString("\n" + cat.T("demo.over", p.String(), cat.T("demo.player."+strconv.FormatInt(winner, 10)), cat.T("convention."+cmd.conv.String())) + "\n")
			}
			_, err = stdout.Write(b.Bytes())
			return err
		}
		if ply > limit {
			if !asJSON {
				b.WriteString("\n" + cat.T("demo.limit", limit) + "\n")
			}
			_, err = stdout.Write(b.Bytes())
			return err
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
		if asJSON {
			played := appendMove(nil, cmd.game, move)
			b.Write(appendJSON(nil, a, cat, field{"ply", ply}, field{"player", player}, field{"played", rawJSON(played)}, field{"played_kind", kind}))
		} else {
			b.WriteString("\n" + cat.T("demo.ply", ply, cat.T("demo.player."+strconv.FormatInt(player, 10)), p.String()) + "\n")
			b.WriteString("   " + a.Summary().Render(cat) + "\n")
			for _, line := range a.Explanation.Lines(cat) {
				b.WriteString("     " + line + "\n")
			}
			b.WriteString("   → " + cat.T("demo.played."+kind, cat.T("demo.player."+strconv.FormatInt(player, 10)), cmd.game.DescribeMove(*move).Render(cat), after.String()) + "\n")
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return err
		}
		p = after
	}
}

// rawJSON is JSON written already.
type rawJSON []byte
