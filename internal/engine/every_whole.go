package engine

import "math/big"

// Every-SG with a game that passes the turn (Turner: a position that
// names the mover's pieces first). Where the player to move there has no
// move, the other may still have one: the player moves in the other
// games, the turn passes there too, and next turn the other must move in
// it. So the game does not end by itself, and which player it favours
// can change when the turn passes: it has no steps, nor any number that
// sums. Such a sum is decided by a retrograde analysis of its own
// positions, each turn a joint move (one move in every game that has one),
// with the remoteness of each (the winner hurries, the loser holds out).

// EveryWholeMoves bounds the joint moves the search of a whole sum makes.
const EveryWholeMoves = 2_000_000

// turnerPart is the first part of s that passes the turn, -1 for none.
func turnerPart(s *Sum) int {
	for i, g := range s.Parts {
		if _, ok := g.(Turner); ok {
			return i
		}
	}
	return -1
}

// analyzeEveryWhole analyses p by a search of the whole sum; part is the
// component that passes the turn, named when the search is too large.
func analyzeEveryWhole(s *Sum, p Position, c Convention, part int) (EveryAnalysis, error) {
	l, index, ok := explore(p, EverySearchLimit, s.everyTurns(EveryWholeMoves))
	if !ok {
		return EveryAnalysis{}, Refuse("err.every.whole", part+1, s.Parts[part].Name(), EverySearchLimit, EveryWholeMoves)
	}
	out, rem := l.outcomes(c, l.preds())
	a := EveryAnalysis{Sum: s, Convention: c, Position: p, Outcome: out[0], Count: new(big.Int), Whole: len(l.pos)}
	if a.Outcome != D {
		a.Remoteness = rem[0]
	}
	// The winner's move is the first of those nearest the end; holding out,
	// the first of the farthest, or the first that keeps the draw.
	var count int64
	moveRem, playRem := int64(-1), int64(-1)
	s.everyTurn(p, EveryWholeMoves, func(moves []Move, q Position) bool {
		j := index[string(q.AppendKey(nil))]
		switch {
		case out[j] == P:
			if count++; a.Move == nil || rem[j] < moveRem {
				a.Move, a.After, moveRem = append([]Move(nil), moves...), q, rem[j]
			}
		case a.Outcome == P && rem[j] > playRem:
			a.Play, playRem = append([]Move(nil), moves...), rem[j]
		case a.Outcome == D && out[j] == D && a.Play == nil:
			a.Play = append([]Move(nil), moves...)
		}
		return true
	})
	a.Count.SetInt64(count)
	if a.Outcome == N {
		a.Play = a.Move
	}
	return a, nil
}

// everyTurns lists the positions one Every-SG turn leads to from a
// position, for explore; false past limit joint moves in all, or
// EverySearchLimit from one position (each move is listed first).
func (s *Sum) everyTurns(limit int) func(Position, func(Position) bool) bool {
	made := 0
	return func(p Position, add func(Position) bool) bool {
		ok := true
		listed := s.everyTurn(p, min(limit-made, EverySearchLimit), func(_ []Move, q Position) bool {
			made++
			ok = add(q)
			return ok
		})
		return ok && listed
	}
}

// everyTurn yields each joint move of p in natural order (component 1's
// move changing slowest) with the position it leaves; none when no
// component has a move. The slice of moves is reused. It yields nothing
// and reports false when p has more than limit joint moves, which it
// finds before listing them all.
func (s *Sum) everyTurn(p Position, limit int, yield func([]Move, Position) bool) bool {
	var lists [][]Move
	joint := 1
	for i, q := range s.must(p) {
		var ms []Move
		for m := range s.Parts[i].Moves(q, 0) {
			if joint*(len(ms)+1) > limit {
				return false
			}
			m.Part = i
			ms = append(ms, m)
		}
		if len(ms) > 0 {
			lists, joint = append(lists, ms), joint*len(ms)
		}
	}
	if len(lists) == 0 {
		return true
	}
	at := make([]int, len(lists))
	moves := make([]Move, len(lists))
	for {
		for i, j := range at {
			moves[i] = lists[i][j]
		}
		q, err := s.ApplyEach(p, moves)
		if err != nil {
			panic("engine: a generated move is illegal: " + err.Error())
		}
		if !yield(moves, q) {
			return true
		}
		i := len(at) - 1
		for ; i >= 0; i-- {
			if at[i]++; at[i] < len(lists[i]) {
				break
			}
			at[i] = 0
		}
		if i < 0 {
			return true
		}
	}
}
