package tui

import (
	"context"
	"fmt"
	"io"
	"time"

	"matchgame/assets"
	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve"
)

// Serving is what `matchgame serve` asks of the game it serves beyond the
// server's options.
type Serving struct {
	Lang, Theme string
	Pause       time.Duration // the computer's, in every session
	Report      string        // the class report's base path
	Force       bool          // the report may replace existing files
	Lesson      *learn.Plan   // the plan the teacher steps the class through; nil: none
	Store       string        // the term's file (--store), when StoreGiven
	StoreGiven  bool
}

// Serve serves the game over SSH (and the web) as opts say until SIGINT,
// SIGTERM, SIGHUP or SIGQUIT, or with a class (opts.Class) until the
// teacher ends it on the dashboard; a class remembers its term in the
// store s names. It says how it ended in one line on stdout (issue 19,
// item 4): a signal, the class's reports written, or the class ended.
// After a signal every session has ended with a message, and the error
// is a SignalError.
func Serve(opts serve.Options, s Serving, stdout io.Writer) error {
	n := &Network{Rooms: serve.NewRooms(), Lang: s.Lang}
	if opts.Class {
		n.Class = serve.NewClass()
	}
	var err error
	n.Memory, err = OpenMemory(s.Store, s.StoreGiven, opts.Class)
	if err != nil {
		return err
	}
	defer n.Memory.Close()
	opts.Keys = n.Memory != nil // the term's students are known by their keys
	base := Options{Lang: s.Lang, Theme: s.Theme, First: "me", Pause: s.Pause}
	srv, err := serve.New(opts, SessionApp(n, base))
	if err != nil {
		return err
	}
	if err := srv.Start(); err != nil {
		return err
	}
	info := ClassInfo{Report: s.Report, Force: s.Force, Rooms: n.Rooms, Memory: n.Memory, Lesson: s.Lesson,
		Options: Options{Lang: s.Lang, Theme: s.Theme, Explain: "teach", Pause: s.Pause}}
	return serveUntilEnd(srv, n, info, opts.TLSCert != "", stdout)
}

// serveUntilEnd serves until a signal, or with a class until the teacher
// ends it, and says how it ended.
func serveUntilEnd(srv *serve.Server, n *Network, info ClassInfo, secure bool, stdout io.Writer) error {
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
		info.Connect = cat.T("cli.serve.or.web", info.Connect, serve.WebURL(a, secure))
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
