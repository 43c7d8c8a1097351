package variants

import (
	"iter"
	"sync"

	"matchgame/internal/engine"
)

// searchedValues are the Grundy values of a game of two numbers that has
// no closed form for them (Euclid's game, Fibonacci Nim), found by search
// as the mex of the options' values and kept for the next question; a
// sum asks for them. Positions past limit are refused.
type searchedValues struct {
	mu       sync.Mutex
	memo     map[[2]int64]uint64
	limit    int64  // the largest number searched
	tooLarge string // the refusal's key past it, with the limit as its value
	// key is a position's key: the same for positions of the same value
	// (Euclid's two orders, a Fibonacci limit past the heap).
	key func(a, b int64) [2]int64
	// options yields the keys of the options of a key.
	options func(k [2]int64, yield func([2]int64))
}

func newSearchedValues(limit int64, tooLarge string, key func(a, b int64) [2]int64, options func([2]int64, func([2]int64))) *searchedValues {
	return &searchedValues{memo: map[[2]int64]uint64{}, limit: limit, tooLarge: tooLarge, key: key, options: options}
}

// fits reports whether p is within the search's limit (by its key: a
// Fibonacci limit past the heap counts as the heap).
func (s *searchedValues) fits(p engine.Position) bool {
	k := s.key(p[0], p[1])
	return k[0] <= s.limit && k[1] <= s.limit
}

// of is the value of k; the lock is held.
func (s *searchedValues) of(k [2]int64) uint64 {
	if v, ok := s.memo[k]; ok {
		return v
	}
	seen := map[uint64]bool{}
	s.options(k, func(o [2]int64) { seen[s.of(o)] = true })
	var v uint64
	for seen[v] {
		v++
	}
	s.memo[k] = v
	return v
}

// at is p's value, under the lock.
func (s *searchedValues) at(p engine.Position) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.of(s.key(p[0], p[1]))
}

// value is engine.Valued's Value.
func (s *searchedValues) value(p engine.Position) (engine.Value, error) {
	if !s.fits(p) {
		return engine.Value{}, engine.Refuse(s.tooLarge, s.limit)
	}
	return engine.Value{G: s.at(p), How: engine.T("value.search")}, nil
}

// movesTo is engine.Valued's MovesTo for game g.
func (s *searchedValues) movesTo(g engine.Game, p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		if !s.fits(p) {
			return
		}
		for m := range g.Moves(p, 0) {
			after, _ := g.Apply(p, m)
			if s.at(after) == v && !yield(m) {
				return
			}
		}
	}
}
