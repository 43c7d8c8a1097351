package tui

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Issue 27's trial: in a sum, teach mode said "Winning moves from here: 4"
// and did not list them.
func TestTeachListsWinningMoves(t *testing.T) {
	t.Parallel()
	cfg, p := parseOne(t, "nim 3 5 + kayles 7 + wythoff 3 5")
	m := newTestPlay(t, Options{Game: cfg, Position: p, Explain: "teach", Level: engine.Perfect, Lang: "en"}, 100, 40)
	all := strings.Join(panelLines(m, 98), "\n")
	for _, mv := range m.match.Now().Winning {
		if said := engine.Describe(m.game(), p, mv).Render(m.cat); !strings.Contains(flat(all), said) {
			t.Errorf("teach mode does not list %q:\n%s", said, all)
		}
	}
	m.explain = "why" // the list is the answer: not before it is asked for
	m.refreshPanel()
	if all := flat(strings.Join(panelLines(m, 98), "\n")); strings.Contains(all, "All winning moves") {
		t.Errorf("why mode lists the winning moves:\n%s", all)
	}
}
