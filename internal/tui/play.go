package tui

import (
	"math/rand/v2"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// side is one of the two players.
type side int

const (
	human side = iota
	computer
)

func (s side) other() side { return 1 - s }

// turn is one move made, kept for undo, redo and the move history.
type turn struct {
	by     side
	move   engine.Move
	kind   engine.Kind // why the computer chose it
	auto   bool        // the computer made it (in demo mode, for either side)
	before engine.Position
	after  engine.Position
}

// computerMoveMsg ends the computer's visible pause. seq tells a stale
// pause (the move was undone meanwhile) from the current one.
type computerMoveMsg struct{ seq int }

// thinkingPause is how long the computer visibly thinks.
const thinkingPause = 700 * time.Millisecond

// demoPaces are the pauses between moves in demo mode that < and > choose
// from; a class starts at the second.
var demoPaces = []time.Duration{3 * time.Second, 1500 * time.Millisecond, 700 * time.Millisecond, 300 * time.Millisecond}

// play is the game screen: the board, the explanation, the history.
type play struct {
	opts Options
	cat  *assets.Catalog
	st   *Styles
	keys KeyMap
	help help.Model
	spin spinner.Model

	g     engine.Game
	conv  engine.Convention
	start engine.Position
	first side
	cpu   *engine.Player

	pos     engine.Position
	toMove  side
	history []turn
	redo    []turn

	// The move being prepared: place (heap, stair, chessman, direction)
	// and amount; typed holds digits typed for the amount.
	where  int
	amount int64
	typed  string

	explain     string // "off", "why", "teach"
	hint        bool   // the winning move is shown until the next move
	showHistory bool   // narrow screens: the panel shows the history
	scroll      int    // lines of the panel scrolled away
	note        string // the last thing said: a refusal, the computer's move
	noteBad     bool

	demo       bool           // the computer plays both sides
	demoPlayer *engine.Player // plays the player's side in demo mode
	demoPaused bool           // the demo waits for a key before each move
	demoStep   bool           // play one move although paused
	demoPace   int            // the pause between demo moves, in demoPaces

	quiz      bool // "find the winning move" instead of a game
	quizRand  *rand.Rand
	asked     int
	right     int
	answered  *quizAnswer // the answer to the question on screen, nil while asking
	quizSteps []engine.Step
	autoSaved int // history and answers counted when Options.Transcript was last written

	thinking bool
	pending  turn
	seq      int
	startCmd tea.Cmd

	analysis engine.Analysis
	solveErr error

	width, height int
}

// newPlay sets up a game from opts; its error (a refused game or position)
// is meant for the person who chose them.
func newPlay(opts Options, cat *assets.Catalog, st *Styles) (play, error) {
	g, conv, err := variants.Lookup(opts.Game)
	if err != nil {
		return play{}, err
	}
	seed := opts.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	start := opts.Position
	var quizRand *rand.Rand
	if opts.Quiz {
		quizRand = rand.New(rand.NewPCG(seed, seed>>1|1))
		if start == nil { // a position given is the first question
			if start, err = drawQuestion(g, conv, quizRand); err != nil {
				return play{}, err
			}
		}
	} else if start == nil { // whoever moves first can win by finding the winning move
		start, _ = variants.RandomPosition(g, conv, rand.New(rand.NewPCG(seed, seed>>1|1)))
	}
	if start, err = g.Normalize(start); err != nil {
		return play{}, err
	}
	if err := playable(g, start, conv, opts.Quiz); err != nil {
		return play{}, err
	}
	opts.Position = start
	m := play{
		opts:  opts,
		cat:   cat,
		st:    st,
		keys:  NewKeyMap(cat),
		help:  help.New(),
		spin:  spinner.New(spinner.WithSpinner(spinner.Dot)),
		g:     g,
		conv:  conv,
		start: start,
		cpu:   engine.NewPlayer(opts.Level, seed),

		demoPlayer: engine.NewPlayer(engine.Perfect, seed),
		demoPace:   1,
		explain:    opts.Explain,
		quiz:       opts.Quiz,
		quizRand:   quizRand,
	}
	if m.explain == "" {
		m.explain = "why"
	}
	if opts.First == "computer" && !opts.Quiz {
		m.first = computer
	}
	m.reset()
	if m.quiz {
		m.askNote()
	}
	m.startCmd = m.maybeThink()
	return m, nil
}

// reset starts the game again from its start position.
func (m *play) reset() {
	m.pos, m.toMove = m.start, m.first
	m.history, m.redo = nil, nil
	m.hint, m.thinking, m.typed, m.demo = false, false, "", false
	m.note, m.noteBad = "", false
	m.seq++
	m.settle()
}

// init starts the computer's pause if it moves first; newPlay has chosen
// its move already, since Init cannot change the model.
func (m play) init() tea.Cmd { return m.startCmd }

// over reports whether no move is left.
func (m play) over() bool { return engine.Over(m.g, m.pos) }

// winner is who won a finished game: the last mover in normal play, the
// other player in misère play.
func (m play) winner() side {
	last := m.toMove.other()
	if m.conv == engine.Misere {
		return m.toMove
	}
	return last
}

// settle analyses the new position and puts the selection on a place that
// has a move, with its smallest legal amount.
func (m *play) settle() {
	m.analysis, m.solveErr = engine.Analyze(m.g, m.pos, m.conv)
	m.typed, m.scroll = "", 0
	lo, hi := m.places()
	if m.where < lo || m.where > hi || m.firstAmount(m.where) == 0 {
		m.where = lo
		for w := lo; w <= hi; w++ {
			if m.firstAmount(w) > 0 {
				m.where = w
				break
			}
		}
	}
	m.amount = 0
	if lo <= hi { // a staircase of the ground alone has no place at all
		m.amount = m.firstAmount(m.where)
	}
	m.syncKeys()
}

// playable refuses a start position the game cannot be played from: one
// the engine refuses, one with no move at all, and in a quiz one with no
// winning move to find.
func playable(g engine.Game, p engine.Position, conv engine.Convention, quiz bool) error {
	a, err := engine.Analyze(g, p, conv)
	switch {
	case err != nil:
		return err
	case engine.Over(g, p):
		return engine.Refuse("teach.start.over", p.String())
	case quiz && a.Move == nil:
		return engine.Refuse("teach.quiz.lost", p.String())
	}
	return nil
}

// places is the range of Move.Where the game uses.
func (m play) places() (lo, hi int) {
	switch m.g.Name() {
	case "bash":
		return 1, 1
	case "wythoff":
		return 1, 3
	case "staircase":
		return 1, len(m.pos) - 1
	}
	return 1, len(m.pos)
}

// limit is the most a move at place w may take (or move).
func (m play) limit(w int) int64 {
	p := m.pos
	switch m.g.Name() {
	case "bash":
		return min(p[0], bashMax(m.g))
	case "wythoff":
		return [...]int64{0, p[0], p[1], min(p[0], p[1])}[w]
	case "staircase":
		return p[w]
	case "georgia-bob":
		prev := int64(0)
		if w > 1 {
			prev = p[w-2]
		}
		return p[w-1] - prev - 1
	}
	return p[w-1]
}

func bashMax(g engine.Game) int64 {
	for _, p := range g.Params() {
		if v, ok := p.Value.(int64); ok && p.Name == "max" {
			return v
		}
	}
	return 1
}

// amounts lists the legal amounts at w in a subtraction game, whose takes
// are restricted to a set; other games allow 1..limit.
func (m play) amounts(w int) []int64 {
	var out []int64
	for mv := range m.g.Moves(m.pos, 0) {
		if mv.Where == w {
			out = append(out, mv.Amount)
		}
	}
	return out
}

func (m play) firstAmount(w int) int64 {
	if m.limit(w) == 0 {
		return 0
	}
	if m.g.Name() == "subtraction" { // the smallest take in the set, if any
		if a := m.amounts(w); len(a) > 0 {
			return a[0]
		}
		return 0
	}
	return 1
}

// step changes the amount by one legal step up (+1) or down (-1).
func (m *play) step(dir int) {
	m.typed = ""
	lim := m.limit(m.where)
	if m.g.Name() == "subtraction" {
		a := m.amounts(m.where)
		i := 0
		for i < len(a) && a[i] < m.amount {
			i++
		}
		if i < len(a) && a[i] == m.amount {
			i += dir
		} else if dir < 0 {
			i--
		}
		if i >= 0 && i < len(a) {
			m.amount = a[i]
		}
		return
	}
	m.amount = max(min(m.amount+int64(dir), lim), min(1, lim))
}

// move selects the next place with a move to the left (-1) or right (+1).
func (m *play) move(dir int) {
	lo, hi := m.places()
	for w := m.where + dir; w >= lo && w <= hi; w += dir {
		if m.limit(w) > 0 {
			m.where = w
			m.amount = m.firstAmount(w)
			m.typed = ""
			return
		}
	}
}

// selected is the move the selection describes.
func (m play) selected() engine.Move { return engine.Move{Where: m.where, Amount: m.amount} }

// syncKeys enables the bindings that work now.
func (m *play) syncKeys() {
	k := &m.keys
	over := m.over()
	moving := m.selecting()
	lo, hi := m.places()
	setEnabled(moving && hi > lo, &k.Left, &k.Right) // Bash has its one heap
	setEnabled(moving, &k.More, &k.Fewer, &k.Digit, &k.Confirm)
	setEnabled(moving && !m.quiz, &k.Hint)
	setEnabled(m.canUndo() && !m.quiz, &k.Undo)
	setEnabled(len(m.redo) > 0, &k.Redo)
	setEnabled(over && !m.quiz, &k.Rematch)
	setEnabled(true, &k.Explain, &k.NewGame, &k.Help, &k.Quit, &k.Scroll, &k.Save)
	setEnabled(!over && !m.quiz, &k.Demo)
	setEnabled(m.answered != nil, &k.Next)
	setEnabled(m.demo && !over, &k.Pause, &k.Pace)
	setEnabled(m.demo && m.demoPaused && !over && !m.thinking, &k.Step)
	setEnabled(m.width < wideWidth, &k.History)
	setEnabled(false, &k.Up, &k.Down, &k.Start)
}

func (m play) canUndo() bool {
	for _, t := range m.history {
		if t.by == human {
			return true
		}
	}
	return false
}

// apply makes a move for whoever is to move; a refused move changes
// nothing and says why.
func (m *play) apply(mv engine.Move, kind engine.Kind) error {
	next, err := m.g.Apply(m.pos, mv)
	if err != nil {
		return err
	}
	m.history = append(m.history, turn{by: m.toMove, move: mv, kind: kind, before: m.pos, after: next})
	m.pos, m.toMove = next, m.toMove.other()
	m.hint = false
	m.settle()
	return nil
}

// maybeThink starts the computer's visible pause when it is to move. The
// move is chosen here, in Update; the command only waits.
//
// In demo mode the player's side is played too, at full strength, at the
// pace chosen with < and >, so that a class can follow each step.
func (m *play) maybeThink() tea.Cmd {
	if m.toMove != computer && !m.demo || m.over() || m.thinking {
		return nil
	}
	if m.demo && m.demoPaused && !m.demoStep {
		return nil
	}
	m.demoStep = false
	pl, pause := m.cpu, thinkingPause
	if m.toMove == human {
		pl = m.demoPlayer
	}
	if m.demo {
		pause = demoPaces[m.demoPace]
	}
	mv, kind, err := pl.Choose(m.g, m.pos, m.conv)
	if err != nil {
		m.note, m.noteBad = engine.Message(err, m.cat), true
		return nil
	}
	m.seq++
	m.thinking = true
	m.pending = turn{by: m.toMove, move: mv, kind: kind}
	m.syncKeys()
	seq := m.seq
	return tea.Batch(m.spin.Tick, tea.Tick(pause, func(time.Time) tea.Msg {
		return computerMoveMsg{seq: seq}
	}))
}

func (m play) update(msg tea.Msg) (play, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		m.syncKeys()
	case spinner.TickMsg:
		if m.thinking {
			var cmd tea.Cmd
			m.spin, cmd = m.spin.Update(msg)
			return m, cmd
		}
	case computerMoveMsg:
		if msg.seq != m.seq || !m.thinking {
			return m, nil
		}
		m.thinking = false
		if err := m.apply(m.pending.move, m.pending.kind); err != nil {
			m.note, m.noteBad = engine.Message(err, m.cat), true
			return m, nil
		}
		m.history[len(m.history)-1].auto = true
		m.redo = nil
		m.note, m.noteBad = m.computerSays(m.pending), false
		return m, tea.Batch(m.maybeThink(), m.autoSave()) // demo mode goes on
	case savedMsg:
		switch {
		case msg.err != nil:
			m.note, m.noteBad = m.cat.T("teach.save.failed", msg.err.Error()), true
		case msg.manual:
			m.note, m.noteBad = m.cat.T("teach.saved", msg.path), false
		}
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

func (m play) key(msg tea.KeyMsg) (play, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Help):
		m.help.ShowAll = !m.help.ShowAll
	case key.Matches(msg, k.Left):
		m.move(-1)
	case key.Matches(msg, k.Right):
		m.move(+1)
	case key.Matches(msg, k.More):
		m.step(+1)
	case key.Matches(msg, k.Fewer):
		m.step(-1)
	case key.Matches(msg, k.Digit):
		m.typeDigit(msg.String())
	case key.Matches(msg, k.Confirm) && m.quiz:
		return m.answer()
	case key.Matches(msg, k.Confirm):
		return m.confirm()
	case key.Matches(msg, k.Next):
		return m.nextQuestion()
	case key.Matches(msg, k.Save):
		return m, m.saveCmd("", true)
	case key.Matches(msg, k.Hint):
		m.showHint()
	case key.Matches(msg, k.Undo):
		m.undo()
	case key.Matches(msg, k.Redo):
		return m, m.redoTurn()
	case key.Matches(msg, k.Explain):
		m.explain = map[string]string{"off": "why", "why": "teach", "teach": "off"}[m.explain]
	case key.Matches(msg, k.History):
		m.showHistory = !m.showHistory
	case key.Matches(msg, k.Scroll):
		if msg.String() == "pgup" {
			m.scroll = max(0, m.scroll-5)
		} else {
			m.scroll += 5
		}
	case key.Matches(msg, k.Pause):
		m.demoPaused = !m.demoPaused
		m.syncKeys()
		return m, m.maybeThink()
	case key.Matches(msg, k.Pace):
		if msg.String() == ">" {
			m.demoPace = min(m.demoPace+1, len(demoPaces)-1)
		} else {
			m.demoPace = max(m.demoPace-1, 0)
		}
		m.note, m.noteBad = m.cat.T("teach.pace", demoPaces[m.demoPace].Seconds()), false
		return m, nil
	case key.Matches(msg, k.Step):
		m.demoStep = true
		return m, m.maybeThink()
	case key.Matches(msg, k.Demo):
		m.demo, m.demoPaused = !m.demo, false
		if !m.demo && m.thinking && m.pending.by == human {
			m.thinking = false
			m.seq++
		}
		m.syncKeys()
		return m, m.maybeThink()
	case key.Matches(msg, k.Rematch):
		m.reset()
		return m, m.maybeThink()
	}
	return m, nil
}

