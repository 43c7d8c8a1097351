package variants

import (
	"iter"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// TakeBreak is a take-and-break game as the engine plays it: Kayles,
// Dawson's Kayles, Dawson's chess, any octal code, Lasker's Nim, Grundy's
// game. A position is heap sizes; a move (engine.Move) takes Amount from
// heap Place and leaves the rest as one heap (Pieces[0] = 0) or as the
// heaps a = Pieces[0] and h − Amount − a, a the smaller. Make one with NewTakeBreak
// or NewOctal.
type TakeBreak struct{ rule *takeBreak }

// NewTakeBreak builds a take-and-break game by its command-line name:
// kayles, dawson-kayles, dawson-chess, lasker or grundy.
func NewTakeBreak(name string) (engine.Game, error) {
	r, ok := namedTakeBreak(name)
	if !ok { // not unknownGame: the registry is built from this function
		return nil, engine.Refuse("err.game.unknown", name, "kayles, dawson-kayles, dawson-chess, lasker, grundy")
	}
	return TakeBreak{r}, nil
}

// NewOctal builds the octal game of a --code such as 0.77.
func NewOctal(code string) (engine.Game, error) {
	r, err := parseOctal(code)
	if err != nil {
		return nil, err
	}
	return TakeBreak{r}, nil
}

func (g TakeBreak) Name() string { return g.rule.name }

func (g TakeBreak) Params() []engine.Param {
	if g.rule.name != "octal" {
		return nil
	}
	return []engine.Param{{Name: "code", Value: g.rule.code, Shown: engine.T("param.code", g.rule.code)}}
}

func (TakeBreak) Normalize(p engine.Position) (engine.Position, error) {
	return p, checkCounts("what.heap", p, 1)
}

func (g TakeBreak) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	return g.rule.apply(p, m)
}

// Moves yields the moves heap by heap in natural order; with each > 0,
// the first each of every heap. The options of a huge heap are yielded
// one by one, never listed.
func (g TakeBreak) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i, h := range p {
			n := 0
			for o := range g.rule.heapOptions(h) {
				if each > 0 && n == each {
					break
				}
				n++
				if !yield(engine.Change{Place: i + 1, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move()) {
					return
				}
			}
		}
	}
}

// RandomMove picks a heap with a move, then a kind of move (a take that
// leaves one heap or nothing, or a take that splits), then the smaller
// part: no option of a heap of 10^18 is listed.
func (g TakeBreak) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	return g.rule.randomMove(p, r)
}

func (rule *takeBreak) randomMove(p []int64, r *rand.Rand) (engine.Move, bool) {
	open := 0
	for _, h := range p {
		if rule.canMove(h) {
			open++
		}
	}
	if open == 0 {
		return engine.Move{}, false
	}
	k := r.IntN(open)
	i := slices.IndexFunc(p, func(h int64) bool {
		if !rule.canMove(h) {
			return false
		}
		k--
		return k < 0
	})
	h := p[i]
	m := engine.At(i+1, 0)
	switch rule.kind {
	case laskerRule:
		if h >= 2 && r.IntN(2) == 0 {
			m.Changes[0].Pieces[0] = 1 + r.Int64N(h/2)
		} else {
			m.Changes[0].Amount = 1 + r.Int64N(h)
		}
	case grundyRule:
		m.Changes[0].Pieces[0] = 1 + r.Int64N((h-1)/2)
	default:
		type kind struct {
			take  int64
			split bool
		}
		var kinds []kind
		for t := int64(0); t <= min(h, rule.maxTake()); t++ {
			d := rule.digits[t]
			if (t == h && d&1 != 0) || (t < h && d&2 != 0) {
				kinds = append(kinds, kind{t, false})
			}
			if d&4 != 0 && h-t >= 2 {
				kinds = append(kinds, kind{t, true})
			}
		}
		c := kinds[r.IntN(len(kinds))]
		m.Changes[0].Amount = c.take
		if c.split {
			m.Changes[0].Pieces[0] = 1 + r.Int64N((h-c.take)/2)
		}
	}
	return m, true
}

