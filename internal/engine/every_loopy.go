package engine

import "math"

// Every-SG with a game whose play can come back to a position (a graph
// with a cycle). A game alone can then be a draw, its winner may be able
// to keep it going for ever, and its loser may escape into a draw, so
// one number a game no longer says enough. What a sum needs of each game
// are, for each player Z (the proof is in AnalyzeEvery's comment):
//
//	s_Z  Z's steps: the moves Z can make the game last and still win it,
//	     the other ending it as soon as they can (Forever where Z can go
//	     on as long as they like); none when Z does not win it alone.
//	h_Z  the other's hold-out: the moves the other can keep the game going
//	     and then win it, or Forever where they can keep it going for
//	     ever, while Z ends it as soon as they can; none when Z wins it.
//
// The player Z wins the sum iff the largest s_Z exceeds every h_Z. In a
// game whose play always ends both are its steps (the winner's s, the
// loser's h), and the rule is the parity of the longest one.
//
// Both come from a retrograde analysis of the positions reachable from
// the game's own, in order of their values, as the remoteness comes: a
// position is decided by a move to a position decided before it (the
// first found is the nearest) or once every move leads to a position
// decided before it (the last found is the farthest); what is never
// decided is Forever.

// Forever is the steps, or the hold-out, of a game that can be kept
// going for as long as one likes.
const Forever int64 = math.MaxInt64

// standing is what a sum needs of one game at a position, seen from the
// player to move there.
type standing struct {
	out   Outcome // the game alone: N, P or D
	steps int64   // the winner's steps (N or P)
	// hold[0] is the opponent's hold-out while the player to move ends the
	// game as soon as they can (not N); hold[1] the player to move's while
	// the opponent does (not P).
	hold [2]int64
	// rem is the remoteness of a decided position: the moves to the end
	// when the winner hurries and the loser holds out. The winner's
	// canonical move in a loopy sum makes it smaller, so play ends.
	rem int64
}

// standingOf is the standing of a game whose play always ends, from its
// steps: the loser can hold it out exactly as long as the winner makes it
// last.
func standingOf(steps int64, wins bool) standing {
	if wins {
		return standing{out: N, steps: steps, hold: [2]int64{0, steps}}
	}
	return standing{out: P, steps: steps, hold: [2]int64{steps, 0}}
}

// loopySearch is the retrograde analysis of one game's positions
// reachable from a start.
type loopySearch struct {
	pos   []Position
	succ  [][]int32
	stand []standing
}

// searchLoopy analyses every position of g reachable from start in
// convention c; false past limit positions.
func searchLoopy(g Game, c Convention, start Position, limit int) (*loopySearch, map[string]int32, bool) {
	l, index, ok := explore(start, limit, func(p Position, add func(Position) bool) bool {
		for m := range g.Moves(p, 0) {
			q, err := g.Apply(p, m)
			if err != nil {
				panic("engine: a generated move is illegal: " + err.Error())
			}
			if !add(q) {
				return false
			}
		}
		return true
	})
	if ok {
		l.solve(c)
	}
	return l, index, ok
}

// explore lists every position reachable from start (the first), each
// with its options, and indexes them by key; false past limit positions,
// or when options says so. options calls add with each option of a
// position; add reports whether the limit holds.
func explore(start Position, limit int, options func(p Position, add func(Position) bool) bool) (*loopySearch, map[string]int32, bool) {
	l := &loopySearch{}
	index := map[string]int32{}
	var next []int32
	add := func(p Position) bool {
		key := string(p.AppendKey(nil))
		i, ok := index[key]
		if !ok {
			i = int32(len(l.pos))
			index[key] = i
			l.pos = append(l.pos, p)
		}
		next = append(next, i)
		return len(l.pos) <= limit
	}
	add(start)
	for i := 0; i < len(l.pos); i++ {
		next = nil
		if !options(l.pos[i], add) {
			return nil, nil, false
		}
		l.succ = append(l.succ, next)
	}
	return l, index, true
}

// preds are the positions with a move to each, once a move.
func (l *loopySearch) preds() [][]int32 {
	preds := make([][]int32, len(l.pos))
	for i, next := range l.succ {
		for _, j := range next {
			preds[j] = append(preds[j], int32(i))
		}
	}
	return preds
}

