package learn

import (
	"hash/fnv"
	"math/rand/v2"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/variants"
)

// exerciseCount is how many exercises a page asks.
const exerciseCount = 3

// exercises draws a page's questions. For one game they are the first
// questions of its worksheet (matchgame worksheet): decide a position, a
// binary table, a row of the mex, each with the answer and the engine's
// working. A sum of games has no worksheet; its questions decide drawn
// sums the same way. The same page and draw give the same questions
// (draw 0 is the printed page's).
func exercises(p Page, draw int, cat *assets.Catalog) (Exercises, error) {
	st, err := ParseSetup(p.Exercises)
	if err != nil {
		return Exercises{}, err
	}
	h := fnv.New64a()
	h.Write([]byte(p.ID))
	seed := h.Sum64() + uint64(draw)
	out := Exercises{Setup: st, Rule: cat.T("learn.exercises.rule", engine.Title(st.Game).Render(cat), cat.T("convention."+st.Conv.String()))}
	sum, isSum := st.Game.(*engine.Sum)
	if !isSum {
		qs, err := desk.Exercises(st.Game, st.Conv, exerciseCount, seed, cat)
		if err != nil {
			return out, err
		}
		for _, q := range qs {
			prompt := q.Prompt
			if q.Given != "" {
				prompt += " " + cat.T("learn.given", q.Given)
			}
			out.Items = append(out.Items, Exercise{Prompt: prompt, Answer: q.Answer, Working: q.Working})
		}
		return out, nil
	}
	r := rand.New(rand.NewPCG(seed, 0))
	for range exerciseCount {
		parts := make([]engine.Position, len(sum.Parts))
		for i, g := range sum.Parts {
			parts[i] = variants.SpecOf(g).Random(g, r, 0)
		}
		a, err := engine.Analyze(sum, sum.Join(parts), st.Conv)
		if err != nil {
			return out, err
		}
		out.Items = append(out.Items, Exercise{
			Prompt:  cat.T("worksheet.ask.decide", engine.Title(sum).Render(cat), engine.BriefOf(sum, a.Position)),
			Answer:  a.Summary().Render(cat),
			Working: a.Explanation.Lines(cat),
		})
	}
	return out, nil
}
