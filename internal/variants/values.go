package variants

import (
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// What the families share in giving a sum of games its values
// (engine.Valued, in each family's file): a position of several heaps is
// worth the nim-sum of its heaps (Sprague–Grundy), so a move to value v
// changes one heap's value u to u ⊕ (g ⊕ v); and the words of how a value
// was found.

// xorOf is the nim-sum of values.
func nimXor(values []uint64) uint64 {
	var x uint64
	for _, v := range values {
		x ^= v
	}
	return x
}

// unitsOf counts values as the units of misère Nim.
func unitsOf(values []uint64) engine.Units {
	var u engine.Units
	for _, v := range values {
		u.Add(v)
	}
	return u
}

// heapsHow says how a position of several heaps gets its value: "g(3) ⊕
// g(5) = 1 ⊕ 2" with the heaps' own derivation for one heap.
func heapsHow(p engine.Position, values []uint64, one engine.Text) engine.Text {
	if len(p) == 1 {
		return one
	}
	parts := make([]string, 0, 5)
	for i, v := range values {
		if i == 4 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, "g("+itoa(p[i])+") = "+strconv.FormatUint(v, 10))
	}
	return engine.T("value.heaps", strings.Join(parts, ", "), len(p))
}

// ---- Nim: a heap of h is worth h.

// ---- Bash: n mod (m+1), the subtraction game {1, …, m}.

// ---- Subtraction games: the table or the period of the set.

// ---- Staircase Nim and Georgia and Bob: the nim-sum of the odd stairs.

// ---- Take-and-break games: the table, the period, or Lasker's closed form.

// periodShown is how far a component's value looks for its code's period
// at least: 0.156 proves its period of 349 at 7,310.
const periodShown = 8192

// periodHow says in a few words how one heap's value is known: from the
// table, with the period where one is proved.
func periodHow(e, p int64) engine.Text {
	if p > 0 {
		return engine.T("value.period", p, e)
	}
	return engine.T("value.table")
}
