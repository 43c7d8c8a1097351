package tui

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// The chaos run of issue 9: the real binary in tmux, every game with its
// parameters and positions at the int64 extremes, in both conventions and
// every explanation mode, and a random start and a quiz of each; seeded
// random keys (never one that leaves on purpose), each batch followed by a
// probe that the screen still answers; then a signal, INT, TERM, HUP and
// QUIT in turn, after which the exit status must be 128 + n, the terminal
// given back (main screen, cursor, mouse off, cooked mode) and every file
// whole. It takes a minute or two, so it runs only when asked:
//
//	MATCHGAME_CHAOS=1 go test -run Chaos -count=1 -v ./internal/tui/
//
// MATCHGAME_CHAOS_SEED changes the keys, MATCHGAME_CHAOS_RUN=n replays run
// n alone, MATCHGAME_BIN tests another build.

const chaosEnv = "MATCHGAME_CHAOS"

// chaosKeys are the keys sent at random, as tmux names them: every key of
// the game but q, y, n, esc and ctrl+c, which leave (or answer a question
// to leave) on purpose. Some are typed numbers at the int64 extremes.
var chaosKeys = []string{"Left", "Right", "Up", "Down", "h", "l", "j", "k", "+", "-", "=", "0", "1", "2", "5", "7", "9",
	"BSpace", "Enter", "Enter", "w", "w", "u", "U", "C-r", "C-z", "e", "Tab", "BTab", "?", "r", "v", "d", "p", "Space",
	".", "<", ">", "s", "PPage", "NPage", "C-d", "C-u", "x",
	"9223372036854775807", "9223372036854775808", "4611686018427387904", "99999999999999999999"}

// chaosSignals end the runs in turn.
var chaosSignals = []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

const (
	chaosBatches   = 6                // batches of keys in a run
	chaosBatch     = 15               // keys in a batch
	chaosAnswer    = 10 * time.Second // a probe unanswered this long is a hang
	chaosMaxMemory = 1 << 30          // resident memory past this is a leak
)

// chaosRun is one game to play at random.
type chaosRun struct {
	label  string
	args   []string // after "play"
	refuse bool     // expected to be refused before the screen opens
	env    string   // extra environment, TERM=dumb
	heaps  int      // that many heaps after args, for the key latency
	sig    syscall.Signal
}

// chaosStats are the figures of the run, for the note.
type chaosStats struct {
	mu                           sync.Mutex
	runs, started, refused, keys int
	probes, files                int
	signals                      map[string]int
	slowest                      time.Duration
	slowestRun                   string
	latency                      map[int][]time.Duration // a key's, by heaps
	peakRSS                      int64                   // KiB
	failures                     []string
}

func (s *chaosStats) add(f func(s *chaosStats)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(s)
}

// paramValues are the values a game's parameter is tried with: its
// default and the int64 extremes. The game refuses some, and some starts
// with the others: the plan keeps what it accepts, and one refusal.
func paramValues(p variants.ParamSpec) []string {
	return []string{p.Default, "1", "4", "4611686018427387904", "9223372036854775807", "1,9223372036854775807"}
}

// chaosPlan lists the runs: for each game, convention and explanation
// mode one start at the extremes (parameters and positions taken in
// turn among those the game accepts), and for each game a random start, a
// quiz, and a refused start with a parameter at an extreme if there is one.
func chaosPlan(t *testing.T) []chaosRun {
	var plan []chaosRun
	for gi, spec := range variants.Games {
		plan = append(plan, chaosGameRuns(spec, gi, len(plan))...)
	}
	return chaosFinish(append(plan, chaosSumRuns()...))
}

// chaosConfigs are every choice of the game's parameters among those
// paramValues gives.
func chaosConfigs(spec variants.Spec) []map[string]string {
	configs := []map[string]string{{}}
	for _, p := range spec.Params {
		var next []map[string]string
		for _, c := range configs {
			for _, v := range paramValues(p) {
				nc := maps.Clone(c)
				nc[p.Name] = v
				next = append(next, nc)
			}
		}
		configs = next
	}
	return configs
}

