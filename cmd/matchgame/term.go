package main

import (
	"io"

	"matchgame/internal/engine"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/tui/serve/store/report"
)

// runTerm prints the term a class kept (serve --class --store): per
// student the lessons attended, the quiz answers right of all per
// family, the mistakes due; Markdown by default, or --json, --csv,
// --html. It reads the file only as its owner, and only reads it.
func runTerm(args []string, stdout io.Writer) error {
	cmd, rest, err := parsePlain("term", args)
	switch {
	case err != nil:
		return err
	case len(rest) > 0:
		return engine.Refuse("err.args.extra", "term", rest[0])
	}
	flags := cmd.flags
	format, formats := report.Markdown, 0
	for _, f := range []report.Format{report.JSON, report.CSV, report.HTML, report.Markdown} {
		if flags[string(f)] == "true" {
			format, formats = f, formats+1
		}
	}
	if formats > 1 {
		return engine.Refuse("err.term.formats")
	}
	out, err := document(flags)
	if err != nil {
		return err
	}
	path, given := flags["store"]
	t, err := store.ReadTerm(path, given)
	if err != nil {
		return err
	}
	return out.Print(stdout, cmd.cat, func(w io.Writer) error { return report.Write(w, t, format, cmd.cat.Lang) })
}
