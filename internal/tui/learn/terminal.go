package learn

import (
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
)

// Styles are what a page is drawn in on a terminal: the game screen's
// theme, handed over by its root (package tui builds them).
type Styles struct {
	Title, Heading, Bold, Subtle, Accent, Good, Bad text.Style
	Board                                           board.Styles
	// Mark colours a marked part of an explanation (the nim-sum row, the
	// high bit).
	Mark func(engine.Mark, string) string
}

// mark styles a marked part of an explanation; plain without Mark.
func (s Styles) mark(m engine.Mark, str string) string {
	if s.Mark == nil {
		return str
	}
	return s.Mark(m, str)
}

var (
	plainOnce sync.Once
	plain     Styles
)

// PlainStyles draw no colour: for Markdown and for a terminal without it.
func PlainStyles() Styles {
	plainOnce.Do(func() {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.Ascii)
		s := text.NewStyle(r.NewStyle())
		plain = Styles{Title: s, Heading: s, Bold: s, Subtle: s, Accent: s, Good: s, Bad: s,
			Board: board.Styles{Match: s, Going: s, Selected: s, Subtle: s, Good: s, Bad: s, Bold: s}}
	})
	return plain
}

// Layout is how a page is drawn on a terminal: its width, its styles and
// whether the exercises' answers are shown.
type Layout struct {
	Width   int
	Styles  Styles
	Answers bool
	// Keys says the keys of the screen that shows the page ("t plays it,
	// d demonstrates it"); "" prints the commands instead.
	Keys string
}

// Lines draws a page for a terminal w columns wide.
func Lines(d Doc, l Layout) []string {
	t := termPage{Layout: l, cat: assets.Messages(d.Lang), w: max(20, l.Width)}
	out := text.WrapStyled(d.Title, t.w, t.Styles.Title)
	out = append(out, t.Styles.Title.Render(strings.Repeat("═", min(t.w, text.MaxWidth(out)))))
	for _, b := range d.Blocks {
		for _, l := range t.block(b) {
			out = append(out, fold(l, t.w)...)
		}
	}
	return out
}

// fold wraps a line wider than w (an engine's block laid out at its own
// width) under its own indent and two more, so that no screen cuts it.
func fold(line string, w int) []string {
	if text.Width(line) <= w {
		return []string{line}
	}
	plainLine := ansi.Strip(line)
	indent := len(plainLine) - len(strings.TrimLeft(plainLine, " "))
	if indent+2 >= w/2 {
		indent = 0
	}
	body := ansi.Wrap(strings.TrimLeft(line, " "), w-indent-2, "")
	lines := strings.Split(body, "\n")
	for i := range lines {
		pad := indent
		if i > 0 {
			pad += 2
		} else if text.Width(lines[i]) > w-indent {
			lines[i] = ansi.Truncate(lines[i], w-indent, "")
		}
		lines[i] = strings.Repeat(" ", pad) + strings.TrimRight(lines[i], " ")
	}
	return lines
}

type termPage struct {
	Layout
	cat      *assets.Catalog
	w        int
	pictured bool // the board is drawn as a picture above: no text board
}

func (t termPage) block(b Block) []string {
	switch b := b.(type) {
	case Worked:
		return t.worked(b)
	case Values:
		return t.values(b)
	case Exercises:
		return t.exercises(b)
	case Problems:
		return t.problems(b)
	case Failed:
		return append([]string{""}, text.WrapStyled("⚠ "+b.Source+": "+b.Why, t.w, t.Styles.Bad)...)
	}
	return t.prose(b)
}

// prose draws the blocks of the page's own text.
func (t termPage) prose(b Block) []string {
	st := t.Styles
	switch b := b.(type) {
	case Heading:
		head := t.spans(b.Text, t.w, st.Heading)
		if b.Level <= 2 {
			return append(append([]string{""}, head...), st.Heading.Render(strings.Repeat("─", text.MaxWidth(head))))
		}
		return append([]string{""}, head...)
	case Para:
		return append([]string{""}, t.spans(b.Text, t.w, text.Style{})...)
	case List:
		return t.list(b)
	case Statement:
		return t.statement(b)
	case Pre:
		out := []string{""}
		for _, l := range b.Lines {
			out = append(out, "  "+l)
		}
		return out
	case Grid:
		return t.grid(b)
	}
	return nil
}

// statement draws a theorem's statement set apart by a bar.
func (t termPage) statement(b Statement) []string {
	st := t.Styles
	out := []string{""}
	for i, p := range b.Paras {
		if i > 0 {
			out = append(out, st.Accent.Render("┃"))
		}
		for _, l := range t.spans(p, t.w-2, st.Bold) {
			out = append(out, st.Accent.Render("┃")+" "+l)
		}
	}
	return out
}

