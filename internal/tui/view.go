package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
)

// Layout of the game screen: a header, the board from boardTop (one
// column in, so that clicks map to the board), what was said, then the
// explanation panel (with the moves beside it on a wide screen) and one
// line of key hints.
const (
	minWidth  = 60
	minHeight = 20
	wideWidth = 110 // from here the moves stand beside the explanation
	boardTop  = 2
	margin    = 1
)

func (m play) view() string {
	w, h := m.width, m.height
	if w < minWidth || h < minHeight {
		return tooSmall(m.cat, w, h)
	}
	top := m.topLines()
	foot := m.footer()
	var body []string
	if m.helpAll {
		body = m.st.fullHelp(m.width, m.keys.FullHelp())
		if m.quiz() != nil { // what the quiz does, which no key says
			body = append(text.Wrap(m.cat.T("ui.quiz.help"), m.width-2*margin), append([]string{""}, body...)...)
		}
	} else {
		body = strings.Split(m.panelView(len(top), len(foot)), "\n")
	}
	room := h - len(top) - len(foot)
	out := append(top, fit(body, room)...)
	for len(out) < h-len(foot) {
		out = append(out, "")
	}
	return frame(append(out, foot...), w, h)
}

// topLines are the header, the board and what was said, down to the
// panel.
func (m play) topLines() []string {
	w := m.width - 2*margin
	out := []string{m.header(w), ""}
	out = append(out, board.Draw(m.boardView())...)
	out = append(out, "")
	if reason := m.refusal(); reason != "" { // said before enter, not after
		out = append(out, text.WrapStyled("✗ "+reason, w, m.st.Bad)...)
	}
	if m.lesson != "" && m.asking == "" {
		out = append(out, text.WrapStyled("✗ "+m.lesson, w, m.st.Bad)...)
	}
	if m.asking != "" {
		out = append(out, text.WrapStyled(m.cat.T("ui.ask."+m.asking), w, m.st.Selected)...)
	} else if m.note != "" {
		st := m.st.Bold
		if m.noteBad {
			st = m.st.Bad
		}
		out = append(out, text.WrapStyled(m.note, w, st)...)
	}
	return append(out, "")
}

// footLines is how many lines footer draws: the panel is sized on every
// key without drawing the key hints again.
const footLines = 1

// footer is the one line of key hints, or a reminder of ? when the help
// is open.
func (m play) footer() []string {
	switch {
	case m.helpAll:
		return []string{m.st.Subtle.Render(m.cat.T("ui.help.close"))}
	case m.reviewing():
		return []string{m.st.Subtle.Render(m.cat.T("ui.review.keys"))}
	}
	return []string{m.st.help(m.width).ShortHelpView(m.keys.ShortHelp())}
}

// panelSize is the explanation panel's width and height for the screen,
// below top lines and above foot lines, and the width of the moves
// beside it (0: none).
func (m play) panelSize(top, foot int) (w, h, side int) {
	w = m.width - 2*margin
	if m.width >= wideWidth {
		w = min(82, w*3/5)
		side = m.width - 2*margin - w - 2
	}
	h = m.height - top - foot
	return w, max(h, 1), side
}

// panelView is the panel, and beside it the moves on a wide screen.
func (m play) panelView(top, foot int) string {
	panel := m.why.View()
	if below := m.why.TotalLineCount() - m.why.YOffset - m.why.Height; below > 0 && m.why.Height > 1 {
		// The last line says that more is below, and how to see it.
		lines := strings.Split(panel, "\n")
		lines[len(lines)-1] = m.st.Subtle.Render(m.cat.T("ui.panel.more", below+1))
		panel = strings.Join(lines, "\n")
	}
	_, h, side := m.panelSize(top, foot)
	if side == 0 {
		return panel
	}
	moves := strings.Join(fit(m.historyLines(side), h), "\n")
	return lipgloss.JoinHorizontal(lipgloss.Top, panel, "  ", moves)
}

