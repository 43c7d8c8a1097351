package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// startGameMsg asks the root to open the game screen with these options.
type startGameMsg struct{ opts Options }

// openMenuMsg asks the root to go back to the menu.
type openMenuMsg struct{ opts Options }

// A menu row: a choice among values, or the typed start position.
type menuRow int

const (
	rowMode   menuRow = iota // play a game or take the quiz
	rowPreset                // a position from the seed documents
	rowGame
	rowRule // bash's m or the subtraction set; only for those games
	rowConvention
	rowPosition
	rowFirst
	rowLevel
	rowExplain
	rowLang
	rowCount
)

// rowNames name the rows in the message catalogue.
var rowNames = [rowCount]string{"mode", "preset", "game", "rule", "convention", "position", "first", "level", "explain", "lang"}

var (
	bashMaxes    = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
	subtractSets = []string{"fib", "1,2,3", "1,3,4", "1,2,4,8", "2,3,5"}
	conventions  = []string{"normal", "misere"}
	firsts       = []string{"me", "computer"}
	levels       = []string{"perfect", "strong", "casual"}
	explains     = []string{"off", "why", "teach"}
	modes        = []string{"play", "quiz"}
)

// menu is the screen where a game is chosen.
type menu struct {
	cat   *assets.Catalog
	st    *Styles
	keys  KeyMap
	help  help.Model
	row   menuRow
	pick  [rowCount]int
	input textinput.Model
	valid string // what the typed position is, or why it is refused
	ok    bool

	presets []assets.Preset

	width, height int
}

func newMenu(opts Options, st *Styles) menu {
	m := menu{st: st, help: help.New(), presets: assets.Presets(), row: rowGame}
	m.input = textinput.New()
	m.input.Prompt = ""
	m.input.CharLimit = 200
	m.input.Placeholder = "random"
	name := opts.Game.Name
	if real, ok := variants.Aliases[name]; ok {
		name = real
	}
	m.pick[rowGame] = index(variants.Names, name)
	m.pick[rowRule] = 2
	if opts.Game.Max != nil {
		m.pick[rowRule] = index(bashMaxes, strconv.FormatInt(*opts.Game.Max, 10))
	}
	if opts.Game.Set != "" {
		m.pick[rowRule] = index(subtractSets, opts.Game.Set)
	}
	if opts.Game.Misere || opts.Game.Name == "anti-nim" {
		m.pick[rowConvention] = 1
	}
	m.pick[rowFirst] = index(firsts, opts.First)
	m.pick[rowLevel] = int(opts.Level)
	m.pick[rowExplain] = max(0, index(explains, opts.Explain))
	if opts.Explain == "" {
		m.pick[rowExplain] = 1
	}
	m.pick[rowLang] = index(assets.Langs, opts.Lang)
	if opts.Quiz {
		m.pick[rowMode] = 1
	}
	if opts.Position != nil {
		m.input.SetValue(opts.Position.String())
	}
	m.setLang()
	m.validate()
	return m
}

func index(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return 0
}

func (m *menu) setLang() {
	m.cat = assets.Messages(assets.Langs[m.pick[rowLang]])
	m.keys = NewKeyMap(m.cat)
	setEnabled(false, &m.keys.Left, &m.keys.Right, &m.keys.More, &m.keys.Fewer, &m.keys.Digit,
		&m.keys.Confirm, &m.keys.Hint, &m.keys.Undo, &m.keys.Redo, &m.keys.Explain, &m.keys.History,
		&m.keys.Rematch, &m.keys.NewGame, &m.keys.Demo, &m.keys.Scroll, &m.keys.Pause, &m.keys.Step, &m.keys.Pace,
		&m.keys.Next, &m.keys.Save, &m.keys.Help) // the menu lists all its keys at once
	setEnabled(true, &m.keys.Left)
	m.keys.Left.SetKeys("left", "right")
	m.keys.Left.SetHelp("←/→", m.cat.T("ui.key.change"))
	m.keys.Digit.SetEnabled(true)
	m.keys.Digit.SetHelp("0-9", m.cat.T("ui.key.typepos"))
	setEnabled(true, &m.keys.Up, &m.keys.Down, &m.keys.Start)
	m.keys.Up.SetHelp("↑/↓", m.cat.T("ui.key.row"))
	m.keys.Down.SetHelp("tab", m.cat.T("ui.key.down"))
	m.input.Placeholder = m.cat.T("ui.menu.random")
}

