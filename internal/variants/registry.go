package variants

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"matchgame/internal/engine"
)

// Spec describes one game for the command line and the menu: its name,
// its parameters with their allowed values and defaults, a position every
// game of it accepts, and how to draw a random start. The front ends are
// built from these; none of them names a game.
type Spec struct {
	Name   string
	Params []ParamSpec
	// New builds the game from its parameters, each given or defaulted.
	New func(params map[string]string) (engine.Game, error)
	// Example is a small position the game accepts: the menu solves it to
	// learn whether a choice of parameters is playable at all.
	Example engine.Position
	// MisereOnly: the game is itself a misère game (Chomp: whoever eats the
	// poisoned square loses), played so always; --misere is refused.
	MisereOnly bool
	// NormalOnly: misère play is no game (Northcott's: a draw wherever a
	// piece can move); --misere is refused with the message err.normal.NAME.
	NormalOnly bool
	// InSum, when set, is the game as a component of a sum, where it is
	// played otherwise (Chomp: its poisoned square is never eaten).
	InSum func(engine.Game) engine.Game
	// Random draws a start: size 0 fits an 80×24 screen; each size up is
	// harder (more heaps, bigger numbers), for a quiz on a streak.
	Random func(g engine.Game, r *rand.Rand, size int) engine.Position

	// What the family can do (SPEC §13, capability.go): how its values
	// are known, the catalogue key of its bounds, and the tools it does
	// not support with the reason of each. TestEveryCell holds every cell
	// to what the program does.
	Value  ValueKind
	Bounds string
	Cannot Cannot
}

// ParamSpec is one parameter of a game, given on the command line as
// --Name VALUE.
type ParamSpec struct {
	Name string
	// Required: the command line must give it (Bash's --max); the menu
	// starts from Default all the same.
	Required bool
	Default  string
	// Choices are what the menu offers; any other value can be typed.
	Choices []string
	// File: the value names a file the game reads (graph's --file), which
	// can be large: whatever would refuse the command anyway is asked
	// before it is read; a saved game never names one (see SelfContained).
	File bool
}

// Alias is another name for a game with some settings implied.
type Alias struct {
	Name, Game string
	Misere     bool
	Params     map[string]string // fixed by the alias
}

