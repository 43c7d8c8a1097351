package main

import (
	"bufio"
	"io"
	"os"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/picture"
	"matchgame/internal/tui/text"
)

func runTree(args []string, stdin io.Reader, stdout io.Writer) error {
	cmd, err := parseCommand("tree", args)
	if err != nil {
		return err
	}
	cat := cmd.cat
	if cmd.help {
		_, err := io.WriteString(stdout, cat.T("cli.help.tree")+"\n")
		return err
	}
	if cmd.pos == nil {
		return engine.Refuse("err.tree.position")
	}
	if a, b, both := twoOf(cmd.flags, "dot", "svg"); both {
		return engine.Refuse("err.flag.both", "--"+a, "--"+b)
	}
	p, err := cmd.game.Normalize(cmd.pos)
	if err != nil {
		return err
	}
	sigs := catchSignals(false)
	t, err := engine.GameTree(cmd.game, p)
	if err != nil {
		sigs.stop()
		return err
	}
	if cmd.flags["svg"] == "true" { // the tree drawn
		sigs.stop()
		_, err := stdout.Write(picture.GameTree(t, cmd.conv, cat).SVG())
		return err
	}
	if cmd.flags["dot"] != "true" && isTerminal(stdin) && isTerminal(stdout) && os.Getenv("TERM") != "dumb" {
		// On a terminal the tree is explored, a line opened at a time;
		// piped, it is printed whole.
		sigs.stop()
		return tui.Run(tui.Options{Tree: t, Game: cmd.cfg, Lang: cmd.cat.Lang})
	}
	defer sigs.stop()
	d := desk.NewTree(t)
	if cmd.flags["dot"] == "true" {
		w := bufio.NewWriter(stdout)
		d.WriteDot(w, cmd.conv, cat)
		return w.Flush()
	}
	// The sentences on top wrap to a terminal between words; the tree's
	// lines are drawn as they are.
	if _, err := io.WriteString(text.ForTerminal(stdout), d.Heading(cmd.conv, cat)); err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	d.WriteText(w, cmd.conv, cat)
	return w.Flush()
}
