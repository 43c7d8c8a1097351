package engine

import (
	"cmp"
	"iter"
	"strconv"
	"strings"
)

// Sums with games whose play can go on for ever (C. A. B. Smith, "Graphs
// and composite games", 1966; A. S. Fraenkel and Y. Yesha, 1986). Such a
// game gives each position its generalised Grundy value γ: a number, as
// in a game that ends, or ∞(K), K the numbers among its options' values.
// Of a sum, γ is the nim-sum of its components' numbers while all are
// numbers; with one component ∞(K) and the others' nim-sum x it is
// ∞(K ⊕ x); with two or more, ∞(∅). A position is P at 0, N at any other
// number, N at ∞(K) with 0 in K (the ∞ component moves to a position worth
// x) and a draw at any other ∞. The tests check it against a retrograde
// analysis of every position of small sums.

// Gamma is Smith's generalised Grundy value of a position: G when it is a
// number, else ∞(K), K the numbers its options are worth, ascending.
type Gamma struct {
	Inf bool
	G   uint64
	K   []uint64
}

// String writes γ as the explanations do: "3", "∞(0, 2)".
func (g Gamma) String() string {
	if !g.Inf {
		return strconv.FormatUint(g.G, 10)
	}
	parts := make([]string, len(g.K))
	for i, k := range g.K {
		parts[i] = strconv.FormatUint(k, 10)
	}
	return "∞(" + strings.Join(parts, ", ") + ")"
}

// Generalized is a Valued game whose positions can be ∞ (a token on a
// cycle it can be moved round for ever): Value refuses those, Gamma
// values them all. MovesTo(p, v) yields the moves to positions worth the
// number v, from an ∞ position too.
type Generalized interface {
	Gamma(p Position) Gamma
}

// Rank is where a game that loops puts a piece of its position for the
// winner's progress: a winner who, of its winning moves, always makes the
// one that leaves the ranks of all the pieces smallest (as a multiset,
// compared largest first) is sure to end the play. ∞ ranks above every
// number; then G (a token's γ, a gap); then Order, the order in which
// Smith's rounds labelled the vertex.
type Rank struct {
	Inf   bool
	G     uint64
	Order int
}

func compareRanks(a, b Rank) int {
	switch {
	case a.Inf != b.Inf && a.Inf:
		return 1
	case a.Inf != b.Inf:
		return -1
	}
	return cmp.Or(cmp.Compare(a.G, b.G), cmp.Compare(a.Order, b.Order))
}

// Ranker is a Loopy game that ranks its pieces (see Rank).
type Ranker interface {
	// MoveRanks are the ranks of the piece m moves, before and after.
	MoveRanks(p Position, m Move) (from, to Rank)
}

// Turner is a game whose position names the mover's pieces first
// (Northcott's pairs): when a move is made in another component of a sum,
// the turn passes there too, and Turn is its position as the other player
// sees it.
type Turner interface {
	Turn(p Position) Position
}

// partRank is a rank within a sum: the component comes after the rank's
// own value and before its order, so that ranks of different components
// compare and a piece moved within one compares as it does there.
type partRank struct {
	r    Rank
	part int
}

func comparePartRanks(a, b partRank) int {
	if c := compareRanks(Rank{Inf: a.r.Inf, G: a.r.G}, Rank{Inf: b.r.Inf, G: b.r.G}); c != 0 {
		return c
	}
	return cmp.Or(cmp.Compare(a.part, b.part), cmp.Compare(a.r.Order, b.r.Order))
}

// lowersMore reports whether the move that changes rank a to b leaves the
// ranks smaller, as a multiset, than the one that changes c to d: the same
// as comparing {b, c} with {a, d}, largest first. A move that changes no
// rank is one with a = b.
func lowersMore(a, b, c, d partRank) bool {
	hi1, lo1 := b, c
	if comparePartRanks(hi1, lo1) < 0 {
		hi1, lo1 = lo1, hi1
	}
	hi2, lo2 := a, d
	if comparePartRanks(hi2, lo2) < 0 {
		hi2, lo2 = lo2, hi2
	}
	if c := comparePartRanks(hi1, hi2); c != 0 {
		return c < 0
	}
	return comparePartRanks(lo1, lo2) < 0
}

// moveRanks are the ranks a move of the sum changes, within the sum; the
// same rank twice for a move of a game that does not rank.
func (s *Sum) moveRanks(ps []Position, m Move) (partRank, partRank) {
	r, ok := s.Parts[m.Part].(Ranker)
	if !ok {
		return partRank{}, partRank{}
	}
	inner := m
	inner.Part = 0
	from, to := r.MoveRanks(ps[m.Part], inner)
	return partRank{from, m.Part}, partRank{to, m.Part}
}

// ranked reports whether a component loops and ranks its pieces: then
// the canonical winning move is the one that lowers the ranks most.
func (s *Sum) ranked() bool {
	for _, g := range s.Parts {
		l, loopy := g.(Loopy)
		_, ranks := g.(Ranker)
		if loopy && ranks && l.Loopy() {
			return true
		}
	}
	return false
}

