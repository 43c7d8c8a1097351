package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"matchgame/internal/engine"
)

// Layout of the game screen. The board starts at boardTop, one column in,
// so that mouse clicks map to matches.
const (
	minWidth  = 60
	minHeight = 20
	wideWidth = 110 // from here the history stands beside the explanation
	boardTop  = 2
	margin    = 1
)

func (m play) view() string {
	w, h := m.width, m.height
	if w < minWidth || h < minHeight {
		return tooSmall(m.cat, w, h)
	}
	var out []string
	out = append(out, m.header(w-2*margin), "")
	out = append(out, m.boardView(w-2*margin)...)
	out = append(out, "")
	if reason := m.refusal(); reason != "" { // said before enter, not after
		for _, l := range wrap("✗ "+reason, w-2*margin) {
			out = append(out, m.st.Error.Render(l))
		}
	}
	if m.note != "" {
		st := m.st.Text
		if m.noteBad {
			st = m.st.Error
		}
		for _, l := range wrap(m.note, w-2*margin) {
			out = append(out, st.Render(l))
		}
	}
	helpView := m.help.View(m.keys)
	room := h - len(out) - lipglossHeight(helpView) - 1
	if m.help.ShowAll {
		out = append(out, fit(strings.Split(helpView, "\n"), room+lipglossHeight(helpView))...)
		return frame(out, w, h)
	}
	out = append(out, "")
	if w >= wideWidth {
		lw := min(82, (w-2*margin)*3/5)
		left := m.scrolled(m.panel(lw-2), room)
		right := fit(m.historyLines(w-2*margin-lw-2), room)
		out = append(out, sideBySide(left, right, 2)...)
	} else if m.showHistory && !m.over() {
		out = append(out, fit(m.historyLines(w-2*margin), room)...)
	} else {
		panel := m.panel(w - 2*margin)
		if hist := m.historyLines(w - 2*margin); len(m.history) > 0 && len(panel)+2+len(hist) <= room {
			panel = append(append(panel, ""), hist...)
		}
		out = append(out, m.scrolled(panel, room)...)
	}
	for len(out) < h-lipglossHeight(helpView) {
		out = append(out, "")
	}
	out = append(out, strings.Split(helpView, "\n")...)
	return frame(out, w, h)
}

// boardWindow is the part of a board too tall for the screen that is
// shown: rows first to first+n, around the selection. n is 0 when the
// whole board fits.
func (m play) boardWindow(rows int) (first, n int) {
	room := m.height - 10 // the note, the panel's first lines, the help
	if rows <= room {
		return 0, 0
	}
	n = max(1, room-2) // the two lines that say how many rows are hidden
	sel := m.where - 1
	if m.g.Name() == "staircase" {
		sel = len(m.pos) - 1 - m.where
	}
	first = min(max(0, sel-n/2), rows-n)
	return first, n
}

// boardView is the board, cut to a window around the selection when it is
// taller than the screen allows.
func (m play) boardView(w int) []string {
	rows := m.board(w)
	first, n := m.boardWindow(len(rows))
	if n == 0 {
		return rows
	}
	var out []string
	if first > 0 {
		out = append(out, m.st.Subtle.Render(m.cat.T("ui.board.above", first)))
	}
	out = append(out, rows[first:first+n]...)
	if below := len(rows) - first - n; below > 0 {
		out = append(out, m.st.Subtle.Render(m.cat.T("ui.board.below", below)))
	}
	return out
}

// frame indents every line by the margin and cuts it to the screen: no
// board, however large, writes past the edge.
func frame(lines []string, w, h int) string {
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if l != "" {
			lines[i] = ansi.Truncate(strings.Repeat(" ", margin)+l, w, "…")
		}
	}
	return strings.Join(lines, "\n")
}

func lipglossHeight(s string) int { return strings.Count(s, "\n") + 1 }

// scrolled drops the first lines of a panel below its title, as far as
// the panel was scrolled, and keeps what fits in n lines with a note when
// more is below.
func (m play) scrolled(lines []string, n int) []string {
	if len(lines) <= n || n < 3 {
		return fit(lines, n)
	}
	top := min(m.scroll, len(lines)-n+1)
	body := lines[1+top:]
	if len(body) > n-1 {
		body = append(body[:n-2:n-2], m.st.Subtle.Render(m.cat.T("ui.more")))
	}
	return append([]string{lines[0]}, body...)
}