// list draws items with a bullet or a number, the lines after the first
// indented under the text.
func (t termPage) list(l List) []string {
	out := []string{""}
	for i, item := range l.Items {
		mark := "• "
		if l.Ordered {
			mark = strconv.Itoa(i+1) + ". "
		}
		pad := strings.Repeat(" ", text.Width(mark))
		for j, line := range t.spans(item, t.w-len(pad), text.Style{}) {
			if j == 0 {
				out = append(out, mark+line)
			} else {
				out = append(out, pad+line)
			}
		}
	}
	return out
}

// grid draws a table, its columns aligned, the header in bold.
func (t termPage) grid(g Grid) []string {
	rows := append([][]Spans{g.Head}, g.Rows...)
	var widths []int
	for _, row := range rows {
		for j, c := range row {
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], text.Width(c.String()))
		}
	}
	out := []string{""}
	for i, row := range rows {
		var cells []string
		for j, c := range row {
			s := t.styled(c, text.Style{})
			if i == 0 {
				s = t.Styles.Bold.Render(c.String())
			}
			cells = append(cells, s+strings.Repeat(" ", widths[j]-text.Width(c.String())))
		}
		out = append(out, "  "+strings.TrimRight(strings.Join(cells, "  "), " "))
	}
	return out
}

// worked draws a position the engine works: what it is, its board, the
// verdict and the engine's explanation, and for the page's example how
// to try it.
func (t termPage) worked(w Worked) []string {
	out := append([]string{""}, text.WrapStyled(workedTitle(w, t.cat), t.w, t.Styles.Accent)...)
	return append(out, t.workedBody(w)...)
}

// workedBody is a worked position under its title.
func (t termPage) workedBody(w Worked) []string {
	st, cat := t.Styles, t.cat
	var out []string
	if w.Every == nil && !t.pictured {
		out = append(out, boardLines(w.Setup, st.Board, cat, t.w-2)...)
	}
	summary, expl := workedText(w, cat)
	out = append(out, text.WrapStyled(summary, t.w, st.Bold)...)
	l := engine.Layout{Lang: cat, Show: engine.Teach, Glyphs: true, Style: st.Mark, Width: t.w}
	for _, b := range expl {
		switch s := b.(type) {
		case engine.Text:
			out = append(out, text.Wrap(s.Render(cat), t.w)...)
		case engine.Sentence:
			for _, line := range text.Wrap(s.Render(cat), t.w) {
				out = append(out, st.mark(s.Mark, line))
			}
		default:
			out = append(out, b.Lines(l)...)
		}
	}
	if w.Example {
		try := t.Keys
		if try == "" {
			try = cat.T("learn.try.commands", "matchgame "+tryCommand(w)+" "+w.Setup.Command(), "matchgame demo "+w.Setup.Command())
		}
		out = append(out, text.WrapStyled("▶ "+try, t.w, st.Accent)...)
	}
	return out
}

// workedTitle names a worked position: the example, the game, the
// convention.
func workedTitle(w Worked, cat *assets.Catalog) string {
	key := "learn.worked"
	if w.Example {
		key = "learn.example"
	}
	what := engine.Title(w.Setup.Game).Render(cat) + " " + engine.BriefOf(w.Setup.Game, w.Setup.Pos)
	if w.Every != nil {
		what = cat.T("every.title") + ": " + w.Setup.Game.(*engine.Sum).Brief(w.Setup.Pos)
	}
	return cat.T(key, what, cat.T("convention."+w.Setup.Conv.String()))
}

// workedText is the verdict and the explanation's blocks, at the
// disclosure of a textbook: everything, the move included.
func workedText(w Worked, cat *assets.Catalog) (string, engine.Explanation) {
	if w.Every != nil {
		return w.Every.Summary().Render(cat), w.Every.Explanation().Shown(engine.Teach)
	}
	return w.Analysis.Summary().Render(cat), w.Analysis.Explanation.Shown(engine.Teach)
}

// tryCommand is the command that plays a page's example: analyze for an
// Every-SG sum, which the terminal game does not play.
func tryCommand(w Worked) string {
	if w.Every != nil {
		return "analyze"
	}
	return "play"
}

// boardLines draws a position as the terminal game would, at most 16
// lines.
func boardLines(s Setup, st board.Styles, cat *assets.Catalog, w int) []string {
	const most = 16
	v := board.View{Game: s.Game, Pos: s.Pos, Conv: s.Conv, Disclosure: engine.Teach, Still: true, Width: max(20, w), Height: most,
		Values: true, Styles: st, Cat: cat}
	rows := board.Size(v)
	lines, notes := board.Rows(v, 0, min(rows, most))
	if rows > most {
		lines = append(lines, cat.T("handout.more", rows-most))
	}
	out := make([]string, 0, len(lines)+len(notes))
	for _, l := range append(lines, notes...) {
		out = append(out, "  "+strings.TrimRight(l, " "))
	}
	return out
}