// progressFirst puts first, of the winning moves seq yields in natural
// order, the one that lowers the ranks most: of the moves of the games that
// rank their pieces each is weighed, of the others only the first, which
// changes no rank (so does any other, and natural order decides between
// them). The play then ends: an opponent who raises a token is answered by
// one lowered below where it was (Smith's rounds guarantee it), a gap
// widened is closed, and no winning move raises a rank while one that does
// not is there (the component holding the nim-sum's highest bit has one).
// The rest follow in natural order.
func (s *Sum) progressFirst(ps []Position, movesOf func(i int) iter.Seq[Move]) func(yield func(Move) bool) {
	return func(yield func(Move) bool) {
		var best Move
		var bestFrom, bestTo partRank
		found, plain := false, false
		for i := range ps {
			_, ranks := s.Parts[i].(Ranker)
			if !ranks && plain {
				continue
			}
			for m := range movesOf(i) {
				m.Part = i
				from, to := s.moveRanks(ps, m)
				if !found || lowersMore(from, to, bestFrom, bestTo) {
					best, bestFrom, bestTo, found = m, from, to, true
				}
				if !ranks {
					plain = true
					break
				}
			}
		}
		if !found || !yield(best) {
			return
		}
		for i := range ps {
			for m := range movesOf(i) {
				if m.Part = i; m != best && !yield(m) {
					return
				}
			}
		}
	}
}

// gammas are the components' values: γ for a game that has it, else the
// Grundy value; vs holds the Value (with how it is found) where γ is a
// number.
func (s *Sum) gammas(ps []Position) ([]Gamma, []Value, error) {
	gs, vs := make([]Gamma, len(ps)), make([]Value, len(ps))
	for i, q := range ps {
		if gen, ok := s.Parts[i].(Generalized); ok {
			if gs[i] = gen.Gamma(q); gs[i].Inf {
				continue
			}
		}
		v, err := s.Parts[i].Value(q)
		if err != nil {
			return nil, nil, s.inPart(i, err)
		}
		gs[i], vs[i] = Gamma{G: v.G}, v
	}
	return gs, vs, nil
}

// solveSmith decides a sum with a component worth ∞ (see above).
func (s *Sum) solveSmith(p Position, ps []Position, gs []Gamma, vs []Value) Solution {
	var inf []int
	var x uint64 // the nim-sum of the numbers
	for i, g := range gs {
		if g.Inf {
			inf = append(inf, i)
		} else {
			x ^= g.G
		}
	}
	out := D
	if len(inf) == 1 && slicesContains(gs[inf[0]].K, x) {
		out = N
	}
	var reason Text
	switch {
	case out == N:
		reason = T("reason.sum.inf.in", inf[0]+1, gs[inf[0]].String(), x)
	case len(inf) == 1:
		reason = T("reason.sum.inf.out", inf[0]+1, gs[inf[0]].String(), x)
	default:
		reason = T("reason.sum.inf.many", len(inf))
	}
	movesOf := func(i int) iter.Seq[Move] {
		if out != N || i != inf[0] {
			return func(func(Move) bool) {}
		}
		return s.Parts[i].MovesTo(ps[i], x) // the ∞ component to a number, x: the nim-sum 0
	}
	return Solution{
		Outcome: out,
		Winning: s.progressFirst(ps, movesOf),
		Reason:  reason,
		Explain: func(first *Move, count int64) Explanation {
			e := Explanation{T("sum.intro.smith", len(ps))}
			for i := range ps {
				if i == maxSumRows && len(ps) > maxSumRows+1 {
					e = append(e, T("sum.parts.more", len(ps)-i))
					break
				}
				if gs[i].Inf {
					e = append(e, T("sum.part.gamma", i+1, s.partTitle(i, ps[i]), gs[i].String()))
				} else {
					e = append(e, T("sum.part.value", i+1, s.partTitle(i, ps[i]), vs[i].G, vs[i].How))
				}
			}
			switch {
			case out == N:
				e = append(e, T("sum.smith.in", inf[0]+1, gs[inf[0]].String(), x))
			case len(inf) == 1:
				e = append(e, T("sum.smith.out", inf[0]+1, gs[inf[0]].String(), x))
			default:
				e = append(e, T("sum.smith.many", len(inf)))
			}
			if first != nil {
				e = append(e, Reveal(T("sum.smith.move", s.DescribeMoveAt(p, *first), x)), CountLine(count))
			}
			return e
		},
	}
}

func slicesContains(s []uint64, v uint64) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Loopy: a sum with a component whose play can come back to a position
// can come back too (a match of it draws by repetition).
func (s *Sum) Loopy() bool { return loopyPart(s) >= 0 }

// solveRetro decides misère play of a sum that loops by a retrograde
// analysis of every position below p, within the search's limit: its
// draws are found as such.
func (s *Sum) solveRetro(p Position, ps []Position, short Text) (Solution, error) {
	limit, moves := s.limits()
	r, ok := Retrograde(s, Misere, limit, p)
	if !ok {
		return Solution{}, Refuse("err.sum.misere.unproved", short, limit, moves)
	}
	out := r.Outcome(p)
	var win []Move
	if out == N {
		win = r.SoonestFirst(p, r.Winning(p))
	}
	return Solution{
		Outcome: out,
		Winning: func(yield func(Move) bool) {
			for _, m := range win {
				if !yield(m) {
					return
				}
			}
		},
		Reason: T("reason.sum.retro", r.Size()),
		Explain: func(first *Move, count int64) Explanation {
			e := Explanation{T("sum.intro", len(ps)), T("sum.retro."+out.String(), r.Size())}
			if first != nil {
				e = append(e, Reveal(T("sum.move.misere", s.DescribeMoveAt(p, *first))), CountLine(count))
			}
			return e
		},
	}, nil
}
