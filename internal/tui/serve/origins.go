package serve

import (
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
)

// origins are the pages allowed to open a session over a WebSocket: those
// served from an address this server listens on, and the teacher's own
// list (Options.WebOrigins, serve --web-origin, for a name the machine
// is reached by behind a proxy). Comparing the Origin with the request's
// own Host, as the WebSocket library does, lets a page of another name
// that resolves to this machine through (DNS rebinding) — issue 29.
type origins struct {
	port  string   // the page's port
	hosts []string // this machine's names and addresses where the page is served
	extra []string // Options.WebOrigins: "scheme://host[:port]" or "host[:port]"
}

// newOrigins are the origins of a page served at addr (the listener's
// address) with the teacher's extra ones.
func newOrigins(addr net.Addr, extra []string) origins {
	o := origins{}
	for _, e := range extra {
		o.extra = append(o.extra, strings.ToLower(strings.TrimSuffix(strings.TrimSpace(e), "/")))
	}
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return o
	}
	o.port = strconv.Itoa(tcp.Port)
	switch {
	case tcp.IP.IsUnspecified(): // every address of the machine, and its name
		o.hosts = append(o.hosts, "localhost")
		if name, err := os.Hostname(); err == nil {
			o.hosts = append(o.hosts, strings.ToLower(name))
		}
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok {
					o.hosts = append(o.hosts, n.IP.String())
				}
			}
		}
	case tcp.IP.IsLoopback():
		o.hosts = append(o.hosts, "localhost", tcp.IP.String())
	default:
		o.hosts = append(o.hosts, tcp.IP.String())
	}
	return o
}

// allow says whether a page of origin may open a session. A request with
// no Origin is not a browser's page: it is let in (a browser always
// sends one with a WebSocket).
func (o origins) allow(origin string) bool {
	if origin == "" {
		return true
	}
	u, err := url.Parse(strings.ToLower(origin))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	host, port := u.Hostname(), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	if slices.Contains(o.extra, u.Scheme+"://"+u.Host) || slices.Contains(o.extra, u.Host) {
		return true
	}
	if ip := net.ParseIP(host); ip != nil {
		host = ip.String() // [::1] and ::1 alike
	}
	return port == o.port && slices.Contains(o.hosts, host)
}
