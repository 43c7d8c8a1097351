package serve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"
)

// Options configure the server of `matchgame serve`. Zero fields take
// their defaults; the durations and limits may be as small as tests need.
type Options struct {
	Listen      string        // address to listen on; default 127.0.0.1:2222, this machine only
	HostKey     string        // host key file, made on first start; default DefaultHostKey()
	Class       bool          // the server runs a class (--class); every Session is told
	MaxSessions int           // games at once; default 100
	Idle        time.Duration // a session without a key for this long is closed; default 15m
	IdleWarning time.Duration // and warned this long before; default 1m, at most Idle/2
	RateBurst   int           // connections one address may open at once; default 400 (a lecture hall behind one NAT address)
	RateEvery   time.Duration // and then one more each RateEvery; default 1s
	Grace       time.Duration // an ending session's time to say goodbye before its connection is cut; default 2s
	Handshake   time.Duration // a connection must have opened its session within this; default 10s
	EscapeWait  time.Duration // how long the start of an escape sequence waits for its rest; default 40ms
	Log         *slog.Logger  // the server's own log, never a client's screen; default none
	// Web, when set, is the address of the page students open in a
	// browser (serve --web): the same sessions over WebSockets, under the
	// same limits. WebFiles is the page and its terminal (assets.Web()).
	Web      string
	WebFiles fs.FS
	// TLSCert and TLSKey serve the page over HTTPS; plain HTTP without.
	TLSCert, TLSKey string
	// Keys, set, knows a session by its key (serve --store): an SSH
	// client's public key (any key is taken, and its SHA256 fingerprint
	// told to the screens) or, in a browser, a token the server gives the
	// page to keep. A client without a key comes in by keyboard-interactive
	// or password (any), as a guest. Unset, every client comes in with no
	// authentication at all, as before.
	Keys bool
	// WebOrigins are the pages, besides those served from the addresses
	// the server listens on, that may open a session: "https://host" or
	// "host:port", for a name the page is reached by through a proxy.
	WebOrigins []string
}

// Defaults of Options.
const (
	DefaultListen      = "127.0.0.1:2222"
	DefaultMaxSessions = 100
	DefaultIdle        = 15 * time.Minute
	DefaultIdleWarning = time.Minute
	DefaultRateBurst   = 400
	DefaultRateEvery   = time.Second
	// A client that has stopped reading blocks every write to it, the
	// goodbye too: its connection is cut after the grace.
	DefaultGrace = 2 * time.Second
	// A TCP connection that never starts the SSH handshake would otherwise
	// hold a place for the idle limit (issue 19, item 9).
	DefaultHandshake = 10 * time.Second
)

func (o Options) withDefaults() (Options, error) {
	if o.MaxSessions < 0 || o.Idle < 0 || o.IdleWarning < 0 || o.RateBurst < 0 || o.RateEvery < 0 || o.Grace < 0 || o.Handshake < 0 || o.EscapeWait < 0 {
		return o, errors.New("session limits and durations cannot be negative")
	}
	if o.HostKey == "" {
		path, err := DefaultHostKey()
		if err != nil {
			return o, err
		}
		o.HostKey = path
	}
	o.Listen = cmp.Or(o.Listen, DefaultListen)
	o.MaxSessions = cmp.Or(o.MaxSessions, DefaultMaxSessions)
	o.Idle = cmp.Or(o.Idle, DefaultIdle)
	o.IdleWarning = min(cmp.Or(o.IdleWarning, DefaultIdleWarning), o.Idle/2)
	o.RateBurst = cmp.Or(o.RateBurst, DefaultRateBurst)
	o.RateEvery = cmp.Or(o.RateEvery, DefaultRateEvery)
	o.Grace = cmp.Or(o.Grace, DefaultGrace)
	o.Handshake = cmp.Or(o.Handshake, DefaultHandshake)
	o.EscapeWait = cmp.Or(o.EscapeWait, escapeWait)
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return o, nil
}

