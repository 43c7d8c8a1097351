package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// Any sequence of keys, clicks and replies leaves a legal position, turns
// that replay to it, and a view that fits the screen.
func TestRandomKeys(t *testing.T) {
	t.Parallel()
	keys := []string{"left", "right", "up", "down", "h", "l", "j", "k", "+", "-", "0", "1", "3", "9", "backspace",
		"enter", "enter", "w", "u", "U", "e", "tab", "?", "r", "d", "p", " ", "<", ">", "v", "esc", "n", "y",
		"pgdown", "pgup", "ctrl+d", "ctrl+u", "x", "q"}
	for _, g := range append(games, sumGame) {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				t.Parallel()
				randomKeys(t, g, misere, keys)
			})
		}
	}
}

func randomKeys(t *testing.T, g game, misere bool, keys []string) {
	r := rand.New(rand.NewPCG(uint64(len(g.name)), 9))
	o := g.options(misere, "me")
	o.Level = engine.Casual // mistakes too
	m := newTestPlay(t, o, 80, 24)
	steps := 2000 // in CI; 200 here
	if !thorough() {
		steps = 200
	}
	for step := range steps {
		switch n := r.IntN(10); {
		case n < 6:
			m = press(m, keys[r.IntN(len(keys))])
		case n < 8 && m.thinking:
			m, _ = m.update(pauseOver(m))
		case n < 9:
			m, _ = m.update(tea.MouseMsg{X: r.IntN(80), Y: r.IntN(24), Action: tea.MouseAction(r.IntN(3)), Button: tea.MouseButtonLeft})
		default:
			m, _ = m.update(tea.WindowSizeMsg{Width: 60 + r.IntN(100), Height: 20 + r.IntN(30)})
		}
		if _, err := m.game().Normalize(m.pos()); err != nil {
			t.Fatalf("step %d: illegal position %v: %v", step, m.pos(), err)
		}
		p := m.match.Start
		for _, tu := range m.match.Turns() {
			var err error
			if p, err = m.game().Apply(p, tu.Move); err != nil {
				t.Fatalf("step %d: the turns do not replay: %v", step, err)
			}
		}
		if p.String() != m.pos().String() {
			t.Fatalf("step %d: the turns lead to %v, the board shows %v", step, p, m.pos())
		}
		if step%50 == 0 {
			checkFits(t, m.view(), m.width, m.height)
		}
	}
}

// checkFits fails if the view is taller or wider than the screen.
func checkFits(t *testing.T, v string, w, h int) {
	t.Helper()
	if i := strings.Index(v, "%!"); i >= 0 { // a message given the wrong arguments
		t.Fatalf("a formatting error %q in the view:\n%s", v[i:min(len(v), i+40)], v)
	}
	lines := strings.Split(v, "\n")
	if len(lines) > h {
		t.Fatalf("%d lines on %d:\n%s", len(lines), h, v)
	}
	for _, l := range lines {
		if text.Width(l) > w {
			t.Fatalf("a line %d wide on %d: %q", text.Width(l), w, l)
		}
	}
}