// solve decides every position: outcomes with remoteness, then the
// winner's steps, then the hold-outs.
func (l *loopySearch) solve(c Convention) {
	preds := l.preds()
	out, rem := l.outcomes(c, preds)
	steps := l.steps(preds, out)
	hold := l.holds(c, preds, out)
	l.stand = make([]standing, len(l.pos))
	for i := range l.stand {
		l.stand[i] = standing{out: out[i], steps: steps[i], hold: hold[i], rem: rem[i]}
	}
}

// outcomes are the outcomes of the game alone with their remoteness.
func (l *loopySearch) outcomes(c Convention, preds [][]int32) ([]Outcome, []int64) {
	n := len(l.pos)
	out, rem := make([]Outcome, n), make([]int64, n)
	left := make([]int, n) // options not yet known to be won for the mover there
	var queue []int32
	for i, next := range l.succ {
		out[i], left[i] = D, len(next)
		if len(next) == 0 { // no move: lost in normal play, won in misère play
			out[i] = P
			if c == Misere {
				out[i] = N
			}
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		for _, i := range preds[j] {
			if out[i] != D {
				continue
			}
			if out[j] == P { // a move to a lost position wins
				out[i], rem[i] = N, rem[j]+1
				queue = append(queue, i)
			} else if left[i]--; left[i] == 0 { // every move leads to a won position
				out[i], rem[i] = P, rem[j]+1
				queue = append(queue, i)
			}
		}
	}
	return out, rem
}

// steps are the winner's steps: at an N-position 1 + the largest steps of
// its moves to P-positions (decided when the last of them is), at a
// P-position 1 + the smallest of its moves' (when the first is); Forever
// where the winner can go round and round.
func (l *loopySearch) steps(preds [][]int32, out []Outcome) []int64 {
	n := len(l.pos)
	steps := make([]int64, n)
	done := make([]bool, n)
	left := make([]int, n) // an N-position's moves to P-positions not yet decided
	var queue []int32
	for i, next := range l.succ {
		if len(next) == 0 {
			done[i] = true
			queue = append(queue, int32(i))
			continue
		}
		for _, j := range next {
			if out[i] == N && out[j] == P {
				left[i]++
			}
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		for _, i := range preds[j] {
			if done[i] {
				continue
			}
			switch {
			case out[i] == P: // the loser ends it soonest
				steps[i], done[i] = steps[j]+1, true
				queue = append(queue, i)
			case out[i] == N && out[j] == P: // the winner keeps it going longest
				if left[i]--; left[i] == 0 {
					steps[i], done[i] = steps[j]+1, true
					queue = append(queue, i)
				}
			}
		}
	}
	for i := range steps {
		if !done[i] && out[i] != D {
			steps[i] = Forever
		}
	}
	return steps
}

// holds are the hold-outs: node (p, 0) is p with its mover ending the
// game soonest, (p, 1) with its mover holding out; one leads to the other
// at each move. hold[0](p) = 1 + the smallest hold[1] of p's options, and
// hold[1](p) = 1 + the largest hold[0] of its options that are not N
// (an N option the mover's opponent wins: no hold-out there). A position
// with no move: hold 0 for the player who made the last move where that
// wins. Forever where the holder can keep the game going for ever.
func (l *loopySearch) holds(c Convention, preds [][]int32, out []Outcome) [][2]int64 {
	n := len(l.pos)
	hold := make([][2]int64, n)
	done := make([][2]bool, n)
	left := make([]int, n) // (p, 1)'s options not N and not yet decided
	type node struct {
		p    int32
		role int
	}
	var queue []node
	for i, next := range l.succ {
		// (p, 0) is none at an N-position (its mover wins), (p, 1) at a
		// P-position (the opponent wins): done, and never a value.
		done[i] = [2]bool{out[i] == N, out[i] == P}
		for _, j := range next {
			if out[j] != N {
				left[i]++
			}
		}
		if len(next) == 0 { // the last move wins in normal play, loses in misère play
			role := 0
			if c == Misere {
				role = 1
			}
			done[i][role] = true
			queue = append(queue, node{int32(i), role})
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		v := hold[j.p][j.role] + 1
		for _, i := range preds[j.p] {
			role := 1 - j.role
			if done[i][role] {
				continue
			}
			if role == 0 { // the mover ends it soonest: the first option decided
				hold[i][0], done[i][0] = v, true
				queue = append(queue, node{i, 0})
			} else if left[i]--; left[i] == 0 { // the mover holds out: the last one
				hold[i][1], done[i][1] = v, true
				queue = append(queue, node{i, 1})
			}
		}
	}
	for i := range hold {
		for role := range 2 {
			if !done[i][role] {
				hold[i][role] = Forever
			}
		}
	}
	return hold
}
