package engine

import (
	"cmp"
	"iter"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Sum is a sum of games (Sprague–Grundy): several components, each a game
// of any family with its own parameters, side by side; a move is a move in
// exactly one of them (Move.Part). Its position holds the components'
// positions one after the other, each behind its length:
// [n1, p1…, n2, p2…, …], so that a component whose heaps split keeps its
// place. Split and Join convert; Spell writes it as the command line does.
type Sum struct {
	Parts []Valued

	// searched keeps the misère positions decided by search, for the next
	// position of the same game: a game played to its end, the computer
	// weighing its replies, ask for the same positions again and again.
	mu       sync.Mutex
	searched map[string]Outcome
	// budget is how many positions the search may decide; 0 for
	// SumSearchLimit (see Fresh).
	budget int
	// turner: a component names the mover's pieces (Turner).
	turner bool
}

// searchMemoCap bounds what searched keeps; past it, it starts afresh.
const searchMemoCap = 1 << 20

// Fresh is the same sum with nothing searched yet, whose search decides
// at most budget positions (0: SumSearchLimit) and tries at most 5 moves
// for each. The search reuses what it decided before, so a position it
// refused can be answered once enough below it is known (never otherwise:
// the answers are exact either way); what depends on the position alone,
// such as a random start drawn from a seed, asks a fresh sum. A smaller
// budget refuses sooner: a position it answers, the full search answers.
func (s *Sum) Fresh(budget int) *Sum { return &Sum{Parts: s.Parts, budget: budget, turner: s.turner} }

// limits are the positions the search may decide and the moves it may try.
func (s *Sum) limits() (positions, moves int) {
	positions = cmp.Or(s.budget, SumSearchLimit)
	return positions, positions * (maxSearchMoves / SumSearchLimit)
}

// NewSum makes the sum of parts; each must know its Grundy values.
func NewSum(parts []Game) (*Sum, error) {
	s := &Sum{}
	for i, g := range parts {
		v, ok := g.(Valued)
		if !ok {
			return nil, Refuse("err.sum.novalue", i+1, Title(g))
		}
		if d, ok := g.(Drawish); ok && d.Draws() {
			if _, ok := g.(Generalized); !ok { // no γ: its draws cannot be summed
				return nil, Refuse("err.sum.draws", i+1, Title(g))
			}
		}
		s.Parts = append(s.Parts, v)
	}
	if len(s.Parts) < 2 {
		return nil, Refuse("err.sum.few")
	}
	s.turner = slices.ContainsFunc(s.Parts, func(g Valued) bool { _, ok := g.(Turner); return ok })
	return s, nil
}

// Join lays the components' positions out as one position of the sum.
func (s *Sum) Join(ps []Position) Position {
	n := len(ps)
	for _, p := range ps {
		n += len(p)
	}
	out := make(Position, 0, n)
	for _, p := range ps {
		out = append(out, int64(len(p)))
		out = append(out, p...)
	}
	return out
}

// Split reads the components' positions out of a position of the sum. The
// parts share p's memory: callers must not change them.
func (s *Sum) Split(p Position) ([]Position, error) {
	ps := make([]Position, 0, len(s.Parts))
	for i := range s.Parts {
		if len(p) == 0 || p[0] < 0 || p[0] > int64(len(p)-1) {
			return nil, Refuse("err.sum.layout", i+1)
		}
		n := int(p[0])
		ps = append(ps, p[1:1+n:1+n])
		p = p[1+n:]
	}
	if len(p) != 0 {
		return nil, Refuse("err.sum.layout", len(s.Parts))
	}
	return ps, nil
}

// must is Split for positions the sum made itself.
func (s *Sum) must(p Position) []Position {
	ps, err := s.Split(p)
	if err != nil {
		panic("engine: a sum's position lost its layout: " + err.Error())
	}
	return ps
}

func (s *Sum) Name() string { return "sum" }

func (s *Sum) Params() []Param { return nil }

// Spell writes the sum as on the command line: "nim 3 5 + kayles 7".
func (s *Sum) Spell(p Position) string {
	ps, err := s.Split(p)
	if err != nil {
		return p.String()
	}
	parts := make([]string, len(ps))
	for i, q := range ps {
		parts[i] = Spelled(s.Parts[i]) + " " + Written(s.Parts[i], q)
	}
	return strings.Join(parts, " + ")
}

// Brief is Spell for a sentence: each component's numbers cut short, and
// past six components the first four and how many there are.
func (s *Sum) Brief(p Position) string {
	ps, err := s.Split(p)
	if err != nil {
		return p.Brief()
	}
	var parts []string
	for i, q := range ps {
		if i == 4 && len(ps) > 6 {
			parts = append(parts, "… ("+strconv.Itoa(len(ps))+")")
			break
		}
		parts = append(parts, Spelled(s.Parts[i])+" "+BriefOf(s.Parts[i], q))
	}
	return strings.Join(parts, " + ")
}

// Normalize normalizes every component; an error names the component.
func (s *Sum) Normalize(p Position) (Position, error) {
	ps, err := s.Split(p)
	if err != nil {
		return nil, err
	}
	out := make([]Position, len(ps))
	for i, q := range ps {
		if out[i], err = s.Parts[i].Normalize(q); err != nil {
			return nil, s.inPart(i, err)
		}
	}
	return s.Join(out), nil
}

// inPart says which component a refusal is about: "component 2 (kayles): …".
func (s *Sum) inPart(i int, err error) error {
	if r, ok := err.(*Refusal); ok {
		return Refuse("err.sum.part", i+1, s.Parts[i].Name(), r.Text)
	}
	return err
}

// Apply plays m in its component and writes the sum's position around
// the component's new one: the other components are copied as they lie.
func (s *Sum) Apply(p Position, m Move) (Position, error) {
	ps, err := s.Split(p)
	if err != nil {
		return nil, err
	}
	if m.Part < 0 || m.Part >= len(ps) {
		return nil, Refuse("err.sum.nopart", m.Part+1, len(ps))
	}
	inner := m
	inner.Part = 0
	before := ps[m.Part]
	q, err := s.Parts[m.Part].Apply(before, inner)
	if err != nil {
		return nil, s.inPart(m.Part, err)
	}
	if s.turner { // the turn passes in every component
		next := slices.Clone(ps)
		next[m.Part] = q
		for i, g := range s.Parts {
			if t, ok := g.(Turner); ok && i != m.Part {
				next[i] = t.Turn(ps[i])
			}
		}
		return s.Join(next), nil
	}
	lo := 1 // where the component lies in p; its length is at lo−1
	for _, c := range ps[:m.Part] {
		lo += 1 + len(c)
	}
	out := make(Position, 0, len(p)-len(before)+len(q))
	out = append(out, p[:lo-1]...)
	out = append(out, int64(len(q)))
	out = append(out, q...)
	return append(out, p[lo+len(before):]...), nil
}

func (s *Sum) Moves(p Position, each int) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for i, q := range s.must(p) {
			for m := range s.Parts[i].Moves(q, each) {
				m.Part = i
				if !yield(m) {
					return
				}
			}
		}
	}
}

