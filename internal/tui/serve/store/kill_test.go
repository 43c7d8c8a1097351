//go:build unix

package store

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Killed with SIGKILL while it keeps answers: every answer it had
// committed (and said so) is in the file, which is whole.
func TestKilledMidLessonLosesNoCommit(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "term.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), writerEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	said := 0
	for lines.Scan() && said < 300 {
		said, _ = strconv.Atoi(lines.Text())
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	readAfterKill(t, path, said)
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	var kept int
	if err := s.db.QueryRow("SELECT count(*) FROM answers").Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept < said {
		t.Errorf("%d answers said committed, %d in the file", said, kept)
	}
}

// readAfterKill: matchgame term reads every committed answer of a
// writer killed with its log not checkpointed, and leaves the file's
// bytes as they were.
func readAfterKill(t *testing.T, path string, said int) {
	t.Helper()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	term, err := ReadTerm(path, true)
	if err != nil || len(term.Students) != 1 || term.Students[0].Answers < said {
		t.Errorf("read after the kill: %+v, %v; want %d answers at least", term, err, said)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("reading the term after the kill wrote it")
	}
}

const writerEnv = "MATCHGAME_STORE_WRITER"

// TestMain: as the writer of TestKilledMidLessonLosesNoCommit, this
// binary answers until it is killed, saying each answer's count once
// committed.
func TestMain(m *testing.M) {
	if path := os.Getenv(writerEnv); path != "" {
		os.Exit(writer(path))
	}
	os.Exit(m.Run())
}

func writer(path string) int {
	s, err := Open(path, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	l, _ := s.Begin()
	st, _ := s.Enrol("SHA256:w", "writer")
	for i := 1; ; i++ {
		err := l.Answer(Answer{Student: st.ID, Kind: "class", Question: i, Position: nimAt(strconv.Itoa(i)), Right: i%3 == 0, Took: time.Second})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println(i)
	}
}
