package main

import (
	"cmp"
	"io"
	"time"

	"matchgame/internal/tui/desk"
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
	count := number(cmd.flags, "questions", 10)
	seed := uint64(number(cmd.flags, "seed", time.Now().UnixNano()%1_000_000+1))
	out, err := document(cmd.flags)
	if err != nil {
		return err
	}
	paper := cmp.Or(cmd.flags["paper"], "a4") // a4 or letter, checked as read
	page, err := desk.WorksheetFrom(cmd.game, cmd.conv, cmd.pos, int(count), seed, paper, cmd.flags["answers"] == "true", cat)
	if err != nil {
		return err
	}
	return out.Put(stdout, page, "err.worksheet.write", cat.T("worksheet.written", out.File, count))
}
