package main

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"matchgame/assets"

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
// there is one, else perfect play's longest resistance; each turn printed
// as it is played. With --transcript it also writes the game as a
// Markdown handout (whole at the end, or the turns so far on a signal).
func runEveryDemo(cmd *command, limit int64, stdout, stderr io.Writer) error {
	s, err := everySum(cmd)
	if err != nil {
		return err
	}
	cat, asJSON := cmd.cat, cmd.flags["json"] == "true"
	if !asJSON {
		stdout = text.ForTerminal(stdout)
	}
	handout, force := cmd.flags["transcript"], cmd.flags["force"] == "true"
	if _, ok := cmd.flags["transcript"]; ok {
		if err := desk.Check(handout, force); err != nil {
			return err
		}
	}
	players := [2]string{cat.T("demo.player.1"), cat.T("demo.player.2")}
	h := everyHandout{cat: cat, on: handout != ""}
	sigs := catchSignals(true)
	defer sigs.stop()
	p := cmd.pos
	for ply := int64(1); ; ply++ {
		if sig := sigs.signal(); sig != 0 {
			return stopDemo(sig, ply-1, stderr, handout, cat, func(end string) error { return h.write(handout, force, end) })
		}
		a, err := engine.AnalyzeEvery(s, p, cmd.conv)
		if err != nil {
			return err
		}
		if ply == 1 {
			h.start(a, players)
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
			if _, err := stdout.Write(b.Bytes()); err != nil {
				return err
			}
			return h.write(handout, force, end)
		}
		next, err := s.ApplyEach(a.Position, move) // a.Position is normalized
		if err != nil {
			return err
		}
		h.turn(ply, player, a, move, next)
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

// everyHandout is an Every-SG demo written as a handout, as the demo's
// own handout is: the rules, each turn with its analysis and the moves
// made, and the result. It keeps the Markdown text, not the analyses.
type everyHandout struct {
	cat *assets.Catalog
	on  bool
	b   strings.Builder
}

func (h *everyHandout) para(s string) { h.b.WriteString(s + "\n\n") }

func (h *everyHandout) start(a engine.EveryAnalysis, players [2]string) {
	if !h.on {
		return
	}
	cat := h.cat
	h.para("# " + cat.T("handout.title.demo", cat.T("every.title"), a.Sum.Brief(a.Position)))
	h.para(cat.T("handout.rules", engine.T("every.intro", len(a.Sum.Parts)).Render(cat), cat.T("convention."+a.Convention.String()+".sentence")))
	h.para(cat.T("handout.players", players[0], players[1]))
	h.para(cat.T("handout.legend"))
}

func (h *everyHandout) turn(ply int64, player string, a engine.EveryAnalysis, move []engine.Move, after engine.Position) {
	if !h.on {
		return
	}
	cat := h.cat
	h.para("## " + cat.T("handout.move", ply, player, a.Sum.Brief(a.Position)))
	h.para(a.Summary().Render(cat))
	for _, line := range a.Explanation().Lines(cat) {
		h.para(line)
	}
	h.para("**" + cat.T("handout.played", player, a.Joint(move).Render(cat), a.Sum.Brief(after)) + "**")
}

// write writes the handout with its result, whole or not at all.
func (h *everyHandout) write(path string, force bool, end string) error {
	if !h.on {
		return nil
	}
	h.para("## " + h.cat.T("handout.result"))
	h.para(end)
	err := desk.Write(path, []byte(strings.TrimRight(h.b.String(), "\n")+"\n"), 0o644, force)
	switch {
	case errors.Is(err, desk.ErrExists): // made while the demo ran
		return engine.Fail("err.handout.exists", path)
	case err != nil:
		return engine.Fail("err.handout.write", path, engine.Cause(err))
	}
	return nil
}
