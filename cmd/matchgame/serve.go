package main

import (
	"cmp"
	"io"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/serve"
)

// runServe serves the game over SSH until SIGINT, SIGTERM, SIGHUP or
// SIGQUIT (then every session ends with a message and the command exits
// with 128 + the signal's number); with --class the
// teacher's dashboard runs on this terminal, and the class report is
// written when the class ends.
func runServe(args []string, stdout io.Writer) error {
	cmd, rest, err := parsePlain("serve", args)
	switch {
	case err != nil:
		return err
	case len(rest) > 0:
		return engine.Refuse("err.serve.extra", rest[0])
	}
	flags := cmd.flags
	opts, report, err := serveOptions(flags)
	if err != nil {
		return err
	}
	plan, err := lessonFlag(flags) // a bad plan is refused before the class opens
	if err != nil {
		return err
	}
	if list, ok := flags["web-origin"]; ok {
		if opts.WebOrigins, err = serve.ParseOrigins(list, opts.Web); err != nil {
			return err
		}
	}
	path, given := flags["store"]
	return tui.Serve(opts, tui.Serving{Lang: cmd.cat.Lang, Theme: flags["theme"], Pause: thinkingPause, Report: report,
		Force: flags["force"] == "true", Lesson: plan, Store: path, StoreGiven: given}, stdout)
}

// dashboardTerminal refuses a class with no terminal for its dashboard
// (the in-process tests stand one in).
var dashboardTerminal = tui.DashboardTerminal

// serveOptions are the server's options the flags give, and the class
// report's name, each checked before anything starts.
func serveOptions(flags map[string]string) (serve.Options, string, error) {
	opts := serve.Options{Listen: flags["listen"], HostKey: flags["host-key"], Class: flags["class"] == "true",
		Web: flags["web"], WebFiles: assets.Web(), TLSCert: flags["tls-cert"], TLSKey: flags["tls-key"],
		MaxSessions: int(number(flags, "max-sessions", 0)), RateBurst: int(number(flags, "per-address", 0))}
	opts.Idle, _ = time.ParseDuration(cmp.Or(flags["idle"], "0s"))
	if err := opts.Check(); err != nil {
		return opts, "", err
	}
	report := cmp.Or(flags["report"], "class-"+time.Now().Format("20060102-1504"))
	if opts.Class {
		if err := dashboardTerminal(); err != nil { // first: a class without one makes nothing
			return opts, "", err
		}
		if err := serve.CheckReport(report); err != nil {
			return opts, "", err
		}
	}
	return opts, report, nil
}
