package tui

import (
	"errors"
	"math/rand/v2"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/serve"
	"matchgame/internal/variants"
)

// maxPlaces is the most places (heaps, stairs, chessmen) the terminal game
// plays with: it answers a key within 50 ms up to there, drawing only the
// rows on screen. `matchgame analyze` takes more.
const maxPlaces = 100_000

// selection is the move being prepared on the board, and the digits of
// its amount typed so far.
type selection struct {
	board.Selection
	typed string
	// marks are the other places of a move at several (Moore's Nim), by
	// place, each with its amount: space marks the selected place.
	marks []engine.Change
}

// play is the game screen: the board, the explanation, the history. The
// match is the engine's; play keeps what is on screen and who plays which
// side. What the screen is for (a game, a demo, a quiz, a room, the
// class's question or demo, the review) is its mode, a sub-model with its
// own keys.
type play struct {
	env
	keys     KeyMap
	match    *engine.Match
	you      engine.Side // the side the person plays
	mode     mode
	sel      selection
	explain  string // off, why, teach
	hint     int    // 0, 1: the place and why, 2: the move; until the next move
	said            // what was last said
	computer        // the computer's side and its visible pause
	panel           // the panel under the board
	handouts        // the handout file
	startCmd tea.Cmd

	width, height int
}

// env is what the screen was opened with.
type env struct {
	opts Options
	cat  *assets.Catalog
	st   *Styles
}

// said is what the screen last said over the panel.
type said struct {
	note    string // the last thing said: a refusal, the computer's move
	noteBad bool
	lesson  string // the person's last move handed the computer the win: why
	asking  string // a question waiting for y or n: "quit", "menu"
	hold    string // a hint in a P-position: the holding move and why
}

// computer is the computer's side: its players and its visible pause.
type computer struct {
	cpu      *engine.Player // the computer's side
	demon    *engine.Player // both sides in a demo, at full strength
	spin     spinner.Model
	thinking bool        // the computer's visible pause
	pending  engine.Move // the move it is about to make
	weighing bool        // a holding move is being weighed: not known yet
	weigh    tea.Cmd     // which weighs it and ends the pause
	kind     engine.Kind // and why
	seq      int         // tells a stale pause from the current one
}

// panel is the explanation under the board, and what can cover it.
type panel struct {
	why         viewport.Model // the explanation panel
	layouts     *board.Layouts // the board's last sum laid out: this screen's own
	panelText   string         // its content, to know when it changes
	laid        *laidOut       // the last explanation laid out, shared by the model's copies
	helpAll     bool           // the key help fills the screen
	showHistory bool           // narrow screens: the panel shows the moves
	handout     string         // over SSH, the handout shown for copying (no file is written there)
	sheet       string         // a reference sheet over the panel: "glossary" (g), "table" (t), "" none
}

// handouts is Options.Transcript and what was written.
type handouts struct {
	out       *handoutFile // Options.Transcript; nil without one
	savedMD   string       // the handout as last written to Options.Transcript
	lastSaved savedMsg     // the last handout s wrote, and its Markdown
}

// computerMoveMsg ends the computer's visible pause, with the holding
// move weighed during it.
type computerMoveMsg struct {
	seq     int
	weighed *weighed
}

// weighed is a holding move weighed apart from Update.
type weighed struct {
	move engine.Move
	err  error
}

// newPlay sets up a game from opts; its error (a refused game or position)
// is meant for the person who chose them.
func newPlay(opts Options, cat *assets.Catalog, st *Styles) (play, error) {
	tool := variants.ToolPlay
	if opts.Quiz {
		tool = variants.ToolQuiz
	}
	if err := variants.Able(opts.Game, tool, false); err != nil {
		return play{}, err
	}
	g, conv, err := variants.Lookup(opts.Game)
	if err != nil {
		return play{}, err
	}
	return newPlayOf(g, conv, opts, cat, st)
}

