// Package testbin gives the end-to-end tests of internal/tui and
// cmd/matchgame the matchgame binary, built once for both from the Go
// build cache.
package testbin

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build returns the path of cmd/matchgame built from the module at root,
// and a function that removes what Build made for it.
//
// `go run -exec echo` prints where go run put the executable instead of
// running it. Go caches the executables go run builds, so with a warm
// cache the path is in the cache and nothing is linked (0.1 s, against
// 0.8 s of CPU a link, twice a test run); a first build writes a path in
// a temporary directory that go run removes, so it is asked again. Where
// the cache does not keep it, the binary is built into a directory of
// its own.
func Build(root string) (path string, cleanup func(), err error) {
	for range 2 {
		cmd := exec.Command("go", "run", "-exec", "echo", "./cmd/matchgame")
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			return "", nil, buildError(err)
		}
		if p := strings.TrimSpace(string(out)); filepath.IsAbs(p) && exists(p) {
			return p, func() {}, nil
		}
	}
	dir, err := os.MkdirTemp("", "matchgame-test-")
	if err != nil {
		return "", nil, err
	}
	path = filepath.Join(dir, "matchgame")
	cmd := exec.Command("go", "build", "-o", path, "./cmd/matchgame")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", nil, errors.New("go build ./cmd/matchgame: " + err.Error() + "\n" + string(out))
	}
	return path, func() { os.RemoveAll(dir) }, nil
}

func exists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

func buildError(err error) error {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return errors.New("go run ./cmd/matchgame: " + err.Error() + "\n" + string(exit.Stderr))
	}
	return err
}
