package tui

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/variants"
)

// Issue 9, the terminal game's side: what a hostile or unlucky person
// does to it at the int64 extremes, to its files and with signals. Each
// test names the defect it would catch if it came back.

// inTime runs f and fails if it panics or has not returned after d: a
// hang fails at the deadline instead of holding up the whole run.
func inTime(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		finished := false
		defer func() {
			p := recover()
			if !finished && p == nil {
				p = errFailed
			}
			done <- p
		}()
		f()
		finished = true
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case p := <-done:
		switch {
		case p == errFailed: // f failed the test and stopped
			t.FailNow()
		case p != nil:
			t.Fatalf("%s panics: %v", what, p)
		}
	case <-timer.C:
		t.Fatalf("%s has not finished after %v: a hang", what, d)
	}
}

// errFailed stands for f having called t.FailNow (or runtime.Goexit).
var errFailed = errors.New("failed")

// hangBound is how long a screen may take at the extremes: milliseconds
// are normal; the defects took 10^18 steps.
const hangBound = 10 * time.Second

// extremeGames are games with parameters at the int64 extremes, besides
// the usual ones.
var extremeGames = append(slices.Clone(games),
	game{name: "bash", params: map[string]string{"max": "1"}},
	game{name: "bash", params: map[string]string{"max": "4"}},
	game{name: "bash", params: map[string]string{"max": "9223372036854775807"}},
	game{name: "subtraction", params: map[string]string{"set": "fib"}},
	game{name: "octal", params: map[string]string{"code": "0.77"}},
	game{name: "octal", params: map[string]string{"code": "0.156"}},
	game{name: "kayles"}, game{name: "dawson-kayles"}, game{name: "dawson-chess"}, game{name: "lasker"}, game{name: "grundy"},
)

// extremeCandidates are positions made of 2^63−1, 2^62, 1 and 0, the
// Fibonacci set's largest heap, and small rows for take-and-break games;
// each game takes some of them.
var extremeCandidates = []engine.Position{
	{math.MaxInt64},
	{9_000_000_000_000_000_000},
	{math.MaxInt64, math.MaxInt64},
	{math.MaxInt64, 1 << 62},
	{1, math.MaxInt64},
	{0, math.MaxInt64, 1 << 62, 1},
	{1, 1 << 62, math.MaxInt64},
	{math.MaxInt64, math.MaxInt64 - 1, 1 << 62, 1<<62 + 1, 1},
	{0, math.MaxInt64},
	{1 << 62, 1<<62 - 1, 1},
	{1_000_000},
	{999_999, 1, 1_000_000},
	{4_095, 3, 1}, // Grundy's game, whose values are computed up to 32,767, at a size a key answers at once
	{1, 12},       // misère take-and-break: exact search of small rows
}

// extremeStarts are the candidates g plays from (the engine may refuse
// the others, with a message), as options with explanations explain.
// The tests that play from them share what the first one found: each
// candidate is a new game at the int64 extremes, analysed.
func extremeStarts(t *testing.T, g game, misere bool, explain string) []Options {
	t.Helper()
	key := fmt.Sprint(gameLabel(g), misere, explain)
	extremeFound.Lock()
	found, ok := extremeFound.m[key]
	if !ok {
		found = &startsOnce{}
		extremeFound.m[key] = found
	}
	extremeFound.Unlock()
	found.Do(func() { found.starts = findExtremeStarts(t, g, misere, explain) })
	return found.starts
}

type startsOnce struct {
	sync.Once
	starts []Options
}

var extremeFound = struct {
	sync.Mutex
	m map[string]*startsOnce
}{m: map[string]*startsOnce{}}

func findExtremeStarts(t *testing.T, g game, misere bool, explain string) []Options {
	t.Helper()
	var out []Options
	for _, p := range extremeCandidates {
		o := g.options(misere, "me")
		o.Position, o.Explain, o.Level = p, explain, engine.Casual
		var err error
		inTime(t, hangBound, fmt.Sprintf("%s %v: the start", g.name, p), func() {
			_, err = newPlay(o, assets.Messages("en"), testStyles)
		})
		switch {
		case err == nil:
			out = append(out, o)
		case !errors.Is(err, engine.ErrRefused):
			t.Errorf("%s %v: %v, not a refusal", g.name, p, err)
		}
	}
	return out
}

