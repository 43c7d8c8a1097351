package main

import (
	"slices"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// flagSpec is one flag of the command line: boolean or taking a value, and
// the commands that take it. Every command's flags come from flagTable;
// the commands that name a game (gameCommands) take the games' own
// parameters too, from the registry.
type flagSpec struct {
	name     string
	boolean  bool
	commands []string // nil: every command
}

// gameCommands are the commands that name a game.
var gameCommands = []string{"analyze", "demo", "play", "table", "tree", "worksheet", "picture"}

// flagTable is every flag, each command's in turn. A name may stand twice
// for commands that take it differently (play's --explain names a mode,
// picture's is a switch).
var flagTable = []flagSpec{
	{"help", true, nil},
	{"lang", false, nil},
	{"misere", true, gameCommands},
	{"preset", false, gameCommands},
	{"json", true, []string{"analyze", "demo", "table", "games", "term", "learn"}},
	{"every", true, []string{"analyze", "demo"}},
	{"max-input", false, []string{"analyze"}},
	{"limit", false, []string{"demo"}},
	{"transcript", false, []string{"demo", "play"}},
	{"force", true, []string{"demo", "play", "worksheet", "picture", "serve", "learn"}},
	{"first", false, []string{"play"}},
	{"level", false, []string{"play"}},
	{"players", false, []string{"play"}},
	{"resume", false, []string{"play"}},
	{"seed", false, []string{"play", "worksheet"}},
	{"explain", false, []string{"play"}},
	{"quiz", true, []string{"play"}},
	{"questions", false, []string{"play", "worksheet"}},
	{"theme", false, []string{"play", "serve", "learn", "lesson"}},
	{"background", false, []string{"play"}},
	{"pause", false, []string{"play"}},
	{"to", false, []string{"table"}},
	{"html", true, []string{"table", "term", "learn"}},
	{"svg", true, []string{"table", "tree", "picture"}},
	{"dot", true, []string{"tree"}},
	{"answers", true, []string{"worksheet"}},
	{"paper", false, []string{"worksheet"}},
	{"output", false, []string{"worksheet", "picture", "learn"}},
	{"move", false, []string{"picture"}},
	{"winning", true, []string{"picture"}},
	{"explain", true, []string{"picture"}},
	{"png", true, []string{"picture"}},
	{"listen", false, []string{"serve"}},
	{"host-key", false, []string{"serve"}},
	{"class", true, []string{"serve"}},
	{"max-sessions", false, []string{"serve"}},
	{"per-address", false, []string{"serve"}},
	{"idle", false, []string{"serve"}},
	{"report", false, []string{"serve"}},
	{"web", false, []string{"serve"}},
	{"tls-cert", false, []string{"serve"}},
	{"tls-key", false, []string{"serve"}},
	{"web-origin", false, []string{"serve"}},
	{"store", false, []string{"serve", "term"}},
	{"csv", true, []string{"term"}},
	{"markdown", true, []string{"term", "learn"}},
	{"lesson", false, []string{"serve"}},
	{"check", true, []string{"lesson"}},
}

// flagsOf are command's flags, true marking a boolean one.
func flagsOf(command string) map[string]bool {
	flags := map[string]bool{}
	for _, f := range flagTable {
		if f.commands == nil || slices.Contains(f.commands, command) {
			flags[f.name] = f.boolean
		}
	}
	if slices.Contains(gameCommands, command) {
		for _, name := range variants.ParamNames() {
			if _, own := flags[name]; !own { // demo's --limit is demo's
				flags[name] = false
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
// refused with a message about the number. known maps each flag's name to
// whether it is boolean.
func parseFlags(args []string, known map[string]bool) (map[string]string, []string, error) {
	flags := map[string]string{}
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(rest, args[i+1:]...), nil
		case a == "-h":
			a = "--help"
		case a == "-o": // the file a document is written to
			a = "--output"
		case len(a) > 1 && a[0] == '-' && (a[1] < '0' || a[1] > '9') && !strings.HasPrefix(a, "--"):
			return nil, nil, engine.Refuse("err.flag.short", a)
		}
		if !strings.HasPrefix(a, "--") || a == "--" {
			rest = append(rest, a)
			continue
		}
		name, value, hasValue := strings.Cut(a[2:], "=")
		isBool, ok := known[name]
		if !ok {
			return nil, nil, engine.Refuse("err.flag.unknown", "--"+name)
		}
		if _, twice := flags[name]; twice {
			return nil, nil, engine.Refuse("err.flag.twice", name)
		}
		switch {
		case isBool && hasValue:
			if value != "true" && value != "false" {
				return nil, nil, engine.Refuse("err.flag.bool", name, value)
			}
		case isBool:
			value = "true"
		case !hasValue:
			if i+1 >= len(args) {
				return nil, nil, engine.Refuse("err.flag.value", name)
			}
			i++
			value = args[i]
		}
		flags[name] = value
	}
	return flags, rest, nil
}
