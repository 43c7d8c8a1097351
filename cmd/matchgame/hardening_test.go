package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/testbin"
	"matchgame/internal/tui"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// The built command, for what only a process shows: signals, exit
// statuses, standard input that is /dev/null, peak memory.
var built struct {
	once    sync.Once
	path    string
	cleanup func()
	err     error
}

func TestMain(m *testing.M) {
	flag.Parse()
	// run in this process has no terminal to give serve --class; the
	// built command's TestClassNeedsATerminal checks for one.
	dashboardTerminal = func() error { return nil }
	// Most tests wait on the program they run.
	testbin.MoreAtOnce(raceDetector)
	if os.Getenv("GOGC") == "" { // many short-lived values: collect at 5× the live heap, not 2× (less CPU on the collector; GOGC wins)
		debug.SetGCPercent(400)
	}
	code := m.Run()
	if built.cleanup != nil {
		built.cleanup()
	}
	os.Exit(code)
}

func binary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.path, built.cleanup, built.err = testbin.Build(filepath.Join("..", ".."))
	})
	if built.err != nil {
		t.Fatalf("go build: %v", built.err)
	}
	return built.path
}

// checkMessage fails unless errText is one line for people: "matchgame: "
// and a message of at most about 200 columns, with no control character
// and valid UTF-8.
func checkMessage(t *testing.T, args []string, errText string) {
	t.Helper()
	line, ok := strings.CutSuffix(errText, "\n")
	if !ok || !strings.HasPrefix(line, "matchgame: ") {
		t.Errorf("%q: want one line starting matchgame:, got %q", args, errText)
		return
	}
	if !utf8.ValidString(line) {
		t.Errorf("%q: invalid UTF-8 in %q", args, line)
	}
	for _, r := range line {
		if unicode.IsControl(r) || !unicode.IsPrint(r) && r != ' ' {
			t.Errorf("%q: raw control character %U in %q", args, r, line)
			break
		}
	}
	if w := uniseg.StringWidth(line); w > 200 {
		t.Errorf("%q: %d columns: %q", args, w, line)
	}
}

// Flags that apply everywhere come before the command too.
func TestGlobalFlags(t *testing.T) {
	t.Parallel()
	code, out, errText := runCLI(t, "", "--lang", "zh", "analyze", "nim", "3", "4")
	_, en, _ := runCLI(t, "", "analyze", "nim", "3", "4", "--lang", "en")
	if code != 0 || out == en || !strings.Contains(out, "堆") {
		t.Errorf("--lang zh analyze nim 3 4: exit %d, %q %q", code, out, errText)
	}
	usage := assets.Messages("zh").T("cli.usage") + "\n"
	for _, c := range []struct {
		args []string
		ok   func(out string) bool
	}{
		{[]string{"--lang=zh", "demo", "nim", "1"}, func(out string) bool { return strings.Contains(out, "甲") }},
		{[]string{"help", "--lang", "zh"}, func(out string) bool { return out == usage }},
		{[]string{"--help", "analyze"}, func(out string) bool { return strings.Contains(out, "analyze GAME") }},
		{[]string{"presets", "--lang", "zh"}, func(out string) bool { return strings.Contains(out, "两堆") }},
		{[]string{"analyze", "NIM", "3"}, func(out string) bool { return strings.HasPrefix(out, "Nim 3 ·") }},
	} {
		if code, out, _ := runCLI(t, "", c.args...); code != 0 || !c.ok(out) {
			t.Errorf("%q: exit %d, %q", c.args, code, out)
		}
	}
}

