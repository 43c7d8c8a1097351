package tui

import (
	"flag"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/testbin"
	"matchgame/internal/tui/board"
	"matchgame/internal/variants"
)

func TestMain(m *testing.M) {
	loadChild()
	if path := os.Getenv(classChildEnv); path != "" { // TestClassKilledLosesNoAnswer's server
		exitWith(classChild(path))
	}
	flag.Parse()
	// The end-to-end tests wait on a terminal or a connection.
	testbin.MoreAtOnce(raceDetector)
	if os.Getenv("GOGC") == "" { // many short-lived values: collect at 5× the live heap, not 2× (less CPU on the collector; GOGC wins)
		debug.SetGCPercent(400)
	}
	// Golden files are plain text: no colour, no bold.
	lipgloss.SetColorProfile(termenv.Ascii)
	code := m.Run()
	if binCleanup != nil { // the end-to-end tests' build
		binCleanup()
	}
	os.Exit(code)
}

// plainRenderer draws without colour, as the golden files are.
func plainRenderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	return r
}

var testStyles = NewStyles(Themes[0], plainRenderer())

// game is one game to test, with a start position that is an N-position
// in both conventions.
type game struct {
	name   string
	params map[string]string
	start  engine.Position
	parts  []variants.Config // a sum of games: name is "sum"
}

// sumGame is a sum of three families: Nim, Kayles and Wythoff.
var sumGame = game{name: "sum", parts: []variants.Config{{Name: "nim"}, {Name: "kayles"}, {Name: "wythoff"}},
	start: engine.Position{2, 3, 5, 1, 7, 2, 3, 5}}

var games = []game{
	{name: "nim", start: engine.Position{3, 6, 9}},
	{name: "bash", params: map[string]string{"max": "3"}, start: engine.Position{18}},
	{name: "wythoff", start: engine.Position{5, 8}},
	{name: "subtraction", params: map[string]string{"set": "1,3,4"}, start: engine.Position{7, 10, 12}},
	{name: "staircase", start: engine.Position{2, 3, 0, 4, 1}},
	{name: "georgia-bob", start: engine.Position{1, 5, 6, 7, 9, 12, 14, 17}},
	{name: "moore", params: map[string]string{"k": "2"}, start: engine.Position{3, 5, 6}},
	{name: "lasker", params: map[string]string{"parts": "3"}, start: engine.Position{7, 5, 2}},
}

func (g game) options(misere bool, first string) Options {
	return Options{Game: variants.Config{Name: g.name, Misere: misere, Params: g.params, Parts: g.parts}, Position: g.start,
		First: first, Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}
}

