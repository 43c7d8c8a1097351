package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"strconv"
	"strings"
	"unicode/utf8"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// command is what analyze, demo and play share: the game, convention,
// position and language the command line names.
type command struct {
	game  engine.Game
	conv  engine.Convention
	cfg   variants.Config
	pos   engine.Position // nil when no position was given
	flags map[string]string
	// own are the command's own flags: a game parameter of the same name
	// (Fibonacci Nim's --limit beside demo's) is the command's there.
	own  map[string]bool
	cat  *assets.Catalog
	help bool
}

// gameFlags are the flags every command takes, the games' parameters
// among them; true marks a boolean flag.
func gameFlags() map[string]bool {
	flags := map[string]bool{"misere": true, "lang": false, "help": true, "preset": false}
	for _, name := range variants.ParamNames() {
		flags[name] = false
	}
	return flags
}

// The flags of each command beyond gameFlags; true marks a boolean flag.
var (
	analyzeFlags = map[string]bool{"json": true, "max-input": false, "every": true}
	demoFlags    = map[string]bool{"json": true, "limit": false, "transcript": false, "force": true, "every": true}
	playFlags    = map[string]bool{"first": false, "level": false, "players": false, "resume": false, "seed": false, "explain": false, "quiz": true,
		"questions": false, "transcript": false, "force": true, "theme": false, "background": false, "pause": false}
)

// commandOf is a command that takes the flag name, "" for none.
func commandOf(name string) string {
	for _, c := range []struct {
		command string
		flags   map[string]bool
	}{{"analyze", gameFlags()}, {"analyze", analyzeFlags}, {"demo", demoFlags}, {"play", playFlags}, {"serve", serveFlags},
		{"table", tableFlags}, {"tree", treeFlags}, {"worksheet", worksheetFlags}} {
		if _, ok := c.flags[name]; ok {
			return c.command
		}
	}
	return ""
}

func withFlags(extra map[string]bool) map[string]bool {
	all := gameFlags()
	for k, v := range extra {
		all[k] = v
	}
	return all
}

// parseCommand reads "GAME [flags] [POSITION…]" for command name.
func parseCommand(name string, args []string, extra map[string]bool) (*command, error) {
	if pieces := components(args); len(pieces) > 1 {
		return parseSumCommand(name, pieces, withFlags(extra), extra)
	}
	flags, rest, err := parseFlags(args, withFlags(extra))
	if err != nil {
		return nil, err
	}
	cmd := &command{flags: flags, own: extra}
	lang, err := langFlag(flags)
	if err != nil {
		return nil, err
	}
	cmd.cat = assets.Messages(lang)
	if flags["help"] == "true" {
		cmd.help = true
		return cmd, nil
	}
	if name, ok := flags["preset"]; ok {
		return cmd, cmd.usePreset(name, rest)
	}
	if _, ok := flags["resume"]; ok { // the saved game says the game and its position
		if len(rest) > 0 || len(cmd.params()) > 0 {
			return nil, engine.Refuse("err.resume.extra")
		}
		return cmd, nil
	}
	if len(rest) == 0 {
		return nil, engine.Refuse("err.game.missing", name, join(cmd.cat, "cli.list.sep", variants.AllNames()))
	}
	cmd.cfg = variants.Config{Name: canonical(rest[0]), Misere: flags["misere"] == "true", Params: cmd.params()}
	if cmd.game, cmd.conv, err = variants.Lookup(cmd.cfg); err != nil {
		return nil, err
	}
	if len(rest) > 1 {
		if cmd.pos, err = variants.ParseFor(cmd.game, rest[1:]); err != nil {
			return nil, err
		}
	}
	return cmd, nil
}

// canonical is a game's name as the games spell it ("NIM" is nim), so that
// messages name it so; an unknown name stays as typed, for the refusal.
func canonical(name string) string {
	spec, alias, ok := variants.Find(name)
	switch {
	case !ok:
		return name
	case alias != nil:
		return alias.Name
	}
	return spec.Name
}

// params are the game parameters given as flags.
func (cmd *command) params() map[string]string {
	params := map[string]string{}
	for _, name := range variants.ParamNames() {
		if _, mine := cmd.own[name]; mine {
			continue
		}
		if v, ok := cmd.flags[name]; ok {
			params[name] = v
		}
	}
	return params
}