// Board: rows of pins for the octal games (Kayles is the bowling alley's
// row), heaps of matches for Lasker's Nim, a pile of coins split in two for
// Grundy's game.
func (g TakeBreak) Board() engine.Board {
	b := engine.Board{Kind: engine.Pins, Number: "what.heap", Unit: "unit.pin"}
	switch g.rule.kind {
	case laskerRule:
		b.Unit = "unit.match"
	case grundyRule:
		b.Unit = "unit.coin"
	}
	if g.rule.name == "octal" {
		b.Rule = engine.T("rule.octal", g.rule.code)
	} else {
		b.Rule = engine.T("rule." + g.rule.name)
	}
	return b
}

func (TakeBreak) Places(p engine.Position) int { return len(p) }

// Place is a row of pins (the octal codes), or a heap (Lasker's Nim,
// Grundy's game), as Board draws them.
func (g TakeBreak) Place(_ engine.Position, where int) engine.Text {
	if g.rule.kind == octalRule {
		return engine.T("label.row", where)
	}
	return engine.T("label.heap", where)
}

// Amounts are the takes a heap allows: those of the code's digits that
// leave something allowed; 0 (a split) and 1 to h for Lasker's Nim; 0
// for Grundy's game.
func (g TakeBreak) Amounts(p engine.Position, where int) engine.Amounts {
	if where < 1 || where > len(p) {
		return engine.None
	}
	h := p[where-1]
	switch g.rule.kind {
	case laskerRule:
		if h >= 2 {
			return engine.Range(0, h)
		}
		return engine.Range(1, h)
	case grundyRule:
		if h >= 3 {
			return engine.Range(0, 0)
		}
		return engine.None
	}
	var takes []int64
	for t := int64(0); t <= min(h, g.rule.maxTake()); t++ {
		if !g.Splits(p, where, t).Empty() {
			takes = append(takes, t)
		}
	}
	if takes == nil {
		return engine.None
	}
	return engine.Amounts{Lo: takes[0], Hi: takes[len(takes)-1], Set: takes}
}

// Splits are the legal Pieces[0] of a take: 0 when the rest may stay
// one heap (or nothing), and 1 to half the rest when it may split; they
// are always contiguous.
func (g TakeBreak) Splits(p engine.Position, where int, t int64) engine.Amounts {
	if where < 1 || where > len(p) || t < 0 || t > p[where-1] {
		return engine.None
	}
	h := p[where-1]
	one, two := false, false // may leave one heap (or none); may leave two
	switch g.rule.kind {
	case laskerRule:
		one, two = t >= 1, t == 0 && h >= 2
	case grundyRule:
		two = t == 0 && h >= 3
	default:
		if t <= g.rule.maxTake() {
			d := g.rule.digits[t]
			one = t == h && d&1 != 0 || t < h && d&2 != 0
			two = d&4 != 0 && h-t >= 2
		}
	}
	hi := (h - t) / 2
	if g.rule.kind == grundyRule {
		hi = (h - 1) / 2 // the two heaps differ
	}
	switch {
	case one && two:
		return engine.Range(0, hi)
	case one:
		return engine.Range(0, 0)
	case two:
		return engine.Range(1, hi)
	}
	return engine.None
}

// MoveFields: heap, take, left and right, the two parts left (left = 0:
// one heap of right).
func (TakeBreak) MoveFields(p engine.Position, m engine.Move) []engine.Field {
	right := int64(0)
	if m.First().Place >= 1 && m.First().Place <= len(p) {
		right = p[m.First().Place-1] - m.First().Amount - m.First().Pieces[0]
	}
	return []engine.Field{{Name: "heap", Value: int64(m.First().Place)}, {Name: "take", Value: m.First().Amount},
		{Name: "left", Value: m.First().Pieces[0]}, {Name: "right", Value: right}}
}

