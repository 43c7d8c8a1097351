package desk

import (
	"bytes"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// PlayEvery plays an Every-SG sum from p to its end: each turn a move in
// every component that still has one, the winning move where there is
// one, else perfect play's longest resistance; each turn printed as it is
// played, and the handout kept as Demo says. stopped is asked before each
// turn; a stopped demo writes the handout of the turns so far.
func (d Demo) PlayEvery(s *engine.Sum, p engine.Position, c engine.Convention, stopped func() bool) (int64, bool, error) {
	e := &everyDemo{Demo: d, s: s, conv: c, h: everyHandout{cat: d.Cat, on: d.Handout != ""}}
	for ply := int64(1); ; ply++ {
		if stopped() {
			return ply - 1, true, e.h.write(d, engine.T("demo.stopped", ply-1).Render(d.Cat))
		}
		a, err := engine.AnalyzeEvery(s, p, c)
		if err != nil {
			return ply - 1, false, err
		}
		move := a.Move
		if move == nil {
			move = a.Play
		}
		if move == nil || ply > d.Limit {
			return ply - 1, false, e.end(a, ply, move == nil, d.Limit)
		}
		if p, err = e.turn(a, ply, move); err != nil {
			return ply, false, err
		}
	}
}

// everyDemo is an Every-SG demo under way: where it prints, and its
// handout.
type everyDemo struct {
	Demo
	s    *engine.Sum
	conv engine.Convention
	h    everyHandout
}

// turn prints the turn ply of analysis a, the joint move made, and
// returns the position it leaves.
func (d *everyDemo) turn(a engine.EveryAnalysis, ply int64, move []engine.Move) (engine.Position, error) {
	next, err := d.s.ApplyEach(a.Position, move) // a.Position is normalized
	if err != nil {
		return nil, err
	}
	cat, player := d.Cat, d.players()[(ply-1)%2]
	if ply == 1 {
		d.h.start(a, d.players())
	}
	d.h.turn(ply, player, a, move, next)
	var b bytes.Buffer
	switch {
	case d.JSON:
		b.Write(EveryJSON(a, cat))
	default:
		if ply == 1 {
			b.WriteString(EveryHeader(a, cat) + "\n")
		}
		b.WriteString("\n" + cat.T("demo.ply", ply, player, d.s.Brief(a.Position)) + "\n")
		WriteEvery(&b, "   ", a, cat)
		b.WriteString("   → " + cat.T("every.played", player, a.Joint(move).Render(cat), d.s.Brief(next)) + "\n")
	}
	_, err = d.Out.Write(b.Bytes())
	return next, err
}

// end prints the last position (over: no move left, else the limit
// reached) and writes the handout.
func (d *everyDemo) end(a engine.EveryAnalysis, ply int64, over bool, limit int64) error {
	cat := d.Cat
	if ply == 1 {
		d.h.start(a, d.players())
	}
	end := cat.T("demo.limit", limit)
	if over {
		winner := d.players()[(ply-1)%2] // no move: the player to move won in misère play …
		if d.conv == engine.Normal {
			winner = d.players()[ply%2] // … lost in normal play
		}
		end = cat.T("demo.over", d.s.Brief(a.Position), winner, cat.T("convention."+d.conv.String()))
	}
	var b bytes.Buffer
	switch {
	case d.JSON:
		b.Write(EveryJSON(a, cat))
	case ply == 1:
		b.WriteString(EveryHeader(a, cat) + "\n\n" + end + "\n")
	default:
		b.WriteString("\n" + end + "\n")
	}
	if _, err := d.Out.Write(b.Bytes()); err != nil {
		return err
	}
	return d.h.write(d.Demo, end)
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
func (h *everyHandout) write(d Demo, end string) error {
	if !h.on {
		return nil
	}
	h.para("## " + h.cat.T("handout.result"))
	h.para(end)
	return d.write([]byte(strings.TrimRight(h.b.String(), "\n") + "\n"))
}
