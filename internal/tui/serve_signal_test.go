package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"matchgame/internal/tui/serve/store"
)

// A teacher's trial: SIGTERM to serve --class --store during a quiz was
// ignored. Bubble Tea's own handler caught it too, and when the class's
// end had already closed the dashboard it waited forever to say so: the
// race is lost about half the time, so the class is ended several times.
func TestEndToEndClassSIGTERM(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the command in tmux")
	}
	for i := range 12 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			term := filepath.Join(dir, "term.db")
			tm := startInShell(t, 80, 24, dir, "", "serve", "--class", "--store", term, "--listen", "127.0.0.1:0",
				"--report", filepath.Join(dir, "r"), "--host-key", filepath.Join(dir, "key"), "--lang", "en")
			tm.waitFor("Students connect with")
			tm.keys("q")
			tm.waitFor("Time per question")
			tm.keys("Enter")
			tm.waitFor("Question 1 of")
			if err := syscall.Kill(tm.pid(dir), syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			code, pane := tm.exitStatus()
			if code != 128+int(syscall.SIGTERM) || !strings.Contains(pane, "stopped on SIGTERM") {
				t.Errorf("exit status %d, want %d; the pane:\n%s", code, 128+int(syscall.SIGTERM), pane)
			}
			if m := tm.modes(); m != restoredModes {
				t.Errorf("after SIGTERM the terminal's modes are %s, want %s", m, restoredModes)
			}
			if !cooked(pane) {
				t.Errorf("after SIGTERM the terminal is not in cooked mode:\n%s", pane)
			}
			s, err := store.Open(term, store.Options{}) // closed whole
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}
