package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/tui/serve/store/report"
)

// runTerm prints the term a class kept (serve --class --store): per
// student the lessons attended, the quiz answers right of all per
// family, the mistakes due; Markdown by default, or --json, --csv,
// --html. It reads the file only as its owner, and only reads it.
func runTerm(args []string, stdout io.Writer) error {
	flags, rest, err := parseFlags(args, "term")
	if err != nil {
		return err
	}
	lang, err := langFlag(flags)
	if err != nil {
		return err
	}
	if flags["help"] == "true" {
		_, err := fmt.Fprintln(stdout, assets.Messages(lang).T("cli.help.term", defaultStore()))
		return err
	}
	if len(rest) > 0 {
		return engine.Refuse("err.args.extra", "term", rest[0])
	}
	format, given := report.Markdown, 0
	for _, f := range []report.Format{report.JSON, report.CSV, report.HTML, report.Markdown} {
		if flags[string(f)] == "true" {
			format, given = f, given+1
		}
	}
	if given > 1 {
		return engine.Refuse("err.term.formats")
	}
	path, ok := flags["store"]
	if !ok {
		if path, err = store.DefaultPath(); err != nil {
			return engine.Refuse("err.term.store", path, err.Error())
		}
	}
	s, err := store.Open(path, store.Options{ReadOnly: true})
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return engine.Refuse("err.term.none", path)
	case errors.Is(err, store.ErrNotOwner):
		return store.NotOwner(err, path)
	case err != nil:
		return engine.Refuse("err.term.store", path, err.Error())
	}
	defer s.Close()
	t, err := s.Term()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return report.Write(stdout, t, format, lang)
}
