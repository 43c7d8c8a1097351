package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// End to end: the real binary in a real terminal (tmux), played with
// keystrokes the way a person plays. CI installs tmux; without it these
// tests fail rather than pass unseen. The binary is built once for all of
// them, and they run in parallel, each with its own tmux server.

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds cmd/matchgame once (or takes MATCHGAME_BIN: the e2e tests
// can be run against another build, an older one for instance).
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if p := os.Getenv("MATCHGAME_BIN"); p != "" {
			binPath = p
			return
		}
		dir, err := os.MkdirTemp("", "matchgame-e2e-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "matchgame")
		build := exec.Command("go", "build", "-o", binPath, "./cmd/matchgame")
		build.Dir = filepath.Join("..", "..")
		if out, err := build.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build ./cmd/matchgame: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// tmux is one detached tmux server and session running the game.
type tmux struct {
	t       *testing.T
	socket  string
	started time.Time // when the binary was started
}

// startGame runs matchgame with args in a w×h terminal.
func startGame(t *testing.T, w, h int, args ...string) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("the end-to-end test needs tmux (apt-get install tmux): ", err)
	}
	bin := binary(t)
	tm := &tmux{t: t, socket: fmt.Sprintf("matchgame-e2e-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))}
	cmd := "env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 " + bin + " " + strings.Join(args, " ") + "; echo EXIT:$?; sleep 30"
	started := time.Now()
	tm.run("-u", "new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), cmd)
	tm.started = started
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", tm.socket, "kill-server").Run() })
	return tm
}

func (tm *tmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (tm *tmux) screen() string { return tm.run("capture-pane", "-p") }

func (tm *tmux) keys(keys ...string) { tm.run(append([]string{"send-keys"}, keys...)...) }

// waitFor polls the screen until it shows want (wrapped lines joined,
// case ignored), and fails with the screen after a deadline.
func (tm *tmux) waitFor(want string) {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := tm.screen()
		if strings.Contains(strings.ToLower(flat(s)), strings.ToLower(want)) {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("the screen never showed %q; it shows:\n%s", want, s)
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
}

// moveKeys selects heap i and types the amount: k to the top heap with
// matches, each j to the next one with matches.
func moveKeys(p engine.Position, m engine.Move) []string {
	keys := []string{strings.Repeat("k", len(p))}
	first := true
	for i := 1; i < m.Where; i++ {
		if p[i-1] > 0 {
			if !first {
				keys = append(keys, "j")
			}
			first = false
		}
	}
	if !first && p[m.Where-1] > 0 {
		keys = append(keys, "j")
	}
	return append(keys, fmt.Sprint(m.Amount), "Enter")
}

// cpuMove is what the computer plays at level perfect.
func cpuMove(t *testing.T, g engine.Game, p engine.Position) engine.Move {
	a, err := engine.Analyze(g, p, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	if a.Move != nil {
		return *a.Move
	}
	m, _, err := engine.StubbornMove(g, p, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// playNim plays the game: the person's moves come from mine; after each
// move of the computer the screen must say what it did.
func playNim(t *testing.T, tm *tmux, p engine.Position, cpuFirst bool, mine func(engine.Position) engine.Move) {
	g := variants.Nim{}
	cat := assets.Messages("en")
	human := !cpuFirst
	for !engine.Over(g, p) {
		if human {
			m := mine(p)
			tm.keys(moveKeys(p, m)...)
			p, _ = g.Apply(p, m)
		} else {
			m := cpuMove(t, g, p)
			p, _ = g.Apply(p, m)
			tm.waitFor(fmt.Sprintf("The computer: %s, leaving %s.", g.DescribeMove(m).Render(cat), p))
		}
		human = !human
	}
}

func TestEndToEndYouWin(t *testing.T) {
	t.Parallel()
	tm := startGame(t, 80, 24, "play", "nim", "3", "6", "9", "--first", "me", "--pause", "0")
	tm.waitFor("your turn")
	// From tmux starting the binary to the first frame seen by polling;
	// logged for the record, and only a gross delay fails on a busy CI.
	first := time.Since(tm.started)
	t.Logf("first frame within %v of the start (tmux included)", first)
	if first > 3*time.Second {
		t.Errorf("the first frame took %v", first)
	}
	playNim(t, tm, engine.Position{3, 6, 9}, false, func(p engine.Position) engine.Move {
		a, err := engine.Analyze(variants.Nim{}, p, engine.Normal)
		if err != nil || a.Move == nil {
			t.Fatalf("no winning move from %v: %v", p, err)
		}
		return *a.Move
	})
	tm.waitFor("you win")
	tm.keys("q")
	tm.waitFor("EXIT:0")
}

func TestEndToEndComputerWins(t *testing.T) {
	t.Parallel()
	tm := startGame(t, 80, 24, "play", "nim", "3", "6", "9", "--first", "computer", "--pause", "0")
	playNim(t, tm, engine.Position{3, 6, 9}, true, func(p engine.Position) engine.Move {
		for i, h := range p {
			if h > 0 {
				return engine.Move{Where: i + 1, Amount: 1}
			}
		}
		t.Fatal("no move left")
		return engine.Move{}
	})
	tm.waitFor("the computer wins")
	tm.keys("q")
	tm.waitFor("EXIT:0")
}

// question reads the quiz question on screen: its number and position.
func (tm *tmux) question(n int) engine.Position {
	tm.t.Helper()
	tm.waitFor(fmt.Sprintf("Question %d of", n))
	re := regexp.MustCompile(fmt.Sprintf(`Question %d of \d+: find a winning move from ([0-9 ]+), then`, n))
	got := re.FindStringSubmatch(flat(tm.screen()))
	if got == nil {
		tm.t.Fatalf("no question %d on screen:\n%s", n, tm.screen())
	}
	p, err := variants.ParsePosition(strings.Fields(got[1]), "what.heap")
	if err != nil {
		tm.t.Fatal(err)
	}
	return p
}

// A quiz round as a class plays it: a right answer, the next question, a
// wrong answer, the score after each, and the handout written on quit.
func TestEndToEndQuiz(t *testing.T) {
	t.Parallel()
	handout := filepath.Join(t.TempDir(), "quiz.md")
	tm := startGame(t, 80, 24, "play", "nim", "--quiz", "--seed", "11", "--transcript", handout)
	g := variants.Nim{}
	cat := assets.Messages("en")

	p1 := tm.question(1)
	a, err := engine.Analyze(g, p1, engine.Normal)
	if err != nil || a.Move == nil {
		t.Fatalf("question 1, %v, has no winning move: %v", p1, err)
	}
	tm.keys(moveKeys(p1, *a.Move)...)
	tm.waitFor("Right! " + g.DescribeMove(*a.Move).Render(cat) + " wins")
	tm.waitFor("question 1 of 10 · 1 right")
	tm.waitFor("Why " + p1.String() + " is an N-position")

	tm.keys("Enter")
	p2 := tm.question(2)
	var wrong engine.Move
	for mv := range g.Moves(p2, 0) {
		after, _ := g.Apply(p2, mv)
		if sol, _ := g.Solve(after, engine.Normal); sol.Outcome == engine.N {
			wrong = mv
			break
		}
	}
	after, _ := g.Apply(p2, wrong)
	tm.keys(moveKeys(p2, wrong)...)
	tm.waitFor("Not a winning move: " + g.DescribeMove(wrong).Render(cat) + " leaves " + after.String())
	tm.waitFor("question 2 of 10 · 1 right")

	tm.keys("q")
	tm.waitFor("Quit this game?")
	tm.keys("y")
	tm.waitFor("EXIT:0")
	data, err := os.ReadFile(handout)
	if err != nil {
		t.Fatal(err)
	}
	md := string(data)
	for _, want := range []string{"# Quiz: Nim", p1.String(), p2.String(),
		"Right: the winning move the explanation gives.", "Answered wrong:", "1 right of 2"} {
		if !strings.Contains(md, want) {
			t.Errorf("the handout lacks %q:\n%s", want, md)
		}
	}
}