// Games are the games in menu order.
var Games = []Spec{
	{Name: "nim",
		Value:   ClosedForm,
		New:     func(map[string]string) (engine.Game, error) { return Nim{}, nil },
		Example: engine.Position{3}, Random: randomHeaps(3, 4, 1, 9)},
	{Name: "bash",
		Value:  ClosedForm,
		Params: []ParamSpec{{Name: "max", Required: true, Default: "3", Choices: []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}}},
		New: func(p map[string]string) (engine.Game, error) {
			m, err := ParseNumber(p["max"], "what.max")
			if err != nil {
				return nil, err
			}
			return NewBash(m)
		},
		Example: engine.Position{3},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			return engine.Position{between(r, 10, 25*int64(size+1))}
		}},
	{Name: "wythoff",
		Value: Tabled, Bounds: "bounds.wythoff",
		New:     func(map[string]string) (engine.Game, error) { return Wythoff{}, nil },
		Example: engine.Position{1, 2},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			top := 9 + 20*int64(size)
			return engine.Position{between(r, 2, top), between(r, 2, top)}
		}},
	{Name: "subtraction",
		Value: Periodic, Bounds: "bounds.subtraction",
		Params:  []ParamSpec{{Name: "set", Default: "fib", Choices: []string{"fib", "1,2,3", "1,3,4", "1,2,4,8", "2,3,5"}}},
		New:     func(p map[string]string) (engine.Game, error) { return NewSubtraction(p["set"]) },
		Example: engine.Position{3},
		Random: func(g engine.Game, r *rand.Rand, size int) engine.Position {
			least := g.(Subtraction).set[0] // a set such as {50} needs large heaps
			return randomHeaps(2, 3, satAdd(least, 2), satAdd(satAdd(least, least), satAdd(least, 12)))(g, r, size)
		}},
	{Name: "staircase",
		Value: Parts, Cannot: Cannot{ToolTable: "why.table.stairs"},
		New:     func(map[string]string) (engine.Game, error) { return Staircase{}, nil },
		Example: engine.Position{1, 2},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			p := make(engine.Position, 4+size+r.IntN(2))
			for i := 1; i < len(p); i++ {
				p[i] = between(r, 1, 5+3*int64(size))
			}
			return p
		}},
	{Name: "georgia-bob",
		Value: Parts, Cannot: Cannot{ToolTable: "why.table.gaps"},
		New:     func(map[string]string) (engine.Game, error) { return GeorgiaBob{}, nil },
		Example: engine.Position{1, 3},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			cells := r.Perm(16 + 8*size)[:3+size+r.IntN(3)]
			p := make(engine.Position, len(cells))
			for i, c := range cells {
				p[i] = int64(c + 1)
			}
			slices.Sort(p)
			return p
		}},
	{Name: "octal",
		Value: Periodic, Bounds: "bounds.octal",
		Params:  []ParamSpec{{Name: "code", Required: true, Default: "0.77", Choices: []string{"0.77", "0.07", "0.137", "0.6", "0.51", "0.4", "0.156"}}},
		New:     func(p map[string]string) (engine.Game, error) { return NewOctal(p["code"]) },
		Example: engine.Position{3}, Random: randomRows},
	namedBreak("kayles"), namedBreak("dawson-kayles"), namedBreak("dawson-chess"),
	{Name: "lasker",
		Value:   ClosedForm,
		Params:  []ParamSpec{{Name: "parts", Default: "2", Choices: []string{"2", "3"}}},
		New:     func(p map[string]string) (engine.Game, error) { return NewLasker(p["parts"]) },
		Example: engine.Position{3},
		Random: func(g engine.Game, r *rand.Rand, size int) engine.Position {
			if _, ok := g.(TakeBreak); ok {
				return randomRows(g, r, size)
			}
			return randomHeaps(2, 3, 1, 12)(g, r, size)
		}},
	namedBreak("grundy"),
	{Name: "euclid",
		Value:   Searched,
		New:     func(map[string]string) (engine.Game, error) { return Euclid{}, nil },
		Example: engine.Position{25, 7}, Random: randomPair},
	{Name: "fibonacci-nim",
		Value: Searched, Bounds: "bounds.fibonacci-nim",
		Params:  []ParamSpec{{Name: "limit"}}, // "": n − 1
		New:     func(p map[string]string) (engine.Game, error) { return NewFibonacciNim(p["limit"]) },
		Example: engine.Position{20, 19},
		Random: func(g engine.Game, r *rand.Rand, size int) engine.Position {
			n := between(r, 8, 25<<size) // a board of 80×24 at size 0
			if k := g.(FibonacciNim).Limit; k > 0 {
				return engine.Position{n, k}
			}
			return engine.Position{n, n - 1}
		}},
	{Name: "moore",
		Value: Searched, Bounds: "bounds.moore", Cannot: Cannot{ToolTable: "why.table.moore"},
		Params:  []ParamSpec{{Name: "k", Default: "2", Choices: []string{"2", "3", "1", "4", "5", "6"}}},
		New:     func(p map[string]string) (engine.Game, error) { return NewMoore(p["k"]) },
		Example: engine.Position{3, 5, 6},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			p := make(engine.Position, 3+r.IntN(2)+size)
			for i := range p {
				p[i] = between(r, 1, 9<<size)
			}
			return p
		}},
	{Name: "northcott",
		Value: Parts, Cannot: Cannot{ToolTable: "why.table.rows", ToolMisereSum: "why.misere.northcott"},
		NormalOnly: true, Params: []ParamSpec{{Name: "width", Default: "8", Choices: []string{"8", "6", "10", "4", "12"}}},
		New:     func(p map[string]string) (engine.Game, error) { return NewNorthcott(p["width"]) },
		Example: engine.Position{1, 3},
		Random: func(g engine.Game, r *rand.Rand, size int) engine.Position {
			w := g.(Northcott).Width
			p := make(engine.Position, 0, 8)
			for range 2 + min(size, 2) + r.IntN(2) {
				cells := r.Perm(int(min(w, 1000)))[:2]
				p = append(p, int64(cells[0]+1), int64(cells[1]+1))
			}
			return p
		}},
	coinSpec("mock-turtles"), coinSpec("ruler"),
	{Name: "turning-turtles", Value: ClosedForm, Bounds: "bounds.coins", New: func(map[string]string) (engine.Game, error) { return Turtles{}, nil },
		Example: engine.Position{1, 3}, Random: coinSpec("").Random},
	{Name: "turning-corners",
		Value: ClosedForm, Bounds: "bounds.turning-corners",
		New:     func(map[string]string) (engine.Game, error) { return Corners{}, nil },
		Example: engine.Position{1, 1},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			side := cornersMisere + 2*size // misère play is searched up to 4 × 4
			p := make(engine.Position, 0, 8)
			for _, cell := range r.Perm(side * side)[:2+min(size, 3)+r.IntN(2)] {
				p = append(p, int64(cell%side), int64(cell/side))
			}
			q, _ := Corners{}.Normalize(p)
			return q
		}},
	{Name: "hackenbush",
		Value: ClosedForm, Bounds: "bounds.hackenbush", Cannot: Cannot{ToolTable: "why.table.graph"},
		New:     func(map[string]string) (engine.Game, error) { return Hackenbush{}, nil },
		Example: engine.Position{0, 1, 1, 2},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			// A tree grown from the ground, with a cycle now and then: at
			// most hackenbushMisere edges, so misère play is answered too.
			n := min(3+size+r.IntN(3), 6+size, hackenbushMisere)
			var p engine.Position
			vertices := int64(1)
			for len(p) < 2*n {
				u := r.Int64N(vertices)
				if r.IntN(5) == 0 && vertices > 2 {
					p = append(p, u, 1+r.Int64N(vertices-1)) // a cycle
					continue
				}
				p = append(p, u, vertices)
				vertices++
			}
			return p
		}},
	{Name: "graph",
		Value: Searched, Bounds: "bounds.graph",
		Params:  []ParamSpec{{Name: "edges", Default: graphDefault, Choices: []string{graphDefault, "1>2,2>3,3>4,4>5", "0>1,0>2,1>2,2>3,1>3", graphLoopy}}, {Name: "file", File: true}},
		New:     func(p map[string]string) (engine.Game, error) { return NewGraph(p["edges"], p["file"]) },
		Example: engine.Position{1},
		Random: func(g engine.Game, r *rand.Rand, size int) engine.Position {
			var vs []int64
			for v := range g.(Graph).succ {
				vs = append(vs, v)
			}
			slices.Sort(vs)
			p := make(engine.Position, 2+min(size, 3)+r.IntN(2))
			for i := range p {
				p[i] = vs[r.IntN(len(vs))]
			}
			slices.Sort(p)
			return p
		}},
	{Name: "chomp",
		Value: Searched, Bounds: "bounds.chomp",
		New:        func(map[string]string) (engine.Game, error) { return Chomp{}, nil },
		MisereOnly: true, Example: engine.Position{2, 1},
		InSum: func(engine.Game) engine.Game { return Chomp{Part: true} },
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			rows := 2 + r.IntN(2) + min(size, 4)
			p := make(engine.Position, rows)
			top := int64(min(4+size+r.IntN(2), chompSide))
			for i := range p {
				p[i] = top
				if i > 0 {
					p[i] = between(r, 1, p[i-1])
				}
			}
			return p
		}},
}

