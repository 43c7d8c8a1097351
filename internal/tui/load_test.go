package tui

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	crand "crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	"github.com/charmbracelet/wish/bubbletea"
	gossh "golang.org/x/crypto/ssh"

	"matchgame/internal/tui/serve"
)

// The load test of matchgame serve runs only when asked:
//
//	MATCHGAME_LOAD=100,300 go test -run TestLoad -v ./internal/tui/
//
// With MATCHGAME_LOAD_BURST=1 every client connects at the same instant
// (a class at the start of a lesson); otherwise 32 at a time.
// For each number of sessions it serves matchgame as `matchgame serve`
// does, every client opening the menu and playing a quiz of ten
// questions, then a bare wish + Bubble Tea program (bare) given the same
// keys, and reports the server's memory per session, the time from
// sending a key to its frame's first byte, and the server's CPU. The
// "+flood" runs add one client that sends random bytes as fast as it can
// while the others play. Each server runs in a process of its own and its
// clients in another (this test binary again, see TestMain), so the
// figures are the server's alone.
const (
	loadEnv       = "MATCHGAME_LOAD"
	loadServerEnv = "MATCHGAME_LOAD_SERVER" // set in a server process: "kind sessions"
	loadClientEnv = "MATCHGAME_LOAD_CLIENT" // set in a client process: "addr sessions kind"
	loadEvery     = 200 * time.Millisecond  // a fast player's pace, on average
	// loadBurstEnv, set, has every client connect at the same instant.
	loadBurstEnv = "MATCHGAME_LOAD_BURST"
)

// quizKeys are a question of the quiz: the help opened and closed, the
// selected move given as the answer, the next question. Each changes the
// screen, so each has a frame.
var quizKeys = []string{"?", "?", "\r", " "}

// loadQuestions is the quiz's length: the keys end on its summary.
const loadQuestions = 10

// loadChild runs the load test's server or clients, and exits, when this
// test binary is one of its children.
func loadChild() {
	if spec := os.Getenv(loadServerEnv); spec != "" {
		exitWith(serveLoad(spec))
	}
	if spec := os.Getenv(loadClientEnv); spec != "" {
		exitWith(loadClients(spec))
	}
}

func exitWith(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

func TestLoad(t *testing.T) {
	counts := os.Getenv(loadEnv)
	if counts == "" {
		t.Skip("a load test: run it with " + loadEnv + "=100,300")
	}
	for _, field := range strings.Split(counts, ",") {
		n, err := strconv.Atoi(field)
		if err != nil {
			t.Fatalf("%s=%q: %v", loadEnv, counts, err)
		}
		for _, kind := range []string{"matchgame", "bare", "matchgame+flood", "bare+flood"} {
			out, err := child(loadServerEnv, fmt.Sprint(kind, " ", n)).Output()
			if err != nil {
				t.Fatalf("%s, %d sessions: %v", kind, n, err)
			}
			var r loadResult
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatalf("%s, %d sessions: %v in %q", kind, n, err, out)
			}
			t.Logf("%-15s %3d sessions: key→frame median %4.1f ms, p99 %4.1f ms, max %5.1f ms; "+
				"server RSS %5.1f MB, per session %3.0f KiB RSS, %3.0f KiB heap+stacks, %.0f goroutines; "+
				"CPU %3.0f%% of a core, %4.0f µs a key; flood %.1f MB",
				kind, n, r.Median, r.P99, r.Max, r.RSSMB, r.RSSKiB, r.HeapKiB, r.Goroutines, r.CPUPercent, r.CPUPerKey, r.FloodMB)
		}
	}
}

// child is this test binary run again with key=value in its environment
// and no other of the load test's variables: a client must not serve.
func child(key, value string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "MATCHGAME_LOAD") || strings.HasPrefix(kv, loadBurstEnv+"=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, key+"="+value)
	cmd.Stderr = os.Stderr
	return cmd
}

