package serve

import (
	"crypto/tls"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// ParseOrigins are the pages besides the server's own that may open a
// session (--web-origin, comma-separated): "https://host[:port]" or
// "host[:port]".
func ParseOrigins(list, web string) ([]string, error) {
	if web == "" {
		return nil, engine.Refuse("err.serve.origin.web")
	}
	var origins []string
	for _, o := range strings.Split(list, ",") {
		o = strings.TrimSpace(o)
		host := o
		if scheme, rest, ok := strings.Cut(o, "://"); ok {
			host = rest
			if scheme != "http" && scheme != "https" {
				host = ""
			}
		}
		if host == "" || strings.ContainsAny(host, "/ ?#@") {
			return nil, engine.Refuse("err.serve.origin", o)
		}
		origins = append(origins, o)
	}
	return origins, nil
}

// Connect is what students type to connect to addr.
func Connect(addr net.Addr) string {
	host, port := reachable(addr, "2222")
	return "ssh -p " + port + " student@" + host
}

// reachable is the host and port students reach addr by: its address,
// or this machine's name where it listens on every address, localhost
// where only here.
func reachable(addr net.Addr, port string) (string, string) {
	host := "localhost"
	if a, ok := addr.(*net.TCPAddr); ok {
		port = strconv.Itoa(a.Port)
		if !a.IP.IsUnspecified() && !a.IP.IsLoopback() {
			host = a.IP.String()
		} else if name, err := os.Hostname(); err == nil && a.IP.IsUnspecified() {
			host = name
		}
	}
	return host, port
}

// Check refuses, before anything starts, what the server could not use:
// a TLS setting CheckTLS refuses, a host key whose directory does not
// exist (it is the user's to make).
func (o Options) Check() error {
	if err := o.CheckTLS(); err != nil {
		return err
	}
	if o.HostKey == "" {
		return nil
	}
	if st, err := os.Stat(filepath.Dir(o.HostKey)); err != nil || !st.IsDir() {
		return engine.Refuse("err.serve.hostkey", o.HostKey)
	}
	return nil
}

// CheckTLS refuses half a TLS setting, a file that cannot be read, and
// TLS without a web address.
func (o Options) CheckTLS() error {
	switch {
	case o.TLSCert == "" && o.TLSKey == "":
		return nil
	case o.TLSCert == "" || o.TLSKey == "":
		return engine.Refuse("err.serve.tls.pair")
	case o.Web == "":
		return engine.Refuse("err.serve.tls.web")
	}
	if _, err := tls.LoadX509KeyPair(o.TLSCert, o.TLSKey); err != nil {
		return engine.Refuse("err.serve.tls", o.TLSCert, o.TLSKey, err.Error())
	}
	return nil
}

// WebURL is the address students open in a browser.
func WebURL(addr net.Addr, secure bool) string {
	host, port := reachable(addr, "8080")
	scheme := "http"
	if secure {
		scheme = "https"
	}
	return scheme + "://" + net.JoinHostPort(host, port) + "/"
}
