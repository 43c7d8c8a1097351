package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// screen is what the root model shows.
type screen int

const (
	screenMenu screen = iota
	screenPlay
)

// root holds the screens: global keys first, then the active screen.
type root struct {
	screen screen
	st     *Styles
	menu   menu
	play   play
	size   tea.WindowSizeMsg
}

func newRoot(opts Options) (root, error) {
	st := NewStyles(DefaultTheme)
	r := root{st: &st}
	if opts.Lang == "" {
		opts.Lang = assets.LangFromEnv()
	}
	r.menu = newMenu(opts, r.st)
	if opts.Menu {
		return r, nil
	}
	p, err := newPlay(opts, assets.Messages(opts.Lang), r.st)
	if err != nil {
		return r, err
	}
	r.screen, r.play = screenPlay, p
	return r, nil
}

func (r root) Init() tea.Cmd {
	if r.screen == screenPlay {
		return r.play.init()
	}
	return nil
}

func (r root) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		r.size = msg
	case tea.KeyMsg:
		if key.Matches(msg, r.menu.keys.Quit) {
			return r, tea.Quit
		}
		if r.screen == screenPlay && key.Matches(msg, r.play.keys.NewGame) {
			o := r.play.opts
			return r, func() tea.Msg { return openMenuMsg{opts: o} }
		}
	case startGameMsg:
		p, err := newPlay(msg.opts, assets.Messages(msg.opts.Lang), r.st)
		if err != nil {
			r.menu.valid, r.menu.ok = engine.Message(err, assets.Messages(msg.opts.Lang)), false
			return r, nil
		}
		r.screen, r.play = screenPlay, p
		r.play, _ = r.play.update(r.size)
		return r, r.play.init()
	case openMenuMsg:
		msg.opts.Menu = true
		r.screen, r.menu = screenMenu, newMenu(msg.opts, r.st)
		r.menu, _ = r.menu.update(r.size)
		return r, nil
	}
	var cmd tea.Cmd
	switch r.screen {
	case screenPlay:
		r.play, cmd = r.play.update(msg)
	default:
		r.menu, cmd = r.menu.update(msg)
	}
	return r, cmd
}

func (r root) View() string {
	if r.screen == screenPlay {
		return r.play.view()
	}
	return r.menu.view()
}
