package main

import (
	"bufio"
	"fmt"
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// runTable prints g(0..N) of a game played on heaps, each value with its
// mex, the proved period with its proof: Markdown, --html or --json.
func runTable(args []string, stdout io.Writer) error {
	if len(components(args)) > 1 {
		return engine.Refuse("err.table.sum")
	}
	cmd, err := parseCommand("table", args)
	if err != nil {
		return err
	}
	cat := cmd.cat
	if cmd.help {
		_, err := io.WriteString(stdout, cat.T("cli.help.table")+"\n")
		return err
	}
	if cmd.pos != nil {
		return engine.Refuse("err.table.position", cmd.pos.Brief())
	}
	if a, b, both := twoOf(cmd.flags, "html", "json", "svg"); both {
		return engine.Refuse("err.flag.both", "--"+a, "--"+b)
	}
	tabler, ok := cmd.game.(variants.HeapTabler)
	if !ok { // the registry says it has one: TestEveryCell holds them together
		return fmt.Errorf("%s declares a table but has none", cmd.game.Name())
	}
	to := int64(100)
	if s, ok := cmd.flags["to"]; ok {
		if to, err = variants.ParseNumber(s, "what.to"); err != nil {
			return err
		}
	}
	defer catchSignals(false).stop()
	tab, err := tabler.HeapTable(to)
	if err != nil {
		return err
	}
	if cmd.flags["svg"] == "true" { // the values plotted, the period marked
		_, err := stdout.Write(desk.TablePlot(cmd.game, tab, cat).SVG())
		return err
	}
	out := stdout
	if cmd.flags["json"] != "true" && cmd.flags["html"] != "true" {
		// A terminal wraps the sentences between words; the wrapper takes
		// whole lines.
		if wrapped := text.ForTerminal(stdout); wrapped != stdout {
			out = &text.WholeLines{W: wrapped}
		}
	}
	w := bufio.NewWriterSize(out, 1<<16)
	switch {
	case cmd.flags["json"] == "true":
		err = desk.TableJSON(w, cmd.game, tab, cat)
	case cmd.flags["html"] == "true":
		err = desk.TableHTML(w, cmd.game, tab, cat)
	default:
		err = desk.TableMarkdown(w, cmd.game, tab, cat)
	}
	if err == nil {
		err = w.Flush()
	}
	if lines, ok := out.(*text.WholeLines); ok && err == nil {
		err = lines.Flush()
	}
	return err
}

// twoOf is the first two of the boolean flags names that are set, and
// whether there are two.
func twoOf(flags map[string]string, names ...string) (a, b string, both bool) {
	var set []string
	for _, n := range names {
		if flags[n] == "true" {
			set = append(set, n)
		}
	}
	if len(set) < 2 {
		return "", "", false
	}
	return set[0], set[1], true
}
