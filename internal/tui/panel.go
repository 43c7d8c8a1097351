package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// The panel under the board: the explanation of the position on screen
// at the disclosure the moment allows, the verdict at game over, the quiz
// summary or the review. It scrolls (pgup/pgdn, ctrl+u/ctrl+d, the wheel).

// refreshPanel lays the panel out again for the screen and the state; a
// new content starts at its top.
func (m *play) refreshPanel() {
	if m.width == 0 {
		return
	}
	w, h, _ := m.panelSize(len(m.topLines()), footLines)
	content := strings.Join(m.panelLines(w), "\n")
	if m.why.Width != w || content != m.panelText {
		m.why.GotoTop()
	}
	m.why.Width, m.why.Height, m.panelText = w, h, content
	m.why.SetContent(content)
}

// panelLines is what the panel shows now.
func (m play) panelLines(w int) []string {
	switch {
	case m.handout != "":
		return append(text.WrapStyled(m.cat.T("ui.handout.copy"), w, m.st.Bold), text.Wrap(m.handout, w)...)
	case m.sheet == "glossary":
		return m.glossaryLines(w)
	case m.sheet == "table":
		return m.tableLines(w)
	case m.reviewing():
		return m.reviewLines(m.mode.(*reviewMode), w)
	case m.quiz() != nil && m.quiz().done:
		return m.summaryLines(w)
	case m.showHistory && m.width < wideWidth:
		return m.historyLines(w)
	case m.match.Over():
		return m.overLines(w)
	}
	return m.whyLines(w)
}

// disclosure is how much of the answer the panel may show: all of it in
// a demo, after a quiz answer and in teach mode (but never while a quiz
// question is open); in why mode, as much as the hints asked for.
func (m play) disclosure() engine.Disclosure {
	_, demo := m.demo()
	switch {
	case demo || m.answered() != nil:
		return engine.Teach
	case m.quiz() != nil:
		return engine.Why
	case m.explain == "teach":
		return engine.Teach
	}
	return [...]engine.Disclosure{engine.Why, engine.Place, engine.Answer}[m.hint]
}

// whyLines is the explanation of the position on screen.
func (m play) whyLines(w int) []string {
	if ans := m.answered(); ans != nil {
		lines := []string{m.st.Bold.Render(m.cat.T("ui.quiz.panel", engine.BriefOf(m.game(), ans.turn.Before.Position)))}
		lines = append(lines, text.WrapStyled(ans.turn.Before.Summary().Render(m.cat), w, m.st.Bold)...)
		return append(lines, m.explanationLines(ans.turn.Before, engine.Teach, w)...)
	}
	_, demo := m.demo()
	title := m.cat.T("ui.panel.why", m.cat.T("ui.explain."+m.explain))
	if demo {
		title = m.cat.T("ui.panel.demo")
	}
	lines := []string{m.st.Bold.Render(title)}
	off := m.explain == "off" && !demo
	if st, said := m.whySaid(off); said != "" {
		lines = append(lines, text.WrapStyled(said, w, st)...)
	}
	if off {
		return lines
	}
	return append(lines, m.explanationLines(m.match.Now(), m.disclosure(), w)...)
}

// whySaid is the panel's first sentence: the hint asked for, that the
// explanations are off, the verdict, or none ("" in a quiz before the
// answer).
func (m play) whySaid(off bool) (text.Style, string) {
	a := m.match.Now()
	switch {
	case m.hint > 0:
		return m.hintSaid(a)
	case off && m.quiz() != nil:
		return m.st.Subtle, m.cat.T("ui.explain.isoff.quiz")
	case off:
		return m.st.Subtle, m.cat.T("ui.explain.isoff")
	case m.disclosure() == engine.Teach:
		return m.st.Bold, a.Summary().Render(m.cat)
	case m.quiz() == nil:
		said := m.cat.T("ui.outcome."+a.Outcome.String(), m.sideName(m.match.ToMove()))
		if a.Move != nil && m.keys.Hint.Enabled() { // not in a room, nor on the computer's turn
			said = sentences(m.cat, said, m.cat.T("ui.hint.offer"))
		}
		return m.st.Bold, said
	}
	return m.st.Bold, ""
}

// hintSaid is the hint asked for: the place, then the move; with no
// winning move, the move that holds out or keeps the draw.
func (m play) hintSaid(a engine.Analysis) (text.Style, string) {
	switch {
	case m.hint == 1 && a.Move != nil:
		return m.st.Good, m.cat.T("ui.hint.place", a.Hint.Render(m.cat))
	case m.hint == 2 && a.Move != nil:
		return m.st.Good, m.cat.T("ui.hint.move", a.Summary().Render(m.cat))
	case m.hold != "":
		return m.st.Bold, m.hold
	case a.Outcome == engine.D:
		return m.st.Bold, m.cat.T("ui.hint.draw")
	}
	return m.st.Bold, m.cat.T("ui.hint.none", m.cat.T(m.game().Board().Unit))
}