// Server is the SSH server of `matchgame serve`: New, Start, then Run
// until the caller's signal, or Shutdown.
type Server struct {
	opts   Options
	app    App
	ssh    *ssh.Server
	limit  *addrLimiter
	told   *addrLimiter // of the connections past limit, those let in to be told why
	hostID string       // the host key's fingerprint

	ln      net.Listener
	served  chan error // what Serve returned
	web     *http.Server
	webLn   net.Listener
	origins origins // the pages that may open a session

	mu       sync.Mutex
	clients  map[*client]struct{}
	lastID   uint64
	closing  bool
	sessions sync.WaitGroup // running session handlers
}

// New checks opts, loads or creates the host key and builds the server;
// Start starts it.
func New(opts Options, app App) (*Server, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	signer, err := loadHostKey(opts.HostKey)
	if err != nil {
		return nil, err
	}
	s := &Server{
		opts:    opts,
		app:     app,
		limit:   newAddrLimiter(opts.RateEvery, opts.RateBurst),
		told:    newAddrLimiter(time.Second, 5),
		hostID:  gossh.FingerprintSHA256(signer.PublicKey()),
		clients: map[*client]struct{}{},
	}
	s.ssh, err = wish.NewServer(
		// First, so that wish never makes a key of its own (in the
		// working directory).
		func(srv *ssh.Server) error { srv.AddHostKey(signer); return nil },
		// Middlewares run last to first: refuse commands, then sessions
		// without a terminal, then play.
		wish.WithMiddleware(s.play, requireTerminal, refuseCommands, s.refuseTooMany),
		// Only session channels: no direct-tcpip (local forwarding).
		func(srv *ssh.Server) error {
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": refuseForwarding}
			return nil
		},
		// No global requests: no tcpip-forward (remote forwarding).
		func(srv *ssh.Server) error { srv.RequestHandlers = map[string]ssh.RequestHandler{}; return nil },
		// No subsystems: no SFTP.
		func(srv *ssh.Server) error { srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{}; return nil },
		ssh.WrapConn(s.admitConn),
		s.authentication(),
		// A backstop for connections that never start a session or stall:
		// sessions themselves are closed sooner, by their idle watch.
		wish.WithIdleTimeout(opts.Idle+opts.IdleWarning),
	)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// authentication takes any key, to know the student by it, and lets a
// client without one in as a guest; without Options.Keys it asks nothing
// (the SSH library then lets every client in). "none" cannot let a guest
// in where keys are wanted: OpenSSH tries it first, and would never show
// its key.
func (s *Server) authentication() ssh.Option {
	if !s.opts.Keys {
		return func(*ssh.Server) error { return nil }
	}
	return func(srv *ssh.Server) error {
		srv.PublicKeyHandler = func(ssh.Context, ssh.PublicKey) bool { return true }
		srv.KeyboardInteractiveHandler = func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }
		srv.PasswordHandler = func(ssh.Context, string) bool { return true }
		return nil
	}
}

// Start listens on Options.Listen and serves in the background.
func (s *Server) Start() error {
	ln, err := net.Listen("tcp", s.opts.Listen)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", s.opts.Listen, err)
	}
	s.ln, s.served = ln, make(chan error, 2)
	s.opts.Log.Info("listening", "addr", ln.Addr().String(), "class", s.opts.Class)
	go func() { s.served <- s.ssh.Serve(ln) }()
	if s.opts.Web == "" {
		return nil
	}
	if s.webLn, err = net.Listen("tcp", s.opts.Web); err != nil {
		_ = s.ssh.Close()
		return fmt.Errorf("cannot listen on %s: %w", s.opts.Web, err)
	}
	s.origins = newOrigins(s.webLn.Addr(), s.opts.WebOrigins)
	s.web = &http.Server{Handler: s.webHandler(), ReadHeaderTimeout: s.opts.Handshake, ErrorLog: slog.NewLogLogger(s.opts.Log.Handler(), slog.LevelWarn)}
	s.opts.Log.Info("listening", "web", s.webLn.Addr().String(), "tls", s.opts.TLSCert != "")
	go func() {
		var err error
		if s.opts.TLSCert != "" {
			err = s.web.ServeTLS(s.webLn, s.opts.TLSCert, s.opts.TLSKey)
		} else {
			err = s.web.Serve(s.webLn)
		}
		if !errors.Is(err, http.ErrServerClosed) {
			s.served <- err
		}
	}()
	return nil
}

