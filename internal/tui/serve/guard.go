package serve

import (
	"reflect"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// idleWarning tells the guard to warn that the session will close.
type idleWarning struct{ quiet, left time.Duration }

// guard wraps a session's model. A panic in it, in Init, Update, View or a
// command, ends this session only: Bubble Tea's own recovery would print
// the panic on the server's terminal, the teacher's dashboard in a class.
// It also draws the idle warning over the bottom line until a key.
type guard struct {
	inner   tea.Model
	c       *client
	style   lipgloss.Style
	warning string
	width   int
	height  int
}

func newGuard(inner tea.Model, c *client, r *lipgloss.Renderer) guard {
	return guard{inner: inner, c: c, style: r.NewStyle().Reverse(true)}
}

func (g guard) Init() (cmd tea.Cmd) {
	defer g.recover(func() { cmd = nil })
	return g.safe(g.inner.Init())
}

func (g guard) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	defer g.recover(func() { m, cmd = g, nil })
	switch msg := msg.(type) {
	case idleWarning:
		g.warning = say(g.c.lang, "serve.idle.soon", msg.quiet.Round(time.Second), msg.left.Round(time.Second))
		return g, nil
	case tea.KeyMsg, tea.MouseMsg:
		g.warning = ""
	case tea.WindowSizeMsg:
		g.width, g.height = msg.Width, msg.Height
	}
	inner, cmd := g.inner.Update(msg)
	g.inner = inner
	return g, g.safe(cmd)
}

func (g guard) View() (view string) {
	defer g.recover(func() { view = "" })
	view = g.inner.View()
	if g.warning == "" {
		return view
	}
	warning := g.style.Render(ansi.Truncate(g.warning, max(g.width, 1), "…"))
	lines := strings.Split(view, "\n")
	if g.height > 0 && len(lines) >= g.height {
		lines = lines[:g.height-1]
	}
	return strings.Join(append(lines, warning), "\n")
}

// recover, deferred, turns a panic into the end of the session and lets
// the caller return something harmless.
func (g guard) recover(harmless func()) {
	if v := recover(); v != nil {
		g.c.crash(v)
		harmless()
	}
}

// safe wraps cmd so that a panic in it ends the session.
func (g guard) safe(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer g.recover(func() { msg = nil })
		return g.safeMsg(cmd())
	}
}

var cmdType = reflect.TypeFor[tea.Cmd]()

// safeMsg wraps the commands inside a tea.Batch or tea.Sequence message,
// which Bubble Tea runs itself. Sequence's message type is unexported,
// so it is found by its shape: a slice of commands.
func (g guard) safeMsg(msg tea.Msg) tea.Msg {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return msg
	}
	wrapped := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
	for i := range v.Len() {
		cmd, _ := v.Index(i).Interface().(tea.Cmd)
		wrapped.Index(i).Set(reflect.ValueOf(g.safe(cmd)))
	}
	return wrapped.Interface()
}
