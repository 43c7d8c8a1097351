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

// Issue 18: matchgame tree on a terminal explores the tree: the root's
// options at first, → or enter opens a line, ← closes it or goes up, a
// opens all below; the winning moves are starred with their P-positions,
// in both conventions.
func TestTreeExplorer(t *testing.T) {
	t.Parallel()
	g, _, err := variants.Lookup(variants.Config{Name: "nim"})
	if err != nil {
		t.Fatal(err)
	}
	dag, err := engine.GameTree(g, engine.Position{1, 2, 2})
	if err != nil {
		t.Fatal(err)
	}
	st := NewStyles(Themes[0], lipgloss.NewRenderer(nil))
	tv := newTreeView(dag, engine.Normal, Options{}, assets.Messages("en"), st)
	tv, _ = tv.update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press := func(keys ...string) { tv = pressTree(tv, keys...) }
	v := tv.view()
	for _, want := range []string{"▾ 1 2 2 · N · g = 1", "▸ ★ P · g = 0  take 1 from heap 1 → 0 2 2", "▸   N · g = 3  take 2 from heap 3 → 1 2 0"} {
		if !strings.Contains(v, want) {
			t.Errorf("the tree lacks %q:\n%s", want, v)
		}
	}
	if len(tv.rows) != 6 {
		t.Errorf("%d lines at first, want the root and its 5 options", len(tv.rows))
	}
	press("down", "right")
	if len(tv.rows) != 10 || !strings.Contains(tv.view(), "· ★ P · g = 0  take 2 from heap 3 → 0 2 0") && !strings.Contains(tv.view(), "take 1 from heap 2 → 0 1 2") {
		t.Errorf("→ on 0 2 2 shows %d lines:\n%s", len(tv.rows), tv.view())
	}
	press("left")
	if len(tv.rows) != 6 {
		t.Errorf("← left %d lines open", len(tv.rows))
	}
	press("left")
	if tv.at != 0 {
		t.Errorf("← on a closed line went to line %d, want its parent", tv.at)
	}
	checkTreeAll(t, pressTree(tv, "a"), dag)
	mis := newTreeView(dag, engine.Misere, Options{}, assets.Messages("zh"), st)
	mis, _ = mis.update(tea.WindowSizeMsg{Width: 60, Height: 20})
	if v := mis.view(); !strings.Contains(v, "博弈树") || !strings.Contains(v, "g⁻") {
		t.Errorf("the misère tree in Chinese:\n%s", v)
	}
}

// pressTree presses keys on the tree.
func pressTree(tv treeView, keys ...string) treeView {
	for _, k := range keys {
		tv, _ = tv.update(keyMsg(k))
	}
	return tv
}

// checkTreeAll: a opened every line, each winning move starred.
func checkTreeAll(t *testing.T, tv treeView, dag *engine.GameDAG) {
	t.Helper()
	if len(tv.rows) < 40 {
		t.Errorf("a opened %d lines", len(tv.rows))
	}
	for _, r := range tv.rows {
		n := dag.Nodes[r.node]
		if r.edge != nil && n.Outcome(engine.Normal) == engine.P != strings.Contains(tv.line(r, false), "★") {
			t.Errorf("line %q: the star disagrees with %v", tv.line(r, false), n.Outcome(engine.Normal))
		}
	}
}

// A newcomer's trial: matchgame tree kayles 4 5 at 60×20, a, End: the
// lines were cut before their outcome and value ("▸ ★ take 2 pins from
// row 2, 1 in from one end → 3 1 …"), ? did nothing, and the tree had no
// left margin. Each line says its outcome and value whatever the width,
// ? lists the tree's keys until ? or esc, and the margin is kept.
func TestTreeLinesKeepTheirValue(t *testing.T) {
	t.Parallel()
	g, _, err := variants.Lookup(variants.Config{Name: "kayles"})
	if err != nil {
		t.Fatal(err)
	}
	dag, err := engine.GameTree(g, engine.Position{4, 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range assets.Langs {
		tv := newTreeView(dag, engine.Normal, Options{}, assets.Messages(lang), testStyles)
		tv, _ = tv.update(tea.WindowSizeMsg{Width: 60, Height: 20})
		tv = pressTree(tv, "a", "end")
		for _, l := range strings.Split(tv.view(), "\n") {
			if l != "" && !strings.HasPrefix(l, " ") {
				t.Errorf("%s: no margin: %q", lang, l)
			}
		}
		for _, r := range tv.rows {
			if l := tv.line(r, false); !strings.Contains(l, "g = ") || lipgloss.Width(l) > 60-2*margin {
				t.Errorf("%s: %q says no value, or is wider than the screen", lang, l)
			}
		}
		before := tv.view()
		help := pressTree(tv, "?").view()
		for _, b := range tv.keys.ShortHelp() {
			if !strings.Contains(help, b.Help().Desc) {
				t.Errorf("%s: ? does not list %q:\n%s", lang, b.Help().Desc, help)
			}
		}
		if help == before || pressTree(tv, "?", "esc").view() != before || pressTree(tv, "?", "?").view() != before {
			t.Errorf("%s: ? does not open and close the help:\n%s", lang, help)
		}
	}
}
