package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// The panel under the board: the explanation of the position on screen
// at the disclosure the moment allows, the verdict at game over, the quiz
// summary or the review. It scrolls (pgup/pgdn, ctrl+u/ctrl+d, the wheel).

// panel is the explanation under the board, a component of the game
// screen, and what can cover it: the key help, the moves on a narrow
// screen, a handout shown to copy, a reference sheet. Its lines are laid
// out from a small value (facts) the screen makes.
type panel struct {
	why         viewport.Model // the explanation panel
	panelText   string         // its content, to know when it changes
	laid        *laidOut       // the last explanation laid out, shared by the model's copies
	layouts     *board.Layouts // the board's last sum laid out: this screen's own
	helpAll     bool           // the key help fills the screen
	showHistory bool           // narrow screens: the panel shows the moves
	handout     string         // over SSH, the handout shown for copying (no file is written there)
	sheet       sheet          // a reference sheet over the panel (g, t); nil for none
	sheetFirst  int64          // the first column of the table sheet's grid, scrolled by ←/→; 0: the position's window
}

// facts is what the panel is laid out from: the match told in the
// person's words, the mode's voice, the hint, the width.
type facts struct {
	tell     teller
	st       *Styles
	w        int  // the panel's width
	wide     bool // the moves stand beside the panel
	moves    bool // tab shows the moves: its key works here (not in a lesson, whose tab is the next step)
	voice    voice
	explain  string
	hint     int
	hold     string
	offer    bool // the hint is offered: its key works now
	table    tableAt
	laid     *laidOut
	mistakes []int
}

// tableAt is the game of the selected place when its heaps have a table
// of Grundy values (in a sum, the selected component's), and the heap
// selected (0: none).
type tableAt struct {
	game  variants.HeapTabler
	heap  int64
	other otherAt // a grid or a graph's vertices where the heaps have none (panel_tables.go)
}

// facts are the screen's facts for a panel w wide.
func (m play) facts(w int) facts {
	tell := m.teller()
	tg, heap := selectedTable(m.game(), m.pos(), m.sel.Where)
	return facts{tell: tell, st: m.st, w: w, wide: m.width >= wideWidth, moves: m.keys.History.Enabled(), voice: m.mode.voice(m.explain, m.hint), explain: m.explain,
		hint: m.hint, hold: m.hold, offer: m.keys.Hint.Enabled(), table: tableAt{tg, heap, m.panel.other(m.match, m.sel.Where)}, laid: m.laid, mistakes: tell.mistakes()}
}

// refreshPanel lays the panel out again for the screen and the state; a
// new content starts at its top.
func (m *play) refreshPanel() {
	if m.width == 0 {
		return
	}
	w, h, _ := panelSize(m.width, m.height, len(m.topLines()), footLines)
	m.panel.lay(m.facts(w), m.mode, h)
}

// lay puts lines laid out from f in the viewport, h lines high.
func (p *panel) lay(f facts, md mode, h int) {
	content := strings.Join(p.lines(f, md), "\n")
	if p.why.Width != f.w || content != p.panelText {
		p.why.GotoTop()
	}
	p.why.Width, p.why.Height, p.panelText = f.w, h, content
	p.why.SetContent(content)
}

// lines is what the panel shows now.
func (p panel) lines(f facts, md mode) []string {
	if p.handout != "" {
		return append(text.WrapStyled(f.tell.cat.T("ui.handout.copy"), f.w, f.st.Bold), text.Wrap(p.handout, f.w)...)
	}
	if p.sheet != nil {
		return p.sheet.lines(f)
	}
	if lines := md.cover(f); lines != nil {
		return lines
	}
	switch {
	case p.showHistory && !f.wide:
		return f.tell.historyLines(f.w, f.st)
	case f.tell.match.Over():
		return f.overLines()
	}
	if lines := md.why(f); lines != nil {
		return lines
	}
	return f.whyLines()
}

