package main

import (
	"errors"
	"io"
	"strings"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/variants"
)

// runWorksheet writes a printable worksheet of GAME, or of a sum of games
// (GAME + GAME …), its first question about the position given if one
// is: --questions N drawn
// from --seed S (the same seed, the same sheet), with --answers its answer
// key and the working; HTML with print CSS, to standard output or -o FILE.
func runWorksheet(args []string, stdout io.Writer) error {
	cmd, err := parseCommand("worksheet", args)
	if err != nil {
		return err
	}
	cat := cmd.cat
	if cmd.help {
		_, err := io.WriteString(stdout, cat.T("cli.help.worksheet")+"\n")
		return err
	}
	count := int64(10)
	if s, ok := cmd.flags["questions"]; ok {
		if count, err = variants.ParseNumber(s, "what.questions"); err != nil {
			return err
		}
		if count < 1 || count > desk.MaxQuestions {
			return engine.Refuse("err.worksheet.questions", count, desk.MaxQuestions)
		}
	}
	seed := uint64(time.Now().UnixNano()%1_000_000 + 1)
	if s, ok := cmd.flags["seed"]; ok {
		v, err := variants.ParseNumber(s, "what.seed")
		if err != nil {
			return err
		}
		seed = uint64(v)
	}
	paper := "a4"
	if s, ok := cmd.flags["paper"]; ok {
		if s != "a4" && s != "letter" {
			return engine.Refuse("err.worksheet.paper", s)
		}
		paper = s
	}
	out, force := cmd.flags["output"], cmd.flags["force"] == "true"
	if _, ok := cmd.flags["output"]; ok {
		if err := desk.Check(out, force); err != nil {
			return asOutput(err)
		}
	}
	page, err := desk.WorksheetFrom(cmd.game, cmd.conv, cmd.pos, int(count), seed, paper, cmd.flags["answers"] == "true", cat)
	if err != nil {
		return err
	}
	if out == "" {
		_, err = stdout.Write(page)
		return err
	}
	err = desk.Write(out, page, 0o644, force)
	switch {
	case errors.Is(err, desk.ErrExists): // made since the check
		return engine.Fail("err.worksheet.exists", out)
	case err != nil:
		return engine.Fail("err.worksheet.write", out, engine.Cause(err))
	}
	_, err = io.WriteString(stdout, cat.T("worksheet.written", out, count)+"\n")
	return err
}

// asOutput says a refusal of the handouts' file checks in -o's words.
func asOutput(err error) error {
	var r *engine.Refusal
	if errors.As(err, &r) && strings.HasPrefix(r.Key, "err.handout.") {
		key := "err.worksheet." + strings.TrimPrefix(r.Key, "err.handout.")
		if assets.Messages("en").Has(key) {
			return engine.Refuse(key, r.Args...)
		}
	}
	return err
}