func (s *Sum) RandomMove(p Position, r *rand.Rand) (Move, bool) {
	ps := s.must(p)
	var open []int
	for i, q := range ps {
		if !Over(s.Parts[i], q) {
			open = append(open, i)
		}
	}
	if len(open) == 0 {
		return Move{}, false
	}
	i := open[r.IntN(len(open))]
	m, ok := s.Parts[i].RandomMove(ps[i], r)
	m.Part = i
	return m, ok
}

func (s *Sum) MoveFields(p Position, m Move) []Field { return s.FieldsIn(s.must(p), m) }

// FieldsIn are m's JSON fields with the components' positions ps (split
// once for the 20,000 moves of an Every-SG turn).
func (s *Sum) FieldsIn(ps []Position, m Move) []Field {
	inner := m
	inner.Part = 0
	return append([]Field{{Name: "component", Value: int64(m.Part + 1)}}, s.Parts[m.Part].MoveFields(ps[m.Part], inner)...)
}

func (s *Sum) DescribeMove(m Move) Text {
	inner := m
	inner.Part = 0
	return T("sum.move", m.Part+1, s.Parts[m.Part].DescribeMove(inner))
}

// DescribeMoveAt says m with its component's position, where the
// component's game names its places so.
func (s *Sum) DescribeMoveAt(p Position, m Move) Text {
	ps, err := s.Split(p)
	if err != nil {
		return s.DescribeMove(m)
	}
	if m.Part < 0 || m.Part >= len(ps) {
		return s.DescribeMove(m)
	}
	return s.describeIn(ps, m, s.offset(ps, m.Part))
}