// sheetKey reports whether msg opens or closes what covers the panel: g
// and t a reference sheet, esc a sheet or the handout shown to copy.
func (p panel) sheetKey(msg tea.KeyMsg, k KeyMap) bool {
	return key.Matches(msg, k.Glossary) || key.Matches(msg, k.Table) || (p.sheet != nil || p.handout != "") && key.Matches(msg, k.Back)
}

// sheetAfter takes such a key: g and t toggle their sheets, esc closes
// the handout, or else the sheet.
func (p *panel) sheetAfter(msg tea.KeyMsg, k KeyMap) {
	p.sheetFirst = 0 // a sheet opens on the position
	switch {
	case key.Matches(msg, k.Glossary):
		p.sheet = toggled(p.sheet, glossarySheet{})
	case key.Matches(msg, k.Table):
		p.sheet = toggled(p.sheet, tableSheet{})
	case p.handout != "":
		p.handout = ""
	default:
		p.sheet = nil
	}
}

// view is the panel, and beside it the moves (side columns wide, none
// when 0).
func (p panel) view(f facts, side, h int) string {
	panel := p.why.View()
	if below := p.why.TotalLineCount() - p.why.YOffset - p.why.Height; below > 0 && p.why.Height > 1 {
		// The last line says that more is below, and how to see it.
		lines := strings.Split(panel, "\n")
		lines[len(lines)-1] = f.st.Subtle.Render(f.tell.cat.T("ui.panel.more", below+1))
		panel = strings.Join(lines, "\n")
	}
	if side == 0 {
		return panel
	}
	moves := strings.Join(fit(f.tell.historyLines(side, f.st), h), "\n")
	return lipgloss.JoinHorizontal(lipgloss.Top, panel, "  ", moves)
}

// whyLines is the explanation of the position on screen.
func (f facts) whyLines() []string {
	title := f.tell.cat.T(f.voice.title, f.tell.cat.T("ui.explain."+f.explain))
	lines := []string{f.st.Bold.Render(title)}
	if st, said := f.whySaid(); said != "" {
		lines = append(lines, text.WrapStyled(said, f.w, st)...)
	}
	if f.voice.off {
		return lines
	}
	lines = append(lines, f.explanationLines(f.tell.match.Now(), f.voice.disclosure)...)
	return append(lines, f.winningLines()...)
}

// mostListed is how many winning moves the panel lists.
const mostListed = 12

// winningLines list the winning moves where all of the answer is shown
// and there are several: the count alone ("Winning moves from here: 4")
// left a class asking which.
func (f facts) winningLines() []string {
	a, cat := f.tell.match.Now(), f.tell.cat
	if f.voice.disclosure != engine.Teach || len(a.Winning) < 2 {
		return nil
	}
	var said []string
	for _, mv := range a.Winning[:min(len(a.Winning), mostListed)] {
		said = append(said, a.Describe(mv).Render(cat))
	}
	if len(a.Winning) > mostListed {
		said = append(said, "…")
	}
	return text.Wrap(cat.T("cli.winning.list", cat.Join("cli.winning.sep", said)), f.w)
}

// whySaid is the panel's first sentence: the hint asked for, that the
// explanations are off, the verdict, or none ("" in a quiz before the
// answer).
func (f facts) whySaid() (text.Style, string) {
	a, cat := f.tell.match.Now(), f.tell.cat
	switch {
	case f.hint > 0:
		return f.hintSaid(a)
	case f.voice.after:
		return f.st.Subtle, cat.T("ui.explain.after")
	case f.voice.off && f.voice.hidden:
		return f.st.Subtle, cat.T("ui.explain.isoff.quiz")
	case f.voice.off:
		return f.st.Subtle, cat.T("ui.explain.isoff")
	case f.voice.disclosure == engine.Teach:
		return f.st.Bold, a.Summary().Render(cat)
	case !f.voice.hidden:
		said := cat.T("ui.outcome."+a.Outcome.String(), f.tell.sideName(f.tell.match.ToMove()))
		if a.Move != nil && f.offer { // not in a room, nor on the computer's turn
			said = sentences(cat, said, cat.T("ui.hint.offer"))
		}
		return f.st.Bold, said
	}
	return f.st.Bold, ""
}

