package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Any sequence of keys, clicks and replies leaves a legal position and a
// view that fits the screen.
func TestRandomKeys(t *testing.T) {
	keys := []string{"left", "right", "up", "down", "h", "l", "+", "-", "0", "1", "3", "9", "backspace",
		"enter", "enter", "w", "u", "U", "e", "tab", "?", "r", "d", "pgdown", "pgup"}
	for _, g := range games {
		for _, misere := range conventions2 {
			r := rand.New(rand.NewPCG(uint64(len(g.name)), 9))
			o := g.options(misere, "me")
			o.Level = 2 // casual: mistakes too
			m := newTestPlay(t, o, 80, 24)
			for step := range 3000 {
				switch n := r.IntN(10); {
				case n < 6:
					m = press(m, keys[r.IntN(len(keys))])
				case n < 8 && m.thinking:
					m, _ = m.update(computerMoveMsg{seq: m.seq})
				case n < 9:
					m, _ = m.update(tea.MouseMsg{X: r.IntN(80), Y: r.IntN(24), Action: tea.MouseAction(r.IntN(3)), Button: tea.MouseButtonLeft})
				default:
					m, _ = m.update(tea.WindowSizeMsg{Width: 60 + r.IntN(100), Height: 20 + r.IntN(30)})
				}
				if _, err := m.g.Normalize(m.pos); err != nil {
					t.Fatalf("%s step %d: illegal position %v: %v", g.name, step, m.pos, err)
				}
				p := m.start
				for _, tu := range m.history {
					var err error
					if p, err = m.g.Apply(p, tu.move); err != nil {
						t.Fatalf("%s step %d: the history does not replay: %v", g.name, step, err)
					}
				}
				if p.String() != m.pos.String() {
					t.Fatalf("%s step %d: the history leads to %v, the board shows %v", g.name, step, p, m.pos)
				}
				if step%50 == 0 {
					lines := strings.Split(m.view(), "\n")
					if len(lines) > m.height {
						t.Fatalf("%s step %d: %d lines on %d", g.name, step, len(lines), m.height)
					}
					for _, l := range lines {
						if visibleWidth(l) > m.width {
							t.Fatalf("%s step %d: a line %d wide on %d: %q", g.name, step, visibleWidth(l), m.width, l)
						}
					}
				}
			}
		}
	}
}