// explanationLines lays out an analysis's explanation at disclosure d:
// sentences wrapped, tables as the engine lays them out, marks coloured
// and bracketed.
func (m play) explanationLines(a engine.Analysis, d engine.Disclosure, w int) []string {
	if m.laid == nil || len(a.Explanation) == 0 {
		return m.layOut(a, d, w)
	}
	key := laidKey{&a.Explanation[0], len(a.Explanation), d, w, m.cat, m.st}
	if m.laid.key != key {
		*m.laid = laidOut{key, m.layOut(a, d, w)}
	}
	return slices.Clone(m.laid.lines)
}

// laidOut is the last explanation laid out: the panel is laid out again on
// every key, and an explanation can be long (a sum's table), so the same
// one at the same width is wrapped once.
type laidOut struct {
	key   laidKey
	lines []string
}

// laidKey names an explanation laid out: an analysis's blocks (their
// first one is its own), what is shown, the width, the language and the
// styles.
type laidKey struct {
	first *engine.Block
	n     int
	d     engine.Disclosure
	w     int
	cat   *assets.Catalog
	st    *Styles
}

// layOut lays out an analysis's explanation; explanationLines remembers it.
func (m play) layOut(a engine.Analysis, d engine.Disclosure, w int) []string {
	l := engine.Layout{Lang: m.cat, Show: d, Glyphs: true, Style: m.st.mark, Width: w}
	var lines []string
	for _, b := range a.Explanation.Shown(d) {
		switch s := b.(type) {
		case engine.Text:
			lines = append(lines, text.Wrap(s.Render(m.cat), w)...)
		case engine.Sentence:
			for _, line := range text.Wrap(s.Render(m.cat), w) {
				lines = append(lines, m.st.mark(s.Mark, line))
			}
		default:
			lines = append(lines, b.Lines(l)...)
		}
	}
	return lines
}

// overLines say who won and why.
func (m play) overLines(w int) []string {
	var lines []string
	won, why := m.verdict()
	switch {
	case m.match.Drawn():
		lines = append(lines, m.st.Selected.Render("= "+won+" ="))
	case m.match.Winner() == m.you || m.demoGame() || m.pairs():
		lines = append(lines, m.st.Good.Render("★ "+won+" ★"))
	default:
		lines = append(lines, m.st.Bad.Render("✗ "+won))
	}
	lines = append(lines, text.Wrap(why, w)...)
	if n := len(m.mistakes()); n > 0 {
		lines = append(lines, "", m.st.Bold.Render(m.cat.T(plural("ui.over.mistakes", n), n)))
	}
	if m.width < wideWidth {
		lines = append(lines, "", m.st.Subtle.Render(m.cat.T("ui.over.moves")))
	}
	return lines
}

// verdict says who won a finished game and why: who made the last move,
// and what that means in the convention played.
func (m play) verdict() (won, why string) {
	if m.match.Drawn() {
		return m.cat.T("ui.over.drawn"), m.cat.T("ui.over.drawn.why", engine.BriefOf(m.game(), m.match.Position()), engine.Repetitions)
	}
	winner, last := m.match.Winner(), m.match.ToMove().Other()
	switch m.sideKind(winner) {
	case "player":
		won = m.cat.T("ui.over.won", m.sideName(winner))
	case "you":
		won = m.cat.T("ui.over.youwin")
	default:
		won = m.cat.T("ui.over.cpuwins")
	}
	why = "ui.over.why." + m.match.Conv.String() + "." + m.sideKind(last)
	if m.sideKind(last) != "player" { // "you" and "the computer" are in the sentence
		return won, m.cat.T(why)
	}
	return won, m.cat.T(why, m.sideName(last))
}

// sideKind is who plays side s, as the catalogue's keys name them: a
// player by name or number in a demo and for a classmate in a room.
func (m play) sideKind(s engine.Side) string {
	switch {
	case m.demoGame(), m.pairs(), m.room() != nil && (s != m.you || m.room().watcher):
		return "player"
	case s == m.you:
		return "you"
	}
	return "cpu"
}

