package learn

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// The placeholders a page's text holds, filled by the engine as the page
// is drawn, so that no number on a page can go stale:
//
//	{{g SETUP}}          the Grundy value (normal play)
//	{{outcome SETUP}}    N, P or D
//	{{move SETUP}}       the canonical winning move, in words
//	{{after SETUP}}      the position it leaves
//	{{count SETUP}}      how many winning moves there are
//	{{steps SETUP}}      the remoteness of a position; of each game of a sum (Every-SG)
//	{{values SETUP --to N}}  g(0), g(1) … g(N) of one heap
//	{{period SETUP}}     the period of a heap's values, {{preperiod SETUP}} where it starts
//
// Any of them may end with "= X": what the text says the engine will
// find. Where the engine finds otherwise, the page shows both, and a test
// fails. On a line of its own:
//
//	{{example}}          the page's worked example, with "try it"
//	{{explain SETUP}}    another position worked by the engine
//	{{table SETUP --to N}}  a heap's Grundy values, with the period
//	{{exercises}}        questions drawn by the engine, answers hidden
//	{{problems}}         the judge problems the page solves

// placeholder matches a placeholder in running text.
var placeholder = regexp.MustCompile(`\{\{([^{}]*)\}\}`)

// fill is one placeholder filled in running text.
func fill(src string, cat *assets.Catalog) Span {
	body, want, checked := strings.Cut(src, " = ")
	got, err := evaluate(strings.TrimSpace(body), cat)
	switch {
	case err != nil:
		return Span{Text: "⚠ {{" + src + "}}: " + engine.Message(err, cat), Kind: Wrong}
	case checked && strings.TrimSpace(want) != got:
		return Span{Text: cat.T("learn.wrong", got, strings.TrimSpace(want)), Kind: Wrong}
	}
	return Span{Text: got, Kind: Value}
}

// evaluate is an inline placeholder's value.
func evaluate(src string, cat *assets.Catalog) (string, error) {
	verb, rest, _ := strings.Cut(src, " ")
	to := int64(-1)
	if i := strings.Index(rest, " --to "); i >= 0 {
		n, err := parseTo(rest[i+6:])
		if err != nil {
			return "", err
		}
		rest, to = rest[:i], n
	}
	st, err := ParseSetup(rest)
	if err != nil {
		return "", err
	}
	switch verb {
	case "g":
		v, err := grundy(st)
		return strconv.FormatUint(v, 10), err
	case "values", "period", "preperiod":
		return tabled(verb, st, to)
	case "steps":
		return steps(st)
	}
	return analysed(verb, st, cat)
}

// tabled is a placeholder read off a heap's table of values.
func tabled(verb string, st Setup, to int64) (string, error) {
	if verb != "values" {
		to = max(to, 0)
	}
	vals, tab, err := heapValues(st, to)
	switch {
	case err != nil:
		return "", err
	case verb == "values":
		out := make([]string, len(vals))
		for i, v := range vals {
			out[i] = strconv.FormatUint(v, 10)
		}
		return strings.Join(out, ", "), nil
	case tab.Period == nil:
		return "", engine.Refuse("err.learn.noperiod", st.Text)
	case verb == "period":
		return strconv.FormatInt(tab.Period.Period, 10), nil
	}
	return strconv.FormatInt(tab.Period.Preperiod, 10), nil
}

// steps is a position's remoteness; a sum's, each game's as Every-SG
// counts them.
func steps(st Setup) (string, error) {
	if sum, ok := st.Game.(*engine.Sum); ok && st.Pos != nil {
		a, err := engine.AnalyzeEvery(sum, st.Pos, st.Conv)
		if err != nil {
			return "", err
		}
		out := make([]string, len(a.Steps))
		for i, n := range a.Steps {
			out[i] = strconv.FormatInt(n, 10)
			if n == engine.Forever {
				out[i] = "∞"
			}
		}
		return strings.Join(out, ", "), nil
	}
	r, ok := st.Game.(engine.Remote)
	if !ok || st.Pos == nil {
		return "", engine.Refuse("err.learn.verb", "steps", st.Text)
	}
	n, err := r.Remoteness(st.Pos, st.Conv)
	return strconv.FormatInt(n, 10), err
}