func gameLabel(g game) string {
	s := g.name
	for k, v := range g.params {
		s += " --" + k + " " + v
	}
	return s
}

// Defect 1 (a hang only SIGKILL ended: the teach view of Bash grouped
// 9·10^18 matches one by one) and defect 2 (a panic, makeslice, for
// --max 2^63−1): the teach view at the extremes draws at once, in every
// width, and so does every key of the game there.
func TestTeachViewAtInt64Extremes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		max  string
		heap int64
	}{
		{"4", 9_000_000_000_000_000_000}, {"1", math.MaxInt64}, {"9223372036854775807", math.MaxInt64},
		{"9223372036854775807", 1 << 62}, {"4", math.MaxInt64}, {"2", 1<<62 + 1},
	}
	for _, c := range cases {
		for _, misere := range conventions2 {
			g := game{name: "bash", params: map[string]string{"max": c.max}, start: engine.Position{c.heap}}
			o := g.options(misere, "me")
			o.Explain = "teach"
			what := fmt.Sprintf("bash --max %s %d %s --explain teach", c.max, c.heap, convName(misere))
			inTime(t, hangBound, what, func() {
				for _, w := range []int{60, 80, 140, 400} {
					m := newTestPlay(t, o, w, 40)
					v := m.view()
					if !strings.Contains(flat(v), fmt.Sprintf("%d", engine.Number(c.heap))) {
						t.Errorf("%s at %d columns: the heap is not shown:\n%s", what, w, v)
					}
					checkFits(t, v, w, 40)
					m = press(m, "w", "w", "e", "e", "e", "right", "left", "9", "enter", "u", "pgdown", "tab")
					checkFits(t, m.view(), w, 40)
				}
			})
		}
	}
}

// Defect 2: a random start with parameters at the extremes (subtraction
// --set 2^62 panicked in IntN, an overflow) plays, or is refused with a
// sentence that says the position was drawn at random, never blaming a
// heap the person did not type; with --quiz, --misere and the computer
// first too.
func TestRandomStartAtExtremes(t *testing.T) {
	t.Parallel()
	configs := []variants.Config{
		gameConfig("subtraction", "set", "4611686018427387904"),
		gameConfig("subtraction", "set", "1000000000000000000"),
		gameConfig("subtraction", "set", "9223372036854775807"),
		gameConfig("subtraction", "set", "1,9223372036854775807"),
		gameConfig("bash", "max", "9223372036854775807"),
		gameConfig("bash", "max", "4611686018427387904"),
	}
	for i, cfg := range configs {
		for j, misere := range conventions2 {
			for k, how := range []string{"me", "computer", "quiz"} {
				if (i+j+k)%(4/scaled(4)) != 0 { // a quarter here, all in CI
					continue
				}
				cfg.Misere = misere
				o := Options{Game: cfg, First: how, Seed: 3, Lang: "en", Explain: "teach", Quiz: how == "quiz"}
				if how == "quiz" {
					o.First = "me"
				}
				what := fmt.Sprintf("play %s --set/--max %v %s, %s", cfg.Name, cfg.Params, convName(misere), how)
				var m play
				var err error
				inTime(t, hangBound, what, func() { m, err = newPlay(o, assets.Messages("en"), testStyles) })
				switch {
				case err == nil:
					inTime(t, hangBound, what+": the view", func() {
						m, _ = m.update(tea.WindowSizeMsg{Width: 80, Height: 24})
						checkFits(t, m.view(), 80, 24)
					})
				case !errors.Is(err, engine.ErrRefused):
					t.Errorf("%s: %v, not a refusal", what, err)
				default:
					msg := engine.Message(err, assets.Messages("en"))
					if !strings.Contains(msg, "at random") && !strings.Contains(msg, "random positions tried") {
						t.Errorf("%s is refused without saying the position was drawn at random: %s", what, msg)
					}
				}
			}
		}
	}
}

