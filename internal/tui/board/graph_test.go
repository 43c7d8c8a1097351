package board

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
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