// WebAddr is the address of the page (after Start with Options.Web), nil
// without one.
func (s *Server) WebAddr() net.Addr {
	if s.webLn == nil {
		return nil
	}
	return s.webLn.Addr()
}

// Addr is the address the server listens on (after Start).
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Fingerprint is the host key's SHA256 fingerprint, as ssh shows it on a
// first connection: the teacher shows it so students can check it.
func (s *Server) Fingerprint() string { return s.hostID }

// Sessions is the number of games running.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.clients)
}

// Shutdown stops taking connections, ends every session with a message and
// waits for them to finish, or for ctx to end; then it gives the clients
// Options.Grace to hang up and closes every connection left.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	for c := range s.clients {
		c.cancel(errShutdown)
	}
	s.mu.Unlock()
	var err error
	if s.ln != nil {
		err = s.ln.Close()
	}
	if s.web != nil { // no new page or socket; the sessions end as SSH ones do
		_ = s.web.Close()
	}
	done := make(chan struct{})
	go func() { s.sessions.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
	}
	// A client closes its connection once its session has said goodbye;
	// closing it first makes ssh add "closed by remote host".
	closing, cancel := context.WithTimeout(ctx, s.opts.Grace)
	defer cancel()
	_ = s.ssh.Shutdown(closing)
	_ = s.ssh.Close()
	if errors.Is(err, net.ErrClosed) {
		err = nil
	}
	return err
}

// Run serves, after Start, until ctx ends (the caller's SIGINT or
// SIGTERM), then shuts down, giving the sessions twice Options.Grace to
// say goodbye.
func (s *Server) Run(ctx context.Context) error {
	select {
	case <-ctx.Done():
	case err := <-s.served:
		return fmt.Errorf("serving stopped: %w", err)
	}
	stop, cancel := context.WithTimeout(context.Background(), 2*s.opts.Grace)
	defer cancel()
	return s.Shutdown(stop)
}

// admitConn turns away, before the SSH handshake, an address that
// connects too often.
func (s *Server) admitConn(ctx ssh.Context, conn net.Conn) net.Conn {
	if !s.limit.allow(conn.RemoteAddr()) {
		s.opts.Log.Warn("refused: too many connections", "remote", conn.RemoteAddr().String())
		// A client closed before the handshake reads only "connection
		// closed": a few a second get the handshake, to be told why.
		if !s.told.allow(conn.RemoteAddr()) {
			return nil
		}
		ctx.SetValue(tooManyKey{}, true)
	}
	h := &handshakeConn{Conn: conn, by: time.Now().Add(s.opts.Handshake)}
	ctx.SetValue(handshakeKey{}, h)
	return h
}

// handshakeConn holds every deadline of a connection to its handshake's
// until its session opens: the SSH library sets the idle limit on each
// read, and a client that never sends a byte would keep its place that
// long.
type handshakeConn struct {
	net.Conn
	mu sync.Mutex
	by time.Time // zero once the session is open
}

type handshakeKey struct{}

// tooManyKey marks a connection past its address's limit, let in only to
// be told so.
type tooManyKey struct{}

// refuseTooMany ends a session let in past its address's limit with the
// reason, a line the client's terminal shows.
func (s *Server) refuseTooMany(next ssh.Handler) ssh.Handler {
	return func(ss ssh.Session) {
		if over, _ := ss.Context().Value(tooManyKey{}).(bool); over {
			wish.Fatalln(ss, say(langOf(ss.Environ()), "serve.toomany", s.opts.RateBurst))
			return
		}
		next(ss)
	}
}