// chaosFlags are the command line's words for the game with params.
func chaosFlags(spec variants.Spec, params map[string]string, misere bool) []string {
	args := []string{spec.Name}
	for _, k := range slices.Sorted(maps.Keys(params)) {
		args = append(args, "--"+k, params[k])
	}
	if misere && !spec.MisereOnly && !spec.NormalOnly { // Chomp is misère play already, Northcott normal only: both refuse the flag
		args = append(args, "--misere")
	}
	return args
}

// chaosRefusedParams are parameters where a random start is refused.
func chaosRefusedParams(spec variants.Spec, configs []map[string]string) map[string]string {
	for _, params := range configs {
		o := Options{Game: variants.Config{Name: spec.Name, Params: params}, Seed: 1, Lang: "en"}
		if _, _, err := variants.Lookup(o.Game); err != nil || len(params) == 0 {
			continue
		}
		if _, err := newPlay(o, assets.Messages("en"), testStyles); errors.Is(err, engine.ErrRefused) {
			return params
		}
	}
	return nil
}

// chaosStart is a start of a game: its parameters and position.
type chaosStartOf struct {
	params map[string]string
	pos    engine.Position
}

// chaosGameRuns are one game's runs, the plan having n before them.
func chaosGameRuns(spec variants.Spec, gi, n int) []chaosRun {
	var plan []chaosRun
	configs := chaosConfigs(spec)
	for _, misere := range conventions2 {
		plan = append(plan, chaosConventionRuns(spec, configs, misere, n+len(plan))...)
	}
	// A random start with the computer first, and a quiz.
	def := map[string]string{}
	for _, p := range spec.Params {
		def[p.Name] = p.Default
	}
	random := append(chaosFlags(spec, def, gi%2 == 1), "--first", "computer", "--explain", explainModes[gi%3])
	plan = append(plan, chaosRun{label: strings.Join(random, " "), args: random})
	quiz := append(chaosFlags(spec, def, gi%2 == 0), "--quiz", "--explain", explainModes[(gi+1)%3])
	plan = append(plan, chaosRun{label: strings.Join(quiz, " "), args: quiz})
	if refusedParams := chaosRefusedParams(spec, configs); refusedParams != nil {
		refused := chaosFlags(spec, refusedParams, false)
		plan = append(plan, chaosRun{label: strings.Join(refused, " "), args: refused, refuse: true})
	}
	return plan
}

// chaosConventionRuns are a game's runs in one convention, in each
// explanation mode, at the extremes the game accepts; the plan has n
// before them.
func chaosConventionRuns(spec variants.Spec, configs []map[string]string, misere bool, n int) []chaosRun {
	candidates := append(slices.Clone(extremeCandidates), engine.Position{32_767, 3, 1})
	var starts []chaosStartOf
	for _, params := range configs {
		for _, p := range candidates {
			o := Options{Game: variants.Config{Name: spec.Name, Misere: misere, Params: params}, Position: p, Seed: 1, Lang: "en"}
			if _, err := newPlay(o, assets.Messages("en"), testStyles); err == nil {
				starts = append(starts, chaosStartOf{params, p})
			}
		}
	}
	if len(starts) == 0 { // a game bounded by its theory (Chomp's bar, a graph's vertices): the extremes are refused, in one line
		args := chaosFlags(spec, configs[0], misere)
		for _, v := range candidates[0] {
			args = append(args, strconv.FormatInt(v, 10))
		}
		return []chaosRun{{label: strings.Join(args, " "), args: args, refuse: true}}
	}
	// Starts with a number at the extremes first (2^62 and more).
	slices.SortStableFunc(starts, func(a, b chaosStartOf) int {
		return btoi(slices.Max(b.pos) >= 1<<62) - btoi(slices.Max(a.pos) >= 1<<62)
	})
	extreme := slices.IndexFunc(starts, func(s chaosStartOf) bool { return slices.Max(s.pos) < 1<<62 })
	if extreme <= 0 {
		extreme = len(starts)
	}
	var plan []chaosRun
	for ei, explain := range explainModes {
		s := starts[(ei*7+n+len(plan))%extreme]
		args := append(chaosFlags(spec, s.params, misere), "--explain", explain)
		for _, v := range s.pos {
			args = append(args, strconv.FormatInt(v, 10))
		}
		plan = append(plan, chaosRun{label: strings.Join(args, " "), args: args})
	}
	return plan
}

