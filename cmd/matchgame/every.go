package main

import (
	"bytes"
	"io"
	"strconv"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// --every: the sum is played by the Every-SG rule (HDU 3595), each turn a
// move in every component that still has one.

// everySum is the sum --every plays, or a refusal.
func everySum(cmd *command) (*engine.Sum, error) {
	s, ok := isSum(cmd.game)
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
		_, err = stdout.Write(jsonEvery(a, cmd.cat))
		return err
	}
	var b bytes.Buffer
	b.WriteString(everyHeader(a, cmd.cat) + "\n")
	writeEvery(&b, "", a, cmd.cat)
	_, err = forTerminal(stdout).Write(b.Bytes())
	return err
}

func everyHeader(a engine.EveryAnalysis, cat *assets.Catalog) string {
	return cat.T("every.title") + ": " + a.Sum.Spell(a.Position) + " · " + cat.T("convention."+a.Convention.String())
}

// writeEvery writes the summary and the explanation, indented.
func writeEvery(b *bytes.Buffer, indent string, a engine.EveryAnalysis, cat *assets.Catalog) {
	b.WriteString(indent + a.Summary().Render(cat) + "\n")
	for _, line := range a.Explanation().Lines(cat) {
		b.WriteString(indent + "  " + line + "\n")
	}
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
		stdout = forTerminal(stdout)
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
			b.WriteString(everyHeader(a, cat) + "\n")
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
				b.Write(jsonEvery(a, cat))
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
			b.Write(jsonEvery(a, cat))
		} else {
			b.WriteString("\n" + cat.T("demo.ply", ply, player, s.Brief(p)) + "\n")
			writeEvery(&b, "   ", a, cat)
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

// jsonEvery is the Every-SG analysis as one JSON object: each component
// with its steps and whether the player to move wins it alone, the move as
// a list of moves (one a component), the position after it.
func jsonEvery(a engine.EveryAnalysis, cat *assets.Catalog) []byte {
	b := []byte(`{"game":"sum","every":true,"convention":`)
	b = appendString(b, a.Convention.String())
	b = append(b, `,"components":[`...)
	for i, p := range a.Sum.Partwise(a.Position) {
		g := a.Sum.Parts[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"game":`...)
		b = appendParams(appendString(b, g.Name()), g)
		b = appendNumbers(append(b, `,"position":`...), p)
		b = strconv.AppendInt(append(b, `,"steps":`...), a.Steps[i], 10)
		b = strconv.AppendBool(append(b, `,"wins":`...), a.Wins[i])
		b = append(b, '}')
	}
	b = appendString(append(b, `],"position":`...), a.Sum.Spell(a.Position))
	b = appendString(append(b, `,"outcome":`...), a.Outcome.String())
	b = append(b, `,"move":`...)
	if a.Move == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, m := range a.Move {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendMove(b, a.Sum, a.Position, &m)
		}
		b = append(b, ']')
	}
	b = append(b, `,"after":`...)
	if a.After == nil {
		b = append(b, "null"...)
	} else {
		b = appendString(b, a.Sum.Spell(a.After))
	}
	b = append(append(b, `,"winning_moves_count":`...), a.Count.String()...)
	b = appendString(append(b, `,"summary":`...), a.Summary().Render(cat))
	b = append(b, `,"explanation":[`...)
	for i, line := range a.Explanation().Lines(cat) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, line)
	}
	return append(b, "]}\n"...)
}
