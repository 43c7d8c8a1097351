package tui

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// startGameMsg asks the root to open the game screen with these options.
type startGameMsg struct{ opts Options }

// openMenuMsg asks the root to go back to the menu.
type openMenuMsg struct{ opts Options }

// The menu does what the command line does, built from the games'
// registry: a row per choice, the game's parameters (typed or chosen) and
// the start position typed and checked as it is typed. Rows of text take
// keys only while edited, so q, h or l there are typed, not obeyed.

// rowKind is what a row of the menu chooses.
type rowKind int

const (
	rowMode rowKind = iota
	rowRoom
	rowCode
	rowQuestions
	rowLimit
	rowBoard // the teacher's quiz: who sees the scoreboard at the end
	rowPreset
	rowGame
	rowParam
	rowConvention
	rowPosition
	rowPlayers
	rowFirst
	rowLevel
	rowExplain
	rowTheme
	rowLang
	rowPart    // a component of the sum composed (menusum.go)
	rowAddPart // adds a component to it
)

var rowNames = map[rowKind]string{rowMode: "mode", rowRoom: "room", rowCode: "code", rowQuestions: "questions", rowLimit: "limit", rowBoard: "board", rowPreset: "preset", rowGame: "game",
	rowConvention: "convention", rowPosition: "position", rowPlayers: "players", rowFirst: "first", rowLevel: "level", rowExplain: "explain",
	rowTheme: "theme", rowLang: "lang", rowPart: "part", rowAddPart: "addpart"}

// menuRow is one row: its kind, and for a parameter which one.
type menuRow struct {
	kind  rowKind
	param int // the parameter's index in the game's spec
}

var (
	modes       = []string{"play", "quiz", "room"}
	roomActions = []string{"open", "join", "watch"}
	firsts      = []string{"me", "computer"}
	players     = []string{"1", "2"} // against the computer, or two people at one keyboard
	questions   = []string{"5", "10", "20"}
	limits      = []string{"15", "30", "60", "120"} // seconds a class has for a question
	boards      = []string{"all", "own"}            // the scoreboard students see: whole, or their own rank
)

// The engine's conventions and levels in the menu: a row's value is the
// engine's own, named as the engine names it.
var (
	conventions = []engine.Convention{engine.Normal, engine.Misere}
	levels      = []engine.Level{engine.Perfect, engine.Strong, engine.Casual}
)

// names are values as the command line and the catalogue name them.
func names[T fmt.Stringer](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = v.String()
	}
	return out
}

// conventionOf is a game's convention as a configuration asks for it.
func conventionOf(misere bool) engine.Convention {
	if misere {
		return engine.Misere
	}
	return engine.Normal
}

// menu is the screen where a game is chosen.
type menu struct {
	opts    Options // what the program was started with: pause, seed, transcript
	cat     *assets.Catalog
	st      *Styles
	keys    KeyMap
	helpAll bool // the key help in place of the rows
	presets []assets.Preset

	at     int             // the row selected, among rows()
	pick   map[rowKind]int // the value chosen on each row of choices
	params []textinput.Model
	// The text fields are held by pointer: a textinput.Model is large, and
	// the menu is copied on every key.
	pos     *textinput.Model
	code    *textinput.Model // a room's code, to join or watch it
	sum     *sumDraft        // the sum being composed; nil when one game is chosen
	editing bool             // a text row takes the keys

	classNote string // what the teacher's class is doing, over SSH
	teacher   bool   // the dashboard's form: a quiz or a demo for the class
	leaveHint bool   // over the network a lone Esc said that q leaves (issue 29)
	reviewDue int    // the student's mistakes due for review (mistakes.go)
	valid     string // what the typed position is, or why it is refused
	ok        bool

	width, height int
}

