package variants

import (
	"iter"
	"math/rand/v2"
	"strconv"

	"matchgame/internal/engine"
)

// Helpers for games whose moves take an amount from 1 up to some limit at
// each place (heap, stair, chessman): nim, staircase, Georgia and Bob.

// rangeMoves yields, for each place i (1-based) in order, the amounts 1 to
// limit(i), or only the first each of them when each > 0.
func rangeMoves(places int, limit func(i int) int64, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i := 1; i <= places; i++ {
			top := limit(i)
			if each > 0 {
				top = min(top, int64(each))
			}
			for t := int64(1); t <= top; t++ {
				if !yield(engine.At(i, t)) {
					return
				}
			}
		}
	}
}

// randomRangeMove picks a place uniformly among those with a move, then an
// amount uniformly.
func randomRangeMove(places int, limit func(i int) int64, r *rand.Rand) (engine.Move, bool) {
	open := 0
	for i := 1; i <= places; i++ {
		if limit(i) > 0 {
			open++
		}
	}
	if open == 0 {
		return engine.Move{}, false
	}
	k := r.IntN(open)
	for i := 1; i <= places; i++ {
		if top := limit(i); top > 0 {
			if k == 0 {
				return engine.At(i, 1+r.Int64N(top)), true
			}
			k--
		}
	}
	panic("unreachable")
}

// checkCounts refuses negative numbers; what names them ("what.heap").
func checkCounts(what string, p engine.Position, first int) error {
	if len(p) == 0 {
		return engine.Refuse("err.position.empty", engine.T(what))
	}
	for i, v := range p {
		if v < 0 {
			return engine.Refuse("err.position.negative", engine.T(what), i+first, v)
		}
	}
	return nil
}

// plural picks a message's singular form (key.one) for a count of 1.
func plural(key string, n int64) string {
	if n == 1 {
		return key + ".one"
	}
	return key
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// list writes items as a list in the reader's language: "1, 3, 5" in
// English, "1、3、5" in Chinese.
func listOf(items []string) engine.Text {
	var t engine.Text
	for i, s := range items {
		if i == 0 {
			t = engine.T("words.list.one", s)
		} else {
			t = engine.T("words.list", t, s)
		}
	}
	return t
}