// chaosSumRuns are the runs of sums of games.
func chaosSumRuns() []chaosRun {
	var plan []chaosRun
	// Sums of games (issue 15): at the extremes in each explanation mode, a
	// random one with the computer first, a quiz, and a misère sum too
	// large to search, refused.
	extremeSum := strings.Fields("nim 9223372036854775807 1 + lasker 9223372036854775807 + kayles 4611686018427387904 + wythoff 3 5")
	for _, explain := range explainModes {
		args := append(slices.Clone(extremeSum), "--explain", explain)
		plan = append(plan, chaosRun{label: strings.Join(args, " "), args: args})
	}
	for _, args := range [][]string{strings.Fields("nim + kayles + wythoff --first computer"), strings.Fields("nim + kayles + wythoff --quiz")} {
		plan = append(plan, chaosRun{label: strings.Join(args, " "), args: args})
	}
	misereSum := append(slices.Clone(extremeSum), "--misere")
	plan = append(plan, chaosRun{label: strings.Join(misereSum, " "), args: misereSum, refuse: true})
	plan = append(plan, chaosRun{label: "TERM=dumb nim 3 6 9", args: []string{"nim", "3", "6", "9"}, refuse: true, env: "TERM=dumb"})
	for _, n := range []int{3, 10_000, maxPlaces} { // 3: tmux's own part of the latency
		plan = append(plan, chaosRun{label: fmt.Sprintf("nim with %d heaps", n), args: []string{"nim"}, heaps: n})
	}
	return plan
}

// chaosFinish gives each run its signal, level, pause, seed and handout.
func chaosFinish(plan []chaosRun) []chaosRun {
	for i := range plan {
		plan[i].sig = chaosSignals[i%len(chaosSignals)]
		if !plan[i].refuse {
			level := []string{"perfect", "casual"}[i%2]
			pause := []string{"0", "40ms"}[i/2%2]
			plan[i].args = append(plan[i].args, "--level", level, "--pause", pause, "--seed", fmt.Sprint(i+1), "--transcript", "handout.md")
		}
	}
	return plan
}

func TestChaos(t *testing.T) {
	if os.Getenv(chaosEnv) == "" {
		t.Skip("the chaos run takes a minute or two: " + chaosEnv + "=1 go test -run Chaos -count=1 -v ./internal/tui/")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("the chaos run needs tmux: ", err)
	}
	seed := chaosSeed(t)
	bin := binary(t)
	began := time.Now()
	plan := chaosPlan(t)
	for i, run := range plan {
		then := "refused"
		if !run.refuse {
			then = "then SIG" + signalName(run.sig)
		}
		t.Logf("run %d: play %s (%s)", i+1, run.label, then)
	}
	only := chaosOnly(t, len(plan))
	stats := chaosRunAll(t, bin, plan, seed, only)
	chaosReport(t, stats, seed, began)
}

// chaosSeed is MATCHGAME_CHAOS_SEED, 9 without it.
func chaosSeed(t *testing.T) uint64 {
	seed := uint64(9)
	if s := os.Getenv("MATCHGAME_CHAOS_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("MATCHGAME_CHAOS_SEED=%q: %v", s, err)
		}
		seed = v
	}
	return seed
}

