package main

import (
	"cmp"
	"io"
	"os"
	"path/filepath"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
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
	flags, lang := cmd.flags, cmd.cat.Lang
	opts, report, err := serveOptions(flags)
	if err != nil {
		return err
	}
	theme := flags["theme"]
	plan, err := lessonFlag(flags) // a bad plan is refused before the class opens
	if err != nil {
		return err
	}
	network := &tui.Network{Rooms: serve.NewRooms(), Lang: lang}
	if opts.Class {
		network.Class = serve.NewClass()
	}
	if network.Memory, err = remembering(flags, &opts); err != nil {
		return err
	}
	defer network.Memory.Close()
	base := tui.Options{Lang: lang, Theme: theme, First: "me", Pause: thinkingPause}
	info := tui.ClassInfo{Report: report, Force: flags["force"] == "true", Rooms: network.Rooms, Memory: network.Memory, Lesson: plan,
		Options: tui.Options{Lang: lang, Theme: theme, Explain: "teach", Pause: thinkingPause}}
	return tui.Serve(opts, network, base, info, stdout)
}

// serveOptions are the server's options the flags give, and the class
// report's name, each checked before anything starts.
func serveOptions(flags map[string]string) (serve.Options, string, error) {
	opts := serve.Options{Listen: flags["listen"], HostKey: flags["host-key"], Class: flags["class"] == "true",
		Web: flags["web"], WebFiles: assets.Web(), TLSCert: flags["tls-cert"], TLSKey: flags["tls-key"],
		MaxSessions: int(number(flags, "max-sessions", 0)), RateBurst: int(number(flags, "per-address", 0))}
	opts.Idle, _ = time.ParseDuration(cmp.Or(flags["idle"], "0s"))
	if err := opts.CheckTLS(); err != nil {
		return opts, "", err
	}
	if k, ok := flags["host-key"]; ok { // its directory is the user's to make
		if st, err := os.Stat(filepath.Dir(k)); err != nil || !st.IsDir() {
			return opts, "", engine.Refuse("err.serve.hostkey", k)
		}
	}
	report := cmp.Or(flags["report"], "class-"+time.Now().Format("20060102-1504"))
	if opts.Class {
		if err := serve.CheckReport(report); err != nil {
			return opts, "", engine.Refuse("err.serve.report", report, err.Error())
		}
	}
	return opts, report, nil
}

// defaultStore is where the term is kept without --store, for the help.
func defaultStore() string {
	path, err := store.DefaultPath()
	if err != nil {
		return err.Error()
	}
	return path
}

// remembering reads the flags of a class that remembers (--store,
// --web-origin) into opts, and opens the term's store.
func remembering(flags map[string]string, opts *serve.Options) (*tui.Memory, error) {
	if list, ok := flags["web-origin"]; ok {
		var err error
		if opts.WebOrigins, err = serve.ParseOrigins(list, opts.Web); err != nil {
			return nil, err
		}
	}
	path, given := flags["store"]
	m, err := tui.OpenMemory(path, given, opts.Class)
	opts.Keys = m != nil // the term's students are known by their keys
	return m, err
}