// newPlayOf sets up game g in convention conv, with the rest of opts
// (opts.Game is what the menu shows when the person goes back to it).
func newPlayOf(g engine.Game, conv engine.Convention, opts Options, cat *assets.Catalog, st *Styles) (play, error) {
	var err error
	if opts.Seed == 0 {
		opts.Seed = uint64(time.Now().UnixNano())
	}
	m := play{
		env:      env{opts: opts, cat: cat, st: st},
		panel:    panel{why: viewport.New(0, 0), laid: &laidOut{}, layouts: &board.Layouts{}},
		computer: computer{spin: spinner.New(spinner.WithSpinner(spinner.Dot)), cpu: engine.NewPlayer(opts.Level, opts.Seed), demon: engine.NewPlayer(engine.Perfect, opts.Seed)},
		explain:  opts.Explain,
		mode:     gameMode{pace: 2},
	}
	if m.explain == "" {
		m.explain = defaultExplain(opts.Quiz)
	}
	if opts.Transcript != "" {
		m.out = &handoutFile{path: opts.Transcript, force: opts.Force}
	}
	m.why.KeyMap = viewport.KeyMap{ // the panel scrolls only by its own keys
		PageDown:     key.NewBinding(key.WithKeys("pgdown")),
		PageUp:       key.NewBinding(key.WithKeys("pgup")),
		HalfPageDown: key.NewBinding(key.WithKeys("ctrl+d")),
		HalfPageUp:   key.NewBinding(key.WithKeys("ctrl+u")),
	}
	m.why.MouseWheelEnabled = true
	m.keys = NewKeyMap(cat, g.Board())
	rng := rand.New(rand.NewPCG(opts.Seed, opts.Seed>>1|1))
	if opts.Quiz {
		return m.startQuiz(g, conv, rng)
	}
	if opts.First == "computer" {
		m.you = engine.Second
	}
	if opts.resume != nil {
		if m.match, err = resumed(opts, ""); err != nil {
			return play{}, err
		}
		m.note = cat.T(plural("ui.resumed", m.match.Played()), m.match.Played())
		m.settle()
		m.startCmd = m.maybeThink()
		return m, nil
	}
	start := opts.Position
	if start == nil {
		start = drawStart(g, conv, m.you, rng)
	}
	if m.match, err = newMatch(g, conv, start, false); err != nil {
		if r := (*engine.Refusal)(nil); opts.Position == nil && errors.As(err, &r) {
			err = engine.Refuse("ui.start.random", r.Text) // not a heap the person typed
		}
		return play{}, err
	}
	m.settle()
	m.startCmd = m.maybeThink()
	return m, nil
}

// drawStart draws a random start worth playing for the person: when the
// person moves first, an N-position; when the computer does, a P-position
// with moves left, so that in both cases the person wins by playing well.
func drawStart(g engine.Game, conv engine.Convention, you engine.Side, r *rand.Rand) engine.Position {
	p, _ := variants.RandomPosition(g, conv, r)
	for range 100 {
		if you == engine.First {
			return p
		}
		if a, err := engine.Analyze(g, p, conv); err == nil && a.After != nil && !engine.Over(g, a.After) {
			return a.After
		}
		p, _ = variants.RandomPosition(g, conv, r)
	}
	return p
}

// newMatch starts a match from p, refusing a position the terminal game
// cannot play from: one the engine refuses, one too large to draw, one
// with no move at all, and for a quiz one with no winning move to find.
func newMatch(g engine.Game, conv engine.Convention, p engine.Position, quiz bool) (*engine.Match, error) {
	if len(p) > maxPlaces {
		return nil, engine.Refuse("err.play.size", len(p), maxPlaces)
	}
	m, err := engine.NewMatch(g, conv, p)
	switch {
	case err != nil:
		return nil, err
	case m.Over():
		return nil, engine.Refuse("ui.start.over", engine.BriefOf(g, m.Position()))
	case quiz && m.Now().Move == nil:
		return nil, engine.Refuse("ui.quiz.lost", engine.BriefOf(g, m.Position()))
	}
	return m, nil
}

func (m play) init() tea.Cmd { return m.startCmd }

// game is the game played.
func (m play) game() engine.Game { return m.match.Game }

// pos is the position on the board.
func (m play) pos() engine.Position { return m.match.Position() }