// A bad flag before the command is refused rather than opening the menu;
// every usage error exits 2, with one line that names what was wrong.
func TestUsageErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args    []string
		mention string
	}{
		{[]string{"--lang", "xx"}, `"xx"`},
		{[]string{"--lang=xx"}, `"xx"`},
		{[]string{"--lang"}, "--lang needs a value"},
		{[]string{"--lang", "xx", "analyze", "nim", "3"}, `"xx"`},
		{[]string{"--help", "foo"}, `"foo"`},
		{[]string{"--version", "foo"}, `"foo"`},
		{[]string{"version", "foo"}, `"foo"`},
		{[]string{"presets", "foo"}, `"foo"`},
		{[]string{"presets", "--bogus"}, "--bogus"},
		{[]string{"help", "foo"}, `"foo"`},
		{[]string{"help", "analyze", "demo"}, `"demo"`},
		{[]string{"--bogus"}, "--bogus"},
		{[]string{"--misere", "analyze", "nim", "3"}, "after the command"},
		{[]string{"-x"}, "-x"},
		{[]string{"analyze", "nmi", "3", "--max", "3"}, "did you mean nim"},
		{[]string{"analyze", "NIM", "3", "--max", "3"}, "nim takes no --max"},
		{[]string{"demo", "nim", "3", "--limit", "x"}, `"x"`},
		{[]string{"analyze", "nim", "--max-input", "0"}, "--max-input"},
		{[]string{"analyze", "nim", "--max-input", "1Q"}, "--max-input"},
		{[]string{"play", "nim", "3", "--first", "you"}, `"you"`},
	} {
		code, out, errText := runCLI(t, "", tc.args...)
		if code != 2 || out != "" {
			t.Errorf("%q: exit %d, stdout %q, want 2 and nothing", tc.args, code, out)
		}
		checkMessage(t, tc.args, errText)
		if !strings.Contains(errText, tc.mention) {
			t.Errorf("%q: %q does not say %q", tc.args, errText, tc.mention)
		}
	}
}

// Untrusted text is quoted, with control characters and invalid UTF-8
// escaped and long values elided, whole characters only.
func TestMessagesAreOneSafeLine(t *testing.T) {
	t.Parallel()
	long := make([]string, 10000)
	for i := range long {
		long[i] = strings.Repeat("1", 1+i%4)
	}
	dir := t.TempDir()
	odd := filepath.Join(dir, "notes\n\x1b[2J.md")
	if err := os.WriteFile(odd, []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args    []string
		mention string
	}{
		{[]string{"analyze", "nim", "3", "--fo\no"}, `"--fo\no"`},
		{[]string{"analyze", "nim", "3", "--\x1b[2Jx"}, `\x1b[2Jx`},
		{[]string{"analyze", "nim", "3", "-\x1b[2J"}, `\x1b`},
		{[]string{"analyze", "nim", "3", "--x=\x1b[2J"}, `--x`},
		{[]string{"analyze", "\x1b[2Jnim", "3"}, `\x1b`},
		{[]string{"analyze", "nim", "3\xff"}, `\xff`},
		{[]string{"analyze", "nim", "37" + strings.Repeat("中", 30)}, `37中中`}, // cut at 40 bytes: inside a character
		{[]string{"analyze", "nim", strings.Repeat("\x1b", 5000)}, `\x1b`},
		{[]string{"analyze", "subtraction", "3", "--set", strings.Join(long, ",")}, `"1,11,111,1111,`},
		{[]string{"analyze", "subtraction", "3", "--set", strings.Join(long[:60], ",") + ",,"}, `…"`},
		{[]string{"analyze", "subtraction", "3", "--set", "1,1" + strings.Repeat(",9", 40) + "\x1b"}, `\x1b`},
		{[]string{"analyze", "nim", "3", "--lang", "\x1b[2J"}, `\x1b`},
		{[]string{"\x1b[2J"}, `\x1b`},
		{[]string{"demo", "nim", "3", "--transcript", odd}, `notes\n\x1b[2J.md`},
		{[]string{"--preset", "\x1b[2J"}, "goes after the command"},
		{[]string{"analyze", "--preset", "\x1b[2J"}, `\x1b`},
	} {
		code, _, errText := runCLI(t, "", tc.args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2", tc.args, code)
		}
		checkMessage(t, tc.args, errText)
		if !strings.Contains(errText, tc.mention) {
			t.Errorf("%q: %q does not say %q", tc.args, errText, tc.mention)
		}
	}
	if _, _, errText := runCLI(t, "", "analyze", "nim", "37"+strings.Repeat("中", 30)); strings.Contains(errText, `\x`) {
		t.Errorf("a cut through a character: %q", errText)
	}
	_, _, errText := runCLI(t, "", "analyze", "subtraction", "3", "--set", strings.Join(long, ","))
	if !strings.Contains(errText, "10,000 elements") || !strings.Contains(errText, `,…"`) {
		t.Errorf("a set of 10,000 elements: %q", errText)
	}
	// No package or game prefix: the message starts with what is wrong.
	for _, args := range [][]string{{"analyze", "nim", "3", "-4"}, {"analyze", "georgia-bob", "1", "3", "3"}, {"analyze", "bash", "1", "2", "--max", "3"}} {
		_, _, errText := runCLI(t, "", args...)
		if rest := strings.TrimPrefix(errText, "matchgame: "); strings.HasPrefix(rest, args[1]) || strings.HasPrefix(rest, "matchgame") {
			t.Errorf("%q: prefixed message %q", args, errText)
		}
	}
	// The same in Chinese: full-width punctuation, and still one line.
	code, _, errText := runCLI(t, "", "analyze", "nim", "3", "--fo\no", "--lang", "zh")
	if code != 2 || !strings.Contains(errText, "未知选项") {
		t.Errorf("zh unknown flag: exit %d, %q", code, errText)
	}
	checkMessage(t, nil, errText)
}

