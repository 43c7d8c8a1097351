//go:build unix

package store

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedByMe reports whether the file is this process's user's.
func ownedByMe(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return !ok || int(st.Uid) == os.Getuid()
}
