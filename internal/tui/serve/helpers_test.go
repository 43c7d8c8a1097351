package serve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	gossh "golang.org/x/crypto/ssh"

	"matchgame/internal/testbin"
)

// TestMain: these tests mostly wait on a connection or a timer (the idle
// close, the handshake deadline), even under the race detector, and the
// package held one of go test's two slots while the cores idled.
func TestMain(m *testing.M) {
	flag.Parse()
	testbin.MoreAtOnce(false)
	os.Exit(m.Run())
}

// waitTime bounds every wait for the screen; a test polls, never sleeps.
const waitTime = 5 * time.Second

// echo is the placeholder game of the tests: it greets the player, counts
// and echoes keys, shows its window, language, colour profile and
// background, and quits on q. U, V, C and B make it panic in Update, View,
// a sequence's command and a batch's command.
type echo struct {
	s         *Session
	keys      int
	last      string
	size      tea.WindowSizeMsg
	panicView bool
}

func echoApp(s *Session) tea.Model {
	return echo{s: s, size: tea.WindowSizeMsg{Width: s.Width, Height: s.Height}}
}

func (m echo) Init() tea.Cmd { return nil }

func (m echo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.size = msg
	case tea.KeyMsg:
		m.keys++
		m.last = msg.String()
		switch msg.String() {
		case "q":
			return m, tea.Quit
		case "U":
			panic("boom in Update")
		case "V":
			m.panicView = true
		case "C":
			return m, tea.Sequence(func() tea.Msg { panic("boom in a sequence") })
		case "B":
			return m, tea.Batch(func() tea.Msg { return nil }, func() tea.Msg { panic("boom in a batch") })
		}
	}
	return m, nil
}

func (m echo) View() string {
	if m.panicView {
		panic("boom in View")
	}
	bg := "light"
	if m.s.Renderer.HasDarkBackground() {
		bg = "dark"
	}
	return fmt.Sprintf("hello %s | keys=%d | last=%s | %dx%d | lang=%s | %s | %s |",
		m.s.User, m.keys, m.last, m.size.Width, m.size.Height, m.s.Lang, m.s.Renderer.ColorProfile().Name(), bg)
}

// testServer starts a server of app on a free port of 127.0.0.1; edit may
// change its options. It is shut down when the test ends.
func testServer(t testing.TB, app App, edit func(*Options)) (*Server, *logBuffer) {
	t.Helper()
	log := &logBuffer{}
	opts := Options{
		Listen:    "127.0.0.1:0",
		HostKey:   filepath.Join(t.TempDir(), "host_key"),
		RateBurst: 1000,
		Log:       slog.New(slog.NewTextHandler(log, nil)),
	}
	if edit != nil {
		edit(&opts)
	}
	s, err := New(opts, app)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitTime)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	return s, log
}

// logBuffer keeps the server's log for a test to read.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// dialSSH connects to s as user.
func dialSSH(t testing.TB, s *Server, user string) *gossh.Client {
	t.Helper()
	client, err := gossh.Dial("tcp", s.Addr().String(), clientConfig(user))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

func clientConfig(user string) *gossh.ClientConfig {
	return &gossh.ClientConfig{
		User:            user,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         waitTime,
	}
}

// termOpts describe the terminal a test client has.
type termOpts struct {
	term       string            // TERM; default xterm-256color
	env        map[string]string // sent with Setenv
	background string            // answer to the background query, as rgb:R/G/B; "" for none
	silent     bool              // answer no query at all, like a dumb terminal
	width      int               // default 80×24
	height     int
}

// term is a person at an SSH terminal: it sends keys and reads the screen.
type term struct {
	t      testing.TB
	client *gossh.Client
	sess   *gossh.Session
	stdin  io.WriteCloser

	mu    sync.Mutex
	out   []byte
	seen  chan struct{} // a signal after new output
	ended chan struct{} // closed when the session has ended
	err   error         // how it ended, once ended
}

// openTerm connects as user, asks for a PTY and a shell, and answers the
// terminal queries as opts say.
func openTerm(t testing.TB, s *Server, user string, opts termOpts) *term {
	t.Helper()
	c := &term{t: t, client: dialSSH(t, s, user), seen: make(chan struct{}, 1), ended: make(chan struct{})}
	var err error
	if c.sess, err = c.client.NewSession(); err != nil {
		t.Fatal(err)
	}
	for k, v := range opts.env {
		if err := c.sess.Setenv(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if opts.term == "" {
		opts.term = "xterm-256color"
	}
	if opts.width == 0 {
		opts.width, opts.height = 80, 24
	}
	if err := c.sess.RequestPty(opts.term, opts.height, opts.width, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if c.stdin, err = c.sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := c.sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c.sess.Stderr = writerFunc(c.record)
	if err := c.sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go c.read(stdout, opts)
	return c
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func (c *term) record(p []byte) (int, error) {
	c.mu.Lock()
	c.out = append(c.out, p...)
	c.mu.Unlock()
	select {
	case c.seen <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (c *term) read(stdout io.Reader, opts termOpts) {
	answered := opts.silent
	buf := make([]byte, 32<<10)
	for {
		n, err := stdout.Read(buf)
		c.record(buf[:n])
		if !answered && bytes.Contains(c.screen(), []byte("\x1b[c")) {
			answered = true
			answer := "\x1b[?62;22c"
			if opts.background != "" {
				answer = "\x1b]11;" + opts.background + "\x07" + answer
			}
			_, _ = io.WriteString(c.stdin, answer)
		}
		if err != nil {
			break
		}
	}
	c.err = c.sess.Wait()
	c.client.Close() // as ssh does when its session ends
	close(c.ended)
	c.record(nil)
}

func (c *term) screen() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.out)
}

// waitFor waits until the output shows want.
func (c *term) waitFor(want string) {
	c.t.Helper()
	deadline := time.After(waitTime)
	for !bytes.Contains(c.screen(), []byte(want)) {
		select {
		case <-c.seen:
		case <-deadline:
			c.t.Fatalf("waited for %q; the output ends %q", want, tail(c.screen()))
		}
	}
}

// waitEnd waits for the session to end and returns how.
func (c *term) waitEnd() error {
	c.t.Helper()
	select {
	case <-c.ended:
		return c.err
	case <-time.After(waitTime):
		c.t.Fatalf("the session did not end; the output ends %q", tail(c.screen()))
		return nil
	}
}

func (c *term) send(keys string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, keys); err != nil {
		c.t.Fatalf("send %q: %v", keys, err)
	}
}

// play sends each key and waits for the frame that counts it.
func (c *term) play(keys string) {
	c.t.Helper()
	for _, k := range keys {
		before := c.keysShown()
		c.send(string(k))
		c.waitFor(fmt.Sprintf("keys=%d | last=%c |", before+1, k))
	}
}

// keysShown is the key count of the latest frame.
func (c *term) keysShown() int {
	s := string(c.screen())
	i := strings.LastIndex(s, "keys=")
	if i < 0 {
		return 0
	}
	var n int
	fmt.Sscanf(s[i:], "keys=%d", &n)
	return n
}

func tail(b []byte) string {
	if len(b) > 400 {
		b = b[len(b)-400:]
	}
	return string(b)
}

// written is a game the tests give the hubs: only its written form.
type written string

func (w written) String() string { return string(w) }
