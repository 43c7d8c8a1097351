package main

import (
	"bufio"
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// runTable prints the table of a game's values: g(0..N) of a heap or a
// coin, each value with its mex and the proved period with its proof; a
// grid of two numbers; the vertices of a graph. Markdown, --html, --json
// or --svg.
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
	to := int64(-1) // the kind's default
	if s, ok := cmd.flags["to"]; ok {
		if to, err = variants.ParseNumber(s, "what.to"); err != nil {
			return err
		}
	}
	defer catchSignals(false).stop()
	tab, err := desk.NewTable(cmd.game, cmd.conv, to)
	if err != nil {
		return err
	}
	if cmd.flags["svg"] == "true" { // the values plotted, the period marked; the grid coloured
		_, err := stdout.Write(tab.Picture(cat).SVG())
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
		err = tab.JSON(w, cat)
	case cmd.flags["html"] == "true":
		err = tab.HTML(w, cat)
	default:
		err = tab.Markdown(w, cat)
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