// elide never splits a character, and says where it cut.
func TestElide(t *testing.T) {
	t.Parallel()
	for _, s := range []string{strings.Repeat("中", 100), strings.Repeat("a", 100), "a\xffb" + strings.Repeat("é", 80), "short"} {
		e := engine.Elide(s, 40)
		if !utf8.ValidString(e) && utf8.ValidString(s) {
			t.Errorf("elide(%q) = %q: split a character", s, e)
		}
		if utf8.RuneCountInString(s) > 40 && (!strings.HasSuffix(e, "…") || utf8.RuneCountInString(e) != 41) {
			t.Errorf("elide(%q) = %q", s, e)
		}
		if utf8.RuneCountInString(s) <= 40 && e != s {
			t.Errorf("elide(%q) = %q, want it whole", s, e)
		}
	}
	if got := text.SafeLine("a\nb\x1b[2J\xff中\u0085\u202e"); got != `a\nb\x1b[2J\xff中\u0085\u202e` {
		t.Errorf("safeLine: %q", got)
	}
	if got := text.SafeLine(strings.Repeat("中", 300)); uniseg.StringWidth(text.Prefix+got) > 200 || !strings.HasSuffix(got, "…") {
		t.Errorf("safeLine of 600 columns: %d columns", uniseg.StringWidth(got))
	}
}

// failingWriter is a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// A failed write is reported with one line and exit status 1.
func TestWriteErrors(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"presets"}, {"--help"}, {"help"}, {"--version"}, {"version"}, {"analyze", "--help"},
		{"analyze", "nim", "3"}, {"analyze", "nim", "3", "--json"}, {"demo", "nim", "3", "4"}, {"demo", "nim", "3", "--json"},
		{"play", "--help"}, {"presets", "--help"}} {
		var errb bytes.Buffer
		code := run(args, strings.NewReader(""), failingWriter{}, &errb)
		if code != 1 {
			t.Errorf("%q into a full disk: exit %d, want 1", args, code)
		}
		checkMessage(t, args, errb.String())
		if !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%q: %q does not say why", args, errb.String())
		}
	}
}

// A real full disk, /dev/full, as the shell gives it.
func TestDevFull(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	for _, args := range [][]string{{"presets"}, {"--help"}, {"--version"}, {"analyze", "nim", "3"}, {"demo", "nim", "3"}} {
		cmd := exec.Command(binary(t), args...)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &errb
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 1 {
			t.Errorf("%q > /dev/full: exit %d (%v), want 1", args, code, err)
		}
		checkMessage(t, args, errb.String())
	}
}

// endless is an endless stream: a first part, then piece over and over.
// It counts what was read.
type endless struct {
	first, piece []byte
	read         int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(e.first) > 0 {
			c := copy(p[n:], e.first)
			e.first = e.first[c:]
			n += c
			continue
		}
		n += copy(p[n:], e.piece[int(e.read+int64(n))%len(e.piece):])
	}
	e.read += int64(n)
	return n, nil
}