// describeIn says m with the components' positions ps; offset is how many
// places the components before m's have (its place numbers are the whole
// sum's places for their labels). m.Part is one of ps.
func (s *Sum) describeIn(ps []Position, m Move, offset int) Text {
	inner := m
	inner.Part = 0
	return T("sum.move", m.Part+1, Describe(s.Parts[m.Part], ps[m.Part], inner).shifted(offset))
}

// offset is how many places the components before part have: the sum's
// place of part's place w is offset + w.
func (s *Sum) offset(ps []Position, part int) int {
	n := 0
	for i, q := range ps[:part] {
		n += s.Parts[i].Places(q)
	}
	return n
}

// Board: a sum is drawn component by component, each by its own board.
func (s *Sum) Board() Board {
	return Board{Kind: SumOfGames, Number: "what.component", Unit: "unit.move"}
}

// Places numbers the places of all components one after the other, so
// that keys move between components as between heaps.
func (s *Sum) Places(p Position) int {
	n := 0
	for i, q := range s.must(p) {
		n += s.Parts[i].Places(q)
	}
	return n
}

// Locate turns place where of the whole sum into a component and its own
// place; ok is false past the last place.
func (s *Sum) Locate(p Position, where int) (part, inner int, ok bool) {
	for i, q := range s.must(p) {
		n := s.Parts[i].Places(q)
		if where <= n {
			return i, where, where >= 1
		}
		where -= n
	}
	return 0, 0, false
}

// PartOf is component part's game and position.
func (s *Sum) PartOf(p Position, part int) (Game, Position) { return s.Parts[part], s.must(p)[part] }

// Global is the place of the whole sum of a component's own place.
func (s *Sum) Global(p Position, part, inner int) int { return s.offset(s.must(p), part) + inner }

func (s *Sum) Place(p Position, where int) Text {
	i, w, ok := s.Locate(p, where)
	if !ok {
		return T("sum.place.none")
	}
	return T("sum.place", i+1, s.Parts[i].Place(s.must(p)[i], w).shifted(where-w))
}

func (s *Sum) Amounts(p Position, where int) Amounts {
	i, w, ok := s.Locate(p, where)
	if !ok {
		return None
	}
	return s.Parts[i].Amounts(s.must(p)[i], w)
}

// Splits is the geometry of a take-and-break component.
func (s *Sum) Splits(p Position, where int, amount int64) Amounts {
	i, w, ok := s.Locate(p, where)
	if !ok {
		return None
	}
	if sp, ok := s.Parts[i].(Splitter); ok {
		return sp.Splits(s.must(p)[i], w, amount)
	}
	return None
}

// values are the components' Grundy values; an error names the component.
func (s *Sum) values(ps []Position) ([]Value, error) {
	vs := make([]Value, len(ps))
	for i, q := range ps {
		v, err := s.Parts[i].Value(q)
		if err != nil {
			return nil, s.inPart(i, err)
		}
		vs[i] = v
	}
	return vs, nil
}