type loadResult struct {
	Median, P99, Max float64 // key to frame, milliseconds
	RSSMB            float64 // the server's resident set with every session open
	RSSKiB, HeapKiB  float64 // per session
	Goroutines       float64 // per session
	CPUPercent       float64 // of one core, while the keys are played
	CPUPerKey        float64 // microseconds
	FloodMB          float64 // sent by the flooding client
}

// loadPlayed is what the client process reports.
type loadPlayed struct {
	Latencies []float64 // key to frame, milliseconds
	Flooded   int64     // bytes of garbage sent
}

// serveLoad is a server process of the load test: it serves kind, has the
// clients play, and prints what it measured as JSON.
func serveLoad(spec string) error {
	var kind string
	var n int
	if _, err := fmt.Sscan(spec, &kind, &n); err != nil {
		return fmt.Errorf("%s=%q: %w", loadServerEnv, spec, err)
	}
	dir, err := os.MkdirTemp("", "matchgame-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	base, _ := strings.CutSuffix(kind, "+flood") // the clients flood
	switch base {
	case "matchgame":
		ln.Close()
		opts := serve.Options{Listen: ln.Addr().String(), HostKey: filepath.Join(dir, "host_key"), MaxSessions: n + 10, RateBurst: n + 10}
		network := &Network{Rooms: serve.NewRooms(), Lang: "en"}
		s, err := serve.New(opts, SessionApp(network, Options{Lang: "en", Explain: "why", Questions: loadQuestions}))
		if err != nil {
			return err
		}
		if err := s.Start(); err != nil {
			return err
		}
		defer s.Shutdown(context.Background())
	case "bare":
		srv, err := bareServer()
		if err != nil {
			return err
		}
		go srv.Serve(ln)
		defer srv.Close()
	default:
		return fmt.Errorf("no server %q", kind)
	}

	runtime.GC()
	heap0, rss0, g0 := memory()
	clients := child(loadClientEnv, fmt.Sprintf("%s %d %s", ln.Addr(), n, kind))
	stdin, _ := clients.StdinPipe()
	stdout, _ := clients.StdoutPipe()
	if err := clients.Start(); err != nil {
		return err
	}
	defer clients.Wait()
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 16<<20)
	if !lines.Scan() || lines.Text() != "ready" {
		return fmt.Errorf("the clients did not get ready: %q", lines.Text())
	}
	runtime.GC()
	heap1, rss1, g1 := memory()

	cpu0, wall0 := cpuTime(), time.Now()
	io.WriteString(stdin, "go\n")
	if !lines.Scan() {
		return errors.New("no results from the clients")
	}
	cpu, wall := cpuTime()-cpu0, time.Since(wall0)
	var played loadPlayed
	if err := json.Unmarshal(lines.Bytes(), &played); err != nil {
		return err
	}
	latencies := played.Latencies
	slices.Sort(latencies)
	q := func(p float64) float64 { return latencies[int(p*float64(len(latencies)-1))] }
	out, err := json.Marshal(loadResult{
		Median:     q(0.5),
		P99:        q(0.99),
		Max:        latencies[len(latencies)-1],
		RSSMB:      float64(rss1) / (1 << 20),
		RSSKiB:     float64(rss1-rss0) / 1024 / float64(n),
		HeapKiB:    float64(heap1-heap0) / 1024 / float64(n),
		Goroutines: float64(g1-g0) / float64(n),
		CPUPercent: 100 * cpu.Seconds() / wall.Seconds(),
		CPUPerKey:  float64(cpu.Microseconds()) / float64(len(latencies)),
		FloodMB:    float64(played.Flooded) / (1 << 20),
	})
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}

// memory is the heap and stacks in use, the resident set, and the
// number of goroutines.
func memory() (heap, rss int64, goroutines int) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if statm, err := os.ReadFile("/proc/self/statm"); err == nil {
		fields := strings.Fields(string(statm))
		pages, _ := strconv.ParseInt(fields[1], 10, 64)
		rss = pages * int64(os.Getpagesize())
	}
	return int64(m.HeapInuse + m.StackInuse), rss, runtime.NumGoroutine()
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// bare is the reference: a model that counts keys, served by wish's own
// Bubble Tea middleware the way wish's examples do it.
type bare struct{ keys int }

