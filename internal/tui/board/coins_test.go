package board

import (
	"strconv"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Issue 17: a row of coins, heads ● and tails ○ with the heads coins'
// numbers over them; a previewed move shows the coins it turns as they
// will be and names them; a row of a million coins folds its tails.
func TestCoinsBoard(t *testing.T) {
	v := view(t, "mock-turtles", engine.Position{3, 5, 9}, 20)
	lines := Draw(v)
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != "1   3   5       9" || strings.TrimSpace(lines[1]) != "○ ○ ● ○ ● ○ ○ ○ ●" {
		t.Fatalf("Mock Turtles 3 5 9:\n%s", strings.Join(lines, "\n"))
	}
	v.Preview = ptr(engine.At(3, 2)) // coin 9, and coin 2
	v.Sel = Selection{Where: 3, Amount: 2}
	lines = Draw(v)
	// Issue 27: the coins keep their sides (the move is not made yet); the
	// cursor ▲ is under the coin chosen, △ under the other coin turned.
	if strings.TrimSpace(lines[1]) != "○ ○ ● ○ ● ○ ○ ○ ●" || strings.TrimSpace(lines[2]) != "△             ▲" || !strings.Contains(strings.Join(lines, "\n"), "turns coins 2 9") {
		t.Errorf("turning 9 and 2:\n%s", strings.Join(lines, "\n"))
	}
	big := view(t, "ruler", engine.Position{3, 1000000}, 20)
	lines = Draw(big)
	if row := strings.Join(lines, "\n"); !strings.Contains(row, "⋯999,996⋯") || !strings.Contains(row, "1000000") {
		t.Errorf("Ruler 3 1000000:\n%s", row)
	}
}

// Issue 27: a click picks a coin. On a heads coin, that coin alone; on a
// coin left of the heads coin chosen, the move that turns it with it:
// Mock Turtles' pair, Ruler's run.
func TestCoinsClick(t *testing.T) {
	for _, c := range []struct {
		game  string
		click int64 // the coin clicked
		want  Selection
	}{
		{"mock-turtles", 5, Selection{Where: 2, Amount: 0}},
		{"mock-turtles", 2, Selection{Where: 3, Amount: 2}},
		{"ruler", 5, Selection{Where: 2, Amount: 1}},
		{"ruler", 7, Selection{Where: 3, Amount: 3}},
	} {
		v := view(t, c.game, engine.Position{3, 5, 9}, 20)
		v.Sel = Selection{Where: 3}
		lines := Draw(v)
		x := strings.Index(lines[0], " "+strconv.FormatInt(c.click, 10))
		if c.click < 3 || c.click == 7 { // no number over a tails coin: count the cells
			x = 1 + 2*int(c.click-1)
		}
		got, ok := At(v, x+1, 1)
		if !ok || got != c.want {
			t.Errorf("%s: a click on coin %d chose %+v %v, want %+v\n%s", c.game, c.click, got, ok, c.want, strings.Join(lines, "\n"))
		}
	}
}

// One coin turned is said as one: "the move turns coin 1", not "coins 1".
func TestCoinsOneTurned(t *testing.T) {
	v := view(t, "ruler", engine.Position{1, 3}, 20)
	v.Preview = ptr(engine.At(1, 1))
	if all := strings.Join(Draw(v), "\n"); !strings.Contains(all, "the move turns coin 1") {
		t.Errorf("one coin:\n%s", all)
	}
}