func newMenu(opts Options, st *Styles) menu {
	m := menu{opts: opts, st: st, presets: assets.MenuPresets(), pick: map[rowKind]int{}}
	pos, code := newInput(), newInput()
	m.pos, m.code = &pos, &code
	m.code.CharLimit = 8
	spec, alias, ok := variants.Find(opts.Game.Name)
	if !ok {
		spec = variants.Games[0]
	}
	m.pick[rowGame] = indexOf(variants.Names(), spec.Name)
	m.resetParams()
	for i, p := range spec.Params {
		if v, ok := opts.Game.Params[p.Name]; ok {
			m.params[i].SetValue(v)
		}
		if alias != nil {
			if v, ok := alias.Params[p.Name]; ok {
				m.params[i].SetValue(v)
			}
		}
	}
	m.pick[rowConvention] = slices.Index(conventions, conventionOf(opts.Game.Misere || alias != nil && alias.Misere))
	m.pick[rowFirst] = indexOf(firsts, opts.First)
	m.pick[rowPlayers] = indexOf(players, strconv.Itoa(max(1, opts.Players)))
	m.pick[rowLevel] = max(0, slices.Index(levels, opts.Level))
	m.pick[rowExplain] = indexOf(explainModes, cmp.Or(opts.Explain, defaultExplain(opts.Quiz)))
	m.pick[rowTheme] = max(0, indexOf(themeNames(), opts.Theme))
	m.pick[rowLang] = indexOf(assets.Langs, opts.Lang)
	m.pick[rowLimit] = 1
	m.pick[rowQuestions] = indexOf(questions, strconv.Itoa(opts.Questions))
	if opts.Questions == 0 {
		m.pick[rowQuestions] = 1
	}
	if opts.Quiz {
		m.pick[rowMode] = 1
	}
	if len(opts.Game.Parts) > 0 { // a sum: its games, written as typed
		written := ""
		if g, _, err := variants.Lookup(opts.Game); err == nil && opts.Position != nil {
			written = engine.Written(g, opts.Position)
		}
		m.composeSum(written)
	} else if opts.Position != nil { // typed, or an example's: a random start is drawn anew
		m.pos.SetValue(opts.Position.String())
	}
	m.at = m.rowIndex(rowGame)
	m.setLang()
	m.validate()
	return m
}

func newInput() textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 400
	return in
}

func themeNames() []string {
	var names []string
	for _, t := range Themes {
		names = append(names, t.Name)
	}
	return names
}

// spec is the game chosen.
// conventions are the conventions the chosen game is played in: Chomp
// is misère play only, Northcott's game normal play only.
func (m menu) conventions() []engine.Convention {
	switch spec, one := m.family(); {
	case !one: // a sum: each component's own conventions decide
		return conventions
	case spec.MisereOnly:
		return []engine.Convention{engine.Misere}
	case spec.NormalOnly:
		return []engine.Convention{engine.Normal}
	}
	return conventions
}

// convention is the convention chosen.
func (m menu) convention() engine.Convention {
	cs := m.conventions()
	return cs[min(m.pick[rowConvention], len(cs)-1)]
}

// family is the game family chosen; false while a sum is composed.
func (m menu) family() (variants.Spec, bool) {
	if m.sum != nil {
		return variants.Spec{}, false
	}
	return variants.Games[m.pick[rowGame]], true
}

// gameParams are the parameters of the family chosen; a sum's are its
// components', typed with each.
func (m menu) gameParams() []variants.ParamSpec {
	spec, _ := m.family()
	return spec.Params
}

// isSum: a sum of games is being composed (menusum.go).
func (m menu) isSum() bool { return m.sum != nil }

// gameChoices are the games, then a sum of games.
func gameChoices() []string { return append(variants.Names(), "sum") }

// resetParams sets the game's parameters to their defaults.
func (m *menu) resetParams() {
	m.params = nil
	for _, p := range m.gameParams() {
		in := newInput()
		in.SetValue(p.Default)
		m.params = append(m.params, in)
	}
	m.paramPlaceholders()
}

// paramPlaceholders say what an empty parameter field means (Fibonacci
// Nim's first move: all but one), in the menu's language.
func (m *menu) paramPlaceholders() {
	if m.cat == nil { // not yet: setLang says them
		return
	}
	for i, p := range m.gameParams() {
		if i < len(m.params) && m.cat.Has("ui.menu.param.empty."+p.Name) {
			m.params[i].Placeholder = m.cat.T("ui.menu.param.empty." + p.Name)
		}
	}
}