// Solve: normal play by the nim-sum of the components' values; misère
// play by misère Nim on the units where every component is tame, else by
// exact search within SumSearchLimit positions, else refused.
func (s *Sum) Solve(p Position, c Convention) (Solution, error) {
	ps, err := s.Split(p)
	if err != nil {
		return Solution{}, err
	}
	if c == Misere {
		return s.solveMisere(p, ps)
	}
	gs, vs, err := s.gammas(ps)
	if err != nil {
		return Solution{}, err
	}
	if slices.ContainsFunc(gs, func(g Gamma) bool { return g.Inf }) {
		return s.solveSmith(p, ps, gs, vs), nil
	}
	var x uint64
	for _, v := range vs {
		x ^= v.G
	}
	out := N
	if x == 0 {
		out = P
	}
	winning := func(yield func(Move) bool) {
		if x == 0 {
			return
		}
		for i, q := range ps {
			for m := range s.Parts[i].MovesTo(q, vs[i].G^x) {
				m.Part = i
				if !yield(m) {
					return
				}
			}
		}
	}
	if s.ranked() { // a component loops: the move that lowers its ranks most first
		winning = s.progressFirst(ps, func(i int) iter.Seq[Move] {
			if x == 0 {
				return func(func(Move) bool) {}
			}
			return s.Parts[i].MovesTo(ps[i], vs[i].G^x)
		})
	}
	reason := T("reason.sum.nonzero", x)
	if x == 0 {
		reason = T("reason.sum.zero")
	}
	return Solution{
		Outcome: out,
		Winning: winning,
		Count: s.counter(func(i int) *big.Int {
			if x == 0 {
				return new(big.Int)
			}
			if c, ok := s.Parts[i].(ToCounter); ok {
				return c.CountTo(ps[i], vs[i].G^x)
			}
			return countOf(s.Parts[i].MovesTo(ps[i], vs[i].G^x))
		}),
		Reason: reason,
		Hint: func(m Move) Text {
			return T("hint.sum", m.Part+1, vs[m.Part].G, vs[m.Part].G^x)
		},
		Explain: func(first *Move, count int64) Explanation {
			e := s.explainValues(ps, vs)
			e = append(e, s.table(vs, x, Normal))
			if x == 0 {
				return append(e, T("sum.rule.zero"))
			}
			e = append(e, T("sum.rule.nonzero", x))
			if first != nil {
				i := first.Part
				if vs[i].G^x < vs[i].G {
					e = append(e, Reveal(T("sum.move.explain", i+1, vs[i].G, vs[i].G^x, s.DescribeMoveAt(p, *first))))
				} else {
					e = append(e, Reveal(T("sum.move.up", i+1, vs[i].G, vs[i].G^x, s.DescribeMoveAt(p, *first))))
					if b := s.theoremsMove(p, ps, vs, x); b != nil {
						e = append(e, b)
					}
				}
				e = append(e, CountLine(count))
			}
			return e
		},
	}, nil
}

// theoremsMove names the move the Sprague–Grundy theorem's proof makes
// when the first winning move raises its game instead: the first game
// whose value has a 1 at the nim-sum's highest bit, taken down to g ⊕ x
// (such a game and such an option always exist).
func (s *Sum) theoremsMove(p Position, ps []Position, vs []Value, x uint64) Block {
	for i, q := range ps {
		if vs[i].G^x < vs[i].G {
			for m := range s.Parts[i].MovesTo(q, vs[i].G^x) {
				m.Part = i
				return Reveal(T("sum.move.theorem", i+1, vs[i].G, vs[i].G^x, s.DescribeMoveAt(p, m)))
			}
		}
	}
	return nil
}

func (s *Sum) explainValues(ps []Position, vs []Value) Explanation {
	e := Explanation{T("sum.intro", len(ps))}
	for i := range ps {
		if i == maxSumRows && len(ps) > maxSumRows+1 {
			e = append(e, T("sum.parts.more", len(ps)-i))
			break
		}
		e = append(e, T("sum.part.value", i+1, s.partTitle(i, ps[i]), vs[i].G, vs[i].How))
	}
	return e
}

// maxSumRows is the most components an explanation lists one per line.
const maxSumRows = 16

// partTitle names a component with its position: "Kayles 7".
func (s *Sum) partTitle(i int, p Position) Text {
	return T("sum.part.title", Title(s.Parts[i]), BriefOf(s.Parts[i], p))
}

// table is the nim-sum table over the components' values.
func (s *Sum) table(vs []Value, x uint64, c Convention) Block {
	if len(vs) > maxSumRows {
		return T("nim.many", len(vs), T("sum.words"), x, Binary(x, 1))
	}
	labels := make([]Text, len(vs))
	values := make([]uint64, len(vs))
	for i, v := range vs {
		labels[i], values[i] = T("sum.label", i+1), v.G
	}
	return NimSumTable{Labels: labels, Values: values, Sum: x, Decides: c == Normal}
}

// Partwise is each component's position, for front ends that draw or
// write a sum component by component. The caller must not change them.
func (s *Sum) Partwise(p Position) []Position { return s.must(p) }

// SumSearchLimit bounds the exact search of a misère sum that is not
// proven tame: the positions decided, at most.
const SumSearchLimit = 200_000