func (h *handshakeConn) SetDeadline(t time.Time) error {
	h.mu.Lock()
	if !h.by.IsZero() && (t.IsZero() || t.After(h.by)) {
		t = h.by
	}
	h.mu.Unlock()
	return h.Conn.SetDeadline(t)
}

// opened lifts the handshake's deadline: the idle limit takes over.
func opened(ctx ssh.Context) {
	if h, ok := ctx.Value(handshakeKey{}).(*handshakeConn); ok {
		h.mu.Lock()
		h.by = time.Time{}
		h.mu.Unlock()
	}
}

// register counts a new session in, or says why not: errFull or
// errShutdown.
func (s *Server) register(c *client) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		return errShutdown
	case len(s.clients) >= s.opts.MaxSessions:
		return errFull
	}
	s.lastID++
	c.id = s.lastID
	s.clients[c] = struct{}{}
	s.sessions.Add(1)
	return nil
}

func (s *Server) unregister(c *client) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.clients, c)
	s.sessions.Done()
}

// play runs a game for a session that passed the checks.
func (s *Server) play(next ssh.Handler) ssh.Handler {
	return func(ss ssh.Session) {
		c := newSSHClient(ss, s.opts)
		if err := s.register(c); err != nil {
			s.opts.Log.Info("refused", "user", c.user, "remote", c.remote, "why", err)
			why := say(c.lang, "serve.closing")
			if errors.Is(err, errFull) {
				why = say(c.lang, "serve.full", s.opts.MaxSessions)
			}
			wish.Fatalln(ss, why)
			return
		}
		defer s.unregister(c)
		s.opts.Log.Info("session start", "id", c.id, "user", c.user, "remote", c.remote)
		c.run(s.app)
		next(ss)
	}
}

// refuseCommands answers `ssh host COMMAND` with one line: matchgame runs
// games, never commands.
func refuseCommands(next ssh.Handler) ssh.Handler {
	return func(ss ssh.Session) {
		if ss.RawCommand() != "" {
			wish.Fatalln(ss, say(langOf(ss.Environ()), "serve.command", sshHint(ss)))
			return
		}
		next(ss)
	}
}

// requireTerminal answers a session without a PTY with one line.
func requireTerminal(next ssh.Handler) ssh.Handler {
	return func(ss ssh.Session) {
		if _, _, ok := ss.Pty(); !ok {
			wish.Fatalln(ss, say(langOf(ss.Environ()), "serve.terminal", sshHint(ss)))
			return
		}
		next(ss)
	}
}

// sshHint is the command that connects to this server with a terminal.
func sshHint(ss ssh.Session) string {
	host, port, err := net.SplitHostPort(ss.LocalAddr().String())
	if err != nil {
		return "ssh -t HOST"
	}
	if p, _ := strconv.Atoi(port); p != 22 {
		return fmt.Sprintf("ssh -t -p %s %s@%s", port, cleanName(ss.User()), host)
	}
	return fmt.Sprintf("ssh -t %s@%s", cleanName(ss.User()), host)
}

// refuseForwarding opens a session channel as charmbracelet/ssh does, but
// refuses agent and X11 forwarding, which that package would accept.
func refuseForwarding(srv *ssh.Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx ssh.Context) {
	opened(ctx)
	ssh.DefaultSessionHandler(srv, conn, filteredChannel{newChan}, ctx)
}

type filteredChannel struct{ gossh.NewChannel }

func (f filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	passed := make(chan *gossh.Request)
	go func() {
		defer close(passed)
		for req := range reqs {
			switch req.Type {
			case "auth-agent-req@openssh.com", "x11-req":
				_ = req.Reply(false, nil)
			default:
				passed <- req
			}
		}
	}()
	return ch, passed, nil
}
