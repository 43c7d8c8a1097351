package board

import (
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

func view(t *testing.T, name string, p engine.Position, height int) View {
	t.Helper()
	g, conv, err := variants.Lookup(variants.Config{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return View{Game: g, Pos: p, Conv: conv, Width: 78, Height: height, Cat: assets.Messages("en"), Choosing: true, Sel: Selection{Where: 1}}
}

// A titled board is the untitled one under its title line, and the mouse
// reads it one line lower: a sum stacks its components so.
func TestTitleAndMouse(t *testing.T) {
	for _, c := range []struct {
		name   string
		p      engine.Position
		height int
	}{
		{"nim", engine.Position{3, 6, 9}, 20},
		{"nim", engine.Position{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 6}, // windowed
		{"staircase", engine.Position{2, 3, 0, 4, 1}, 20},
		{"wythoff", engine.Position{5, 8}, 20},
		{"georgia-bob", engine.Position{1, 5, 6, 9}, 20},
	} {
		plain := view(t, c.name, c.p, c.height)
		titled := plain
		titled.Title = "Game 2 · " + c.name
		a, b := Draw(plain), Draw(titled)
		if b[0] != titled.Title || strings.Join(b[1:], "\n") != strings.Join(a, "\n") {
			t.Fatalf("%s: titled board\n%s\nis not the board\n%s\nunder its title", c.name, strings.Join(b, "\n"), strings.Join(a, "\n"))
		}
		found := 0
		for y := range a {
			for x := range 78 {
				s1, ok1 := At(plain, x, y)
				s2, ok2 := At(titled, x, y+1)
				if s1 != s2 || ok1 != ok2 {
					t.Fatalf("%s (%d, %d): %v %v untitled, %v %v titled", c.name, x, y, s1, ok1, s2, ok2)
				}
				if ok1 {
					found++
				}
			}
		}
		if _, ok := At(titled, 5, 0); ok {
			t.Errorf("%s: the title line selects a move", c.name)
		}
		if found == 0 {
			t.Errorf("%s: no move under the pointer anywhere", c.name)
		}
	}
}

// A Northcott row as wide as the largest int64 is drawn at once, its
// runs of empty cells folded (the chaos run found it walked cell by cell).
func TestRowsBoardHugeWidth(t *testing.T) {
	g, err := variants.NewNorthcott("9223372036854775807")
	if err != nil {
		t.Fatal(err)
	}
	v := View{Game: g, Pos: engine.Position{1, 9223372036854775807}, Width: 78, Height: 20, Cat: assets.Messages("en"), Choosing: true, Sel: Selection{Where: 1}}
	v.Preview = ptr(engine.At(1, 4611686018427387904))
	all := strings.Join(Draw(v), "\n")
	if !strings.Contains(all, "⋯") || !strings.Contains(all, "◇") || !strings.Contains(all, "○") {
		t.Errorf("a row of 2^63 − 1 cells:\n%s", all)
	}
}

// Coins and grids at the largest int64 are drawn at once too: a row of
// 2^63 − 1 coins is folded, a grid that wide keeps its coins' columns.
func TestCoinBoardsAtTheExtremes(t *testing.T) {
	for _, c := range []struct {
		game string
		p    engine.Position
	}{
		{"ruler", engine.Position{3, 9223372036854775807}},
		{"mock-turtles", engine.Position{9223372036854775806, 9223372036854775807}},
		{"turning-corners", engine.Position{9223372036854775807, 9223372036854775807, 3, 2}},
	} {
		v := view(t, c.game, c.p, 20)
		if all := strings.Join(Draw(v), "\n"); !strings.Contains(all, "9223372036854775807") {
			t.Errorf("%s %v:\n%s", c.game, c.p, all)
		}
	}
}

// Issue 18, rough edge 7: Georgia and Bob's gaps at 60 columns broke
// their list across lines ("… left to right): 1 2" / "3 4 5 6 3 8"); the
// list now has a line of its own.
func TestGapsListWhole(t *testing.T) {
	v := view(t, "georgia-bob", engine.Position{2, 5, 9, 14, 20, 27, 31, 40}, 20)
	v.Width = 56
	all := strings.Join(Draw(v), "\n")
	if !strings.Contains(all, "\n1 2 3 4 5 6 3 8") && !strings.Contains(all, " 1 2 3 4 5 6 3 8") {
		t.Errorf("the gaps' list is broken:\n%s", all)
	}
}

// ptr is a pointer to a copy of v, for a View's Preview.
func ptr[T any](v T) *T { return &v }
