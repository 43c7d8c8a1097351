package desk

import (
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// Exercise is a worksheet question as another page asks it (the learn
// pages): its prompt, the values it gives (a row of the mex: "g(0) = 0,
// g(1) = 1"; "" for none), and the answer with the engine's working.
type Exercise struct {
	Prompt, Given, Answer string
	Working               []string
}

// Exercises are the first count questions of the worksheet of g in
// convention c drawn from seed, without the sheet around them. g is one
// game, as a worksheet's is.
func Exercises(g engine.Game, c engine.Convention, count int, seed uint64, cat *assets.Catalog) ([]Exercise, error) {
	qs, err := sheetQuestions(g, c, count, seed, cat)
	if err != nil {
		return nil, err
	}
	out := make([]Exercise, len(qs))
	for i, q := range qs {
		var given []string
		for _, cell := range q.Given {
			given = append(given, "g("+cell.Heap+") = "+cell.Value)
		}
		out[i] = Exercise{Prompt: q.Prompt, Given: strings.Join(given, ", "), Answer: q.Answer, Working: q.Working}
	}
	return out, nil
}
