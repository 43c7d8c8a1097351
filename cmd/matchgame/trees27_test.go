package main

import (
	"strings"
	"testing"
)

// Issue 27: the trees of Northcott's game and of graphs with cycles are
// drawn: a position that comes back is a reference to the earlier node,
// in the text, in DOT and in the picture; the empty Hackenbush position
// has a name.
func TestLoopyTreesAndNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"tree", "northcott", "--width", "4", "1", "3"},
			[]string{"#1 1 3 · N · γ = 1", "→ 1 3 (#1, a position above: play comes back to it)", "★ in row 1, move to cell 2 → #2 3 2 · P · γ = 0"}},
		{[]string{"tree", "graph", "--edges", "1>2,2>1,2>3", "1"},
			[]string{"#1 1 · P · γ = 0", "→ 1 (#1, a position above", "#3 3 · P · γ = 0"}},
		{[]string{"tree", "graph", "--edges", "1>2,2>1,2>3,3>3", "1", "--misere"},
			[]string{"#1 1 · D", "Misère play (the last move loses). Play can come back"}},
		{[]string{"tree", "graph", "--edges", "1>2,2>1,2>3,3>3", "1", "--dot"},
			[]string{`style="rounded,dashed"`, "γ = ∞()"}},
		{[]string{"tree", "northcott", "--width", "4", "1", "3", "--svg"},
			[]string{`class="move back"`, "γ = 1"}},
		{[]string{"tree", "hackenbush", "0-1", "1-2"},
			[]string{"→ #2 ∅ · P · g = 0", "→ ∅ (#2, drawn above)"}},
	} {
		code, out, errs := runCLI(t, "", append(c.args, "--lang", "en")...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
			continue
		}
		for _, want := range c.wants {
			if !strings.Contains(out, want) {
				t.Errorf("%v lacks %q:\n%s", c.args, want, out)
			}
		}
	}
}
