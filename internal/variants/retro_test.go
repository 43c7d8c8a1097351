package variants

import "matchgame/internal/engine"

// The reference for games whose play can come back to a position
// (Northcott's): a retrograde analysis, from the positions with no move
// back to the start. Retro decides positions by retrograde analysis: from the positions with
// no move back to the start. A game whose play can come back to a
// position (Northcott's pieces move away and back) has no order for
// Solver's depth-first search; here a position that is neither won nor
// lost is a draw: the play can go on for ever.
type Retro struct {
	game  engine.Game
	index map[string]int
	pos   []engine.Position
	won   []int8 // +1 N, −1 P, 0 a draw
}

// ErrTooLarge says a retrograde analysis would pass its bound.
type ErrTooLarge struct{ Limit int }

func (e ErrTooLarge) Error() string { return "more positions than the bound" }

// Retrograde decides every position reachable from starts in convention
// c, or fails with ErrTooLarge past limit positions.
func Retrograde(g engine.Game, c engine.Convention, starts []engine.Position, limit int) (*Retro, error) {
	r := &Retro{game: g, index: map[string]int{}}
	var succ [][]int
	for _, p := range starts {
		r.add(p)
	}
	for i := 0; i < len(r.pos); i++ {
		var next []int
		for m := range g.Moves(r.pos[i], 0) {
			q, err := g.Apply(r.pos[i], m)
			if err != nil {
				panic("engine: a generated move is illegal: " + err.Error())
			}
			next = append(next, r.add(q))
			if len(r.pos) > limit {
				return nil, ErrTooLarge{limit}
			}
		}
		succ = append(succ, next)
	}
	preds := make([][]int, len(r.pos))
	left := make([]int, len(r.pos)) // successors not yet known to be N
	for i, next := range succ {
		left[i] = len(next)
		for _, j := range next {
			preds[j] = append(preds[j], i)
		}
	}
	r.won = make([]int8, len(r.pos))
	var queue []int
	for i, next := range succ {
		if len(next) == 0 { // no move: lost in normal play, won in misère play
			r.won[i] = -1
			if c == engine.Misere {
				r.won[i] = +1
			}
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		for _, i := range preds[j] {
			if r.won[i] != 0 {
				continue
			}
			if r.won[j] < 0 { // a move to a lost position wins
				r.won[i] = +1
				queue = append(queue, i)
			} else if left[i]--; left[i] == 0 { // every move leads to a won position
				r.won[i] = -1
				queue = append(queue, i)
			}
		}
	}
	return r, nil
}

// add is p's index, p added when new.
func (r *Retro) add(p engine.Position) int {
	key := string(p.AppendKey(nil))
	if i, ok := r.index[key]; ok {
		return i
	}
	r.index[key] = len(r.pos)
	r.pos = append(r.pos, p)
	return len(r.pos) - 1
}

// Size is how many positions were decided.
func (r *Retro) Size() int { return len(r.pos) }

// Outcome is p's outcome; draw when the play from p can go on for ever.
// ok is false for a position not reached from the starts.
func (r *Retro) Outcome(p engine.Position) (o engine.Outcome, draw, ok bool) {
	i, ok := r.index[string(p.AppendKey(nil))]
	if !ok {
		return engine.N, false, false
	}
	switch r.won[i] {
	case +1:
		return engine.N, false, true
	case -1:
		return engine.P, false, true
	}
	return engine.N, true, true
}

// WinningMoves are the moves from p to lost positions, in natural order.
func (r *Retro) WinningMoves(p engine.Position) []engine.Move {
	var win []engine.Move
	for m := range r.game.Moves(p, 0) {
		q, _ := r.game.Apply(p, m)
		if o, draw, _ := r.Outcome(q); o == engine.P && !draw {
			win = append(win, m)
		}
	}
	return win
}
