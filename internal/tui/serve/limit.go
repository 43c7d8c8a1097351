package serve

import (
	"net"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// addrLimiter gives each remote address a burst of connections and then one
// more every interval: a classroom behind one NAT address gets in at once,
// a script hammering the port does not. It is checked before the SSH
// handshake, the costly part of a connection.
type addrLimiter struct {
	every time.Duration
	burst int

	mu     sync.Mutex
	byHost map[string]*rate.Limiter
	swept  time.Time
}

func newAddrLimiter(every time.Duration, burst int) *addrLimiter {
	return &addrLimiter{every: every, burst: burst, byHost: map[string]*rate.Limiter{}, swept: time.Now()}
}

// allow reports whether addr may open a connection now.
func (l *addrLimiter) allow(addr net.Addr) bool {
	host := addr.String()
	if tcp, ok := addr.(*net.TCPAddr); ok {
		host = tcp.IP.String()
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	// A full bucket is the same as a new one: forget it, so the map holds
	// only the addresses seen lately.
	if now.Sub(l.swept) > l.every*time.Duration(l.burst) {
		for h, lim := range l.byHost {
			if lim.TokensAt(now) >= float64(l.burst) {
				delete(l.byHost, h)
			}
		}
		l.swept = now
	}
	lim := l.byHost[host]
	if lim == nil {
		lim = rate.NewLimiter(rate.Every(l.every), l.burst)
		l.byHost[host] = lim
	}
	return lim.AllowN(now, 1)
}