// rows are the rows on the menu now: the chosen game's parameters, and
// in a quiz only the rows that do something there.
func (m menu) rows() []menuRow {
	mode := m.mode()
	quiz := mode == "quiz"
	rows := []menuRow{{kind: rowMode}}
	if m.teacher { // a quiz: how long, which game; a demo: which game, from where
		if quiz {
			rows = append(rows, menuRow{kind: rowQuestions}, menuRow{kind: rowLimit}, menuRow{kind: rowBoard}, menuRow{kind: rowGame})
		} else {
			rows = append(rows, menuRow{kind: rowPreset}, menuRow{kind: rowGame})
		}
		for i := range m.gameParams() {
			rows = append(rows, menuRow{kind: rowParam, param: i})
		}
		rows = append(rows, menuRow{kind: rowConvention})
		if !quiz || m.isSum() { // a sum's games are typed there
			rows = append(rows, menuRow{kind: rowPosition})
		}
		return append(rows, m.sum.rows()...)
	}
	if mode == "review" { // the positions come from the store
		return append(rows, menuRow{kind: rowTheme}, menuRow{kind: rowLang})
	}
	if mode == "learn" { // the learn screen chooses its page
		return append(rows, menuRow{kind: rowTheme}, menuRow{kind: rowLang})
	}
	if mode == "room" {
		rows = append(rows, menuRow{kind: rowRoom})
		if roomActions[m.pick[rowRoom]] != "open" { // joining: the room says the game
			return append(rows, menuRow{kind: rowCode}, menuRow{kind: rowTheme}, menuRow{kind: rowLang})
		}
	}
	if quiz {
		rows = append(rows, menuRow{kind: rowQuestions})
	}
	rows = append(rows, menuRow{kind: rowPreset}, menuRow{kind: rowGame})
	for i := range m.gameParams() {
		rows = append(rows, menuRow{kind: rowParam, param: i})
	}
	rows = append(rows, menuRow{kind: rowConvention}, menuRow{kind: rowPosition})
	rows = append(rows, m.sum.rows()...)
	if mode == "play" {
		rows = append(rows, menuRow{kind: rowPlayers})
		if players[m.pick[rowPlayers]] == "1" {
			rows = append(rows, menuRow{kind: rowFirst}, menuRow{kind: rowLevel})
		}
	}
	return append(rows, menuRow{kind: rowExplain}, menuRow{kind: rowTheme}, menuRow{kind: rowLang})
}

func (m menu) rowIndex(k rowKind) int {
	for i, r := range m.rows() {
		if r.kind == k {
			return i
		}
	}
	return 0
}

func (m menu) row() menuRow { return m.rows()[min(m.at, len(m.rows())-1)] }

// input is the text field of a row, nil for a row of choices.
func (m *menu) input(r menuRow) *textinput.Model {
	switch r.kind {
	case rowParam:
		return &m.params[r.param]
	case rowPosition:
		return m.pos
	case rowCode:
		return m.code
	case rowPart:
		return m.sum.input(r.param)
	}
	return nil
}

// mode is the mode chosen: play, quiz, or (over SSH) room.
func (m menu) mode() string { return m.modes()[min(m.pick[rowMode], len(m.modes())-1)] }

// modes are the modes offered: rooms only over SSH, where classmates are;
// the pages to learn from on a person's own menu, not the teacher's form.
func (m menu) modes() []string {
	out := slices.Clip(modes[:2])
	if !m.teacher {
		out = append(out, "learn")
	}
	if m.opts.Remote {
		out = append(out, modes[2:]...)
	}
	if m.opts.Remote && m.reviewDue > 0 {
		out = append(out, "review")
	}
	return out
}

// takesLetters reports whether msg is typed into a field that takes
// letters (a room's code, a sum's games), not a key of the menu's.
func (m menu) takesLetters(msg tea.KeyMsg) bool {
	r := m.row()
	typed := r.kind == rowCode || r.kind == rowPosition && m.isSum() || r.kind == rowPart && !m.sumKey(msg)
	return typed && msg.Type == tea.KeyRunes && msg.String() != "?" && !m.helpAll
}

// refusedRow is where a refused start is said, for enter to take the
// cursor there (issue 18, rough edge 4): the parameter selected, the
// room's code, or the start position.
func (m menu) refusedRow() int {
	switch {
	case m.row().kind == rowParam:
		return m.at
	case slices.ContainsFunc(m.rows(), func(r menuRow) bool { return r.kind == rowCode }):
		return m.rowIndex(rowCode)
	}
	return m.rowIndex(rowPosition)
}