// fit keeps the first n lines, with "…" when some are left out.
func fit(lines []string, n int) []string {
	if n <= 0 {
		return nil
	}
	if len(lines) > n {
		lines = append(lines[:n-1:n-1], "…")
	}
	return lines
}

// wrap breaks text into lines of at most w columns, between words, and
// inside a word too wide for a line (Chinese has no spaces).
func wrap(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		line, lineW := "", 0
		for _, word := range strings.Fields(para) {
			for i, piece := range breakable(word) {
				sep := ""
				if i == 0 && line != "" {
					sep = " "
				}
				pw := visibleWidth(piece)
				if line != "" && lineW+len(sep)+pw > w {
					out, line, lineW, sep = append(out, line), "", 0, ""
				}
				if pw <= w {
					line, lineW = line+sep+piece, lineW+len(sep)+pw
					continue
				}
				for _, r := range piece { // a piece wider than the line is cut anywhere
					rw := visibleWidth(string(r))
					if line != "" && lineW+len(sep)+rw > w {
						out, line, lineW, sep = append(out, line), "", 0, ""
					}
					line, lineW, sep = line+sep+string(r), lineW+len(sep)+rw, ""
				}
			}
		}
		out = append(out, line)
	}
	return out
}

// breakable splits a word where a line may break inside it: Chinese has no
// spaces, so next to each wide character, but never before punctuation
// that must not start a line.
func breakable(word string) []string {
	var pieces []string
	start, wideBefore := 0, false
	for i, r := range word {
		wide := r >= 0x1100 && visibleWidth(string(r)) == 2 // the CJK range starts there
		if i > start && (wide || wideBefore) && !strings.ContainsRune(noLineStart, r) {
			pieces, start = append(pieces, word[start:i]), i
		}
		wideBefore = wide
	}
	return append(pieces, word[start:])
}

// noLineStart is the punctuation a line may not begin with, ASCII and
// full-width.
const noLineStart = ",.;:!?)]}\u3001\u3002\u300d\u300f\uff0c\uff1a\uff1b\uff01\uff1f\uff09"

// header names the game and says whose turn it is, in words and a glyph.
func (m play) header(w int) string {
	title := m.st.Title.Render("matchgame") + " · " + m.gameTitle() + " · " + m.cat.T("ui.conv."+m.conv.String())
	var turn string
	switch {
	case m.quiz:
		turn = m.st.Selected.Render("? " + m.cat.T("teach.quiz.score", m.right, m.asked))
	case m.over() && m.winner() == human:
		turn = m.st.Good.Render("★ " + m.cat.T("ui.turn.youwin"))
	case m.over():
		turn = m.st.Bad.Render("✗ " + m.cat.T("ui.turn.cpuwins"))
	case m.demo && m.demoPaused && !m.thinking:
		turn = "‖ " + m.cat.T("ui.turn.demo.paused")
	case m.demo:
		turn = m.spin.View() + " " + m.cat.T("ui.turn.demo")
	case m.thinking:
		turn = m.spin.View() + " " + m.cat.T("ui.turn.thinking")
	case m.toMove == human:
		turn = m.st.Selected.Render("▶ " + m.cat.T("ui.turn.you"))
	default:
		turn = "… " + m.cat.T("ui.turn.cpu")
	}
	// One line always: the board's place on screen is fixed for the mouse.
	if room := w - visibleWidth(turn) - 2; visibleWidth(title) > room {
		title = ansi.Truncate(title, max(0, room), "…")
	}
	gap := max(2, w-visibleWidth(title)-visibleWidth(turn))
	return title + strings.Repeat(" ", gap) + turn
}

func (m play) gameTitle() string {
	name := m.cat.T("ui.game." + m.g.Name())
	for _, p := range m.g.Params() { // (max 3), (set 1,3,4), in the player's words
		name += " (" + m.cat.T("teach.param."+p.Name, p.String()) + ")"
	}
	return name
}

