package board

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Issue 17: Turning Corners on a grid of coins, x across and y down from
// 0; a move marks its four corners; a grid too large
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
	// Issue 27: the corners keep their sides until the move is made, each
	// marked * beside it.
	if !strings.Contains(all, "1 ○*○ ○*○ ●") || !strings.Contains(all, "3 ○*○ ●*○ ○") {
		t.Errorf("the corners of (2, 3) and (0, 1):\n%s", all)
	}
	big := view(t, "turning-corners", engine.Position{1000, 7, 3, 2}, 20)
	all = strings.Join(Draw(big), "\n")
	if !strings.Contains(all, "3    ⋯ 1000") || strings.Count(all, "●") != 2 {
		t.Errorf("a grid 1001 wide:\n%s", all)
	}
}

// Issue 27: a click picks a coin of the grid: a heads coin, or with the
// heads coin chosen the rectangle that has the coin clicked as a corner.
func TestGridClick(t *testing.T) {
	v := view(t, "turning-corners", engine.Position{2, 3, 4, 1}, 20)
	lines := Draw(v)
	col := func(x int) int { return strings.Index(lines[0], "0") + 2*x } // cells two wide under their numbers
	for _, c := range []struct {
		x, y int
		want Selection
		ok   bool
	}{
		{4, 1, Selection{Where: 2}, true},                     // the heads coin (4, 1)
		{0, 1, Selection{Where: 1, Amount: 0, Left: 1}, true}, // with (2, 3) chosen: the rectangle to (0, 1)
		{3, 3, Selection{}, false},                            // right of the coin chosen: no move
	} {
		got, ok := At(v, col(c.x), 1+c.y)
		if ok != c.ok || got != c.want {
			t.Errorf("a click on (%d, %d): %+v %v, want %+v %v\n%s", c.x, c.y, got, ok, c.want, c.ok, strings.Join(lines, "\n"))
		}
	}
}
