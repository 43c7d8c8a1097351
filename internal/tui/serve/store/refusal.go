package store

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"

	"matchgame/internal/engine"
)

// Refusal is err, from opening or reading the term at path, as the one
// line a person reads, naming the file once: a file of another user or
// others can read, no term, a damaged term, another matchgame's schema.
// Anything else is said with the message key otherwise (the path and
// err's text). Each is refused input: the file given is not one to keep
// a term in.
func Refusal(err error, path, otherwise string) error {
	var notTerm *NotTermError
	var schema *SchemaError
	switch {
	case errors.Is(err, ErrNotOwner):
		return notOwner(err, path)
	case errors.As(err, &notTerm):
		return engine.Refuse(notTerm.key, path)
	case damaged(err):
		return engine.Refuse("err.store.damaged", path)
	case errors.As(err, &schema) && schema.Have > schema.Know:
		return engine.Refuse("err.store.newer", path, schema.Have, schema.Know)
	case errors.As(err, &schema):
		return engine.Refuse("err.store.older", path, schema.Have)
	}
	return engine.Refuse(otherwise, path, err.Error())
}

// damaged reports whether err says the file is damaged: the integrity
// check's ErrDamaged, or SQLite's SQLITE_CORRUPT (11) or SQLITE_NOTADB
// (26), an extended code's primary code included.
func damaged(err error) bool {
	var e *sqlite.Error
	if errors.As(err, &e) {
		code := e.Code() & 0xff
		return code == 11 || code == 26
	}
	return errors.Is(err, ErrDamaged)
}

// notOwner refuses a term's file that is not the user's alone, saying
// why.
func notOwner(err error, path string) error {
	var oe *OwnerError
	if errors.As(err, &oe) && oe.Perm != 0 {
		return engine.Refuse("err.store.open", path, fmt.Sprintf("%04o", oe.Perm))
	}
	return engine.Refuse("err.store.theirs", path)
}