// Standard input is read with a limit, and refused at the first NUL byte
// or bad number, without reading on.
func TestInputLimits(t *testing.T) {
	t.Parallel()
	msg := func(err error) string { return engine.Message(err, assets.Messages("en")) }
	for _, c := range []struct {
		name  string
		in    *endless
		limit int64
		says  string // in the refusal
		most  int64  // bytes read at most
	}{
		{"/dev/zero", &endless{piece: []byte{0}}, variants.DefaultMaxInput, "NUL", 8 << 20},
		{"a bad number then yes 7", &endless{first: []byte("3 6 x9 "), piece: []byte("7\n")}, variants.DefaultMaxInput, `"x9"`, 8 << 20},
		// A bad number that is still being read is refused too.
		{"an endless bad number", &endless{first: []byte("3 6 9x"), piece: []byte("9")}, variants.DefaultMaxInput, "", 8 << 20},
		{"yes 7 past 3 MiB", &endless{piece: []byte("7\n")}, 3 << 20, "3,145,728 bytes", 3<<20 + 1},
	} {
		_, err := variants.ReadPosition(c.in, "what.heap", c.limit)
		if !errors.Is(err, engine.ErrRefused) || !strings.Contains(msg(err), c.says) || c.in.read > c.most {
			t.Errorf("%s: %v after %d bytes", c.name, err, c.in.read)
		}
	}
	// The limit itself is fine; a byte more is not.
	exact := strings.Repeat("7 ", 1000)
	if p, err := variants.ReadPosition(strings.NewReader(exact), "what.heap", 2000); err != nil || len(p) != 1000 {
		t.Errorf("2000 bytes with a limit of 2000: %d numbers, %v", len(p), err)
	}
	if _, err := variants.ReadPosition(strings.NewReader(exact+"7"), "what.heap", 2000); !errors.Is(err, engine.ErrRefused) {
		t.Errorf("2001 bytes with a limit of 2000: %v", err)
	}
	// A number split between two reads is read whole.
	split := &chunked{data: []byte("12 345 6789 "), size: 2}
	if p, err := variants.ReadPosition(split, "what.heap", 100); err != nil || len(p) != 3 || p[2] != 6789 {
		t.Errorf("numbers read two bytes at a time: %v, %v", p, err)
	}
}

// analyze --max-input bounds standard input.
func TestMaxInputFlag(t *testing.T) {
	t.Parallel()
	code, _, errText := runCLI(t, strings.Repeat("7 ", 100), "analyze", "nim", "--max-input", "100")
	if code != 2 || !strings.Contains(errText, "100 bytes") {
		t.Errorf("--max-input 100 with 200 bytes: exit %d, %q", code, errText)
	}
	checkMessage(t, nil, errText)
	if code, _, _ := runCLI(t, strings.Repeat("7 ", 100), "analyze", "nim", "--max-input", "1K"); code != 0 {
		t.Errorf("--max-input 1K with 200 bytes: exit %d", code)
	}
}

// Files: one the size of the limit is read directly, a larger one is
// refused before it is read, and one past variants.DirectMax is read as a
// stream is.
func TestInputFiles(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1000, variants.DirectMax/2 + 1000} {
		f, err := os.CreateTemp(t.TempDir(), "heaps")
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(strings.Repeat("7 ", n-1) + "12")
		f.Seek(0, io.SeekStart)
		p, err := variants.ReadPosition(f, "what.heap", int64(2*n))
		if err != nil || len(p) != n || p[0] != 7 || p[n-1] != 12 {
			t.Errorf("a file of %d numbers: %d read, %v", n, len(p), err)
		}
		f.Seek(0, io.SeekStart)
		if _, err := variants.ReadPosition(f, "what.heap", int64(2*n-1)); !errors.Is(err, engine.ErrRefused) {
			t.Errorf("a file of %d bytes with a limit of %d: %v", 2*n, 2*n-1, err)
		}
		f.Close()
	}
}

// chunked hands out data size bytes at a time, as a pipe may.
type chunked struct {
	data []byte
	size int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.size)], c.data)
	c.data = c.data[n:]
	return n, nil
}

// Reading takes memory within a bound of the input: the numbers
// themselves (8 bytes each, at most one per 2 bytes of input) and the
// reading buffer.
func TestInputMemory(t *testing.T) { // not in parallel: it measures memory
	in := []byte(strings.Repeat("7 ", 8<<20)) // 16 MiB, 8 Mi numbers
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p, err := variants.ReadPosition(&chunked{data: in, size: 64 << 10}, "what.heap", variants.DefaultMaxInput)
	runtime.ReadMemStats(&after)
	if err != nil || len(p) != 8<<20 {
		t.Fatalf("read %d numbers: %v", len(p), err)
	}
	if total := after.TotalAlloc - before.TotalAlloc; total > uint64(len(in))*5+16<<20 {
		t.Errorf("reading %d bytes allocated %d bytes", len(in), total)
	}
}

// The note about the terminal is only for a terminal.
func TestNoTerminalNoteForDevNull(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(binary(t), "analyze", "nim")
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	var errb bytes.Buffer
	cmd.Stdin, cmd.Stderr = devnull, &errb
	cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 2 || strings.Contains(errb.String(), "terminal") {
		t.Errorf("analyze nim < /dev/null: exit %d, %q", code, errb.String())
	}
	checkMessage(t, nil, errb.String())
}

