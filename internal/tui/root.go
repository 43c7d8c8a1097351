package tui

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/variants"
)

// screen is what the root model shows.
type screen int

const (
	screenMenu screen = iota
	screenPlay
	screenTree
	screenMistakes // review my mistakes (mistakes.go)
	screenLearn
)

// root holds the screens: ctrl+c first, then the active screen. Screens
// switch by a typed message, and the last window size is replayed to the
// new one.
type root struct {
	screen screen
	r      *lipgloss.Renderer
	menu   menu
	play   play
	tree   treeView
	size   tea.WindowSizeMsg
	// The learn screen, and what was opened from it (try it): a game
	// whose way back goes back there, and a lesson on this screen.
	learning learning

	// Over SSH: the session, what sessions share, and the class.
	net       *Network
	sess      *serve.Session
	student   *serve.Student   // this session in the class, nil outside one
	joined    serve.ClassState // the class when this session joined it
	quiz      *serve.Quiz      // the teacher's quiz running, nil when none
	asked     int
	right     int
	classNote string // what the class is doing, shown over the menu

	// A class that remembers (remember.go): the student the store knows,
	// the name screen while a new key's name is asked, the game last kept,
	// the review of their mistakes.
	pupil    *store.Student
	asking   *nameAsk
	kept     *engine.Match
	mistakes mistakesReview

	interrupted bool // ctrl+c: the terminal's SIGINT, typed as a key in raw mode
}

// New is the terminal game as a Bubble Tea model drawing on r: the menu,
// or with opts.Menu unset the game at once. An error that wraps
// engine.ErrRefused means the game or position in opts was refused.
func New(opts Options, r *lipgloss.Renderer) (tea.Model, error) {
	return newRoot(opts, r)
}

func newRoot(opts Options, r *lipgloss.Renderer) (*root, error) {
	if opts.Lang == "" {
		opts.Lang = assets.LangFromEnv()
	}
	rt := &root{r: r}
	st := rt.styles(opts)
	rt.menu = newMenu(opts, st)
	if opts.Menu {
		return rt, nil
	}
	if opts.Learn != "" || opts.Lesson != nil {
		rt.openLearning(opts)
		return rt, nil
	}
	if opts.Tree != nil {
		conv := engine.Normal
		if opts.Game.Misere {
			conv = engine.Misere
		}
		rt.screen, rt.tree = screenTree, newTreeView(opts.Tree, conv, opts, assets.Messages(opts.Lang), st)
		return rt, nil
	}
	p, err := newPlay(opts, assets.Messages(opts.Lang), st)
	if err != nil {
		return rt, err
	}
	rt.screen, rt.play = screenPlay, p
	return rt, nil
}

// styles are opts' theme drawn on the root's terminal.
func (rt *root) styles(opts Options) *Styles {
	t, ok := ThemeNamed(opts.Theme)
	if !ok {
		t = Themes[0]
	}
	return NewStyles(t, rt.r)
}

func (rt *root) Init() tea.Cmd {
	var cmds []tea.Cmd
	if rt.screen == screenPlay {
		cmds = append(cmds, rt.play.init())
	}
	if rt.menu.opts.Remote { // the server cannot turn the mouse on for the session
		cmds = append(cmds, tea.EnableMouseAllMotion, rt.listenClass())
	}
	return tea.Batch(append(cmds, rt.catchUp())...)
}

// cat is the catalogue of the language chosen.
func (rt *root) cat() *assets.Catalog { return rt.menu.cat }

// configOf is the configuration of game g in convention c, as the menu
// shows it.
func configOf(g engine.Game, c engine.Convention) variants.Config {
	if s, ok := g.(*engine.Sum); ok {
		return variants.SumConfig(s, c)
	}
	params := map[string]string{}
	for _, p := range g.Params() {
		params[p.Name] = p.String()
	}
	return variants.Config{Name: g.Name(), Misere: c == engine.Misere, Params: params}
}

