package store

import (
	"errors"
	"fmt"
	"io/fs"

	"matchgame/internal/engine"
)

// ReadTerm reads the term kept at path, or at DefaultPath when no path
// was given, as `matchgame term` prints it: only as the file's owner, and
// only reading. A refusal names the file.
func ReadTerm(path string, given bool) (Term, error) {
	if !given {
		var err error
		if path, err = DefaultPath(); err != nil {
			return Term{}, engine.Refuse("err.term.store", path, err.Error())
		}
	}
	s, err := Open(path, Options{ReadOnly: true})
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Term{}, engine.Refuse("err.term.none", path)
	case errors.Is(err, ErrNotOwner):
		return Term{}, NotOwner(err, path)
	case err != nil:
		return Term{}, engine.Refuse("err.term.store", path, err.Error())
	}
	defer s.Close()
	t, err := s.Term()
	if err != nil {
		return Term{}, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// DefaultPlace is where the term is kept without --store, or why there
// is no such place, for a command's help.
func DefaultPlace() string {
	path, err := DefaultPath()
	if err != nil {
		return err.Error()
	}
	return path
}
