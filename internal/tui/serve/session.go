package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"
)

// App makes the model of one session; the game screens plug in here. The
// model quits with tea.Quit as usual; the server restores the client's
// terminal and closes the session. A nil model closes it at once.
type App func(*Session) tea.Model

// Session is what a screen needs to know about its SSH connection.
type Session struct {
	ID       uint64             // unique while the server runs
	User     string             // the SSH user name, made safe to show
	Named    bool               // User was typed as the student's name (the page's field), not an SSH user name
	Key      string             // with Options.Keys, the SHA256 fingerprint the student is known by: their SSH key's, or their page's token's; "" for a guest
	Remote   string             // the client's address, host:port
	Width    int                // the terminal's size when the session opened;
	Height   int                // later sizes come as tea.WindowSizeMsg
	Lang     string             // "en" or "zh" from the client's LC_ALL, LC_MESSAGES or LANG; "" if it sent none
	Renderer *lipgloss.Renderer // styles for this client's terminal: its colour profile and background
	Class    bool               // the server runs a class (--class)
	ctx      context.Context
}

// Context ends when the session ends. Subscriptions to a hub, and commands
// waiting on them, end with it.
func (s *Session) Context() context.Context { return s.ctx }

// BackgroundMsg says whether the client's terminal has a dark background,
// once it has answered the question put to it at the start (until then
// it is taken as dark). Session.Renderer already knows; the redraw that
// follows any message brings the adaptive colours up to date.
type BackgroundMsg struct{ Dark bool }

// Why a session ended, besides its model quitting.
var (
	errShutdown = errors.New("server shutting down")
	errFull     = errors.New("server full")
	errIdle     = errors.New("idle too long")
	errCrash    = errors.New("panic in the session's model")
	errHangup   = errors.New("client hung up")
)

// link is what a session runs over: an SSH channel, or a WebSocket
// (serve --web). The client reads keys from it and draws on it.
type link interface {
	io.ReadWriter
	// start is the client's window when the session opens; resizes its
	// changes.
	start() tea.WindowSizeMsg
	resizes() <-chan tea.WindowSizeMsg
	// probe: the terminal may be asked its background colour.
	probe() bool
	// environ is the client's environment: TERM, COLORTERM, NO_COLOR.
	environ() []string
	// end says why the session ends in a last line (none: "") and closes
	// it with the exit status code.
	end(say string, code int)
	// cut closes the connection at once: a client that stopped reading
	// blocks every write, the goodbye too.
	cut()
}

// client is one running session.
type client struct {
	link   link
	opts   Options
	id     uint64
	user   string
	named  bool   // the user name was typed as a name (the page)
	key    string // the fingerprint the client is known by (Options.Keys); "" for a guest
	remote string
	lang   string
	ctx    context.Context // ends with the session, its cause says why
	cancel context.CancelCauseFunc
	in     *input
	done   chan struct{} // closed when the session has said goodbye
	crash1 sync.Once
}

// newClient is a session over l, of user from remote (its address) in
// ctx, which ends with the connection.
func newClient(ctx context.Context, l link, user string, remote net.Addr, lang string, opts Options) *client {
	ctx, cancel := context.WithCancelCause(context.WithValue(ctx, remoteKey{}, remote))
	return &client{
		link:   l,
		opts:   opts,
		user:   cleanName(user),
		remote: remote.String(),
		lang:   lang,
		ctx:    ctx,
		cancel: cancel,
		done:   make(chan struct{}),
	}
}

// newSSHClient is a session over an SSH channel.
func newSSHClient(ss ssh.Session, opts Options) *client {
	c := newClient(ss.Context(), newSSHLink(ss), ss.User(), ss.RemoteAddr(), langOf(ss.Environ()), opts)
	// The key the client proved it holds: the library takes it from the
	// authentication that succeeded, never from a key only offered.
	if pk := ss.PublicKey(); pk != nil && opts.Keys {
		c.key = gossh.FingerprintSHA256(pk)
	}
	return c
}

// run plays the session's program until it quits or the session is ended,
// then says why to the client.
func (c *client) run(app App) {
	defer close(c.done)
	defer c.cancel(nil)
	probe := c.link.probe()
	c.in = newInput(c.ctx, c.link, probe)
	c.in.wait = c.opts.EscapeWait
	c.in.hangup = func(error) { c.cancel(errHangup) }
	size := c.link.start()
	sess := &Session{
		ID:       c.id,
		User:     c.user,
		Named:    c.named,
		Key:      c.key,
		Remote:   c.remote,
		Width:    size.Width,
		Height:   size.Height,
		Lang:     c.lang,
		Renderer: newRenderer(c.link, c.link.environ()),
		Class:    c.opts.Class,
		ctx:      c.ctx,
	}
	model := c.model(app, sess)
	if model == nil {
		c.farewell(nil)
		return
	}
	p := tea.NewProgram(newGuard(model, c, sess.Renderer),
		tea.WithInput(c.in),
		tea.WithOutput(c.link),
		tea.WithContext(c.ctx),
		// The server handles signals (Shutdown), not each session.
		tea.WithoutSignalHandler(),
		tea.WithAltScreen(),
	)
	c.in.background = func(dark bool) {
		sess.Renderer.SetHasDarkBackground(dark)
		p.Send(BackgroundMsg{Dark: dark})
	}
	if probe {
		_, _ = io.WriteString(c.link, backgroundQuery)
	}
	go c.watch(p.Send)
	go c.resize(p.Send, c.link.resizes())
	_, err := p.Run()
	c.farewell(err)
}