// coinSpec is the spec of a coin-turning game: a few heads among the
// first 12 coins at size 0 (misère play is searched up to coin 16), more
// and further right with each size up.
func coinSpec(name string) Spec {
	return Spec{Name: name, Value: ClosedForm, Bounds: "bounds.coins",
		New:     func(map[string]string) (engine.Game, error) { return NewCoins(name), nil },
		Example: engine.Position{1, 3},
		Random: func(_ engine.Game, r *rand.Rand, size int) engine.Position {
			top := min(12+2*size, misereCoins)
			cells := r.Perm(top)[:3+min(size, 3)+r.IntN(2)]
			p := make(engine.Position, len(cells))
			for i, c := range cells {
				p[i] = int64(c + 1)
			}
			slices.Sort(p)
			return p
		}}
}

// namedBreak is the spec of a take-and-break game with a name of its own.
func namedBreak(name string) Spec {
	value, bounds := Periodic, ""
	if name == "grundy" { // no period is known: a table as far as it is computed
		value, bounds = Tabled, "bounds.grundy"
	}
	return Spec{Name: name, Value: value, Bounds: bounds,
		New:     func(map[string]string) (engine.Game, error) { return NewTakeBreak(name) },
		Example: engine.Position{3}, Random: randomRows}
}

// randomRows draws rows (heaps) of a take-and-break game: two or three of
// up to 12 at size 0, more and longer with each size up. Up to size 3
// (what a quiz on a streak reaches) the heaps that have a move hold at
// most misereTokens between them, so misère play is answered too, by
// exact search where the certificate fails.
func randomRows(g engine.Game, r *rand.Rand, size int) engine.Position {
	rule := g.(TakeBreak).rule
	lo := int64(1)
	for lo < 64 && !rule.canMove(lo) { // Grundy's game needs 3, 0.07 needs 2
		lo++
	}
	top := max(lo+4, 12+4*int64(size))
	p := make(engine.Position, 2+r.IntN(2)+size/2)
	room := int64(misereTokens)
	for i := range p {
		hi := top
		if size <= 3 {
			hi = min(hi, room-lo*int64(len(p)-1-i)) // leave each later row its least
		}
		p[i] = between(r, min(lo, hi), max(hi, 0))
		room -= p[i]
	}
	return p
}

