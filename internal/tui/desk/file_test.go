package desk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// On a file system without hard links (a FAT memory stick) a handout is
// still written, still never over a file that is there.
func TestHandoutWithoutHardLinks(t *testing.T) {
	t.Parallel()
	defer func(l func(string, string) error) { link = l }(link)
	link = func(string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} }
	dir := t.TempDir()
	if err := Write(filepath.Join(dir, "a.md"), []byte("game"), 0o644, false); err != nil {
		t.Errorf("without hard links: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "b.md"), []byte("mine"), 0o644)
	if err := Write(filepath.Join(dir, "b.md"), []byte("game"), 0o644, false); !errors.Is(err, ErrExists) {
		t.Errorf("without hard links, over a file: %v", err)
	}
	for name, want := range map[string]string{"a.md": "game", "b.md": "mine"} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
			t.Errorf("%s holds %q (%v), want %q", name, got, err, want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files left, want 2", len(entries))
	}
}

// A file is written whole; over an existing one only when replace says so.
func TestWriteReplacesOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "report.md")
	if err := Write(path, []byte("one"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("two"), 0o644, false); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("writing over a file without replace: %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "one" {
		t.Errorf("the file was replaced: %q", got)
	}
	if err := Write(path, []byte("three"), 0o644, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "three" {
		t.Errorf("replace left %q", got)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("temporary files left behind: %d entries", len(entries))
	}
}
