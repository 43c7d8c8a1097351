package engine_test

import (
	"math"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// Stepping through amounts visits exactly the legal ones, in order, and
// stops at the ends.
func TestAmountsStep(t *testing.T) {
	for _, a := range []engine.Amounts{
		engine.Range(1, 7),
		engine.Range(0, 0),
		{Lo: 1, Hi: 10, Set: []int64{1, 3, 4, 12}},
		{Lo: 2, Hi: 13, Set: []int64{1, 2, 3, 5, 8, 13, 21}},
		{Lo: 1, Hi: 0, Set: []int64{1, 3}},
		engine.None,
	} {
		var legal []int64
		for v := int64(-1); v <= 25; v++ {
			if a.Has(v) {
				legal = append(legal, v)
			}
		}
		if a.Empty() != (len(legal) == 0) || a.Count() != int64(len(legal)) {
			t.Errorf("%+v: empty %v, count %d; legal %v", a, a.Empty(), a.Count(), legal)
		}
		if len(legal) == 0 {
			if _, ok := a.First(); ok || a.Step(3, 1) != 3 {
				t.Errorf("%+v: a first amount, or a step, where none is legal", a)
			}
			continue
		}
		first, _ := a.First()
		last, _ := a.Last()
		var up []int64
		for v := first; ; v = a.Step(v, 1) {
			up = append(up, v)
			if v == last {
				break
			}
		}
		var down []int64
		for v := last; ; v = a.Step(v, -1) {
			down = append(down, v)
			if v == first {
				break
			}
		}
		slices.Reverse(down)
		if !slices.Equal(up, legal) || !slices.Equal(down, legal) || a.Step(last, 1) != last || a.Step(first, -1) != first {
			t.Errorf("%+v: up %v, down %v; legal %v", a, up, down, legal)
		}
	}
	huge := engine.Range(0, math.MaxInt64)
	if huge.Count() != math.MaxInt64 || huge.Step(math.MaxInt64, 1) != math.MaxInt64 {
		t.Errorf("0 to the largest int64: count %d, step %d", huge.Count(), huge.Step(math.MaxInt64, 1))
	}
}