// values draws g(0..N) in rows that fit, then the engine's notes.
func (t termPage) values(v Values) []string {
	st := t.Styles
	out := []string{""}
	cell := len(strconv.FormatUint(maxOf(v.Values), 10))
	cell = max(cell, len(strconv.Itoa(len(v.Values)-1))) + 1
	head := "  n   "
	per := max(1, (t.w-len(head))/cell)
	for from := 0; from < len(v.Values); from += per {
		var ns, gs strings.Builder
		ns.WriteString(head)
		gs.WriteString("  g(n)")
		for n := from; n < min(from+per, len(v.Values)); n++ {
			ns.WriteString(padLeft(strconv.Itoa(n), cell))
			gs.WriteString(padLeft(strconv.FormatUint(v.Values[n], 10), cell))
		}
		out = append(out, st.Subtle.Render(ns.String()), st.Accent.Render(gs.String()))
	}
	for _, n := range v.Notes {
		out = append(out, text.Wrap(n, t.w)...)
	}
	return out
}

func maxOf(vs []uint64) uint64 {
	var m uint64
	for _, v := range vs {
		m = max(m, v)
	}
	return m
}

func padLeft(s string, w int) string { return strings.Repeat(" ", max(0, w-len(s))) + s }

// exercises draws the questions, and under each its answer and working
// when they are asked for.
func (t termPage) exercises(e Exercises) []string {
	st, cat := t.Styles, t.cat
	out := append([]string{""}, text.WrapStyled(e.Rule, t.w, st.Subtle)...)
	for i, ex := range e.Items {
		mark := strconv.Itoa(i+1) + ". "
		out = append(out, "")
		for j, l := range text.Wrap(ex.Prompt, t.w-3) {
			if j == 0 {
				out = append(out, mark+l)
			} else {
				out = append(out, "   "+l)
			}
		}
		if !t.Answers {
			continue
		}
		for _, l := range text.Wrap(cat.T("learn.answer", ex.Answer), t.w-3) {
			out = append(out, "   "+st.Good.Render(l))
		}
		for _, w := range ex.Working {
			for _, l := range text.Wrap(w, t.w-5) {
				out = append(out, "     "+st.Subtle.Render(l))
			}
		}
	}
	if !t.Answers {
		out = append(out, "", st.Subtle.Render(cat.T("learn.answers.hidden")))
	}
	return out
}

// problems draws each judge problem: its name, how the theorem solves
// it, and the engine's verdict on its sample.
func (t termPage) problems(p Problems) []string {
	st, cat := t.Styles, t.cat
	if len(p.Items) == 0 {
		return append([]string{""}, text.Wrap(cat.T("learn.problems.none"), t.w)...)
	}
	var out []string
	for _, pr := range p.Items {
		out = append(out, "")
		out = append(out, text.WrapStyled("• "+pr.Problem.Name+" "+pr.Problem.Title, t.w, st.Bold)...)
		for _, l := range text.Wrap(pr.How, t.w-2) {
			out = append(out, "  "+l)
		}
		if pr.Setup != "" {
			for _, l := range text.Wrap(cat.T("learn.problem.verdict", pr.Setup, pr.Verdict), t.w-2) {
				out = append(out, "  "+st.Subtle.Render(l))
			}
		}
	}
	return out
}

// spans wraps running text to w, each line's terms, commands and values
// in their styles over base.
func (t termPage) spans(s Spans, w int, base text.Style) []string {
	plainText := s.String()
	lines := text.Wrap(plainText, max(1, w))
	out := make([]string, 0, len(lines))
	at := 0
	for _, line := range lines {
		i := strings.Index(plainText[at:], line)
		if i < 0 { // cannot happen: the lines are pieces of the text
			out = append(out, base.Render(line))
			continue
		}
		start := at + i
		out = append(out, t.styleRange(s, start, start+len(line), base))
		at = start + len(line)
	}
	return out
}

// styled is running text on one line.
func (t termPage) styled(s Spans, base text.Style) string {
	return t.styleRange(s, 0, len(s.String()), base)
}

// styleRange is bytes from to to of the spans' text, each piece in its
// kind's style.
func (t termPage) styleRange(s Spans, from, to int, base text.Style) string {
	var b strings.Builder
	at := 0
	for _, sp := range s {
		lo, hi := max(from, at), min(to, at+len(sp.Text))
		if lo < hi {
			b.WriteString(t.kindStyle(sp.Kind, base).Render(sp.Text[lo-at : hi-at]))
		}
		at += len(sp.Text)
	}
	return b.String()
}

func (t termPage) kindStyle(k SpanKind, base text.Style) text.Style {
	switch k {
	case Term, Emph:
		return t.Styles.Bold
	case Code:
		return t.Styles.Accent
	case Value:
		return t.Styles.Accent
	case Wrong:
		return t.Styles.Bad
	}
	return base
}
