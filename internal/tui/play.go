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
}

// play is the game screen: the board, the explanation, the history. The
// match is the engine's; play keeps only what is on screen and who plays
// which side. Its parts (choosing a move, the computer thinking, demo,
// quiz, review, game over) each have a small update of their own.
type play struct {
	opts    Options
	cat     *assets.Catalog
	st      *Styles
	keys    KeyMap
	helpAll bool // the key help fills the screen
	spin    spinner.Model
	why     viewport.Model // the explanation panel

	match *engine.Match
	you   engine.Side    // the side the person plays
	cpu   *engine.Player // the computer's side
	demon *engine.Player // both sides in a demo: perfect, and brisk when lost

	sel         selection
	explain     string // off, why, teach
	hint        int    // 0, 1: the place and why, 2: the move; until the next move
	showHistory bool   // narrow screens: the panel shows the moves
	note        string // the last thing said: a refusal, the computer's move
	noteBad     bool
	lesson      string // the person's last move handed the computer the win: why
	asking      string // a question waiting for y or n: "quit", "menu"

	thinking bool        // the computer's visible pause
	pending  engine.Move // the move it is about to make
	weighing bool        // a holding move is being weighed: not known yet
	weigh    tea.Cmd     // which weighs it and ends the pause
	kind     engine.Kind // and why
	seq      int         // tells a stale pause from the current one
	startCmd tea.Cmd

	demo       demoState
	quiz       *quizState
	review     *reviewState
	room       *roomLink         // a classmate plays the other side, over SSH
	follow     bool              // the teacher's demo: every move comes from the class
	followOver bool              // and it has ended
	class      *classLink        // a question of the teacher's quiz
	onMove     func(engine.Turn) // told of every move made: the teacher's demo for the class
	out        *handoutFile      // Options.Transcript; nil without one
	savedMD    string            // the handout as last written to Options.Transcript
	lastSaved  savedMsg          // the last handout s wrote, and its Markdown

	panelText string // the panel's content, to know when it changes
	handout   string // over SSH, the handout shown for copying (no file is written there)

	width, height int
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
	g, conv, err := variants.Lookup(opts.Game)
	if err != nil {
		return play{}, err
	}
	if opts.Seed == 0 {
		opts.Seed = uint64(time.Now().UnixNano())
	}
	m := play{
		opts:    opts,
		cat:     cat,
		st:      st,
		spin:    spinner.New(spinner.WithSpinner(spinner.Dot)),
		why:     viewport.New(0, 0),
		cpu:     engine.NewPlayer(opts.Level, opts.Seed),
		demon:   engine.NewPlayer(engine.Perfect, opts.Seed),
		explain: opts.Explain,
		demo:    demoState{pace: 2},
	}
	if m.explain == "" {
		m.explain = defaultExplain(opts.Quiz)
	}
	if opts.Transcript != "" {
		m.out = &handoutFile{path: opts.Transcript, force: opts.Force}
	}
	m.demon.Brisk = true
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
		return nil, engine.Refuse("ui.start.over", m.Position().Brief())
	case quiz && m.Now().Move == nil:
		return nil, engine.Refuse("ui.quiz.lost", m.Position().Brief())
	}
	return m, nil
}

func (m play) init() tea.Cmd { return m.startCmd }

// game is the game played.
func (m play) game() engine.Game { return m.match.Game }

// pos is the position on the board.
func (m play) pos() engine.Position { return m.match.Position() }

// yourTurn reports whether the person is to move (and not the computer
// for them in a demo).
func (m play) yourTurn() bool {
	return !m.match.Over() && !m.thinking && !m.demo.on && !m.follow && m.match.ToMove() == m.you && m.answered() == nil &&
		(m.room == nil || !m.room.watcher) && (m.class == nil || !m.class.closed)
}

