package tui

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/tui/serve/store/report"
	"matchgame/internal/variants"
)

// classChildEnv, set, makes this test binary a class's server that keeps
// its term in the file named, for TestClassKilledLosesNoAnswer to kill.
const classChildEnv = "MATCHGAME_CLASS_CHILD"

// classChild serves a class with a store as serve --class --store does,
// says its address, starts a quiz of one question when told "quiz" on
// its standard input, and says "counted N" for each answer the class
// counts (what the dashboard shows), until it is killed.
func classChild(path string) error {
	n := &Network{Rooms: serve.NewRooms(), Lang: "en", Class: serve.NewClass()}
	s, err := store.Open(path, store.Options{})
	if err != nil {
		return err
	}
	lesson, err := s.Begin()
	if err != nil {
		return err
	}
	n.Memory = &Memory{Store: s, Lesson: lesson}
	dir, err := os.MkdirTemp("", "matchgame-class-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	srv, err := serve.New(serve.Options{Listen: "127.0.0.1:0", HostKey: filepath.Join(dir, "key"), RateBurst: 1000, Class: true, Keys: true},
		SessionApp(n, Options{Lang: "en", First: "me", Explain: "why", Seed: 5}))
	if err != nil {
		return err
	}
	if err := srv.Start(); err != nil {
		return err
	}
	events, _ := n.Class.Watch(context.Background())
	var out sync.Mutex
	say := func(format string, args ...any) {
		out.Lock()
		defer out.Unlock()
		fmt.Printf(format+"\n", args...)
	}
	go func() {
		counted := 0
		for e := range events {
			if _, ok := e.(serve.Answered); ok {
				counted++
				say("counted %d", counted)
			}
		}
	}()
	say("addr %s", srv.Addr())
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if in.Text() != "quiz" {
			continue
		}
		nim, _, err := variants.Lookup(variants.Config{Name: "nim"})
		if err != nil {
			return err
		}
		q := serve.Quiz{Game: gameSpec{game: nim}, Seed: 7, Questions: 1, Limit: time.Hour}
		if err := n.Class.StartQuiz(q); err != nil {
			return err
		}
		_, _, p, err := classQuestion(q, 1)
		if err != nil {
			return err
		}
		if _, err := n.Class.Ask(p.String(), ""); err != nil {
			return err
		}
		say("asked")
	}
	select {} // until killed
}

// Issue 29, done when: 30 students with their own keys answer a class
// quiz; the server is killed with SIGKILL; the term lists all 30 with
// their answers and the file is whole; after a restart a returning key
// typed with another user name is the same student, and a new key asking
// for a taken name does not get that record.
func TestClassKilledLosesNoAnswer(t *testing.T) {
	t.Parallel()
	const students = 30
	path := filepath.Join(t.TempDir(), "term.db")
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), classChildEnv+"="+path)
	child.Stderr = os.Stderr
	toChild, _ := child.StdinPipe()
	fromChild, _ := child.StdoutPipe()
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = child.Process.Kill(); _ = child.Wait() })
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(fromChild)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	addr := strings.TrimPrefix(childSays(t, lines, "addr "), "addr ")
	keys, terms := namedStudents(t, addr, students)
	fmt.Fprintln(toChild, "quiz")
	childSays(t, lines, "asked")
	var wg sync.WaitGroup
	for _, c := range terms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.waitFor("Question 1 of 1 from the teacher")
			c.keys(enter)
		}()
	}
	wg.Wait()
	for {
		if n, _ := strconv.Atoi(strings.TrimPrefix(childSays(t, lines, "counted "), "counted ")); n == students {
			break
		}
	}
	_ = child.Process.Kill() // SIGKILL
	_ = child.Wait()
	checkKilledTerm(t, path, students)
	checkNextLesson(t, path, keys[0])
}

// childSays waits for the server's line starting with prefix.
func childSays(t *testing.T, lines chan string, prefix string) string {
	t.Helper()
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the server ended before %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-time.After(3 * sshWait):
			t.Fatalf("the server never said %q", prefix)
		}
	}
}

// namedStudents are n students with their own keys, named s01, s02 … at
// the server at addr, each on the menu.
func namedStudents(t *testing.T, addr string, n int) ([]gossh.Signer, []*sshTerm) {
	keys := make([]gossh.Signer, n)
	terms := make([]*sshTerm, n)
	var wg sync.WaitGroup
	for i := range n {
		keys[i] = studentKey(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			terms[i] = dialTo(t, addr, "student", gossh.PublicKeys(keys[i]))
			terms[i].waitFor("your name")
			terms[i].keys(strings.Repeat("\x7f", 7), fmt.Sprintf("s%02d", i+1), enter)
			terms[i].waitFor("choose a game")
		}()
	}
	wg.Wait()
	return keys, terms
}

// checkKilledTerm checks the term at path after SIGKILL: whole, every
// student with a key and an answer.
func checkKilledTerm(t *testing.T, path string, students int) {
	s, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	term, err := s.Term()
	if err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	_ = report.Write(&js, term, report.JSON, "en")
	var got struct {
		Lessons  int
		Students []struct {
			Name    string
			Key     *string
			Answers int
		}
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Lessons != 1 || len(got.Students) != students {
		t.Fatalf("the term after SIGKILL: %d lessons, %d students\n%s", got.Lessons, len(got.Students), js.String())
	}
	for i, st := range got.Students {
		if want := fmt.Sprintf("s%02d", i+1); st.Name != want || st.Key == nil || st.Answers != 1 {
			t.Errorf("student %d: %+v, want %s with a key and an answer", i+1, st, want)
		}
	}
}

// checkNextLesson: on the same file, a returning key typed with another
// user name is the same student, and a new key asking for a taken name
// does not get that record.
func checkNextLesson(t *testing.T, path string, first gossh.Signer) {
	n := memoryNet(t, path)
	srv := memoryServer(t, n)
	back := dialWith(t, srv, "someone-else", gossh.PublicKeys(first))
	back.waitFor("choose a game")
	roster := waitRoster(t, n.Class, "s01")
	known, _, _ := n.Memory.Store.Known(gossh.FingerprintSHA256(first.PublicKey()))
	if roster[0].Record != known.ID || roster[0].Before != 1 {
		t.Errorf("s01 back: %+v, record %d", roster[0], known.ID)
	}
	stranger := dialWith(t, srv, "s02", gossh.PublicKeys(studentKey(t)))
	stranger.waitFor("your name")
	stranger.keys(enter)
	stranger.waitFor(`"s02" is another student's name`)
	if st := n.Class.State().Students; len(st) != 1 {
		t.Errorf("a new key asking for a taken name joined: %+v", st)
	}
}
