package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Issue 27: t shows the table of every family with values: one coin's
// values (Ruler), the grid of two numbers around the position's cell,
// marked (Wythoff, in a sum too; the coin selected in Turning Corners),
// the vertices of a graph with the selected token's marked; each with how
// the selected value is found.
func TestValueSheets(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game  variants.Config
		pos   engine.Position
		keys  []string
		wants []string
	}{
		{variants.Config{Name: "ruler"}, engine.Position{3, 6, 12}, nil,
			[]string{"Grundy values of Ruler, g(0..47)", "g(0..11)", "0  1  2  1  4  1  2  1  8", "g(3) = mex{0, g(2)=2, g(1..2)=3} = 1"}},
		{variants.Config{Name: "wythoff"}, engine.Position{4, 9}, nil,
			[]string{"g(a, b) for a, b from 0 to 12", "> 4  4   5   3   2   7   6   9   0*  1   8<", "g(4, 9) = mex{"}},
		{variants.Config{Name: "turning-corners"}, engine.Position{2, 3, 5, 6}, []string{"down"},
			[]string{"> 5  0*  5  10  15   2   7   8<", "g(5, 6) = 5 ⊗ 6 = mex{"}},
		{variants.Config{Name: "euclid"}, engine.Position{5, 8}, nil,
			[]string{"Outcomes of Euclid's game", "(5, 8): 3 forced moves"}},
		{variants.Config{Name: "graph", Params: map[string]string{"edges": "1>2,2>1,2>3,3>4,4>3,4>5,6>6,6>1,6>3"}}, engine.Position{2, 6}, []string{"down"},
			[]string{"Values of the vertices", "> 6       ∞(0)  N              1, 3, 6", "γ(6) = ∞(0)"}},
		{variants.Config{Parts: []variants.Config{{Name: "nim"}, {Name: "wythoff"}}}, engine.Position{1, 2, 2, 3, 5}, []string{"down"},
			[]string{"g(a, b) for a, b from 0 to 12", "> 3  3   4   5   6   2   0<", "g(3, 5) = mex{"}},
	} {
		m := newTestPlay(t, Options{Game: c.game, Position: c.pos, Level: engine.Perfect, Lang: "en"}, 100, 40)
		m = press(m, c.keys...)
		if !m.keys.Table.Enabled() {
			t.Errorf("%v: no t", c.game)
			continue
		}
		m = press(m, "t")
		all := strings.Join(panelLines(m, 96), "\n")
		for _, want := range c.wants {
			if !strings.Contains(all, want) {
				t.Errorf("%v: the sheet lacks %q:\n%s", c.game, want, all)
			}
		}
	}
}

// Issue 27: the explorer of a game whose play comes back (a graph with a
// cycle): a move back to a position above is a line that names it (↺)
// and does not open; a opens all below and ends.
func TestTreeExplorerLoopy(t *testing.T) {
	t.Parallel()
	g, _, err := variants.Lookup(variants.Config{Name: "graph", Params: map[string]string{"edges": "1>2,2>1,2>3,3>3"}})
	if err != nil {
		t.Fatal(err)
	}
	dag, err := engine.GameTree(g, engine.Position{1})
	if err != nil {
		t.Fatal(err)
	}
	st := NewStyles(Themes[0], lipgloss.NewRenderer(nil))
	tv := newTreeView(dag, engine.Normal, Options{}, assets.Messages("en"), st)
	tv, _ = tv.update(tea.WindowSizeMsg{Width: 100, Height: 30})
	tv, _ = tv.update(keyMsg("a"))
	v := tv.view()
	for _, want := range []string{"▾ 1 · D · γ = ∞()", "↺ ", "→ 1 · D, back to a position above", "D · γ = ∞()  move the token on vertex 2 to vertex 3 → 3"} {
		if !strings.Contains(v, want) {
			t.Errorf("the tree lacks %q:\n%s", want, v)
		}
	}
	for i, r := range tv.rows {
		if r.back {
			tv.at = i
			n := len(tv.rows)
			if tv, _ = tv.update(keyMsg("right")); len(tv.rows) != n {
				t.Errorf("→ opened a move back: %d lines, %d before", len(tv.rows), n)
			}
			break
		}
	}
}

// A newcomer's trial at 60 columns: euclid 19 4's sheet said a, b from 1
// to 19 and showed columns 1…13 with no sign of the rest; fibonacci-nim
// 15's began at column 2 (its column 14 at the right). Columns off screen are marked, ←/→ (in the
// help, the amount's keys off while the sheet is open) scroll them, and
// the position's column is in view when the sheet opens.
func TestGridSheetScrollsSideways(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game string
		pos  engine.Position
		col  string // the position's column, in the head
	}{{"euclid", engine.Position{19, 4}, " 4"}, {"fibonacci-nim", engine.Position{15}, " 14"}} {
		m := press(newTestPlay(t, Options{Game: variants.Config{Name: c.game}, Position: c.pos, Level: engine.Perfect, Lang: "en"}, 60, 20), "t")
		head := func(m play) string {
			w, _, _ := panelSize(60, 20, len(m.topLines()), footLines)
			return strings.Join(panelLines(m, w)[:6], "\n")
		}
		opened := head(m)
		if !strings.Contains(opened, "›") || !strings.Contains(opened, c.col) {
			t.Errorf("%s: the sheet's head marks no columns off screen, or lacks column%s:\n%s", c.game, c.col, opened)
		}
		if !m.keys.Sideways.Enabled() || m.keys.Less.Enabled() || !strings.Contains(strings.Join(strings.Fields(press(m, "?").view()), " "), "←/→ "+m.keys.Sideways.Help().Desc) {
			t.Errorf("%s: ←/→ do not scroll the sheet, or the help does not say so:\n%s", c.game, press(m, "?").view())
		}
		sel := m.sel
		right := press(m, "right", "right", "right", "right", "right", "right", "right", "right")
		if head(right) == opened || !strings.Contains(head(right), "‹") || right.sel.Selection != sel.Selection {
			t.Errorf("%s: → did not scroll the sheet (or changed the move):\n%s", c.game, head(right))
		}
	}
}
