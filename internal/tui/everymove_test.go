package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Issue 27, "every move can be typed": for each family, and a sum with a
// take-and-break component, every legal move of a small position is made
// by the keys the help lists, found by a search over those keys alone
// and then pressed on the game screen.

// everyMoveStarts are the positions tried, as the command line writes
// them: each family's example, or one with more moves where the example
// has few (three coins for Mock Turtles' three-coin moves).
var everyMoveStarts = map[string]string{
	"nim": "nim 3 2", "bash": "bash --max 3 5", "kayles": "kayles 5", "dawson-kayles": "dawson-kayles 5", "octal": "octal --code 0.137 5",
	"dawson-chess": "dawson-chess 5", "lasker": "lasker 4", "grundy": "grundy 6",
	"subtraction": "subtraction 6", "mock-turtles": "mock-turtles 1 3 4", "ruler": "ruler 1 3 4", "moore": "moore 2 3 1",
}

// startOf is family spec's position to try, and its game.
func startOf(t *testing.T, spec variants.Spec) (variants.Config, engine.Position) {
	t.Helper()
	text, ok := everyMoveStarts[spec.Name]
	if !ok {
		text = strings.TrimSpace(spec.Name + " " + spec.Example.String())
	}
	return parseOne(t, text)
}

// parseOne reads a game as the command line writes it, a sum with +.
func parseOne(t *testing.T, text string) (variants.Config, engine.Position) {
	t.Helper()
	if strings.Contains(text, "+") {
		cfg, p, err := variants.ParseSum(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		return cfg, p
	}
	f := strings.Fields(text)
	cfg := variants.Config{Name: f[0], Params: map[string]string{}}
	var nums []string
	for i := 1; i < len(f); i++ {
		if name, ok := strings.CutPrefix(f[i], "--"); ok {
			cfg.Params[name] = f[i+1]
			i++
			continue
		}
		nums = append(nums, f[i])
	}
	p, err := variants.ParsePosition(nums, "what.number")
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return cfg, p
}

// choosingKeys are the keys the help lists for choosing a move, as
// enabled on the chooser c at p.
func choosingKeys(g engine.Game, p engine.Position, c chooser, cat *assets.Catalog) []string {
	k := NewKeyMap(cat, g.Board())
	k.off()
	c.enable(g, p, &k, cat)
	var keys []string
	for _, b := range []key.Binding{k.PlaceBack, k.PlaceOn, k.Less, k.More, k.Shift, k.Cut, k.Digit, k.Mark} {
		if b.Enabled() {
			keys = append(keys, b.Keys()...)
		}
	}
	return keys
}

// keysTo finds the shortest keys that choose mv on the chooser from its
// start, by the keys enabled at each step; false when none does.
func keysTo(g engine.Game, p engine.Position, start chooser, mv engine.Move, cat *assets.Catalog) ([]string, bool) {
	type node struct {
		c    chooser
		keys []string
	}
	seen := map[string]bool{}
	queue := []node{{c: start}}
	for len(queue) > 0 && len(seen) < 20000 {
		n := queue[0]
		queue = queue[1:]
		if n.c.chosen(g, p) == mv && legal(g, p, n.c.Selection) || len(n.c.marks) > 0 && n.c.chosen(g, p) == mv {
			return n.keys, true
		}
		k := NewKeyMap(cat, g.Board())
		for _, press := range choosingKeys(g, p, n.c, cat) {
			c, _, _ := n.c.key(keyMsg(press), k, g, p, cat)
			id := fmt.Sprint(c.Selection, c.marks) // what is typed only matters to the next digit
			if !seen[id] {
				seen[id] = true
				queue = append(queue, node{c, append(slices.Clone(n.keys), press)})
			}
		}
	}
	return nil, false
}

func TestEveryMoveByKeys(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	type start struct {
		name string
		cfg  variants.Config
		pos  engine.Position
	}
	var starts []start
	for _, spec := range variants.Games {
		cfg, p := startOf(t, spec)
		starts = append(starts, start{spec.Name, cfg, p})
	}
	sum, p := parseOne(t, "nim 3 + kayles 7")
	starts = append(starts, start{"nim 3 + kayles 7", sum, p})
	for _, s := range starts {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			everyMove(t, Options{Game: s.cfg, Position: s.pos, Level: engine.Perfect, Lang: "en"}, cat)
		})
	}
}

// everyMove makes each legal move of the game o starts by keys.
func everyMove(t *testing.T, o Options, cat *assets.Catalog) {
	fresh := newTestPlay(t, o, 100, 40)
	g, p := fresh.game(), fresh.pos()
	var moves []engine.Move
	for mv := range g.Moves(p, 0) {
		moves = append(moves, mv)
	}
	if len(moves) == 0 {
		t.Fatalf("no move from %v", p)
	}
	for _, mv := range moves {
		said := engine.Describe(g, p, mv).Render(cat)
		keys, ok := keysTo(g, p, fresh.sel, mv, cat)
		if !ok {
			t.Errorf("%s cannot be chosen by the keys the help lists", said)
			continue
		}
		m := press(newTestPlay(t, o, 100, 40), append(keys, "enter")...) // a match of its own: plays share theirs
		if turns := m.match.Turns(); len(turns) == 0 || turns[0].Move != mv {
			t.Errorf("%s by %q: the move made was not it (%s)", said, keys, m.note)
		}
	}
}
