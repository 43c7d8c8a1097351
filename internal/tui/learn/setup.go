package learn

import (
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Setup is a game with its convention and, where given, a position, as
// the command line writes it: "nim 3 6 9", "anti-nim 1 1 5",
// "subtraction --set 1,3,4 10", "nim 3 5 + kayles 7 --misere",
// "nim 2 + kayles 3 --every", or a preset's name ("hdu1848").
type Setup struct {
	Text   string // as written
	Config variants.Config
	Game   engine.Game
	Conv   engine.Convention
	Pos    engine.Position // nil: no position given
	// Every: the sum is played by the Every-SG rule (each turn a move in
	// every game that has one).
	Every bool
}

// ParseSetup reads a setup; a refusal says what is wrong in the engine's
// words.
func ParseSetup(s string) (Setup, error) {
	text := strings.TrimSpace(s)
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return Setup{}, engine.Refuse("err.learn.setup.empty")
	}
	if len(fields) == 1 {
		if st, ok, err := fromPreset(fields[0]); ok {
			st.Text = text
			return st, err
		}
	}
	every := false
	var kept []string
	for _, f := range fields {
		if f == "--every" {
			if every {
				return Setup{}, engine.Refuse("err.flag.twice", "every")
			}
			every = true
			continue
		}
		kept = append(kept, f)
	}
	if strings.Contains(text, "+") {
		cfg, p, err := variants.ParseSum(strings.Join(kept, " "))
		if err != nil {
			return Setup{}, err
		}
		st, err := fromConfig(text, cfg, nil)
		st.Pos, st.Every = p, every
		return st, err
	}
	if every {
		return Setup{}, engine.Refuse("err.learn.setup.every")
	}
	return parseGame(text, kept)
}

// fromPreset is the setup of a preset's name; false when name is none.
func fromPreset(name string) (Setup, bool, error) {
	if p, ok := assets.FindSumPreset(name); ok {
		st, err := ParseSetup(p.Sum)
		return st, true, err
	}
	if p, ok := assets.FindPreset(name); ok {
		st, err := fromConfig(name, variants.Config{Name: p.Game, Misere: p.Misere, Params: p.Params}, p.Position)
		return st, true, err
	}
	return Setup{}, false, nil
}

// parseGame reads one game: its name, its flags, its numbers.
func parseGame(text string, fields []string) (Setup, error) {
	cfg, misere, nums, err := variants.GameWords(fields)
	if err != nil {
		return Setup{}, err
	}
	cfg.Misere = misere
	st, err := fromConfig(text, cfg, nil)
	if err != nil || len(nums) == 0 {
		return st, err
	}
	if st.Pos, err = variants.ParseFor(st.Game, nums); err != nil {
		return Setup{}, err
	}
	if st.Pos, err = st.Game.Normalize(st.Pos); err != nil {
		return Setup{}, err
	}
	return st, nil
}

func fromConfig(text string, cfg variants.Config, p engine.Position) (Setup, error) {
	g, conv, err := variants.Lookup(cfg)
	if err != nil {
		return Setup{}, err
	}
	if p != nil {
		if p, err = g.Normalize(p); err != nil {
			return Setup{}, err
		}
	}
	return Setup{Text: text, Config: cfg, Game: g, Conv: conv, Pos: p}, nil
}

// Words say the setup for a person: a preset by its title, a game by its
// name and position, a sum game by game ("Nim 3 5 + Kayles 7").
func (s Setup) Words(cat *assets.Catalog) string {
	if p, ok := assets.FindPreset(s.Text); ok {
		return inLang(p.Title, cat.Lang)
	}
	if p, ok := assets.FindSumPreset(s.Text); ok {
		return inLang(p.Title, cat.Lang)
	}
	var out string
	if sum, ok := s.Game.(*engine.Sum); ok {
		parts := make([]string, len(sum.Parts))
		for i, g := range sum.Parts {
			var q engine.Position // none given: a quiz draws its own
			if s.Pos != nil {
				q = sum.Partwise(s.Pos)[i]
			}
			parts[i] = gameWords(g, q, cat)
		}
		out = strings.Join(parts, " + ")
	} else {
		out = gameWords(s.Game, s.Pos, cat)
	}
	if s.Conv == engine.Misere && !variants.SpecOf(s.Game).MisereOnly {
		out += " · " + cat.T("convention.misere")
	}
	return out
}

// gameWords are one game's title and, given, its position.
func gameWords(g engine.Game, p engine.Position, cat *assets.Catalog) string {
	out := engine.Title(g).Render(cat)
	if p != nil {
		out += " " + engine.BriefOf(g, p)
	}
	return out
}

// Command is the setup as `matchgame analyze`, `play` or `demo` takes it
// after the command's name: the sum as written, a single game spelled
// with its parameters and convention.
func (s Setup) Command() string {
	misere := ""
	if s.Conv == engine.Misere && !variants.SpecOf(s.Game).MisereOnly {
		misere = " --misere"
	}
	if sum, ok := s.Game.(*engine.Sum); ok {
		out := sum.Spell(s.Pos) + misere
		if s.Every {
			out += " --every"
		}
		return out
	}
	out := engine.Spelled(s.Game) + misere
	if s.Pos != nil {
		out += " " + engine.Written(s.Game, s.Pos)
	}
	return out
}