// DescribeMove: "take 2 pins from row 3", "… 4 in from one end" when the
// rest is split, "split 3 off heap 2" when nothing is taken.
func (g TakeBreak) DescribeMove(m engine.Move) engine.Text {
	unit := engine.T(plural(g.Board().Unit, m.First().Amount))
	place := g.Place(nil, m.First().Place)
	switch {
	case m.First().Amount == 0:
		return engine.T("break.move.split", place, m.First().Pieces[0], engine.T(plural(g.Board().Unit, m.First().Pieces[0])))
	case m.First().Pieces[0] > 0:
		return engine.T("break.move.inside", place, m.First().Amount, unit, m.First().Pieces[0])
	}
	return engine.T("break.move.take", place, m.First().Amount, unit)
}

// Solve: normal play by the nim-sum of the heaps' Grundy values; misère
// play by misère Nim on them where every heap passes the certificate, by
// exact search on small positions, and refused otherwise (see
// takeBreak.solve).
func (g TakeBreak) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	a, err := g.rule.solve(p, c)
	if err != nil {
		return engine.Solution{}, err
	}
	sol := engine.Solution{
		Outcome: a.Outcome,
		Winning: a.Winning(),
		Count:   func() *big.Int { return a.Count().Big() },
		Explain: func(first *engine.Move, count int64) engine.Explanation { return g.explain(p, c, a, first, count) },
	}
	if a.Method == byExactSearch {
		sol.Reason = engine.T("break.reason.search." + a.Outcome.String())
		sol.Hint = func(m engine.Move) engine.Text { return engine.T("break.hint.search", g.Place(p, m.First().Place)) }
		return sol, nil
	}
	sum := g.sumOf(a.Values)
	sol.Reason = sum.reason(c, grundyWords(g, p))
	sol.Hint = func(m engine.Move) engine.Text {
		v := a.Values[m.First().Place-1]
		after, _ := g.optionValue(p[m.First().Place-1], m)
		// nimSum.hint only asks whether v is 2 or more: no int64 overflows.
		return sum.hint(g.Place(p, m.First().Place), int64(min(v, math.MaxInt64)), after > v, c)
	}
	return sol, nil
}

func (TakeBreak) sumOf(values []uint64) nimSum {
	var s nimSum
	for _, v := range values {
		s.addValue(v)
	}
	return s
}

// optionValue is the Grundy value of what move m leaves of a heap of h,
// g(a) ⊕ g(b), and that in words: "g(2) ⊕ g(5) = 2 ⊕ 4 = 6".
func (g TakeBreak) optionValue(h int64, m engine.Move) (uint64, engine.Text) {
	view, err := g.rule.table.upTo(h) // ready: the heap was solved
	if err != nil {
		return 0, engine.Text{}
	}
	right := h - m.First().Amount - m.First().Pieces[0]
	switch {
	case m.First().Pieces[0] > 0:
		a, b := view.at(m.First().Pieces[0]), view.at(right)
		return a ^ b, engine.T("break.after.two", m.First().Pieces[0], right, a, b, a^b)
	case right > 0:
		return view.at(right), engine.T("break.after.one", right, view.at(right))
	}
	return 0, engine.T("break.after.none")
}

// mostOptions is how many options a derivation lists: a heap of 20,000
// in Grundy's game has 10,000 of them.
const mostOptions = 12