// yourTurn reports whether the person is to move and may choose a move
// (not in a demo, nor watching, nor after an answer).
func (m play) yourTurn() bool {
	return !m.match.Over() && !m.thinking && (m.match.ToMove() == m.you || m.pairs()) && m.mode.choosing()
}

// pairs reports whether two people play at one keyboard: each side's move
// is chosen by keys, and the computer only referees.
func (m play) pairs() bool { return m.opts.Players == 2 }

// settle puts the selection on a place that has a move, after a move or a
// new position, and refreshes what depends on the position.
func (m *play) settle() {
	m.sel.typed, m.hold, m.sel.marks = "", "", nil
	g, p := m.game(), m.pos()
	n := g.Places(p)
	if m.sel.Where < 1 || m.sel.Where > n || g.Amounts(p, m.sel.Where).Empty() {
		m.sel.Where = 1
		for w := 1; w <= n; w++ { // a staircase of the ground alone has no place
			if !g.Amounts(p, w).Empty() {
				m.sel.Where = w
				break
			}
		}
	}
	m.resetAmount()
	m.syncKeys()
	m.refreshPanel()
}

// resetAmount puts the amount at the smallest move at the selected place
// (0 when none): the smallest amount, or the largest where the board says
// the board's keys start there (boardKeys); and the split in
// the middle of the row.
func (m *play) resetAmount() {
	g, p := m.game(), m.pos()
	m.sel.Amount, m.sel.Left, m.sel.Mid = 0, 0, 0
	if m.sel.Where < 1 || m.sel.Where > g.Places(p) {
		return
	}
	amounts := g.Amounts(p, m.sel.Where)
	a, ok := amounts.First()
	if pg, _, _ := engine.PlaceIn(g, p, m.sel.Where); boardKeys[pg.Board().Kind].fromLast {
		a, ok = amounts.Last()
	}
	if ok {
		m.sel.Amount = a
		m.resetSplit()
	}
}

// resetSplit chooses the first legal split of a take-and-break move.
func (m *play) resetSplit() {
	s, ok := m.game().(engine.Splitter)
	if !ok {
		return
	}
	m.sel.Left, _ = s.Splits(m.pos(), m.sel.Where, m.sel.Amount).First()
	m.sel.Mid, m.sel.Mirrored = 0, false
	if m.sel.Amount == 0 && m.threeWay() && m.sel.Left > 0 { // 1 + 1 + the rest, the first split
		m.sel.Mid = 1
	}
}

// syncKeys enables the bindings that work now: the screen's own and the
// keys of choosing a move here, the mode's by the mode; none while a
// question waits for its answer.
// anyPlace reports whether some place of the position has the property:
// the first 4,096 places are looked at, and a larger board is taken to
// have it.
func (m play) anyPlace(has func(where int) bool) bool {
	n := m.game().Places(m.pos())
	if n > 4096 {
		return true
	}
	for where := 1; where <= n; where++ {
		if has(where) {
			return true
		}
	}
	return false
}

func (m *play) syncKeys() {
	k := &m.keys
	k.off()
	setEnabled(true, &k.Help, &k.Explain, &k.Scroll, &k.NewGame, &k.Save, &k.Back, &k.Quit, &k.Glossary)
	tg, _ := m.selectedTable()
	setEnabled(tg != nil, &k.Table)
	setEnabled(m.width < wideWidth, &k.History)
	if choosing := m.yourTurn(); choosing {
		g, p := m.game(), m.pos()
		setEnabled(g.Places(p) > 1, &k.PlaceBack, &k.PlaceOn)
		setEnabled(true, &k.Confirm)
		// No amount to choose where only one is legal anywhere (Grundy's
		// game splits, taking nothing); the help lists the keys of every
		// place, not only the selected one's (issue 18, rough edge 3).
		several := m.anyPlace(func(where int) bool {
			a := g.Amounts(p, where)
			lo, _ := a.First()
			hi, _ := a.Last()
			return hi > lo
		})
		setEnabled(several, &k.Less, &k.More)
		setEnabled(several || m.splits(), &k.Digit)
		digit := "ui.key.digit"
		if m.splitOnly() {
			digit = "ui.key.digit.split"
		}
		k.Digit.SetHelp("0-9", m.cat.T(digit))
		setEnabled(m.splits(), &k.Shift)
		setEnabled(anyBoard(g, func(b engine.Board) bool { return b.Shape.Pieces == 3 }), &k.Cut)
		setEnabled(m.marksMost() > 1, &k.Mark)
	}
	m.mode.enable(*m, k)
	if m.asking != "" {
		k.off()
	}
}