// typeDigit builds the amount from typed digits; backspace removes one.
func (m *play) typeDigit(d string) {
	if d == "backspace" {
		if m.typed != "" {
			m.typed = m.typed[:len(m.typed)-1]
		}
	} else if len(m.typed) < 18 {
		m.typed += d
	}
	m.amount = 0
	if m.typed != "" {
		m.amount, _ = variants.ParseNumber(m.typed, "what.amount")
	}
}

// confirm makes the selected move, or refuses it and changes nothing.
func (m play) confirm() (play, tea.Cmd) {
	mv := m.selected()
	if err := m.apply(mv, 0); err != nil {
		m.note, m.noteBad = m.cat.T("ui.refused", engine.Message(err, m.cat)), true
		m.typed = ""
		return m, nil
	}
	m.redo = nil
	m.note, m.noteBad = m.cat.T("ui.you.moved", m.g.DescribeMove(mv).Render(m.cat), m.pos.String()), false
	return m, tea.Batch(m.maybeThink(), m.autoSave())
}

// showHint puts the selection on the canonical winning move.
func (m *play) showHint() {
	m.hint = true
	if a := m.analysis; a.Move != nil {
		m.where, m.amount, m.typed = a.Move.Where, a.Move.Amount, ""
	}
}

// undo takes back the computer's reply and the player's move before it.
func (m *play) undo() {
	if !m.canUndo() {
		return
	}
	m.thinking = false
	m.seq++
	for len(m.history) > 0 {
		t := m.history[len(m.history)-1]
		m.history = m.history[:len(m.history)-1]
		m.redo = append(m.redo, t)
		m.pos, m.toMove = t.before, t.by
		if t.by == human {
			break
		}
	}
	m.note, m.noteBad = m.cat.T("ui.undone"), false
	m.hint = false
	m.settle()
}

// redoTurn replays what undo took back, up to the player's next turn.
func (m *play) redoTurn() tea.Cmd {
	for len(m.redo) > 0 {
		t := m.redo[len(m.redo)-1]
		m.redo = m.redo[:len(m.redo)-1]
		m.history = append(m.history, t)
		m.pos, m.toMove = t.after, t.by.other()
		if m.toMove == human {
			break
		}
	}
	m.note, m.noteBad = m.cat.T("ui.redone"), false
	m.settle()
	return m.maybeThink()
}

// computerSays tells what the computer did and why.
func (m play) computerSays(t turn) string {
	if t.by == human {
		return m.cat.T("ui.demo.moved", m.g.DescribeMove(t.move).Render(m.cat), m.pos.String())
	}
	what := m.cat.T("ui.cpu.moved", m.g.DescribeMove(t.move).Render(m.cat), m.pos.String())
	why := map[engine.Kind]string{
		engine.Winning:  "ui.cpu.why.winning",
		engine.Stubborn: "ui.cpu.why.stubborn",
		engine.Mistake:  "ui.cpu.why.mistake",
	}[t.kind]
	return what + " " + m.cat.T(why)
}
