package main

import (
	"fmt"
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/picture"
	"matchgame/internal/tui/text"
)

// runPicture draws a position (and a move) as an SVG or a PNG for a
// slide: the board by its kind, the move in words under it, and with
// --explain the explanation. The drawing is the picture package's; this
// reads the command line and writes the file.
func runPicture(args []string, stdout, stderr io.Writer) error {
	cmd, err := parseCommand("picture", args)
	if err != nil {
		return err
	}
	cat := cmd.cat
	if cmd.pos == nil {
		return engine.Refuse("err.picture.position")
	}
	out, png, err := pictureOutput(cmd.flags, stdout)
	if err != nil {
		return err
	}
	defer tui.CatchSignals(false).Stop() // nothing to finish: a signal ends the drawing at once
	d, err := desk.Slide(cmd.game, cmd.pos, cmd.conv, picture.Shown{Move: cmd.flags["move"],
		Winning: cmd.flags["winning"] == "true", Explain: cmd.flags["explain"] == "true"}, cat)
	if err != nil {
		return err
	}
	data, note, err := d.Encode(png, cat)
	if err != nil {
		return err
	}
	if note != "" {
		fmt.Fprintln(stderr, text.Prefix+note)
	}
	w, h := d.Size(png)
	return out.Put(stdout, data, "err.picture.write", cat.T("picture.written", out.File, w, h))
}

// pictureOutput reads the flags of the output, and whether it is a PNG;
// it checks before any drawing that the file can be written.
func pictureOutput(f map[string]string, stdout io.Writer) (desk.Output, bool, error) {
	switch {
	case f["svg"] == "true" && f["png"] == "true":
		return desk.Output{}, false, engine.Refuse("err.flag.both", "--svg", "--png")
	case f["move"] != "" && f["winning"] == "true":
		return desk.Output{}, false, engine.Refuse("err.flag.both", "--move", "--winning")
	}
	out, err := document(f)
	png := picture.WantsPNG(f["svg"] == "true", f["png"] == "true", out.File)
	if err == nil && out.File == "" && png && text.IsTerminal(stdout) {
		err = engine.Refuse("err.picture.terminal")
	}
	return out, png, err
}
