package tui

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/tui/text"
)

// nameAsk is the name screen of a class that remembers: a new key's
// student types the name the class will know them by from now on (the
// SSH user name is there to keep with enter). A name another student's
// key holds is refused, and another asked.
type nameAsk struct {
	in      textinput.Model
	cat     *assets.Catalog
	st      *Styles
	keys    nameKeys
	refused string // the name refused, said until another is typed
	width   int
	height  int
}

// nameKeys are the name screen's keys: enter gives the name; everything
// else is typed.
type nameKeys struct{ Give key.Binding }

// nameMax is the longest name, in runes, as the class shows names.
const nameMax = 32

func newNameAsk(user string, cat *assets.Catalog, st *Styles, size tea.WindowSizeMsg) *nameAsk {
	in := newInput()
	in.CharLimit = nameMax
	in.SetValue(user)
	in.CursorEnd()
	in.Focus()
	return &nameAsk{in: in, cat: cat, st: st, keys: nameKeys{Give: key.NewBinding(key.WithKeys("enter"))}, width: size.Width, height: size.Height}
}

// refuse says that name is another student's, and asks again.
func (a *nameAsk) refuse(name string) {
	a.refused = name
	a.in.SetValue("")
}

func (a nameAsk) update(msg tea.Msg) (nameAsk, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
	case tea.KeyMsg:
		if key.Matches(msg, a.keys.Give) {
			name := strings.TrimSpace(a.in.Value())
			if name == "" || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
				return a, nil
			}
			return a, func() tea.Msg { return namedMsg{name: name} }
		}
		var cmd tea.Cmd
		a.in, cmd = a.in.Update(msg)
		return a, cmd
	}
	return a, nil
}

func (a nameAsk) view() string {
	if a.width < minWidth || a.height < minHeight {
		return tooSmall(a.cat, a.width, a.height)
	}
	w := a.width - 2*margin
	lines := []string{a.st.Title.Render("matchgame") + " — " + a.cat.T("ui.name.title"), ""}
	lines = append(lines, text.Wrap(a.cat.T("ui.name.ask"), w)...)
	lines = append(lines, "", "  "+a.st.Selected.Render("› ")+a.in.View(), "")
	if a.refused != "" {
		lines = append(lines, text.WrapStyled(a.cat.T("ui.name.held", a.refused), w, a.st.Bad)...)
	}
	lines = fit(lines, a.height-1)
	for len(lines) < a.height-1 {
		lines = append(lines, "")
	}
	return frame(append(lines, a.st.Subtle.Render(a.cat.T("ui.name.keys"))), a.width, a.height)
}
