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
	d, err := newEveryDemo(cmd, s, stdout)
	if err != nil {
		return err
	}
	sigs := catchSignals(true)
	defer sigs.stop()
	p := cmd.pos
	for ply := int64(1); ; ply++ {
		if sig := sigs.signal(); sig != 0 {
			return stopDemo(sig, ply-1, stderr, d.path, cmd.cat, func(end string) error { return d.h.write(d.path, d.force, end) })
		}
		a, err := engine.AnalyzeEvery(s, p, cmd.conv)
		if err != nil {
			return err
		}
		move := a.Move
		if move == nil {
			move = a.Play
		}
		if move == nil || ply > limit {
			return d.end(a, ply, move == nil, limit)
		}
		if p, err = d.turn(a, ply, move); err != nil {
			return err
		}
	}
}

// everyDemo is an Every-SG demo under way: where it prints, and its
// handout.
type everyDemo struct {
	s       *engine.Sum
	cat     *assets.Catalog
	conv    engine.Convention
	out     io.Writer
	asJSON  bool
	players [2]string
	h       everyHandout
	path    string // the handout's file, "" for none
	force   bool
}

// newEveryDemo sets the demo up; the handout's file is checked before the
// game, and written whole at its end.
func newEveryDemo(cmd *command, s *engine.Sum, stdout io.Writer) (*everyDemo, error) {
	d := &everyDemo{s: s, cat: cmd.cat, conv: cmd.conv, out: stdout, asJSON: cmd.flags["json"] == "true",
		players: [2]string{cmd.cat.T("demo.player.1"), cmd.cat.T("demo.player.2")},
		path:    cmd.flags["transcript"], force: cmd.flags["force"] == "true"}
	if !d.asJSON {
		d.out = text.ForTerminal(stdout)
	}
	d.h = everyHandout{cat: cmd.cat, on: d.path != ""}
	if _, ok := cmd.flags["transcript"]; ok {
		return d, desk.Check(d.path, d.force)
	}
	return d, nil
}

// turn prints the turn ply of analysis a, the joint move made, and
// returns the position it leaves.
func (d *everyDemo) turn(a engine.EveryAnalysis, ply int64, move []engine.Move) (engine.Position, error) {
	next, err := d.s.ApplyEach(a.Position, move) // a.Position is normalized
	if err != nil {
		return nil, err
	}
	cat, player := d.cat, d.players[(ply-1)%2]
	if ply == 1 {
		d.h.start(a, d.players)
	}
	d.h.turn(ply, player, a, move, next)
	var b bytes.Buffer
	switch {
	case d.asJSON:
		b.Write(desk.EveryJSON(a, cat))
	default:
		if ply == 1 {
			b.WriteString(desk.EveryHeader(a, cat) + "\n")
		}
		b.WriteString("\n" + cat.T("demo.ply", ply, player, d.s.Brief(a.Position)) + "\n")
		desk.WriteEvery(&b, "   ", a, cat)
		b.WriteString("   → " + cat.T("every.played", player, a.Joint(move).Render(cat), d.s.Brief(next)) + "\n")
	}
	_, err = d.out.Write(b.Bytes())
	return next, err
}

// end prints the last position (over: no move left, else the limit
// reached) and writes the handout.
func (d *everyDemo) end(a engine.EveryAnalysis, ply int64, over bool, limit int64) error {
	cat := d.cat
	if ply == 1 {
		d.h.start(a, d.players)
	}
	end := cat.T("demo.limit", limit)
	if over {
		winner := d.players[(ply-1)%2] // no move: the player to move won in misère play …
		if d.conv == engine.Normal {
			winner = d.players[ply%2] // … lost in normal play
		}
		end = cat.T("demo.over", d.s.Brief(a.Position), winner, cat.T("convention."+d.conv.String()))
	}
	var b bytes.Buffer
	switch {
	case d.asJSON:
		b.Write(desk.EveryJSON(a, cat))
	case ply == 1:
		b.WriteString(desk.EveryHeader(a, cat) + "\n\n" + end + "\n")
	default:
		b.WriteString("\n" + end + "\n")
	}
	if _, err := d.out.Write(b.Bytes()); err != nil {
		return err
	}
	return d.h.write(d.path, d.force, end)
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
