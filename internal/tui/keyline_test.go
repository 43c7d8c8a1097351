package tui

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// The key line always shows ? help, the way to every key, whatever the
// game's own keys crowd in before it: every family and a sum of four with
// int64 heaps, at 60×20 and 80×24, in both languages (a sum's knock keys
// pushed "? help" off the line at 80 columns; the chaos run waited for it
// in vain).
func TestKeyLineKeepsHelp(t *testing.T) {
	t.Parallel()
	starts := []Options{{Game: variants.Config{Parts: []variants.Config{{Name: "nim"}, {Name: "lasker"}, {Name: "kayles"}, {Name: "wythoff"}}},
		Position: engine.Position{2, 1<<63 - 1, 1, 1, 1<<63 - 1, 1, 1 << 62, 2, 3, 5}}}
	for _, s := range variants.Games {
		cfg := variants.Config{Name: s.Name, Params: map[string]string{}}
		for _, p := range s.Params {
			if p.Required {
				cfg.Params[p.Name] = p.Default
			}
		}
		starts = append(starts, Options{Game: cfg, Position: s.Example})
	}
	for _, o := range starts {
		for _, lang := range []string{"en", "zh"} {
			for _, size := range [][2]int{{60, 20}, {80, 24}} {
				o.Lang, o.First = lang, "me"
				m := newTestPlay(t, o, size[0], size[1])
				footer := m.footer()
				help := "? help"
				if lang == "zh" {
					help = "? 帮助"
				}
				if m.yourTurn() && !strings.Contains(strings.Join(footer, "\n"), help) {
					t.Errorf("%v %s at %d×%d: the key line lacks %q: %q", o.Game, lang, size[0], size[1], help, footer)
				}
			}
		}
	}
}
