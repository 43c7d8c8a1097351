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
	"matchgame/internal/variants"
)

// maxPlaces is the most places (heaps, stairs, chessmen) the terminal game
// plays with: it answers a key within 50 ms up to there, drawing only the
// rows on screen. `matchgame analyze` takes more.
const maxPlaces = 100_000

// play is the game screen: the board, the explanation, the history. The
// match is the engine's; play keeps what is on screen and who plays which
// side, and its parts are components with their own state: the move
// being chosen (chooser), the computer's pause (computer), the panel
// under the board (panel), the handout file (handouts). What the screen
// is for (a game, a demo, a quiz, a room, the class's question or demo,
// the review) is its mode, a sub-model with its own keys, asked wherever
// the modes differ.
type play struct {
	env
	keys     KeyMap
	match    *engine.Match
	you      engine.Side // the side the person plays
	mode     mode
	sel      chooser
	explain  string // off, why, teach
	hint     int    // 0, 1: the place and why, 2: the move; until the next move
	words           // what was last said
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
	// away is where esc and n lead, and so the question asked first:
	// "menu", "page" (a page's example goes back to it) or "step" (a
	// lesson's step, started again: a lesson has no menu).
	away string
	// inLesson: the lesson around the game takes tab, shift+tab and q.
	inLesson bool
}

// words are what the screen last said over the panel.
type words struct {
	note    string // the last thing said: a refusal, the computer's move
	noteBad bool
	lesson  string // the person's last move handed the computer the win: why
	asking  string // a question waiting for y or n: "quit", or where away leads
	hold    string // a hint in a P-position: the holding move and why
}

// say puts s over the panel; nothing said leaves what was.
func (w *words) say(s said) {
	if s.text != "" {
		w.note, w.noteBad = s.text, s.bad
	}
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
		env:      env{opts: opts, cat: cat, st: st, away: "menu"},
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
		return m.startQuiz(g, newQuiz(opts, conv, rng))
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
	return !m.match.Over() && !m.thinking && (m.match.ToMove() == m.you || m.opts.pairs()) && m.mode.choosing()
}

// settle puts the selection on a place that has a move, after a move or a
// new position, and refreshes what depends on the position.
func (m *play) settle() {
	m.hold = ""
	m.sel.settle(m.game(), m.pos())
	m.syncKeys()
	m.refreshPanel()
}

// syncKeys enables the bindings that work now: the screen's own and the
// keys of choosing a move here, the mode's by the mode; none while a
// question waits for its answer.
func (m *play) syncKeys() {
	k := &m.keys
	k.off()
	setEnabled(true, &k.Help, &k.Explain, &k.Scroll, &k.NewGame, &k.Save, &k.Back, &k.Quit, &k.Glossary)
	if m.away != "menu" {
		k.NewGame.SetHelp("n", m.cat.T("ui.key.newgame."+m.away))
	}
	if m.inLesson { // tab is the lesson's, not the history's
		k.Quit.SetHelp("q", m.cat.T("lesson.key.end"))
		setEnabled(true, &k.Steps, &k.Note)
	}
	tg, _ := selectedTable(m.game(), m.pos(), m.sel.Where)
	setEnabled(tg != nil || otherAtPlace(m.match, m.sel.Where).has(), &k.Table)
	setEnabled(m.width < wideWidth && !m.inLesson, &k.History)
	if m.yourTurn() {
		m.sel.enable(m.game(), m.pos(), k, m.cat)
	}
	m.mode.enable(*m, k)
	pw, _, _ := panelSize(m.width, m.height, 0, 0)
	m.panel.enableSideways(k, m.panel.other(m.match, m.sel.Where), pw, tg != nil)
	if m.asking != "" {
		k.off()
	}
}

// yourLastTurn is the index of the person's last turn in match, -1 if
// none.
func yourLastTurn(match *engine.Match) int {
	turns := match.Turns()
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
	small := tooSmallFor(m.width, m.height)
	switch msg := msg.(type) {
	case tea.MouseMsg:
		if small {
			return m, nil
		}
		return m.mouse(msg)
	case tea.KeyMsg:
		if small {
			return m, nil
		}
		return m.typed(msg)
	}
	return m.event(msg)
}

// tooSmallFor reports whether a screen of w×h only says it is too small:
// keys and clicks there make no unseen moves. (Width 0: no size told yet.)
func tooSmallFor(w, h int) bool {
	return w > 0 && (w < minWidth || h < minHeight)
}

