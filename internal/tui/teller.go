package tui

import (
	"fmt"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// teller says what happened in a match in the person's words: who moved
// and what the move did, who won and why, the lesson of a slip, the
// moves so far. It is a small value the screen makes from the match, the
// side the person plays and how the mode seats the players.
type teller struct {
	cat   *assets.Catalog
	match *engine.Match
	you   engine.Side
	pairs bool // two people at one keyboard
	both  bool // the computer plays both sides now (a demo)
	// seat is how the mode names who sits on a side (a room's classmates).
	seat func(s, you engine.Side) (kind, name string)
}

// teller is the screen's teller of its match.
func (m play) teller() teller {
	return teller{cat: m.cat, match: m.match, you: m.you, pairs: m.opts.pairs(), both: m.mode.voice(m.explain, m.hint).both, seat: m.mode.seat}
}

func (t teller) game() engine.Game { return t.match.Game }

// demoGame reports whether the game is the computer's demo: running now,
// or it played the person's side and the person has made no move of
// their own. Once they have, it is their game again: "you" and "the
// computer".
func (t teller) demoGame() bool {
	if t.both {
		return true
	}
	demo := false
	for _, turn := range t.match.Turns() {
		if turn.Side == t.you {
			if !turn.Auto {
				return false
			}
			demo = true
		}
	}
	return demo
}

// sideKind is who plays side s, as the catalogue's keys name them: a
// player by name or number in a demo, for two at one keyboard, and for a
// classmate in a room.
func (t teller) sideKind(s engine.Side) string {
	if kind, _ := t.seat(s, t.you); kind != "" {
		return kind
	}
	switch {
	case t.demoGame(), t.pairs:
		return "player"
	case s == t.you:
		return "you"
	}
	return "cpu"
}

// sideName is who plays side s, as the history and the demo say it.
func (t teller) sideName(s engine.Side) string {
	switch t.sideKind(s) {
	case "player":
		if _, name := t.seat(s, t.you); name != "" {
			return name
		}
		return t.cat.T("ui.who.player", int(s)+1)
	case "you":
		return t.cat.T("ui.who.you")
	}
	return t.cat.T("ui.who.cpu")
}

// sideTitle is who plays side s, at the start of a sentence.
func (t teller) sideTitle(s engine.Side) string {
	if k := t.sideKind(s); k != "player" {
		return t.cat.T("ui.who." + k + ".cap")
	}
	return t.sideName(s)
}

// verdict says who won a finished game and why: who made the last move,
// and what that means in the convention played.
func (t teller) verdict() (won, why string) {
	if t.match.Drawn() {
		return t.cat.T("ui.over.drawn"), t.cat.T("ui.over.drawn.why", engine.BriefOf(t.game(), t.match.Position()), engine.Repetitions)
	}
	winner, last := t.match.Winner(), t.match.ToMove().Other()
	switch t.sideKind(winner) {
	case "player":
		won = t.cat.T("ui.over.won", t.sideName(winner))
	case "you":
		won = t.cat.T("ui.over.youwin")
	default:
		won = t.cat.T("ui.over.cpuwins")
	}
	why = "ui.over.why." + t.match.Conv.String() + "." + t.sideKind(last)
	if t.sideKind(last) != "player" { // "you" and "the computer" are in the sentence
		return won, t.cat.T(why)
	}
	return won, t.cat.T(why, t.sideName(last))
}

// moved says a move of turn as a demo and a room say it: who, what, and
// what it left.
func (t teller) moved(turn engine.Turn) string {
	return t.cat.T("ui.demo.moved", t.sideTitle(turn.Side), turn.Before.Describe(turn.Move).Render(t.cat), engine.BriefOf(t.game(), turn.After))
}

// saysMoved tells what the person's move did.
func (t teller) saysMoved(turn engine.Turn) string {
	if t.pairs {
		return t.moved(turn)
	}
	return t.cat.T("ui.you.moved", turn.Before.Describe(turn.Move).Render(t.cat), engine.BriefOf(t.game(), turn.After))
}

// lessonOf names a move that handed the computer an N-position, right
// after it and until the person's next move: the numbers of what it left,
// the winning move that was there, and what the computer can do now. ""
// for any other move.
func (t teller) lessonOf(turn engine.Turn) string {
	if turn.Verdict == engine.Gives && !turn.Auto {
		return t.givesLesson(turn)
	}
	if turn.Verdict != engine.Slips || turn.Auto {
		return ""
	}
	now, cat := t.match.Now(), t.cat
	best, played := turn.Before.Describe(*turn.Before.Move).Render(cat), turn.Before.Describe(turn.Move).Render(cat)
	if t.pairs {
		return cat.T("ui.slip.player", now.Reason.Render(cat), best, played, t.sideName(turn.Side), t.sideName(turn.Side.Other()))
	}
	said := cat.T("ui.slip", now.Reason.Render(cat), best, played)
	if now.Move != nil && t.match.ToMove() != t.you {
		said = sentences(cat, said, cat.T("ui.slip.cpu"))
	}
	return said
}

// givesLesson names a move from a draw to an N-position: what it left
// and a move that kept the draw.
func (t teller) givesLesson(turn engine.Turn) string {
	g := t.game()
	keep, ok, err := engine.HoldOut(g, turn.Before.Position, t.match.Conv)
	if err != nil || !ok {
		return ""
	}
	return t.cat.T("ui.gives", t.match.Now().Reason.Render(t.cat), turn.Before.Describe(keep).Render(t.cat))
}

// computerSays tells what the computer did and why, in words that are
// true of the game so far.
func (t teller) computerSays(turn engine.Turn) string {
	if t.both || turn.Side == t.you {
		return t.moved(turn)
	}
	cat := t.cat
	what := cat.T("ui.cpu.moved", turn.Before.Describe(turn.Move).Render(cat), engine.BriefOf(t.game(), turn.After))
	why := "ui.cpu.why.stubborn"
	switch {
	case turn.Kind == engine.Winning:
		why = "ui.cpu.why.winning"
	case turn.Kind == engine.Mistake:
		why = "ui.cpu.why.mistake"
	case turn.Before.Outcome == engine.D: // no move wins, none has to lose
		why = "ui.cpu.why.draw"
	case t.match.Played() == 1: // its first move: nobody left it anything
		why = "ui.cpu.why.stubborn.start"
	}
	return sentences(cat, what, cat.T(why))
}

// mistakes are the indexes of the person's slips among the turns.
func (t teller) mistakes() []int {
	var out []int
	for i, turn := range t.match.Turns() {
		if !turn.Auto && (turn.Side == t.you || t.pairs) && turn.Verdict == engine.Slips {
			out = append(out, i)
		}
	}
	return out
}

// historyLines are the moves so far, the latest last; the person's
// mistakes are marked.
func (t teller) historyLines(w int, st *Styles) []string {
	cat, g := t.cat, t.game()
	title := cat.T("ui.history.head", st.Bold.Render(cat.T("ui.history")), st.Subtle.Render(cat.T("ui.history.start", engine.BriefOf(g, t.match.Start))))
	lines := text.Wrap(title, w)
	turns := t.match.Turns()
	if len(turns) == 0 {
		return append(lines, st.Subtle.Render(cat.T("ui.history.none")))
	}
	for i, turn := range turns {
		mark := "  "
		if !turn.Auto && (turn.Verdict == engine.Slips || turn.Verdict == engine.Gives) {
			mark = st.Bad.Render("✗ ")
		}
		said := cat.T("ui.history.line", fmt.Sprintf("%2d", i+1), t.sideTitle(turn.Side), turn.Before.Describe(turn.Move).Render(cat), engine.BriefOf(g, turn.After))
		for j, l := range text.Wrap(said, w-2) {
			if j > 0 {
				l = "    " + l
			}
			lines = append(lines, mark+l)
			mark = "  "
		}
	}
	return lines
}

// transcript is the game so far as the engine's handout.
func (t teller) transcript() engine.Transcript {
	kind := "play"
	if t.demoGame() {
		kind = "demo"
	}
	tr := t.match.Transcript(kind, [2]string{t.sideTitle(engine.First), t.sideTitle(engine.Second)}, t.cat)
	if t.match.Over() {
		won, why := t.verdict()
		tr.End = sentences(t.cat, won, why)
	}
	return tr
}
