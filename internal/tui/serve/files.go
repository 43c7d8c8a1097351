package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// writeNew writes data to path through a temporary file in the same
// directory, so nobody ever sees half a file. Unless replace is set, an
// existing file is left alone and the error wraps fs.ErrExist.
func writeNew(path string, data []byte, perm fs.FileMode, replace bool) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	// After the rename or link below the temporary name is free to go.
	defer os.Remove(tmp.Name())
	if err := writeAndSync(tmp, data, perm); err != nil {
		return err
	}
	if replace {
		return os.Rename(tmp.Name(), path)
	}
	// A hard link fails where path exists; a rename would replace it.
	err = os.Link(tmp.Name(), path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	// Some file systems (FAT on a USB stick) have no hard links: look, then rename.
	if _, statErr := os.Lstat(path); statErr == nil {
		return fmt.Errorf("%s: %w", path, fs.ErrExist)
	}
	return os.Rename(tmp.Name(), path)
}

func writeAndSync(f *os.File, data []byte, perm fs.FileMode) error {
	_, err := f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	return err
}