// chaosOnly is the run MATCHGAME_CHAOS_RUN=n replays alone, -1 for all.
func chaosOnly(t *testing.T, runs int) int {
	only := -1
	if s := os.Getenv("MATCHGAME_CHAOS_RUN"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > runs {
			t.Fatalf("MATCHGAME_CHAOS_RUN=%q: want 1 to %d", s, runs)
		}
		only = n - 1
	}
	return only
}

// chaosRunAll plays the plan's runs (or run only), two at a time.
func chaosRunAll(t *testing.T, bin string, plan []chaosRun, seed uint64, only int) *chaosStats {
	stats := &chaosStats{signals: map[string]int{}, latency: map[int][]time.Duration{}}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range 2 { // the machine has two cores, shared
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r := rand.New(rand.NewPCG(seed, uint64(i)))
				if err := chaosPlay(bin, t.TempDir(), plan[i], r, stats); err != nil {
					stats.add(func(s *chaosStats) {
						s.failures = append(s.failures, fmt.Sprintf("run %d, play %s: %v", i+1, plan[i].label, err))
					})
				}
			}
		}()
	}
	for i := range plan {
		if only < 0 || i == only {
			jobs <- i
		}
	}
	close(jobs)
	wg.Wait()
	return stats
}

// chaosReport says the failures and what the runs measured.
func chaosReport(t *testing.T, stats *chaosStats, seed uint64, began time.Time) {
	for _, f := range stats.failures {
		t.Error(f)
	}
	for _, n := range slices.Sorted(maps.Keys(stats.latency)) {
		d := stats.latency[n]
		slices.Sort(d)
		t.Logf("a key (↓/↑, the next heap) at %d heaps shows in %v (median of %d, tmux's commands included), at most %v",
			n, d[len(d)/2].Round(time.Millisecond), len(d), d[len(d)-1].Round(time.Millisecond))
	}
	var sigs []string
	for _, s := range chaosSignals {
		name := signalName(s)
		sigs = append(sigs, fmt.Sprintf("%s %d", name, stats.signals[name]))
	}
	t.Logf("chaos run (seed %d): %d runs of %d games (%d played, %d refused as expected), %d keys, %d probes, "+
		"signals: %s; %d handouts and saved files checked whole; slowest answer to a probe %v (%s); peak memory %d MiB; "+
		"%d failures (panics, hangs, lost files, terminals not restored); %v",
		seed, stats.runs, len(variants.Games), stats.started, stats.refused, stats.keys, stats.probes, strings.Join(sigs, ", "),
		stats.files, stats.slowest.Round(time.Millisecond), stats.slowestRun, stats.peakRSS>>10, len(stats.failures),
		time.Since(began).Round(time.Second))
}

func signalName(s syscall.Signal) string {
	for name, v := range stopSignalNames {
		if v == s {
			return name
		}
	}
	return s.String()
}

// pane is a tmux server with one window running a game.
type pane struct{ socket string }

func (p pane) tmux(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-L", p.socket}, args...)...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("tmux %v: %v: %s", args, err, out)
	}
	return string(out), nil
}

func (p pane) screen() string {
	s, _ := p.tmux("capture-pane", "-p", "-J", "-S", "-100")
	return s
}

// waitFor polls the screen until ok says yes, for at most d; it returns
// the last screen and how long it took.
func (p pane) waitFor(d time.Duration, ok func(string) bool) (string, time.Duration, bool) {
	return p.waitForIn(p.screen, d, ok)
}

