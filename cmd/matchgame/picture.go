package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
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
	if cmd.help {
		_, err := io.WriteString(stdout, cat.T("cli.help.picture", gameFlagsHelp(cat))+"\n")
		return err
	}
	if cmd.pos == nil {
		return engine.Refuse("err.picture.position")
	}
	out, err := pictureOutput(cmd.flags, stdout)
	if err != nil {
		return err
	}
	defer catchSignals(false).stop() // nothing to finish: a signal ends the drawing at once
	p, err := cmd.game.Normalize(cmd.pos)
	if err != nil {
		return err
	}
	slide, err := pictureSlide(cmd, p)
	if err != nil {
		return err
	}
	return writePicture(slide.Drawing(), out, cmd.cat, stdout, stderr)
}

// writePicture writes d as out asks: SVG or PNG, to standard output or
// to its file, whole.
func writePicture(d *picture.Drawing, out pictureFile, cat *assets.Catalog, stdout, stderr io.Writer) error {
	data := d.SVG()
	if out.png {
		var err error
		if data, err = d.PNG(); err != nil {
			return engine.Fail("err.picture.png", engine.Cause(err))
		}
		if cat.Lang == "zh" && !picture.HasCJKFont() {
			fmt.Fprintln(stderr, text.Prefix+cat.T("picture.nocjk"))
		}
	}
	if out.file == "" {
		_, err := stdout.Write(data)
		return err
	}
	err := desk.Write(out.file, data, 0o644, out.force)
	switch {
	case errors.Is(err, desk.ErrExists): // made since the check
		return engine.Fail("err.worksheet.exists", out.file)
	case err != nil:
		return engine.Fail("err.picture.write", out.file, engine.Cause(err))
	}
	_, err = fmt.Fprintln(stdout, cat.T("picture.written", out.file, d.W, d.H))
	return err
}

// pictureFile is where a picture goes and in what form.
type pictureFile struct {
	file       string // "" for standard output
	png, force bool
}

// pictureOutput reads the flags of the output, and checks before any
// drawing that the file can be written.
func pictureOutput(f map[string]string, stdout io.Writer) (pictureFile, error) {
	switch {
	case f["svg"] == "true" && f["png"] == "true":
		return pictureFile{}, engine.Refuse("err.flag.both", "--svg", "--png")
	case f["move"] != "" && f["winning"] == "true":
		return pictureFile{}, engine.Refuse("err.flag.both", "--move", "--winning")
	}
	file, toFile := f["output"]
	out := pictureFile{file: file, force: f["force"] == "true",
		png: f["png"] == "true" || f["svg"] != "true" && strings.HasSuffix(strings.ToLower(file), ".png")}
	switch {
	case toFile:
		if err := desk.Check(file, out.force); err != nil {
			return out, asOutput(err)
		}
	case out.png && isTerminal(stdout):
		return out, engine.Refuse("err.picture.terminal")
	}
	return out, nil
}

// pictureSlide is the position with the move asked for (--move,
// --winning) and, with --explain, the analysis under it.
func pictureSlide(cmd *command, p engine.Position) (picture.Slide, error) {
	title := desk.Header(engine.Analysis{Game: cmd.game, Position: p, Convention: cmd.conv}, cmd.cat)
	return picture.NewSlide(cmd.game, p, cmd.conv, picture.Shown{Move: cmd.flags["move"],
		Winning: cmd.flags["winning"] == "true", Explain: cmd.flags["explain"] == "true"}, title, cmd.cat)
}
