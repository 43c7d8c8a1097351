package variants

import (
	"errors"
	"slices"
	"strings"

	"matchgame/internal/engine"
)

// GameWords reads one game as the command line writes it: its name, its
// parameters (--set 1,3,4 or --set=1,3,4), --misere, and its numbers,
// returned as words. As on the command line, a flag the game does not
// take is refused by name and a flag given twice is refused.
func GameWords(fields []string) (cfg Config, misere bool, nums []string, err error) {
	cfg = Config{Name: strings.ToLower(fields[0]), Params: map[string]string{}}
	given := map[string]bool{}
	for j := 1; j < len(fields); j++ {
		f := fields[j]
		name, value, hasValue := strings.Cut(strings.TrimPrefix(f, "--"), "=")
		switch {
		case !strings.HasPrefix(f, "--"):
			nums = append(nums, f)
			continue
		case given[name]: // as the command line refuses a flag given twice
			return cfg, misere, nil, engine.Refuse("err.flag.twice", name)
		case f == "--misere":
			misere = true
		case !takesParam(cfg.Name, name): // named as the game's, not "needs a value"
			return cfg, misere, nil, engine.Refuse("err.param.stray", cfg.Name, name)
		case hasValue:
			cfg.Params[name] = value
		case j+1 < len(fields):
			cfg.Params[name] = fields[j+1]
			j++
		default:
			return cfg, misere, nil, engine.Refuse("err.flag.value", name)
		}
		given[name] = true
	}
	return cfg, misere, nums, nil
}

// takesParam reports whether game takes --name; an unknown game takes
// any, Lookup names it.
func takesParam(game, name string) bool {
	spec, _, ok := Find(game)
	return !ok || slices.ContainsFunc(spec.Params, func(p ParamSpec) bool { return p.Name == name })
}

// ParseSum reads a sum of games as the command line writes it: games
// separated by "+", each its name, its parameters (--set 1,3,4 or
// --set=1,3,4) and its numbers: "nim 3 5 + subtraction --set 1,3,4 6".
// --misere anywhere makes the sum misère. It returns the sum's Config and
// its position, nil when no game has numbers ("nim + kayles": a random
// start); a refusal names the component.
func ParseSum(text string) (Config, engine.Position, error) {
	cfg := Config{Name: "sum"}
	var numbers [][]string
	for i, piece := range strings.Split(text, "+") {
		fields := strings.Fields(piece)
		if len(fields) == 0 {
			return Config{}, nil, engine.Refuse("err.sum.nogame", i+1)
		}
		part, misere, nums, err := GameWords(fields)
		if err != nil {
			return Config{}, nil, engine.Refuse("err.sum.part", i+1, part.Name, err.(*engine.Refusal).Text)
		}
		if cfg.Misere && misere {
			return Config{}, nil, engine.Refuse("err.flag.twice", "misere")
		}
		cfg.Misere = cfg.Misere || misere
		cfg.Parts, numbers = append(cfg.Parts, part), append(numbers, nums)
	}
	g, _, err := Lookup(cfg)
	if err != nil {
		return Config{}, nil, err
	}
	s := g.(*engine.Sum)
	if !slices.ContainsFunc(numbers, func(nums []string) bool { return len(nums) > 0 }) {
		return cfg, nil, nil // no numbers at all: the caller draws them
	}
	positions := make([]engine.Position, len(numbers))
	for i, nums := range numbers {
		if len(nums) == 0 {
			return Config{}, nil, engine.Refuse("err.sum.noposition", i+1, s.Parts[i].Name())
		}
		if positions[i], err = ParseFor(s.Parts[i], nums); err != nil {
			var r *engine.Refusal
			if errors.As(err, &r) {
				err = engine.Refuse("err.sum.part", i+1, s.Parts[i].Name(), r.Text)
			}
			return Config{}, nil, err
		}
	}
	p, err := s.Normalize(s.Join(positions))
	if err != nil {
		return Config{}, nil, err
	}
	return cfg, p, nil
}
