package engine

import "slices"

// Retro is a retrograde analysis: every position reachable from a start,
// decided from the positions with no move back to the start. It decides
// a game whose play can come back to a position, where Solver's search
// by depth would not end: a position neither won nor lost is a draw (D).
// Each decided position also has its remoteness, the moves to the end
// when the winner hurries and the loser holds out, so that the winner's
// canonical move always brings the end nearer and play cannot circle.
type Retro struct {
	game  Game
	index map[string]int32
	pos   []Position
	out   []Outcome
	steps []int32
}

// Retrograde analyses every position reachable from start in convention
// c; false when there are more than limit.
func Retrograde(g Game, c Convention, start Position, limit int) (*Retro, bool) {
	r := &Retro{game: g, index: map[string]int32{}}
	var succ [][]int32
	r.add(start)
	for i := 0; i < len(r.pos); i++ {
		var next []int32
		for m := range g.Moves(r.pos[i], 0) {
			q, err := g.Apply(r.pos[i], m)
			if err != nil {
				panic("engine: a generated move is illegal: " + err.Error())
			}
			next = append(next, r.add(q))
			if len(r.pos) > limit {
				return nil, false
			}
		}
		succ = append(succ, next)
	}
	n := len(r.pos)
	preds := make([][]int32, n)
	left := make([]int, n) // options not yet known to be won for the mover there
	for i, next := range succ {
		left[i] = len(next)
		for _, j := range next {
			preds[j] = append(preds[j], int32(i))
		}
	}
	r.out, r.steps = make([]Outcome, n), make([]int32, n)
	for i := range r.out {
		r.out[i] = D
	}
	// The queue is in order of remoteness: the first lost option found
	// wins soonest, the last won option found holds out longest.
	var queue []int32
	for i, next := range succ {
		if len(next) == 0 { // no move: lost in normal play, won in misère play
			r.out[i] = P
			if c == Misere {
				r.out[i] = N
			}
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		for _, i := range preds[j] {
			if r.out[i] != D {
				continue
			}
			if r.out[j] == P { // a move to a lost position wins
				r.out[i], r.steps[i] = N, r.steps[j]+1
				queue = append(queue, i)
			} else if left[i]--; left[i] == 0 { // every move leads to a won position
				r.out[i], r.steps[i] = P, r.steps[j]+1
				queue = append(queue, i)
			}
		}
	}
	return r, true
}

// add is p's index, p added when new.
func (r *Retro) add(p Position) int32 {
	key := string(p.AppendKey(nil))
	if i, ok := r.index[key]; ok {
		return i
	}
	r.index[key] = int32(len(r.pos))
	r.pos = append(r.pos, p)
	return int32(len(r.pos) - 1)
}

// Size is how many positions were decided.
func (r *Retro) Size() int { return len(r.pos) }

// Outcome is the outcome of p, a position reached from the start.
func (r *Retro) Outcome(p Position) Outcome {
	return r.out[r.index[string(p.AppendKey(nil))]]
}

// Steps is p's remoteness: the moves to the end with perfect play (0 for
// a draw, which never ends).
func (r *Retro) Steps(p Position) int32 {
	return r.steps[r.index[string(p.AppendKey(nil))]]
}

// Winning are the moves from p to lost positions: the one that wins
// soonest first (the canonical move), then the others in natural order.
func (r *Retro) Winning(p Position) []Move {
	var win []Move
	var steps []int32
	for m := range r.game.Moves(p, 0) {
		q, _ := r.game.Apply(p, m)
		if i := r.index[string(q.AppendKey(nil))]; r.out[i] == P {
			win, steps = append(win, m), append(steps, r.steps[i])
		}
	}
	if len(win) > 1 {
		best := 0
		for i := range steps {
			if steps[i] < steps[best] {
				best = i
			}
		}
		first := win[best]
		win = slices.Delete(win, best, best+1)
		win = slices.Insert(win, 0, first)
	}
	return win
}

// Drawing are the moves from p to draws, in natural order.
func (r *Retro) Drawing(p Position) []Move {
	var out []Move
	for m := range r.game.Moves(p, 0) {
		q, _ := r.game.Apply(p, m)
		if r.Outcome(q) == D {
			out = append(out, m)
		}
	}
	return out
}
