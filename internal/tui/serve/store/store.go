package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the driver "sqlite", pure Go
)

// Store is one term's file, open. Its methods are safe for concurrent use.
type Store struct {
	db    *sql.DB
	path  string
	now   func() time.Time
	stamp *stamp // the file's as it was opened immutable (readonly.go); nil otherwise
}

// Options change how a store is opened; the zero value is what serve uses.
type Options struct {
	// Now is the store's clock (the tests' simulated term); default time.Now.
	Now func() time.Time
	// ReadOnly opens an existing file to read it (matchgame term): it is
	// never created, migrated or written, not even its journal's mode
	// (readonly.go); an empty file is no term.
	ReadOnly bool
}

// ErrNotTerm refuses a file that holds no term, before anything is
// written to it: one that is not a SQLite database (refused before it is
// opened, or its mode judged), an empty one to read, or another
// program's database.
var ErrNotTerm = errors.New("not a term kept by matchgame serve")

// NotTermError says why a file holds no term. It is ErrNotTerm.
type NotTermError struct {
	Why string // in English, for Error
	key string // the message people read (Refusal)
}

func (e *NotTermError) Error() string { return ErrNotTerm.Error() + ": " + e.Why }

func (e *NotTermError) Is(target error) bool { return target == ErrNotTerm }

var (
	errNotSQLite = &NotTermError{"not a SQLite file", "err.store.nosqlite"}
	errForeign   = &NotTermError{"another program's database", "err.store.foreign"}
	errNone      = &NotTermError{"it holds none", "err.store.none"} // empty, read
)

// ErrDamaged is a term's file SQLite finds damaged.
var ErrDamaged = errors.New("the term's file is damaged")

// SchemaError refuses a term of another matchgame's schema: a newer
// one's always, an older one's to read (serve brings it up to date).
type SchemaError struct{ Have, Know int }

func (e *SchemaError) Error() string {
	if e.Have > e.Know {
		return fmt.Sprintf("the file was written by a newer matchgame (schema %d; this one knows up to %d)", e.Have, e.Know)
	}
	return fmt.Sprintf("a term of an older matchgame (schema %d; this one's is %d)", e.Have, e.Know)
}

// ErrNotOwner refuses a file of another user, or one that others can
// read: a term's record is the teacher's alone.
var ErrNotOwner = errors.New("not the owner's alone")

// OwnerError says why a file is not its owner's alone: it is another
// user's, or others may read it. It is ErrNotOwner.
type OwnerError struct {
	Perm fs.FileMode // the file's permissions; 0 when it is another user's
}

func (e *OwnerError) Error() string {
	if e.Perm == 0 {
		return "the file belongs to another user"
	}
	return fmt.Sprintf("others can read the file (mode %04o): chmod 600 it", e.Perm)
}

func (e *OwnerError) Is(target error) bool { return target == ErrNotOwner }

// DefaultPath is where the term is kept without --store: in the user's
// data directory ($XDG_DATA_HOME, else ~/.local/share on Unix; the
// configuration directory elsewhere), matchgame/term.db.
func DefaultPath() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		home, err := os.UserHomeDir()
		switch {
		case err == nil && runtime.GOOS != "windows" && runtime.GOOS != "darwin" && runtime.GOOS != "plan9":
			dir = filepath.Join(home, ".local", "share")
		default:
			if dir, err = os.UserConfigDir(); err != nil {
				return "", fmt.Errorf("no place for the term's file (%w): give one with --store", err)
			}
		}
	}
	return filepath.Join(dir, "matchgame", "term.db"), nil
}

