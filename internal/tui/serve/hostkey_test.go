package serve

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHostKey(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "conf", "matchgame", "host_key")
	first, err := loadHostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if first.PublicKey().Type() != "ssh-ed25519" {
		t.Errorf("new host key is %s, want ssh-ed25519", first.PublicKey().Type())
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("host key written with mode %04o, want 0600", perm)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("the key's directory holds %d files, want only the key", len(entries))
	}

	// The next start reuses it, and nothing ever replaces it.
	saved, _ := os.ReadFile(path)
	again, err := loadHostKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.PublicKey().Marshal(), first.PublicKey().Marshal()) {
		t.Error("the second start made a new host key")
	}
	if err := createHostKey(path); !errors.Is(err, fs.ErrExist) {
		t.Errorf("creating over an existing key: %v, want fs.ErrExist", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, saved) {
		t.Error("the host key file was rewritten")
	}
}

func TestHostKeyRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if _, err := loadHostKey(good); err != nil {
		t.Fatal(err)
	}
	key, _ := os.ReadFile(good)
	write := func(name string, data []byte, perm fs.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, perm); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, perm); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct {
		path string
		want string
	}{
		{write("open", key, 0o644), "can be read by others (mode 0644): run chmod 600"},
		{write("garbage", []byte("not a key\n"), 0o600), "is not an SSH private key"},
		{write("empty", nil, 0o600), "is not an SSH private key"},
		{dir, "is not a file"},
	} {
		_, err := loadHostKey(tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %v, want one line with %q", filepath.Base(tc.path), err, tc.want)
		}
	}
	// The refused files are left as they were.
	if now, _ := os.ReadFile(filepath.Join(dir, "garbage")); string(now) != "not a key\n" {
		t.Error("a refused key file was changed")
	}
}
