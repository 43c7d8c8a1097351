package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/tui/learn"
)

// The learn screen (package learn) in the game: opened from the menu or
// by `matchgame learn TOPIC`; "try it" opens a page's example as a game
// or a demo, whose way back leads to the page again.

// openLearnMsg asks the root to open the learn screen with these options.
type openLearnMsg struct{ opts Options }

// learning is the root's learn screen and what was opened from it.
type learning struct {
	page learn.Model
	// tried: the game on screen is a page's example; going back from it
	// goes back to the page.
	tried bool
	// alone: `matchgame learn` opened the screen; leaving it quits.
	alone bool
	// lesson is the lesson on this screen (`matchgame lesson`), or nil.
	lesson *lessonRun
}

// back reports whether the game on screen goes back to a page or a
// lesson's step, not to the menu.
func (l learning) back() bool { return l.tried || l.lesson != nil }

// learnStyles are the learn pages' styles in the game's theme.
func learnStyles(st *Styles) learn.Styles {
	return learn.Styles{Title: st.Title, Heading: st.Title, Bold: st.Bold, Subtle: st.Subtle, Accent: st.Key, Good: st.Good, Bad: st.Bad,
		Board: st.Board, Mark: st.mark}
}

// newLearnScreen is the learn screen in opts' language and theme, on
// topic ("" or "list": the list of pages).
func (rt *root) newLearnScreen(opts Options, topic string) learn.Model {
	if topic == "list" {
		topic = ""
	}
	st := rt.styles(opts)
	m := learn.New(opts.Lang, learnStyles(st), st.Help, topic)
	m, _ = m.Update(rt.playSize())
	return m
}

// openLearning opens what opts ask for at start: the learn screen or a
// lesson.
func (rt *root) openLearning(opts Options) {
	if opts.Lesson != nil {
		rt.startLesson(opts)
		return
	}
	rt.learning = learning{page: rt.newLearnScreen(opts, opts.Learn), alone: true}
	rt.show(screenLearn)
}

// learnUpdate takes what concerns the learn screen before the other
// screens: its own messages, the way back from a page's example, a
// lesson's keys and sizes, and the keys and mouse while it is on screen
// (other news, the class's, go on to the root).
func (rt *root) learnUpdate(msg tea.Msg) (tea.Model, tea.Cmd, bool) {
	switch msg := msg.(type) {
	case openLearnMsg, learn.TryMsg, learn.BackMsg:
		m, cmd := rt.learnEvent(msg)
		return m, cmd, true
	case openMenuMsg:
		if !rt.learning.back() { // a game opened from a page goes back to it
			return rt, nil, false
		}
		m, cmd := rt.learnEvent(msg)
		return m, cmd, true
	case tea.WindowSizeMsg:
		rt.size = msg
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return rt, nil, false
		}
	}
	if rt.learning.lesson != nil {
		if m, cmd, ok := rt.lessonKey(msg); ok {
			return m, cmd, true
		}
	}
	switch msg.(type) {
	case tea.KeyMsg, tea.MouseMsg, tea.WindowSizeMsg:
		if rt.screen == screenLearn {
			var cmd tea.Cmd
			rt.learning.page, cmd = rt.learning.page.Update(msg)
			return rt, cmd, true
		}
	}
	return rt, nil, false
}

// learnEvent takes the learn screen's messages, and the way back from a
// game opened there.
func (rt *root) learnEvent(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case openLearnMsg:
		rt.learning = learning{page: rt.newLearnScreen(msg.opts, "")}
		rt.show(screenLearn)
	case learn.TryMsg:
		return rt.try(msg)
	case openMenuMsg: // back from a page's example, or a lesson's step again
		if !rt.learning.tried {
			return rt, rt.lessonGo(rt.learning.lesson.at)
		}
		rt.learning.tried = false
		rt.show(screenLearn)
	case learn.BackMsg:
		if rt.learning.alone {
			return rt, tea.Quit
		}
		rt.show(screenMenu)
	}
	return rt, nil
}

// try opens a page's example: a game against the computer, or a demo.
func (rt *root) try(msg learn.TryMsg) (tea.Model, tea.Cmd) {
	o := rt.menu.options()
	o.Game, o.Position, o.Quiz, o.First, o.Players = msg.Setup.Config, msg.Setup.Pos, false, "me", 1
	p, err := newPlayOf(msg.Setup.Game, msg.Setup.Conv, o, assets.Messages(o.Lang), rt.styles(o))
	if err != nil { // the page's example is the engine's own: a failure is said on the page's screen
		rt.learning.page, _ = rt.learning.page.Update(rt.size)
		return rt, nil
	}
	p.away, p.inLesson = "page", rt.learning.lesson != nil
	rt.play, rt.learning.tried = p, true
	cmd := rt.show(screenPlay)
	if msg.Demo {
		rt.play, cmd = rt.play.startDemo(nil)
	}
	return rt, cmd
}

// playSize is the size a game gets: the screen's, less the lesson's
// lines over it.
func (rt *root) playSize() tea.WindowSizeMsg {
	if rt.learning.lesson == nil {
		return rt.size
	}
	return rt.learning.lesson.inner(rt.size)
}