// event takes what is not a key or the mouse: the screen's size, the
// computer's pause, a handout written, and the mode's own (a room's
// news, the class's timer).
func (m play) event(msg tea.Msg) (play, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case spinner.TickMsg:
		return m, m.computer.spun(msg)
	case computerMoveMsg:
		return m.computerMoves(msg)
	case savedMsg:
		m.say(m.handouts.saved(msg, m.opts.Transcript, m.cat))
	default:
		m, cmd, _ := m.mode.event(m, msg)
		return m, cmd
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
// asked, the mode when it takes every key (the review), the screen's own
// keys, then the mode's.
func (m play) key(msg tea.KeyMsg) (play, tea.Cmd) {
	if m.asking != "" {
		return m.answerAsk(msg)
	}
	if !m.mode.ownKeys() {
		if m, cmd, done := m.screenKey(msg); done {
			return m, cmd
		}
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
	case key.Matches(msg, k.Sideways):
		pw, _, _ := panelSize(m.width, m.height, 0, 0)
		m.panel.scrollSheet(msg, m.panel.other(m.match, m.sel.Where), pw)
		m.refreshPanel()
	case m.panel.sheetKey(msg, k):
		m.panel.sheetAfter(msg, k)
		m.refreshPanel()
	case key.Matches(msg, k.Back), key.Matches(msg, k.NewGame):
		m, cmd := m.ask(m.away)
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
		return m, m.handouts.saveCmd(m.markdown()), true
	default:
		return m, nil, false
	}
	return m, nil, true
}

// ask puts a question to the person before anything is thrown away: a
// game in progress is never lost to one stray key. Where nothing would be
// lost it does the thing at once.
func (m play) ask(what string) (play, tea.Cmd) {
	if m.mode.lossless(m.match) {
		return m, doAsked(what, m.opts)
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
	case yes(s, "q", what == "quit"):
		return m, doAsked(what, m.opts)
	case s == "ctrl+c":
		return m, tea.Quit
	}
	return m, nil
}

// yes reports whether key s answers a question yes: y, enter, or the key
// that asked it pressed again when again holds.
func yes(s, asked string, again bool) bool {
	return s == "y" || s == "Y" || s == "enter" || again && s == asked
}

// doAsked quits, or leaves the game with its settings: for the menu, or
// where the root sends a game opened from a page or a lesson.
func doAsked(what string, o Options) tea.Cmd {
	if what == "quit" {
		return tea.Quit
	}
	return func() tea.Msg { return openMenuMsg{opts: o} }
}

// overKey: the game is over; the person can look back at it.
func (m play) overKey(msg tea.KeyMsg) (play, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Rematch):
		m.match.TakeBack(0)
		m.mode = m.mode.again()
		m.note, m.noteBad, m.hint, m.lesson = "", false, 0, ""
		m.settle()
		return m, m.maybeThink()
	case key.Matches(msg, m.keys.Review):
		return m.enter(newReview(m.mode), said{}), nil
	case key.Matches(msg, m.keys.Undo):
		m.undo()
	case key.Matches(msg, m.keys.Redo):
		return m, m.redo()
	}
	return m, nil
}

// enter switches to mode md, saying s (nothing when s is empty).
func (m play) enter(md mode, s said) play {
	m.mode = md
	m.say(s)
	m.syncKeys()
	m.refreshPanel()
	return m
}

// undo takes back the person's last move and the computer's replies
// after it.
func (m *play) undo() {
	i := yourLastTurn(m.match)
	if i < 0 {
		return
	}
	m.computer.stop()
	m.match.TakeBack(i)
	m.note, m.noteBad, m.hint, m.lesson = m.cat.T("ui.undone"), false, 0, ""
	m.settle()
}

// redo makes again what undo took back, up to the person's next turn.
func (m *play) redo() tea.Cmd {
	for m.match.CanRedo() {
		if _, ok := m.match.Redo(); !ok || m.match.ToMove() == m.you || m.opts.pairs() {
			break
		}
	}
	m.note, m.noteBad, m.hint, m.lesson = m.cat.T("ui.redone"), false, 0, ""
	m.settle()
	return m.maybeThink()
}

// chooseKey: the keys of the person's turn: the chooser's, enter, the
// hint, taking back, the demo.
func (m play) chooseKey(msg tea.KeyMsg) (play, tea.Cmd) {
	k := m.keys
	var s said
	var took bool
	if m.sel, s, took = m.sel.key(msg, k, m.game(), m.pos(), m.cat); took {
		m.say(s)
		m.syncKeys() // the amount keys follow the place selected
		return m, nil
	}
	switch {
	case key.Matches(msg, k.Confirm):
		return m.mode.confirm(m, m.sel.chosen(m.game(), m.pos()))
	case key.Matches(msg, k.Hint):
		m.showHint()
	case key.Matches(msg, k.Undo):
		m.undo()
	case key.Matches(msg, k.Redo):
		return m, m.redo()
	case key.Matches(msg, k.Demo): // a detour: the game waits as it is
		return detour(m)
	}
	m.syncKeys()
	return m, nil
}