// explain lays out why: each heap's Grundy value (its mex, the proved
// period, or Lasker's closed form), the nim-sum of the values, the misère
// case, the move, and in teach view why a split heap is worth g(a) ⊕ g(b).
//
// The table, the move and why a value may rise come first, on the first
// screen at 80×24 where the move raises a value (issue 18); the rule, the
// code and the heaps' derivations, long, after them.
func (g TakeBreak) explain(p engine.Position, c engine.Convention, a breakAnalysis, first *engine.Move, count int64) engine.Explanation {
	after := g.rules()
	after = append(after, g.derivations(p)...)
	if g.splitsHeaps() {
		after = append(after, engine.Sentence{Text: engine.T("break.teach.sum"), Show: engine.Teach, Mark: engine.Aside})
	}
	if a.Method == byExactSearch {
		return slices.Concat(after, g.explainSearch(p, a, first, count))
	}
	var e engine.Explanation
	if c == engine.Misere {
		e = append(e, engine.T("break.misere.certified", slices.Max(p)))
	}
	rule := nimRuleOf(len(a.Values), func(i int) uint64 { return a.Values[i] }, g.sumOf(a.Values), c, grundyWords(g, p))
	if first == nil {
		return slices.Concat(e, rule, after)
	}
	rule = markMove(rule, first.First().Place)
	table := 0 // the table, when there is one, then the move
	if _, ok := rule[0].(engine.NimSumTable); ok {
		table = 1
	}
	e = append(e, rule[:table]...)
	h, old := p[first.First().Place-1], a.Values[first.First().Place-1]
	value, parts := g.optionValue(h, *first)
	key := "break.win.normal"
	if c == engine.Misere {
		key = "break.win.misere"
	}
	e = append(e, engine.Reveal(engine.T(key, g.DescribeMove(*first), h, old, parts)))
	if value > old {
		e = append(e, engine.Reveal(engine.T(raised(c))))
	}
	return slices.Concat(e, rule[table:], after, engine.Explanation{g.countText(a, count)})
}

// explainSearch is the misère explanation where the certificate fails:
// the failing heap, and the exact search's verdict.
func (g TakeBreak) explainSearch(p engine.Position, a breakAnalysis, first *engine.Move, count int64) engine.Explanation {
	var e engine.Explanation
	if a.FirstBad >= 0 {
		e = append(e, engine.T("break.misere.fails", a.FirstBad))
	}
	tokens := int64(0)
	for _, h := range p {
		if g.rule.canMove(h) {
			tokens += h
		}
	}
	e = append(e, engine.T("break.exact."+a.Outcome.String(), tokens, misereTokens))
	if first != nil {
		e = append(e, engine.Reveal(engine.T("grundy.exact.move", g.DescribeMove(*first))), g.countText(a, count))
	}
	return e
}

// countText says how many winning moves there are; past the largest int64
// (a heap near 2^63 has some 2^62 splits) the count is written out whole.
func (g TakeBreak) countText(a breakAnalysis, count int64) engine.Text {
	if count == math.MaxInt64 {
		if n := a.Count(); n.hi != 0 || n.lo > math.MaxInt64 {
			return engine.T("break.count.big", n.Big())
		}
	}
	return engine.T("winning.count", count)
}

// splitsHeaps reports whether some move leaves two heaps.
func (g TakeBreak) splitsHeaps() bool { return len(g.rule.table.two) > 0 }

// rules are the rule, the octal code and what a Grundy value is.
func (g TakeBreak) rules() engine.Explanation {
	e := engine.Explanation{g.Board().Rule}
	if g.rule.kind == octalRule {
		e = append(e, engine.T("break.code", g.rule.code, g.digitsText()))
		if g.rule.digits[0]&4 != 0 {
			e = append(e, engine.T("break.d0"))
		}
	}
	return append(e, engine.T("break.sg"))
}

// derivations: the rule and what a Grundy value is, then how each distinct
// heap's value is known, as many as keep the explanation near 20 lines
// next to the nim-sum table; a heap read through the period adds the
// Guy–Smith proof once, with its numbers.
func (g TakeBreak) derivations(p engine.Position) engine.Explanation {
	var e engine.Explanation
	rows := 1
	if len(p) <= maxTableRows {
		rows = len(p) + 2
	}
	budget := min(8, max(2, 14-rows))
	var shown []int64
	var proof *periodCheck
	closed := false
	for _, h := range p {
		if slices.Contains(shown, h) {
			continue
		}
		if len(shown) == budget {
			e = append(e, engine.T("grundy.more"))
			break
		}
		shown = append(shown, h)
		d, err := g.rule.derive(h, mostOptions)
		if err != nil {
			continue // solved already, so not expected
		}
		switch {
		case d.Mex != nil:
			view, _ := g.rule.table.upTo(h) // ready: derive just asked for it
			e = append(e, mexText(d, view.at))
		case d.Period != nil:
			e = append(e, engine.T("break.period.heap", h, d.Period.Residue, d.Period.Period, d.Value))
			proof = d.Period
		case d.ClosedForm:
			e = append(e, engine.T("break.lasker.heap", h, (h-1)/4, (h-1)%4+1, d.Value))
			closed = true
		}
	}
	if proof != nil {
		e = append(e, g.periodProof(*proof))
	}
	if closed {
		e = append(e, engine.T("break.lasker.rule"))
	}
	return e
}