// positionFields are the numbers typed in the position's field, between
// spaces or commas (3,6,9 as well as 3 6 9).
func positionFields(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
}

// fixedChoices are the rows whose values never change.
var fixedChoices = map[rowKind][]string{rowRoom: roomActions, rowQuestions: questions, rowLimit: limits, rowBoard: boards,
	rowPlayers: players, rowFirst: firsts, rowExplain: explainModes, rowLang: assets.Langs}

// choices are a row's values; a parameter's are its spec's.
func (m menu) choices(r menuRow) []string {
	if vals, ok := fixedChoices[r.kind]; ok {
		return vals
	}
	switch r.kind {
	case rowMode:
		return m.modes()
	case rowPreset:
		names := []string{""}
		for _, p := range m.presets {
			names = append(names, p.Name)
		}
		return names
	case rowGame, rowPart:
		return gameChoices()[:len(variants.Games)+btoi(r.kind == rowGame)]
	case rowParam:
		return m.gameParams()[r.param].Choices
	case rowConvention:
		return names(m.conventions())
	case rowLevel:
		return names(levels)
	case rowTheme:
		return themeNames()
	}
	return nil
}

func (m *menu) setLang() {
	m.cat = assets.Messages(assets.Langs[m.pick[rowLang]])
	m.keys = NewKeyMap(m.cat, engine.Board{Kind: engine.Heaps, Unit: "unit.match"})
	m.keys.off() // the game's keys; the menu's own are on
	setEnabled(true, &m.keys.Up, &m.keys.Down, &m.keys.Change, &m.keys.Edit, &m.keys.Start, &m.keys.Help, &m.keys.Back, &m.keys.Quit)
	m.pos.Placeholder = m.cat.T("ui.menu.random")
	m.paramPlaceholders()
}

// options are the choices made so far.
func (m menu) options() Options {
	o := m.opts
	o.Menu = false
	// Chomp is misère play by its rules: the command line takes no --misere for it.
	spec, _ := m.family()
	o.Game = variants.Config{Name: spec.Name, Misere: m.convention() == engine.Misere && !spec.MisereOnly, Params: map[string]string{}}
	for i, p := range m.gameParams() {
		o.Game.Params[p.Name] = strings.TrimSpace(m.params[i].Value())
	}
	o.First = firsts[m.pick[rowFirst]]
	o.Players, _ = strconv.Atoi(players[m.pick[rowPlayers]])
	o.Level = levels[m.pick[rowLevel]]
	o.Lang = assets.Langs[m.pick[rowLang]]
	o.Explain = explainModes[m.pick[rowExplain]]
	o.Theme = themeNames()[m.pick[rowTheme]]
	o.Quiz = m.mode() == "quiz"
	o.Questions, _ = strconv.Atoi(questions[m.pick[rowQuestions]])
	o.Position = nil
	if m.isSum() {
		if cfg, p, err := variants.ParseSum(m.pos.Value()); err == nil {
			cfg.Misere = cfg.Misere || o.Game.Misere
			o.Game, o.Position = cfg, p
		}
		return o
	}
	if fields := positionFields(m.pos.Value()); len(fields) > 0 {
		o.Position, _ = variants.ParsePosition(fields, "what.number")
	}
	return o
}

// typed is the analysis of the start typed in o, or random when none is
// typed (the game's example is solved then, to refuse a game that cannot
// be played at all).
func (m *menu) typed(o Options) (a engine.Analysis, random bool, err error) {
	g, conv, err := variants.Lookup(o.Game)
	fields := positionFields(m.pos.Value())
	p := o.Position
	switch {
	case m.isSum() && len(fields) == 0:
		return a, false, engine.Refuse("ui.menu.sum.need")
	case m.isSum():
		if _, _, err = variants.ParseSum(m.pos.Value()); err != nil || p == nil {
			return a, err == nil, err
		}
	case err != nil:
		return a, false, err
	case len(fields) == 0:
		spec, _ := m.family()
		_, err = g.Solve(spec.Example, conv)
		return a, true, err
	default:
		if p, err = variants.ParsePosition(fields, g.Board().Number); err != nil {
			return a, false, err
		}
	}
	match, err := newMatch(g, conv, p, o.Quiz)
	if err != nil {
		return a, false, err
	}
	return match.Now(), false, nil
}

