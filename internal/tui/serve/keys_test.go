package serve

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/coder/websocket"
	gossh "golang.org/x/crypto/ssh"
)

// keyApp shows the session's key and user.
func keyApp(s *Session) tea.Model { return keyView{s} }

type keyView struct{ s *Session }

func (m keyView) Init() tea.Cmd                       { return nil }
func (m keyView) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m keyView) View() string                        { return fmt.Sprintf("key=%s |\nuser=%s |", m.s.Key, m.s.User) }

// newKey is a student's own ed25519 key.
func newKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return signer
}

// openTermWith is openTerm with the client's own ways to authenticate.
func openTermWith(t *testing.T, s *Server, user string, auth ...gossh.AuthMethod) *term {
	t.Helper()
	cfg := clientConfig(user)
	cfg.Auth = auth
	client, err := gossh.Dial("tcp", s.Addr().String(), cfg)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { client.Close() })
	c := &term{t: t, client: client, seen: make(chan struct{}, 1), ended: make(chan struct{})}
	if c.sess, err = client.NewSession(); err != nil {
		t.Fatal(err)
	}
	if err := c.sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	c.stdin, _ = c.sess.StdinPipe()
	stdout, _ := c.sess.StdoutPipe()
	if err := c.sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go c.read(stdout, termOpts{})
	return c
}

// Issue 29: with keys (serve --store) a session knows the SSH key its
// client proved it holds, by its SHA256 fingerprint, whatever the user
// name; a client without a key comes in as a guest by keyboard-interactive
// or a password; "none" lets no one in, or OpenSSH would never show its key.
func TestSessionKnowsTheKey(t *testing.T) {
	t.Parallel()
	s, _ := testServer(t, keyApp, func(o *Options) { o.Keys = true })
	key := newKey(t)
	fp := gossh.FingerprintSHA256(key.PublicKey())
	openTermWith(t, s, "ann", gossh.PublicKeys(key)).waitFor("key=" + fp + " |")
	openTermWith(t, s, "someone-else", gossh.PublicKeys(key)).waitFor("key=" + fp + " |")
	guest := openTermWith(t, s, "guest", gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil }))
	guest.waitFor("user=guest |")
	guest.waitFor("key= |")
	openTermWith(t, s, "pw", gossh.Password("")).waitFor("user=pw |")
	cfg := clientConfig("nobody")
	if c, err := gossh.Dial("tcp", s.Addr().String(), cfg); err == nil {
		c.Close()
		t.Error("a client with no way to authenticate came in")
	}

	// Without keys, as before: no authentication, and no key told.
	plain, _ := testServer(t, keyApp, nil)
	c := openTermWith(t, plain, "ann", gossh.PublicKeys(key))
	c.waitFor("user=ann |")
	c.waitFor("key= |")
}

// In a browser the page is given a token to keep: coming back with it is
// the same fingerprint; a token not of the server's making gets a new one.
func TestWebToken(t *testing.T) {
	t.Parallel()
	s := webServer(t, keyApp, func(o *Options) { o.Keys = true })
	first := func(query string) (token, key string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), waitTime)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, "ws://"+s.WebAddr().String()+"/ws?"+query, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.CloseNow()
		var seen strings.Builder
		for !strings.Contains(seen.String(), "user=") {
			typ, data, err := conn.Read(ctx)
			if err != nil {
				t.Fatalf("%v after %q", err, seen.String())
			}
			if typ == websocket.MessageText {
				var m struct{ Token string }
				if json.Unmarshal(data, &m) != nil || m.Token == "" {
					t.Fatalf("a text message that is no token: %q", data)
				}
				token = m.Token
				continue
			}
			seen.Write(data)
		}
		k := seen.String()[strings.Index(seen.String(), "key=")+4:]
		return token, k[:strings.Index(k, " |")]
	}
	token, key := first("name=ann")
	if len(token) != 43 || !strings.HasPrefix(key, "SHA256:") {
		t.Fatalf("token %q, key %q", token, key)
	}
	again, key2 := first("name=Ann+Li&token=" + url.QueryEscape(token))
	if again != "" || key2 != key {
		t.Errorf("back with the token: new token %q, key %q, want %q", again, key2, key)
	}
	forged, key3 := first("name=x&token=short")
	if forged == "" || key3 == key {
		t.Errorf("a token not of the server's making: %q, %q", forged, key3)
	}
}

