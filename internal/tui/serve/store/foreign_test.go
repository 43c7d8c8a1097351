package store

import (
	"bytes"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// serve keeps a term only in a file that is one, new or empty: another
// program's SQLite database (a hostile trial found the term's tables
// and a lesson written into it) is refused as no term before anything
// is written, whatever its user_version says, and so is a term with
// tables of another program's.
func TestOpenRefusesAnotherProgramsDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	versioned := foreignDB(t, dir, "versioned.db")
	extra := walTerm(t, dir)
	for path, stmt := range map[string]string{versioned: "PRAGMA user_version = 1", extra: "CREATE TABLE foo(x)"} {
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
	for _, path := range []string{foreignDB(t, dir, "o.db"), versioned, extra} {
		before := dirBytes(t, dir)
		for _, ro := range []bool{false, true} {
			if s, err := Open(path, Options{ReadOnly: ro}); !errors.Is(err, ErrNotTerm) {
				t.Errorf("%s (read only %v) opened as a term: %v", filepath.Base(path), ro, err)
				if s != nil {
					s.Close()
				}
			}
		}
		after := dirBytes(t, dir)
		for name, b := range before {
			if !bytes.Equal(b, after[name]) {
				t.Errorf("%s was written refusing %s", name, filepath.Base(path))
			}
		}
		if len(after) != len(before) {
			t.Errorf("refusing %s left files beside it: %d, were %d", filepath.Base(path), len(after), len(before))
		}
	}
}

// A new path and an empty file become a term.
func TestOpenMakesATermOfAnEmptyFile(t *testing.T) {
	t.Parallel()
	empty := filepath.Join(t.TempDir(), "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(empty, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Begin(); err != nil {
		t.Error(err)
	}
}
