package learn

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/tui/text"
)

// TryMsg asks the game to open a page's example: to play it against the
// computer, or (Demo) to watch perfect play.
type TryMsg struct {
	Setup Setup
	Demo  bool
}

// BackMsg: the person leaves the learn screen.
type BackMsg struct{}

// The smallest screen the pages are laid out for; the game's own.
const (
	minWidth  = 60
	minHeight = 20
)

// Model is the learn screen: the list of pages, or one page to scroll
// through, with its example to try and its exercises' answers to show.
type Model struct {
	cat  *assets.Catalog
	st   Styles
	help help.Model
	keys keyMap
	full bool // the full help in place of the page

	pages   []Page
	at      int  // the page selected in the list
	reading bool // a page is open
	doc     Doc
	draw    int  // which exercises are drawn
	answers bool // the exercises' answers are shown
	// Fixed: the lesson shows one page; the list and the other pages are
	// the teacher's to choose.
	Fixed bool
	// Around are the keys the screen around this one takes (a lesson's
	// tab, shift+tab and q), listed in the help with its own.
	Around []key.Binding

	vp            viewport.Model
	width, height int
}

// New is the learn screen in lang, drawn in st, on the list of pages or
// (topic given) on that page.
func New(lang string, st Styles, hs help.Styles, topic string) Model {
	m := Model{cat: assets.Messages(lang), st: st, pages: Pages(), vp: viewport.New(0, 0)}
	m.vp.KeyMap = viewport.KeyMap{} // the screen's own keys move it
	m.help = help.New()
	m.help.Styles = hs
	m.keys = newKeys(m.cat)
	if p, ok := Find(topic); ok && topic != "" {
		for i, q := range m.pages {
			if q.ID == p.ID {
				m.at = i
			}
		}
		m = m.open()
	}
	m.sync()
	return m
}

// Page is the id of the page open, "" on the list.
func (m Model) Page() string {
	if !m.reading {
		return ""
	}
	return m.doc.Page.ID
}

// open reads the page selected, from its top.
func (m Model) open() Model {
	doc, err := Render(m.pages[m.at].ID, m.cat.Lang, m.draw)
	if err != nil { // embedded and tested: only a broken build gets here
		doc = Doc{Page: m.pages[m.at], Lang: m.cat.Lang, Title: m.pages[m.at].ID, Blocks: []Block{Failed{Source: m.pages[m.at].ID, Why: err.Error()}}}
	}
	m.doc, m.reading = doc, true
	m.vp.GotoTop()
	m.layout()
	return m
}

// example is the page's worked example, nil when it has none.
func (m Model) example() *Worked {
	for _, b := range m.doc.Blocks {
		if w, ok := b.(Worked); ok && w.Example {
			return &w
		}
	}
	return nil
}

// playable: the page's example can be opened in the game (an Every-SG
// sum cannot: the terminal game does not play that rule).
func (m Model) playable() bool {
	w := m.example()
	return m.reading && w != nil && w.Every == nil
}

// sync turns on the keys that do something now.
func (m *Model) sync() {
	k := &m.keys
	page, list := m.reading, !m.reading
	k.Open.SetEnabled(list)
	k.Index.SetEnabled(page && !m.Fixed)
	k.Next.SetEnabled(page && !m.Fixed)
	k.Prev.SetEnabled(page && !m.Fixed)
	k.Try.SetEnabled(m.playable())
	k.Demo.SetEnabled(m.playable())
	hasEx := page && m.hasExercises()
	k.Answers.SetEnabled(hasEx)
	k.Redraw.SetEnabled(hasEx)
	k.Page.SetEnabled(true)
	k.Back.SetEnabled(!m.Fixed)
	// esc on a page goes to the list; on the list it leaves the screen.
	if page {
		k.Back.SetHelp("esc/q", m.cat.T("learn.key.tolist"))
	} else {
		k.Back.SetHelp("esc/q", m.cat.T("learn.key.back"))
	}
}

func (m Model) hasExercises() bool {
	for _, b := range m.doc.Blocks {
		if e, ok := b.(Exercises); ok && len(e.Items) > 0 {
			return true
		}
	}
	return false
}