// model asks app for the session's model; a panic there ends the session.
func (c *client) model(app App, sess *Session) (m tea.Model) {
	defer func() {
		if v := recover(); v != nil {
			c.crash(v)
			m = nil
		}
	}()
	return app(sess)
}

// crash ends the session after a panic in its model, and logs it.
func (c *client) crash(v any) {
	c.crash1.Do(func() {
		c.opts.Log.Error("session panicked", "id", c.id, "user", c.user, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
		c.cancel(errCrash)
	})
}

// farewell tells the client why the session ends, unless its model quit
// or the client has gone, and closes the session.
func (c *client) farewell(runErr error) {
	cause := context.Cause(c.ctx)
	if errors.Is(runErr, tea.ErrProgramPanic) {
		// Bubble Tea's own recovery caught what the guard could not reach.
		cause = errCrash
	}
	c.opts.Log.Info("session end", "id", c.id, "user", c.user, "why", cause, "error", runErr)
	last, code := "", 0
	switch cause {
	case errIdle:
		last = say(c.lang, "serve.idle", c.opts.Idle.Round(time.Second))
	case errShutdown:
		last = say(c.lang, "serve.shutdown")
	case errCrash:
		last, code = say(c.lang, "serve.crash"), 1
	case nil:
		if runErr != nil {
			code = 1
		}
	default: // the client has gone
		return
	}
	c.link.end(last, code)
}

// watch closes the session once its client has sent nothing for
// Options.Idle, after a warning on its screen; and when the session ends
// but its program does not finish in time (a client that stopped reading
// blocks every write), it cuts the connection.
func (c *client) watch(send func(tea.Msg)) {
	warnAt := c.opts.Idle - c.opts.IdleWarning
	t := time.NewTimer(warnAt)
	defer t.Stop()
	for {
		select {
		case <-c.ctx.Done():
			select {
			case <-c.done:
			case <-time.After(c.opts.Grace):
				c.opts.Log.Warn("session did not end in time; closing its connection", "id", c.id)
				c.link.cut()
			}
			return
		case <-t.C:
			switch quiet := c.in.quiet(); {
			case quiet >= c.opts.Idle:
				c.cancel(errIdle)
			case quiet >= warnAt:
				// Not from this loop: the program may be too busy to take it.
				go send(idleWarning{quiet: quiet, left: c.opts.Idle - quiet})
				t.Reset(c.opts.Idle - quiet)
			default:
				t.Reset(warnAt - quiet)
			}
		}
	}
}

// resize passes the client's window changes on to the program.
func (c *client) resize(send func(tea.Msg), sizes <-chan tea.WindowSizeMsg) {
	for {
		select {
		case <-c.ctx.Done():
			return
		case w, ok := <-sizes:
			if !ok {
				return
			}
			send(w)
		}
	}
}

// windowSize is the size to draw for; `ssh -tt` from a script reports
// 0×0, and then a classic 80×24 terminal is assumed. A size past any
// screen's is cut to maxWidth × maxHeight: a client that claims 10^8 rows
// (OpenSSH cannot, a hand-made client can) would have every frame padded
// to them, and the server's memory grew by gigabytes.
func windowSize(width, height int) tea.WindowSizeMsg {
	if width <= 0 || height <= 0 {
		return tea.WindowSizeMsg{Width: 80, Height: 24}
	}
	return tea.WindowSizeMsg{Width: min(width, maxWidth), Height: min(height, maxHeight)}
}

// The largest window a session draws for: more than any screen shows.
const (
	maxWidth  = 1000
	maxHeight = 400
)

// newRenderer makes the Lip Gloss renderer of one client. Its colour
// profile comes from the client's TERM and environment (NO_COLOR, and
// COLORTERM where the client sends it), never from the server's terminal;
// the background is taken as dark until the terminal answers
// backgroundQuery.
func newRenderer(w io.Writer, env []string) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w, termenv.WithEnvironment(environ(env)), termenv.WithUnsafe())
	r.SetHasDarkBackground(true)
	return r
}

// environ is a client's environment as termenv reads one.
type environ []string

func (e environ) Environ() []string        { return e }
func (e environ) Getenv(key string) string { return getenv(e, key) }

// sshLink is a session over an SSH channel.
type sshLink struct {
	ssh.Session
	window tea.WindowSizeMsg
	sizes  chan tea.WindowSizeMsg
	term   string
}

func newSSHLink(ss ssh.Session) *sshLink {
	pty, winch, _ := ss.Pty()
	l := &sshLink{Session: ss, window: windowSize(pty.Window.Width, pty.Window.Height), sizes: make(chan tea.WindowSizeMsg), term: pty.Term}
	go func() {
		defer close(l.sizes)
		for w := range winch {
			select {
			case l.sizes <- windowSize(w.Width, w.Height):
			case <-ss.Context().Done():
				return
			}
		}
	}()
	return l
}

func (l *sshLink) start() tea.WindowSizeMsg          { return l.window }
func (l *sshLink) resizes() <-chan tea.WindowSizeMsg { return l.sizes }
func (l *sshLink) probe() bool                       { return l.term != "" && l.term != "dumb" }
func (l *sshLink) environ() []string                 { return l.Environ() }

func (l *sshLink) end(say string, code int) {
	if say != "" {
		wish.Errorln(l.Session, say)
	}
	_ = l.Exit(code)
}

func (l *sshLink) cut() {
	if conn, ok := l.Context().Value(ssh.ContextKeyConn).(io.Closer); ok {
		_ = conn.Close()
	}
}