func (rt *root) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, cmd, ok := rt.learnUpdate(msg); ok { // the learn screen, a lesson, a page's example
		return m, cmd
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		rt.size = msg
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			rt.interrupted = true
			return rt, tea.Quit
		}
	case signalMsg:
		return rt, tea.Quit
	case classGoneMsg, serve.ClassEvent:
		return rt.classEvent(msg)
	case roomClosedMsg, serve.RoomEvent, tickMsg:
		if rt.screen != screenPlay {
			return rt, nil
		}
	case startGameMsg, openMenuMsg, roomMsg:
		return rt, rt.switchTo(msg)
	}
	if cmd, ok := rt.remembering(msg); ok { // the name screen, the review of mistakes (remember.go)
		return rt, cmd
	}
	return rt, rt.toScreen(msg)
}

// switchTo takes a screen's typed message asking for another screen: a
// game, the menu, a room.
func (rt *root) switchTo(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case startGameMsg:
		opts := msg.opts
		p, err := newPlay(opts, assets.Messages(opts.Lang), rt.styles(opts))
		if err != nil {
			rt.menu.valid, rt.menu.ok = rt.menu.inRows(engine.Message(err, assets.Messages(opts.Lang))), false
			return nil
		}
		rt.play = p
		return rt.show(screenPlay)
	case openMenuMsg:
		msg.opts.Menu = true
		rt.menu = newMenu(msg.opts, rt.styles(msg.opts))
		rt.menu.classNote, rt.menu.reviewDue = rt.classNote, rt.reviewsDue()
		return rt.show(screenMenu)
	case roomMsg:
		_, cmd := rt.enterRoom(msg)
		return cmd
	}
	return nil
}

// toScreen hands msg to the screen on.
func (rt *root) toScreen(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch rt.screen {
	case screenPlay:
		rt.play, cmd = rt.play.update(msg)
		rt.keepGame()
	case screenTree:
		rt.tree, cmd = rt.tree.update(msg)
	default:
		rt.menu, cmd = rt.menu.update(msg)
	}
	return cmd
}

// enterRoom opens, joins or watches the room the menu asks for; a refusal
// is said on the menu.
func (rt *root) enterRoom(msg roomMsg) (tea.Model, tea.Cmd) {
	opts, cat := msg.opts, assets.Messages(msg.opts.Lang)
	var p play
	var err error
	if msg.action == "open" {
		p, err = openRoom(opts, cat, rt.styles(opts), rt.net.Rooms, rt.sess)
	} else {
		p, err = enterRoom(opts, cat, rt.styles(opts), rt.net.Rooms, rt.sess, msg.code, msg.action == "watch")
	}
	if err != nil {
		rt.menu.valid, rt.menu.ok = roomError(err, cat), false
		return rt, nil
	}
	rt.play = p
	return rt, rt.show(screenPlay)
}

// show puts screen s on, the last window size replayed to it (a screen
// made while another was on has not been told it; a game or a page under
// a lesson's lines gets what they leave), and starts what it starts (the
// computer's first move, a question's timer).
func (rt *root) show(s screen) tea.Cmd {
	rt.screen = s
	switch s {
	case screenPlay:
		rt.play, _ = rt.play.update(rt.playSize())
		return rt.play.init()
	case screenLearn:
		rt.learning.page, _ = rt.learning.page.Update(rt.playSize())
	case screenTree:
		rt.tree, _ = rt.tree.update(rt.size)
	case screenMistakes:
		rt.mistakes, _ = rt.mistakes.update(rt.size)
	default:
		rt.menu, _ = rt.menu.update(rt.size)
	}
	return nil
}

func (rt *root) View() string {
	if rt.learning.lesson != nil {
		return rt.lessonView()
	}
	return rt.screenView()
}

// screenView is the active screen.
func (rt *root) screenView() string {
	if rt.asking != nil {
		return rt.asking.view()
	}
	switch rt.screen {
	case screenLearn:
		return rt.learning.page.View()
	case screenMistakes:
		return rt.mistakes.view()
	case screenPlay:
		return rt.play.view()
	case screenTree:
		return rt.tree.view()
	}
	return rt.menu.view()
}