// Update takes a key or a new size.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
	case tea.KeyMsg:
		return m.key(msg)
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.vp.ScrollUp(3)
		case tea.MouseButtonWheelDown:
			m.vp.ScrollDown(3)
		}
	}
	return m, nil
}

func (m Model) key(msg tea.KeyMsg) (Model, tea.Cmd) {
	m.sync() // Fixed may have been set since
	k := m.keys
	if m.full { // the help covers the page: ? or esc closes it
		if key.Matches(msg, k.Help) || msg.String() == "esc" || key.Matches(msg, k.Back) {
			m.full = false
		}
		return m, nil
	}
	switch {
	case key.Matches(msg, k.Help):
		m.full = true
	case key.Matches(msg, k.Up):
		m = m.move(-1)
	case key.Matches(msg, k.Down):
		m = m.move(1)
	case key.Matches(msg, k.Page):
		m = m.pageKey(msg.String())
	case key.Matches(msg, k.Try), key.Matches(msg, k.Demo):
		w := *m.example()
		demo := key.Matches(msg, k.Demo)
		return m, func() tea.Msg { return TryMsg{Setup: w.Setup, Demo: demo} }
	case key.Matches(msg, k.Back) && m.reading: // back to the list; the list's esc leaves
		m.reading = false
		m.layout()
	case key.Matches(msg, k.Back):
		return m, func() tea.Msg { return BackMsg{} }
	default:
		m = m.pageChange(msg)
	}
	m.sync()
	return m, nil
}

// pageChange: enter opens the page chosen, ] and [ turn the pages, i
// lists them, a shows the answers, x draws other exercises.
func (m Model) pageChange(msg tea.KeyMsg) Model {
	k := m.keys
	switch {
	case key.Matches(msg, k.Open):
		m = m.open()
	case key.Matches(msg, k.Next), key.Matches(msg, k.Prev):
		d := 1
		if key.Matches(msg, k.Prev) {
			d = len(m.pages) - 1
		}
		m.at, m.answers = (m.at+d)%len(m.pages), false
		m = m.open()
	case key.Matches(msg, k.Index):
		m.reading = false
		m.layout()
	case key.Matches(msg, k.Answers):
		m.answers = !m.answers
		m.layout()
	case key.Matches(msg, k.Redraw):
		m.draw++
		off := m.vp.YOffset
		m = m.open()
		m.vp.SetYOffset(off)
	}
	return m
}

// move: ↑/↓ choose a page on the list, scroll a page by a line.
func (m Model) move(d int) Model {
	if m.reading {
		if d < 0 {
			m.vp.ScrollUp(1)
		} else {
			m.vp.ScrollDown(1)
		}
		return m
	}
	m.at = (m.at + d + len(m.pages)) % len(m.pages)
	m.layout()
	return m
}

func (m Model) pageKey(s string) Model {
	switch s {
	case "pgup", "b":
		m.vp.PageUp()
	case "home":
		m.vp.GotoTop()
	case "end":
		m.vp.GotoBottom()
	default:
		m.vp.PageDown()
	}
	return m
}

// layout lays the page or the list out for the screen's size.
func (m *Model) layout() {
	w, h := m.width-2, m.height-2-len(m.titleLines()) // a margin each side; the title, a blank line, the help
	m.vp.Width, m.vp.Height = max(1, w), max(1, h)
	m.sync()
	if !m.reading {
		lines, starts := m.listLines(w)
		m.vp.SetContent(strings.Join(lines, "\n"))
		// Keep the selected page's lines in sight.
		at, end := starts[m.at], len(lines)
		if m.at+1 < len(starts) {
			end = starts[m.at+1]
		}
		if at < m.vp.YOffset {
			m.vp.SetYOffset(at)
		} else if end > m.vp.YOffset+m.vp.Height {
			m.vp.SetYOffset(end - m.vp.Height)
		}
		return
	}
	off := m.vp.YOffset
	lay := Layout{Width: w, Styles: m.st, Answers: m.answers, Keys: m.cat.T("learn.try.keys")}
	if !m.playable() {
		lay.Keys = ""
	}
	lines := Lines(m.doc, lay)[2:] // the title is on the screen's first line
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	m.vp.SetContent(strings.Join(lines, "\n"))
	m.vp.SetYOffset(off)
}