// usePreset takes the game and position from a preset of assets; only
// --misere may be added to it.
func (cmd *command) usePreset(name string, rest []string) error {
	if sp, ok := assets.FindSumPreset(name); ok {
		if len(rest) > 0 || len(cmd.params()) > 0 {
			return engine.Refuse("err.preset.extra", name)
		}
		return cmd.parseSum(components(strings.Fields(sp.Sum)), gameFlags())
	}
	p, ok := assets.FindPreset(name)
	if !ok {
		return engine.Refuse("err.preset.unknown", name)
	}
	if len(rest) > 0 || len(cmd.params()) > 0 {
		return engine.Refuse("err.preset.extra", name)
	}
	cmd.cfg = variants.Config{Name: p.Game, Misere: p.Misere || cmd.flags["misere"] == "true", Params: p.Params}
	var err error
	if cmd.game, cmd.conv, err = variants.Lookup(cmd.cfg); err != nil {
		return err
	}
	cmd.pos = p.Position
	return nil
}

// join joins items with the separator of key: ASCII punctuation takes a
// space after it, full-width punctuation none (a catalogue's value loses
// the space it might end with).
func join(cat *assets.Catalog, key string, items []string) string {
	sep := cat.T(key)
	if sep[len(sep)-1] < utf8.RuneSelf {
		sep += " "
	}
	return strings.Join(items, sep)
}

// header names the game in words with its parameters, the position and
// the convention: "Bash (at most 3 a move) 17 · normal play".
func header(a engine.Analysis, cat *assets.Catalog) string {
	s := engine.Title(a.Game).Render(cat)
	if sum, ok := isSum(a.Game); ok {
		s = cat.T("cli.sum.header", s, sum.Brief(a.Position))
	} else if len(a.Position) <= 24 {
		s += " " + engine.Written(a.Game, a.Position)
	} else {
		s += " " + cat.T("cli.numbers", len(a.Position))
	}
	return s + " · " + cat.T("convention."+a.Convention.String())
}

// textAnalysis is the analysis as analyze prints it.
func textAnalysis(a engine.Analysis, cat *assets.Catalog) []byte {
	var b bytes.Buffer
	b.WriteString(header(a, cat) + "\n")
	b.WriteString(a.Summary().Render(cat) + "\n")
	for _, line := range a.Explanation.Lines(cat) {
		b.WriteString("  " + line + "\n")
	}
	if a.WinningCount > 1 && int64(len(a.Winning)) == a.WinningCount { // few enough to list
		var moves []string
		for _, m := range a.Winning {
			moves = append(moves, engine.Describe(a.Game, a.Position, m).Render(cat))
		}
		b.WriteString("  " + cat.T("cli.winning.list", join(cat, "cli.winning.sep", moves)) + "\n")
	}
	return b.Bytes()
}

// jsonAnalysis writes the analysis as one JSON object in the documented
// order; extra fields (demo's ply, player) go last. It returns pieces to be
// written in turn: the position is formatted once, and the position after
// the move is the same digits with one or two numbers rewritten, so 500,000
// heaps cost one formatting pass and no copy.
func jsonAnalysis(a engine.Analysis, cat *assets.Catalog, extra ...field) net.Buffers {
	var out net.Buffers
	if s, ok := isSum(a.Game); ok {
		out = jsonSum(a, s)
	} else {
		out = jsonPosition(a)
	}
	return append(out, jsonVerdict(a, cat, extra...))
}

// jsonPosition writes the fields from the game to the position after the
// move.
func jsonPosition(a engine.Analysis) net.Buffers {
	b := []byte(`{"game":`)
	b = appendString(b, a.Game.Name())
	b = append(b, `,"convention":`...)
	b = appendString(b, a.Convention.String())
	b = appendParams(b, a.Game)
	b = append(b, `,"position":`...)
	position := writeNumbers(a.Position)
	mid := []byte(`,"outcome":`)
	mid = appendString(mid, a.Outcome.String())
	mid = append(mid, `,"move":`...)
	mid = appendMove(mid, a.Game, a.Position, a.Move)
	mid = append(mid, `,"after":`...)
	out := append(append(net.Buffers{b}, position.pieces...), mid)
	return append(out, afterPieces(position, a.Position, a.After)...)
}

// jsonVerdict writes the fields from the count of winning moves on (none
// for a draw), and closes the object.
func jsonVerdict(a engine.Analysis, cat *assets.Catalog, extra ...field) []byte {
	var b []byte
	switch {
	case a.Outcome == engine.D: // a draw has no move count (SPEC §10)
	case a.WinningBig != nil: // past the largest int64: JSON numbers have no limit
		b = a.WinningBig.Append(append(b, `,"winning_moves_count":`...), 10)
	default:
		b = strconv.AppendInt(append(b, `,"winning_moves_count":`...), a.WinningCount, 10)
	}
	b = append(b, `,"summary":`...)
	b = appendString(b, a.Summary().Render(cat))
	b = append(b, `,"explanation":[`...)
	for i, line := range a.Explanation.Lines(cat) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, line)
	}
	b = append(b, ']')
	for _, f := range extra {
		b = append(b, ',')
		b = appendString(b, f.name)
		b = append(b, ':')
		b = appendValue(b, f.value)
	}
	return append(b, "}\n"...)
}