// usePreset fills in the game, its rule, the convention and the position.
func (m *menu) usePreset(p assets.Preset) {
	name := p.Game
	if real, ok := variants.Aliases[name]; ok {
		name = real
	}
	m.pick[rowGame] = index(variants.Names, name)
	m.pick[rowConvention] = 0
	if p.Misere || p.Game == "anti-nim" {
		m.pick[rowConvention] = 1
	}
	switch {
	case p.Max > 0:
		m.pick[rowRule] = index(bashMaxes, strconv.FormatInt(p.Max, 10))
	case p.Set != "":
		m.pick[rowRule] = index(subtractSets, p.Set)
	case p.Game == "fibonacci":
		m.pick[rowRule] = index(subtractSets, "fib")
	}
	m.input.SetValue(engine.Position(p.Position).String())
}

// values are the choices of a row; nil for the typed position.
func (m menu) values(r menuRow) []string {
	switch r {
	case rowMode:
		return modes
	case rowPreset:
		names := []string{""}
		for _, p := range m.presets {
			names = append(names, p.Name)
		}
		return names
	case rowGame:
		return variants.Names
	case rowRule:
		switch variants.Names[m.pick[rowGame]] {
		case "bash":
			return bashMaxes
		case "subtraction":
			return subtractSets
		}
		return nil
	case rowConvention:
		return conventions
	case rowFirst:
		return firsts
	case rowLevel:
		return levels
	case rowExplain:
		return explains
	case rowLang:
		return assets.Langs
	}
	return nil
}

// shown reports whether a row is on the menu for the chosen game.
func (m menu) shown(r menuRow) bool { return r != rowRule || m.values(rowRule) != nil }

// options are the choices made so far.
func (m menu) options() Options {
	name := variants.Names[m.pick[rowGame]]
	o := Options{
		Game:    variants.Config{Name: name, Misere: m.pick[rowConvention] == 1},
		First:   firsts[m.pick[rowFirst]],
		Level:   engine.Level(m.pick[rowLevel]),
		Lang:    assets.Langs[m.pick[rowLang]],
		Explain: explains[m.pick[rowExplain]],
		Quiz:    modes[m.pick[rowMode]] == "quiz",
	}
	switch name {
	case "bash":
		v := int64(m.pick[rowRule] + 1)
		o.Game.Max = &v
	case "subtraction":
		o.Game.Set = subtractSets[m.pick[rowRule]]
	}
	if fields := strings.Fields(m.input.Value()); len(fields) > 0 {
		o.Position, _ = variants.ParsePosition(fields, "what.number")
	}
	return o
}

// validate checks the typed position against the chosen game as it is
// typed, with the engine's own words for what is wrong.
func (m *menu) validate() {
	o := m.options()
	g, conv, err := variants.Lookup(o.Game)
	fields := strings.Fields(m.input.Value())
	var p engine.Position
	if err == nil && len(fields) > 0 {
		p, err = variants.ParsePosition(fields, "what.number")
		if err == nil {
			p, err = g.Normalize(p)
		}
		if err == nil {
			err = playable(g, p, conv, o.Quiz)
		}
	}
	if err == nil && len(fields) == 0 {
		_, err = g.Solve(m.example(g), conv)
	}
	switch {
	case err != nil:
		m.valid, m.ok = engine.Message(err, m.cat), false
	case len(fields) == 0:
		m.valid, m.ok = m.cat.T("ui.menu.random.ok"), true
	default:
		m.valid, m.ok = m.cat.T("ui.menu.valid", p.String()), true
	}
}

// example is a position every game accepts, to learn whether the game is
// playable before a random one is drawn.
func (m menu) example(g engine.Game) engine.Position {
	switch g.Name() {
	case "georgia-bob":
		return engine.Position{1, 3}
	case "staircase", "wythoff":
		return engine.Position{1, 2}
	}
	return engine.Position{3}
}

func (m menu) update(msg tea.Msg) (menu, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		return m, nil
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, m.keys.Up):
			m.moveRow(-1)
			return m, nil
		case key.Matches(msg, m.keys.Down):
			m.moveRow(+1)
			return m, nil
		case key.Matches(msg, m.keys.Start):
			if !m.ok {
				return m, nil
			}
			o := m.options()
			return m, func() tea.Msg { return startGameMsg{opts: o} }
		case m.row != rowPosition && key.Matches(msg, m.keys.Left):
			m.change(msg.String() == "right")
			return m, nil
		}
		if m.row == rowPosition {
			var cmd tea.Cmd
			before := m.input.Value()
			m.input, cmd = m.input.Update(msg)
			if m.input.Value() != before {
				m.pick[rowPreset] = 0
			}
			m.validate()
			return m, cmd
		}
	}
	return m, nil
}

