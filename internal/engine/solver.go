package engine

// Solver decides positions by exhaustive memoised search over a game's
// legal moves: slow and plainly right. The tests check every closed form
// against it, and variants fall back on it where no closed form is proved.
type Solver struct {
	game Game
	conv Convention
	memo map[string]Outcome
	key  []byte // scratch for AppendKey
}

// NewSolver returns a solver for g in convention c.
func NewSolver(g Game, c Convention) *Solver {
	return &Solver{game: g, conv: c, memo: map[string]Outcome{}}
}

// Size is how many positions the solver has decided so far.
func (s *Solver) Size() int { return len(s.memo) }

// Outcome decides p: P when every move leads to an N-position. A position
// with no move is P in normal play and N in misère play.
func (s *Solver) Outcome(p Position) Outcome {
	s.key = p.AppendKey(s.key[:0])
	if o, ok := s.memo[string(s.key)]; ok {
		return o
	}
	key := string(s.key)
	o, moved := P, false
	for m := range s.game.Moves(p, 0) {
		moved = true
		q, err := s.game.Apply(p, m)
		if err != nil {
			panic("engine: a generated move is illegal: " + err.Error())
		}
		if s.Outcome(q) == P {
			o = N
			break
		}
	}
	if !moved && s.conv == Misere {
		o = N
	}
	s.memo[key] = o
	return o
}

// WinningMoves lists the moves from p to P-positions, in natural order.
func (s *Solver) WinningMoves(p Position) []Move {
	var win []Move
	for m := range s.game.Moves(p, 0) {
		q, err := s.game.Apply(p, m)
		if err != nil {
			panic("engine: a generated move is illegal: " + err.Error())
		}
		if s.Outcome(q) == P {
			win = append(win, m)
		}
	}
	return win
}