// settle puts the selection on a place that has a move, after a move or a
// new position, and refreshes what depends on the position.
func (m *play) settle() {
	m.sel.typed = ""
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

// resetAmount puts the amount at the smallest legal one at the selected
// place (0 when none), and the split in the middle of the row.
func (m *play) resetAmount() {
	g, p := m.game(), m.pos()
	m.sel.Amount, m.sel.Left = 0, 0
	if m.sel.Where < 1 || m.sel.Where > g.Places(p) {
		return
	}
	if a, ok := g.Amounts(p, m.sel.Where).First(); ok {
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
	m.sel.Mirrored = false
}

// syncKeys enables the bindings that work now.
func (m *play) syncKeys() {
	k := &m.keys
	over, choosing := m.match.Over(), m.yourTurn()
	_, splits := m.game().(engine.Splitter)
	setEnabled(m.asking == "" && m.review == nil, &k.Help, &k.Explain, &k.Scroll, &k.NewGame, &k.Save, &k.Back, &k.Quit)
	setEnabled(choosing && m.game().Places(m.pos()) > 1, &k.PlaceBack, &k.PlaceOn)
	setEnabled(choosing, &k.Confirm)
	// No amount to choose where only one is legal (Grundy's game splits,
	// taking nothing).
	amounts := m.game().Amounts(m.pos(), m.sel.Where)
	lo, _ := amounts.First()
	hi, _ := amounts.Last()
	setEnabled(choosing && hi > lo, &k.Less, &k.More, &k.Digit)
	setEnabled(choosing && splits, &k.Shift)
	// The person's own game: no one else's moves to take back, no class
	// following the board.
	alone := m.room == nil && !m.follow && m.onMove == nil
	setEnabled(choosing && m.quiz == nil && alone, &k.Hint)
	setEnabled(m.yourLastTurn() >= 0 && m.quiz == nil && !m.demo.on && alone, &k.Undo)
	setEnabled(m.match.CanRedo() && m.quiz == nil && !m.demo.on && alone, &k.Redo)
	setEnabled(over && m.quiz == nil && alone || m.quiz != nil && m.quiz.done && m.class == nil, &k.Rematch)
	if m.quiz != nil { // r starts another quiz there
		k.Rematch.SetHelp("r", m.cat.T("ui.key.again"))
	}
	setEnabled(over && m.quiz == nil && len(m.mistakes()) > 0, &k.Review)
	setEnabled(!over && m.quiz == nil && alone, &k.Demo)
	setEnabled(m.answered() != nil && m.class == nil, &k.Next)
	next := "ui.key.next"
	if m.quiz != nil && m.quiz.asked >= m.quiz.questions { // after the last answer, enter shows the summary
		next = "ui.key.summary"
	}
	k.Next.SetHelp("enter", m.cat.T(next))
	setEnabled(m.demo.on && !over, &k.Pause, &k.Pace)
	setEnabled(m.demo.on && m.demo.paused && !over && !m.thinking, &k.Step)
	setEnabled(m.width < wideWidth, &k.History)
	if m.onMove != nil { // the teacher's demo: q, esc and x end it for the class
		setEnabled(false, &k.NewGame)
		k.Quit.SetHelp("q", m.cat.T("ui.key.demo.end"))
	}
	setEnabled(false, &k.Up, &k.Down, &k.Change, &k.Edit, &k.Start)
	if m.asking != "" || m.review != nil {
		setEnabled(false, &k.PlaceBack, &k.PlaceOn, &k.Less, &k.More, &k.Shift, &k.Digit, &k.Confirm, &k.Hint,
			&k.Undo, &k.Redo, &k.Rematch, &k.Review, &k.Demo, &k.Next, &k.Pause, &k.Pace, &k.Step, &k.History)
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
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case spinner.TickMsg:
		if m.thinking {
			var cmd tea.Cmd
			m.spin, cmd = m.spin.Update(msg)
			return m, cmd
		}
		return m, nil
	case computerMoveMsg:
		return m.computerMoves(msg)
	case roomClosedMsg, serve.RoomEvent:
		if m.room != nil {
			return m.roomEvent(msg)
		}
		return m, nil
	case tickMsg:
		if msg.seq == m.seq {
			return m, m.tick()
		}
		return m, nil
	case savedMsg:
		m.saved(msg)
		return m, nil
	case tea.MouseMsg, tea.KeyMsg:
		if m.width > 0 && (m.width < minWidth || m.height < minHeight) { // 0: no size told yet
			return m, nil // the screen only says it is too small: no unseen moves
		}
	}
	switch msg := msg.(type) {
	case tea.MouseMsg:
		return m.mouse(msg)
	case tea.KeyMsg:
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			// Keys typed quickly arrive together ("l4"): take them one by one.
			var cmds []tea.Cmd
			for _, r := range msg.Runes {
				var cmd tea.Cmd
				m, cmd = m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				cmds = append(cmds, cmd)
			}
			return m, tea.Batch(cmds...)
		}
		return m.key(msg)
	}
	return m, nil
}

// key hands a key to the part of the screen that takes it: a question
// asked, the review, then the keys of every state, then the state's own.
func (m play) key(msg tea.KeyMsg) (play, tea.Cmd) {
	switch {
	case m.asking != "":
		return m.answerAsk(msg)
	case m.review != nil:
		return m.reviewKey(msg)
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.Help):
		m.helpAll = !m.helpAll
		return m, nil
	case m.helpAll && key.Matches(msg, k.Back):
		m.helpAll = false
		return m, nil
	case key.Matches(msg, k.Quit):
		return m.ask("quit")
	case m.helpAll: // nothing acts behind the help
		return m, nil
	case m.handout != "" && key.Matches(msg, k.Back):
		m.handout = ""
		return m, nil
	case key.Matches(msg, k.Back), key.Matches(msg, k.NewGame):
		return m.ask("menu")
	case key.Matches(msg, k.Explain):
		m.explain = explainModes[(indexOf(explainModes, m.explain)+1)%len(explainModes)]
		m.refreshPanel()
		return m, nil
	case key.Matches(msg, k.History):
		m.showHistory = !m.showHistory
		return m, nil
	case key.Matches(msg, k.Scroll):
		m.why, _ = m.why.Update(msg)
		return m, nil
	case key.Matches(msg, k.Save) && m.opts.Remote: // no file on the server: shown to copy
		m.handout = m.markdown()
		return m, nil
	case key.Matches(msg, k.Save):
		return m, m.saveCmd()
	}
	switch {
	case m.quiz != nil:
		return m.quizKey(msg)
	case m.match.Over():
		return m.overKey(msg)
	case m.demo.on:
		return m.demoKey(msg)
	case m.yourTurn():
		return m.chooseKey(msg)
	case m.thinking && key.Matches(msg, m.keys.Undo): // take the move back before the reply
		m.undo()
	}
	return m, nil
}

// ask puts a question to the person before anything is thrown away: a
// game in progress is never lost to one stray key. Where nothing would be
// lost it does the thing at once.
func (m play) ask(what string) (play, tea.Cmd) {
	if m.match.Played() == 0 && m.quiz == nil || m.match.Over() && m.quiz == nil || m.quiz != nil && m.quiz.asked == 0 {
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
		m.note, m.noteBad, m.hint, m.demo.on, m.lesson = "", false, 0, false, ""
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
		if _, ok := m.match.Redo(); !ok || m.match.ToMove() == m.you {
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
