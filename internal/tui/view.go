package tui

import (
	"strings"

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
		if help := m.mode.help(m.cat); help != "" { // what the mode does, which no key says
			body = append(text.Wrap(help, m.width-2*margin), append([]string{""}, body...)...)
		}
		if len(top)+len(body)+len(foot) > h { // over the board too, rather than cut (a sum at 80×24)
			top = []string{m.header(w - 2*margin), ""}
		}
	} else {
		pw, ph, side := panelSize(m.width, m.height, len(top), len(foot))
		body = strings.Split(m.panel.view(m.facts(pw), side, ph), "\n")
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
	if m.helpAll {
		return []string{m.st.Subtle.Render(m.cat.T("ui.help.close"))}
	}
	if own := m.mode.footer(m.cat); own != "" {
		return []string{m.st.Subtle.Render(own)}
	}
	return []string{m.st.shortFit(m.width, m.keys.ShortHelp(), m.keys.Help, m.keys.Confirm, m.keys.Steps)}
}

// panelSize is the explanation panel's width and height on a screen of
// width×height, below top lines and above foot lines, and the width of
// the moves beside it (0: none).
func panelSize(width, height, top, foot int) (w, h, side int) {
	w = width - 2*margin
	if width >= wideWidth {
		w = min(82, w*3/5)
		side = width - 2*margin - w - 2
	}
	h = height - top - foot
	return w, max(h, 1), side
}

// boardRoom is how many lines the board may take on a screen height
// high: the rest is the header, what was said, the panel's first lines
// and the keys.
func boardRoom(height int) int { return height - 12 }

// boardView is what the board is drawn from now: the position, the move
// being chosen or the computer's move during its pause, at the
// disclosure the moment allows, in the room the screen leaves it.
func (m play) boardView() board.View {
	v := m.mode.voice(m.explain, m.hint)
	bv := board.View{Game: m.game(), Pos: m.pos(), Start: m.match.Start, Labels: m.match.Now().Labels, Conv: m.match.Conv, Sel: m.sel.Selection, Choosing: m.yourTurn(),
		Disclosure: v.disclosure, Width: m.width - 2*margin, Height: boardRoom(m.height), Styles: m.st.Board, Cat: m.cat, Layouts: m.layouts,
		Values: v.disclosure == engine.Teach || m.explain != "off" && !v.hidden}
	if mv, ok := m.preview(); ok {
		bv.Preview = &mv
	}
	return bv
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
	name := gameName(m.game(), m.cat)
	for _, t := range []string{m.st.Title.Render("matchgame") + " · " + name + " · " + conv, name + " · " + conv, name + " · " + short, name} {
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
	t := m.teller()
	switch pairs := m.opts.pairs(); {
	case m.match.Drawn():
		return drawnWords(m.cat, m.st)
	case pairs && m.match.Over():
		return m.st.Good.Render("★ " + m.cat.T("ui.turn.won", t.sideName(m.match.Winner())))
	case pairs:
		return m.st.Selected.Render("▶ " + m.cat.T("ui.turn.player", t.sideName(m.match.ToMove())))
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
func drawnWords(cat *assets.Catalog, st *Styles) string {
	return st.Selected.Render("= " + cat.T("ui.turn.drawn"))
}

// tooSmall is the whole screen below the minimum size.
func tooSmall(cat *assets.Catalog, w, h int) string {
	lines := text.Wrap(cat.T("ui.toosmall", minWidth, minHeight, w, h), max(10, w-1))
	return strings.Join(fit(lines, max(1, h)), "\n")
}

// gameName is g's name with its parameters in the player's words: "Bash
// (at most 3 a move)".
func gameName(g engine.Game, cat *assets.Catalog) string { return engine.Title(g).Render(cat) }
