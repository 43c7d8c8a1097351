package main

import (
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
)

func runTree(args []string, stdin io.Reader, stdout io.Writer) error {
	cmd, err := parseCommand("tree", args)
	if err != nil {
		return err
	}
	if cmd.pos == nil {
		return engine.Refuse("err.tree.position")
	}
	form, err := oneForm(cmd.flags, "text", "dot", "svg")
	if err != nil {
		return err
	}
	out, err := document(cmd.flags)
	if err != nil {
		return err
	}
	p, err := cmd.game.Normalize(cmd.pos)
	if err != nil {
		return err
	}
	sigs := tui.CatchSignals(false)
	t, err := engine.GameTree(cmd.game, p)
	if err == nil && form == "text" && out.File == "" && tui.Drawable(stdin, stdout) == nil {
		// On a terminal the tree is explored, a line opened at a time;
		// piped, it is printed whole.
		sigs.Stop()
		return tui.Run(tui.Options{Tree: t, Game: cmd.cfg, Lang: cmd.cat.Lang})
	}
	defer sigs.Stop()
	if err != nil {
		return err
	}
	return out.Print(stdout, cmd.cat, func(w io.Writer) error { return desk.NewTree(t).Print(w, form, cmd.conv, cmd.cat) })
}