// listLines are the pages: id and title, a long title wrapped under
// itself so that it reads whole; starts are the line each page starts on.
func (m Model) listLines(w int) (lines []string, starts []int) {
	lines = text.WrapStyled(m.cat.T("learn.list.intro"), w, m.st.Subtle)
	lines = append(lines, "")
	idw := 0
	for _, p := range m.pages {
		idw = max(idw, len(p.ID))
	}
	indent := strings.Repeat(" ", 2+idw+2)
	for i, p := range m.pages {
		mark, title := "  ", text.Wrap(p.Title[m.cat.Lang], max(10, w-len(indent)))
		if i == m.at {
			mark, title = m.st.Accent.Render("▸ "), text.WrapStyled(p.Title[m.cat.Lang], max(10, w-len(indent)), m.st.Bold)
		}
		starts = append(starts, len(lines))
		for j, title := range title {
			if j == 0 {
				lines = append(lines, mark+text.PadRight(p.ID, idw)+"  "+title)
			} else {
				lines = append(lines, indent+title)
			}
		}
	}
	return lines, starts
}

// titleLines are the screen's title, wrapped so that it reads whole:
// the page's (or the list's) and where the page is scrolled, when there
// is room for that on its last line.
func (m Model) titleLines() []string {
	title := m.cat.T("learn.title")
	if m.reading {
		title = m.doc.Title
	}
	w := max(10, m.width-2)
	lines := text.WrapStyled("matchgame — "+title, w, m.st.Title)
	if m.reading {
		at := "  " + m.st.Subtle.Render(fmt.Sprintf("%d/%d · %d%%", m.at+1, len(m.pages), int(m.vp.ScrollPercent()*100)))
		if last := len(lines) - 1; text.Width(lines[last]+at) <= w {
			lines[last] += at
		}
	}
	return lines
}

// ShortHelp is the footer's keys: those around the screen early, since
// the footer is cut at the screen's edge and they work nowhere else.
func (m Model) ShortHelp() []key.Binding {
	short := m.keys.ShortHelp()
	return append(append(short[:1:1], m.Around...), short[1:]...)
}

// FullHelp is what ? lists: the screen's keys and those around it.
func (m Model) FullHelp() [][]key.Binding {
	full := m.keys.FullHelp()
	if len(m.Around) > 0 {
		full = append(full, m.Around)
	}
	return full
}

// View draws the screen: its title, the page or the list, the keys.
func (m Model) View() string {
	if m.width < minWidth || m.height < minHeight {
		lines := text.Wrap(m.cat.T("ui.toosmall", minWidth, minHeight, m.width, m.height), max(10, m.width-1))
		return strings.Join(lines[:min(len(lines), max(1, m.height))], "\n")
	}
	lines := append(m.titleLines(), "")
	if m.full {
		lines = append(lines, m.fullHelp()...)
		for len(lines) < m.height-1 {
			lines = append(lines, "")
		}
		lines = append(lines[:m.height-1], m.st.Subtle.Render(m.cat.T("ui.help.close")))
		return frame(lines, m.width)
	}
	body := strings.Split(m.vp.View(), "\n")
	lines = append(lines, body...)
	for len(lines) < m.height-1 {
		lines = append(lines, "")
	}
	m.help.Width = m.width - 2
	lines = append(lines[:m.height-1], m.help.ShortHelpView(m.ShortHelp()))
	return frame(lines, m.width)
}

// fullHelp is what ? shows: the columns side by side, or one under
// another when they do not fit the screen's width.
func (m Model) fullHelp() []string {
	m.help.Width = 0 // measured whole, not cut
	side := m.help.FullHelpView(m.FullHelp())
	if text.MaxWidth(strings.Split(side, "\n")) <= m.width-2 {
		return strings.Split(side, "\n")
	}
	var lines []string
	for _, group := range m.FullHelp() {
		if col := m.help.FullHelpView([][]key.Binding{group}); col != "" {
			if len(lines) > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, strings.Split(col, "\n")...)
		}
	}
	return lines
}

// frame indents every line by one column and cuts it to the screen.
func frame(lines []string, w int) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if l != "" {
			out[i] = text.Truncate(" "+l, w, "…")
		}
	}
	return strings.Join(out, "\n")
}