func (m bare) Init() tea.Cmd { return nil }

func (m bare) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		m.keys++
	}
	return m, nil
}

func (m bare) View() string { return fmt.Sprintf("hello | keys=%d |", m.keys) }

func bareServer() (*ssh.Server, error) {
	_, key, err := ed25519.GenerateKey(crand.Reader)
	if err != nil {
		return nil, err
	}
	signer, err := gossh.NewSignerFromKey(key)
	if err != nil {
		return nil, err
	}
	return wish.NewServer(
		func(s *ssh.Server) error { s.AddHostKey(signer); return nil },
		wish.WithMiddleware(
			bubbletea.Middleware(func(ssh.Session) (tea.Model, []tea.ProgramOption) {
				return bare{}, []tea.ProgramOption{tea.WithAltScreen()}
			}),
			activeterm.Middleware(),
		),
	)
}

// loadClients is the client process of the load test: it opens the
// sessions and brings each to its first question (or the bare program's
// first frame), says "ready", and on "go" plays the quiz in every session
// at once, then prints the key-to-frame latencies in milliseconds as one
// JSON line.
func loadClients(spec string) error {
	var addr, kind string
	var n int
	if _, err := fmt.Sscan(spec, &addr, &n, &kind); err != nil {
		return fmt.Errorf("%s=%q: %w", loadClientEnv, spec, err)
	}
	base, flood := strings.CutSuffix(kind, "+flood")
	clients, err := loadDial(addr, n, base)
	if err != nil {
		return err
	}
	var flooder *loadClient
	if flood {
		c, err := dialLoad(addr, "flooder")
		if err != nil {
			return err
		}
		flooder = c
	}
	fmt.Println("ready")
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		return err
	}
	var flooded atomic.Int64
	if flooder != nil {
		go loadFlood(flooder, &flooded)
	}
	latencies, err := loadPlay(clients, base)
	if err != nil {
		return err
	}
	out, _ := json.Marshal(loadPlayed{slices.Concat(latencies...), flooded.Load()})
	fmt.Println(string(out))
	return nil
}

// loadDial opens n sessions and brings each to its first question (or
// the bare program's first frame).
func loadDial(addr string, n int, base string) ([]*loadClient, error) {
	ready := "keys=0"
	if base == "matchgame" {
		ready = "question 1 of"
	}
	clients := make([]*loadClient, n)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	// Not all handshakes at once, unless a burst is asked for: a class
	// arriving at the start of a lesson (issue 19, item 1).
	dialing := make(chan struct{}, 32)
	if os.Getenv(loadBurstEnv) != "" {
		dialing = make(chan struct{}, n)
	}
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dialing <- struct{}{}
			defer func() { <-dialing }()
			c, err := loadReady(addr, i, base, ready)
			clients[i] = c
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	var failed []error
	for err := range errs {
		failed = append(failed, err)
	}
	return clients, errors.Join(failed...)
}

// loadReady opens session i and brings it to ready.
func loadReady(addr string, i int, base, ready string) (*loadClient, error) {
	c, err := dialLoad(addr, fmt.Sprint("student", i))
	if err == nil && base == "matchgame" {
		// The menu opens on the game row: up to the mode, the quiz, start.
		err = c.waitFor("choose a game")
		for _, k := range []string{"\x1b[A", "\x1b[A", "\x1b[C", "\r"} {
			if err == nil {
				_, err = io.WriteString(c.stdin, k)
			}
		}
	}
	if err == nil {
		err = c.waitFor(ready)
	}
	return c, err
}

