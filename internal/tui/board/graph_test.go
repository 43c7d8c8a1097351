package board

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// Issue 17: a game on a graph, a vertex a line with its tokens and its
// arrows, a sink said; the move being chosen names its arrow; a click on
// an arrow of a vertex with a token chooses that move.
func TestGraphBoard(t *testing.T) {
	v := view(t, "graph", engine.Position{1, 1, 2, 3}, 20)
	lines := Draw(v)
	want := []string{"1 ●●   →2 →3", "2 ●    →3 →4", "3 ●    →4", "4      (no arrow out"}
	for i, w := range want {
		if i >= len(lines) || !strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), strings.TrimSpace(Cursor))), w) {
			t.Fatalf("line %d: want %q:\n%s", i, w, strings.Join(lines, "\n"))
		}
	}
	v.Preview = ptr(engine.At(3, 4)) // the token on 2 goes to 4
	if all := strings.Join(Draw(v), "\n"); !strings.Contains(all, "the token on vertex 2 moves to vertex 4") {
		t.Errorf("the move 2 → 4:\n%s", all)
	}
	v.Preview = nil
	x := strings.Index(lines[1], "→4")
	if s, ok := At(v, len([]rune(lines[1][:x])), 1); !ok || s.Where != 3 || s.Amount != 4 {
		t.Errorf("a click on 2's arrow to 4: %+v %v", s, ok)
	}
}

// Issue 27: a click picks a vertex. On a vertex's number or its tokens,
// the token there (picked, the move waiting for the next click: Pick),
// unless the number is a vertex the chosen token's arrows lead to: then
// the move there. A vertex with no token and no arrow to it chooses
// nothing.
func TestGraphClick(t *testing.T) {
	v := view(t, "graph", engine.Position{1, 1, 2, 3}, 20) // 1→2 1→3, 2→3 2→4, 3→4
	lines := Draw(v)
	const name, token = 2, 4 // the columns of a vertex's number (after the cursor's room) and of its first token
	for _, c := range []struct {
		sel  int // the token chosen
		x, y int
		want Selection
		ok   bool
	}{
		{1, name, 1, Selection{Where: 1, Amount: 2}, true},              // 2, an arrow from 1: the token on 1 goes there
		{3, name, 2, Selection{Where: 3, Amount: 3}, true},              // 3 from 2
		{4, name, 1, Selection{Where: 3, Amount: 3, Pick: true}, true},  // 2, no arrow from 3: the token on 2 picked
		{3, token, 0, Selection{Where: 1, Amount: 2, Pick: true}, true}, // the tokens on 1: the first picked
		{1, name, 3, Selection{}, false},                                // 4: no token, no arrow from 1
	} {
		v.Sel = Selection{Where: c.sel}
		got, ok := At(v, c.x, c.y)
		if ok != c.ok || got != c.want {
			t.Errorf("token %d chosen, a click at (%d, %d): %+v %v, want %+v %v\n%s", c.sel, c.x, c.y, got, ok, c.want, c.ok, strings.Join(lines, "\n"))
		}
	} // A hundred tokens on vertex 1 are drawn ●×100, wider than the four
	// columns tokens take: its arrows are read where they are drawn.
	many := make(engine.Position, 100)
	for i := range many {
		many[i] = 1
	}
	v = view(t, "graph", many, 20)
	lines = Draw(v)
	x := strings.Index(lines[0], "→3")
	if s, ok := At(v, text.Width(lines[0][:x])+1, 0); !ok || s != (Selection{Where: 1, Amount: 3}) { // on its "3"
		t.Errorf("a click on 1's arrow to 3 past ●×100: %+v %v\n%s", s, ok, lines[0])
	}
}