// makeMove makes the person's move mv, or refuses it and changes
// nothing.
func (m play) makeMove(mv engine.Move) (play, tea.Cmd) {
	turn, err := m.match.Play(mv, false, 0)
	if err != nil {
		m.note, m.noteBad = m.cat.T("ui.refused", engine.Message(err, m.cat)), true
		m.sel.typed = ""
		return m, nil
	}
	m.hint = 0
	t := m.teller()
	m.note, m.noteBad, m.lesson = t.saysMoved(turn), false, t.lessonOf(turn)
	m.mode = m.mode.moved(turn)
	m.settle()
	return m, tea.Batch(m.maybeThink(), m.autoSave())
}

// showHint: the first w names the place and why and selects it; the
// second shows the whole move and selects it. With no winning move, the
// hint names the move the computer would hold out with (issue 18, rough
// edge 10).
func (m *play) showHint() {
	a := m.match.Now()
	m.hint = min(m.hint+1, 2)
	m.showHistory = false // the hint is said in the explanation's place
	switch {
	case a.Move == nil:
		if mv, why, ok := holdOut(a, m.cat); ok {
			m.sel.selectMove(m.game(), m.pos(), mv)
			m.hold = why
		}
	case m.hint == 1:
		m.sel.selectPlace(m.game(), m.pos(), *a.Move)
	default:
		m.sel.selectMove(m.game(), m.pos(), *a.Move)
	}
	m.refreshPanel()
}

// holdOut is the move that holds out longest in the P-position now is
// about (it leaves the opponent the fewest winning replies), or keeps a
// draw, and why.
func holdOut(now engine.Analysis, cat *assets.Catalog) (engine.Move, string, bool) {
	g, p, c := now.Game, now.Position, now.Convention
	mv, ok, err := engine.HoldOut(g, p, c)
	if err != nil || !ok {
		return mv, "", false
	}
	after, err := g.Apply(p, mv)
	if err != nil {
		return mv, "", false
	}
	a, err := engine.Analyze(g, after, c)
	if err != nil {
		return mv, "", false
	}
	if a.Outcome == engine.D { // from a draw, the holding move keeps it
		return mv, cat.T("ui.hint.keep", now.Describe(mv).Render(cat)), true
	}
	return mv, cat.T("ui.hint.hold", now.Describe(mv).Render(cat), a.WinningCount), true
}

// mouse: hovering a match (coin, cell, pin) previews the move that takes
// it and every match after it (moves those coins down, moves the chessman
// there); a click makes the move. A click that picks a place alone (a
// graph's token) chooses it and waits for the click that moves it; only
// a click picks. The wheel scrolls the explanation.
func (m play) mouse(msg tea.MouseMsg) (play, tea.Cmd) {
	if msg.Button == tea.MouseButtonWheelUp || msg.Button == tea.MouseButtonWheelDown {
		m.why, _ = m.why.Update(msg)
		return m, nil
	}
	if !m.yourTurn() || m.asking != "" {
		return m, nil
	}
	sel, ok := board.At(m.boardView(), msg.X-margin, msg.Y-boardTop)
	click := msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft
	if !ok || sel.Pick && !click {
		return m, nil
	}
	picked := sel.Pick
	sel.Pick = false
	m.sel = chooser{Selection: sel}
	if click && !picked {
		return m.mode.confirm(m, m.sel.chosen(m.game(), m.pos()))
	}
	m.syncKeys()
	return m, nil
}

// preview is the move the board shows as about to happen: the selection,
// while the person chooses a legal one, or the computer's chosen move
// during its pause.
func (m play) preview() (engine.Move, bool) {
	switch {
	case m.match.Over():
		return engine.Move{}, false
	case m.thinking:
		return m.pending, !m.weighing
	case !m.yourTurn() || !m.sel.previews(m.game(), m.pos(), m.cat):
		return engine.Move{}, false
	}
	return m.sel.chosen(m.game(), m.pos()), true
}

// refusal says why the selected move would be refused, before enter; ""
// when it is legal, nothing is chosen yet, or it is not the person's
// turn.
func (m play) refusal() string {
	if !m.yourTurn() {
		return ""
	}
	return m.sel.refusal(m.game(), m.pos(), m.cat)
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return 0
}