// analysed is a placeholder read off the position's analysis.
func analysed(verb string, st Setup, cat *assets.Catalog) (string, error) {
	if st.Pos == nil {
		return "", engine.Refuse("err.learn.position", st.Text)
	}
	a, err := engine.Analyze(st.Game, st.Pos, st.Conv)
	if err != nil {
		return "", err
	}
	switch verb {
	case "outcome":
		return a.Outcome.String(), nil
	case "count":
		if a.WinningBig != nil {
			return a.WinningBig.String(), nil
		}
		return strconv.FormatInt(a.WinningCount, 10), nil
	case "move", "after":
		if a.Move == nil {
			return "", engine.Refuse("err.learn.nomove", st.Text)
		}
		if verb == "after" {
			return engine.BriefOf(st.Game, a.After), nil
		}
		return engine.Describe(st.Game, a.Position, *a.Move).Render(cat), nil
	}
	return "", engine.Refuse("err.learn.verb", verb, st.Text)
}

// grundy is a position's Grundy value in normal play; a sum's is the
// nim-sum of its games' (the Sprague–Grundy theorem, which the engine
// uses the same way).
func grundy(st Setup) (uint64, error) {
	if sum, ok := st.Game.(*engine.Sum); ok && st.Pos != nil {
		ps, err := sum.Split(st.Pos)
		if err != nil {
			return 0, err
		}
		var x uint64
		for i, g := range sum.Parts {
			v, err := grundy(Setup{Text: st.Text, Game: g, Pos: ps[i]})
			if err != nil {
				return 0, err
			}
			x ^= v
		}
		return x, nil
	}
	v, ok := st.Game.(engine.Valued)
	if !ok || st.Pos == nil {
		return 0, engine.Refuse("err.learn.verb", "g", st.Text)
	}
	val, err := v.Value(st.Pos)
	return val.G, err
}

// heapValues are g(0..to) of one heap of the setup's game (to < 0: up to
// the period's end, or 20), with its table.
func heapValues(st Setup, to int64) ([]uint64, variants.HeapTable, error) {
	t, ok := st.Game.(variants.HeapTabler)
	if !ok {
		return nil, variants.HeapTable{}, engine.Refuse("err.learn.verb", "values", st.Text)
	}
	if to < 0 {
		to = 20
	}
	if to > maxValues {
		return nil, variants.HeapTable{}, engine.Refuse("err.learn.to", to, maxValues)
	}
	tab, err := t.HeapTable(to)
	if err != nil {
		return nil, tab, err
	}
	return tab.Values[:to+1], tab, nil
}

// maxValues is the most values a page lists: a page is read, not searched.
const maxValues = 200

// spans are running text with its placeholders filled.
func spans(s string, kind SpanKind, cat *assets.Catalog) Spans {
	var out Spans
	at := 0
	for _, m := range placeholder.FindAllStringSubmatchIndex(s, -1) {
		if m[0] > at {
			out = append(out, Span{Text: s[at:m[0]], Kind: kind})
		}
		out = append(out, fill(s[m[2]:m[3]], cat))
		at = m[1]
	}
	if at < len(s) {
		out = append(out, Span{Text: s[at:], Kind: kind})
	}
	return out
}

// Problems lists a page's problems, each with the engine's verdict on its
// position.
func problemLines(p Page, cat *assets.Catalog) (Problems, error) {
	var out Problems
	for _, id := range p.Problems {
		pr, ok := problem(id)
		if !ok {
			return out, fmt.Errorf("page %s cites problem %s, which the index does not have", p.ID, id)
		}
		line := ProblemLine{Problem: pr, How: pr.How[cat.Lang]}
		if pr.Setup != "" {
			st, err := ParseSetup(pr.Setup)
			if err != nil {
				return out, fmt.Errorf("problem %s: %s", id, engine.Message(err, cat))
			}
			line.Setup = st.Command()
			line.Verdict, err = verdict(st, cat)
			if err != nil {
				return out, fmt.Errorf("problem %s: %s", id, engine.Message(err, cat))
			}
		}
		out.Items = append(out.Items, line)
	}
	return out, nil
}

// verdict is the engine's one sentence on a setup's position.
func verdict(st Setup, cat *assets.Catalog) (string, error) {
	if st.Every {
		a, err := engine.AnalyzeEvery(st.Game.(*engine.Sum), st.Pos, st.Conv)
		if err != nil {
			return "", err
		}
		return a.Summary().Render(cat), nil
	}
	a, err := engine.Analyze(st.Game, st.Pos, st.Conv)
	if err != nil {
		return "", err
	}
	return a.Summary().Render(cat), nil
}
