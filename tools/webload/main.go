// webload: N browser sessions of `matchgame serve --web` at once, each a
// WebSocket as the page opens one, timing key → frame as sshload2 does
// for SSH, so that the two paths can be measured side by side.
//
//	go run ./webload -addr 127.0.0.1:8080 -n 300 -src 50 -hold -pid PID
//
// -src spreads the clients over loopback source addresses 127.0.0.2 … (a
// class on a LAN, not one address); -hold keeps every session open until
// all are in, and samples the server's RSS then; -pid names the server
// for its RSS and CPU. Only loopback addresses are ever targets.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "the page's address (loopback only)")
	n := flag.Int("n", 100, "concurrent clients")
	keys := flag.Int("keys", 20, "keys per client")
	src := flag.Int("src", 0, "spread clients over this many source addresses 127.0.0.2 …; 0: one")
	pid := flag.Int("pid", 0, "server pid, for its RSS and CPU")
	hold := flag.Bool("hold", false, "keep every session open until all are done; sample RSS then")
	flag.Parse()
	if host, _, err := net.SplitHostPort(*addr); err != nil || !net.ParseIP(host).IsLoopback() {
		fmt.Fprintln(os.Stderr, "webload: -addr must be a loopback address")
		os.Exit(2)
	}
	var mu sync.Mutex
	var lat, conn []time.Duration
	var fails []string
	var wg, done sync.WaitGroup
	done.Add(*n)
	release := make(chan struct{})
	cpu0 := cpuOf(*pid)
	start := time.Now()
	for i := range *n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, ct, err := client(*addr, i, *src, *keys, func() {
				done.Done()
				if *hold {
					<-release
				}
			})
			mu.Lock()
			defer mu.Unlock()
			if ct > 0 {
				conn = append(conn, ct)
			}
			if err != nil {
				fails = append(fails, err.Error())
				return
			}
			lat = append(lat, d...)
		}()
	}
	done.Wait()
	held := ""
	if *hold {
		time.Sleep(200 * time.Millisecond)
		held = "while held: " + rssOf(*pid)
		close(release)
	}
	wg.Wait()
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	sort.Slice(conn, func(a, b int) bool { return conn[a] < conn[b] })
	q := func(l []time.Duration, f float64) time.Duration {
		if len(l) == 0 {
			return 0
		}
		return l[int(f*float64(len(l)-1))].Round(time.Millisecond)
	}
	if len(fails) > 0 {
		kinds := map[string]int{}
		for _, f := range fails {
			if i := strings.Index(f, ": "); i >= 0 {
				f = f[i+2:]
			}
			kinds[f]++
		}
		fmt.Printf("failures: %d %v\n", len(fails), kinds)
	}
	fmt.Printf("webload: %d clients, %d ok, %d keys measured in %.1fs: median %v p99 %v max %v; connect+first frame median %v p99 %v max %v; server cpu %.2fs; %s; after close: %s\n",
		*n, *n-len(fails), len(lat), time.Since(start).Seconds(), q(lat, 0.5), q(lat, 0.99), q(lat, 1), q(conn, 0.5), q(conn, 0.99), q(conn, 1), cpuOf(*pid)-cpu0, held, rssOf(*pid))
}

// client opens a session as the page does, waits for its first frame,
// then sends keys one at a time, each timed until the next frame.
func client(addr string, i, src, keys int, finished func()) (d []time.Duration, ct time.Duration, err error) {
	fin := false
	defer func() {
		if !fin {
			finished()
		}
	}()
	name := "w" + strconv.Itoa(i)
	dialer := &net.Dialer{Timeout: 20 * time.Second}
	if src > 0 {
		dialer.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, byte(i%src/250), byte(2+i%src%250))}
	}
	hc := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	t0 := time.Now()
	c, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws?name="+name+"&cols=100&rows=30", &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		return nil, 0, fmt.Errorf("%s: dial: %v", name, err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	got := make(chan struct{}, 1024)
	go func() {
		defer close(got)
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
			got <- struct{}{}
		}
	}()
	select {
	case _, ok := <-got:
		if !ok {
			return nil, 0, fmt.Errorf("%s: closed before a frame", name)
		}
	case <-time.After(20 * time.Second):
		return nil, 0, fmt.Errorf("%s: no first frame in 20 s", name)
	}
	ct = time.Since(t0)
	time.Sleep(300 * time.Millisecond)
	seq := []string{"\x1b[B", "\x1b[A"}
	for k := range keys {
	drain:
		for {
			select {
			case <-got:
			default:
				break drain
			}
		}
		t := time.Now()
		if err := c.Write(ctx, websocket.MessageBinary, []byte(seq[k%2])); err != nil {
			return d, ct, fmt.Errorf("%s: write: %v", name, err)
		}
		select {
		case _, ok := <-got:
			if !ok {
				return d, ct, fmt.Errorf("%s: closed", name)
			}
			d = append(d, time.Since(t))
		case <-time.After(10 * time.Second):
			return d, ct, fmt.Errorf("%s: no frame 10 s after a key", name)
		}
		time.Sleep(50 * time.Millisecond)
	}
	fin = true
	finished()
	return d, ct, nil
}

func rssOf(pid int) string {
	if pid <= 0 {
		return ""
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "(gone)"
	}
	s := ""
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS") || strings.HasPrefix(l, "VmHWM") || strings.HasPrefix(l, "Threads") {
			s += strings.Join(strings.Fields(l), " ") + " "
		}
	}
	return strings.TrimSpace(s)
}

func cpuOf(pid int) float64 {
	if pid <= 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b)[strings.LastIndex(string(b), ")")+2:])
	u, _ := strconv.ParseFloat(f[11], 64)
	s, _ := strconv.ParseFloat(f[12], 64)
	return (u + s) / 100
}
