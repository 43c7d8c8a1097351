// Package testbin gives the end-to-end tests of internal/tui and
// cmd/matchgame the matchgame binary, built once for both from the Go
// build cache.
package testbin

import (
	"errors"
	"flag"
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

// MoreAtOnce lets a package run up to 8 of its parallel tests at once,
// not one per core (go test's default), for tests that mostly wait on a
// program, a terminal or a connection while the cores idle. -parallel
// given on the command line wins, and so does the race detector (race),
// under which every test is CPU-bound. Call it after flag.Parse.
func MoreAtOnce(race bool) {
	given := race
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", "8")
	}
}