type field struct {
	name  string
	value any // int64, string or rawJSON
}

func appendMove(b []byte, g engine.Game, p engine.Position, m *engine.Move) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	return appendFields(b, g.MoveFields(p, *m))
}

// appendFields writes a move's fields as a JSON object, a list of objects
// where a field has one (Moore's "takes").
func appendFields(b []byte, fields []engine.Field) []byte {
	b = append(b, '{')
	for i, f := range fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, f.Name)
		b = append(b, ':')
		if f.List == nil {
			b = strconv.AppendInt(b, f.Value, 10)
			continue
		}
		b = append(b, '[')
		for j, o := range f.List {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendFields(b, o)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendNumbers writes p as a JSON array.
func appendNumbers(b []byte, p engine.Position) []byte {
	return append(appendList(append(b, '['), p), ']')
}

// writtenNumbers is a position written as a JSON array in pieces: a long
// one in two halves at once, on two cores. Piece k holds the numbers from
// firsts[k] on, the first of them at offset starts[k].
type writtenNumbers struct {
	pieces        [][]byte
	firsts, start []int
}

func writeNumbers(p engine.Position) writtenNumbers {
	if len(p) < 1<<16 {
		return writtenNumbers{[][]byte{appendNumbers(make([]byte, 0, 11*len(p)+2), p)}, []int{0}, []int{1}}
	}
	half := len(p) / 2
	var first, second []byte
	both(func() { first = append(appendList(append(make([]byte, 0, 11*half+2), '['), p[:half]), ',') },
		func() { second = append(appendList(make([]byte, 0, 11*(len(p)-half)+1), p[half:]), ']') })
	return writtenNumbers{[][]byte{first, second}, []int{0, half}, []int{1, 0}}
}

// appendList writes numbers separated by commas.
func appendList(b []byte, p engine.Position) []byte {
	for i, v := range p {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	return b
}

// afterPieces writes the position after the move as pieces of the
// position's written digits with the changed numbers in between: a move
// changes one or two numbers.
func afterPieces(w writtenNumbers, before, after engine.Position) [][]byte {
	if after == nil {
		return [][]byte{[]byte("null")}
	}
	if len(after) != len(before) {
		return [][]byte{appendNumbers(nil, after)}
	}
	var pieces [][]byte
	for k, written := range w.pieces {
		at, next := w.start[k], w.firsts[k] // written[at:] starts with number next
		last := len(after)
		if k+1 < len(w.firsts) {
			last = w.firsts[k+1]
		}
		for i := next; i < last; i++ {
			if after[i] == before[i] {
				continue
			}
			for ; next < i; next++ {
				at += bytes.IndexByte(written[at:], ',') + 1
			}
			end := at + bytes.IndexAny(written[at:], ",]")
			pieces = append(pieces, written[:at], strconv.AppendInt(nil, after[i], 10))
			written, at, next = written[end:], 0, i+1
			if written[0] == ',' {
				at = 1
			}
		}
		pieces = append(pieces, written)
	}
	return pieces
}

func appendValue(b []byte, v any) []byte {
	switch v := v.(type) {
	case int64:
		return strconv.AppendInt(b, v, 10)
	case int:
		return strconv.AppendInt(b, int64(v), 10)
	case string:
		return appendString(b, v)
	case bool:
		return strconv.AppendBool(b, v)
	case rawJSON:
		return append(b, v...)
	}
	return append(b, "null"...)
}

// appendParams writes a game's parameters as JSON fields: ,"max":3 …
func appendParams(b []byte, g engine.Game) []byte {
	for _, p := range g.Params() {
		b = appendValue(append(appendString(append(b, ','), p.Name), ':'), p.Value)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(b, bytes.TrimRight(buf.Bytes(), "\n")...)
}

// gameFlagsHelp lists the games' own flags, each with the games that
// take it, from the registry: a newcomer finds --max, --k or --edges
// without the README, and a new game's flag is listed without a word
// here.
func gameFlagsHelp(cat *assets.Catalog) string {
	var names []string
	games := map[string][]string{}
	required := map[string]bool{}
	for _, s := range variants.Games {
		for _, p := range s.Params {
			if games[p.Name] == nil {
				names = append(names, p.Name)
			}
			games[p.Name] = append(games[p.Name], s.Name)
			required[p.Name] = required[p.Name] || p.Required
		}
	}
	var b strings.Builder
	b.WriteString("\n" + cat.T("cli.help.gameflags") + "\n")
	for _, n := range names {
		help := cat.T("param.help." + n)
		if required[n] {
			help = cat.T("cli.help.required", help)
		}
		fmt.Fprintf(&b, "  %-15s %s: %s\n", "--"+n+" "+strings.ToUpper(n[:1]), strings.Join(games[n], ", "), help)
	}
	return b.String()
}