// solveMisere: misère Nim on the units when every component is tame.
// Bouton's argument then holds for the units of all components together
// (variants' certifies gives the proof); a winning move changes one
// component. While another component holds a unit of 2 or more, the
// nim-sum decides, so it is Nim's move to value g ⊕ x; otherwise it must
// leave the component worth 0 or 1, and the units after it decide.
func (s *Sum) solveMisere(p Position, ps []Position) (Solution, error) {
	units := make([]Units, len(ps))
	var total Units
	for i, q := range ps {
		t, ok := s.Parts[i].(Tamer)
		if !ok {
			return s.searchMisere(p, ps, T("sum.misere.untamed", i+1, Title(s.Parts[i])), T("sum.why.untamed", i+1, Title(s.Parts[i])))
		}
		u, ok, _ := t.Tame(q)
		if !ok {
			return s.searchMisere(p, ps, T("sum.misere.uncertified", i+1, Title(s.Parts[i])), T("sum.why.uncertified", i+1, Title(s.Parts[i])))
		}
		units[i] = u
		total = total.Plus(u)
	}
	vs, err := s.values(ps)
	if err != nil {
		return Solution{}, err
	}
	out := N
	if total.Lost(Misere) {
		out = P
	}
	wins := func(i int) (iter.Seq[Move], func() *big.Int) {
		q := ps[i]
		if c, ok := s.Parts[i].(Counter); ok {
			return c.MisereWins(q, total)
		}
		rest := Units{X: total.X ^ units[i].X, Ones: total.Ones - units[i].Ones, Big: total.Big - units[i].Big}
		seq := s.Parts[i].MovesTo(q, rest.X)
		if rest.Big == 0 {
			seq = s.smallMoves(i, q, rest)
		}
		return seq, func() *big.Int { return countOf(seq) }
	}
	winning := func(yield func(Move) bool) {
		if out == P {
			return
		}
		for i := range ps {
			seq, _ := wins(i)
			for m := range seq {
				m.Part = i
				if !yield(m) {
					return
				}
			}
		}
	}
	return Solution{
		Outcome: out,
		Winning: winning,
		Count: s.counter(func(i int) *big.Int {
			if out == P {
				return new(big.Int)
			}
			_, count := wins(i)
			return count()
		}),
		Reason: T(misereReason(total), total.Ones, total.X),
		Explain: func(first *Move, count int64) Explanation {
			e := s.explainValues(ps, vs)
			e = append(e, T("sum.misere.tame"))
			e = append(e, s.table(vs, total.X, Misere))
			e = append(e, T(misereReason(total)+".rule", total.Big, total.Ones, total.X))
			if first != nil {
				e = append(e, Reveal(T("sum.move.misere", s.DescribeMoveAt(p, *first))), CountLine(count))
			}
			return e
		},
	}, nil
}

// counter adds up the components' counts of winning moves, when a
// component counts more than can be listed; nil lets Analyze count them
// one by one.
func (s *Sum) counter(part func(i int) *big.Int) func() *big.Int {
	if !slices.ContainsFunc(s.Parts, func(g Valued) bool { _, ok := g.(ToCounter); return ok }) {
		return nil
	}
	return func() *big.Int {
		n := new(big.Int)
		for i := range s.Parts {
			k := part(i)
			if k == nil { // a component that cannot count its moves
				return nil
			}
			n.Add(n, k)
		}
		return n
	}
}

// countOf counts the moves of seq.
func countOf(seq iter.Seq[Move]) *big.Int {
	var n int64
	for range seq {
		n++
	}
	return big.NewInt(n)
}

func misereReason(u Units) string {
	switch {
	case u.Big == 0 && u.Ones%2 == 1:
		return "reason.sum.misere.odd"
	case u.Big == 0:
		return "reason.sum.misere.even"
	case u.X == 0:
		return "reason.sum.misere.zero"
	}
	return "reason.sum.misere.nonzero"
}

// smallMoves are the winning moves of component i when no other component
// holds a unit of 2 or more: moves to value 0 or 1 (any other value leaves
// a nim-sum ≠ 0 beside a unit of 2 or more), kept when the units they
// leave lose, in natural order.
func (s *Sum) smallMoves(i int, q Position, rest Units) iter.Seq[Move] {
	part := s.Parts[i]
	t := part.(Tamer)
	return func(yield func(Move) bool) {
		for m := range mergeMoves(part.MovesTo(q, 0), part.MovesTo(q, 1)) {
			after, err := part.Apply(q, m)
			if err != nil {
				continue
			}
			u, _, _ := t.Tame(after)
			if rest.Plus(u).Lost(Misere) && !yield(m) {
				return
			}
		}
	}
}

// mergeMoves yields the moves of a and b together in natural order; each
// is in natural order already.
func mergeMoves(a, b iter.Seq[Move]) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		na, stopA := iter.Pull(a)
		defer stopA()
		nb, stopB := iter.Pull(b)
		defer stopB()
		x, okA := na()
		y, okB := nb()
		for okA || okB {
			if !okB || (okA && Compare(x, y) <= 0) {
				if !yield(x) {
					return
				}
				x, okA = na()
			} else {
				if !yield(y) {
					return
				}
				y, okB = nb()
			}
		}
	}
}