// inRows says a refusal in the menu's words: the command line's --max
// is the row "Most per move" here (issue 18, rough edge 4).
func (m menu) inRows(msg string) string {
	if spec, _, ok := variants.Find(m.options().Game.Name); ok {
		for _, p := range spec.Params {
			msg = strings.ReplaceAll(msg, "--"+p.Name, m.cat.T("ui.menu.row.param."+p.Name))
		}
	}
	return msg
}

// validate checks the parameters and the typed position as they are
// typed, with the engine's own words; in play mode a valid position also
// gets its verdict (never in a quiz: it would give the answer away).
func (m *menu) validate() {
	o := m.options()
	a, random, err := m.typed(o)
	switch {
	case m.mode() == "room" && roomActions[m.pick[rowRoom]] != "open":
		code := strings.TrimSpace(m.code.Value())
		m.valid, m.ok = m.cat.T("ui.menu.code.ok", strings.ToUpper(code)), len(code) == serve.CodeLen
		if !m.ok {
			m.valid = m.cat.T("ui.menu.code.need")
		}
	case err != nil:
		m.valid, m.ok = m.inRows(engine.Message(err, m.cat)), false
	case random:
		m.valid, m.ok = m.cat.T("ui.menu.random.ok"), true
	case o.Quiz:
		m.valid, m.ok = engine.BriefOf(a.Game, a.Position), true
	default:
		m.valid, m.ok = m.cat.T("ui.menu.verdict", engine.BriefOf(a.Game, a.Position), m.cat.T("ui.menu.outcome."+a.Outcome.String())), true
	}
}

func (m menu) update(msg tea.Msg) (menu, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste && !m.editing {
			// Keys typed quickly arrive together ("kk"): take them one by one.
			var cmds []tea.Cmd
			for _, r := range msg.Runes {
				var cmd tea.Cmd
				m, cmd = m.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				cmds = append(cmds, cmd)
			}
			return m, tea.Batch(cmds...)
		}
		if m.editing {
			return m.editKey(msg)
		}
		return m.key(msg)
	}
	return m, nil
}

// key: ↑/↓ choose a row, ←/→ its value, typing edits a text row, enter
// starts, ? helps, q or esc quit.
// start asks the root for what the menu chose: the teacher's quiz or
// demo, a room, a game; nothing while a setting is refused.
func (m menu) start() tea.Cmd {
	if !m.ok {
		return nil
	}
	o := m.options()
	var msg tea.Msg = startGameMsg{opts: o}
	switch {
	case m.teacher:
		secs, _ := strconv.Atoi(limits[m.pick[rowLimit]])
		msg = dashMsg{opts: o, quiz: o.Quiz, limit: time.Duration(secs) * time.Second, question: o.Questions, ownRank: boards[m.pick[rowBoard]] == "own"}
	case m.mode() == "review":
		msg = reviewMsg{opts: o}
	case m.mode() == "learn":
		msg = openLearnMsg{opts: o}
	case m.mode() == "room":
		msg = roomMsg{action: roomActions[m.pick[rowRoom]], code: strings.TrimSpace(m.code.Value()), opts: o}
	}
	return func() tea.Msg { return msg }
}

// helpKey: ? opens and closes the help, esc closes it; q and esc quit
// where it is closed; nothing acts behind it.
func (m menu) helpKey(msg tea.KeyMsg) (menu, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Help):
		m.helpAll = !m.helpAll
	case m.helpAll && key.Matches(msg, k.Back):
		m.helpAll = false
	case m.opts.Remote && key.Matches(msg, k.Back):
		// A lone Esc over the network may be half an arrow key whose rest
		// came late: it says how to leave, and leaves nothing.
		m.leaveHint = true
	case key.Matches(msg, k.Quit), key.Matches(msg, k.Back):
		return m, tea.Quit
	}
	return m, nil
}

// rowKeys are the menu's keys on the row selected, one binding to a key:
// the Add row's enter, space and → add a game, so neither start nor change
// there; a row of choices types nothing.
func (m menu) rowKeys() KeyMap {
	k := m.keys
	r := m.row()
	composing := m.sum != nil && !m.editing
	setEnabled(composing && r.kind == rowPart, &k.SumRemove, &k.SumMove)
	setEnabled(composing && r.kind == rowAddPart, &k.SumAdd)
	setEnabled(r.kind != rowAddPart, &k.Start)
	setEnabled(len(m.choices(r)) > 0, &k.Change)
	setEnabled(m.input(r) != nil, &k.Edit)
	return k
}

