package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/coder/websocket"

	"matchgame/assets"
)

// webServer is testServer with the page on a free port too.
func webServer(t *testing.T, app App, edit func(*Options)) *Server {
	t.Helper()
	s, _ := testServer(t, app, func(o *Options) {
		o.Web = "127.0.0.1:0"
		o.WebFiles = fstest.MapFS{"index.html": {Data: []byte("<title>matchgame</title>")}}
		if edit != nil {
			edit(o)
		}
	})
	return s
}

// fetch is what the web server answers to GET path.
func fetch(t *testing.T, s *Server, path string) string {
	t.Helper()
	resp, err := http.Get("http://" + s.WebAddr().String() + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// webTerm is a browser's end of a web session: what it was sent.
type webTerm struct {
	t    *testing.T
	conn *websocket.Conn
	mu   sync.Mutex
	seen bytes.Buffer
	done chan struct{}
}

func openWeb(t *testing.T, s *Server, query string) *webTerm {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), waitTime)
	defer cancel()
	url := "ws://" + s.WebAddr().String() + "/ws?" + query
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	w := &webTerm{t: t, conn: conn, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			w.mu.Lock()
			w.seen.Write(data)
			w.mu.Unlock()
		}
	}()
	t.Cleanup(func() { _ = conn.CloseNow() })
	return w
}

func (w *webTerm) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return ansi.Strip(w.seen.String())
}

func (w *webTerm) waitFor(want string) {
	w.t.Helper()
	deadline := time.Now().Add(waitTime)
	for !strings.Contains(w.text(), want) {
		if time.Now().After(deadline) {
			w.t.Fatalf("the browser never saw %q; it saw:\n%s", want, tail([]byte(w.text())))
		}
		time.Sleep(5 * time.Millisecond) // polling interval, not synchronisation
	}
}

func (w *webTerm) keys(s string) {
	if err := w.conn.Write(context.Background(), websocket.MessageBinary, []byte(s)); err != nil {
		w.t.Fatal(err)
	}
}

// Issue 19, item 10: a browser's WebSocket is a session as an SSH one is:
// the name typed is the user, the page's language and size are the
// session's, keys arrive, a resize is passed on, 24-bit colour is drawn,
// and q ends it, closing the socket.
func TestWebSession(t *testing.T) {
	t.Parallel()
	s := webServer(t, echoApp, nil)
	if page := fetch(t, s, "/"); !strings.Contains(page, "<title>matchgame</title>") {
		t.Fatalf("the page: %q", page)
	}
	w := openWeb(t, s, "name=Li+Lei&lang=zh&cols=100&rows=30")

	w.waitFor("hello Li Lei | keys=0")
	w.waitFor("| 100x30 | lang=zh | TrueColor | dark |")
	w.keys("a")
	w.waitFor("keys=1 | last=a")
	w.keys("b")
	w.waitFor("keys=2 | last=b")
	if err := w.conn.Write(context.Background(), websocket.MessageText, []byte(`{"cols":120,"rows":40}`)); err != nil {
		t.Fatal(err)
	}
	w.waitFor("| 120x40 |")
	w.keys("q")
	select {
	case <-w.done:
	case <-time.After(waitTime):
		t.Fatal("q did not close the socket")
	}
}

