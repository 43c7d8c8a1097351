package serve

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Issue 29: a paste of more than 64 KiB in the browser came as one
// message past the read limit, and the socket was closed with 1009 (the
// session ended). A paste of any length is taken, its excess left out as
// over SSH, and the session goes on.
func TestWebLongPasteKeepsTheSession(t *testing.T) {
	t.Parallel()
	s := webServer(t, echoApp, nil)
	w := openWeb(t, s, "name=paster")
	w.waitFor("hello paster | keys=0")
	paste := pasteStart + strings.Repeat("x", 100<<10) + pasteEnd
	w.keys(paste)
	w.keys("a")
	w.waitFor("last=a")
	select {
	case <-w.done:
		t.Fatal("a long paste ended the session")
	default:
	}
}

// Issue 29: the origin check compared Origin with the request's own Host,
// so a page of another name that resolves to this machine (DNS
// rebinding: evil.example → 127.0.0.1) passed. Now an origin must be an
// address the page is served on, or one of Options.WebOrigins.
func TestWebOriginIsTheServersOwn(t *testing.T) {
	t.Parallel()
	s := webServer(t, echoApp, func(o *Options) { o.WebOrigins = []string{"https://class.example.edu"} })
	_, port, _ := net.SplitHostPort(s.WebAddr().String())
	status := func(host, origin string) int {
		t.Helper()
		req, _ := http.NewRequest("GET", "http://"+s.WebAddr().String()+"/ws?name=x", nil)
		req.Host = host
		req.Header = http.Header{"Connection": {"Upgrade"}, "Upgrade": {"websocket"}, "Sec-Websocket-Version": {"13"},
			"Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="}}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range []struct {
		host, origin string
		want         int
	}{
		{"evil.example:" + port, "http://evil.example:" + port, http.StatusForbidden}, // rebinding
		{"127.0.0.1:" + port, "http://evil.example", http.StatusForbidden},
		{"127.0.0.1:" + port, "http://127.0.0.1:1", http.StatusForbidden}, // another port of this machine
		{"127.0.0.1:" + port, "http://127.0.0.1:" + port, http.StatusSwitchingProtocols},
		{"localhost:" + port, "http://localhost:" + port, http.StatusSwitchingProtocols},
		{"class.example.edu", "https://class.example.edu", http.StatusSwitchingProtocols}, // --web-origin, behind a proxy
		{"127.0.0.1:" + port, "", http.StatusSwitchingProtocols},                          // not a browser
	} {
		if got := status(c.host, c.origin); got != c.want {
			t.Errorf("Host %s, Origin %q: %d, want %d", c.host, c.origin, got, c.want)
		}
	}
}

// A message of any size is read in parts, so the server never holds one
// whole: a paste of 1 MiB in one message.
func TestWebMessageReadInParts(t *testing.T) {
	t.Parallel()
	s := webServer(t, echoApp, nil)
	w := openWeb(t, s, "name=parts")
	w.waitFor("keys=0")
	ctx, cancel := context.WithTimeout(t.Context(), waitTime)
	defer cancel()
	big := bytes.Repeat([]byte("y"), 1<<20)
	if err := w.conn.Write(ctx, websocket.MessageBinary, []byte(pasteStart+string(big)+pasteEnd+"z")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(waitTime)
	for !strings.Contains(w.text(), "last=z") && time.Now().Before(deadline) {
		select {
		case <-w.done:
			t.Fatal("a 1 MiB message ended the session")
		case <-time.After(5 * time.Millisecond): // polling interval, not synchronisation
		}
	}
}
