package desk

import (
	"maps"
	"slices"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
)

// Handout writes a transcript as Markdown a teacher can print or show in
// a Markdown viewer: the rules and the key idea at the top, then each
// position with its board and verdict, the reasons as paragraphs, boards
// and tables in fenced blocks no wider than 80 columns, the move made; a
// review of the mistakes of a game a person played; the result.
func Handout(tr engine.Transcript, cat *assets.Catalog) string {
	return handout(tr, cat, nil)
}

// handout is the Markdown handout; figure, when set, is a figure of step
// i as raw HTML (an HTML handout), drawn in place of the text board where
// it gives one.
func handout(tr engine.Transcript, cat *assets.Catalog, figure func(i int) string) string {
	var b strings.Builder
	para := func(s string) { b.WriteString(s + "\n\n") }
	fence := func(lines []string) { b.WriteString(fenced(lines)) }
	g := tr.Game
	name := engine.Title(g).Render(cat)
	para("# " + cat.T("handout.title."+tr.Kind, name, engine.BriefOf(g, tr.Start)))
	params := map[string]string{}
	for _, p := range g.Params() {
		params[p.Name] = p.String()
	}
	para(cat.T("handout.rules", cat.T(GameKey(cat, "about", g.Name(), params)), cat.T("convention."+tr.Conv.String()+".sentence")))
	if tr.Kind == "quiz" {
		para(cat.T("handout.rules.quiz"))
	} else {
		para(cat.T("handout.players", tr.Players[0], tr.Players[1]))
	}
	para(cat.T("handout.keyidea", cat.T(GameKey(cat, "key", g.Name(), params))))
	para(cat.T("handout.legend"))
	for i, s := range tr.Steps {
		p := s.Analysis.Position
		if tr.Kind == "quiz" {
			para("## " + cat.T("handout.question", i+1, engine.BriefOf(tr.Game, p)))
		} else {
			para("## " + cat.T("handout.move", i+1, tr.Players[s.Player], engine.BriefOf(tr.Game, p)))
		}
		b.WriteString(stepBoard(figure, i, s.Analysis, cat))
		para(s.Analysis.Summary().Render(cat))
		var table []string
		for _, blk := range s.Analysis.Explanation.Shown(engine.Answer) {
			switch t := blk.(type) {
			case engine.Text:
				fence(table)
				table = nil
				para(t.Render(cat))
			case engine.Sentence:
				fence(table)
				table = nil
				para(t.Render(cat))
			default:
				table = append(table, blk.Lines(engine.PlainLayout(cat))...)
			}
		}
		fence(table)
		move := s.Analysis.Describe(s.Move).Render(cat)
		if tr.Kind == "quiz" {
			para("**" + cat.T("handout.answered", move, engine.BriefOf(tr.Game, s.After)) + "**")
		} else {
			para("**" + cat.T("handout.played", tr.Players[s.Player], move, engine.BriefOf(tr.Game, s.After)) + "**")
		}
		if s.Note != "" {
			para(s.Note)
		}
	}
	if len(tr.Review) > 0 {
		para("## " + cat.T("handout.review"))
		for _, s := range tr.Review {
			n := slices.IndexFunc(tr.Steps, func(x engine.Step) bool {
				return x.Analysis.Position.String() == s.Analysis.Position.String() && x.Move == s.Move
			})
			after, _ := engine.Analyze(g, s.After, tr.Conv)
			b.WriteString("- " + cat.T("handout.review.item", n+1, engine.BriefOf(tr.Game, s.Analysis.Position), tr.Players[s.Player],
				s.Analysis.Describe(s.Move).Render(cat), after.Reason.Render(cat), s.Analysis.Describe(*s.Analysis.Move).Render(cat)) + "\n")
		}
		b.WriteString("\n")
	}
	if tr.End != "" {
		para("## " + cat.T("handout.result"))
		para(tr.End)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// fenced is lines as a fenced block of text, "" for none.
func fenced(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return "```text\n" + strings.Join(lines, "\n") + "\n```\n\n"
}

// stepBoard is step i's board, the position a is about: its figure
// where figure gives one, else the board as text.
func stepBoard(figure func(int) string, i int, a engine.Analysis, cat *assets.Catalog) string {
	if figure != nil {
		if f := figure(i); f != "" {
			return f + "\n\n"
		}
	}
	return fenced(boardLines(a.Game, a.Convention, a.Position, a.Labels, cat))
}

// handoutRows is the most rows of a board a handout draws.
const handoutRows = 16

// boardLines draws position p, its places labelled l, as the terminal
// game would, without colour, selection or preview, at most 78 columns
// wide and handoutRows tall.
func boardLines(g engine.Game, c engine.Convention, p engine.Position, l engine.Labels, cat *assets.Catalog) []string {
	v := board.View{Game: g, Pos: p, Labels: l, Conv: c, Disclosure: engine.Teach, Still: true, Width: 78, Height: handoutRows, Values: true,
		Cat: cat} // zero Styles: no colour
	rows := board.Size(v)
	lines, notes := board.Rows(v, 0, min(rows, handoutRows))
	if rows > handoutRows {
		lines = append(lines, cat.T("handout.more", rows-handoutRows))
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return append(lines, notes...)
}

// gameName is g's name with its parameters in the player's words: "Bash
// (at most 3 a move)".
// GameKey is the catalogue key of a game's line of kind ("about": its
// rules, "key": its key idea): KIND.NAME, or KIND.NAME.PARAM.VALUE where a
// parameter's value changes the rules (about.lasker.parts.3).
func GameKey(cat *assets.Catalog, kind, name string, params map[string]string) string {
	for _, p := range slices.Sorted(maps.Keys(params)) { // in order: the same key every time
		if k := kind + "." + name + "." + p + "." + params[p]; cat.Has(k) {
			return k
		}
	}
	return kind + "." + name
}
