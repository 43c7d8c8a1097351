package engine

import "slices"

// Retro is a retrograde analysis: every position reachable from the starts,
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

// Retrograde analyses every position reachable from the starts in
// convention c; false when there are more than limit. It is also the
// tests' reference for games that loop, as Solver is for the others.
func Retrograde(g Game, c Convention, limit int, starts ...Position) (*Retro, bool) {
	r := &Retro{game: g, index: map[string]int32{}}
	var succ [][]int32
	for _, p := range starts {
		r.add(p)
	}
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

// Winning are the moves from p to lost positions, in natural order.
func (r *Retro) Winning(p Position) []Move { return r.movesTo(p, P) }

// Drawing are the moves from p to draws, in natural order.
func (r *Retro) Drawing(p Position) []Move { return r.movesTo(p, D) }

func (r *Retro) movesTo(p Position, o Outcome) []Move {
	var out []Move
	for m := range r.game.Moves(p, 0) {
		if q, _ := r.game.Apply(p, m); r.Outcome(q) == o {
			out = append(out, m)
		}
	}
	return out
}

// SoonestFirst puts first the move of moves (from p) that leaves the
// position nearest its end: the winner's canonical move, which always
// brings the end nearer, so that play cannot circle. The others keep
// their order.
func (r *Retro) SoonestFirst(p Position, moves []Move) []Move {
	best, steps := -1, int32(0)
	for i, m := range moves {
		q, _ := r.game.Apply(p, m)
		if s := r.Steps(q); best < 0 || s < steps {
			best, steps = i, s
		}
	}
	if best > 0 {
		first := moves[best]
		moves = slices.Insert(slices.Delete(slices.Clone(moves), best, best+1), 0, first)
	}
	return moves
}