// Defect 13: after w on a heap of 2^63−1 the amount keys never wrap (↑
// took the amount from 2^63−1 round to 1): the more key never lowers it,
// the less key never raises it, and it stays a legal amount; typed digits
// past the largest int64 are refused, not wrapped.
func TestAmountKeysNeverWrap(t *testing.T) {
	t.Parallel()
	for _, g := range extremeGames {
		for _, misere := range conventions2 {
			t.Run(strings.ReplaceAll(gameLabel(g), " ", "_")+"/"+convName(misere), func(t *testing.T) {
				t.Parallel()
				n := 12 // starts spread over the extremes in CI; the two ends here
				if !thorough() {
					n = 2
				}
				for _, o := range fewStarts(extremeStarts(t, g, misere, "why"), n) {
					what := fmt.Sprintf("%s %v %s", gameLabel(g), o.Position, convName(misere))
					inTime(t, hangBound, what, func() { amountKeys(t, what, newTestPlay(t, o, 80, 24)) })
				}
			})
		}
	}
}

// checkAmountKey: after key the amount is legal, and went up for a key
// of More, down for a key of Less.
func checkAmountKey(t *testing.T, what string, m play, key string, before int64) {
	t.Helper()
	a := m.sel.Amount
	switch {
	case !legal(m.game(), m.pos(), m.sel.Selection):
		t.Errorf("%s: after %s the amount %d at place %d is not legal", what, key, a, m.sel.Where)
	case slices.Contains(m.keys.More.Keys(), key) && a < before:
		t.Errorf("%s: %s took the amount down from %d to %d", what, key, before, a)
	case slices.Contains(m.keys.Less.Keys(), key) && a > before:
		t.Errorf("%s: %s took the amount up from %d to %d", what, key, before, a)
	}
}

func amountKeys(t *testing.T, what string, m play) {
	m = press(m, "w", "w")
	if !m.yourTurn() {
		return
	}
	more, less := m.keys.More.Keys(), m.keys.Less.Keys()
	check := func(key string, before int64) { t.Helper(); checkAmountKey(t, what, m, key, before) }
	for _, keys := range [][]string{more, less} {
		for _, k := range keys {
			for range 3 {
				before := m.sel.Amount
				m = press(m, k)
				check(k, before)
			}
		}
	}
	for range 3 { // from the smallest amount: down stays there
		before := m.sel.Amount
		m = press(m, less[0])
		check(less[0], before)
	}
	m = press(m, "w", "w")
	for range 3 { // from the hint's amount, often the largest: up stays
		before := m.sel.Amount
		m = press(m, more[0])
		check(more[0], before)
	}
	if !m.keys.Digit.Enabled() || m.sel.splitOnly(m.game(), m.pos()) { // one legal amount here: digits type the split, if any
		return
	}
	m = press(m, strings.Split("99999999999999999999", "")...)
	if v, err := strconv.ParseInt(m.sel.typed, 10, 64); err != nil || v != m.sel.Amount || !strings.HasPrefix("99999999999999999999", m.sel.typed) {
		t.Errorf("%s: 20 nines typed give the amount %d (%q); digits past the largest int64 are not taken", what, m.sel.Amount, m.sel.typed)
	}
}

// Defects 1, 2 and 13 together, the way the chaos run finds them but in
// process: random keys, clicks, replies and sizes for every game at the
// int64 extremes in every explanation mode. Every step answers within
// the bound, the position stays legal and the view fits.
func TestRandomKeysAtExtremes(t *testing.T) {
	t.Parallel()
	keys := []string{"left", "right", "up", "down", "h", "l", "j", "k", "+", "-", "=", "0", "1", "9", "backspace",
		"enter", "enter", "w", "w", "u", "U", "ctrl+r", "e", "tab", "?", "r", "v", "d", "p", " ", ".", "<", ">", "s",
		"pgdown", "pgup", "ctrl+d", "ctrl+u", "esc", "n", "x"}
	for gi, g := range extremeGames {
		for _, misere := range conventions2 {
			t.Run(strings.ReplaceAll(gameLabel(g), " ", "_")+"/"+convName(misere), func(t *testing.T) {
				t.Parallel()
				n := 3 // the first, the middle and the last start in CI; the two ends here
				if !thorough() {
					n = 2
				}
				starts := fewStarts(extremeStarts(t, g, misere, "why"), n)
				r := rand.New(rand.NewPCG(uint64(len(g.name)), uint64(len(starts))))
				for ei, explain := range explainModes {
					for si, o := range starts {
						// Every explanation mode from every start in CI; here
						// one mode per start, turning with the game.
						if !thorough() && (gi+si)%len(explainModes) != ei {
							continue
						}
						o.Explain = explain
						extremeKeys(t, r, o, keys)
					}
				}
			})
		}
	}
}

