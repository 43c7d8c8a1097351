//go:build unix

package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// headless is the built command run as from a service: in dir, in a
// session of its own (no controlling terminal, so no /dev/tty) and
// standard input /dev/null.
func headless(t *testing.T, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(binary(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(dir, "data"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	return cmd
}

// serve --class without a terminal says in one line that the teacher's
// dashboard needs one, exits 2 and makes nothing: no term's file (a
// hostile trial found n.db made, with a lesson in it, before Bubble
// Tea's "could not open a new TTY" and exit 1), nor the default's
// directory.
func TestClassNeedsATerminal(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the command")
	}
	for _, c := range []struct{ lang, want string }{
		{"en", "serve --class needs a terminal for the teacher's dashboard"},
		{"zh", "serve --class 需要终端来显示教师面板"},
	} {
		for _, store := range [][]string{{"--store", "n.db"}, nil} {
			dir := t.TempDir()
			args := append([]string{"serve", "--class", "--listen", "127.0.0.1:0", "--report", "r", "--lang", c.lang}, store...)
			cmd := headless(t, dir, args...)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			err := cmd.Run()
			code := -1
			if cmd.ProcessState != nil {
				code = cmd.ProcessState.ExitCode()
			}
			if code != 2 || errb.String() != "matchgame: "+c.want+"\n" {
				t.Errorf("%v: %d %q, %v; want exit 2 and %q", args, code, errb.String(), err, c.want)
			}
			if made, _ := os.ReadDir(dir); len(made) > 0 {
				t.Errorf("%v made %s", args, made[0].Name())
			}
		}
	}
}

// serve without --class needs no terminal: it listens.
func TestServeRunsHeadless(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the command")
	}
	cmd := headless(t, t.TempDir(), "serve", "--listen", "127.0.0.1:0", "--host-key", "key")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.Contains(line, "127.0.0.1") {
		t.Errorf("serve without a terminal: %q, %v (%s)", line, err, errb.String())
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	if code := waitExit(t, cmd); code != 128+int(syscall.SIGTERM) {
		t.Errorf("serve without a terminal, SIGTERM: exit %d (%s)", code, errb.String())
	}
}