// panel is the explanation of the position on screen, or the game-over
// verdict.
func (m play) panel(w int) []string {
	if m.over() {
		return m.overLines(w)
	}
	title := m.cat.T("ui.panel.why", m.cat.T("ui.explain."+m.explain))
	if m.demo {
		title = m.cat.T("ui.panel.demo")
	}
	if m.answered != nil {
		title = m.cat.T("teach.quiz.panel", m.pos.String())
	}
	lines := []string{m.st.PanelTitle.Render(title)}
	add := func(s string) { lines = append(lines, wrap(s, w)...) }
	if m.solveErr != nil {
		add(m.st.Error.Render(engine.Message(m.solveErr, m.cat)))
		return lines
	}
	a := m.analysis
	if m.hint {
		if a.Move != nil {
			add(m.st.Good.Render(m.cat.T("ui.hint", a.Summary().Render(m.cat))))
		} else {
			add(m.cat.T("ui.hint.none"))
		}
	}
	mode := m.explain
	switch {
	case m.demo || m.answered != nil:
		mode = "teach" // the answer is out: show everything
	case m.quiz && mode == "teach":
		mode = "why" // the question is open: keep the move back
	}
	switch mode {
	case "off":
		add(m.st.Subtle.Render(m.cat.T("ui.explain.isoff")))
		return lines
	case "teach":
		if !m.hint {
			add(a.Summary().Render(m.cat))
		}
	default:
		if !m.hint && !m.quiz { // the quiz asks only about N-positions, and has no hint
			add(m.cat.T("ui.outcome."+a.Outcome.String()+m.moverWord(), m.cat.T("ui.mover"+m.moverWord())))
		}
	}
	teach := mode == "teach"
	if teach && m.g.Name() == "wythoff" && m.queenGrid() != nil {
		legend := m.cat.T("teach.wythoff.legend")
		if m.conv == engine.Misere {
			legend += " · " + m.cat.T("teach.wythoff.legend.misere")
		}
		lines = append(lines, wrapStyled(legend, w, m.st.Subtle)...)
	}
	// The targets h ⊕ x are the move only where the nim-sum decides:
	// normal play, and misère play with at least two values of 2 or more.
	targets := teach || m.hint
	for _, b := range a.Explanation {
		if t, ok := b.(engine.Text); ok && m.conv == engine.Misere {
			if which, ok := misereCase(t.Key); ok && which != 2 {
				targets = false
			}
		}
	}
	for i, b := range a.Explanation {
		if !teach && !m.hint && m.revealsMove(b) {
			continue
		}
		if t, isText := b.(engine.Text); isText {
			if which, ok := misereCase(t.Key); ok && teach {
				lines = append(lines, m.misereCases(which, w)...)
			}
			add(t.Render(m.cat))
			if teach && i == 0 && m.g.Name() == "bash" {
				lines = append(lines, m.bashGroups(w)...)
			}
			continue
		}
		lines = append(lines, m.drawBlock(b, w, teach, targets)...)
	}
	return lines
}

// drawBlock draws a table of the explanation with colour where it points:
// the nim-sum row and its highest bit, the marked row of a table. The
// words, the brackets and the arrows carry the same without colour.
// Targets adds what names the move: the target of each reducible row.
func (m play) drawBlock(b engine.Block, w int, teach, targets bool) []string {
	switch t := b.(type) {
	case engine.NimSumTable:
		return m.nimTable(t, w, teach, targets)
	case engine.Table:
		lines := b.Lines(m.cat)
		if t.Mark >= 0 && t.Mark+1 < len(lines) {
			lines[t.Mark+1] = m.st.Selected.Render(lines[t.Mark+1])
		}
		return lines
	}
	return b.Lines(m.cat)
}

func (m play) moverWord() string {
	if m.toMove == human {
		return ".you"
	}
	return ".cpu"
}

// revealing are the explanation sentences that name the winning move or
// the position it leaves.
var revealing = map[string]bool{
	"nim.reduce": true, "nim.misere.reduce": true, "nim.misere.differs": true,
	"bash.take": true, "bash.misere.take": true,
	"wythoff.to.cold": true, "wythoff.diff": true,
	"stair.win":          true,
	"grundy.move.normal": true, "grundy.move.misere": true, "grundy.exact.move": true,
}

// revealsMove reports whether an explanation block names the winning move,
// which "why" mode keeps back: the sentences that say which move to make.
func (m play) revealsMove(b engine.Block) bool {
	t, ok := b.(engine.Text)
	if !ok || m.analysis.Move == nil {
		return false
	}
	if revealing[t.Key] || strings.HasSuffix(t.Key, ".move") {
		return true
	}
	return strings.Contains(t.Render(m.cat), m.g.DescribeMove(*m.analysis.Move).Render(m.cat))
}

