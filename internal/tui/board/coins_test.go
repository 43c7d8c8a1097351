package board

import (
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
	lines = Draw(v)
	if strings.TrimSpace(lines[1]) != "○ ● ● ○ ● ○ ○ ○ ○" || !strings.Contains(strings.Join(lines, "\n"), "turns coins 2 9") {
		t.Errorf("turning 9 and 2:\n%s", strings.Join(lines, "\n"))
	}
	big := view(t, "ruler", engine.Position{3, 1000000}, 20)
	lines = Draw(big)
	if row := strings.Join(lines, "\n"); !strings.Contains(row, "⋯999,996⋯") || !strings.Contains(row, "1000000") {
		t.Errorf("Ruler 3 1000000:\n%s", row)
	}
}