func extremeKeys(t *testing.T, r *rand.Rand, o Options, keys []string) {
	m := newTestPlay(t, o, 80, 24)
	for step := range scaled(100) {
		var what string
		inTime(t, hangBound, fmt.Sprintf("%v from %v, step %d", o.Game, o.Position, step), func() {
			switch n := r.IntN(10); {
			case n < 6:
				k := keys[r.IntN(len(keys))]
				what = k
				m = press(m, k)
				if m.asking != "" { // esc, n: a question; never leave the game here
					m = press(m, "x")
				}
			case n < 8 && m.thinking:
				what = "the computer's move"
				m, _ = m.update(pauseOver(m))
			case n < 9:
				what = "a click"
				m, _ = m.update(tea.MouseMsg{X: r.IntN(m.width), Y: r.IntN(m.height), Action: tea.MouseAction(r.IntN(3)), Button: tea.MouseButtonLeft})
			default:
				what = "a resize"
				m, _ = m.update(tea.WindowSizeMsg{Width: 60 + r.IntN(100), Height: 20 + r.IntN(30)})
			}
			if _, err := m.game().Normalize(m.pos()); err != nil {
				t.Fatalf("step %d (%s): illegal position %v: %v", step, what, m.pos(), err)
			}
			if step%5 == 0 {
				checkFits(t, m.view(), m.width, m.height)
			}
		})
	}
}

// Defect 8: the terminal game refuses more places than it plays with, in
// Run before the terminal is touched (here there is none: a Run that went
// on would fail differently), and in the model for the menu's sake.
func TestTooManyPlacesRefused(t *testing.T) {
	t.Parallel()
	big := make(engine.Position, maxPlaces+1)
	for i := range big {
		big[i] = 1
	}
	o := games[0].options(false, "me")
	o.Position = big
	err := Run(o)
	if !errors.Is(err, engine.ErrRefused) || !strings.Contains(engine.Message(err, assets.Messages("en")), "100,001 numbers") {
		t.Errorf("Run with %d heaps: %v", len(big), err)
	}
	if _, err := newPlay(o, assets.Messages("en"), testStyles); !errors.Is(err, engine.ErrRefused) {
		t.Errorf("the game with %d heaps: %v", len(big), err)
	}
	o.Position = big[:maxPlaces]
	inTime(t, hangBound, "100,000 heaps", func() {
		if _, err := newPlay(o, assets.Messages("en"), testStyles); err != nil {
			t.Errorf("the game with %d heaps: %v", maxPlaces, err)
		}
	})
}

// Defects 3, 5 and 6: the handout's file is checked before any game
// starts, and nothing is created or changed by the check.
func TestCheckHandout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.md")
	os.WriteFile(file, []byte("notes"), 0o644)
	target := filepath.Join(dir, "target.md")
	os.WriteFile(target, []byte("target"), 0o644)
	link := filepath.Join(dir, "link.md")
	os.Symlink(target, link)
	dangling := filepath.Join(dir, "dangling.md")
	os.Symlink(filepath.Join(dir, "nowhere.md"), dangling)
	for _, c := range []struct {
		path  string
		force bool
		want  string // the refusal's key, "" for none
	}{
		{filepath.Join(dir, "new.md"), false, ""},
		{file, false, "err.handout.exists"},
		{file, true, ""},
		{link, false, "err.handout.exists"},
		{dangling, false, "err.handout.exists"},
		{dir, true, "err.handout.dir"},
		{filepath.Join(dir, "missing", "dir", "t.md"), false, "err.handout.cannot"},
		{filepath.Join(file, "t.md"), false, "err.handout.cannot"},
		{"", false, "err.handout.empty"},
	} {
		err := desk.Check(c.path, c.force)
		var r *engine.Refusal
		switch {
		case c.want == "" && err != nil:
			t.Errorf("desk.Check(%q, %v): %v", c.path, c.force, err)
		case c.want != "" && (!errors.As(err, &r) || r.Key != c.want):
			t.Errorf("desk.Check(%q, %v): %v, want %s", c.path, c.force, err, c.want)
		}
	}
	checkFiles(t, dir, map[string]string{"notes.md": "notes", "target.md": "target", "link.md": "target"})
}