func (m menu) key(msg tea.KeyMsg) (menu, tea.Cmd) {
	k := m.rowKeys()
	r := m.row()
	m.leaveHint = false
	if m.takesLetters(msg) {
		return m.startEditing(msg)
	}
	switch {
	case key.Matches(msg, k.Help), key.Matches(msg, k.Quit), key.Matches(msg, k.Back), m.helpAll:
		return m.helpKey(msg)
	case key.Matches(msg, k.Up):
		m.at = (m.at + len(m.rows()) - 1) % len(m.rows())
	case key.Matches(msg, k.Down):
		m.at = (m.at + 1) % len(m.rows())
	case m.sumKey(msg):
		return m.sumKeyed(msg), nil
	case key.Matches(msg, k.Change):
		m.change(r, msg.String() == "right" || msg.String() == "l")
	case key.Matches(msg, k.Start) && !m.ok: // say why where the eye is
		m.at = m.refusedRow()
	case key.Matches(msg, k.Start):
		return m, m.start()
	case key.Matches(msg, k.Edit):
		return m.startEditing(msg)
	}
	return m, nil
}

// startEditing focuses the row's field and types msg there.
func (m menu) startEditing(msg tea.KeyMsg) (menu, tea.Cmd) {
	m.editing = true
	in := m.input(m.row())
	in.CursorEnd()
	focus := in.Focus()
	m, cmd := m.editKey(msg)
	return m, tea.Batch(focus, cmd)
}

// editKey: every key goes to the field but those that leave it.
func (m menu) editKey(msg tea.KeyMsg) (menu, tea.Cmd) {
	in := m.input(m.row())
	switch msg.String() {
	case "enter", "esc", "tab", "shift+tab", "up", "down":
		m.editing = false
		in.Blur()
		if msg.String() != "esc" { // enter starts, as the footer says
			return m.key(msg)
		}
		return m, nil
	case "ctrl+c":
		return m, tea.Quit
	}
	before := in.Value()
	var cmd tea.Cmd
	*in, cmd = in.Update(msg)
	if in.Value() != before {
		m.sum = m.sum.edited(m.row(), m.pos)
		m.pick[rowPreset] = 0 // the position is no longer the example's
		m.validate()
	}
	return m, cmd
}

// change picks the next (or previous) value of a row of choices; on a
// parameter's row it fills the field with the next choice.
func (m *menu) change(r menuRow, next bool) {
	vals := m.choices(r)
	if len(vals) == 0 {
		return
	}
	d := len(vals) - 1
	if next {
		d = 1
	}
	if r.kind == rowPart {
		m.sum.change(r.param, d)
		m.sumChanged()
		return
	}
	if r.kind == rowParam {
		in := &m.params[r.param]
		i := slices.Index(vals, in.Value())
		switch {
		case i >= 0:
			i = (i + d) % len(vals)
		case next: // a value typed: the choices from their start
			i = 0
		default:
			i = len(vals) - 1
		}
		in.SetValue(vals[i])
		m.pick[rowPreset] = 0
		m.validate()
		return
	}
	if r.kind == rowGame {
		m.changeGame(d, len(vals))
	} else {
		m.pick[r.kind] = (m.pick[r.kind] + d) % len(vals)
	}
	switch r.kind {
	case rowGame:
		m.resetParams()
		m.pick[rowPreset] = 0
		m.pick[rowConvention] = min(m.pick[rowConvention], len(m.conventions())-1)
	case rowConvention:
		m.pick[rowPreset] = 0
	case rowPreset:
		if i := m.pick[rowPreset]; i > 0 {
			m.usePreset(m.presets[i-1])
		}
	case rowLang:
		m.setLang()
	case rowTheme:
		t, _ := ThemeNamed(themeNames()[m.pick[rowTheme]])
		m.st = NewStyles(t, m.st.renderer)
	case rowMode, rowRoom:
		m.at = m.rowIndex(r.kind)
		m.pick[rowExplain] = indexOf(explainModes, defaultExplain(m.mode() == "quiz")) // each mode's own
	}
	m.validate()
}