// overLines says who won and why, and what can be done next.
func (m play) overLines(w int) []string {
	var lines []string
	add := func(s string) { lines = append(lines, wrap(s, w)...) }
	won, why := m.verdict()
	if m.winner() == human {
		lines = append(lines, m.st.Good.Render("★ "+won+" ★"))
	} else {
		lines = append(lines, m.st.Bad.Render("✗ "+won))
	}
	add(why)
	if m.demo {
		add(m.cat.T("teach.demo.yourside"))
	}
	next := "ui.over.next"
	if !m.canUndo() || m.quiz {
		next = "teach.over.next.noundo" // nothing of the player's to take back
	}
	lines = append(lines, "", m.cat.T(next))
	return lines
}

// verdict says who won a finished game and why: who made the last move,
// and what that means in the convention played.
func (m play) verdict() (won, why string) {
	won = m.cat.T("ui.over.youwin")
	if m.winner() == computer {
		won = m.cat.T("ui.over.cpuwins")
	}
	last := map[side]string{human: "you", computer: "cpu"}[m.toMove.other()]
	return won, m.cat.T("ui.over.why." + m.conv.String() + "." + last)
}

// historyLines is the move history, the latest moves last.
func (m play) historyLines(w int) []string {
	lines := []string{m.st.PanelTitle.Render(m.cat.T("ui.history")) + " " + m.st.Subtle.Render(m.cat.T("ui.history.start", m.start.String()))}
	if len(m.history) == 0 {
		return append(lines, m.st.Subtle.Render(m.cat.T("ui.history.none")))
	}
	for i, t := range m.history {
		who := m.cat.T("ui.who.you")
		if t.by == computer {
			who = m.cat.T("ui.who.cpu")
		}
		for j, l := range wrap(fmt.Sprintf("%2d. %s: %s → %s", i+1, who, m.g.DescribeMove(t.move).Render(m.cat), t.after), w-4) {
			if j > 0 {
				l = "    " + l
			}
			lines = append(lines, l)
		}
	}
	return lines
}

// mouse: hovering a match (coin, cell) previews the move that takes it
// and every match after it (moves those coins down, moves the chessman
// there); a click makes the move.
func (m play) mouse(msg tea.MouseMsg) (play, tea.Cmd) {
	if !m.keys.Confirm.Enabled() {
		return m, nil
	}
	y := msg.Y - boardTop
	if first, n := m.boardWindow(len(m.board(m.width - 2*margin))); n > 0 {
		y += first - 1 // under the line that counts the rows above
		if y < first || y >= first+n {
			return m, nil
		}
	}
	mv, ok := m.moveAt(msg.X-margin, y)
	if !ok {
		return m, nil
	}
	m.where, m.amount, m.typed = mv.Where, mv.Amount, ""
	if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
		return m.confirm()
	}
	return m, nil
}

// moveAt is the move under column x of board row y.
func (m play) moveAt(x, y int) (engine.Move, bool) {
	w := m.width - 2*margin
	switch m.g.Name() {
	case "staircase":
		s := len(m.pos) - 1 - y
		if s < 1 || s >= len(m.pos) {
			return engine.Move{}, false
		}
		_, b := m.stairLayout(w)
		b.x0 += 2 * s
		c := b.takeAt(x, m.pos[s])
		return engine.Move{Where: s, Amount: c}, c > 0
	case "georgia-bob":
		if y != 1 || x < 1 || m.gbLayoutFor(w) != (gbLayout{"│", -1}) {
			return engine.Move{}, false // narrower rows take keys only
		}
		cell := int64((x-1)/4 + 1)
		prev := int64(0)
		for i, p := range m.pos {
			if cell > prev && cell < p {
				return engine.Move{Where: i + 1, Amount: p - cell}, true
			}
			prev = p
		}
		return engine.Move{}, false
	}
	heap := y + 1
	if heap < 1 || heap > len(m.pos) {
		return engine.Move{}, false
	}
	take := m.heapGeometry(w).takeAt(x, m.pos[heap-1])
	where := heap
	if m.g.Name() == "wythoff" && m.where == 3 {
		where = 3 // taking from both heaps: the click says how many
	}
	return engine.Move{Where: where, Amount: take}, take > 0
}