// Aliases are the other names a game goes by.
var Aliases = []Alias{
	{Name: "anti-nim", Game: "nim", Misere: true},
	{Name: "fibonacci", Game: "subtraction", Params: map[string]string{"set": "fib"}},
}

// Names are the games' command-line names, in menu order.
func Names() []string {
	names := make([]string, len(Games))
	for i, s := range Games {
		names[i] = s.Name
	}
	return names
}

// AllNames are the games' names and their aliases, as the command line
// takes them.
func AllNames() []string {
	names := Names()
	for _, a := range Aliases {
		names = append(names, a.Name)
	}
	return names
}

// ParamNames are the flags of every game's parameters.
func ParamNames() []string {
	var names []string
	for _, s := range Games {
		for _, p := range s.Params {
			if !slices.Contains(names, p.Name) {
				names = append(names, p.Name)
			}
		}
	}
	return names
}

// ReadsFile reports whether a command line's words give a game a file to
// read (graph's --file), without reading it.
func ReadsFile(args []string) bool {
	for _, s := range Games {
		for _, p := range s.Params {
			for _, a := range args {
				if p.File && (a == "--"+p.Name || strings.HasPrefix(a, "--"+p.Name+"=")) {
					return true
				}
			}
		}
	}
	return false
}

// Find is the spec of a game's name or alias, ignoring case, with the alias
// if it is one.
func Find(name string) (Spec, *Alias, bool) {
	name = strings.ToLower(name)
	for i, a := range Aliases {
		if a.Name == name {
			name = a.Game
			s, _, ok := Find(name)
			return s, &Aliases[i], ok
		}
	}
	for _, s := range Games {
		if s.Name == name {
			return s, nil, true
		}
	}
	return Spec{}, nil, false
}

// SpecOf is the spec of g.
func SpecOf(g engine.Game) Spec {
	s, _, _ := Find(g.Name())
	return s
}

// Config is a game as chosen on the command line or in the menu.
type Config struct {
	Name   string            // a name or alias: "nim", "anti-nim", "fibonacci" …
	Misere bool              // --misere
	Params map[string]string // --max, --set … as given
	// Parts, when set, make the game a sum of these games (SPEC §9): each
	// its own name and parameters; Name and Params are then unused, and
	// the sum is misère when Misere or any part's alias says so.
	Parts []Config
}

// Lookup builds the game and convention cfg names, refusing unknown games,
// parameters the game does not take and required ones missing.
func Lookup(cfg Config) (engine.Game, engine.Convention, error) {
	if len(cfg.Parts) > 0 {
		return lookupSum(cfg)
	}
	spec, alias, ok := Find(cfg.Name)
	if !ok {
		return nil, 0, unknownGame(cfg.Name)
	}
	conv := engine.Normal
	if cfg.Misere || alias != nil && alias.Misere {
		conv = engine.Misere
	}
	if spec.NormalOnly && conv == engine.Misere {
		return nil, 0, engine.Refuse("err.normal." + spec.Name)
	}
	if spec.MisereOnly {
		if cfg.Misere {
			return nil, 0, engine.Refuse("err.misere.only", spec.Name)
		}
		conv = engine.Misere
	}
	params := map[string]string{}
	for _, p := range spec.Params {
		if !p.Required {
			params[p.Name] = p.Default
		}
	}
	for name, v := range cfg.Params {
		if !slices.ContainsFunc(spec.Params, func(p ParamSpec) bool { return p.Name == name }) {
			return nil, 0, engine.Refuse("err.param.stray", cfg.Name, name)
		}
		params[name] = v
	}
	if alias != nil {
		for name, v := range alias.Params {
			if given, ok := cfg.Params[name]; ok && !strings.EqualFold(strings.TrimSpace(given), v) {
				return nil, 0, engine.Refuse("err.alias.param", alias.Name, name, given, alias.Game)
			}
			params[name] = v
		}
	}
	for _, p := range spec.Params {
		if _, ok := params[p.Name]; !ok {
			return nil, 0, engine.Refuse("err.param.missing", spec.Name, p.Name, engine.T("param.help."+p.Name))
		}
	}
	g, err := spec.New(params)
	return g, conv, err
}

