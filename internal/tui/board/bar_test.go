package board

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Issue 17: Chomp's bar, the poisoned square ☠ at the top left; a bite
// shows the squares that go and counts them; a click on a square
// chooses the bite there.
func TestBarBoard(t *testing.T) {
	v := view(t, "chomp", engine.Position{5, 5, 3, 1}, 20)
	lines := Draw(v)
	want := []string{"1 2 3 4 5", "row 1 ☠ ■ ■ ■ ■", "row 2 ■ ■ ■ ■ ■", "row 3 ■ ■ ■", "row 4 ■"}
	for i, w := range want {
		if i >= len(lines) || strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), Cursor)) != w {
			t.Fatalf("line %d: want %q:\n%s", i, w, strings.Join(lines, "\n"))
		}
	}
	v.Preview = ptr(engine.At(2, 3))
	all := strings.Join(Draw(v), "\n")
	if !strings.Contains(all, "row 2 ■ ■ ▣ □ □") || !strings.Contains(all, "row 3 ■ ■ □") || !strings.Contains(all, "eats 4 squares") {
		t.Errorf("the bite at row 2, column 3:\n%s", all)
	}
	x := strings.Index(lines[3], "■") // row 3's first square, in columns (the glyphs are one wide)
	if s, ok := At(v, len([]rune(lines[3][:x]))+2, 3); !ok || s.Where != 3 || s.Amount != 2 {
		t.Errorf("a click on row 3, column 2: %+v %v", s, ok)
	}
}
