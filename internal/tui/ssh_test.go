package tui

import (
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"matchgame/internal/tui/serve"
)

// The game over SSH with a real client: the server in-process on a free
// port of 127.0.0.1, the game's own App, clients of golang.org/x/crypto/ssh
// with a terminal each.

const sshWait = 10 * time.Second

// sshServer serves the game; class adds a class.
func sshServer(t *testing.T, class bool) (*serve.Server, *Network) {
	t.Helper()
	n := &Network{Rooms: serve.NewRooms(), Lang: "en"}
	if class {
		n.Class = serve.NewClass()
	}
	base := Options{Lang: "en", First: "me", Explain: "why", Seed: 5}
	s, err := serve.New(serve.Options{Listen: "127.0.0.1:0", HostKey: filepath.Join(t.TempDir(), "key"), RateBurst: 100, Class: class},
		SessionApp(n, base))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), sshWait)
		defer cancel()
		_ = s.Shutdown(ctx)
	})
	return s, n
}

// sshTerm is a person at an SSH terminal.
type sshTerm struct {
	t     *testing.T
	stdin io.Writer
	mu    sync.Mutex
	out   strings.Builder
	seen  chan struct{}
}

func dialTerm(t *testing.T, s *serve.Server, user string) *sshTerm {
	t.Helper()
	return dialWith(t, s, user)
}

// dialWith is dialTerm with the client's ways to authenticate (its key).
func dialWith(t *testing.T, s *serve.Server, user string, auth ...gossh.AuthMethod) *sshTerm {
	t.Helper()
	return dialTo(t, s.Addr().String(), user, auth...)
}

// dialTo is dialWith for a server at addr, in this process or another.
func dialTo(t *testing.T, addr, user string, auth ...gossh.AuthMethod) *sshTerm {
	t.Helper()
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: user, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: sshWait, Auth: auth})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Setenv("LANG", "en_US.UTF-8"); err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	c := &sshTerm{t: t, seen: make(chan struct{}, 1)}
	if c.stdin, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := stdout.Read(buf)
			c.mu.Lock()
			c.out.WriteString(ansi.Strip(string(buf[:n])))
			c.mu.Unlock()
			select {
			case c.seen <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	return c
}

// screen is everything the terminal has shown, without escapes.
func (c *sshTerm) screen() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.String()
}

// waitFor waits until the output shows want, and returns it all.
func (c *sshTerm) waitFor(want string) string {
	c.t.Helper()
	deadline := time.After(sshWait)
	for {
		if s := c.screen(); strings.Contains(s, want) {
			return s
		}
		select {
		case <-c.seen:
		case <-deadline:
			s := c.screen()
			c.t.Fatalf("waited for %q; the output ends %q", want, s[max(0, len(s)-600):])
		}
	}
}

// keys types, a key at a time.
func (c *sshTerm) keys(keys ...string) {
	for _, k := range keys {
		if _, err := io.WriteString(c.stdin, k); err != nil {
			c.t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond) // keys a person types are apart, not one burst
	}
}

const (
	up    = "\x1b[A"
	down  = "\x1b[B"
	right = "\x1b[C"
	left  = "\x1b[D"
	enter = "\r"
)

// A student connects, sees the menu, and plays a game to the end with the
// hints: they win, and q leaves.
func TestSSHPlaysAGame(t *testing.T) {
	t.Parallel()
	s, _ := sshServer(t, false)
	c := dialTerm(t, s, "ada")
	c.waitFor("choose a game")
	c.keys(enter)
	c.waitFor("your turn")
	for range 30 {
		if strings.Contains(c.screen(), "You win!") {
			break
		}
		c.keys("w", "w", enter)
		time.Sleep(50 * time.Millisecond)
	}
	c.waitFor("You win!")
	c.keys("q")
}

// Two classmates play in a room: one opens it, the other joins by the
// code, and a move of one shows on the other's screen.
func TestSSHRoom(t *testing.T) {
	t.Parallel()
	s, _ := sshServer(t, false)
	alice, bob := dialTerm(t, s, "alice"), dialTerm(t, s, "bob")
	alice.waitFor("choose a game")
	bob.waitFor("choose a game")
	alice.keys(up, up, left, enter) // mode: a room; open it
	screen := alice.waitFor("tell a classmate")
	code := regexp.MustCompile(`Room ([A-Z0-9]{6})`).FindStringSubmatch(screen)
	if code == nil {
		t.Fatalf("no room code on the screen: %q", screen)
	}
	bob.keys(up, up, left, down, right, down)
	bob.waitFor("who opened it") // the room says the game: no description of a game never chosen
	bob.keys(code[1], enter)
	alice.waitFor("bob joined the room")
	bob.waitFor("you play against alice, who moves first")
	bob.waitFor("alice's turn")
	alice.keys(enter)
	bob.waitFor("alice: take 1 from heap")
	bob.waitFor("your turn")
}

// A class: the teacher's dashboard starts a quiz, a student answers the
// question on their own screen, and the scoreboard shows them.
func TestSSHClass(t *testing.T) {
	t.Parallel()
	s, n := sshServer(t, true)
	c := dialTerm(t, s, "carol")
	c.waitFor("choose a game")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := newDashboard(ctx, n.Class, ClassInfo{Connect: "ssh", Report: filepath.Join(t.TempDir(), "class"), Options: Options{Lang: "en"}}, plainRenderer())
	var m tea.Model = d
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = m.Update(keyMsg("q"))
	_, cmd := m.Update(keyMsg("enter"))
	m, _ = m.Update(cmd()) // the form's choice: a quiz of nim for everyone
	c.waitFor("Question 1 of 10 from the teacher")
	c.keys("w")   // no hints in a quiz: the answer is the student's
	c.keys(enter) // the answer: the dashboard hears it (the student's note may wrap anywhere)
	deadline := time.Now().Add(sshWait)
	for !strings.Contains(m.View(), "carol") || !strings.Contains(m.View(), "Scoreboard") {
		if time.Now().After(deadline) {
			t.Fatalf("the dashboard never showed carol's answer:\n%s", m.View())
		}
		m, _ = m.Update(<-d.events) // what the dashboard hears
	}
	// Closed, the question stays on the teacher's screen with its
	// winning moves, for the class to discuss.
	m, _ = m.Update(keyMsg("c"))
	for !strings.Contains(m.View(), "closed") {
		if time.Now().After(deadline) {
			t.Fatalf("the question never closed:\n%s", m.View())
		}
		m, _ = m.Update(<-d.events)
	}
	if v := m.View(); !strings.Contains(v, "Winning moves: take ") || !strings.Contains(v, "Nim: ") {
		t.Errorf("the closed question does not show its position and winning moves:\n%s", v)
	}
}