// mexText writes g(h) = mex{…} = v, the options as g(b) or
// g(a)⊕g(b)=x⊕y=z, a take's options apart from the next take's.
func mexText(d heapDerivation, at func(int64) uint64) engine.Text {
	if d.Mex.Total == 0 {
		return engine.T("break.mex.none", d.Heap)
	}
	u := func(x uint64) string { return strconv.FormatUint(x, 10) }
	var b strings.Builder
	for i, grp := range d.Mex.Groups {
		if i > 0 {
			b.WriteString("; ")
		}
		for j, o := range grp.Options {
			if j > 0 {
				b.WriteString(", ")
			}
			switch {
			case o.Left > 0:
				b.WriteString("g(" + itoa(o.Left) + ")⊕g(" + itoa(o.Right) + ")=" + u(at(o.Left)) + "⊕" + u(at(o.Right)) + "=" + u(o.Value))
			case o.Right > 0:
				b.WriteString("g(" + itoa(o.Right) + ")=" + u(o.Value))
			default:
				b.WriteString("0") // nothing left: the empty position, worth 0
			}
		}
	}
	switch {
	case int64(d.Mex.Listed) < d.Mex.Total && d.Value == 0:
		return engine.T("break.mex.more.zero", d.Heap, b.String(), d.Value, d.Mex.Total)
	case int64(d.Mex.Listed) < d.Mex.Total: // the values below the mex are all among the options: say so
		return engine.T("break.mex.more", d.Heap, b.String(), d.Value, d.Mex.Total)
	}
	return engine.T("break.mex", d.Heap, b.String(), d.Value)
}

// periodProof states the Guy–Smith check with its numbers: the values
// repeat with period p from e on because the table shows g(n + p) = g(n)
// for every n in [from, to), to = 2·max(e, 1) + p + k.
func (g TakeBreak) periodProof(pc periodCheck) engine.Text {
	view, _ := g.rule.table.upTo(0)
	cycle := make([]string, min(pc.Period, 12))
	for i := range cycle {
		cycle[i] = strconv.FormatUint(view.at(pc.Preperiod+int64(i)), 10)
	}
	if pc.Period > 12 {
		cycle = append(cycle, "…")
	}
	return engine.T("break.period.proof", pc.Period, pc.Preperiod, strings.Join(cycle, " "), pc.Digits,
		pc.CheckFrom, pc.CheckTo-1, max(pc.Preperiod, 1), pc.CheckTo)
}

// digitsText writes an octal code's digits as sums of the kinds of move
// they allow: "d1 = 7 = 1+2+4, d2 = 7 = 1+2+4" (a list in the reader's
// language: "；" in Chinese).
func (g TakeBreak) digitsText() engine.Text {
	var parts []string
	for t, d := range g.rule.digits {
		if d == 0 {
			continue
		}
		var bits []string
		for _, b := range []uint8{1, 2, 4} {
			if d&b != 0 {
				bits = append(bits, strconv.Itoa(int(b)))
			}
		}
		s := "d" + strconv.Itoa(t) + " = " + strconv.Itoa(int(d))
		if len(bits) > 1 {
			s += " = " + strings.Join(bits, "+")
		}
		parts = append(parts, s)
	}
	return listOf(parts)
}
