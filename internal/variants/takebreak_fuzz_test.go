package variants

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// hugeRules answer every int64 heap in normal play: codes with a proved
// period, and Lasker's Nim. Lasker's Nim and 0.51 pass the misère
// certificate for every heap, so they are checked in misère play too.
var hugeRules = []string{"kayles", "dawson-kayles", "dawson-chess", "lasker", "0.156", "0.51", "0.4", "0.71", seven32}

// hugeHeaps draws n heaps: most of any size up to 2^63−1 (the magnitude
// spread evenly), some at the very top, some small.
func hugeHeaps(r *rand.Rand, n int) []int64 {
	p := make([]int64, n)
	for i := range p {
		switch r.IntN(5) {
		case 0:
			p[i] = math.MaxInt64 - r.Int64N(1000)
		case 1:
			p[i] = r.Int64N(200)
		default:
			p[i] = r.Int64N(math.MaxInt64 >> r.IntN(63))
		}
	}
	return p
}

// checkBreakMoves checks on p: the winning moves (the first few) lead to
// P-positions, and so does nothing else that is tried; every move tried
// from a P-position leads to an N-position, both from p and from where
// the first winning move leads; the count is at least what was listed,
// and exactly that when the list ended.
func checkBreakMoves(t *testing.T, rule *takeBreak, p []int64, c engine.Convention, r *rand.Rand) {
	t.Helper()
	a, err := rule.solve(p, c)
	if err != nil {
		if c == engine.Misere && errors.Is(err, engine.ErrRefused) {
			if ok, _ := rule.table.certified(slices.Max(p)); ok {
				t.Fatalf("%s %v: misère refused with the certificate holding: %v", rule, p, err)
			}
			return
		}
		t.Fatalf("%s %v %v: %v", rule, p, c, err)
	}
	outcome := func(q []int64) engine.Outcome {
		b, err := rule.solve(q, c)
		if err != nil {
			t.Fatalf("%s %v %v: %v", rule, q, c, err)
		}
		return b.Outcome
	}
	listed := uint64(0)
	var after []int64
	for m := range a.Winning() {
		q, err := rule.apply(p, m)
		if err != nil {
			t.Fatalf("%s %v: winning move %+v: %v", rule, p, m, err)
		}
		if outcome(q) != engine.P {
			t.Fatalf("%s %v %v: winning move %+v leads to an N-position", rule, p, c, m)
		}
		if listed == 0 {
			after = q
		}
		if listed++; listed == 50 {
			break
		}
	}
	n := a.Count()
	if n.hi == 0 && (n.lo < listed || (listed < 50 && n.lo != listed)) {
		t.Fatalf("%s %v %v: count %d, listed %d", rule, p, c, n.lo, listed)
	}
	if (a.Outcome == engine.P) != (listed == 0) && slices.ContainsFunc(p, rule.canMove) {
		t.Fatalf("%s %v %v: %v with %d winning moves", rule, p, c, a.Outcome, listed)
	}
	fromP := func(q []int64) {
		for range 10 {
			m, ok := rule.randomMove(q, r)
			if !ok {
				return
			}
			next, err := rule.apply(q, m)
			if err != nil {
				t.Fatalf("%s %v: random move %+v: %v", rule, q, m, err)
			}
			if outcome(next) != engine.N {
				t.Fatalf("%s %v %v: move %+v from a P-position leads to a P-position", rule, q, c, m)
			}
		}
	}
	if a.Outcome == engine.P {
		fromP(p)
	} else if after != nil {
		fromP(after)
	}
	// A move chosen at random (with a small part left, so that few
	// winning moves come before it) is listed exactly when it leads to a
	// P-position. A huge heap may have too many before it: then nothing is
	// concluded.
	if m, ok := rule.randomMove(p, r); ok {
		if m.First().Pieces[0] > 0 {
			m.Changes[0].Pieces[0] = 1 + (m.First().Pieces[0]-1)%50
		}
		q, err := rule.apply(p, m)
		if err != nil {
			t.Fatalf("%s %v: random move %+v: %v", rule, p, m, err)
		}
		listed, passed := false, false
		steps := 0
		for w := range a.Winning() {
			if w == m {
				listed = true
			}
			passed = w.First().Place > m.First().Place || (w.First().Place == m.First().Place && (w.First().Amount > m.First().Amount || (w.First().Amount == m.First().Amount && w.First().Pieces[0] >= m.First().Pieces[0])))
			if steps++; passed || steps == 100_000 {
				break
			}
		}
		if (passed || steps < 100_000) && listed != (outcome(q) == engine.P) {
			t.Fatalf("%s %v %v: move %+v listed as winning: %v", rule, p, c, m, listed)
		}
	}
}

// FuzzBreakWinning: on huge heaps, the winning moves lead to P-positions
// and every move from a P-position leads to an N-position, both
// conventions (misère play where the certificate holds; a refusal
// otherwise).
func FuzzBreakWinning(f *testing.F) {
	for i := range hugeRules {
		f.Add(uint8(i), uint64(i), uint8(i*7))
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, size uint8) {
		rule := breakRule(t, hugeRules[int(which)%len(hugeRules)])
		r := rand.New(rand.NewPCG(seed, uint64(size)))
		p := hugeHeaps(r, 1+int(size%6))
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkBreakMoves(t, rule, p, c, r)
		}
	})
}

// FuzzBreakCount: the count equals the number of winning moves listed,
// on positions small enough to list, for every rule and convention.
func FuzzBreakCount(f *testing.F) {
	for i := range breakRules {
		f.Add(uint8(i), uint64(i), uint8(i*5))
	}
	f.Fuzz(checkBreakCount)
}

func checkBreakCount(t *testing.T, which uint8, seed uint64, size uint8) {
	name := breakRules[int(which)%len(breakRules)]
	rule := breakRule(t, name)
	r := rand.New(rand.NewPCG(seed, uint64(size)))
	p := make([]int64, 1+int(size%5))
	for i := range p {
		p[i] = r.Int64N(1 + int64(size)*4)
	}
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		a, err := rule.solve(p, c)
		if err != nil {
			if c == engine.Misere && errors.Is(err, engine.ErrRefused) {
				continue
			}
			t.Fatalf("%s %v %v: %v", name, p, c, err)
		}
		listed := int64(0)
		for range a.Winning() {
			listed++
		}
		if n, ok := a.Count().Int64(); !ok || n != listed {
			t.Fatalf("%s %v %v: count %v, listed %d", name, p, c, a.Count().Big(), listed)
		}
	}
}

// The fuzz bodies on a few hundred seeds, in every go test.
func TestBreakWinningOnLargePositions(t *testing.T) {
	t.Parallel()
	for i, name := range hugeRules {
		rule := breakRule(t, name)
		for seed := range uint64(thorough(20, 60)) {
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			p := hugeHeaps(r, 1+int(seed%6))
			for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
				checkBreakMoves(t, rule, p, c, r)
			}
		}
	}
	for which := range uint8(len(breakRules)) {
		for seed := range uint64(thorough(10, 30)) {
			checkBreakCount(t, which, seed, uint8(seed*53))
		}
	}
}
