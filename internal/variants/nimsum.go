package variants

import (
	"math/bits"

	"matchgame/internal/engine"
)

// nimSum sums up the nim-values a position reduces to (heap sizes, odd
// stairs, counted gaps, Grundy values): their xor and how many are 1 and
// how many 2 or more. That is all Bouton's rule needs, in both conventions.
type nimSum struct {
	x    uint64 // the nim-sum (a Grundy value can pass the largest int64)
	ones int    // values equal to 1
	big  int    // values of 2 or more
}

func sumOf(values []int64) nimSum {
	var s nimSum
	for _, v := range values {
		s.add(v)
	}
	return s
}

func (s *nimSum) add(v int64) { s.addValue(uint64(v)) }

// addValue adds a value that may pass the largest int64.
func (s *nimSum) addValue(v uint64) {
	s.x ^= v
	switch {
	case v == 1:
		s.ones++
	case v >= 2:
		s.big++
	}
}

// change is the sum after one value goes from old to new.
func (s nimSum) change(old, new int64) nimSum {
	s.x ^= uint64(old)
	switch {
	case old == 1:
		s.ones--
	case old >= 2:
		s.big--
	}
	s.add(new)
	return s
}

// lost reports a P-position. Normal play: the nim-sum is 0. Misère play:
// while every value is 0 or 1, an odd number of 1s; otherwise the nim-sum
// is 0 (Bouton; the seed's T2/S0 are the lost states).
func (s nimSum) lost(c engine.Convention) bool {
	if c == engine.Misere && s.big == 0 {
		return s.ones%2 == 1
	}
	return s.x == 0
}

func (s nimSum) outcome(c engine.Convention) engine.Outcome {
	if s.lost(c) {
		return engine.P
	}
	return engine.N
}

// targets are the values, highest first, that a component now worth v may
// take to leave a P-position: v⊕x, and in misère play 0 or 1 when no value
// of 2 or more would remain. There are at most two.
func (s nimSum) targets(v int64, c engine.Convention) (t [2]int64, n int) {
	others := s.big
	if v >= 2 {
		others--
	}
	if c == engine.Normal || others > 0 {
		// Whatever v becomes, the nim-sum rule decides: only v⊕x wins. This
		// is the hot path of 500,000 heaps, so it skips the general search.
		if s.x != 0 {
			t[0], n = v^int64(s.x), 1
		}
		return t, n
	}
	for _, w := range [3]int64{v ^ int64(s.x), 1, 0} {
		if w == v || (n == 1 && t[0] == w) {
			continue
		}
		if s.change(v, w).lost(c) {
			t[n] = w
			n++
			if n == 2 {
				break
			}
		}
	}
	if n == 2 && t[0] < t[1] {
		t[0], t[1] = t[1], t[0]
	}
	return t, n
}

// reason says why the values decide the outcome, in a few words with the
// numbers.
func (s nimSum) reason(c engine.Convention, w nimWords) engine.Text {
	what := engine.T(w.plural)
	switch {
	case c == engine.Misere && s.big == 1:
		return engine.T("reason.misere.one", what)
	case c == engine.Misere && s.big == 0:
		return engine.T(plural("reason.misere.ones", int64(s.ones)), what, s.ones)
	case s.x == 0:
		return engine.T("reason.zero", what)
	}
	return engine.T("reason.nonzero", what, s.x)
}

// hint says where a winning move is made and why, without the move: place
// is the place it is made at; v the value it changes, which a winning move
// lowers (raise: raises, as an even stair's coins or a Grundy value can).
func (s nimSum) hint(place engine.Text, v int64, raise bool, c engine.Convention) engine.Text {
	others := s.big
	if v >= 2 {
		others--
	}
	switch {
	case c == engine.Misere && s.big == 0:
		return engine.T("hint.misere.ones", place)
	case c == engine.Misere && others == 0:
		return engine.T("hint.misere.one", place)
	case raise:
		return engine.T("hint.raise", place)
	}
	return engine.T("hint.highbit", place, uint64(1)<<(bits.Len64(s.x)-1))
}

// nimWords names what a game's nim-values are, for the explanations:
// "heaps", "odd stairs", "counted gaps", "Grundy values".
type nimWords struct {
	plural string                  // a catalogue key
	label  func(i int) engine.Text // the label of value i in the table
	// shrink: a move only lowers one value, as in Nim itself, so the misère
	// sentences may say "each move removes a 1". Stairs, gaps and Grundy
	// values can also rise; their sentences (keys ending ".any") do not.
	shrink bool
}

// maxTableRows is the most values an explanation shows one per row; a
// larger position is summarised in a sentence.
const maxTableRows = 16

// nimRule explains the outcome from the nim-values: the binary table with
// the nim-sum (or a summary of it), then which rule decides and why.
func nimRule(values []int64, s nimSum, c engine.Convention, w nimWords) engine.Explanation {
	return nimRuleOf(len(values), func(i int) uint64 { return uint64(values[i]) }, s, c, w)
}

// nimRuleOf is nimRule for n values read by value: they may pass the
// largest int64 (the Grundy values of Lasker's Nim), and 500,000 of them
// are not copied to be summarised.
func nimRuleOf(n int, value func(i int) uint64, s nimSum, c engine.Convention, w nimWords) engine.Explanation {
	var e engine.Explanation
	what := engine.T(w.plural)
	any := ".any"
	if w.shrink {
		any = ""
	}
	showSum := (c == engine.Normal || s.big > 0) && n > 0 // a staircase of the ground alone has none
	if showSum {
		if n <= maxTableRows {
			labels := make([]engine.Text, n)
			values := make([]uint64, n)
			for i := range n {
				labels[i], values[i] = w.label(i), value(i)
			}
			e = append(e, engine.NimSumTable{Labels: labels, Values: values, Sum: s.x, Decides: c == engine.Normal || s.big >= 2})
			if s.x != 0 {
				e = append(e, engine.Sentence{Text: engine.T("teach.nim.column"), Show: engine.Teach, Mark: engine.Aside})
			}
		} else {
			e = append(e, engine.T("nim.many", n, what, s.x, engine.Binary(s.x, 1)))
		}
	}
	if c == engine.Misere {
		e = append(e, engine.MisereCases{Which: min(s.big, 2), Heaps: w.shrink})
	}
	switch {
	case c == engine.Misere && s.big == 0 && s.ones == 0:
		e = append(e, engine.T("misere.rule.none", what))
	case c == engine.Misere && s.big == 0 && s.ones%2 == 1:
		e = append(e, engine.T("misere.rule.small.odd"+any, what, s.ones))
	case c == engine.Misere && s.big == 0:
		e = append(e, engine.T("misere.rule.small.even"+any, what, s.ones))
	case c == engine.Misere && s.big == 1:
		e = append(e, engine.T(plural("misere.rule.one"+any, int64(s.ones)), what, s.ones))
	default:
		if c == engine.Misere {
			e = append(e, engine.T("misere.rule.many", what))
		}
		if s.x == 0 {
			e = append(e, engine.T("nim.rule.zero", what))
		} else {
			e = append(e, engine.T("nim.rule.nonzero", s.x))
		}
	}
	return e
}

// markMove gives the nim-sum table of e the row of the headline move, so
// the table shows that row's target even where the value rises (a Grundy
// value can): the table and the move agree (issue 18).
func markMove(e engine.Explanation, where int) engine.Explanation {
	for i, b := range e {
		if t, ok := b.(engine.NimSumTable); ok {
			t.Move = where
			e[i] = t
		}
	}
	return e
}
