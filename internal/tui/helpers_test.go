package tui

import (
	"flag"
	"os"
	"strconv"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

func TestMain(m *testing.M) {
	flag.Parse()
	// Golden files are plain text: no colour, no bold.
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// game is one game to test, with a start position that is an N-position
// in both conventions.
type game struct {
	name  string
	max   int64  // bash
	set   string // subtraction
	start engine.Position
}

var games = []game{
	{name: "nim", start: engine.Position{3, 6, 9}},
	{name: "bash", max: 3, start: engine.Position{18}},
	{name: "wythoff", start: engine.Position{5, 8}},
	{name: "subtraction", set: "1,3,4", start: engine.Position{7, 10, 12}},
	{name: "staircase", start: engine.Position{2, 3, 0, 4, 1}},
	{name: "georgia-bob", start: engine.Position{1, 5, 6, 7, 9, 12, 14, 17}},
}

func (g game) options(misere bool, first string) Options {
	cfg := variants.Config{Name: g.name, Misere: misere, Set: g.set}
	if g.max > 0 {
		m := g.max
		cfg.Max = &m
	}
	return Options{Game: cfg, Position: g.start, First: first, Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}
}

var testStyles = NewStyles(DefaultTheme)

// newTestPlay opens a game screen of w×h.
func newTestPlay(t testing.TB, o Options, w, h int) play {
	t.Helper()
	m, err := newPlay(o, assets.Messages("en"), &testStyles)
	if err != nil {
		t.Fatalf("newPlay(%+v): %v", o.Game, err)
	}
	m, _ = m.update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// newTestPlayLang opens a game screen of w×h in o.Lang.
func newTestPlayLang(t testing.TB, o Options, w, h int) play {
	t.Helper()
	m, err := newPlay(o, assets.Messages(o.Lang), &testStyles)
	if err != nil {
		t.Fatalf("newPlay(%+v): %v", o.Game, err)
	}
	m, _ = m.update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// keyMsg makes the message a key press sends.
func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "ctrl+r":
		return tea.KeyMsg{Type: tea.KeyCtrlR}
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
		t.Fatalf("the computer is not thinking at %v", m.pos)
	}
	m, _ = m.update(computerMoveMsg{seq: m.seq})
	return m
}

// expectedReply is the engine's move for the computer at level perfect: the
// canonical winning move, or the stubborn move from a P-position.
func expectedReply(t testing.TB, m play) engine.Move {
	t.Helper()
	a, err := engine.Analyze(m.g, m.pos, m.conv)
	if err != nil {
		t.Fatal(err)
	}
	if a.Move != nil {
		return *a.Move
	}
	mv, ok, err := engine.StubbornMove(m.g, m.pos, m.conv)
	if err != nil || !ok {
		t.Fatalf("no stubborn move from %v: %v", m.pos, err)
	}
	return mv
}

// selectKeys are the keys a player presses to select mv and confirm it:
// to the leftmost place, right until mv.Where, then the amount typed.
func selectKeys(m play, mv engine.Move) []string {
	var keys []string
	lo, hi := m.places()
	for range hi - lo + 1 {
		keys = append(keys, "left")
	}
	m = press(m, keys...)
	for m.where < mv.Where {
		before := m.where
		m = press(m, "right")
		keys = append(keys, "right")
		if m.where == before {
			break
		}
	}
	for _, d := range strconv.FormatInt(mv.Amount, 10) {
		keys = append(keys, string(d))
	}
	return append(keys, "enter")
}
