package main

import (
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
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
	if cmd.pos != nil {
		return engine.Refuse("err.table.position", cmd.pos.Brief())
	}
	form, err := oneForm(cmd.flags, "markdown", "html", "json", "svg")
	if err != nil {
		return err
	}
	out, err := document(cmd.flags)
	if err != nil {
		return err
	}
	to := number(cmd.flags, "to", -1) // -1: the kind's default
	defer tui.CatchSignals(false).Stop()
	tab, err := desk.NewTable(cmd.game, cmd.conv, to)
	if err != nil {
		return err
	}
	return out.Print(stdout, cmd.cat, func(w io.Writer) error { return tab.Print(w, form, cmd.cat) })
}

// oneForm is the one of the boolean flags forms that is set, else def;
// two set are refused.
func oneForm(flags map[string]string, def string, forms ...string) (string, error) {
	var set []string
	for _, f := range forms {
		if flags[f] == "true" {
			set = append(set, f)
		}
	}
	switch len(set) {
	case 0:
		return def, nil
	case 1:
		return set[0], nil
	}
	return "", engine.Refuse("err.flag.both", "--"+set[0], "--"+set[1])
}
