package board

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Issue 17: Turning Corners on a grid of coins, x across and y down from
// 0; a move shows its four corners as they will be; a grid too large
// keeps the columns and rows that hold a coin, with ⋯ between.
func TestGridBoard(t *testing.T) {
	v := view(t, "turning-corners", engine.Position{2, 3, 4, 1}, 20)
	lines := Draw(v)
	want := []string{"0 1 2 3 4", "0 ○ ○ ○ ○ ○", "1 ○ ○ ○ ○ ●", "2 ○ ○ ○ ○ ○", "3 ○ ○ ● ○ ○"}
	for i, w := range want {
		if i >= len(lines) || strings.TrimSpace(lines[i]) != w {
			t.Fatalf("line %d: want %q:\n%s", i, w, strings.Join(lines, "\n"))
		}
	}
	v.Preview = ptr(engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{1}}.Move()) // (2,3): turns (0,3) (2,1) (0,1)
	all := strings.Join(Draw(v), "\n")
	if !strings.Contains(all, "1 ● ○ ● ○ ●") || !strings.Contains(all, "3 ● ○ ○ ○ ○") {
		t.Errorf("the corners of (2, 3) and (0, 1):\n%s", all)
	}
	big := view(t, "turning-corners", engine.Position{1000, 7, 3, 2}, 20)
	all = strings.Join(Draw(big), "\n")
	if !strings.Contains(all, "3    ⋯ 1000") || strings.Count(all, "●") != 2 {
		t.Errorf("a grid 1001 wide:\n%s", all)
	}
}
