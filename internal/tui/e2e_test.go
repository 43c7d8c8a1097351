package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/testbin"
	"matchgame/internal/variants"
)

// End to end: the real binary in a real terminal (tmux), played with
// keystrokes the way a person plays. CI installs tmux; without it these
// tests fail rather than pass unseen. The binary is built once for all of
// them, and they run in parallel, each with its own tmux server.

var (
	binOnce    sync.Once
	binPath    string
	binCleanup func()
	binErr     error
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
		binPath, binCleanup, binErr = testbin.Build(filepath.Join("..", ".."))
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
	for i := 1; i < m.First().Place; i++ {
		if p[i-1] > 0 {
			if !first {
				keys = append(keys, "j")
			}
			first = false
		}
	}
	if !first && p[m.First().Place-1] > 0 {
		keys = append(keys, "j")
	}
	return append(keys, fmt.Sprint(m.First().Amount), "Enter")
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
	m, _, err := engine.HoldOut(g, p, engine.Normal)
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
				return engine.At(i+1, 1)
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
	tm.waitFor("The working is shown with the answer") // the open question shows no nim-sum
	a, err := engine.Analyze(g, p1, engine.Normal)
	if err != nil || a.Move == nil {
		t.Fatalf("question 1, %v, has no winning move: %v", p1, err)
	}
	tm.keys(moveKeys(p1, *a.Move)...)
	tm.waitFor("Right: " + g.DescribeMove(*a.Move).Render(cat) + " wins")
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

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// startInShell runs matchgame with args in a w×h terminal from directory
// dir, under sh with prelude first (ulimit …). The game's process id goes
// to dir/pid; when it ends, the pane shows EXIT:status and the terminal's
// modes (stty -a), which termState reads.
func startInShell(t *testing.T, w, h int, dir, prelude string, args ...string) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("the end-to-end test needs tmux (apt-get install tmux): ", err)
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	game := prelude + "echo $$ > pid; exec env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 " + shellQuote(binary(t)) + " " + strings.Join(quoted, " ")
	cmd := "cd " + shellQuote(dir) + " && sh -c " + shellQuote(game) + "; echo EXIT:$?; stty -a; echo " + sttyEnd + "; sleep 60"
	tm := &tmux{t: t, socket: fmt.Sprintf("matchgame-e2e-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))}
	tm.started = time.Now()
	tm.run("-u", "new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "sh -c "+shellQuote(cmd))
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", tm.socket, "kill-server").Run() })
	return tm
}

// waitForUnwrapped is waitFor for text the game may wrap anywhere, a long
// path: spaces and line ends are left out of both sides.
func (tm *tmux) waitForUnwrapped(want string) {
	tm.t.Helper()
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") }
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(squeeze(tm.screen()), squeeze(want)) {
		if time.Now().After(deadline) {
			tm.t.Fatalf("the screen never showed %q; it shows:\n%s", want, tm.screen())
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
}

// pid is the game's process id, written by startInShell.
func (tm *tmux) pid(dir string) int {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, err := os.ReadFile(filepath.Join(dir, "pid"))
		var pid int
		if _, serr := fmt.Sscan(string(data), &pid); err == nil && serr == nil && pid > 0 {
			return pid
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("no process id in %s: %v", dir, err)
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
}

// modes are the terminal's modes tmux sees: the alternate screen, the
// cursor shown, the mouse reported (any kind, SGR encoding).
func (tm *tmux) modes() string {
	return strings.TrimSpace(tm.run("display", "-p", modesFormat))
}

// modesFormat asks tmux for the modes of the terminal in its pane.
const modesFormat = "alt=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag} sgr=#{mouse_sgr_flag}"

// stopSignalNames are the signals that stop the game, by name.
var stopSignalNames = map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM, "HUP": syscall.SIGHUP, "QUIT": syscall.SIGQUIT}

// restoredModes are the modes of a terminal given back.
const restoredModes = "alt=0 cursor=1 mouse=0 sgr=0"

// exitStatus waits for the game to end and returns its status and the
// whole pane (the history too).
func (tm *tmux) exitStatus() (int, string) {
	tm.t.Helper()
	tm.waitFor("EXIT:")
	tm.waitFor(sttyEnd)                                   // stty -a has written all its lines
	s := tm.run("capture-pane", "-p", "-J", "-S", "-200") // lines the terminal wrapped joined
	m := regexp.MustCompile(`EXIT:(\d+)`).FindStringSubmatch(s)
	var code int
	fmt.Sscan(m[1], &code)
	return code, s
}

// sttyEnd is written after stty -a.
const sttyEnd = "END-OF-STTY"

// cooked reports whether stty -a in pane shows the terminal in cooked
// mode: canonical input and echo.
func cooked(pane string) bool {
	at := strings.LastIndex(pane, "speed")
	if at < 0 {
		return false
	}
	fields := strings.FieldsFunc(pane[at:], func(r rune) bool { return r == ' ' || r == '\n' || r == ';' })
	return slices.Contains(fields, "icanon") && slices.Contains(fields, "echo")
}

// Issue 9, defect 7: SIGINT, SIGTERM, SIGHUP and SIGQUIT in the middle of
// a game give the terminal back (cooked mode, the main screen, the cursor,
// the mouse off), write the handout asked for, dump no goroutines and
// exit 128 + n.
// Ctrl-C typed in the game is the terminal's SIGINT: the same end, 130.
func TestEndToEndSignals(t *testing.T) {
	t.Parallel()
	signals := map[string]syscall.Signal{"ctrl+c": 0}
	for name, sig := range stopSignalNames {
		signals[name] = sig
	}
	for name, sig := range signals {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			tm := startInShell(t, 80, 24, dir, "", "play", "nim", "3", "6", "9", "--pause", "0", "--transcript", "game.md")
			tm.waitFor("your turn")
			if m := tm.modes(); m != "alt=1 cursor=0 mouse=1 sgr=1" {
				t.Fatalf("in the game the terminal's modes are %s", m)
			}
			tm.keys(moveKeys(engine.Position{3, 6, 9}, engine.At(1, 1))...)
			tm.waitFor("The computer:")
			if sig == 0 { // typed: in raw mode a key, not a signal
				tm.keys("C-c")
				sig = syscall.SIGINT
			} else if err := syscall.Kill(tm.pid(dir), sig); err != nil {
				t.Fatal(err)
			}
			code, pane := tm.exitStatus()
			if code != 128+int(sig) {
				t.Errorf("exit status %d, want %d", code, 128+int(sig))
			}
			if m := tm.modes(); m != restoredModes {
				t.Errorf("after the signal the terminal's modes are %s, want %s", m, restoredModes)
			}
			if !cooked(pane) {
				t.Errorf("after the signal the terminal is not in cooked mode:\n%s", pane)
			}
			if strings.Contains(pane, "goroutine") || strings.Contains(pane, "panic") {
				t.Errorf("the pane shows a dump:\n%s", pane)
			}
			data, err := os.ReadFile(filepath.Join(dir, "game.md"))
			if err != nil || !strings.Contains(string(data), "## Move 2") || !strings.HasSuffix(string(data), "\n") {
				t.Errorf("the handout after the signal: %v\n%s", err, data)
			}
		})
	}
}

// SIGTSTP (job control: a shell's kill -TSTP, a stop from a supervisor)
// suspends the game as a terminal program should: the terminal is given
// back while it is stopped, and SIGCONT takes it again, redrawn, with
// the keys working (a trial found it left in the alternate screen with
// the mouse on, and after fg the keys reached nothing).
func TestEndToEndSuspend(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tm := startInShell(t, 80, 24, dir, "", "play", "nim", "3", "6", "9", "--pause", "0")
	tm.waitFor("your turn")
	tm.suspendAndContinue(tm.pid(dir), "alt=1 cursor=0 mouse=1 sgr=1")
	tm.keys(moveKeys(engine.Position{3, 6, 9}, engine.At(1, 1))...)
	tm.waitFor("The computer:")
	tm.keys("q", "y")
	if code, pane := tm.exitStatus(); code != 0 {
		t.Errorf("quitting after a suspension: exit %d\n%s", code, pane)
	}
}

// The class dashboard suspends as the game does: a hostile trial found
// it left the terminal raw, in the alternate screen, while stopped.
func TestEndToEndDashboardSuspend(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tm := startInShell(t, 80, 24, dir, "", "serve", "--class", "--listen", "127.0.0.1:0",
		"--host-key", filepath.Join(dir, "key"), "--report", filepath.Join(dir, "r"), "--store", "off", "--lang", "en")
	tm.waitFor("Students connect with")
	tm.suspendAndContinue(tm.pid(dir), "alt=1 cursor=0 mouse=0 sgr=0")
	tm.keys("x")
	tm.waitFor("End the class")
	tm.keys("y")
	if code, pane := tm.exitStatus(); code != 0 {
		t.Errorf("ending the class after a suspension: exit %d\n%s", code, pane)
	}
}

// suspendAndContinue stops the program with SIGTSTP, as a shell's kill
// -TSTP would: while it is stopped the terminal is given back (the main
// screen, the cursor, the mouse off, cooked mode); SIGCONT, as fg
// would, until it takes the terminal again in the modes it runs in.
func (tm *tmux) suspendAndContinue(pid int, running string) {
	t := tm.t
	t.Helper()
	if err := syscall.Kill(pid, syscall.SIGTSTP); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); tm.modes() != restoredModes || !tm.cookedNow(); {
		if time.Now().After(deadline) {
			t.Fatalf("stopped, the terminal's modes are %s (cooked %t), want %s", tm.modes(), tm.cookedNow(), restoredModes)
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
	// One SIGCONT sent while the program is still on its way to the stop
	// is taken as the continue, and the stop that follows needs another.
	for deadline := time.Now().Add(10 * time.Second); tm.modes() != running; {
		if time.Now().After(deadline) {
			t.Fatalf("after SIGCONT the terminal's modes are %s, want %s", tm.modes(), running)
		}
		if err := syscall.Kill(pid, syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond) // polling interval, not synchronisation
	}
}

// cookedNow reports whether the pane's terminal is in cooked mode now,
// asked of its device (the program in it may be stopped).
func (tm *tmux) cookedNow() bool {
	tty := strings.TrimSpace(tm.run("display", "-p", "#{pane_tty}"))
	out, err := exec.Command("stty", "-a", "-F", tty).Output()
	return err == nil && cooked(string(out))
}

// Issue 9, defects 3 to 6, with the real binary: a refused game, an
// existing --transcript file or a missing directory are refused before
// the screen opens and nothing is written; on a full disk (a file size
// limit) s says it could not save and the game goes on, and quitting
// keeps the old file whole; s in turn picks fresh names and says which.
func TestEndToEndHandoutFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.md")
	os.WriteFile(good, []byte("notes\n"), 0o644)
	for _, c := range []struct {
		args []string
		say  string
	}{
		{[]string{"play", "nim", "0", "0", "--transcript", good, "--force"}, "no legal move"},
		{[]string{"play", "nim", "3", "6", "9", "--transcript", good}, "exists"},
		{[]string{"play", "nim", "3", "6", "9", "--transcript", filepath.Join(dir, "missing", "t.md")}, "cannot be written"},
	} {
		tm := startInShell(t, 80, 24, dir, "", c.args...)
		code, pane := tm.exitStatus()
		if code != 2 || !strings.Contains(pane, c.say) || strings.Contains(pane, "your turn") {
			t.Errorf("%q: exit %d; want 2, refused before the game with %q:\n%s", c.args, code, c.say, pane)
		}
	}
	handoutDiskFull(t, dir, good)
	saved := handoutSaves(t, dir)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"good.md", "pid"}
	for _, s := range saved {
		want = append(want, filepath.Base(s))
	}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("the directory holds %v, want %v (no temporary file left)", names, want)
	}
	if data, _ := os.ReadFile(good); string(data) != "notes\n" {
		t.Errorf("good.md was changed: %q", data)
	}
}

// handoutDiskFull plays with 1 KiB at most per file (sh's ulimit counts
// 512-byte blocks): the handout after two moves is larger; s and quitting
// say why it was not written.
func handoutDiskFull(t *testing.T, dir, good string) {
	tm := startInShell(t, 80, 24, dir, "ulimit -f 2; ", "play", "nim", "3", "6", "9", "--pause", "0", "--transcript", good, "--force")
	tm.waitFor("your turn")
	p := engine.Position{3, 6, 9}
	for i := range 2 {
		mine := engine.At(1, 1)
		tm.keys(moveKeys(p, mine)...)
		p, _ = variants.Nim{}.Apply(p, mine)
		cpu := cpuMove(t, variants.Nim{}, p)
		p, _ = variants.Nim{}.Apply(p, cpu)
		tm.waitFor(fmt.Sprintf("The computer: %s, leaving %s.", variants.Nim{}.DescribeMove(cpu).Render(assets.Messages("en")), p))
		if i == 0 {
			tm.keys("s")
			tm.waitFor("Could not save the handout")
			tm.waitFor("The game goes on")
		}
	}
	tm.keys("q", "y")
	code, pane := tm.exitStatus()
	if code != 1 || !strings.Contains(pane, "too large") {
		t.Errorf("quitting with the disk full: exit %d, want 1 and the reason:\n%s", code, pane)
	}
	if m := tm.modes(); m != restoredModes || !cooked(pane) {
		t.Errorf("after a failed write the terminal is %s:\n%s", m, pane)
	}
}

// handoutSaves presses s three times with something new between, and
// once more with nothing new: three files, each named on screen.
func handoutSaves(t *testing.T, dir string) []string {
	tm := startInShell(t, 80, 24, dir, "", "play", "nim", "3", "6", "9", "--pause", "0")
	tm.waitFor("your turn")
	var saved []string
	for i := range 3 {
		if i > 0 { // something new to save: a move and the reply
			moveAndReply(tm)
		}
		tm.keys("s")
		files := filesAtLeast(filepath.Join(dir, "matchgame-*.md"), i+1)
		if len(files) != i+1 {
			t.Fatalf("after %d presses of s the directory holds %v", i+1, files)
		}
		for _, f := range files {
			if !slices.Contains(saved, f) {
				saved = append(saved, f)
				tm.waitForUnwrapped("Saved the handout: " + f)
			}
		}
	}
	tm.keys("s") // nothing new: no fourth file
	tm.waitForUnwrapped("Nothing new since the last save: the handout is " + saved[2])
	tm.keys("q", "y")
	if code, pane := tm.exitStatus(); code != 0 {
		t.Errorf("quitting: exit %d\n%s", code, pane)
	}
	return saved
}

// moveAndReply makes the selected move and waits for the reply.
func moveAndReply(tm *tmux) {
	before := tm.screen()
	tm.keys("Enter")
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		if s := tm.screen(); s != before && strings.Contains(s, "your turn") && !strings.Contains(s, "thinking") {
			break
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
}

// filesAtLeast are the files matching pattern, once there are n of them
// or after 10 s.
func filesAtLeast(pattern string, n int) []string {
	deadline := time.Now().Add(10 * time.Second)
	var files []string
	for len(files) < n && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
		files, _ = filepath.Glob(pattern)
	}
	return files
}

// Issue 18, rough edge 12: a stray bracketed-paste start (ESC[200~ with no
// end) left the game deaf to ctrl+c and q until an end came; ctrl+c now
// ends the paste and the game, and a paste that stops is ended anyway.
func TestEndToEndStrayPaste(t *testing.T) {
	t.Parallel()
	for _, then := range []string{"C-c", "q"} {
		tm := startInShell(t, 80, 24, t.TempDir(), "", "play", "nim", "3", "6", "9", "--pause", "0")
		tm.waitFor("your turn")
		tm.run("send-keys", "-l", pasteStart)
		if then == "q" {
			// a q typed inside the paste is pasted text; one typed after
			// the paste's pause is a key (the wait is the fix, not a sync)
			time.Sleep(pasteWait + 100*time.Millisecond)
		}
		tm.keys(then)
		code, pane := tm.exitStatus()
		if want := map[string]int{"C-c": 130, "q": 0}[then]; code != want || !cooked(pane) || tm.modes() != restoredModes {
			t.Errorf("%s after a stray paste start: exit %d (want %d), modes %s:\n%s", then, code, want, tm.modes(), pane)
		}
	}
}
