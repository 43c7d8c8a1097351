package tui

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

func teachView(t *testing.T, g game, misere bool, p engine.Position) (play, string) {
	t.Helper()
	o := g.options(misere, "me")
	o.Explain, o.Position = "teach", p
	m := newTestPlay(t, o, 140, 40)
	return m, m.view()
}

// Every row the nim-sum reduces shows its target h ⊕ x, recomputed here;
// the other rows show none; the highest bit's column is bracketed.
func TestTeachNimTargets(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		p := engine.Position{r.Int64N(30) + 1, r.Int64N(30) + 1, r.Int64N(30) + 1}
		x := p[0] ^ p[1] ^ p[2]
		_, v := teachView(t, games[0], false, p)
		want := 0
		for _, h := range p {
			arrow := fmt.Sprintf("→ %d ⊕ %d = %d", h, x, h^x)
			if h^x < h {
				want++
				if !strings.Contains(v, arrow) {
					t.Errorf("%v: no %q:\n%s", p, arrow, v)
				}
			}
		}
		if arrows := targetRows(v); arrows != want {
			t.Errorf("%v: %d targets in the table, want %d:\n%s", p, arrows, want, v)
		}
		if x == 0 && strings.Contains(v, "[") {
			t.Errorf("%v: nim-sum 0 has no column to mark:\n%s", p, v)
		}
		if x != 0 && strings.Count(v, "[") != len(p)+2 { // rows, nim-sum, the legend
			t.Errorf("%v: %d brackets:\n%s", p, strings.Count(v, "["), v)
		}
	}
}

// targetRows counts the table rows with a target: "… = 1[1]000  → 24 ⊕ 19 = 11".
func targetRows(v string) int {
	n := 0
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "] ") || strings.Contains(l, "]0") || strings.Contains(l, "]1") {
			if strings.Contains(l, "→ ") && strings.Contains(l, " ⊕ ") {
				n++
			}
		}
	}
	return n
}

// Misère: the arrow points at the case the engine applies, and the nim-sum
// targets are shown only where the nim-sum decides.
func TestTeachMisereCases(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p       engine.Position
		arrow   string
		targets bool
	}{
		{engine.Position{1, 1, 1}, "→ no rich heap", false},
		{engine.Position{1, 0, 1}, "→ no rich heap", false},
		{engine.Position{1, 1, 5}, "→ exactly one rich heap (S1)", false},
		{engine.Position{3, 6, 9}, "→ two or more rich heaps", true},
	} {
		_, v := teachView(t, games[0], true, c.p)
		if !strings.Contains(v, c.arrow) || (targetRows(v) > 0) != c.targets {
			t.Errorf("%v: want %q and targets %v:\n%s", c.p, c.arrow, c.targets, v)
		}
		if _, normal := teachView(t, games[0], false, c.p); strings.Contains(normal, "which case") {
			t.Errorf("%v: normal play shows misère's cases", c.p)
		}
	}
}

// Bash: n matches in groups of m+1 and the remainder in brackets.
func TestTeachBashGroups(t *testing.T) {
	t.Parallel()
	for n := int64(1); n <= 40; n++ {
		m, v := teachView(t, games[1], false, engine.Position{n})
		max, _ := strconv.ParseInt(m.game().Params()[0].String(), 10, 64)
		size := max + 1
		want := strings.Repeat(strings.Repeat("|", int(size))+" ", int(n/size)) + "[" + strings.Repeat("|", int(n%size)) + "]"
		if !strings.Contains(v, "  "+want+" ") && !strings.Contains(v, "  "+want+"\n") {
			t.Errorf("%d: no %q:\n%s", n, want, v)
		}
	}
}
