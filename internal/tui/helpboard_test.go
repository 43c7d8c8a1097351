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

// A newcomer's trial: Mock Turtles' ? said "↑/↓ select / ←/→ amount /
// 0-9 type the amount" and had no [/] though ] chose the third coin; in
// Chinese coins, corners, edges, tokens and squares were "选堆" and
// "输入根数". On every family's board the help at the start lists exactly
// the keys of choosing a move that do something somewhere on the board
// (a binding is listed if and only if one of its keys changes the move
// being chosen in some state the keys reach), and names the board's own
// pieces: no heap or match words where there are none.
func TestBoardHelpListsItsKeys(t *testing.T) {
	t.Parallel()
	for _, spec := range variants.Games {
		cfg, p := startOf(t, spec)
		for _, lang := range assets.Langs {
			cat := assets.Messages(lang)
			m := newTestPlay(t, Options{Game: cfg, Position: p, Level: engine.Perfect, Lang: lang}, 100, 40)
			g := m.game()
			listed := choosingBindings(g, p, m.sel, cat)
			acting := actingBindings(g, p, m.sel, cat)
			for name := range acting {
				if !listed[name] {
					t.Errorf("%s %s: %s does something but the help does not list it", spec.Name, lang, name)
				}
			}
			for name := range listed {
				if !acting[name] {
					t.Errorf("%s %s: the help lists %s, which does nothing on this board", spec.Name, lang, name)
				}
			}
			help := flat(press(m, "?").view()) + strings.Join(keyDescs(m.keys), " • ")
			for _, w := range heapWords(g.Board(), lang) {
				if strings.Contains(help, w) {
					t.Errorf("%s %s: the help says %q on a board of %s:\n%s", spec.Name, lang, w, g.Board().Unit, help)
				}
			}
		}
	}
}

// choosingNames are the bindings of choosing a move, by name.
func choosingNames(k KeyMap) map[string]key.Binding {
	return map[string]key.Binding{"PlaceBack": k.PlaceBack, "PlaceOn": k.PlaceOn, "Less": k.Less, "More": k.More,
		"Shift": k.Shift, "Cut": k.Cut, "Digit": k.Digit, "Mark": k.Mark}
}

// choosingBindings are the bindings of choosing the help lists at c.
func choosingBindings(g engine.Game, p engine.Position, c chooser, cat *assets.Catalog) map[string]bool {
	k := NewKeyMap(cat, g.Board())
	k.off()
	c.enable(g, p, &k, cat)
	out := map[string]bool{}
	for name, b := range choosingNames(k) {
		if b.Enabled() {
			out[name] = true
		}
	}
	return out
}

// actingBindings are the bindings one of whose keys changes the move
// being chosen in some state reached from c by the keys that work.
func actingBindings(g engine.Game, p engine.Position, c chooser, cat *assets.Catalog) map[string]bool {
	out := map[string]bool{}
	seen := map[string]bool{}
	queue := []chooser{c}
	for len(queue) > 0 && len(seen) < 3000 {
		c := queue[0]
		queue = queue[1:]
		k := NewKeyMap(cat, g.Board())
		k.off()
		c.enable(g, p, &k, cat)
		for name, b := range choosingNames(k) {
			if !b.Enabled() {
				continue
			}
			for _, press := range slices.Compact(b.Keys()) {
				next, _, _ := c.key(keyMsg(press), k, g, p, cat)
				id := fmt.Sprint(next.Selection, next.marks, next.typed)
				if id == fmt.Sprint(c.Selection, c.marks, c.typed) {
					continue
				}
				out[name] = true
				if !seen[id] {
					seen[id] = true
					queue = append(queue, next)
				}
			}
		}
	}
	return out
}

// heapWords are the words of heaps and matches board's help must not
// use: selecting a heap where there are none, counting matches where
// there are none, stones where there are coins.
func heapWords(b engine.Board, lang string) []string {
	var out []string
	switch b.Kind {
	case engine.Heaps, engine.OneHeap, engine.Queen:
	default:
		out = append(out, map[string]string{"en": "select •", "zh": "选堆"}[lang]) // the heap's plain "select"
	}
	if lang == "zh" && b.Unit != "unit.match" {
		out = append(out, "根数")
	}
	switch b.Kind {
	case engine.Coins, engine.CoinGrid, engine.Tree, engine.Graph, engine.Bar, engine.Rows:
		out = append(out, map[string]string{"en": "type the amount", "zh": "石子"}[lang])
	}
	return out
}

// keyDescs are the help's words of the enabled bindings of choosing,
// each ended by " •" (so that "select •" is select alone).
func keyDescs(k KeyMap) []string {
	var out []string
	for _, b := range choosingNames(k) {
		if b.Enabled() {
			out = append(out, b.Help().Desc+" •")
		}
	}
	return out
}