// checkFiles fails unless dir holds exactly the regular files (or links
// to them) want, with that content, besides dangling links.
func checkFiles(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if errors.Is(err, fs.ErrNotExist) || e.IsDir() {
			continue // a dangling link, a directory
		}
		w, ok := want[e.Name()]
		switch {
		case !ok:
			t.Errorf("%s was left in the directory", e.Name())
		case w != "*" && string(data) != w:
			t.Errorf("%s holds %.40q, want %.40q", e.Name(), data, w)
		}
		delete(want, e.Name())
	}
	for name := range want {
		t.Errorf("%s is missing", name)
	}
}

// smallFileLimit is lim with 1 KiB at most a file. The test framework
// logs what the tests read to a file of its own, which the limit applies
// to too: leave it room (it grows with the suite), and make the game's
// handout larger than the limit.
func smallFileLimit(lim syscall.Rlimit) syscall.Rlimit {
	small := lim
	small.Cur = 1024
	if f := flag.Lookup("test.testlogfile"); f != nil && f.Value.String() != "" {
		if st, err := os.Stat(f.Value.String()); err == nil {
			small.Cur = max(small.Cur, uint64(st.Size())+4096)
		}
	}
	return small
}

// Defect 4: a write that fails half way (a full disk; here the file size
// limit) leaves the file there as it was and no temporary file behind;
// the same failure when pressing s says so and keeps the game.
func TestHandoutWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "good.md")
	os.WriteFile(path, []byte("a good handout"), 0o644)
	big := []byte(strings.Repeat("a long game\n", 10_000))

	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	small := smallFileLimit(lim)
	o := games[0].options(false, "me")
	o.Position = engine.Position{1 << 40, 3 << 38, 5 << 36, 7 << 34, 9 << 32, 11 << 30, 13 << 28, 15 << 26, 17 << 24, 19 << 22, 21 << 20, 23 << 18}
	m := newTestPlay(t, o, 80, 24)
	handout := func() int {
		return len(desk.Handout(m.match.Transcript("game", [2]string{"you", "computer"}, m.cat), m.cat))
	}
	for uint64(handout()) <= small.Cur && !m.match.Over() {
		if m = press(m, "w", "w", "enter"); m.thinking {
			m = reply(t, m)
		}
	}
	if n := handout(); uint64(n) <= small.Cur {
		t.Fatalf("the handout (%d bytes) fits the limit (%d)", n, small.Cur)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &small); err != nil {
		t.Fatal(err)
	}
	errReplace := desk.Write(path, big, 0o644, true)
	errNew := desk.Write(filepath.Join(dir, "new.md"), big, 0o644, false)
	t.Chdir(dir)
	msg := m.saveCmd(m.markdown())()
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim)

	if errReplace == nil || errNew == nil {
		t.Fatalf("writes past the size limit succeeded: %v, %v", errReplace, errNew)
	}
	m, _ = m.update(msg)
	if !m.noteBad || !strings.Contains(m.note, "Could not save the handout") || !strings.Contains(m.note, "The game goes on") {
		t.Errorf("a failed s says %q", m.note)
	}
	played := m.match.Played()
	m = press(m, selectKeys(m, *m.match.Now().Move)...)
	if m.match.Played() != played+1 {
		t.Errorf("the game does not go on after a failed save: %d moves, then %d", played, m.match.Played())
	}
	checkFiles(t, dir, map[string]string{"good.md": "a good handout"})
}