// loadFlood writes garbage keys to the flooder's session, as fast as it
// takes them, counting what it wrote.
func loadFlood(flooder *loadClient, flooded *atomic.Int64) {
	garbage := make([]byte, 32<<10)
	for {
		_, _ = crand.Read(garbage)
		for i, b := range garbage {
			if strings.IndexByte("qQ\x03\x04", b) >= 0 { // keys that end the session
				garbage[i] = 'x'
			}
		}
		n, err := flooder.stdin.Write(garbage)
		flooded.Add(int64(n))
		if err != nil {
			return
		}
	}
}

// loadPlay plays the quiz in every session at once: each session's
// latencies, in milliseconds.
func loadPlay(clients []*loadClient, base string) ([][]float64, error) {
	latencies := make([][]float64, len(clients))
	var mu sync.Mutex
	var played []error
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := loadStudent(c, base)
			latencies[i] = l
			if err != nil {
				mu.Lock()
				played = append(played, fmt.Errorf("student%d: %w", i, err))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return latencies, errors.Join(played...)
}

// loadStudent plays one session's quiz.
func loadStudent(c *loadClient, base string) ([]float64, error) {
	var latencies []float64
	// Players start at random moments, as in a room.
	time.Sleep(rand.N(loadEvery))
	next := time.Now()
	for range loadQuestions {
		for _, k := range quizKeys {
			took, err := c.press(k)
			if err != nil {
				return latencies, err
			}
			latencies = append(latencies, float64(took.Microseconds())/1000)
			// Not in step with the frame clock: 200 ms is 12 frames.
			next = next.Add(loadEvery/2 + rand.N(loadEvery))
			time.Sleep(time.Until(next))
		}
	}
	if base == "matchgame" {
		return latencies, c.waitFor("right") // the summary
	}
	return latencies, nil
}

// loadClient is one player of the load test.
type loadClient struct {
	stdin  io.Writer
	frames chan time.Time // when output arrived
	mu     sync.Mutex
	screen []byte        // everything shown so far, for waitFor
	more   chan struct{} // a signal after more output
}

func dialLoad(addr, user string) (*loadClient, error) {
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            user,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         30 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	sess, err := client.NewSession()
	if err != nil {
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		return nil, err
	}
	c := &loadClient{frames: make(chan time.Time, 64), more: make(chan struct{}, 1)}
	if c.stdin, err = sess.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		return nil, err
	}
	go c.read(stdout)
	return c, nil
}

// read follows the output, answering the terminal's queries as a
// terminal would, and notes when each piece arrived.
func (c *loadClient) read(stdout io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := stdout.Read(buf)
		if n > 0 {
			now := time.Now()
			data := buf[:n]
			if bytes.Contains(data, []byte("\x1b[c")) {
				io.WriteString(c.stdin, "\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c")
			}
			c.mu.Lock()
			c.screen = append(c.screen, data...)
			c.mu.Unlock()
			select {
			case c.frames <- now:
			default:
			}
			select {
			case c.more <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

// press sends a key and returns how long its frame took to start
// arriving. Output still arriving from the previous key is let pass first.
func (c *loadClient) press(key string) (time.Duration, error) {
	for quiet := false; !quiet; {
		select {
		case <-c.frames:
		case <-time.After(20 * time.Millisecond):
			quiet = true
		}
	}
	start := time.Now()
	if _, err := io.WriteString(c.stdin, key); err != nil {
		return 0, err
	}
	select {
	case at := <-c.frames:
		return at.Sub(start), nil
	case <-time.After(30 * time.Second):
		return 0, fmt.Errorf("key %q: no frame within 30 s", key)
	}
}

// waitFor waits until the output so far holds text, and forgets it.
func (c *loadClient) waitFor(text string) error {
	deadline := time.After(30 * time.Second)
	for {
		c.mu.Lock()
		i := bytes.Index(c.screen, []byte(text))
		if i >= 0 {
			c.screen = c.screen[i+len(text):]
		}
		c.mu.Unlock()
		if i >= 0 {
			return nil
		}
		select {
		case <-c.more:
		case <-deadline:
			return fmt.Errorf("no %q within 30 s", text)
		}
	}
}