// yourLastTurn is the index of the person's last turn, -1 if none.
func (m play) yourLastTurn() int {
	turns := m.match.Turns()
	for i := len(turns) - 1; i >= 0; i-- {
		if !turns[i].Auto {
			return i
		}
	}
	return -1
}

// update handles msg, then lays out the panel and the keys for what is
// now on screen: one place for both, whatever changed.
func (m play) update(msg tea.Msg) (play, tea.Cmd) {
	m, cmd := m.handle(msg)
	m.syncKeys()
	m.refreshPanel()
	return m, cmd
}

func (m play) handle(msg tea.Msg) (play, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseMsg:
		if m.tooSmall() {
			return m, nil
		}
		return m.mouse(msg)
	case tea.KeyMsg:
		if m.tooSmall() {
			return m, nil
		}
		return m.typed(msg)
	}
	return m.event(msg)
}

// tooSmall reports whether the screen only says it is too small: keys and
// clicks there make no unseen moves. (Width 0: no size told yet.)
func (m play) tooSmall() bool {
	return m.width > 0 && (m.width < minWidth || m.height < minHeight)
}

// event takes what is not a key or the mouse: the screen's size, the
// computer's pause, a room's news, the class's timer, a handout written.
func (m play) event(msg tea.Msg) (play, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case spinner.TickMsg:
		if m.thinking {
			var cmd tea.Cmd
			m.spin, cmd = m.spin.Update(msg)
			return m, cmd
		}
	case computerMoveMsg:
		return m.computerMoves(msg)
	case roomClosedMsg, serve.RoomEvent:
		if m.room() != nil {
			return m.roomEvent(msg)
		}
	case tickMsg:
		if msg.seq == m.seq {
			return m, m.tick()
		}
	case savedMsg:
		m.saved(msg)
	}
	return m, nil
}

// typed takes a key; keys typed quickly arrive together ("l4"), and are
// taken one by one.
func (m play) typed(msg tea.KeyMsg) (play, tea.Cmd) {
	if msg.Type != tea.KeyRunes || len(msg.Runes) <= 1 || msg.Paste {
		return m.key(msg)
	}
	var cmds []tea.Cmd
	for _, r := range msg.Runes {
		var cmd tea.Cmd
		m, cmd = m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// key hands a key to the part of the screen that takes it: a question
// asked, the review, then the screen's own keys, then the mode's.
func (m play) key(msg tea.KeyMsg) (play, tea.Cmd) {
	if m.asking != "" {
		return m.answerAsk(msg)
	}
	if r, ok := m.mode.(*reviewMode); ok {
		return r.key(m, msg)
	}
	if m, cmd, done := m.screenKey(msg); done {
		return m, cmd
	}
	return m.mode.key(m, msg)
}

// screenKey takes the keys of every mode: the help, quitting, the
// panel, a handout; done is false for any other key.
func (m play) screenKey(msg tea.KeyMsg) (play, tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Help):
		m.helpAll = !m.helpAll
	case m.helpAll && key.Matches(msg, k.Back):
		m.helpAll = false
	case key.Matches(msg, k.Quit):
		m, cmd := m.ask("quit")
		return m, cmd, true
	case m.helpAll: // nothing acts behind the help
	case m.sheetKey(msg):
		m = m.sheetAfter(msg)
	case key.Matches(msg, k.Back), key.Matches(msg, k.NewGame):
		m, cmd := m.ask("menu")
		return m, cmd, true
	case key.Matches(msg, k.Explain):
		m.explain = explainModes[(indexOf(explainModes, m.explain)+1)%len(explainModes)]
		m.refreshPanel()
	case key.Matches(msg, k.History):
		m.showHistory = !m.showHistory
	case key.Matches(msg, k.Scroll):
		m.why, _ = m.why.Update(msg)
	case key.Matches(msg, k.Save) && m.opts.Remote: // no file on the server: shown to copy
		m.handout = m.markdown()
	case key.Matches(msg, k.Save):
		return m, m.saveCmd(), true
	default:
		return m, nil, false
	}
	return m, nil, true
}