// searchMisere decides a misère sum no certificate covers by exact search,
// refusing it past SumSearchLimit positions; why says which component is
// not proven tame (short: the same in a few words, for a refusal).
func (s *Sum) searchMisere(p Position, ps []Position, why, short Text) (Solution, error) {
	if loopyPart(s) >= 0 { // no search by depth ends: every position below, backwards
		return s.solveRetro(p, ps, short)
	}
	limit, moves := s.limits()
	if !searchable(ps, limit) {
		return Solution{}, Refuse("err.sum.misere.unproved", short, limit, moves)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.searched == nil || len(s.searched) > searchMemoCap {
		s.searched = map[string]Outcome{}
	}
	b := &boundedSearch{game: s, memo: s.searched, limit: limit, maxMoves: moves}
	out, ok := b.outcome(p)
	var winning []Move
	if ok && out == N {
		for m := range s.Moves(p, 0) {
			q, err := s.Apply(p, m)
			if err != nil {
				return Solution{}, err
			}
			o, fine := b.outcome(q)
			if !fine {
				ok = false
				break
			}
			if o == P {
				winning = append(winning, m)
			}
		}
	}
	if !ok {
		return Solution{}, Refuse("err.sum.misere.unproved", short, limit, moves)
	}
	searched := len(b.memo) // the positions known below this one, this search's and earlier ones'
	return Solution{
		Outcome: out,
		Winning: func(yield func(Move) bool) {
			for _, m := range winning {
				if !yield(m) {
					return
				}
			}
		},
		Reason: T("reason.sum.search", searched),
		Explain: func(first *Move, count int64) Explanation {
			e := Explanation{T("sum.intro", len(ps)), why, T("sum.search."+out.String(), searched)}
			if first != nil {
				e = append(e, Reveal(T("sum.move.misere", s.DescribeMoveAt(p, *first))), T("winning.count", count))
			}
			return e
		},
	}, nil
}

// searchable reports whether the product of (n + 1) over the numbers of
// the components, a rough count of the positions below, is within a few
// times the search's limit: a sum with a heap of 2^62 is refused at once
// rather than after 200,000 positions.
func searchable(ps []Position, limit int) bool {
	size := 1.0
	for _, q := range ps {
		for _, v := range q {
			size *= float64(v) + 1
		}
	}
	return size <= 8*float64(limit)
}

// boundedSearch is Solver's search with a limit on the positions it
// enters and on its depth: a sum with a heap of 2^62 must be refused
// quickly, not searched a match at a time down to a stack overflow.
type boundedSearch struct {
	game  Game
	memo  map[string]Outcome
	limit int
	seen  int
	moves int // the moves tried: a position can have hundreds
	// maxMoves bounds moves (maxSearchMoves for the full search).
	maxMoves int
	key      []byte // scratch for AppendKey
	depth    int
}

// maxSearchMoves bounds the moves the search tries: 200,000 positions of
// a Wythoff pair beside a heap of 200 have 40 million (13 s; refused
// now in about 1 s).
const maxSearchMoves = 1_000_000

// maxSearchDepth bounds the longest line of play the search follows.
const maxSearchDepth = 1000

// outcome decides p; false once a limit is passed.
func (b *boundedSearch) outcome(p Position) (Outcome, bool) {
	b.key = p.AppendKey(b.key[:0])
	if o, ok := b.memo[string(b.key)]; ok {
		return o, true
	}
	key := string(b.key)
	if b.seen++; b.seen > b.limit || b.depth >= maxSearchDepth {
		return N, false
	}
	b.depth++
	defer func() { b.depth-- }()
	o, moved := P, false
	for m := range b.game.Moves(p, 0) {
		moved = true
		if b.moves++; b.moves > b.maxMoves {
			return N, false
		}
		q, err := b.game.Apply(p, m)
		if err != nil {
			panic("engine: a generated move is illegal: " + err.Error())
		}
		r, ok := b.outcome(q)
		if !ok {
			return N, false
		}
		if r == P {
			o = N
			break
		}
	}
	if !moved {
		o = N // misère: the opponent made the last move
	}
	b.memo[key] = o
	return o, true
}