// Defect 5: a symlink's target is never written, and --force replaces
// only a regular file one may write: never a symlink, a device (a trial
// replaced /dev/null with a file), a directory's link or a read-only file.
func TestHandoutSymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "target.md")
	os.WriteFile(target, []byte("target"), 0o644)
	link := filepath.Join(dir, "link.md")
	os.Symlink(target, link)
	dirLink := filepath.Join(dir, "dirlink")
	os.Symlink(dir, dirLink)
	readOnly := filepath.Join(dir, "ro.md")
	os.WriteFile(readOnly, []byte("keep"), 0o444)
	for _, path := range []string{link, dirLink} {
		for _, force := range []bool{false, true} {
			if err := desk.Write(path, []byte("game"), 0o644, force); err == nil {
				t.Errorf("over the symlink %s (force %v): written", filepath.Base(path), force)
			}
		}
	}
	for _, path := range []string{link, dirLink, os.DevNull, readOnly} {
		if err := desk.Check(path, true); err == nil || !errors.Is(err, engine.ErrRefused) {
			t.Errorf("--transcript %s --force: %v, want a refusal", path, err)
		}
	}
	checkNothingReplaced(t, dir, link, readOnly)
}

// checkNothingReplaced: /dev/null, the link's target, the link and the
// read-only file are as they were.
func checkNothingReplaced(t *testing.T, dir, link, readOnly string) {
	t.Helper()
	if st, err := os.Lstat(os.DevNull); err != nil || st.Mode().IsRegular() {
		t.Fatalf("%s is a regular file now", os.DevNull)
	}
	for name, want := range map[string]string{"target.md": "target", "ro.md": "keep"} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
			t.Errorf("%s holds %q (%v), want %q", name, got, err, want)
		}
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if os.Geteuid() != 0 { // root may write a read-only file; the check is refused anyway
		if err := desk.Write(readOnly, []byte("game"), 0o644, true); err == nil {
			t.Error("a read-only file was replaced")
		}
	}
}

// Defect 5: s never writes over a file: each press picks a fresh name,
// past files and links, dangling ones too; a name the system cannot even
// look up is reported as a failed save, not tried forever.
func TestFreshNames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "h.md")
	os.WriteFile(path, []byte("mine"), 0o644)
	os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "h-2.md"))
	var names []string
	for range 3 {
		name, err := desk.WriteFresh(path, []byte("game"))
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Base(name))
	}
	if want := []string{"h-3.md", "h-4.md", "h-5.md"}; !slices.Equal(names, want) {
		t.Errorf("s wrote %v, want %v", names, want)
	}
	checkFiles(t, dir, map[string]string{"h.md": "mine", "h-3.md": "game", "h-4.md": "game", "h-5.md": "game"})

	long := filepath.Join(dir, strings.Repeat("x", 300)+".md") // ENAMETOOLONG
	inTime(t, hangBound, "a name too long", func() {
		if _, err := desk.WriteFresh(long, []byte("game")); err == nil {
			t.Error("a name too long was written")
		}
	})
}

// Defect 5 and "nothing lost": a --transcript file someone else makes
// during the game is left alone; the handout goes beside it and the
// screen, then Run's error, name the file written. Writes at the end of
// the game and on quitting, at the same moment, take turns.
func TestTranscriptTakenDuringGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "game.md")
	o := games[0].options(false, "me")
	o.Transcript = path
	r, err := newRoot(o, plainRenderer())
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, []byte("someone else's"), 0o644)
	m := playOut(t, r.play, func(m play) []string { return []string{"w", "w", "enter"} })
	m.savedMD = "" // as if the end had not been written yet
	msg := m.autoSave()().(savedMsg)
	m, _ = m.update(msg)
	if msg.err != nil || filepath.Base(msg.path) != "game-2.md" || !strings.Contains(m.note, "Saved the handout: "+msg.path) {
		t.Errorf("the end of the game: %v, written to %s, the screen says %q", msg.err, msg.path, m.note)
	}
	r.play = m
	if err := finish(r); !errors.Is(err, desk.ErrExists) || !strings.Contains(err.Error(), "game-2.md") {
		t.Errorf("quitting: %v; want the file written named", err)
	}
	checkFiles(t, dir, map[string]string{"game.md": "someone else's", "game-2.md": "*"})

	// The end of the game and the quit write at once: both land in the
	// file asked for, neither is refused as "exists".
	path2 := filepath.Join(dir, "race.md")
	h := &handoutFile{path: path2}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	names := make([]string, 8)
	for i := range errs {
		wg.Add(1)
		go func() { defer wg.Done(); names[i], errs[i] = h.write(fmt.Sprint("write ", i)) }()
	}
	wg.Wait()
	for i := range errs {
		if errs[i] != nil || names[i] != path2 {
			t.Errorf("write %d at once with the others: %s, %v", i, names[i], errs[i])
		}
	}
}

