package store

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"time"
)

// How matchgame term reads a term and leaves it as it was: SQLite opens
// the file read only and is asked nothing that writes (the journal's
// mode stays the file's own). A term in WAL mode with no log beside it
// (serve closed it) is read as immutable: read only, SQLite would create
// the log and its index beside it to read it, and leave them there.

// readDSN is how the file at path is opened to be read; immutable says
// whether SQLite takes it as unchanging (no locks, no log), and then its
// size and time as it was opened are kept to tell whether it moved.
func readDSN(path string) (dsn string, immutable bool) {
	dsn = "file:" + uriPath(path) + "?mode=ro&_pragma=busy_timeout(10000)"
	if walWithoutLog(path) {
		return dsn + "&immutable=1", true
	}
	return dsn, false
}

// walWithoutLog reports whether the file at path is a database in WAL
// mode (bytes 18 and 19 of its header are 2) with no log beside it:
// nobody is writing it.
func walWithoutLog(path string) bool {
	h := header(path, 20)
	if len(h) < 20 || h[18] != 2 || h[19] != 2 {
		return false
	}
	_, err := os.Lstat(path + "-wal")
	return errors.Is(err, fs.ErrNotExist)
}

// header is the first n bytes of the file at path, fewer when it is
// shorter or cannot be read.
func header(path string, n int) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	h := make([]byte, n)
	k, _ := io.ReadFull(f, h)
	return h[:k]
}

// stamp is what tells an immutable file changed while it was read: its
// size and modification time, and whether a log has appeared beside it.
type stamp struct {
	size int64
	mod  time.Time
}

// stampOf is the file at path's stamp; ok false when it cannot be read
// or a log has appeared beside it (a writer has begun).
func stampOf(path string) (stamp, bool) {
	info, err := os.Stat(path)
	if err != nil {
		return stamp{}, false
	}
	if _, err := os.Lstat(path + "-wal"); !errors.Is(err, fs.ErrNotExist) {
		return stamp{}, false
	}
	return stamp{size: info.Size(), mod: info.ModTime()}, true
}

// moved reports whether the file read as immutable may have changed
// since it was opened (serve began writing it meanwhile): what was read
// may be wrong, and is read again.
func (s *Store) moved() bool {
	if s.stamp == nil {
		return false
	}
	now, ok := stampOf(s.path)
	return !ok || now != *s.stamp
}
