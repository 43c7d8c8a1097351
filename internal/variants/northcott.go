package variants

import (
	"iter"
	"math/rand/v2"

	"matchgame/internal/engine"
)

// Northcott's game (HDU 1730): rows of cells 1..W, each holding two
// pieces, one of each player. A move slides the mover's piece in one row
// along it, toward the other piece or away from it, never onto or over it
// and never off the board. The position is the pairs "a1 b1 a2 b2 …", a
// the piece of the player to move; after a move the pairs turn round, so
// that the first piece of each pair is always the mover's.
//
// Theory (normal play). The gap between the two pieces of a row is a Nim
// heap: moving toward lowers it to any smaller number; moving away raises
// it, but the opponent follows and puts the gap back, and the pieces drift
// toward the edge, which they reach in finitely many such moves. So the
// player to move loses iff the nim-sum of the gaps is 0, and every move
// that makes it 0 wins, away moves included; but only a winner who always
// lowers a gap is sure to end the game (the sum of the gaps and of the
// loser's distances to their edge then falls at each of the winner's
// moves and never rises), so those moves come first. The play can come back to a
// position (away and back), so the game is checked against a retrograde
// analysis, not the depth-first solver, on every board up to 6 cells and
// 2 rows (northcott_test.go): no position is a draw.
//
// Misère play is no game: neither player ever has to make the last move
// (a piece can always step back and forth), so every position where a
// piece can move is a draw, as the same analysis finds on every board up
// to 8 cells and 2 rows, 6 cells and 3 rows, but one row of 3 cells (whose
// lines are forced). It is refused (Spec.NormalOnly).
type Northcott struct{ Width int64 }

// Loopy: the play can come back to a position.
func (Northcott) Loopy() bool { return true }

// NewNorthcott builds the game on rows of width cells.
func NewNorthcott(width string) (engine.Game, error) {
	w, err := ParseNumber(width, "what.width")
	if err != nil {
		return nil, err
	}
	if w < 2 {
		return nil, engine.Refuse("err.northcott.width", w)
	}
	return Northcott{Width: w}, nil
}

func (Northcott) Name() string { return "northcott" }

func (g Northcott) Params() []engine.Param {
	return []engine.Param{{Name: "width", Value: g.Width, Shown: engine.T("param.width", g.Width)}}
}

func (g Northcott) Normalize(p engine.Position) (engine.Position, error) {
	if len(p) == 0 || len(p)%2 != 0 {
		return nil, engine.Refuse("err.northcott.pairs", len(p))
	}
	for i := 0; i < len(p); i += 2 {
		for _, c := range p[i : i+2] {
			if c < 1 || c > g.Width {
				return nil, engine.Refuse("err.northcott.cell", i/2+1, c, g.Width)
			}
		}
		if p[i] == p[i+1] {
			return nil, engine.Refuse("err.northcott.same", i/2+1, p[i])
		}
	}
	return p, nil
}

// gap is the number of empty cells between the two pieces of row r (0-based).
func (Northcott) gap(p engine.Position, r int) int64 {
	a, b := p[2*r], p[2*r+1]
	return max(a-b, b-a) - 1
}

// targets are the cells the mover's piece of row r (1-based) can go to:
// toward the other piece up to it, away from it up to the edge; its own
// cell skipped.
func (g Northcott) targets(p engine.Position, r int) engine.Amounts {
	a, b := p[2*r-2], p[2*r-1]
	if a < b {
		return engine.Amounts{Lo: 1, Hi: b - 1, Skip: a}
	}
	return engine.Amounts{Lo: b + 1, Hi: g.Width, Skip: a}
}

func (g Northcott) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Place < 1 || m.First().Place > len(p)/2 {
		return nil, engine.Refuse("err.northcott.row", m.First().Place, len(p)/2)
	}
	if t := g.targets(p, m.First().Place); !t.Has(m.First().Amount) {
		return nil, engine.Refuse("err.northcott.move", m.First().Place, m.First().Amount, t.Lo, t.Hi, t.Skip)
	}
	q := p.Clone()
	q[2*m.First().Place-2] = m.First().Amount
	return Northcott{}.Turn(q), nil // the other player moves next
}

// Turn is p as the other player sees it: each pair turned round, their
// piece first. In a sum a move in another game passes the turn here too.
func (Northcott) Turn(p engine.Position) engine.Position {
	q := p.Clone()
	for i := 0; i+1 < len(q); i += 2 {
		q[i], q[i+1] = q[i+1], q[i]
	}
	return q
}

// MoveRanks are the gap of the row moved in, before and after: a winner
// who lowers a gap (never raises one) ends the game, the gaps and the
// loser's room falling at each of its moves (see Northcott).
func (g Northcott) MoveRanks(p engine.Position, m engine.Move) (engine.Rank, engine.Rank) {
	r := m.First().Place - 1
	a, b := m.First().Amount, p[2*r+1]
	return engine.Rank{G: uint64(g.gap(p, r))}, engine.Rank{G: uint64(max(a-b, b-a) - 1)}
}