// newTestPlay opens a game screen of w×h in o.Lang.
func newTestPlay(t testing.TB, o Options, w, h int) play {
	t.Helper()
	if o.Lang == "" {
		o.Lang = "en"
	}
	m, err := newPlay(o, assets.Messages(o.Lang), testStyles)
	if err != nil {
		t.Fatalf("newPlay(%+v): %v", o.Game, err)
	}
	m, _ = m.update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// keyMsg makes the message a key press sends.
func keyMsg(k string) tea.KeyMsg {
	types := map[string]tea.KeyType{"enter": tea.KeyEnter, "left": tea.KeyLeft, "right": tea.KeyRight, "up": tea.KeyUp,
		"down": tea.KeyDown, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab, "backspace": tea.KeyBackspace,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "ctrl+r": tea.KeyCtrlR, "ctrl+c": tea.KeyCtrlC, "esc": tea.KeyEsc,
		"ctrl+d": tea.KeyCtrlD, "ctrl+u": tea.KeyCtrlU, " ": tea.KeySpace, "shift+left": tea.KeyShiftLeft, "shift+right": tea.KeyShiftRight,
		"delete": tea.KeyDelete}
	if k == " " {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	if t, ok := types[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func press(m play, keys ...string) play {
	for _, k := range keys {
		m, _ = m.update(keyMsg(k))
	}
	return m
}

// reply ends the computer's pause, as its timer would.
func reply(t testing.TB, m play) play {
	t.Helper()
	if !m.thinking {
		t.Fatalf("the computer is not thinking at %v", m.pos())
	}
	m, _ = m.update(pauseOver(m))
	return m
}

// pauseOver is the message that ends the computer's pause, as its command
// sends it: with the holding move weighed, when there is one.
func pauseOver(m play) tea.Msg {
	if m.weighing {
		return m.weigh()
	}
	return computerMoveMsg{seq: m.seq}
}

// expectedReply is the engine's move for the computer at level perfect: the
// canonical winning move, or the stubborn move from a P-position.
func expectedReply(t testing.TB, m play) engine.Move {
	t.Helper()
	a := m.match.Now()
	if a.Move != nil {
		return *a.Move
	}
	mv, ok, err := engine.HoldOut(m.game(), m.pos(), m.match.Conv)
	if err != nil || !ok {
		t.Fatalf("no stubborn move from %v: %v", m.pos(), err)
	}
	return mv
}

// selectKeys are the keys a person presses to select mv and confirm it:
// to the first place, on to mv.Where, then the amount typed.
func selectKeys(m play, mv engine.Move) []string {
	back, on := m.keys.PlaceBack.Keys()[0], m.keys.PlaceOn.Keys()[0]
	if board.Down(m.game()) < 0 { // places drawn the other way up
		back, on = on, back
	}
	var keys []string
	for range m.game().Places(m.pos()) {
		keys = append(keys, back)
	}
	m = press(m, keys...)
	takes := mv.List()
	for i, t := range takes { // a move at several places: each marked with space but the last
		at := mv
		at.Changes[0].Place, at.Changes[0].Amount = t.Place, t.Amount
		where := engine.PlaceOf(m.game(), m.pos(), at)
		for m.sel.Where < where {
			before := m.sel.Where
			m = press(m, on)
			keys = append(keys, on)
			if m.sel.Where == before {
				break
			}
		}
		var typed []string
		for _, d := range strconv.FormatInt(t.Amount, 10) {
			typed = append(typed, string(d))
		}
		if i < len(takes)-1 {
			typed = append(typed, " ")
		}
		m = press(m, typed...)
		keys = append(keys, typed...)
	}
	if mv.First().Pieces[1] > 0 { // a split into three: the second cut, then the first
		keys = append(keys, cutKeys(m.sel.Left+m.sel.Mid, mv.First().Pieces[0]+mv.First().Pieces[1], "[", "]")...)
		keys = append(keys, cutKeys(m.sel.Left, mv.First().Pieces[0], "left", "right")...)
	}
	return append(keys, "enter")
}

// cutKeys are the presses that move a cut from from to to.
func cutKeys(from, to int64, back, on string) []string {
	var keys []string
	for ; from < to; from++ {
		keys = append(keys, on)
	}
	for ; from > to; from-- {
		keys = append(keys, back)
	}
	return keys
}

// flat joins wrapped lines so that a sentence can be searched.
func flat(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		b.WriteString(strings.TrimSpace(l) + " ")
	}
	return b.String()
}

// playOut plays until the game is over: the person presses the keys turn
// gives, the computer replies with the engine's move.
func playOut(t *testing.T, m play, turn func(play) []string) play {
	t.Helper()
	for range 500 {
		switch {
		case m.match.Over():
			return m
		case m.thinking:
			at, cpu := m.pos(), expectedReply(t, m)
			if m = reply(t, m); m.match.Turns()[len(m.match.Turns())-1].Move != cpu {
				t.Fatalf("at %v the computer played %v, the engine says %v", at, m.match.Turns()[len(m.match.Turns())-1].Move, cpu)
			}
		default:
			before := m.match.Played()
			m = press(m, turn(m)...)
			if m.match.Played() == before {
				t.Fatalf("the move at %v was refused: %s", m.pos(), m.note)
			}
		}
	}
	t.Fatal("the game did not end")
	return m
}

// chosenOf is the move m's selection describes.
func chosenOf(m play) engine.Move { return m.sel.chosen(m.game(), m.pos()) }

// quizOf is the quiz on m, the class's question included; nil outside one.
func quizOf(m play) *quizMode {
	md := m.mode
	if r, ok := md.(*reviewMode); ok {
		md = r.mode
	}
	switch q := md.(type) {
	case *quizMode:
		return q
	case *classMode:
		return q.quizMode
	}
	return nil
}

// answeredOf is the answer to m's question on screen, nil while asking.
func answeredOf(m play) *quizAnswer {
	if q := quizOf(m); q != nil {
		return q.answer
	}
	return nil
}

// reviewing reports whether the review is open on m.
func reviewing(m play) bool {
	_, ok := m.mode.(*reviewMode)
	return ok
}

// panelLines is what m's panel shows at width w.
func panelLines(m play, w int) []string { return m.panel.lines(m.facts(w), m.mode) }

func gameConfig(name, param, value string) variants.Config {
	return variants.Config{Name: name, Params: map[string]string{param: value}}
}

// scaled is n for CI, which sets MATCHGAME_THOROUGH; go test ./... runs
// the random and extreme tests a quarter as long, to stay quick.
func scaled(n int) int {
	if thorough() {
		return n
	}
	return max(1, n/4)
}

// thorough reports a CI run, which sets MATCHGAME_THOROUGH: every case of
// the slower tests, not a spread of them.
func thorough() bool { return os.Getenv("MATCHGAME_THOROUGH") != "" }

// fewStarts keeps at most n of starts, spread from the first to the last.
func fewStarts(starts []Options, n int) []Options {
	if len(starts) <= n || n < 2 {
		return starts[:min(len(starts), max(n, 1))]
	}
	kept := make([]Options, n)
	for i := range kept {
		kept[i] = starts[i*(len(starts)-1)/(n-1)]
	}
	return kept
}

// demoOn reports whether a demo runs on m.
func demoOn(m play) bool {
	_, ok := m.mode.(demoMode)
	return ok
}

// demoPaused reports whether m's demo is paused.
func demoPaused(m play) bool {
	d, _ := m.mode.(demoMode)
	return d.paused
}

// demoPace is the pace of m's demo, or the one kept for the next demo.
func demoPace(m play) int {
	if g, ok := m.mode.(gameMode); ok {
		return g.pace
	}
	d, _ := m.mode.(demoMode)
	return d.pace
}

// writeTranscript writes the handout of the game on m as Run does when
// the person quits.
func writeTranscript(m play) error {
	_, err := m.handouts.writeFile(m.markdown())
	return err
}

// classOf is the class's question on m, nil when none.
func classOf(m play) *classMode {
	c, _ := m.mode.(*classMode)
	return c
}

// familyName is the name of the family chosen on m, "" while a sum is
// composed.
func familyName(m menu) string {
	spec, _ := m.family()
	return spec.Name
}