// Open opens the term kept at path, creating it (mode 0600) and its
// schema where there is none, and bringing an older schema up to date.
func Open(path string, opts Options) (*Store, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if err := prepareFile(path, opts.ReadOnly); err != nil {
		return nil, err
	}
	dsn, immutable := writeDSN(path), false
	if opts.ReadOnly {
		dsn, immutable = readDSN(path)
	}
	var st *stamp
	if was, ok := stampOf(path); immutable && ok {
		st = &was
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// One connection, shared in turn: a class's writes are a few tens of
	// microseconds each, and connections of their own would contend for
	// SQLite's one writer, which waits by sleeping (300 students joining
	// at once opened 150 connections and slept in turn).
	db.SetMaxOpenConns(1)
	s := &Store{db: db, path: path, now: opts.Now, stamp: st}
	if err := s.migrate(opts.ReadOnly); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// writeDSN is how serve opens the file at path: a commit is written to
// the log (WAL, set in migrate once the file is known to be a term) and
// not yet synced, so a process killed at any moment loses no commit, and
// the file stays whole.
func writeDSN(path string) string {
	return "file:" + uriPath(path) + "?_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_txlock=immediate"
}

// uriPath escapes what a SQLite URI filename reads as its own.
func uriPath(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(filepath.ToSlash(path))
}

// prepareFile checks the file at path (its owner's alone, a plain file)
// or creates it empty with mode 0600: SQLite makes its log and index
// files with the same mode.
func prepareFile(path string, readOnly bool) error {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !readOnly:
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return fmt.Errorf("cannot create the term's file: %w", err)
		}
		return f.Close()
	case err != nil:
		return err
	case !info.Mode().IsRegular():
		return errors.New("not a file")
	case info.Size() > 0 && !sqliteFile(path):
		return errNotSQLite
	case info.Size() == 0 && readOnly:
		return errNone
	}
	if !ownedByMe(info) {
		return &OwnerError{}
	}
	if perm := info.Mode().Perm(); runtime.GOOS != "windows" && perm&0o077 != 0 {
		return &OwnerError{Perm: perm}
	}
	return nil
}

// sqliteFile reports whether the file at path begins as every SQLite
// database does; one that cannot be read is left to the owner's checks.
func sqliteFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true
	}
	defer f.Close()
	head := make([]byte, 16)
	_, err = io.ReadFull(f, head)
	return err == nil && string(head) == "SQLite format 3\x00"
}

// migrate brings the schema to the newest version, each step in a
// transaction of its own.
func (s *Store) migrate(readOnly bool) error {
	var v int
	if err := s.db.QueryRow(sqlVersion).Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return &SchemaError{Have: v, Know: len(migrations)}
	}
	if err := s.isTerm(v); err != nil {
		return err
	}
	switch {
	case readOnly && v == 0:
		return errNone
	case readOnly && v < len(migrations):
		return &SchemaError{Have: v, Know: len(migrations)}
	case readOnly:
		return nil
	}
	if err := s.writeAhead(); err != nil {
		return err
	}
	for ; v < len(migrations); v++ {
		err := s.tx(func(tx *sql.Tx) error {
			if _, err := tx.Exec(migrations[v]); err != nil {
				return err
			}
			_, err := tx.Exec(fmt.Sprintf(sqlSetVersion, v+1))
			return err
		})
		if err != nil {
			return fmt.Errorf("schema %d: %w", v+1, err)
		}
	}
	return nil
}

// writeAhead puts the file in WAL mode (kept in the file): a commit is
// in the log when it returns, and readers do not wait for the writer.
func (s *Store) writeAhead() error {
	var mode string
	if err := s.db.QueryRow(sqlWAL).Scan(&mode); err != nil {
		return err
	}
	if mode != "wal" {
		return fmt.Errorf("the journal stays %s, not WAL", mode)
	}
	return nil
}

// Close closes the file; what was committed stays.
func (s *Store) Close() error { return s.db.Close() }

// Path is the file's path.
func (s *Store) Path() string { return s.path }

// Check runs SQLite's integrity check: nil when the file is whole, else
// ErrDamaged.
func (s *Store) Check() error { return s.check(sqlIntegrity) }

// check runs SQLite's integrity or quick check: nil when the file is
// whole, else ErrDamaged.
func (s *Store) check(pragma string) error {
	rows, err := s.db.Query(pragma)
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrDamaged, strings.Join(problems, "; "))
	}
	return nil
}

// tx runs f in a transaction (BEGIN IMMEDIATE: the write lock at once),
// committed when f returns nil.
func (s *Store) tx(f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// ms is t as the file keeps times: unix milliseconds.
func ms(t time.Time) int64 { return t.UnixMilli() }