func (g Northcott) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for r := 1; r <= len(p)/2; r++ {
			t := g.targets(p, r)
			n := 0
			for c := t.Lo; c <= t.Hi && (each == 0 || n < each); c++ {
				if c == t.Skip {
					continue
				}
				n++
				if !yield(engine.At(r, c)) {
					return
				}
			}
		}
	}
}

// RandomMove picks a row whose piece can move, then a cell it can go to.
func (g Northcott) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	var rows []int // the rows whose piece can move
	for row := 1; row <= len(p)/2; row++ {
		if g.targets(p, row).Count() > 0 {
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return engine.Move{}, false
	}
	row := rows[r.IntN(len(rows))]
	t := g.targets(p, row)
	c := t.Lo + r.Int64N(t.Count())
	if c >= t.Skip {
		c++
	}
	return engine.At(row, c), true
}

func (g Northcott) Board() engine.Board {
	return engine.Board{Kind: engine.Rows, Number: "what.cell", Unit: "unit.target", Rule: engine.T("rule.northcott"), Dims: engine.RowsDims{Cells: g.Width}}
}

func (Northcott) Places(p engine.Position) int { return len(p) / 2 }

func (Northcott) Place(_ engine.Position, where int) engine.Text { return engine.T("label.row", where) }

func (g Northcott) Amounts(p engine.Position, where int) engine.Amounts {
	return g.targets(p, where)
}

func (Northcott) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "row", Value: int64(m.First().Place)}, {Name: "to", Value: m.First().Amount}}
}

func (Northcott) DescribeMove(m engine.Move) engine.Text {
	return engine.T("northcott.move", m.First().Place, m.First().Amount)
}

// gaps are the rows' gaps.
func (g Northcott) gaps(p engine.Position) []int64 {
	out := make([]int64, len(p)/2)
	for r := range out {
		out[r] = g.gap(p, r)
	}
	return out
}

var northcottWords = nimWords{plural: "words.gaps", label: func(i int) engine.Text { return engine.T("label.row", i+1) }}

func (g Northcott) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	if c == engine.Misere {
		return engine.Solution{}, engine.Refuse("err.normal.northcott")
	}
	gs := g.gaps(p)
	s := sumOf(gs)
	// The moves that lower a gap come first, row by row, then those that
	// raise one: in a game that can come back to a position only lowering
	// is sure to end it (a move away can be answered by a move away), so
	// the canonical move, the computer's and the hint's, is one of them.
	winning := func(yield func(engine.Move) bool) {
		for _, lower := range []bool{true, false} {
			for r, v := range gs {
				t := int64(uint64(v) ^ s.x)
				if s.x == 0 || t == v || (t < v) != lower {
					continue
				}
				a, b := p[2*r], p[2*r+1]
				to := b - 1 - t // the piece t cells before the other one
				if a > b {
					to = b + 1 + t
				}
				if to >= 1 && to <= g.Width && !yield(engine.At(r+1, to)) {
					return
				}
			}
		}
	}
	return engine.Solution{
		Outcome: s.outcome(engine.Normal),
		Winning: winning,
		Reason:  s.reason(engine.Normal, northcottWords),
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("northcott.gaps", brief(gs))}
			e = append(e, nimRule(gs, s, engine.Normal, northcottWords)...)
			e = append(e, engine.T("northcott.away"))
			if first != nil {
				e = markMove(e, first.First().Place)
				e = append(e, engine.Reveal(engine.T("northcott.winning", g.DescribeMove(*first), gs[first.First().Place-1], uint64(gs[first.First().Place-1])^s.x)), engine.T("winning.count", count))
			}
			return e
		},
	}, nil
}

// ---- Sums of games (normal play): the gaps are Nim heaps, so the value
// is their nim-sum, and a move to value v sets one row's gap to make it so.

func (g Northcott) Value(p engine.Position) (engine.Value, error) {
	return engine.Value{G: sumOf(g.gaps(p)).x, How: engine.T("value.northcott")}, nil
}

func (g Northcott) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		gs := g.gaps(p)
		x := sumOf(gs).x
		for r, gap := range gs {
			want := uint64(gap) ^ x ^ v // the gap row r needs
			if want == uint64(gap) || want > uint64(g.Width) {
				continue
			}
			a, b := p[2*r], p[2*r+1]
			to := b - 1 - int64(want)
			if a > b {
				to = b + 1 + int64(want)
			}
			if to >= 1 && to <= g.Width && !yield(engine.At(r+1, to)) {
				return
			}
		}
	}
}