// unknownGame refuses a name, suggesting the nearest game when one is
// close ("wythof": did you mean wythoff?).
func unknownGame(name string) error {
	best, dist := "", 3
	for _, n := range AllNames() {
		if d := editDistance(strings.ToLower(name), n); d < dist {
			best, dist = n, d
		}
	}
	if best != "" {
		return engine.Refuse("err.game.unknown.near", name, best)
	}
	return engine.Refuse("err.game.unknown", name, strings.Join(AllNames(), ", "))
}

// editDistance is the Levenshtein distance of two short names.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// between draws a number from lo to hi, 0 ≤ lo ≤ hi.
func between(r *rand.Rand, lo, hi int64) int64 {
	if hi-lo == math.MaxInt64 {
		return r.Int64()
	}
	return lo + r.Int64N(hi-lo+1)
}

// satAdd is a + b for a, b ≥ 0, or the largest int64 when that is more.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// randomHeaps draws from fewest to most heaps, each from lo to hi; each
// size up adds a heap and doubles the range.
func randomHeaps(fewest, most int, lo, hi int64) func(engine.Game, *rand.Rand, int) engine.Position {
	return func(_ engine.Game, r *rand.Rand, size int) engine.Position {
		p := make(engine.Position, fewest+size+r.IntN(most-fewest+1))
		top := hi
		for range size {
			top = satAdd(top, top-lo)
		}
		for i := range p {
			p[i] = between(r, lo, top)
		}
		return p
	}
}

// LookupPart builds the game cfg names as a component of a sum, and says
// whether its name makes the whole sum misère (anti-nim does). A game
// that is misère on its own is not so in a sum (Chomp: see Spec.InSum).
func LookupPart(cfg Config) (engine.Game, bool, error) {
	g, _, err := Lookup(cfg)
	if err != nil {
		return nil, false, err
	}
	spec, alias, _ := Find(cfg.Name)
	if spec.InSum != nil {
		g = spec.InSum(g)
	}
	return g, alias != nil && alias.Misere, nil
}

// lookupSum builds the sum cfg.Parts name; a refusal names the component.
func lookupSum(cfg Config) (engine.Game, engine.Convention, error) {
	games := make([]engine.Game, len(cfg.Parts))
	conv := engine.Normal
	if cfg.Misere {
		conv = engine.Misere
	}
	for i, part := range cfg.Parts {
		g, misere, err := LookupPart(Config{Name: part.Name, Params: part.Params})
		if err != nil {
			if r, ok := err.(*engine.Refusal); ok {
				return nil, 0, engine.Refuse("err.sum.part", i+1, part.Name, r.Text)
			}
			return nil, 0, err
		}
		if misere {
			conv = engine.Misere
		}
		games[i] = g
	}
	s, err := engine.NewSum(games)
	return s, conv, err
}

// SumConfig is the Config of a sum of games, part by part, as Lookup
// takes it.
func SumConfig(s *engine.Sum, c engine.Convention) Config {
	cfg := Config{Name: "sum", Misere: c == engine.Misere}
	for _, g := range s.Parts {
		part := Config{Name: g.Name(), Params: map[string]string{}}
		for _, p := range g.Params() {
			part.Params[p.Name] = p.String()
		}
		cfg.Parts = append(cfg.Parts, part)
	}
	return cfg
}

// randomPair draws Euclid's two numbers: up to 25 (a board of 80×24),
// and larger with size.
func randomPair(_ engine.Game, r *rand.Rand, size int) engine.Position {
	top := int64(25)
	for range size {
		top = satAdd(top, top)
	}
	return engine.Position{between(r, 2, top), between(r, 2, top)}
}