// change picks the next (or previous) value of the current row.
func (m *menu) change(next bool) {
	vals := m.values(m.row)
	if vals == nil {
		return
	}
	d := len(vals) - 1
	if next {
		d = 1
	}
	m.pick[m.row] = (m.pick[m.row] + d) % len(vals)
	if m.row == rowGame {
		m.pick[rowRule] = 2 % len(m.valuesOr(rowRule))
	}
	switch {
	case m.row == rowPreset && m.pick[rowPreset] > 0:
		m.usePreset(m.presets[m.pick[rowPreset]-1])
	case m.row == rowGame || m.row == rowRule || m.row == rowConvention:
		m.pick[rowPreset] = 0 // the game is no longer the preset's
	}
	if m.row == rowLang {
		m.setLang()
	}
	m.validate()
}

func (m menu) valuesOr(r menuRow) []string {
	if v := m.values(r); v != nil {
		return v
	}
	return []string{""}
}

// moveRow goes to the next row shown, focusing the position input there.
func (m *menu) moveRow(d int) {
	r := m.row
	for {
		r = (r + menuRow(d) + rowCount) % rowCount
		if m.shown(r) {
			break
		}
	}
	m.row = r
	if r == rowPosition {
		m.input.Focus()
	} else {
		m.input.Blur()
	}
}

func (m menu) view() string {
	if m.width < minWidth || m.height < minHeight {
		return tooSmall(m.cat, m.width, m.height)
	}
	lines := []string{m.st.Title.Render("matchgame") + " — " + m.cat.T("ui.menu.title"), ""}
	labels := make([]string, rowCount)
	for r := range rowCount {
		labels[r] = m.cat.T("ui.menu.row." + rowNames[r])
		if r == rowMode {
			labels[r] = m.cat.T("teach.menu.row.mode")
		}
		if r == rowRule && variants.Names[m.pick[rowGame]] == "subtraction" {
			labels[r] = m.cat.T("ui.menu.row.set")
		}
	}
	lw := maxWidth(labels)
	for r := range rowCount {
		if !m.shown(r) {
			continue
		}
		mark := noCursor
		if r == m.row {
			mark = m.st.Selected.Render(cursor)
		}
		var value string
		if r == rowPosition {
			value = "[" + m.input.View() + "]"
		} else {
			vals := m.values(r)
			value = "‹ " + m.valueText(r, vals[m.pick[r]]) + " ›"
			if r == m.row {
				value = m.st.Selected.Render(value)
			}
		}
		lines = append(lines, mark+engine.PadRight(labels[r], lw)+"  "+value)
		if r == rowPosition {
			st, mark := m.st.Good, "✓ "
			if !m.ok {
				st, mark = m.st.Error, "✗ "
			}
			for _, l := range wrap(mark+m.valid, m.width-lw-8) {
				lines = append(lines, strings.Repeat(" ", lw+4)+st.Render(l))
			}
		}
	}
	about := m.cat.T("ui.menu.about." + variants.Names[m.pick[rowGame]])
	if i := m.pick[rowPreset]; i > 0 {
		about += " " + localized(m.presets[i-1].Context, m.cat.Lang)
	}
	lines = append(lines, "")
	for _, l := range wrap(about, m.width-2*margin) {
		lines = append(lines, m.st.Subtle.Render(l))
	}
	lines = append(lines, "", m.cat.T("ui.menu.start"))
	for len(lines) < m.height-1 {
		lines = append(lines, "")
	}
	lines = append(lines, m.help.View(m.keys))
	return frame(lines, m.width, m.height)
}

func (m menu) valueText(r menuRow, v string) string {
	switch r {
	case rowMode:
		return m.cat.T("teach.menu." + v)
	case rowGame:
		return m.cat.T("ui.game." + v)
	case rowRule:
		if variants.Names[m.pick[rowGame]] == "bash" {
			return m.cat.T("ui.menu.max", v)
		}
		return v
	case rowLang:
		return m.cat.T("ui.lang." + v)
	case rowPreset:
		if v == "" {
			return m.cat.T("ui.menu.nopreset")
		}
		p := m.presets[m.pick[rowPreset]-1]
		return localized(p.Title, m.cat.Lang)
	}
	return m.cat.T("ui.menu." + v)
}

// localized picks lang's text, else English.
func localized(texts map[string]string, lang string) string {
	if s, ok := texts[lang]; ok {
		return s
	}
	return texts["en"]
}

// tooSmall is the whole screen below the minimum size.
func tooSmall(cat *assets.Catalog, w, h int) string {
	lines := wrap(cat.T("ui.toosmall", minWidth, minHeight, w, h), max(10, w-1))
	return strings.Join(fit(lines, max(1, h)), "\n")
}
