// Command matchgame plays the classic take-away games (取火柴: Nim and its
// family) against a perfect computer, and analyses and demonstrates them.
//
//	matchgame                                  the game menu
//	matchgame play GAME [flags] [POSITION…]    play at once
//	matchgame analyze GAME [flags] [POSITION…] who wins, how and why
//	matchgame demo GAME [flags] [POSITION…]    a whole game of perfect play
//	matchgame table GAME [flags] --to N        Grundy values g(0..N), each mex, the period
//	matchgame tree GAME [flags] POSITION…      the game tree of a small position
//	matchgame worksheet GAME [flags]           a printable worksheet and its answer key
//	matchgame games                            what every game can do
//	matchgame picture GAME [flags] POSITION…   the position (and a move) drawn, SVG or PNG
//	matchgame presets                          the presets
//	matchgame serve [flags]                    the game over SSH for a class
//	matchgame term [--store PATH] [--json]     the term a class kept
//	matchgame learn [TOPIC]                    the theorems, their proofs, worked examples
//	matchgame lesson PLAN                      a lesson plan, a step a key
//
// Exit status: 0 done, 1 a failure (such as a write error), 2 refused
// input or usage, 128 + n after signal n.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
)

const version = "matchgame 0.1.0"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cat := assets.Messages(langOf(args))
	err := dispatch(args, stdin, output{stdout}, stderr)
	if err != nil && !errors.As(err, new(tui.SignalError)) {
		fmt.Fprintln(stderr, text.Prefix+text.Say(err, cat))
	}
	return exitStatus(err)
}

// exitStatus is 0 for success, 2 for refused input or usage, 128 + n
// after signal n, and 1 for anything else.
func exitStatus(err error) int {
	var sig tui.SignalError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &sig):
		return 128 + int(sig.Signal)
	case errors.Is(err, engine.ErrRefused):
		return 2
	}
	return 1
}

// run is a command's run, given its arguments and the streams.
type runFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) error

// runs are the commands' runs, by name; help and version are dispatch's
// own.
var runs = map[string]runFunc{
	"analyze":   runAnalyze,
	"demo":      func(a []string, _ io.Reader, out, errs io.Writer) error { return runDemo(a, out, errs) },
	"play":      func(a []string, in io.Reader, out, _ io.Writer) error { return runPlay(a, "", in, out) },
	"table":     func(a []string, _ io.Reader, out, _ io.Writer) error { return runTable(a, out) },
	"tree":      func(a []string, in io.Reader, out, _ io.Writer) error { return runTree(a, in, out) },
	"worksheet": func(a []string, _ io.Reader, out, _ io.Writer) error { return runWorksheet(a, out) },
	"games":     func(a []string, _ io.Reader, out, _ io.Writer) error { return runGames(a, out) },
	"picture":   func(a []string, _ io.Reader, out, errs io.Writer) error { return runPicture(a, out, errs) },
	"presets":   func(a []string, _ io.Reader, out, _ io.Writer) error { return runPresets(a, out) },
	"serve":     func(a []string, _ io.Reader, out, _ io.Writer) error { return runServe(a, out) },
	"term":      func(a []string, _ io.Reader, out, _ io.Writer) error { return runTerm(a, out) },
	"learn":     func(a []string, in io.Reader, out, _ io.Writer) error { return runLearn(a, in, out) },
	"lesson":    func(a []string, in io.Reader, out, _ io.Writer) error { return runLesson(a, in, out) },
}

// dispatch reads the flags that stand before the command (--lang, --help,
// --version) and runs the command.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	g, rest, err := globalFlags(args)
	switch {
	case err != nil:
		return err
	case g.version && len(rest) > 0:
		return engine.Refuse("err.args.extra", "--version", rest[0])
	case g.version:
		_, err := fmt.Fprintln(stdout, version)
		return err
	case len(rest) == 0 && g.help:
		return usage(stdout, g.lang)
	case len(rest) == 0:
		return runPlay(nil, g.lang, stdin, stdout)
	}
	name, rest := rest[0], rest[1:]
	if g.help { // --help analyze = analyze --help
		name, rest = "help", []string{name}
	}
	if g.lang != "" {
		rest = append(rest, "--lang="+g.lang)
	}
	run, ok := runs[name]
	switch {
	case name == "help":
		return runHelp(rest, false, stdin, stdout, stderr)
	case name == "version":
		return runHelp(rest, true, stdin, stdout, stderr)
	case !ok:
		return engine.Refuse("err.command.unknown", name)
	}
	err = run(rest, stdin, stdout, stderr)
	var h helpAsked
	if errors.As(err, &h) {
		return help(stdout, h.cat, name)
	}
	return err
}

