package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Issue 19, item 11: serve --web used as a student uses it, in a real
// browser. Headless Chromium opens the page, types a name, joins, and
// plays Nim by keys through xterm.js; the test reads the board back from
// the terminal's screen, in English and in Chinese (the page takes the
// browser's language). Runs in CI (or with MATCHGAME_THOROUGH=1), where
// .ci/run installs chromium.
func TestWebInChromium(t *testing.T) {
	t.Parallel()
	if os.Getenv("CI") == "" && os.Getenv("MATCHGAME_THOROUGH") == "" {
		t.Skip("the page is used in a real browser in CI, or with MATCHGAME_THOROUGH=1")
	}
	if _, err := exec.LookPath("chromium"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is missing: .ci/run installs it")
		}
		t.Skip("chromium is not installed (CI installs it)")
	}
	dir := t.TempDir()
	srv := exec.Command(binary(t), "serve", "--listen", "127.0.0.1:0", "--web", "127.0.0.1:0", "--host-key", filepath.Join(dir, "key"))
	stdout, err := srv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Process.Signal(syscall.SIGTERM); _ = srv.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	url := regexp.MustCompile(`http://\S+/`).FindString(line)
	if err != nil || url == "" {
		t.Fatalf("serve --web said %q (%v)", line, err)
	}
	url = regexp.MustCompile(`//[^:/]+:`).ReplaceAllString(url, "//127.0.0.1:") // the host's name may not resolve here

	for _, lang := range []string{"en-US", "zh-CN"} {
		b := startBrowser(t, lang)
		b.call("Page.navigate", map[string]any{"url": url})
		b.waitEval(`document.getElementById("name") !== null && document.getElementById("go").textContent !== ""`)
		b.eval(`document.getElementById("name").value = "Ada"; document.getElementById("go").click()`)
		want := map[string][]string{"en-US": {"choose a game", "your turn", "heap 1", "The computer:"}, "zh-CN": {"选择游戏", "轮到你", "第 1 堆", "电脑："}}[lang]
		b.waitScreen(want[0])
		b.keys("\r") // start the game the menu shows
		b.waitScreen(want[1])
		b.waitScreen(want[2])
		b.keys("ww\r") // the hint, its move, and play it: the computer answers
		b.waitScreen(want[3])
		if dir := os.Getenv("MATCHGAME_WEB_SHOT"); dir != "" { // the README's picture: MATCHGAME_WEB_SHOT=docs
			b.screenshot(filepath.Join(dir, "web-"+lang[:2]+".png"))
		}
		b.keys("q")
		b.close()
	}
}

// browser is a headless Chromium driven over the DevTools protocol.
type browser struct {
	t    *testing.T
	cmd  *exec.Cmd
	conn *websocket.Conn
	id   int
}

