package variants

import (
	"sync"

	"matchgame/internal/engine"
)

// Remoteness (engine.Remote): the steps an Every-SG sum counts each game
// by, where a family has them in closed form or by a table of one heap;
// elsewhere the engine searches. Each is checked against that search on
// every small position (remote_test.go).
//
// steps = 0 with no move; at an N-position 1 + the largest steps of its
// moves to P-positions; at a P-position 1 + the smallest steps of its
// moves.

// errNoClosedForm says the steps of this position are searched.
var errNoClosedForm = engine.Refuse("err.every.noform")

// onlyHeap is the one heap with matches of p (its place), or false when
// none or several have some.
func onlyHeap(p engine.Position) (int, bool) {
	at := -1
	for i, h := range p {
		if h > 0 {
			if at >= 0 {
				return 0, false
			}
			at = i
		}
	}
	return at, at >= 0
}

// Remoteness of Nim: a heap alone is taken at once (normal play: 1 step)
// or, in misère play, down to 1 and then taken (2 steps; 1 when it is 1).
// Several heaps are searched.
func (Nim) Remoteness(p engine.Position, c engine.Convention) (int64, error) {
	i, ok := onlyHeap(p)
	switch {
	case !ok && slicesAllZero(p):
		return 0, nil
	case !ok:
		return 0, errNoClosedForm
	case c == engine.Normal || p[i] == 1:
		return 1, nil
	}
	return 2, nil
}

func slicesAllZero(p engine.Position) bool {
	for _, h := range p {
		if h != 0 {
			return false
		}
	}
	return true
}

// Remoteness of Bash, n = k(m + 1) + r: in normal play the winner takes
// r, the loser 1 at a time, 2k steps and one more when r > 0. In misère
// play the same from n − 1, the last match being the loser's: with n − 1
// = k(m + 1) + r, 2k + 1 steps when r = 0 (a P-position), else 2k + 2.
func (b Bash) Remoteness(p engine.Position, c engine.Convention) (int64, error) {
	n, m := p[0], b.Max+1
	if n == 0 {
		return 0, nil
	}
	if c == engine.Normal {
		k, r := n/m, n%m
		if r > 0 {
			return 2*k + 1, nil
		}
		return 2 * k, nil
	}
	k, r := (n-1)/m, (n-1)%m
	if r == 0 {
		return 2*k + 1, nil
	}
	return 2*k + 2, nil
}

// subtractionSteps bounds the heap whose steps a table gives.
const subtractionSteps = 1 << 20

// subtractionTables are the steps of one heap by set and convention,
// grown as heaps ask: a component's moves ask for the heaps below it.
var subtractionTables = struct {
	sync.Mutex
	t map[string]*stepsTable
}{t: map[string]*stepsTable{}}

// stepsTable holds, for every heap up to its length, the steps and
// whether the player to move loses the heap alone.
type stepsTable struct {
	steps []int64
	lost  []bool
}

// Remoteness of a subtraction game with one heap: a table of the steps and
// outcomes of every smaller heap, by the definition. Several heaps are
// searched.
func (s Subtraction) Remoteness(p engine.Position, c engine.Convention) (int64, error) {
	i, ok := onlyHeap(p)
	switch {
	case !ok && slicesAllZero(p):
		return 0, nil
	case !ok || p[i] > subtractionSteps:
		return 0, errNoClosedForm
	}
	subtractionTables.Lock()
	defer subtractionTables.Unlock()
	key := s.name + " " + c.String()
	t := subtractionTables.t[key]
	if t == nil {
		t = &stepsTable{steps: []int64{0}, lost: []bool{c == engine.Normal}}
		subtractionTables.t[key] = t
	}
	for h := int64(len(t.steps)); h <= p[i]; h++ {
		best, win, moved := int64(-1), false, false
		for _, m := range s.set {
			if m > h {
				break
			}
			st := t.steps[h-m]
			switch {
			case t.lost[h-m] && (!win || st > best): // a winning move: the longest
				best, win = st, true
			case !t.lost[h-m] && !win && (!moved || st < best): // a losing one: the shortest
				best = st
			}
			moved = true
		}
		if !moved {
			t.steps, t.lost = append(t.steps, 0), append(t.lost, c == engine.Normal)
			continue
		}
		t.steps, t.lost = append(t.steps, best+1), append(t.lost, !win)
	}
	return t.steps[p[i]], nil
}
