package serve

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/coder/websocket"

	"matchgame/assets"
)

// serve --web: the same sessions in a browser. The page (Options.WebFiles:
// index.html and xterm.js) asks for a name, then opens one WebSocket to
// /ws; keys come as binary messages, the terminal's size as a text
// message {"cols", "rows"}, and the screen goes back as binary messages.
// With Options.Keys the page is known by a token the server gave it
// (a text message {"token"} at the start, kept in its localStorage and
// sent back as ?token=). A web session is a client like an SSH one, under the same limits: the
// sessions at once, the connections per address, the idle timeout; the
// dashboard lists it by the name typed.

// sizeMessageMax bounds what is read of a text message (the terminal's
// size, a few bytes of JSON); the rest of a longer one is skipped.
// Binary messages, the keys, have no bound: they are read in parts as
// they come, and a long paste is cut as over SSH (input.go), so the
// session goes on (issue 29: a paste past 64 KiB closed it with 1009).
const sizeMessageMax = 1 << 10

// webWriteTimeout bounds one frame's write: a browser that stopped
// reading is cut, as an SSH client is.
const webWriteTimeout = 10 * time.Second

// webHandler serves the page, its words and the sessions.
func (s *Server) webHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(s.opts.WebFiles))
	mux.HandleFunc("GET /words.js", webWords)
	mux.HandleFunc("GET /ws", s.webSession)
	return mux
}

// webWords gives the page its words in every language, from the message
// catalogue (web.*): `const words = {"en": {"intro": …}, "zh": …};`. The
// page picks one by the browser's language.
func webWords(w http.ResponseWriter, _ *http.Request) {
	words := map[string]map[string]string{}
	for _, lang := range assets.Langs {
		c := assets.Messages(lang)
		words[lang] = map[string]string{}
		for _, name := range []string{"intro", "go", "name", "ended"} {
			words[lang][name] = c.T("web." + name)
		}
	}
	js, _ := json.Marshal(words) // strings only: it cannot fail
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	fmt.Fprintf(w, "const words = %s;\n", js)
}

// webSession runs one session over a WebSocket. Refusals before the
// socket opens are plain HTTP answers the page shows.
func (s *Server) webSession(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	lang := "en"
	if q.Get("lang") == "zh" {
		lang = "zh"
	}
	remote := remoteOf(r.RemoteAddr)
	if !s.limit.allow(remote) {
		s.opts.Log.Warn("refused: too many connections", "remote", r.RemoteAddr)
		s.refuseWeb(w, r, remote, say(lang, "serve.toomany", s.opts.RateBurst))
		return
	}
	name := strings.TrimSpace(q.Get("name"))
	if name == "" {
		http.Error(w, say(lang, "serve.name"), http.StatusBadRequest)
		return
	}
	// A page of another site cannot open a session: its origin must be
	// where this server is reached (origins.go).
	if !s.origins.allow(r.Header.Get("Origin")) {
		s.opts.Log.Info("refused: websocket", "remote", r.RemoteAddr, "origin", r.Header.Get("Origin"))
		http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		return
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true}) // checked above
	if err != nil {
		s.opts.Log.Info("refused: websocket", "remote", r.RemoteAddr, "why", err)
		return
	}
	conn.SetReadLimit(-1)
	key, fresh := pageToken(q.Get("token"), s.opts.Keys)
	if fresh != "" { // the page keeps it, and comes back with it
		msg, _ := json.Marshal(map[string]string{"token": fresh})
		ctx, cancel := context.WithTimeout(context.Background(), webWriteTimeout)
		err := conn.Write(ctx, websocket.MessageText, msg)
		cancel()
		if err != nil {
			return
		}
	}
	cols, _ := strconv.Atoi(q.Get("cols"))
	rows, _ := strconv.Atoi(q.Get("rows"))
	ctx, hangup := context.WithCancel(context.Background())
	defer hangup()
	l := newWebLink(ctx, hangup, conn, windowSize(cols, rows))
	c := newClient(ctx, l, name, remote, lang, s.opts)
	c.named, c.key = true, key
	if err := s.register(c); err != nil {
		s.opts.Log.Info("refused", "user", c.user, "remote", c.remote, "why", err)
		why := say(c.lang, "serve.closing")
		if errors.Is(err, errFull) {
			why = say(c.lang, "serve.full", s.opts.MaxSessions)
		}
		l.end(why, 1)
		return
	}
	defer s.unregister(c)
	s.opts.Log.Info("session start", "id", c.id, "user", c.user, "remote", c.remote, "web", true)
	c.run(s.app)
}

