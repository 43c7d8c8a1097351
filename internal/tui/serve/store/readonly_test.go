package store

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// foreignDB is another program's SQLite database at dir/name, in
// SQLite's default rollback-journal mode, its owner's alone.
func foreignDB(t *testing.T, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE foo(x); INSERT INTO foo VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// rollbackTerm is a term with a lesson kept, turned back to a
// rollback journal (as a copy made by another tool may be).
func rollbackTerm(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "rollback.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Begin(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec("PRAGMA journal_mode=DELETE"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	return path
}

// walTerm is a term closed as serve leaves it: in WAL mode, its log
// checkpointed and gone.
func walTerm(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "wal.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Begin(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	return path
}

// dirBytes is every file in dir and its bytes.
func dirBytes(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// matchgame term reads and never writes (issue: a hostile trial found
// a foreign database switched to WAL, an empty file made a database and
// a rollback-journal term rewritten to WAL): the directory holds the
// same files with the same bytes after ReadTerm, whether it read a term
// or refused the file.
func TestReadingChangesNothing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		make   func(t *testing.T, dir string) string
		isTerm bool
	}{
		{"another program's database", func(t *testing.T, dir string) string { return foreignDB(t, dir, "o.db") }, false},
		{"an empty file", func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "e.db")
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			return path
		}, false},
		{"a term in rollback-journal mode", rollbackTerm, true},
		{"a term in WAL mode", walTerm, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := c.make(t, dir)
			before := dirBytes(t, dir)
			term, err := ReadTerm(path, true)
			switch {
			case c.isTerm && (err != nil || term.Lessons != 1):
				t.Errorf("the term was not read: %+v %v", term, err)
			case !c.isTerm && err == nil:
				t.Error("read as a term")
			}
			after := dirBytes(t, dir)
			names := func(m map[string][]byte) []string {
				var n []string
				for k := range m {
					n = append(n, k)
				}
				slices.Sort(n)
				return n
			}
			if !slices.Equal(names(before), names(after)) {
				t.Fatalf("files %v became %v", names(before), names(after))
			}
			for name, b := range before {
				if !bytes.Equal(b, after[name]) {
					t.Errorf("%s was written (%d bytes, now %d)", name, len(b), len(after[name]))
				}
			}
		})
	}
}

// A term being written (serve running: its log not yet checkpointed) is
// read with every commit, and the writer goes on.
func TestReadingWhileServeWrites(t *testing.T) {
	t.Parallel()
	s, path := openTest(t, newClock())
	l, err := s.Begin()
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Enrol("SHA256:a", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Answer(Answer{Student: st.ID, Kind: "class", Question: 1, Position: nimAt("1 2"), Right: true}); err != nil {
		t.Fatal(err)
	}
	term, err := ReadTerm(path, true)
	if err != nil || len(term.Students) != 1 || term.Students[0].Right != 1 {
		t.Fatalf("read while written: %+v %v", term, err)
	}
	if err := l.Answer(Answer{Student: st.ID, Kind: "class", Question: 2, Position: nimAt("3 2"), Right: true}); err != nil {
		t.Errorf("the writer after a read: %v", err)
	}
}

// A term read as immutable (in WAL mode, no log beside it) is known to
// have moved once serve begins writing it, so that ReadTerm reads it
// again rather than trust SQLite's reading of a file said unchanging.
func TestImmutableReadKnowsTheFileMoved(t *testing.T) {
	t.Parallel()
	path := walTerm(t, t.TempDir())
	r, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.stamp == nil || r.moved() {
		t.Fatalf("a closed WAL term: stamp %v, moved %v", r.stamp, r.moved())
	}
	w, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Begin(); err != nil {
		t.Fatal(err)
	}
	if !r.moved() {
		t.Error("serve began writing the term, and the reader did not notice")
	}
}
