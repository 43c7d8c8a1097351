package variants

import (
	"math/rand/v2"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
)

func TestRandomPosition(t *testing.T) {
	t.Parallel()
	for _, name := range Names() {
		cfg := Config{Name: name, Params: map[string]string{}}
		spec, _, _ := Find(name)
		for _, p := range spec.Params {
			if p.Required { // the menu's default, as a person would start
				cfg.Params[p.Name] = p.Default
			}
		}
		g, _, err := Lookup(cfg)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 100; i++ {
			c := engine.Convention(i % 2)
			if spec.MisereOnly {
				c = engine.Misere // Chomp has no normal play to start
			}
			if spec.NormalOnly {
				c = engine.Normal // nor Northcott's game misère play
			}
			p, ok := RandomPosition(g, c, r)
			if places := g.Places(p); places == 0 || places > 6 { // a coin or an edge may be two numbers
				t.Fatalf("%s: position %v: want 1 to 6 places", name, p)
			}
			for _, v := range p {
				if v < 0 || v > 25 {
					t.Fatalf("%s: position %v: %d does not fit a small board", name, p, v)
				}
			}
			if _, err := g.Normalize(p); err != nil && g.Name() == "nim" {
				t.Fatalf("%s: position %v refused: %v", name, p, err)
			}
			if a, err := engine.Analyze(g, p, c); !ok || err != nil || a.Move == nil {
				t.Errorf("%s %v: position %v has no winning move (ok %v, %v); want an N-position to play from", name, c, p, ok, err)
			} else if engine.Over(g, a.After) {
				t.Errorf("%s %v: from %v the winning move ends the game at once: not worth playing", name, c, p)
			}
			if name == "georgia-bob" {
				for j := 1; j < len(p); j++ {
					if p[j] <= p[j-1] || p[0] < 1 {
						t.Fatalf("georgia-bob: cells %v are not sorted, distinct and ≥ 1", p)
					}
				}
			}
		}
	}
}

// Every parameter of every game has its menu row and its help line in
// both languages (Northcott's --width was shown as its key).
func TestParamsHaveWords(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		cat := assets.Messages(lang)
		for _, spec := range Games {
			for _, p := range spec.Params {
				for _, key := range []string{"ui.menu.row.param." + p.Name, "param.help." + p.Name} {
					if !cat.Has(key) {
						t.Errorf("%s: %s --%s: no %s", lang, spec.Name, p.Name, key)
					}
				}
			}
		}
	}
}