// The page's words come from the message catalogue, in every language:
// words.js defines them, and the page has none of its own.
func TestWebWords(t *testing.T) {
	t.Parallel()
	s := webServer(t, echoApp, nil)
	js := fetch(t, s, "/words.js")
	body, ok := strings.CutPrefix(strings.TrimSpace(js), "const words = ")
	var words map[string]map[string]string
	if !ok || json.Unmarshal([]byte(strings.TrimSuffix(body, ";")), &words) != nil {
		t.Fatalf("words.js: %q", js)
	}
	for _, lang := range assets.Langs {
		for _, name := range []string{"intro", "go", "name", "ended"} {
			if want := assets.Messages(lang).T("web." + name); words[lang][name] != want || strings.HasPrefix(want, "{") {
				t.Errorf("%s %s: %q, the catalogue says %q", lang, name, words[lang][name], want)
			}
		}
	}
	page, err := fs.ReadFile(assets.Web(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<script src="words.js"></script>`) || strings.Contains(string(page), assets.Messages("zh").T("web.go")) {
		t.Error("the page does not take its words from words.js")
	}
}

// Refused before the socket opens, with a line the page can show: no
// name, an address past its limit; and a page of another site cannot
// open a session (the origin is checked).
func TestWebRefusals(t *testing.T) {
	t.Parallel()
	s := webServer(t, echoApp, func(o *Options) { o.RateBurst = 1; o.RateEvery = time.Hour })
	base := "http://" + s.WebAddr().String() + "/ws?"
	get := func(query string, header http.Header) (int, string) {
		req, _ := http.NewRequest("GET", base+query, nil)
		for k, v := range header {
			req.Header[k] = v
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	ws := http.Header{"Connection": {"Upgrade"}, "Upgrade": {"websocket"}, "Sec-Websocket-Version": {"13"}, "Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="},
		"Origin": {"http://evil.example"}}
	if code, body := get("name=x", ws); code != http.StatusForbidden {
		t.Errorf("a foreign origin: %d %q", code, body)
	}
	// Past the address's limit a browser reads why on its terminal (a
	// few a second), then a plain HTTP answer.
	w := openWeb(t, s, "name=x")
	w.waitFor("too many connections from your address")
	<-w.done
	for range 4 { // five told at once, as over SSH
		openWeb(t, s, "name=x").waitFor("too many connections")
	}
	if code, body := get("name=x", http.Header{}); code != http.StatusTooManyRequests || !strings.Contains(body, "too many connections") {
		t.Errorf("past the address's limit and its telling: %d %q", code, body)
	}
	s2 := webServer(t, echoApp, nil)
	resp, err := http.Get("http://" + s2.WebAddr().String() + "/ws?lang=zh")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "名字") {
		t.Errorf("no name: %d %q", resp.StatusCode, b)
	}
}

// sized draws nothing until it is sent its window's size, as the menu
// does.
type sized struct{ size tea.WindowSizeMsg }

func (m sized) Init() tea.Cmd { return nil }
func (m sized) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(tea.WindowSizeMsg); ok {
		m.size = s
	}
	return m, nil
}
func (m sized) View() string {
	if m.size.Width == 0 {
		return ""
	}
	return fmt.Sprintf("drawn at %dx%d", m.size.Width, m.size.Height)
}

// The page's size is sent to the program at the start, as an SSH PTY's
// first window is: a client that never resizes still gets a screen (the
// load client got none, only the alternate screen's codes).
func TestWebFirstSize(t *testing.T) {
	t.Parallel()
	s := webServer(t, func(*Session) tea.Model { return sized{} }, nil)
	openWeb(t, s, "name=x&cols=90&rows=25").waitFor("drawn at 90x25")
}

// A hostile browser: a size message that is not JSON, sizes out of any
// screen's range, a name of control characters and a message past the
// read limit of old. The sizes are clamped, the name cleaned, the long
// message taken in parts (the session goes on), and the server goes on
// serving.
func TestWebHostile(t *testing.T) {
	t.Parallel()
	s := webServer(t, echoApp, nil)
	w := openWeb(t, s, "name=%1b%5b2J%07evil&cols=-5&rows=99999999")
	w.waitFor("hello ?[2J?evil")
	w.waitFor("| 80x24 |")
	for _, m := range []string{"garbage", `{"cols":1e9,"rows":3}`, `{"cols":5000000,"rows":5000000}`} {
		if err := w.conn.Write(context.Background(), websocket.MessageText, []byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	w.waitFor("| 1000x400 |")
	if err := w.conn.Write(context.Background(), websocket.MessageBinary, []byte(pasteStart+strings.Repeat("x", 64<<10+1)+pasteEnd+"k")); err != nil {
		t.Fatal(err)
	}
	w.waitFor("last=k")
	openWeb(t, s, "name=next").waitFor("hello next")
}
