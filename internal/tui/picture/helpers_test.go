package picture

import (
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// figureOf reads a game and position as the command line writes them
// ("nim 3 5", "subtraction --set 1,3,4 6", "nim 3 + kayles 7").
func figureOf(t testing.TB, spec, lang string) Figure {
	t.Helper()
	cat := assets.Messages(lang)
	if strings.Contains(spec, "+") {
		cfg, pos, err := variants.ParseSum(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, engine.Message(err, cat))
		}
		g, conv, err := variants.Lookup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return Figure{Game: g, Pos: pos, Conv: conv, Cat: cat}
	}
	fields := strings.Fields(spec)
	cfg := variants.Config{Name: fields[0], Params: map[string]string{}}
	var nums []string
	for i := 1; i < len(fields); i++ {
		switch f := fields[i]; {
		case f == "--misere":
			cfg.Misere = true
		case strings.HasPrefix(f, "--"):
			cfg.Params[strings.TrimPrefix(f, "--")] = fields[i+1]
			i++
		default:
			nums = append(nums, f)
		}
	}
	g, conv, err := variants.Lookup(cfg)
	if err != nil {
		t.Fatalf("%s: %v", spec, engine.Message(err, cat))
	}
	pos, err := variants.ParseFor(g, nums)
	if err != nil {
		t.Fatalf("%s: %v", spec, engine.Message(err, cat))
	}
	if pos, err = g.Normalize(pos); err != nil {
		t.Fatal(err)
	}
	return Figure{Game: g, Pos: pos, Conv: conv, Cat: cat}
}

// winning is f with its canonical winning move shown.
func winning(t testing.TB, f Figure) Figure {
	t.Helper()
	a, err := engine.Analyze(f.Game, f.Pos, f.Conv)
	if err != nil {
		t.Fatal(err)
	}
	f.Move = a.Move
	return f
}
