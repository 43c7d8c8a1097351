package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"matchgame/internal/tui/desk"

	gossh "golang.org/x/crypto/ssh"
)

// DefaultHostKey is where the host key lives when Options.HostKey is empty:
// in the user's configuration directory, so students see the same server
// fingerprint from one lesson to the next.
func DefaultHostKey() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no place for the host key (%w): give one with --host-key", err)
	}
	return filepath.Join(dir, "matchgame", "ssh_host_ed25519_key"), nil
}

// loadHostKey reads the server's host key from path, creating an ed25519
// key there first if there is none. A key that others can read, or that is
// not a usable SSH private key, is refused.
func loadHostKey(path string) (gossh.Signer, error) {
	if err := createHostKey(path); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("host key %s: cannot create it: %w", path, err)
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("host key %s is not a file", path)
	}
	// Windows has no Unix permission bits to check.
	if perm := info.Mode().Perm(); runtime.GOOS != "windows" && perm&0o077 != 0 {
		return nil, fmt.Errorf("host key %s can be read by others (mode %04o): run chmod 600 %s", path, perm, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	signer, err := gossh.ParsePrivateKey(data)
	var passphrase *gossh.PassphraseMissingError
	switch {
	case errors.As(err, &passphrase):
		return nil, fmt.Errorf("host key %s is protected by a passphrase; give a key without one", path)
	case err != nil:
		return nil, fmt.Errorf("host key %s is not an SSH private key (%v); move it away and a new one is made", path, err)
	}
	return signer, nil
}

// createHostKey writes a new ed25519 key to path, readable by its owner
// only. It never replaces a key: where one exists, even one written by
// another process a moment ago, the error wraps fs.ErrExist.
func createHostKey(path string) error {
	if _, err := os.Lstat(path); err == nil {
		return fs.ErrExist
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	block, err := gossh.MarshalPrivateKey(key, "matchgame host key")
	if err != nil {
		return err
	}
	return desk.Write(path, pem.EncodeToMemory(block), 0o600, false)
}
