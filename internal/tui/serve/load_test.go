package serve

import (
	"bufio"
	"bytes"
	"context"
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
)

// The load test runs only when asked:
//
//	MATCHGAME_LOAD=100,300 go test -run TestLoad -v ./internal/tui/serve/
//
// For each number of sessions it serves the placeholder game (echoApp),
// then a bare wish + Bubble Tea program (bare) the same way, and reports
// the server's memory per session, the time from sending a key to seeing
// its frame, and the server's CPU. The "+flood" runs add one client that
// sends random bytes as fast as it can while the others play. Each server runs in a process of its
// own and its clients in another (this test binary again, see TestMain),
// so the figures are the server's alone.
const (
	loadEnv       = "MATCHGAME_LOAD"
	loadServerEnv = "MATCHGAME_LOAD_SERVER" // set in a server process: "kind sessions"
	loadClientEnv = "MATCHGAME_LOAD_CLIENT" // set in a client process: "addr sessions keys every flood"
	loadKeys      = 40                      // keys per session
	loadEvery     = 200 * time.Millisecond  // a fast player's pace, on average
)

func TestMain(m *testing.M) {
	if spec := os.Getenv(loadServerEnv); spec != "" {
		exitWith(serveLoad(spec))
	}
	if spec := os.Getenv(loadClientEnv); spec != "" {
		exitWith(loadClients(spec))
	}
	os.Exit(m.Run())
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
				"CPU %3.0f%% of a core, %3.0f µs a key; flood %.1f MB",
				kind, n, r.Median, r.P99, r.Max, r.RSSMB, r.RSSKiB, r.HeapKiB, r.Goroutines, r.CPUPercent, r.CPUPerKey, r.FloodMB)
		}
	}
}

// child is this test binary run again with key=value in its environment
// and no other of the load test's variables: a client must not serve.
func child(key, value string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "MATCHGAME_LOAD") {
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
	signer, err := loadHostKey(filepath.Join(dir, "host_key"))
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	base, flood := strings.CutSuffix(kind, "+flood")
	switch base {
	case "matchgame":
		ln.Close()
		opts := Options{Listen: ln.Addr().String(), HostKey: filepath.Join(dir, "host_key"), MaxSessions: n + 10, RateBurst: n + 10}
		s, err := New(opts, echoApp)
		if err != nil {
			return err
		}
		if err := s.Start(); err != nil {
			return err
		}
		defer s.Shutdown(context.Background())
	case "bare":
		srv, err := bareServer(signer)
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
	clients := child(loadClientEnv, fmt.Sprintf("%s %d %d %s %t", ln.Addr(), n, loadKeys, loadEvery, flood))
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

// bare is the reference: a trivial model served by wish's own Bubble Tea
// middleware, the way wish's examples do it.
type bare struct{ keys int }

func (m bare) Init() tea.Cmd { return nil }

func (m bare) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		m.keys++
		if k.String() == "q" {
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m bare) View() string { return fmt.Sprintf("hello | keys=%d |", m.keys) }

func bareServer(signer gossh.Signer) (*ssh.Server, error) {
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

// loadClients is the client process of the load test: it opens the sessions, says "ready",
// and on "go" plays the keys in every session at once, then prints the
// key-to-frame latencies in milliseconds as one JSON line.
func loadClients(spec string) error {
	var addr, pace string
	var n, keys int
	var flood bool
	if _, err := fmt.Sscan(spec, &addr, &n, &keys, &pace, &flood); err != nil {
		return fmt.Errorf("%s=%q: %w", loadClientEnv, spec, err)
	}
	every, err := time.ParseDuration(pace)
	if err != nil {
		return fmt.Errorf("%s=%q: %w", loadClientEnv, spec, err)
	}
	clients := make([]*loadClient, n)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	dialing := make(chan struct{}, 32) // not all handshakes at once
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dialing <- struct{}{}
			defer func() { <-dialing }()
			c, err := dialLoad(addr, fmt.Sprint("player", i))
			if err == nil {
				err = c.waitKeys(0)
			}
			clients[i] = c
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	if err := errors.Join(slices.Collect(func(yield func(error) bool) {
		for err := range errs {
			if err != nil && !yield(err) {
				return
			}
		}
	})...); err != nil {
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
		go func() {
			garbage := make([]byte, 32<<10)
			for {
				_, _ = crand.Read(garbage)
				for i, b := range garbage {
					if strings.IndexByte("qUVCB", b) >= 0 { // keys that end the session
						garbage[i] = 'x'
					}
				}
				n, err := flooder.stdin.Write(garbage)
				flooded.Add(int64(n))
				if err != nil {
					return
				}
			}
		}()
	}
	latencies := make([][]float64, n)
	var failed error
	var mu sync.Mutex
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Players start at random moments, as in a room.
			time.Sleep(rand.N(every))
			next := time.Now()
			for k := 1; k <= keys; k++ {
				start := time.Now()
				if _, err := io.WriteString(c.stdin, "a"); err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					return
				}
				if err := c.waitKeys(k); err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					return
				}
				latencies[i] = append(latencies[i], float64(time.Since(start).Microseconds())/1000)
				// Not in step with the frame clock: 200 ms is 12 frames.
				next = next.Add(every/2 + rand.N(every))
				time.Sleep(time.Until(next))
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return failed
	}
	out, _ := json.Marshal(loadPlayed{slices.Concat(latencies...), flooded.Load()})
	fmt.Println(string(out))
	return nil
}

// loadClient is one player of the load test.
type loadClient struct {
	stdin io.Writer
	mu    sync.Mutex
	keys  int           // the key count of the latest frame
	seen  chan struct{} // a signal after each new count
}

func dialLoad(addr, user string) (*loadClient, error) {
	client, err := gossh.Dial("tcp", addr, clientConfig(user))
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
	c := &loadClient{seen: make(chan struct{}, 1), keys: -1}
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

// read follows the frames, answering the terminal query as a terminal
// would, and notes the latest key count shown.
func (c *loadClient) read(stdout io.Reader) {
	buf := make([]byte, 32<<10)
	var carry []byte
	for {
		n, err := stdout.Read(buf)
		data := append(carry, buf[:n]...)
		if bytes.Contains(data, []byte("\x1b[c")) {
			io.WriteString(c.stdin, "\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c")
		}
		if i := bytes.LastIndex(data, []byte("keys=")); i >= 0 {
			if end := bytes.IndexByte(data[i:], ' '); end > 0 {
				if k, convErr := strconv.Atoi(string(data[i+5 : i+end])); convErr == nil {
					c.mu.Lock()
					c.keys = max(c.keys, k)
					c.mu.Unlock()
					select {
					case c.seen <- struct{}{}:
					default:
					}
				}
			}
		}
		carry = append(carry[:0], data[max(0, len(data)-16):]...)
		if err != nil {
			return
		}
	}
}

func (c *loadClient) waitKeys(k int) error {
	deadline := time.After(30 * time.Second)
	for {
		c.mu.Lock()
		shown := c.keys
		c.mu.Unlock()
		if shown >= k {
			return nil
		}
		select {
		case <-c.seen:
		case <-deadline:
			return fmt.Errorf("key %d: no frame within 30 s (last count %d)", k, shown)
		}
	}
}
