package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
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

// Issue 27's trial: at 80×24 the tree explorer's footer was cut ("…"),
// its last keys (q) unsaid. Every key of the tree is said, at 80×24 and at
// 60×20.
func TestTreeFooterWhole(t *testing.T) {
	t.Parallel()
	g, _, err := variants.Lookup(variants.Config{Name: "nim"})
	if err != nil {
		t.Fatal(err)
	}
	dag, err := engine.GameTree(g, engine.Position{2, 2})
	if err != nil {
		t.Fatal(err)
	}
	cat := assets.Messages("en")
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		tv := newTreeView(dag, engine.Normal, Options{}, cat, testStyles)
		tv, _ = tv.update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		v := tv.view()
		if lines := strings.Split(v, "\n"); len(lines) > size[1] {
			t.Errorf("%v: %d lines", size, len(lines))
		}
		for _, b := range tv.keys.ShortHelp() {
			if h := b.Help(); !strings.Contains(v, h.Desc) {
				t.Errorf("%v: the footer lacks %q:\n%s", size, h.Key+" "+h.Desc, v)
			}
		}
	}
}

// Issue 27's trial: at 80×24 the in-game help (?) was cut. Every key it
// lists is shown whole, at 80×24 and 60×20, in a game and a sum of three.
func TestHelpWhole(t *testing.T) {
	t.Parallel()
	sum, p := parseOne(t, "nim 3 5 + kayles 7 + wythoff 3 5")
	for _, o := range []Options{games[0].options(false, "me"), {Game: sum, Position: p, Level: engine.Perfect}} {
		for _, size := range [][2]int{{80, 24}, {60, 20}} {
			m := press(newTestPlay(t, o, size[0], size[1]), "?")
			v := m.view()
			for _, column := range m.keys.FullHelp() {
				for _, b := range column {
					if h := b.Help(); b.Enabled() && !strings.Contains(v, h.Desc) {
						t.Errorf("%s at %v: the help lacks %q:\n%s", o.Game.Name, size, h.Key+" "+h.Desc, v)
					}
				}
			}
		}
	}
}

// Issue 27's trial: at 80×24 a sum of three boards was cut ("⋮ 4 more
// below"): every component's title is on screen.
func TestSumOfThreeFits(t *testing.T) {
	t.Parallel()
	sum, p := parseOne(t, "nim 3 5 + kayles 7 + wythoff 3 5")
	m := newTestPlay(t, Options{Game: sum, Position: p, Level: engine.Perfect}, 80, 24)
	v := m.view()
	if strings.Contains(v, "more below") {
		t.Errorf("the sum is cut:\n%s", v)
	}
	for _, title := range []string{"Game 1 · Nim", "Game 2 · Kayles", "Game 3 · Wythoff"} {
		if !strings.Contains(v, title) {
			t.Errorf("%q is not on screen:\n%s", title, v)
		}
	}
}

// Issue 27's trial: ? in a sum did not say how to place a knock. With the
// selection on the Nim heap of nim 3 + kayles 7, the help names [ and ].
func TestSumHelpSaysTheKnock(t *testing.T) {
	t.Parallel()
	sum, p := parseOne(t, "nim 3 + kayles 7")
	m := newTestPlay(t, Options{Game: sum, Position: p, Level: engine.Perfect}, 80, 24)
	if m.sel.Where != 1 {
		t.Fatalf("the selection starts at place %d", m.sel.Where)
	}
	if v := flat(press(m, "?").view()); !strings.Contains(v, "[/]") || !strings.Contains(v, "where a take-and-break game is split") {
		t.Errorf("the help does not say how to place a knock:\n%s", v)
	}
}
