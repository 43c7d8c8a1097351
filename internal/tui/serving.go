package tui

import (
	"context"
	"fmt"
	"io"
	"time"

	"matchgame/assets"
	"matchgame/internal/tui/serve"
)

// Serve serves the game over SSH (and the web) as opts say, each session
// started with base, until SIGINT, SIGTERM, SIGHUP or SIGQUIT, or with a
// class (n.Class) until the teacher ends it on the dashboard, which info
// describes; it says how it ended in one line on stdout (issue 19, item
// 4): a signal, the class's reports written, or the class ended. After a
// signal every session has ended with a message, and the error is a
// SignalError.
func Serve(opts serve.Options, n *Network, base Options, info ClassInfo, stdout io.Writer) error {
	srv, err := serve.New(opts, SessionApp(n, base))
	if err != nil {
		return err
	}
	if err := srv.Start(); err != nil {
		return err
	}
	cat := assets.Messages(n.Lang)
	// A signal ends every session with a message, then the command with
	// 128 + its number; a second one ends it at once.
	sigs := CatchSignals(true)
	defer sigs.Stop()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() {
		select {
		case <-sigs.Came():
			sigs.Signal() // noticed: the server is closing
			stop()
		case <-ctx.Done():
		}
	}()
	stopped := func(err error) error {
		if sig := sigs.Signal(); sig != 0 {
			fmt.Fprintln(stdout, cat.T("cli.serve.stopped", SignalName(sig)))
			return SignalError{Signal: sig}
		}
		return err
	}
	info.Connect, info.Fingerprint = serve.Connect(srv.Addr()), srv.Fingerprint()
	if a := srv.WebAddr(); a != nil {
		info.Connect = cat.T("cli.serve.or.web", info.Connect, serve.WebURL(a, opts.TLSCert != ""))
	}
	if n.Class == nil {
		fmt.Fprintln(stdout, cat.T("cli.serve.listening", srv.Addr().String(), info.Connect, srv.Fingerprint()))
		return stopped(srv.Run(ctx))
	}
	paths, err := RunDashboard(ctx, n.Class, info)
	closing, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if serr := srv.Shutdown(closing); err == nil {
		err = serr
	}
	for _, p := range paths {
		fmt.Fprintln(stdout, cat.T("cli.serve.report", p))
	}
	if len(paths) == 0 && err == nil && sigs.Signal() == 0 {
		fmt.Fprintln(stdout, cat.T("cli.serve.ended"))
	}
	return stopped(err)
}