// The full-screen game is refused where it cannot be shown, with one
// plain line: a dumb terminal, or a position larger than it plays.
func TestPlayRefusedPlainly(t *testing.T) {
	t.Setenv("TERM", "dumb")
	for _, args := range [][]string{{}, {"--lang", "en"}, {"play", "nim", "3"}, {"play", "--preset", "p1247-win"}} {
		code, _, errText := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(errText, "TERM=dumb") {
			t.Errorf("TERM=dumb matchgame %q: exit %d, %q", args, code, errText)
		}
		checkMessage(t, args, errText)
	}
	t.Setenv("TERM", "xterm-256color")
	heaps := append([]string{"play", "nim"}, strings.Fields(strings.Repeat("1 ", 100_001))...)
	code, _, errText := runCLI(t, "", heaps...)
	if code != 2 || !strings.Contains(errText, "100,001") || !strings.Contains(errText, "100,000") {
		t.Errorf("play nim with 100,001 heaps: exit %d, %q", code, errText)
	}
	checkMessage(t, nil, errText)
}

// Exit statuses: 0, 1, 2, and 128 + n after signal n; the help says so.
func TestExitStatuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, 0}, {engine.Refuse("err.nomove"), 2}, {errors.New("disk"), 1},
		{tui.SignalError{Signal: syscall.SIGHUP}, 129}, {tui.SignalError{Signal: syscall.SIGINT}, 130},
		{tui.SignalError{Signal: syscall.SIGQUIT}, 131}, {tui.SignalError{Signal: syscall.SIGTERM}, 143},
	} {
		if got := exitStatus(tc.err); got != tc.want {
			t.Errorf("exitStatus(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
	for _, args := range [][]string{{"--help"}, {"analyze", "--help"}, {"demo", "--help"}, {"play", "--help"}} {
		for _, lang := range assets.Langs {
			_, out, _ := runCLI(t, "", append(args, "--lang", lang)...)
			if !strings.Contains(out, "128") || !strings.Contains(out, "2") {
				t.Errorf("%q --lang %s does not give the exit statuses: %q", args, lang, out)
			}
		}
	}
	_, out, _ := runCLI(t, "", "analyze", "--help")
	if !strings.Contains(out, "--max-input") || !strings.Contains(out, "1 GiB") {
		t.Errorf("analyze --help does not give the input limit: %q", out)
	}
}

// startDemo runs a long demo and waits for its first lines.
func startDemo(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	limit := "100000000"
	if slices.Contains(args, "--transcript") { // as long as a handout may be
		limit = "10000"
	}
	cmd := exec.Command(binary(t), append([]string{"demo", "bash", "--max", "1", "1000000", "--limit", limit}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stdout)
	for range 200 { // some moves are made
		if _, err := r.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	go io.Copy(io.Discard, r)
	return cmd, &errb
}

// waitExit waits at most 10 s for cmd and returns its exit status.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not stop within 10 s", cmd.Args)
	}
	return cmd.ProcessState.ExitCode()
}

// A signal stops a demo cleanly: the handout of the moves so far is
// written when asked for, never over a file without --force, and the
// exit status is 128 + n; SIGQUIT dumps no goroutines.
func TestDemoSignals(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the command")
	}
	dir := t.TempDir()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		handout := filepath.Join(dir, sig.String()+".md")
		cmd, errb := startDemo(t, "--transcript", handout)
		cmd.Process.Signal(sig)
		if code := waitExit(t, cmd); code != 128+int(sig) {
			t.Errorf("%v: exit %d, want %d (%s)", sig, code, 128+int(sig), errb)
		}
		if strings.Contains(errb.String(), "goroutine") {
			t.Errorf("%v: %s", sig, errb)
		}
		checkMessage(t, []string{sig.String()}, errb.String())
		data, err := os.ReadFile(handout)
		if err != nil || !bytes.Contains(data, []byte("#")) || !bytes.Contains(data, []byte("1,000,000")) {
			t.Errorf("%v: handout %q: %v", sig, firstLine(data), err)
		}
		if !strings.Contains(errb.String(), filepath.Base(handout)) {
			t.Errorf("%v: the message does not name the handout: %q", sig, errb)
		}
	}
	// Without --transcript nothing is written; with --force an existing
	// file is replaced, whole.
	cmd, errb := startDemo(t)
	cmd.Process.Signal(syscall.SIGINT)
	if code := waitExit(t, cmd); code != 130 {
		t.Errorf("SIGINT without a transcript: exit %d (%s)", code, errb)
	}
	notes := filepath.Join(dir, "notes.md")
	os.WriteFile(notes, []byte("notes"), 0o644)
	cmd, _ = startDemo(t, "--transcript", notes, "--force")
	cmd.Process.Signal(syscall.SIGTERM)
	waitExit(t, cmd)
	if data, _ := os.ReadFile(notes); !bytes.HasPrefix(data, []byte("#")) {
		t.Errorf("--force: %q", firstLine(data))
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, ".matchgame-*")); len(matches) > 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}

