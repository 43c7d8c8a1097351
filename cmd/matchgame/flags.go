package main

import (
	"math"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/variants"
)

// flagSpec is one flag of the command line: boolean or taking a value,
// the commands that take it, and the check of its value, made as it is
// read so that every command gets its flags checked. Every command's
// flags come from flagTable; the commands that name a game (gameCommands)
// take the games' own parameters too, from the registry.
type flagSpec struct {
	name     string
	boolean  bool
	commands []string           // nil: every command
	check    func(string) error // nil: any value
}

// gameCommands are the commands that name a game.
var gameCommands = []string{"analyze", "demo", "play", "table", "tree", "worksheet", "picture"}

// Who takes what.
var (
	play    = []string{"play"}
	serving = []string{"serve"}
)

// flagTable is every flag, each command's in turn. A name may stand twice
// for commands that take it differently (play's --explain names a mode,
// picture's is a switch).
var flagTable = []flagSpec{
	{"help", true, nil, nil},
	{"lang", false, nil, func(s string) error { _, err := langFlag(map[string]string{"lang": s}); return err }},
	{"misere", true, gameCommands, nil},
	{"preset", false, gameCommands, nil},
	{"json", true, []string{"analyze", "demo", "table", "games", "term", "learn"}, nil},
	{"every", true, []string{"analyze", "demo"}, nil},
	{"max-input", false, []string{"analyze"}, func(s string) error { _, err := variants.ParseSize(s); return err }},
	{"limit", false, []string{"demo"}, whole("what.limit")},
	{"transcript", false, []string{"demo", "play"}, nil},
	{"force", true, []string{"demo", "play", "worksheet", "picture", "serve", "learn", "table", "tree", "term"}, nil},
	{"first", false, play, oneOf("err.first", "me", "computer")},
	{"level", false, play, func(s string) error { _, err := engine.ParseLevel(s); return err }},
	{"players", false, play, oneOf("err.players", "1", "2")},
	{"resume", false, play, nil},
	{"seed", false, play, func(s string) error { // the game takes 0 for "no seed: use the clock"
		if n, err := variants.ParseNumber(s, "what.seed"); err != nil || n != 0 {
			return err
		}
		return engine.Refuse("err.seed.zero")
	}},
	{"seed", false, []string{"worksheet"}, between("what.seed", "err.seed.zero", 0, 1<<63-1)},
	{"explain", false, play, oneOf("err.explain", "off", "why", "teach")},
	{"quiz", true, play, nil},
	{"questions", false, play, between("what.questions", "err.questions", 1, 1000)},
	{"questions", false, []string{"worksheet"}, func(s string) error { // said with the bound
		n, err := variants.ParseNumber(s, "what.questions")
		if err == nil && (n < 1 || n > desk.MaxQuestions) {
			err = engine.Refuse("err.worksheet.questions", n, desk.MaxQuestions)
		}
		return err
	}},
	{"theme", false, []string{"play", "serve", "learn", "lesson"}, valid("err.theme", func(s string) bool { _, ok := tui.ThemeNamed(s); return ok })},
	{"background", false, play, oneOf("err.background", "dark", "light")},
	{"pause", false, play, valid("err.pause", func(s string) bool { _, ok := tui.ParsePause(s); return ok })},
	{"to", false, []string{"table"}, whole("what.to")},
	{"html", true, []string{"table", "term", "learn"}, nil},
	{"svg", true, []string{"table", "tree", "picture"}, nil},
	{"dot", true, []string{"tree"}, nil},
	{"answers", true, []string{"worksheet"}, nil},
	{"paper", false, []string{"worksheet"}, oneOf("err.worksheet.paper", "a4", "letter")},
	{"output", false, []string{"worksheet", "picture", "learn", "table", "tree", "term"}, nil},
	{"move", false, []string{"picture"}, valid("err.picture.move.empty", func(s string) bool { return strings.TrimSpace(s) != "" })},
	{"winning", true, []string{"picture"}, nil},
	{"explain", true, []string{"picture"}, nil},
	{"png", true, []string{"picture"}, nil},
	{"listen", false, serving, address("listen")},
	{"host-key", false, serving, nil},
	{"class", true, serving, nil},
	{"max-sessions", false, serving, between("what.sessions", "err.serve.sessions", 1, 10_000)},
	{"per-address", false, serving, between("what.peraddress", "err.serve.peraddress", 1, 100_000)},
	{"idle", false, serving, valid("err.serve.idle", func(s string) bool {
		d, err := time.ParseDuration(s)
		return err == nil && d >= time.Minute && d <= 24*time.Hour
	})},
	{"report", false, serving, nil},
	{"web", false, serving, address("web")},
	{"tls-cert", false, serving, nil},
	{"tls-key", false, serving, nil},
	{"web-origin", false, serving, nil},
	{"store", false, []string{"serve", "term"}, valid("err.store.name", func(s string) bool { return s != "" })},
	{"csv", true, []string{"term"}, nil},
	{"markdown", true, []string{"term", "learn"}, nil},
	{"lesson", false, serving, nil},
	{"check", true, []string{"lesson"}, nil},
}