// usePreset fills in the game, its parameters, the convention and the
// position.
func (m *menu) usePreset(p assets.Preset) {
	if p.Sum != "" {
		m.composeSum(p.Sum)
		m.pick[rowConvention] = slices.Index(conventions, engine.Normal)
		return
	}
	spec, alias, _ := variants.Find(p.Game)
	m.sum = nil
	m.pick[rowGame] = indexOf(variants.Names(), spec.Name)
	m.resetParams()
	for i, ps := range spec.Params {
		if v, ok := p.Params[ps.Name]; ok {
			m.params[i].SetValue(v)
		}
		if alias != nil {
			if v, ok := alias.Params[ps.Name]; ok {
				m.params[i].SetValue(v)
			}
		}
	}
	m.pick[rowConvention] = slices.Index(conventions, conventionOf(p.Misere || alias != nil && alias.Misere))
	m.pos.SetValue(engine.Position(p.Position).String())
}

func (m menu) view() string {
	if m.width < minWidth || m.height < minHeight {
		return tooSmall(m.cat, m.width, m.height)
	}
	w := m.width - 2*margin
	lines := []string{m.st.Title.Render("matchgame") + " — " + m.cat.T("ui.menu.title"), ""}
	if m.classNote != "" { // the teacher's class, over SSH
		lines = append(append(lines, text.WrapStyled(m.classNote, w, m.st.Selected)...), "")
	}
	if m.leaveHint {
		lines = append(append(lines, text.WrapStyled(m.cat.T("ui.menu.leave"), w, m.st.Bold)...), "")
	}
	keys := m.rowKeys()
	foot := m.st.help(m.width).ShortHelpView(keys.ShortHelp())
	if m.helpAll { // the help in place of the rows: it fits at 60×20
		lines = append(lines, m.st.fullHelp(m.width, keys.FullHelp())...)
		foot = m.st.Subtle.Render(m.cat.T("ui.help.close"))
	} else {
		about := text.WrapStyled(m.about(), w, m.st.Subtle)
		rows, at := m.rowLines(w)
		lines = append(lines, scrolled(rows, at, m.height-1-len(lines)-1-len(about))...)
		lines = append(append(lines, ""), about...)
	}
	lines = fit(lines, m.height-1)
	for len(lines) < m.height-1 {
		lines = append(lines, "")
	}
	return frame(append(lines, foot), m.width, m.height)
}

// scrolled are as many of lines as fit in n, line at among them: the
// rows scroll so that the game's description under them reads whole (at
// 60×20 it was cut). ⋮ marks rows off screen.
func scrolled(lines []string, at, n int) []string {
	if len(lines) <= n || n < 3 {
		return lines
	}
	// The selected line in the middle, or the window at an end: a mark
	// never takes its place.
	first := min(max(0, at-n/2), len(lines)-n)
	out := slices.Clone(lines[first : first+n])
	if first > 0 {
		out[0] = "  ⋮"
	}
	if first+n < len(lines) {
		out[n-1] = "  ⋮"
	}
	return out
}

// rowLines are the menu's rows, the selected one marked, and under the
// row that says it whether the choice is good; and the selected row's
// line.
func (m menu) rowLines(w int) ([]string, int) {
	rows := m.rows()
	labels := make([]string, len(rows))
	for i, r := range rows {
		labels[i] = m.label(r)
	}
	lw := text.MaxWidth(labels)
	// A refused parameter is said under its row while it is selected, not
	// again under the position.
	paramRefused := !m.ok && rows[m.at].kind == rowParam
	var lines []string
	selected := 0
	for i, r := range rows {
		mark := board.NoCursor
		if i == m.at {
			mark, selected = m.st.Selected.Render(board.Cursor), len(lines)
		}
		lines = append(lines, mark+text.PadRight(labels[i], lw)+"  "+m.value(r, i == m.at))
		if r.kind == rowPosition && !paramRefused || r.kind == rowCode || r.kind == rowParam && paramRefused && i == m.at {
			st, sign := m.st.Good, "✓ "
			switch {
			case m.sum.blank(m.pos): // nothing typed yet is no mistake: what to do
				st, sign = m.st.Subtle, "· "
			case !m.ok:
				st, sign = m.st.Bad, "✗ "
			}
			for _, l := range text.Wrap(sign+m.valid, max(10, w-lw-4)) {
				lines = append(lines, strings.Repeat(" ", lw+4)+st.Render(l))
			}
		}
	}
	return lines, selected
}

