package desk

import (
	"bytes"
	"io"
	"strconv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// everySum is the sum g is, which --every plays, or a refusal.
func everySum(g engine.Game) (*engine.Sum, error) {
	s, ok := g.(*engine.Sum)
	if !ok {
		return nil, engine.Refuse("err.every.sum")
	}
	return s, nil
}

// PrintEvery writes the Every-SG analysis as analyze prints it: one JSON
// object, or the header, the summary and the explanation, wrapped to a
// terminal between words.
func PrintEvery(w io.Writer, a engine.EveryAnalysis, asJSON bool, cat *assets.Catalog) error {
	if asJSON {
		_, err := w.Write(EveryJSON(a, cat))
		return err
	}
	var b bytes.Buffer
	b.WriteString(EveryHeader(a, cat) + "\n")
	WriteEvery(&b, "", a, cat)
	_, err := text.ForTerminal(w).Write(b.Bytes())
	return err
}

// EveryHeader is the Every-SG analysis's first line: the sum, its
// position and the convention.
func EveryHeader(a engine.EveryAnalysis, cat *assets.Catalog) string {
	return cat.T("every.title") + ": " + a.Sum.Spell(a.Position) + " · " + cat.T("convention."+a.Convention.String())
}

// WriteEvery writes the summary and the explanation, indented.
func WriteEvery(b *bytes.Buffer, indent string, a engine.EveryAnalysis, cat *assets.Catalog) {
	b.WriteString(indent + a.Summary().Render(cat) + "\n")
	for _, line := range a.Explanation().Lines(cat) {
		b.WriteString(indent + "  " + line + "\n")
	}
}

// EveryJSON is the Every-SG analysis as one JSON object: each component
// with its steps and whether the player to move wins it alone, the move as
// a list of moves (one a component), the position after it; where the sum
// was searched whole, the positions searched and the turns left, and no
// steps.
func EveryJSON(a engine.EveryAnalysis, cat *assets.Catalog) []byte {
	b := []byte(`{"game":"sum","every":true,"convention":`)
	b = appendString(b, a.Convention.String())
	b = append(b, `,"components":[`...)
	for i, p := range a.Sum.Partwise(a.Position) {
		g := a.Sum.Parts[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"game":`...)
		b = appendParams(appendString(b, g.Name()), g)
		b = appendNumbers(append(b, `,"position":`...), p)
		if a.Steps != nil { // none where the sum was searched whole
			b = appendSteps(b, a, i)
		}
		b = append(b, '}')
	}
	b = appendString(append(b, `],"position":`...), a.Sum.Spell(a.Position))
	b = appendString(append(b, `,"outcome":`...), a.Outcome.String())
	if a.Whole > 0 {
		b = strconv.AppendInt(append(b, `,"searched":`...), int64(a.Whole), 10)
		b = strconv.AppendInt(append(b, `,"turns":`...), a.Remoteness, 10)
	}
	b = append(b, `,"move":`...)
	if a.Move == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		ps := a.Sum.Partwise(a.Position) // split once: 20,000 moves are written against it
		for i, m := range a.Move {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendFields(b, a.Sum.FieldsIn(ps, m))
		}
		b = append(b, ']')
	}
	b = append(b, `,"after":`...)
	if a.After == nil {
		b = append(b, "null"...)
	} else {
		b = appendString(b, a.Sum.Spell(a.After))
	}
	b = append(append(b, `,"winning_moves_count":`...), a.Count.String()...)
	b = appendString(append(b, `,"summary":`...), a.Summary().Render(cat))
	b = append(b, `,"explanation":[`...)
	for i, line := range a.Explanation().Lines(cat) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, line)
	}
	return append(b, "]}\n"...)
}

// appendSteps writes component i's steps ("∞" where its winner can go on
// as long as they like, null where it is a draw alone), whether the
// player to move wins it alone, and its outcome alone (N, P or D).
func appendSteps(b []byte, a engine.EveryAnalysis, i int) []byte {
	b = append(b, `,"steps":`...)
	switch {
	case a.Alone[i] == engine.D:
		b = append(b, "null"...)
	case a.Steps[i] == engine.Forever:
		b = appendString(b, "∞")
	default:
		b = strconv.AppendInt(b, a.Steps[i], 10)
	}
	b = strconv.AppendBool(append(b, `,"wins":`...), a.Wins[i])
	return appendString(append(b, `,"alone":`...), a.Alone[i].String())
}