// A student the store knows takes their place back by their key,
// whatever user name they come with; the class shows the store's name
// and what it knows (new or back).
func TestJoinAsByKey(t *testing.T) {
	t.Parallel()
	c := NewClass()
	teacher, _ := c.Watch(t.Context())
	ann, _ := c.JoinAs(t.Context(), Who{User: "student", Name: "Ann", Key: "SHA256:ann", Before: 2})
	if ann.StudentInfo != (StudentInfo{ID: 1, Name: "Ann", Key: "SHA256:ann", Before: 2}) {
		t.Fatalf("joined as %+v", ann.StudentInfo)
	}
	ann.Leave()
	back, _ := c.JoinAs(t.Context(), Who{User: "someone", Name: "Ann", Key: "SHA256:ann", Before: 2})
	other, _ := c.JoinAs(t.Context(), Who{User: "student", Name: "Ann", Key: "SHA256:other"})
	guest, _ := c.Join(t.Context(), "student")
	if back.ID != 1 || other.ID != 2 || other.Name != "Ann (2)" || guest.ID != 3 || guest.Key != "" {
		t.Errorf("back %+v, another key %+v, a guest %+v", back.StudentInfo, other.StudentInfo, guest.StudentInfo)
	}
	expect[ClassEvent](t, teacher, StudentJoined{ann.StudentInfo}, StudentLeft{ann.StudentInfo}, StudentJoined{ann.StudentInfo})
}

// An answer is kept before the dashboard hears of it; a store that fails
// costs no answer, and the dashboard is told.
func TestAnswerKeptFirst(t *testing.T) {
	t.Parallel()
	c := NewClass()
	ann, _ := c.Join(t.Context(), "ann")
	teacher, _ := c.Watch(t.Context())
	if err := c.StartQuiz(Quiz{Game: written("nim"), Seed: 1, Questions: 2, Limit: time.Hour}); err != nil {
		t.Fatal(err)
	}
	_, _ = c.Ask("1 2", "take 1 from heap 2")
	var kept []Answer
	heard := 0
	keep := func(a Answer) error {
		// The dashboard has heard nothing of it yet.
		for len(teacher) > 0 {
			if _, ok := (<-teacher).(Answered); ok {
				heard++
			}
		}
		kept = append(kept, a)
		return nil
	}
	if _, err := ann.Answer(1, "take 1 from heap 2", true, keep); err != nil {
		t.Fatal(err)
	}
	if len(kept) != 1 || heard != 0 || kept[0].Move != "take 1 from heap 2" {
		t.Errorf("kept %+v, the dashboard heard %d first", kept, heard)
	}
	keepFails(t, c, ann, teacher)
}

// keepFails: an answer whose keeping fails is taken all the same, the
// dashboard told of the failure.
func keepFails(t *testing.T, c *Class, ann *Student, teacher <-chan ClassEvent) {
	t.Helper()
	_, _ = c.Ask("1 3", "take 2 from heap 2")
	broken := errors.New("disk full")
	if _, err := ann.Answer(2, "x", false, func(Answer) error { return broken }); err != nil {
		t.Fatalf("a failing store refused the answer: %v", err)
	}
	for {
		e := next(t, teacher)
		if f, ok := e.(KeepFailed); ok {
			if f.Err != broken || f.Student.Name != "ann" {
				t.Errorf("%+v", f)
			}
			break
		}
	}
	if sc := c.Scores(); len(sc) != 1 || sc[0].Right != 1 || sc[0].Wrong != 1 {
		t.Errorf("scores %+v", sc)
	}
}