// about is the line under the rows: the game's rules, or in a room that
// the room says the game; a preset's context after them.
func (m menu) about() string {
	params := map[string]string{}
	for i, p := range m.gameParams() {
		if i < len(m.params) {
			params[p.Name] = strings.TrimSpace(m.params[i].Value())
		}
	}
	spec, one := m.family()
	about := m.cat.T("about.sum")
	if one {
		about = m.cat.T(desk.GameKey(m.cat, "about", spec.Name, params))
	}
	if slices.ContainsFunc(m.rows(), func(r menuRow) bool { return r.kind == rowCode }) { // joining or watching: the room says the game
		about = m.cat.T("ui.menu.room.about")
	}
	if m.mode() == "review" {
		about = m.cat.T("ui.menu.review.about", m.reviewDue)
	}
	if m.mode() == "learn" {
		about = m.cat.T("learn.menu.about")
	}
	if i := m.pick[rowPreset]; i > 0 && m.mode() == "play" {
		about = sentences(m.cat, about, localized(m.presets[i-1].Context, m.cat.Lang))
	}
	return about
}

// label names a row.
func (m menu) label(r menuRow) string {
	if r.kind == rowParam {
		return m.cat.T("ui.menu.row.param." + m.gameParams()[r.param].Name)
	}
	if r.kind == rowPart {
		return m.cat.T("ui.menu.row.part", r.param+1)
	}
	if r.kind == rowPosition && m.isSum() {
		return m.cat.T("ui.menu.row.sum")
	}
	return m.cat.T("ui.menu.row." + rowNames[r.kind])
}

// value is a row's value as shown: ‹ a choice ›, or [the field].
func (m menu) value(r menuRow, selected bool) string {
	if r.kind == rowAddPart {
		return addValue(m.cat, m.st, selected)
	}
	if in := m.input(r); in != nil {
		return m.fieldValue(r, in, selected)
	}
	vals := m.choices(r)
	at := m.pick[r.kind]
	if r.kind == rowGame && m.sum != nil { // the last choice
		at = len(vals) - 1
	}
	s := "‹ " + m.choiceText(r, vals[min(at, len(vals)-1)]) + " ›"
	if selected {
		return m.st.Selected.Render(s)
	}
	return s
}

// fieldValue is a text row's value: [the field], what an empty one
// means, and how to change it when selected.
func (m menu) fieldValue(r menuRow, in *textinput.Model, selected bool) string {
	v := in.Value()
	switch {
	case m.editing && selected:
		v = in.View()
	case v == "" && r.kind == rowPosition && m.isSum(): // empty: the line under it says what to type
	case v == "":
		v = m.st.Subtle.Render(in.Placeholder)
	}
	s := "[" + v + "]"
	if !selected || m.editing {
		return s
	}
	if (r.kind == rowParam || r.kind == rowPart) && len(m.choices(r)) > 0 { // ←/→ step through the choices too
		s = "‹ " + s + " ›"
	}
	return m.st.Selected.Render(s) + " " + m.st.Subtle.Render(m.cat.T("ui.menu.type"))
}

// choiceText is a choice in the player's words.
func (m menu) choiceText(r menuRow, v string) string {
	switch r.kind {
	case rowGame:
		return m.cat.T("game." + v)
	case rowQuestions:
		return v
	case rowLimit:
		return m.cat.T("ui.menu.limit", v)
	case rowMode:
		if m.teacher {
			return m.cat.T("ui.dash.mode." + v)
		}
		return m.cat.T("ui.menu.mode." + v)
	case rowLang:
		return m.cat.T("ui.lang." + v)
	case rowPreset:
		if v == "" {
			return m.cat.T("ui.menu.nopreset")
		}
		return localized(m.presets[m.pick[rowPreset]-1].Title, m.cat.Lang)
	}
	return m.cat.T("ui.menu." + rowNames[r.kind] + "." + v)
}

// localized picks lang's text, else English.
func localized(texts map[string]string, lang string) string {
	if s, ok := texts[lang]; ok {
		return s
	}
	return texts["en"]
}