// pageToken is the fingerprint a page is known by (Options.Keys) from
// the token it kept, "" without keys; fresh is a new token for a page
// that has none (or one not of the server's making), "" otherwise. Only
// the token's fingerprint is kept, as of an SSH key.
func pageToken(kept string, keys bool) (key, fresh string) {
	if !keys {
		return "", ""
	}
	if !tokenForm.MatchString(kept) {
		b := make([]byte, 32)
		_, _ = rand.Read(b)
		kept = base64.RawURLEncoding.EncodeToString(b)
		fresh = kept
	}
	sum := sha256.Sum256([]byte(kept))
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:]), fresh
}

// tokenForm is a token as the server makes them: 32 random bytes.
var tokenForm = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// refuseWeb turns a browser away with say: on its terminal, where the
// student reads it (a browser shows a page nothing of a refused
// WebSocket's HTTP answer), for a few a second per address as over SSH;
// past those, a plain HTTP answer.
func (s *Server) refuseWeb(w http.ResponseWriter, r *http.Request, remote net.Addr, say string) {
	if !s.told.allow(remote) {
		http.Error(w, say, http.StatusTooManyRequests)
		return
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.Grace)
	defer cancel()
	_ = conn.Write(ctx, websocket.MessageBinary, []byte(say+"\r\n"))
	_ = conn.Close(websocket.StatusPolicyViolation, "")
}

// remoteOf is a request's remote address as the limits count it.
func remoteOf(addr string) net.Addr {
	if a, err := net.ResolveTCPAddr("tcp", addr); err == nil {
		return a
	}
	return &net.TCPAddr{}
}

// webLink is a session over a WebSocket.
type webLink struct {
	ctx    context.Context
	conn   *websocket.Conn
	keys   *io.PipeReader
	window tea.WindowSizeMsg
	sizes  chan tea.WindowSizeMsg
}

// newWebLink reads conn until it ends, then calls hangup.
func newWebLink(ctx context.Context, hangup func(), conn *websocket.Conn, window tea.WindowSizeMsg) *webLink {
	r, w := io.Pipe()
	l := &webLink{ctx: ctx, conn: conn, keys: r, window: window, sizes: make(chan tea.WindowSizeMsg, 1)}
	l.sizes <- window // the program draws once it knows its size, as an SSH PTY's first window tells it
	go func() {
		defer hangup()
		defer w.Close()
		for l.readMessage(w) == nil {
		}
	}()
	return l
}

// readMessage reads the browser's next message: keys go on to w as they
// come, in parts, never held whole; of a size only its first
// sizeMessageMax bytes are read.
func (l *webLink) readMessage(w io.Writer) error {
	typ, r, err := l.conn.Reader(l.ctx)
	if err != nil {
		return err
	}
	if typ == websocket.MessageBinary {
		_, err := io.Copy(w, r)
		return err
	}
	data, err := io.ReadAll(io.LimitReader(r, sizeMessageMax))
	if err != nil {
		return err
	}
	if _, err := io.Copy(io.Discard, r); err != nil { // the rest of a long one
		return err
	}
	var size struct{ Cols, Rows int }
	if json.Unmarshal(data, &size) == nil {
		select { // only the latest size matters
		case <-l.sizes:
		default:
		}
		l.sizes <- windowSize(size.Cols, size.Rows)
	}
	return nil
}

func (l *webLink) Read(p []byte) (int, error) { return l.keys.Read(p) }

// Write sends one frame as one message.
func (l *webLink) Write(p []byte) (int, error) {
	ctx, cancel := context.WithTimeout(l.ctx, webWriteTimeout)
	defer cancel()
	if err := l.conn.Write(ctx, websocket.MessageBinary, p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (l *webLink) start() tea.WindowSizeMsg          { return l.window }
func (l *webLink) resizes() <-chan tea.WindowSizeMsg { return l.sizes }
func (l *webLink) probe() bool                       { return false }

// environ: xterm.js draws 24-bit colour.
func (l *webLink) environ() []string {
	return []string{"TERM=xterm-256color", "COLORTERM=truecolor"}
}

func (l *webLink) end(say string, code int) {
	if say != "" {
		_, _ = l.Write([]byte("\r\n" + say + "\r\n"))
	}
	status := websocket.StatusNormalClosure
	if code != 0 {
		status = websocket.StatusInternalError
	}
	_ = l.conn.Close(status, "")
}

func (l *webLink) cut() { _ = l.conn.CloseNow() }
