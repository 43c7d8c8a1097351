package desk

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"strconv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// header names the game in words with its parameters, the position and
// the convention: "Bash (at most 3 a move) 17 · normal play".
func Header(a engine.Analysis, cat *assets.Catalog) string {
	s := engine.Title(a.Game).Render(cat)
	if sum, ok := a.Game.(*engine.Sum); ok {
		s = cat.T("cli.sum.header", s, sum.Brief(a.Position))
	} else if len(a.Position) <= 24 {
		s += " " + engine.Written(a.Game, a.Position)
	} else {
		s += " " + cat.T("cli.numbers", len(a.Position))
	}
	return s + " · " + cat.T("convention."+a.Convention.String())
}

// Analyze analyses g at p in convention c, by the Every-SG rule with
// every, and writes it as analyze prints it (Print, PrintEvery).
func Analyze(w io.Writer, g engine.Game, p engine.Position, c engine.Convention, every, asJSON bool, cat *assets.Catalog) error {
	if every {
		s, err := everySum(g)
		if err != nil {
			return err
		}
		a, err := engine.AnalyzeEvery(s, p, c)
		if err != nil {
			return err
		}
		return PrintEvery(w, a, asJSON, cat)
	}
	a, err := engine.Analyze(g, p, c)
	if err != nil {
		return err
	}
	return Print(w, a, asJSON, cat)
}

// Print writes the analysis as analyze prints it: one JSON object, or
// the text wrapped to a terminal between words.
func Print(w io.Writer, a engine.Analysis, asJSON bool, cat *assets.Catalog) error {
	var err error
	if asJSON {
		out := JSON(a, cat)
		_, err = out.WriteTo(w)
	} else {
		_, err = text.ForTerminal(w).Write(Text(a, cat))
	}
	return err
}

// Text is the analysis as analyze prints it.
func Text(a engine.Analysis, cat *assets.Catalog) []byte {
	var b bytes.Buffer
	b.WriteString(Header(a, cat) + "\n")
	b.WriteString(a.Summary().Render(cat) + "\n")
	for _, line := range a.Explanation.Lines(cat) {
		b.WriteString("  " + line + "\n")
	}
	if a.WinningCount > 1 && int64(len(a.Winning)) == a.WinningCount { // few enough to list
		var moves []string
		for _, m := range a.Winning {
			moves = append(moves, engine.Describe(a.Game, a.Position, m).Render(cat))
		}
		b.WriteString("  " + cat.T("cli.winning.list", cat.Join("cli.winning.sep", moves)) + "\n")
	}
	return b.Bytes()
}

// JSON writes the analysis as one JSON object in the documented
// order; extra fields (demo's ply, player) go last. It returns pieces to be
// written in turn: the position is formatted once, and the position after
// the move is the same digits with one or two numbers rewritten, so 500,000
// heaps cost one formatting pass and no copy.
func JSON(a engine.Analysis, cat *assets.Catalog, extra ...Field) net.Buffers {
	var out net.Buffers
	if s, ok := a.Game.(*engine.Sum); ok {
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
func jsonVerdict(a engine.Analysis, cat *assets.Catalog, extra ...Field) []byte {
	var b []byte
	switch {
	case a.Outcome == engine.D: // a draw has no move count (SPEC §10)
	case a.WinningCount < 0: // too many to count: not known
		b = append(b, `,"winning_moves_count":null`...)
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
		b = appendString(b, f.Name)
		b = append(b, ':')
		b = appendValue(b, f.Value)
	}
	return append(b, "}\n"...)
}

// Field is one more field of an analysis's JSON object (demo's ply,
// player, played).
type Field struct {
	Name  string
	Value any // int64, string or RawJSON
}

// MoveJSON is move m from p as its JSON object, null for none.
func MoveJSON(g engine.Game, p engine.Position, m *engine.Move) RawJSON {
	return appendMove(nil, g, p, m)
}

func appendMove(b []byte, g engine.Game, p engine.Position, m *engine.Move) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	return appendFields(b, g.MoveFields(p, *m))
}

// appendFields writes a move's fields as a JSON object, a list of objects
// where a Field has one (Moore's "takes").
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
	engine.Both(func() { first = append(appendList(append(make([]byte, 0, 11*half+2), '['), p[:half]), ',') },
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
	case RawJSON:
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

// jsonSum is the analysis of a sum as one JSON object (SPEC §9): the
// components with their values, the sum's value in normal play, the move
// with its component, and the position after it written as on the command
// line.
func jsonSum(a engine.Analysis, s *engine.Sum) net.Buffers {
	b := []byte(`{"game":"sum","convention":`)
	b = appendString(b, a.Convention.String())
	b = append(b, `,"components":[`...)
	var total uint64
	valued := true
	for i, p := range s.Partwise(a.Position) {
		g := s.Parts[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"game":`...)
		b = appendParams(appendString(b, g.Name()), g)
		b = append(b, `,"position":`...)
		b = appendNumbers(b, p)
		b = append(b, `,"grundy":`...)
		if v, err := g.Value(p); err == nil {
			b = strconv.AppendUint(b, v.G, 10)
			total ^= v.G
		} else {
			b, valued = append(b, "null"...), false
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	if a.Convention == engine.Normal && valued {
		b = strconv.AppendUint(append(b, `,"grundy":`...), total, 10)
	}
	b = append(b, `,"position":`...)
	b = appendString(b, s.Spell(a.Position))
	b = append(b, `,"outcome":`...)
	b = appendString(b, a.Outcome.String())
	b = append(b, `,"move":`...)
	b = appendMove(b, s, a.Position, a.Move)
	b = append(b, `,"after":`...)
	if a.After != nil {
		b = appendString(b, s.Spell(a.After))
	} else {
		b = append(b, "null"...)
	}
	return net.Buffers{b}
}

// RawJSON is JSON written already.
type RawJSON []byte