// waitForIn is waitFor on the screen as capture takes it.
func (p pane) waitForIn(capture func() string, d time.Duration, ok func(string) bool) (string, time.Duration, bool) {
	start := time.Now()
	for {
		s := capture()
		if ok(s) {
			return s, time.Since(start), true
		}
		if time.Since(start) > d {
			return s, time.Since(start), false
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
}

// stopStuck sends sig to a game that hangs and says what followed: a
// stuck game is still to end within the grace period, the terminal given
// back.
func (p pane) stopStuck(dir string, sig syscall.Signal) string {
	data, _ := os.ReadFile(filepath.Join(dir, "pid"))
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return "no process id"
	}
	syscall.Kill(pid, sig)
	screen, took, ok := p.waitFor(chaosAnswer, func(s string) bool { return strings.Contains(s, sttyEnd) })
	if !ok {
		syscall.Kill(pid, syscall.SIGKILL)
		return fmt.Sprintf("SIG%s did not end it either", signalName(sig))
	}
	modes, _ := p.tmux("display", "-p", modesFormat)
	code := exitLine.FindStringSubmatch(screen)
	return fmt.Sprintf("SIG%s ended it after %v with exit %s, the terminal %s, cooked %v",
		signalName(sig), took.Round(10*time.Millisecond), code[1], strings.TrimSpace(modes), cooked(screen))
}

// visible is the screen as shown, row by row.
func (p pane) visible() string {
	s, _ := p.tmux("capture-pane", "-p")
	return s
}

// lastRow is the index of the last row of s with something on it.
func lastRow(s string) int {
	rows := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := len(rows) - 1; i >= 0; i-- {
		if strings.TrimSpace(rows[i]) != "" {
			return i
		}
	}
	return -1
}

// dumped reports a Go panic or goroutine dump on screen.
func dumped(s string) bool {
	return strings.Contains(s, "panic") || strings.Contains(s, "goroutine ") || strings.Contains(s, "runtime.")
}

// rss is the resident memory of process pid in KiB, 0 if unknown.
func rss(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmRSS:\s+(\d+) kB`).FindSubmatch(data)
	if m == nil {
		return 0
	}
	v, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return v
}

var exitLine = regexp.MustCompile(`EXIT:(\d+)`)

// chaosPlay plays one run in dir and checks what it left.
func chaosPlay(bin, dir string, run chaosRun, r *rand.Rand, stats *chaosStats) error {
	p := pane{socket: fmt.Sprintf("matchgame-chaos-%d-%s", os.Getpid(), filepath.Base(dir))}
	defer exec.Command("tmux", "-L", p.socket, "kill-server").Run()
	if err := chaosStart(p, bin, dir, run, r); err != nil {
		return err
	}
	stats.add(func(s *chaosStats) { s.runs++ })
	// The key line's "? help" is on every game's screen; the title may
	// leave out "matchgame" where the game's own title needs the room.
	screen, _, ok := p.waitFor(chaosAnswer, func(s string) bool { return strings.Contains(s, "? help") || chaosExited(s) })
	switch {
	case !ok:
		return fmt.Errorf("no first frame and no exit after %v (%s):\n%s", chaosAnswer, p.stopStuck(dir, run.sig), screen)
	case run.refuse:
		return chaosRefused(p, stats)
	case chaosExited(screen):
		return fmt.Errorf("the game did not start:\n%s", screen)
	}
	stats.add(func(s *chaosStats) { s.started++ })
	pid, err := chaosStarted(p, dir)
	if err != nil {
		return err
	}
	if err := chaosLatency(p, run, stats); err != nil {
		return err
	}
	for batch := range chaosBatches {
		if err := chaosBatchOf(p, dir, run, r, stats, pid, batch); err != nil {
			return err
		}
	}
	return chaosEnd(p, dir, run, stats, pid)
}

// chaosExited reports whether the screen shows the game's exit and the
// terminal's modes after it.
func chaosExited(s string) bool { return exitLine.MatchString(s) && strings.Contains(s, sttyEnd) }

// chaosStart starts the run's game in a tmux of its own.
func chaosStart(p pane, bin, dir string, run chaosRun, r *rand.Rand) error {
	quoted := []string{shellQuote(bin), "play"}
	for _, a := range run.args {
		quoted = append(quoted, shellQuote(a))
	}
	if run.heaps > 0 { // 1 to 1,000 matches, and one of each extreme
		heaps := []string{"9223372036854775807", "4611686018427387904"}
		for len(heaps) < run.heaps {
			heaps = append(heaps, strconv.Itoa(1+r.IntN(1000)))
		}
		if err := os.WriteFile(filepath.Join(dir, "heaps"), []byte(strings.Join(heaps, " ")), 0o644); err != nil {
			return err
		}
		quoted = append(quoted, "$(cat heaps)")
	}
	env := "env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 " + run.env + " "
	game := "echo $$ > pid; exec " + env + strings.Join(quoted, " ")
	cmd := "cd " + shellQuote(dir) + " && sh -c " + shellQuote(game) + "; echo EXIT:$?; stty -a; echo " + sttyEnd + "; sleep 120"
	_, err := p.tmux("-u", "new-session", "-d", "-x", "80", "-y", "24", "sh -c "+shellQuote(cmd))
	return err
}

// chaosRefused checks a refused start: exit 2, one line, nothing drawn
// or dumped, the terminal as it was.
func chaosRefused(p pane, stats *chaosStats) error {
	screen, _, ok := p.waitFor(chaosAnswer, chaosExited)
	code := exitLine.FindStringSubmatch(screen)
	switch {
	case !ok || code[1] != "2":
		return fmt.Errorf("want a refusal, exit 2; the screen shows:\n%s", screen)
	case strings.Contains(screen, "? help"), dumped(screen):
		return fmt.Errorf("refused, but the game was drawn first or something was dumped:\n%s", screen)
	case strings.Count(strings.TrimSpace(screen[:strings.Index(screen, "EXIT:")]), "\n") > 0:
		return fmt.Errorf("the refusal is not one line:\n%s", screen)
	}
	modes, _ := p.tmux("display", "-p", modesFormat)
	if strings.TrimSpace(modes) != restoredModes || !cooked(screen) {
		return fmt.Errorf("a refusal left the terminal %s:\n%s", modes, screen)
	}
	stats.add(func(s *chaosStats) { s.refused++ })
	return nil
}

// chaosStarted is the game's process, its terminal checked: the
// alternate screen and the mouse on.
func chaosStarted(p pane, dir string) (int, error) {
	data, _ := os.ReadFile(filepath.Join(dir, "pid"))
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0, fmt.Errorf("no process id: %v", err)
	}
	if modes, _ := p.tmux("display", "-p", "alt=#{alternate_on} mouse=#{mouse_any_flag}"); strings.TrimSpace(modes) != "alt=1 mouse=1" {
		return 0, fmt.Errorf("in the game the terminal is %s", modes)
	}
	return pid, nil
}

// chaosLatency times a key at many heaps: ↓ or ↑ to the next heap,
// until it is drawn.
func chaosLatency(p pane, run chaosRun, stats *chaosStats) error {
	for i := range 20 * btoi(run.heaps > 0) {
		before := p.visible()
		start := time.Now()
		if _, err := p.tmux("send-keys", []string{"Down", "Up"}[i%2]); err != nil {
			return err
		}
		// Polled without a pause: each capture is a tmux command (a few ms).
		drawn := false
		for !drawn && time.Since(start) < chaosAnswer {
			drawn = p.visible() != before
		}
		took := time.Since(start)
		if !drawn {
			return fmt.Errorf("at %d heaps ↓/↑ was not drawn within %v", run.heaps, chaosAnswer)
		}
		stats.add(func(s *chaosStats) { s.latency[run.heaps] = append(s.latency[run.heaps], took); s.keys++ })
	}
	return nil
}

// chaosBatchOf sends a batch of random keys, then the probe: the terminal
// grows; the game must draw to the new size (its last line, the key help,
// moves down to the new bottom), whatever state the keys left it in. Then
// it shrinks back.
func chaosBatchOf(p pane, dir string, run chaosRun, r *rand.Rand, stats *chaosStats, pid, batch int) error {
	keys := make([]string, chaosBatch)
	for i := range keys {
		keys[i] = chaosKeys[r.IntN(len(chaosKeys))]
	}
	if _, err := p.tmux(append([]string{"send-keys"}, keys...)...); err != nil {
		return err
	}
	stats.add(func(s *chaosStats) { s.keys += len(keys) })
	h, w := 28+r.IntN(7), 80+r.IntN(41)
	h = max(h, lastRow(p.visible())+4) // below anything on screen now
	if _, err := p.tmux("resize-window", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h)); err != nil {
		return err
	}
	stats.add(func(s *chaosStats) { s.probes++ })
	after, took, answered := p.waitForIn(p.visible, chaosAnswer, func(s string) bool { return chaosExited(s) || lastRow(s) >= h-3 })
	if dumped(after) || chaosExited(after) {
		return fmt.Errorf("after batch %d (%q) the game ended or dumped:\n%s", batch+1, keys, after)
	}
	if !answered {
		return fmt.Errorf("after batch %d (%q) the game did not draw at %d×%d for %v: a hang (%s); it showed:\n%s",
			batch+1, keys, w, h, chaosAnswer, p.stopStuck(dir, run.sig), after)
	}
	if _, err := p.tmux("resize-window", "-x", "80", "-y", "24"); err != nil {
		return err
	}
	kib := rss(pid)
	stats.add(func(s *chaosStats) {
		if took > s.slowest {
			s.slowest, s.slowestRun = took, run.label
		}
		s.peakRSS = max(s.peakRSS, kib)
	})
	if kib<<10 > chaosMaxMemory {
		return fmt.Errorf("after batch %d the game holds %d MiB", batch+1, kib>>10)
	}
	return nil
}

// chaosEnd signals the game and checks what it left: its exit, the
// terminal restored, the handout written, every file whole.
func chaosEnd(p pane, dir string, run chaosRun, stats *chaosStats, pid int) error {
	if err := syscall.Kill(pid, run.sig); err != nil {
		return fmt.Errorf("signal %v: %v", run.sig, err)
	}
	stats.add(func(s *chaosStats) { s.signals[signalName(run.sig)]++ })
	screen, _, ok := p.waitFor(chaosAnswer, chaosExited)
	if !ok {
		return fmt.Errorf("no exit %v after %v:\n%s", run.sig, chaosAnswer, screen)
	}
	var problems []string
	if code := exitLine.FindStringSubmatch(screen)[1]; code != fmt.Sprint(128+int(run.sig)) {
		problems = append(problems, fmt.Sprintf("exit %s after %v, want %d", code, run.sig, 128+int(run.sig)))
	}
	if modes, _ := p.tmux("display", "-p", modesFormat); strings.TrimSpace(modes) != restoredModes {
		problems = append(problems, "the terminal is left "+strings.TrimSpace(modes))
	}
	if !cooked(screen) {
		problems = append(problems, "the terminal is not in cooked mode")
	}
	if dumped(screen) {
		problems = append(problems, "a dump on screen")
	}
	problems = append(problems, chaosFiles(dir, stats)...)
	if problems != nil {
		return fmt.Errorf("%s:\n%s", strings.Join(problems, "; "), screen)
	}
	return nil
}

// chaosFiles checks the files a run left: the handout asked for is
// written (a game stuck in a bug would be stopped from outside without
// one), and every file is whole.
func chaosFiles(dir string, stats *chaosStats) []string {
	var problems []string
	if _, err := os.Stat(filepath.Join(dir, "handout.md")); err != nil {
		problems = append(problems, "no handout after the signal: "+err.Error())
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "pid", name == "heaps":
		case strings.HasPrefix(name, ".matchgame-"):
			problems = append(problems, "a temporary file is left: "+name)
		case strings.HasSuffix(name, ".md"):
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !strings.HasPrefix(string(data), "# ") || !strings.HasSuffix(string(data), "\n") {
				problems = append(problems, fmt.Sprintf("%s is not a whole handout (%v): %.60q", name, err, data))
			}
			stats.add(func(s *chaosStats) { s.files++ })
		default:
			problems = append(problems, "an unexpected file: "+name)
		}
	}
	return problems
}