func startBrowser(t *testing.T, lang string) *browser {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
		"--user-data-dir="+dir, "--lang="+lang, "--accept-lang="+lang, "--window-size=1000,700", "about:blank")
	cmd.Env = append(os.Environ(), "LANGUAGE="+strings.ReplaceAll(lang, "-", "_"))
	errs, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, cmd: cmd}
	t.Cleanup(b.close)
	// "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…"
	sc := bufio.NewScanner(errs)
	port := ""
	for port == "" && sc.Scan() {
		if m := regexp.MustCompile(`ws://127\.0\.0\.1:(\d+)/`).FindStringSubmatch(sc.Text()); m != nil {
			port = m[1]
		}
	}
	if port == "" {
		t.Fatal("chromium did not say where DevTools listens")
	}
	go func() { // keep reading, or the browser blocks on a full pipe
		for sc.Scan() {
		}
	}()
	var targets []struct{ Type, WebSocketDebuggerURL string }
	deadline := time.Now().Add(30 * time.Second) // a guard against a hung browser, not a timing
	for len(targets) == 0 || targets[0].WebSocketDebuggerURL == "" {
		if time.Now().After(deadline) {
			t.Fatal("chromium shows no page")
		}
		resp, err := http.Get("http://127.0.0.1:" + port + "/json/list")
		if err == nil {
			_ = json.NewDecoder(resp.Body).Decode(&targets)
			resp.Body.Close()
			targets = filterPages(targets)
		}
		time.Sleep(50 * time.Millisecond) // polling interval, not synchronisation
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b.conn, _, err = websocket.Dial(ctx, targets[0].WebSocketDebuggerURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.conn.SetReadLimit(64 << 20)
	return b
}

func filterPages(ts []struct{ Type, WebSocketDebuggerURL string }) []struct{ Type, WebSocketDebuggerURL string } {
	var out []struct{ Type, WebSocketDebuggerURL string }
	for _, t := range ts {
		if t.Type == "page" {
			out = append(out, t)
		}
	}
	return out
}

// call sends one DevTools command and returns its result.
func (b *browser) call(method string, params any) json.RawMessage {
	b.t.Helper()
	res, err := b.try(method, params)
	if err != nil {
		b.t.Fatalf("%s: %v", method, err)
	}
	return res
}

// try is call that says a command's error: a page being navigated
// answers "Inspected target navigated or closed" for a moment.
func (b *browser) try(method string, params any) (json.RawMessage, error) {
	b.t.Helper()
	b.id++
	msg, _ := json.Marshal(map[string]any{"id": b.id, "method": method, "params": params})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.conn.Write(ctx, websocket.MessageText, msg); err != nil {
		b.t.Fatalf("%s: %v", method, err)
	}
	for {
		_, data, err := b.conn.Read(ctx)
		if err != nil {
			b.t.Fatalf("%s: %v", method, err)
		}
		var reply struct {
			ID     int
			Result json.RawMessage
			Error  *struct{ Message string }
		}
		if json.Unmarshal(data, &reply) == nil && reply.ID == b.id {
			if reply.Error != nil {
				return nil, fmt.Errorf("%s", reply.Error.Message)
			}
			return reply.Result, nil
		}
	}
}

// eval runs JavaScript in the page and returns its value as text; "" while
// the page is being replaced (the poll asks again).
func (b *browser) eval(js string) string {
	b.t.Helper()
	res, err := b.try("Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true})
	if err != nil {
		return ""
	}
	var r struct{ Result struct{ Value any } }
	_ = json.Unmarshal(res, &r)
	return fmt.Sprint(r.Result.Value)
}

func (b *browser) waitEval(js string) {
	b.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for b.eval(js) != "true" {
		if time.Now().After(deadline) {
			b.t.Fatalf("never true: %s", js)
		}
		time.Sleep(50 * time.Millisecond) // polling interval, not synchronisation
	}
}

// screen is the text on the terminal's screen.
func (b *browser) screen() string {
	return b.eval(`(() => { const t = window.matchgameTerm; if (!t) return ""; const buf = t.buffer.active, out = [];
		for (let i = 0; i < t.rows; i++) { const l = buf.getLine(buf.viewportY + i); out.push(l ? l.translateToString(true) : ""); }
		return out.join("\n"); })()`)
}

func (b *browser) waitScreen(want string) {
	b.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(b.screen(), want) {
		if time.Now().After(deadline) {
			b.t.Fatalf("the page never showed %q; it shows:\n%s", want, b.screen())
		}
		time.Sleep(50 * time.Millisecond) // polling interval, not synchronisation
	}
}

// keys types into the terminal as a person does: the text goes to its
// focused input.
func (b *browser) keys(s string) {
	b.t.Helper()
	for _, r := range s {
		if r == '\r' {
			b.call("Input.dispatchKeyEvent", map[string]any{"type": "keyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"})
			b.call("Input.dispatchKeyEvent", map[string]any{"type": "keyUp", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13})
			continue
		}
		b.call("Input.insertText", map[string]any{"text": string(r)})
	}
}

// screenshot saves what the browser shows as a PNG.
func (b *browser) screenshot(path string) {
	b.t.Helper()
	var shot struct{ Data []byte }
	if err := json.Unmarshal(b.call("Page.captureScreenshot", map[string]any{"format": "png"}), &shot); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, shot.Data, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

func (b *browser) close() {
	if b.conn != nil {
		_ = b.conn.CloseNow()
		b.conn = nil
	}
	if b.cmd != nil && b.cmd.Process != nil {
		_ = b.cmd.Process.Kill()
		_ = b.cmd.Wait()
		b.cmd = nil
	}
}