func firstLine(b []byte) string {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return string(line)
}

// analyze reading an endless stream stops at once on a signal.
func TestAnalyzeSignal(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the command")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT} {
		cmd := exec.Command(binary(t), "analyze", "nim")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var written atomic.Int64
		go func() {
			chunk := []byte(strings.Repeat("7 7 7 7\n", 512))
			for {
				if _, err := stdin.Write(chunk); err != nil {
					return
				}
				written.Add(int64(len(chunk)))
				time.Sleep(time.Millisecond)
			}
		}()
		// Past a pipe's buffer (64 KiB) the command is reading, its signals
		// caught: a fixed wait of 200 ms was sometimes too short under load.
		for deadline := time.Now().Add(30 * time.Second); written.Load() < 128<<10; {
			if time.Now().After(deadline) {
				t.Fatalf("%v: the command read %d bytes in 30 s", sig, written.Load())
			}
			time.Sleep(10 * time.Millisecond) // polling interval, not synchronisation
		}
		start := time.Now()
		cmd.Process.Signal(sig)
		if code := waitExit(t, cmd); code != 128+int(sig) || time.Since(start) > 2*time.Second || strings.Contains(errb.String(), "goroutine") {
			t.Errorf("%v: exit %d after %v, %q", sig, code, time.Since(start), errb.String())
		}
		stdin.Close()
	}
}

// A demo without --transcript keeps nothing: its memory does not grow
// with the moves.
func TestDemoStreams(t *testing.T) { // not in parallel: it measures memory
	if testing.Short() {
		t.Skip("runs the command")
	}
	peak := func(plies string) int64 {
		cmd := exec.Command(binary(t), "demo", "bash", "--max", "1", plies, "--limit", plies)
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
		return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB
	}
	many := "30000" // 60,000 in CI
	if os.Getenv("MATCHGAME_THOROUGH") != "" {
		many = "60000"
	}
	small, large := peak("1000"), peak(many)
	if large > small+16<<10 {
		t.Errorf("peak memory %d KiB for 1,000 moves, %d KiB for %s", small, large, many)
	}
}

// The command line's Chinese (err.*, what.*, cli.*, demo.*: the keys
// assets' test leaves to it) uses full-width punctuation too.
func TestChinesePunctuation(t *testing.T) {
	t.Parallel()
	touching := regexp.MustCompile(`\p{Han}[,:;()?!]|[,:;()?!]\p{Han}|[。；：，] \p{Han}`)
	zh := assets.Messages("zh")
	for _, key := range zh.Keys() {
		if !regexp.MustCompile(`^(err|what|cli|demo)\.`).MatchString(key) {
			continue
		}
		if m := touching.FindString(zh.T(key)); m != "" {
			t.Errorf("zh: %s has %q: use full-width punctuation", key, m)
		}
	}
	// The list of winning moves is joined the same way.
	_, out, _ := runCLI(t, "", "analyze", "staircase", "0", "1", "5", "3", "--lang", "zh")
	if m := touching.FindString(out); m != "" || !strings.Contains(out, "台阶；把") {
		t.Errorf("zh winning moves: %q in %q", m, out)
	}
}

// serve ends every session on a signal, then exits with 128 + n; SIGQUIT
// dumps no goroutines.
func TestServeSignals(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the command")
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGQUIT} {
		cmd := exec.Command(binary(t), "serve", "--listen", "127.0.0.1:0", "--host-key", filepath.Join(t.TempDir(), "key"))
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		out := bufio.NewReader(stdout)
		if line, err := out.ReadString('\n'); err != nil || !strings.Contains(line, "127.0.0.1") {
			t.Fatalf("serve: %q, %v (%s)", line, err, errb.String())
		}
		cmd.Process.Signal(sig)
		// Issue 19, item 4: never an exit without a line that says why.
		last, _ := out.ReadString('\n')
		if code := waitExit(t, cmd); code != 128+int(sig) || strings.Contains(errb.String(), "goroutine") || !strings.Contains(last, "stopped on SIG") {
			t.Errorf("serve, %v: exit %d, said %q, %q", sig, code, last, errb.String())
		}
	}
}
