package desk

import (
	"bytes"
	"errors"
	"io"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// Demo is a whole game of perfect play as the demo command prints it: at
// every position the analysis, then the move made (the canonical winning
// move, or from a lost position the stubborn one), until no move is left
// or Limit moves; text, or one JSON object a position. With Handout set
// the game is kept and written to that file as a handout at its end, or
// the moves so far when the demo is stopped; without it nothing is kept,
// so memory stays the same however long the demo runs.
type Demo struct {
	Out     io.Writer
	Cat     *assets.Catalog
	Limit   int64
	JSON    bool
	Handout string // the handout's file, "" for none
	Force   bool   // the handout may replace a file
}

// MaxHandoutMoves is the longest demo that writes a handout: some 60 MB
// (Bash at 10,000 moves: a 63 MB handout, 58 MB of memory, 0.8 s).
const MaxHandoutMoves = 10_000

// players are the demo's two players, in the demo's language.
func (d Demo) players() [2]string {
	return [2]string{d.Cat.T("demo.player.1"), d.Cat.T("demo.player.2")}
}

// Check refuses, before the game starts, a demo that could not keep its
// handout: too long a one, or a file that cannot be written.
func (d Demo) Check() error {
	if d.Handout == "" {
		return nil
	}
	if d.Limit > MaxHandoutMoves { // the handout keeps every move, about 5 KB each
		return engine.Refuse("err.demo.handout.limit", d.Limit, MaxHandoutMoves)
	}
	return Check(d.Handout, d.Force)
}

// Play plays m to its end, printing each step; stopped is asked before
// each move (a signal came), and a stopped demo writes the handout of the
// moves so far. It returns the moves played, and whether it was stopped.
func (d Demo) Play(m *engine.Match, stopped func() bool) (int64, bool, error) {
	players, cat := d.players(), d.Cat
	m.Forget = d.Handout == "" // printed as it goes: nothing to keep
	perfect := engine.NewPlayer(engine.Perfect, 1)
	for ply := int64(1); ; ply++ {
		if stopped() {
			tr := m.Transcript("demo", players, cat)
			tr.End = engine.T("demo.stopped", ply-1).Render(cat)
			return ply - 1, true, d.writeHandout(tr)
		}
		a := m.Now()
		if m.Over() || ply > d.Limit {
			return ply - 1, false, d.end(m, a, ply)
		}
		move, why, err := m.Choose(perfect)
		if err != nil {
			return ply - 1, false, err
		}
		turn, err := m.Play(move, true, why)
		if err != nil {
			return ply - 1, false, err
		}
		if _, err := d.Out.Write(d.step(a, ply, turn, why)); err != nil {
			return ply, false, err
		}
	}
}

// Run plays g from p to its end as Play does, or with every as an
// Every-SG sum (PlayEvery), its text wrapped to a terminal: the moves
// played, and whether it was stopped.
func (d Demo) Run(g engine.Game, p engine.Position, c engine.Convention, every bool, stopped func() bool) (int64, bool, error) {
	if !d.JSON { // text wraps to a terminal between words
		d.Out = text.ForTerminal(d.Out)
	}
	if every {
		s, err := everySum(g)
		if err != nil {
			return 0, false, err
		}
		return d.PlayEvery(s, p, c, stopped)
	}
	m, err := engine.NewMatch(g, c, p)
	if err != nil {
		return 0, false, err
	}
	return d.Play(m, stopped)
}

// Stopped is the line that says how a demo stopped by a signal (its name:
// SIGINT) after played moves ended: with the handout of the moves so far
// written, when one was asked for.
func (d Demo) Stopped(signal string, played int64) string {
	note := engine.T("demo.signal", signal, played)
	if d.Handout != "" {
		note = engine.T("demo.signal.handout", signal, played, d.Handout)
	}
	return text.Prefix + text.Say(&engine.Failure{Text: note}, d.Cat)
}

// step is the position before ply with its analysis, then the move made.
func (d Demo) step(a engine.Analysis, ply int64, turn engine.Turn, why engine.Kind) []byte {
	cat, player := d.Cat, turn.Side
	kind := "winning"
	switch {
	case why == engine.Stubborn && a.Outcome == engine.D:
		kind = "draw"
	case why == engine.Stubborn:
		kind = "stubborn"
	}
	var b bytes.Buffer
	if d.JSON {
		played := MoveJSON(a.Game, a.Position, &turn.Move)
		b.Write(bytes.Join(JSON(a, cat, Field{Name: "ply", Value: ply}, Field{Name: "player", Value: int64(player) + 1},
			Field{Name: "played", Value: played}, Field{Name: "played_kind", Value: kind}), nil))
		return b.Bytes()
	}
	if ply == 1 {
		b.WriteString(Header(a, cat) + "\n")
	}
	name := d.players()[player]
	writeStep(&b, ply, name, a, cat)
	b.WriteString("   → " + cat.T("demo.played."+kind, name, a.Describe(turn.Move).Render(cat), engine.BriefOf(a.Game, turn.After)) + "\n")
	return b.Bytes()
}

// end prints the last position, why the demo ends there (no move left, a
// draw by repetition, the limit), and writes the handout.
func (d Demo) end(m *engine.Match, a engine.Analysis, ply int64) error {
	cat, players, player := d.Cat, d.players(), m.ToMove()
	var end string
	extra := []Field{{Name: "ply", Value: ply}, {Name: "player", Value: int64(player) + 1}}
	switch {
	case m.Drawn():
		end = cat.T("demo.drawn", engine.BriefOf(a.Game, a.Position), engine.Repetitions)
		extra = append(extra, Field{Name: "drawn", Value: true})
	case m.Over():
		end = cat.T("demo.over", engine.BriefOf(a.Game, a.Position), players[m.Winner()], cat.T("convention."+m.Conv.String()))
		extra = append(extra, Field{Name: "winner", Value: int64(m.Winner()) + 1})
	default:
		end = cat.T("demo.limit", d.Limit)
		extra = append(extra, Field{Name: "stopped", Value: true})
	}
	var b bytes.Buffer
	switch {
	case d.JSON:
		b.Write(bytes.Join(JSON(a, cat, extra...), nil))
	case ply == 1 && m.Over(): // a start with no move: why the player to move has lost
		b.WriteString(Header(a, cat) + "\n")
		writeStep(&b, ply, players[player], a, cat)
		fallthrough
	default:
		if ply == 1 && !m.Over() {
			b.WriteString(Header(a, cat) + "\n")
		}
		b.WriteString("\n" + end + "\n")
	}
	if _, err := d.Out.Write(b.Bytes()); err != nil {
		return err
	}
	tr := m.Transcript("demo", players, cat)
	tr.End = end
	return d.writeHandout(tr)
}

// writeStep writes the position before ply with its analysis.
func writeStep(b *bytes.Buffer, ply int64, player string, a engine.Analysis, cat *assets.Catalog) {
	b.WriteString("\n" + cat.T("demo.ply", ply, player, engine.BriefOf(a.Game, a.Position)) + "\n")
	b.WriteString("   " + a.Summary().Render(cat) + "\n")
	for _, line := range a.Explanation.Lines(cat) {
		b.WriteString("     " + line + "\n")
	}
}

// writeHandout writes the handout, if one was asked for: whole or not at
// all, and over an existing file only with Force.
func (d Demo) writeHandout(tr engine.Transcript) error {
	if d.Handout == "" {
		return nil
	}
	return d.write(HandoutFile(d.Handout, tr, d.Cat))
}

// write writes the handout's bytes to its file.
func (d Demo) write(data []byte) error {
	err := Write(d.Handout, data, 0o644, d.Force)
	switch {
	case errors.Is(err, ErrExists): // made while the demo ran
		return engine.Fail("err.handout.exists", d.Handout)
	case err != nil:
		return engine.Fail("err.handout.write", d.Handout, engine.Cause(err))
	}
	return nil
}