// A failed write keeps the game: s in a directory that has gone says so,
// and the game goes on.
func TestSaveIntoVanishedDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "class")
	os.Mkdir(dir, 0o755)
	t.Chdir(dir)
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	os.Remove(dir)
	m, _ = m.update(m.saveCmd(m.markdown())())
	if !m.noteBad || !strings.Contains(m.note, "Could not save the handout") {
		t.Errorf("s into a vanished directory says %q", m.note)
	}
	m = press(m, selectKeys(m, *m.match.Now().Move)...)
	if m.match.Played() != 1 {
		t.Error("the game does not go on after a failed save")
	}
}

// Defect 7 and defect 1's second half (a stuck game ignored q, SIGTERM
// and SIGINT, and SIGKILL left the terminal raw): a signal asks the game
// to end; a game that has not ended within the grace period, or gets a
// second signal, is stopped from outside with the terminal given back and
// status 128 + n; before the game starts there is nothing to wait for.
func TestStopper(t *testing.T) {
	type result struct {
		screen bool
		code   int
	}
	newTest := func(grace time.Duration) (*stopper, chan result) {
		res := make(chan result, 1)
		var screen bool
		st := &stopper{sigs: make(chan os.Signal, 2), grace: grace, done: make(chan struct{}), quit: make(chan struct{}),
			restore: func(s bool) { screen = s },
			exit:    func(code int) { res <- result{screen, code} }}
		go st.watch()
		return st, res
	}
	wait := func(res chan result, what string) result {
		t.Helper()
		timer := time.NewTimer(hangBound)
		defer timer.Stop()
		select {
		case r := <-res:
			return r
		case <-timer.C:
			t.Fatalf("%s: the process was not ended", what)
		}
		return result{}
	}
	stuck := func(tea.Msg) { select {} } // a game stuck in Update never takes the message

	// Before the game starts.
	st, res := newTest(time.Hour)
	st.sigs <- syscall.SIGTERM
	if r := wait(res, "a signal before the game"); r != (result{false, 143}) {
		t.Errorf("a signal before the game: %+v, want the mode restored and 143", r)
	}
	if st.start(stuck) {
		t.Error("the game starts after the process was ended")
	}

	// A game that ends: it is asked, and the process is left to Run.
	st, res = newTest(time.Hour)
	asked := make(chan tea.Msg, 1)
	st.start(func(m tea.Msg) { asked <- m })
	st.sigs <- syscall.SIGHUP
	if m := <-asked; m != (signalMsg{sig: syscall.SIGHUP}) {
		t.Errorf("the game is asked with %v", m)
	}
	st.ended()
	st.stop()
	select {
	case r := <-res:
		t.Errorf("a game that ended was stopped from outside: %+v", r)
	default:
	}
	if st.signal() != syscall.SIGHUP {
		t.Errorf("the signal caught: %v", st.signal())
	}

	// A stuck game: the grace period goes by.
	st, res = newTest(10 * time.Millisecond)
	st.start(stuck)
	st.sigs <- syscall.SIGINT
	if r := wait(res, "a stuck game"); r != (result{true, 130}) {
		t.Errorf("a stuck game: %+v, want the screen restored and 130", r)
	}

	// A stuck game signalled twice: no waiting.
	st, res = newTest(time.Hour)
	st.start(stuck)
	st.sigs <- syscall.SIGQUIT
	st.sigs <- syscall.SIGTERM
	if r := wait(res, "a second signal"); r != (result{true, 131}) {
		t.Errorf("a second signal: %+v, want the screen restored and 131 (the first signal)", r)
	}
}