// boardRoom is how many lines the board may take: the rest is the
// header, what was said, the panel's first lines and the keys.
func (m play) boardRoom() int { return m.height - 12 }

// boardView is what the board is drawn from now: the position, the move
// being chosen or the computer's move during its pause, at the
// disclosure the moment allows, in the room the screen leaves it.
func (m play) boardView() board.View {
	v := board.View{Game: m.game(), Pos: m.pos(), Conv: m.match.Conv, Sel: m.sel.Selection, Choosing: m.yourTurn(),
		Disclosure: m.disclosure(), Width: m.width - 2*margin, Height: m.boardRoom(), Styles: m.st.Board, Cat: m.cat, Layouts: m.layouts,
		Values: m.disclosure() == engine.Teach || m.explain != "off" && m.quiz() == nil}
	if mv, ok := m.preview(); ok {
		v.Preview = &mv
	}
	return v
}

// header names the game and says whose turn it is, in words and a glyph:
// one line always, the board's place on screen is fixed for the mouse.
func (m play) header(w int) string {
	turn := m.turnWords()
	room := w - text.Width(turn) - 2
	// The roomiest title that fits: the program's name goes first, then
	// the convention is said short, then the game's title stands alone (issue 18, rough edge 7: cut at 60
	// columns where it need not be); only a title too long even so is cut.
	conv, short := m.cat.T("ui.conv."+m.match.Conv.String()), m.cat.T("ui.conv.short."+m.match.Conv.String())
	var title string
	for _, t := range []string{m.st.Title.Render("matchgame") + " · " + m.gameTitle() + " · " + conv, m.gameTitle() + " · " + conv, m.gameTitle() + " · " + short, m.gameTitle()} {
		if title = t; text.Width(t) <= room {
			break
		}
	}
	if text.Width(title) > room {
		title = text.Truncate(title, max(0, room), "…")
	}
	gap := max(2, w-text.Width(title)-text.Width(turn))
	return title + strings.Repeat(" ", gap) + turn
}

// turnWords say whose turn it is, or who won: the mode's words, or the
// game's.
func (m play) turnWords() string {
	if w := m.mode.turn(m); w != "" {
		return w
	}
	switch {
	case m.match.Drawn():
		return m.drawnWords()
	case m.pairs() && m.match.Over():
		return m.st.Good.Render("★ " + m.cat.T("ui.turn.won", m.sideName(m.match.Winner())))
	case m.pairs():
		return m.st.Selected.Render("▶ " + m.cat.T("ui.turn.player", m.sideName(m.match.ToMove())))
	case m.match.Over() && m.match.Winner() == m.you:
		return m.st.Good.Render("★ " + m.cat.T("ui.turn.youwin"))
	case m.match.Over():
		return m.st.Bad.Render("✗ " + m.cat.T("ui.turn.cpuwins"))
	case m.thinking:
		return m.spin.View() + " " + m.cat.T("ui.turn.thinking")
	case m.match.ToMove() == m.you:
		return m.st.Selected.Render("▶ " + m.cat.T("ui.turn.you"))
	}
	return "… " + m.cat.T("ui.turn.cpu")
}

// drawnWords say that the match ended in a draw by repetition.
func (m play) drawnWords() string { return m.st.Selected.Render("= " + m.cat.T("ui.turn.drawn")) }

// gameTitle is the game's name with its parameters in the player's words.
func (m play) gameTitle() string { return gameName(m.game(), m.cat) }

// tooSmall is the whole screen below the minimum size.
func tooSmall(cat *assets.Catalog, w, h int) string {
	lines := text.Wrap(cat.T("ui.toosmall", minWidth, minHeight, w, h), max(10, w-1))
	return strings.Join(fit(lines, max(1, h)), "\n")
}

// gameName is g's name with its parameters in the player's words: "Bash
// (at most 3 a move)".
func gameName(g engine.Game, cat *assets.Catalog) string { return engine.Title(g).Render(cat) }
