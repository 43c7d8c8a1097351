package store

import (
	"errors"
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
	var t Term
	var err error
	for range 3 { // a term read as immutable while serve began writing it is read again
		var moved bool
		if t, moved, err = readOnce(path); !moved {
			break
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Term{}, engine.Refuse("err.term.none", path)
	case err != nil:
		return Term{}, Refusal(err, path, "err.term.store")
	}
	return t, nil
}

// readOnce reads the term at path once, and whether the file moved
// meanwhile.
func readOnce(path string) (Term, bool, error) {
	s, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		return Term{}, false, err
	}
	defer s.Close()
	if err := s.check(sqlQuickCheck); err != nil { // damage anywhere, not only where the term is read
		return Term{}, s.moved(), err
	}
	t, err := s.Term()
	return t, s.moved(), err
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