// valid checks a value with ok, refusing one it does not take with key.
func valid(key string, ok func(string) bool) func(string) error {
	return func(s string) error {
		if !ok(s) {
			return engine.Refuse(key, s)
		}
		return nil
	}
}

// oneOf checks that a value is one of choices, else refuses it with key.
func oneOf(key string, choices ...string) func(string) error {
	return valid(key, func(s string) bool { return slices.Contains(choices, s) })
}

// whole checks a whole number, 0 or more.
func whole(what string) func(string) error { return between(what, "", 0, math.MaxInt64) }

// between checks a whole number from lo to hi, refusing one outside with
// key.
func between(what, key string, lo, hi int64) func(string) error {
	return func(s string) error {
		n, err := variants.ParseNumber(s, what)
		if err == nil && (n < lo || n > hi) {
			err = engine.Refuse(key, n)
		}
		return err
	}
}

// address checks a host:port to listen on (a usage error, said before
// anything starts).
func address(name string) func(string) error {
	return func(s string) error {
		host, port, err := net.SplitHostPort(s)
		if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 || strings.ContainsAny(host, " /") {
			return engine.Refuse("err.serve.listen", s, name)
		}
		return nil
	}
}

// number is a flag's value read as a whole number: checked when it was
// read, or def when it was not given.
func number(flags map[string]string, name string, def int64) int64 {
	s, ok := flags[name]
	if !ok {
		return def
	}
	n, _ := variants.ParseNumber(s, name)
	return n
}

// flagsOf are command's flags by name.
func flagsOf(command string) map[string]flagSpec {
	flags := map[string]flagSpec{}
	for _, f := range flagTable {
		if f.commands == nil || slices.Contains(f.commands, command) {
			flags[f.name] = f
		}
	}
	if slices.Contains(gameCommands, command) {
		for _, name := range variants.ParamNames() {
			if _, own := flags[name]; !own { // demo's --limit is demo's
				flags[name] = flagSpec{name: name}
			}
		}
	}
	return flags
}

// commandTakes reports whether command has flag name of its own, beside
// the games' parameters.
func commandTakes(command, name string) bool {
	return slices.ContainsFunc(flagTable, func(f flagSpec) bool { return f.name == name && slices.Contains(f.commands, command) })
}

// commandOf is the first command that takes the flag name, "" for none:
// a flag given before the command is refused with a pointer to it.
func commandOf(name string) string {
	for _, f := range flagTable {
		if f.name == name && f.commands != nil {
			return f.commands[0]
		}
	}
	if slices.Contains(variants.ParamNames(), name) {
		return gameCommands[0]
	}
	return ""
}

// parseFlags splits args into flags and positional arguments. Flags may
// stand before or after the position, as in pflag: --name value,
// --name=value, or a bare boolean flag; "--" ends the flags. A token like
// "-3" is a (negative) number for the position, not a flag, so that it is
// refused with a message about the number. command's flags are known
// (flagsOf), each value checked as it is read.
func parseFlags(args []string, command string) (map[string]string, []string, error) {
	known := flagsOf(command)
	flags := map[string]string{}
	var rest []string
	for i := 0; i < len(args); i++ {
		a, err := spelled(args[i])
		switch {
		case err != nil:
			return nil, nil, err
		case a == "--":
			return flags, append(rest, args[i+1:]...), nil
		case !strings.HasPrefix(a, "--"):
			rest = append(rest, a)
			continue
		}
		name, value, hasValue := strings.Cut(a[2:], "=")
		spec, ok := known[name]
		_, twice := flags[name]
		switch {
		case !ok: // named as typed: -o where no file is written is "-o"
			return nil, nil, engine.Refuse("err.flag.unknown", strings.TrimSuffix(args[i], "="+value))
		case twice:
			return nil, nil, engine.Refuse("err.flag.twice", name)
		case !spec.boolean && !hasValue:
			if i+1 >= len(args) {
				return nil, nil, engine.Refuse("err.flag.value", name)
			}
			i++
			value = args[i]
		}
		if flags[name], err = spec.read(value, hasValue); err != nil {
			return nil, nil, err
		}
	}
	return flags, rest, nil
}

// spelled is a word of the command line with its short flags spelled
// out (-h is --help, -o --output); another short flag is refused. A word
// like "-3" is a (negative) number for the position.
func spelled(a string) (string, error) {
	switch {
	case a == "-h":
		return "--help", nil
	case a == "-o": // the file a document is written to
		return "--output", nil
	case len(a) > 1 && a[0] == '-' && (a[1] < '0' || a[1] > '9') && !strings.HasPrefix(a, "--"):
		return "", engine.Refuse("err.flag.short", a)
	}
	return a, nil
}

// read checks the value given to the flag: a boolean's, if any (a bare
// boolean flag is true), or the value's own check.
func (f flagSpec) read(value string, given bool) (string, error) {
	switch {
	case f.boolean && !given:
		return "true", nil
	case f.boolean && value != "true" && value != "false":
		return "", engine.Refuse("err.flag.bool", f.name, value)
	case f.check != nil:
		return value, f.check(value)
	}
	return value, nil
}
