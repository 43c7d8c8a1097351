package desk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"matchgame/internal/engine"
)

// ErrExists is a handout's destination that exists already.
var ErrExists = fs.ErrExist

// Check checks before any game starts that a handout can be
// written to path: its directory exists and takes a file, and path is
// free (or force replaces it).
func Check(path string, force bool) error {
	if path == "" {
		return engine.Refuse("err.handout.empty")
	}
	if st, err := os.Lstat(path); err == nil {
		if st.IsDir() {
			return engine.Refuse("err.handout.dir", path)
		}
		if !force {
			return engine.Refuse("err.handout.exists", path)
		}
		if err := replaceable(path); err != nil {
			why := engine.T("err.handout.special")
			if errors.Is(err, errReadOnly) {
				why = engine.T("err.handout.readonly")
			}
			return engine.Refuse("err.handout.keep", path, why)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return engine.Refuse("err.handout.cannot", path, err.Error())
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".matchgame-*.md")
	if err != nil {
		return engine.Refuse("err.handout.cannot", path, engine.Cause(err))
	}
	tmp.Close()
	os.Remove(tmp.Name())
	return nil
}

// writing counts the handouts being written: a game ended by a signal
// while its autosave runs waits for it (WaitWrites), or the process would
// end between the temporary file and its rename and leave it behind (the
// chaos run found one).
var writing sync.WaitGroup

// WaitWrites waits for the handouts being written, at most d.
func WaitWrites(d time.Duration) {
	done := make(chan struct{})
	go func() { writing.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// Write writes data to path whole: to a temporary file in the same
// directory, synced, then moved into place. Without replace an existing
// file (or symlink) at path is left alone and the error wraps ErrExists;
// with it, only a regular file the user may write is replaced (see
// replaceable): never a symlink, a device or a read-only file.
func Write(path string, data []byte, perm fs.FileMode, replace bool) error {
	writing.Add(1)
	defer writing.Done()
	tmp, err := os.CreateTemp(filepath.Dir(path), ".matchgame-*.md")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer os.Remove(name) // gone once linked or renamed; left only on failure
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, perm)
	}
	if err != nil {
		return err
	}
	if replace {
		if err := replaceable(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", path, err)
		}
		return os.Rename(name, path)
	}
	// A hard link fails if path exists: no window in which another file
	// could be clobbered.
	err = link(name, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s: %w", path, ErrExists)
	case errors.Is(err, syscall.EPERM), errors.Is(err, errors.ErrUnsupported):
		return claimAndRename(name, path)
	}
	return err
}

// Why --force leaves a path alone.
var (
	errSpecial  = errors.New("it is not a regular file (a link, a device, a pipe): --force replaces only a file")
	errReadOnly = errors.New("it is read-only: --force replaces only a file one may write")
)

// replaceable says whether --force may replace path: only a regular file
// the user may write, never a symlink or a device (a handout must not
// turn /dev/null into a file). fs.ErrNotExist when there is nothing.
func replaceable(path string) error {
	st, err := os.Lstat(path)
	switch {
	case err != nil:
		return err
	case !st.Mode().IsRegular():
		return errSpecial
	case st.Mode().Perm()&0o200 == 0, syscall.Access(path, 2) != nil: // no write bit (root too), or not ours to write
		return errReadOnly
	}
	return nil
}

// link is os.Link; a test stands in a file system without hard links.
var link = os.Link

// claimAndRename moves the complete file tmp to path on a file system
// without hard links (a FAT memory stick): path is claimed by creating it
// empty, only if it does not exist, then replaced whole by tmp.
func claimAndRename(tmp, path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	if err != nil {
		return err
	}
	f.Close()
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(path) // the empty file claimed above, no one else's
		return err
	}
	return nil
}

// WriteFresh writes data to path or, when that is taken, to the first
// free one of path-2, path-3 …; it returns the name written.
func WriteFresh(path string, data []byte) (string, error) {
	var err error
	for range 1000 {
		name := freshName(path)
		if err = Write(name, data, 0o644, false); !errors.Is(err, ErrExists) { // taken meanwhile: the next
			return name, err
		}
	}
	return path, err
}

// freshName is path, or path with -2, -3 … before its extension: the
// first that is not there. A name that cannot even be looked at is
// returned too: writing it says why.
func freshName(path string) string {
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	for n := 1; ; n++ {
		name := path
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		if _, err := os.Lstat(name); err != nil {
			return name
		}
	}
}