// sheetKey reports whether msg opens or closes what covers the panel: g
// and t a reference sheet, esc a sheet or the handout shown to copy.
func (m play) sheetKey(msg tea.KeyMsg) bool {
	k := m.keys
	return key.Matches(msg, k.Glossary) || key.Matches(msg, k.Table) || (m.sheet != "" || m.handout != "") && key.Matches(msg, k.Back)
}

// sheetAfter is m after such a key: g and t toggle their sheets, esc
// closes the handout, or else the sheet.
func (m play) sheetAfter(msg tea.KeyMsg) play {
	switch {
	case key.Matches(msg, m.keys.Glossary):
		m.sheet = toggled(m.sheet, "glossary")
	case key.Matches(msg, m.keys.Table):
		m.sheet = toggled(m.sheet, "table")
	case m.handout != "":
		m.handout = ""
	default:
		m.sheet = ""
	}
	m.refreshPanel()
	return m
}

// ask puts a question to the person before anything is thrown away: a
// game in progress is never lost to one stray key. Where nothing would be
// lost it does the thing at once.
func (m play) ask(what string) (play, tea.Cmd) {
	nothingLost := m.match.Played() == 0 || m.match.Over()
	if q := m.quiz(); q != nil {
		nothingLost = q.asked == 0
	}
	if nothingLost {
		return m, m.doAsked(what)
	}
	m.asking = what
	m.syncKeys()
	return m, nil
}

// answerAsk takes y (or the same key again) for yes, anything else for no.
func (m play) answerAsk(msg tea.KeyMsg) (play, tea.Cmd) {
	what := m.asking
	m.asking = ""
	m.syncKeys()
	switch s := msg.String(); {
	case s == "y", s == "Y", s == "q" && what == "quit", s == "enter":
		return m, m.doAsked(what)
	case s == "ctrl+c":
		return m, tea.Quit
	}
	return m, nil
}

// doAsked quits, or goes back to the menu with the game's settings.
func (m play) doAsked(what string) tea.Cmd {
	if what == "quit" {
		return tea.Quit
	}
	o := m.opts
	return func() tea.Msg { return openMenuMsg{opts: o} }
}

// overKey: the game is over; the person can look back at it.
func (m play) overKey(msg tea.KeyMsg) (play, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Rematch):
		m.match.TakeBack(0)
		m.stopDemo()
		m.note, m.noteBad, m.hint, m.lesson = "", false, 0, ""
		m.settle()
		return m, m.maybeThink()
	case key.Matches(msg, m.keys.Review):
		m.openReview()
	case key.Matches(msg, m.keys.Undo):
		m.undo()
	case key.Matches(msg, m.keys.Redo):
		return m, m.redo()
	}
	return m, nil
}

// undo takes back the person's last move and the computer's replies
// after it.
func (m *play) undo() {
	i := m.yourLastTurn()
	if i < 0 {
		return
	}
	m.thinking = false
	m.seq++
	m.match.TakeBack(i)
	m.note, m.noteBad, m.hint, m.lesson = m.cat.T("ui.undone"), false, 0, ""
	m.settle()
}

// redo makes again what undo took back, up to the person's next turn.
func (m *play) redo() tea.Cmd {
	for m.match.CanRedo() {
		if _, ok := m.match.Redo(); !ok || m.match.ToMove() == m.you || m.pairs() {
			break
		}
	}
	m.note, m.noteBad, m.hint, m.lesson = m.cat.T("ui.redone"), false, 0, ""
	m.settle()
	return m.maybeThink()
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return 0
}