// historyLines are the moves so far, the latest last; the person's
// mistakes are marked.
func (m play) historyLines(w int) []string {
	title := m.cat.T("ui.history.head", m.st.Bold.Render(m.cat.T("ui.history")), m.st.Subtle.Render(m.cat.T("ui.history.start", engine.BriefOf(m.game(), m.match.Start))))
	lines := text.Wrap(title, w)
	turns := m.match.Turns()
	if len(turns) == 0 {
		return append(lines, m.st.Subtle.Render(m.cat.T("ui.history.none")))
	}
	g := m.game()
	for i, t := range turns {
		mark := "  "
		if !t.Auto && (t.Verdict == engine.Slips || t.Verdict == engine.Gives) {
			mark = m.st.Bad.Render("✗ ")
		}
		said := m.cat.T("ui.history.line", fmt.Sprintf("%2d", i+1), m.sideTitle(t.Side), engine.Describe(g, t.Before.Position, t.Move).Render(m.cat), engine.BriefOf(m.game(), t.After))
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

// duration says a time in minutes and seconds.
func (m play) duration(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s < 60 {
		return m.cat.T("ui.time.s", s)
	}
	return m.cat.T("ui.time.min", s/60, s%60)
}

// summaryLines end a quiz: the score, the time, and each question missed
// with a winning move.
func (m play) summaryLines(w int) []string {
	q := m.quiz()
	lines := []string{m.st.Bold.Render(m.cat.T("ui.quiz.summary", q.right, q.asked, m.duration(q.took)))}
	missed := 0
	g := m.game()
	for i, a := range q.log {
		if a.right {
			continue
		}
		missed++
		line := m.cat.T("ui.quiz.missed", i+1, engine.BriefOf(m.game(), a.turn.Before.Position), engine.Describe(g, a.turn.Before.Position, a.turn.Move).Render(m.cat),
			engine.Describe(g, a.turn.Before.Position, *a.turn.Before.Move).Render(m.cat))
		lines = append(lines, text.Wrap(line, w)...)
	}
	if missed == 0 {
		lines = append(lines, m.st.Good.Render(m.cat.T("ui.quiz.allright")))
	}
	return lines
}

// glossaryLines are the glossary's terms, each in both languages (the
// reader's first) with its definition in the reader's.
func (m play) glossaryLines(w int) []string {
	lines := text.WrapStyled(m.cat.T("ui.glossary.title"), w, m.st.Bold)
	for _, t := range assets.Glossary() {
		if t.Key == "" {
			continue
		}
		en, _, _ := strings.Cut(t.English, "|")
		zh, _, _ := strings.Cut(t.Chinese, "|")
		name := en + " · " + zh
		if m.cat.Lang == "zh" {
			name = zh + " · " + en
		}
		lines = append(lines, "", m.st.Bold.Render(name))
		for _, l := range text.Wrap(m.cat.T(t.Key), w-2) {
			lines = append(lines, "  "+l)
		}
		if t.Page != "" { // where the term is explained
			lines = append(lines, "  "+m.st.Subtle.Render(m.cat.T("gloss.page", t.Page)))
		}
	}
	return lines
}

// toggled is sheet shown, or none when it was already.
func toggled(shown, sheet string) string {
	if shown == sheet {
		return ""
	}
	return sheet
}

// selectedTable is the game of the selected place when its heaps have a
// table of Grundy values (in a sum, the selected component's), and the
// heap selected (0: none).
func (m play) selectedTable() (variants.HeapTabler, int64) {
	g, p, where := engine.PlaceIn(m.game(), m.pos(), m.sel.Where)
	tg, ok := g.(variants.HeapTabler)
	if !ok {
		return nil, 0
	}
	var heap int64
	if where >= 1 && where <= len(p) {
		heap = p[where-1]
	}
	return tg, heap
}

// tableRange is how far the table goes: past the heap selected, four
// rows of 12 at least, at most 100 rows.
func tableRange(heap int64) int64 {
	to := max(47, min(heap, 1199))
	return to/12*12 + 11
}

// tableLines are g(0..N) of the selected heap's game in rows of 12, the
// first period in bold and the selected heap's value marked, then the
// table's notes (the period's proof or the closed form) and how the
// selected heap's value is found (its mex).
func (m play) tableLines(w int) []string {
	tg, heap := m.selectedTable()
	if tg == nil {
		return text.WrapStyled(m.cat.T("ui.table.none"), w, m.st.Bold)
	}
	tab, err := tg.HeapTable(tableRange(heap))
	if err != nil {
		return text.Wrap(engine.Message(err, m.cat), w)
	}
	lines := text.WrapStyled(m.cat.T("ui.table.title", engine.Title(tg).Render(m.cat), tab.To), w, m.st.Bold)
	cell := len(strconv.FormatUint(slices.Max(tab.Values), 10)) + 1
	label := len("g(" + strconv.FormatInt(tab.To-11, 10) + ".." + strconv.FormatInt(tab.To, 10) + ")")
	for from := int64(0); from <= tab.To; from += 12 {
		row := text.PadRight("g("+strconv.FormatInt(from, 10)+".."+strconv.FormatInt(from+11, 10)+")", label) + " "
		for n := from; n <= min(from+11, tab.To); n++ {
			v := fmt.Sprintf("%*d", cell, tab.Values[n])
			switch p := tab.Period; {
			case n == heap && heap > 0:
				v = m.st.Selected.Render(v)
			case p != nil && n >= p.Preperiod && n < p.Preperiod+p.Period:
				v = m.st.Bold.Render(v)
			}
			row += v
		}
		lines = append(lines, row)
	}
	for _, note := range tab.Notes(tg) {
		lines = append(lines, "")
		lines = append(lines, text.Wrap(note.Render(m.cat), w)...)
	}
	if heap > 0 {
		lines = append(lines, "")
		lines = append(lines, text.WrapStyled(tab.Row(heap).Mex.Render(m.cat), w, m.st.Selected)...)
	}
	return lines
}