// hintSaid is the hint asked for: the place, then the move; with no
// winning move, the move that holds out or keeps the draw.
func (f facts) hintSaid(a engine.Analysis) (text.Style, string) {
	cat := f.tell.cat
	switch {
	case f.hint == 1 && a.Move != nil:
		return f.st.Good, cat.T("ui.hint.place", a.Hint.Render(cat))
	case f.hint == 2 && a.Move != nil:
		return f.st.Good, cat.T("ui.hint.move", a.Summary().Render(cat))
	case f.hold != "":
		return f.st.Bold, f.hold
	case a.Outcome == engine.D:
		return f.st.Bold, cat.T("ui.hint.draw")
	}
	return f.st.Bold, cat.T("ui.hint.none", cat.T(f.tell.game().Board().Unit))
}

// explanationLines lays out an analysis's explanation at disclosure d:
// sentences wrapped, tables as the engine lays them out, marks coloured
// and bracketed.
func (f facts) explanationLines(a engine.Analysis, d engine.Disclosure) []string {
	if f.laid == nil || len(a.Explanation) == 0 {
		return f.layOut(a, d)
	}
	key := laidKey{&a.Explanation[0], len(a.Explanation), d, f.w, f.tell.cat, f.st}
	if f.laid.key != key {
		*f.laid = laidOut{key, f.layOut(a, d)}
	}
	return slices.Clone(f.laid.lines)
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
func (f facts) layOut(a engine.Analysis, d engine.Disclosure) []string {
	cat, st := f.tell.cat, f.st
	l := engine.Layout{Lang: cat, Show: d, Glyphs: true, Style: st.mark, Width: f.w}
	var lines []string
	for _, b := range a.Explanation.Shown(d) {
		switch s := b.(type) {
		case engine.Text:
			lines = append(lines, text.Wrap(s.Render(cat), f.w)...)
		case engine.Sentence:
			for _, line := range text.Wrap(s.Render(cat), f.w) {
				lines = append(lines, st.mark(s.Mark, line))
			}
		default:
			lines = append(lines, b.Lines(l)...)
		}
	}
	return lines
}

// overLines say who won and why.
func (f facts) overLines() []string {
	var lines []string
	t, st := f.tell, f.st
	won, why := t.verdict()
	switch {
	case t.match.Drawn():
		lines = append(lines, st.Selected.Render("= "+won+" ="))
	case t.match.Winner() == t.you || t.demoGame() || t.pairs:
		lines = append(lines, st.Good.Render("★ "+won+" ★"))
	default:
		lines = append(lines, st.Bad.Render("✗ "+won))
	}
	lines = append(lines, text.Wrap(why, f.w)...)
	if n := len(f.mistakes); n > 0 {
		lines = append(lines, "", st.Bold.Render(t.cat.T(plural("ui.over.mistakes", n), n)))
	}
	if f.moves {
		lines = append(lines, "", st.Subtle.Render(t.cat.T("ui.over.moves")))
	}
	return lines
}

// duration says a time in minutes and seconds.
func duration(d time.Duration, cat *assets.Catalog) string {
	s := int(d.Round(time.Second).Seconds())
	if s < 60 {
		return cat.T("ui.time.s", s)
	}
	return cat.T("ui.time.min", s/60, s%60)
}

// sheet is a reference sheet over the panel, a component with its own
// key (g, t) that the panel opens and closes: its lines are laid out from
// the panel's facts.
type sheet interface {
	lines(f facts) []string
}

// glossarySheet is the glossary's terms, each in both languages (the
// reader's first) with its definition in the reader's.
type glossarySheet struct{}

func (glossarySheet) lines(f facts) []string {
	cat, w := f.tell.cat, f.w
	lines := text.WrapStyled(cat.T("ui.glossary.title"), w, f.st.Bold)
	for _, t := range assets.Glossary() {
		if t.Key == "" {
			continue
		}
		en, _, _ := strings.Cut(t.English, "|")
		zh, _, _ := strings.Cut(t.Chinese, "|")
		name := en + " · " + zh
		if cat.Lang == "zh" {
			name = zh + " · " + en
		}
		lines = append(lines, "", f.st.Bold.Render(name))
		for _, l := range text.Wrap(cat.T(t.Key), w-2) {
			lines = append(lines, "  "+l)
		}
		if t.Page != "" { // where the term is explained
			lines = append(lines, "  "+f.st.Subtle.Render(cat.T("gloss.page", t.Page)))
		}
	}
	return lines
}

// toggled is sheet s shown, or none when it was already.
func toggled(shown, s sheet) sheet {
	if shown == s {
		return nil
	}
	return s
}

// selectedTable is the game of place where when its heaps have a table of
// Grundy values (in a sum, that component's), and the heap there (0:
// none).
func selectedTable(g engine.Game, p engine.Position, where int) (variants.HeapTabler, int64) {
	pg, q, w := engine.PlaceIn(g, p, where)
	tg, ok := pg.(variants.HeapTabler)
	if !ok {
		return nil, 0
	}
	var heap int64
	if w >= 1 && w <= len(q) {
		heap = q[w-1]
	}
	return tg, heap
}

// tableRange is how far the table goes: past the heap selected, four
// rows of 12 at least, at most 100 rows.
func tableRange(heap int64) int64 {
	to := max(47, min(heap, 1199))
	return to/12*12 + 11
}

// tableSheet is g(0..N) of the selected heap's game in rows of 12, the
// first period in bold and the selected heap's value marked, then the
// table's notes (the period's proof or the closed form) and how the
// selected heap's value is found (its mex).
type tableSheet struct{}

func (tableSheet) lines(f facts) []string {
	cat, st, w := f.tell.cat, f.st, f.w
	tg, heap := f.table.game, f.table.heap
	if tg == nil {
		if other, ok := otherTableLines(f.table.other, cat, st, w); ok { // a grid or a graph's vertices: panel_tables.go
			return other
		}
		return text.WrapStyled(cat.T("ui.table.none"), w, st.Bold)
	}
	tab, err := tg.HeapTable(tableRange(heap))
	if err != nil {
		return text.Wrap(engine.Message(err, cat), w)
	}
	lines := text.WrapStyled(cat.T("ui.table.title", engine.Title(tg).Render(cat), tab.To), w, st.Bold)
	cell := len(strconv.FormatUint(slices.Max(tab.Values), 10)) + 1
	label := len("g(" + strconv.FormatInt(tab.To-11, 10) + ".." + strconv.FormatInt(tab.To, 10) + ")")
	for from := int64(0); from <= tab.To; from += 12 {
		row := text.PadRight("g("+strconv.FormatInt(from, 10)+".."+strconv.FormatInt(from+11, 10)+")", label) + " "
		for n := from; n <= min(from+11, tab.To); n++ {
			v := fmt.Sprintf("%*d", cell, tab.Values[n])
			switch p := tab.Period; {
			case n == heap && heap > 0:
				v = st.Selected.Render(v)
			case p != nil && n >= p.Preperiod && n < p.Preperiod+p.Period:
				v = st.Bold.Render(v)
			}
			row += v
		}
		lines = append(lines, row)
	}
	for _, note := range tab.Notes(tg) {
		lines = append(lines, "")
		lines = append(lines, text.Wrap(note.Render(cat), w)...)
	}
	if heap > 0 {
		lines = append(lines, "")
		lines = append(lines, text.WrapStyled(tab.Row(heap).Mex.Render(cat), w, st.Selected)...)
	}
	return lines
}