// runHelp is matchgame help [COMMAND] (a command's --help) and matchgame
// version.
func runHelp(args []string, versionAsked bool, stdin io.Reader, stdout, stderr io.Writer) error {
	flags, names, err := parseFlags(args, "help")
	if err != nil {
		return err
	}
	lang, err := langFlag(flags)
	switch {
	case err != nil:
		return err
	case versionAsked && len(names) > 0:
		return engine.Refuse("err.args.extra", "version", names[0])
	case versionAsked:
		_, err := fmt.Fprintln(stdout, version)
		return err
	case len(names) > 1:
		return engine.Refuse("err.args.extra", "help "+names[0], names[1])
	case len(names) == 0 || names[0] == "help":
		return usage(stdout, lang)
	case runs[names[0]] == nil && names[0] != "version":
		return engine.Refuse("err.command.unknown", names[0])
	}
	return dispatch([]string{names[0], "--help", "--lang=" + lang}, stdin, stdout, stderr)
}

// global are the flags that apply everywhere, given before the command.
type global struct {
	lang          string // "" when not given
	help, version bool
}

// globalFlags reads the flags before the command. A command's flag there
// is refused with a pointer to where it goes.
func globalFlags(args []string) (global, []string, error) {
	var g global
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "-"; i++ {
		a := args[i]
		if a == "--" {
			return g, args[i+1:], nil
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		switch {
		case a == "-h" || a == "--help":
			g.help = true
		case a == "--version":
			g.version = true
		case name == "lang" && g.lang != "":
			return g, nil, engine.Refuse("err.flag.twice", name)
		case name == "lang":
			var err error
			if g.lang, i, err = globalLang(args, i, value, hasValue); err != nil {
				return g, nil, err
			}
		case !strings.HasPrefix(a, "--"):
			return g, nil, engine.Refuse("err.flag.short", a)
		case commandOf(name) != "":
			return g, nil, engine.Refuse("err.flag.before", "--"+name, commandOf(name))
		default:
			return g, nil, engine.Refuse("err.flag.unknown", "--"+name)
		}
	}
	return g, args[i:], nil
}

// globalLang reads --lang before the command, at args[i]: its value, and
// where the next word is.
func globalLang(args []string, i int, value string, hasValue bool) (string, int, error) {
	if !hasValue {
		if i+1 == len(args) {
			return "", i, engine.Refuse("err.flag.value", "lang")
		}
		i++
		value = args[i]
	}
	lang, err := langFlag(map[string]string{"lang": value})
	return lang, i, err
}

// langFlag is the --lang of flags, checked, or the locale's language.
func langFlag(flags map[string]string) (string, error) {
	l, ok := flags["lang"]
	if !ok {
		return assets.LangFromEnv(), nil
	}
	if low := strings.ToLower(l); low == "en" || low == "zh" { // any case, as game names
		return low, nil
	}
	return "", engine.Refuse("err.lang", l)
}

// usage writes matchgame's help in lang ("" for the locale's language).
func usage(stdout io.Writer, lang string) error {
	if lang == "" {
		lang = assets.LangFromEnv()
	}
	_, err := fmt.Fprintln(stdout, assets.Messages(lang).T("cli.usage"))
	return err
}

// runPresets lists the presets.
func runPresets(args []string, stdout io.Writer) error {
	cmd, rest, err := parsePlain("presets", args)
	switch {
	case err != nil:
		return err
	case len(rest) > 0:
		return engine.Refuse("err.args.extra", "presets", rest[0])
	}
	return desk.Presets(stdout, cmd.cat)
}

// langOf is the language the command line asks for with --lang, else the
// locale's: errors speak it even when the flags are refused.
func langOf(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if a == "--lang" && i+1 < len(args) {
			a = "--lang=" + args[i+1]
		}
		if l, ok := strings.CutPrefix(a, "--lang="); ok && (strings.EqualFold(l, "en") || strings.EqualFold(l, "zh")) {
			return strings.ToLower(l)
		}
	}
	return assets.LangFromEnv()
}

// output is standard output: a failed write says why, in the person's
// words, and ends the command with exit status 1.
type output struct{ w io.Writer }

func (o output) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		err = engine.Fail("err.output", engine.Cause(err))
	}
	return n, err
}

// Unwrap is the writer under o: the terminal, where it is one.
func (o output) Unwrap() io.Writer { return o.w }
