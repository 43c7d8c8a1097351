package tui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/coder/websocket"

	"matchgame/internal/tui/serve"
)

// Issue 29: an arrow key whose bytes arrive apart on a poor network (Esc,
// then "[B" 50 ms later) was read as a lone Esc, which left the menu and
// ended the session. Over the network a lone Esc on the menu says how to
// leave (q) and leaves nothing, so whether a session ends never hangs on
// when one byte came; the "[B" that follows is harmless.
func TestRemoteMenuLoneEscStays(t *testing.T) {
	t.Parallel()
	rt, err := newRoot(Options{Menu: true, Remote: true, Lang: "en"}, plainRenderer())
	if err != nil {
		t.Fatal(err)
	}
	var m tea.Model = rt
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, k := range []tea.KeyMsg{{Type: tea.KeyEsc}, keyMsg("["), keyMsg("B")} {
		var cmd tea.Cmd
		m, cmd = m.Update(k)
		if cmd != nil {
			if _, quit := cmd().(tea.QuitMsg); quit {
				t.Fatalf("%q ended the session", k)
			}
		}
	}
	if v := m.View(); !strings.Contains(v, "choose a game") {
		t.Fatalf("the menu is gone:\n%s", v)
	}
	// q still leaves.
	if _, cmd := m.Update(keyMsg("q")); cmd == nil {
		t.Fatal("q did not leave")
	} else if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("q did not leave")
	}
	// On this machine's own terminal Esc leaves the menu, as before.
	local, _ := newRoot(Options{Menu: true, Lang: "en"}, plainRenderer())
	if _, cmd := local.Update(tea.KeyMsg{Type: tea.KeyEsc}); cmd == nil {
		t.Fatal("Esc on the local menu does not quit")
	}
}

// splitServer serves the game over SSH and the web with the escape
// sequence's wait made as short as can be: an Esc is always read alone,
// as when the rest comes after any wait, without a sleep in the test.
func splitServer(t *testing.T) *serve.Server {
	t.Helper()
	n := &Network{Rooms: serve.NewRooms(), Lang: "en"}
	s, err := serve.New(serve.Options{Listen: "127.0.0.1:0", HostKey: filepath.Join(t.TempDir(), "key"), RateBurst: 100,
		Web: "127.0.0.1:0", WebFiles: fstest.MapFS{"index.html": {Data: []byte("page")}}, EscapeWait: time.Nanosecond},
		SessionApp(n, Options{Lang: "en"}))
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
	return s
}

// The split arrow over SSH: the session stays, and answers the next key.
func TestSSHSplitArrowKeepsTheSession(t *testing.T) {
	t.Parallel()
	s := splitServer(t)
	c := dialTerm(t, s, "split")
	c.waitFor("choose a game")
	c.keys("\x1b")
	c.waitFor("q leaves matchgame")
	c.keys("[B", "?")
	c.waitFor("closes the help")
}

// The same over a WebSocket.
func TestWebSplitArrowKeepsTheSession(t *testing.T) {
	t.Parallel()
	s := splitServer(t)
	ctx, cancel := context.WithTimeout(t.Context(), sshWait)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws://"+s.WebAddr().String()+"/ws?name=split&lang=en&cols=80&rows=24", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	seen := make(chan string, 64)
	go func() {
		var all strings.Builder
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				close(seen)
				return
			}
			all.WriteString(ansi.Strip(string(data)))
			seen <- all.String()
		}
	}()
	waitFor := func(want string) {
		t.Helper()
		for {
			select {
			case s, ok := <-seen:
				if !ok {
					t.Fatalf("the session ended before %q", want)
				}
				if strings.Contains(s, want) {
					return
				}
			case <-ctx.Done():
				t.Fatalf("never saw %q", want)
			}
		}
	}
	send := func(k string) {
		if err := conn.Write(ctx, websocket.MessageBinary, []byte(k)); err != nil {
			t.Fatal(err)
		}
	}
	waitFor("choose a game")
	send("\x1b")
	waitFor("q leaves matchgame")
	send("[B")
	send("?")
	waitFor("closes the help")
}
