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

// runEveryDemo plays an Every-SG sum to its end: the winning move where
// there is one, else perfect play's longest resistance.
func runEveryDemo(cmd *command, limit int64, stdout io.Writer) error {
	s, err := everySum(cmd)
	if err != nil {
		return err
	}
	cat, asJSON := cmd.cat, cmd.flags["json"] == "true"
	if !asJSON {
		stdout = text.ForTerminal(stdout)
	}
	players := [2]string{cat.T("demo.player.1"), cat.T("demo.player.2")}
	p := cmd.pos
	for ply := int64(1); ; ply++ {
		a, err := engine.AnalyzeEvery(s, p, cmd.conv)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		player := players[(ply-1)%2]
		if !asJSON && ply == 1 {
			b.WriteString(desk.EveryHeader(a, cat) + "\n")
		}
		move := a.Move
		if move == nil {
			move = a.Play
		}
		if move == nil || ply > limit {
			end := cat.T("demo.limit", limit)
			if move == nil {
				winner := players[(ply-1)%2] // no move: the player to move won in misère play …
				if cmd.conv == engine.Normal {
					winner = players[ply%2] // … lost in normal play
				}
				end = cat.T("demo.over", s.Brief(p), winner, cat.T("convention."+cmd.conv.String()))
			}
			if asJSON {
				b.Write(desk.EveryJSON(a, cat))
			} else {
				b.WriteString("\n" + end + "\n")
			}
			_, err := stdout.Write(b.Bytes())
			return err
		}
		next, err := applyJoint(s, a.Position, move) // a.Position is normalized
		if err != nil {
			return err
		}
		if asJSON {
			b.Write(desk.EveryJSON(a, cat))
		} else {
			b.WriteString("\n" + cat.T("demo.ply", ply, player, s.Brief(p)) + "\n")
			desk.WriteEvery(&b, "   ", a, cat)
			b.WriteString("   → " + cat.T("every.played", player, a.Joint(move).Render(cat), s.Brief(next)) + "\n")
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return err
		}
		p = next
	}
}

func applyJoint(s *engine.Sum, p engine.Position, moves []engine.Move) (engine.Position, error) {
	for _, m := range moves {
		var err error
		if p, err = s.Apply(p, m); err != nil {
			return nil, err
		}
	}
	return p, nil
}
