package variants

import (
	"iter"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// What each family gives a sum of games (engine.Valued): the Grundy value
// of a position in normal play with how it is found, and the moves to a
// given value in natural order; and where it is proven, the misère
// certificate (engine.Tamer). A position of several heaps is worth the
// nim-sum of its heaps (Sprague–Grundy), so a move to value v changes one
// heap's value u to u ⊕ (g ⊕ v).

// xorOf is the nim-sum of values.
func nimXor(values []uint64) uint64 {
	var x uint64
	for _, v := range values {
		x ^= v
	}
	return x
}

// unitsOf counts values as the units of misère Nim.
func unitsOf(values []uint64) engine.Units {
	var u engine.Units
	for _, v := range values {
		u.Add(v)
	}
	return u
}

// heapsHow says how a position of several heaps gets its value: "g(3) ⊕
// g(5) = 1 ⊕ 2" with the heaps' own derivation for one heap.
func heapsHow(p engine.Position, values []uint64, one engine.Text) engine.Text {
	if len(p) == 1 {
		return one
	}
	parts := make([]string, 0, 5)
	for i, v := range values {
		if i == 4 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, "g("+itoa(p[i])+") = "+strconv.FormatUint(v, 10))
	}
	return engine.T("value.heaps", strings.Join(parts, ", "), len(p))
}

// ---- Nim: a heap of h is worth h.

func (Nim) Value(p engine.Position) (engine.Value, error) {
	values := nimValues(p)
	return engine.Value{G: nimXor(values), How: heapsHow(p, values, engine.T("value.nim"))}, nil
}

func nimValues(p engine.Position) []uint64 {
	values := make([]uint64, len(p))
	for i, h := range p {
		values[i] = uint64(h)
	}
	return values
}

func (Nim) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		x := nimXor(nimValues(p)) ^ v
		if x == 0 {
			return
		}
		for i, h := range p {
			if w := uint64(h) ^ x; w < uint64(h) && !yield(engine.At(i+1, h-int64(w))) {
				return
			}
		}
	}
}

// Tame: a Nim heap is its own unit, and misère Nim is Bouton's.
func (Nim) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	return unitsOf(nimValues(p)), true, engine.T("tame.nim")
}

// ---- Bash: n mod (m+1), the subtraction game {1, …, m}.

func (b Bash) Value(p engine.Position) (engine.Value, error) {
	g := uint64(p[0]) % b.modulus()
	return engine.Value{G: g, How: engine.T("value.bash", p[0], b.modulus(), g)}, nil
}

func (b Bash) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		m := b.modulus()
		r := uint64(p[0]) % m
		if v >= m || v == r {
			return
		}
		t := (r + m - v) % m // r + m < 2^64: m ≤ 2^63
		if t >= 1 && t <= uint64(min(b.Max, p[0])) {
			yield(engine.At(1, int64(t)))
		}
	}
}

// Tame: a heap worth 0 with a move (n = k(m+1), k ≥ 1) has the option n − m,
// worth 1.
func (b Bash) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	return unitsOf([]uint64{uint64(p[0]) % b.modulus()}), true, engine.T("tame.bash")
}

// ---- Subtraction games: the table or the period of the set.

func (s Subtraction) values(p engine.Position) (grundyView, []uint64, error) {
	if err := checkCounts("what.heap", p, 1); err != nil {
		return grundyView{}, nil, err
	}
	v, err := s.table.upTo(slices.Max(p))
	if err != nil {
		return grundyView{}, nil, err
	}
	values := make([]uint64, len(p))
	for i, h := range p {
		values[i] = uint64(v.at(h))
	}
	return v, values, nil
}

func (s Subtraction) Value(p engine.Position) (engine.Value, error) {
	v, values, err := s.values(p)
	if err != nil {
		return engine.Value{}, err
	}
	return engine.Value{G: nimXor(values), How: heapsHow(p, values, periodHow(v.n0, v.period))}, nil
}

func (s Subtraction) MovesTo(p engine.Position, want uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		v, values, err := s.values(p)
		if err != nil {
			return
		}
		x := nimXor(values) ^ want
		if x == 0 {
			return
		}
		for i, h := range p {
			for _, t := range v.set {
				if t > h {
					break
				}
				if uint64(v.at(h-t)) == values[i]^x && !yield(engine.At(i+1, t)) {
					return
				}
			}
		}
	}
}

// Tame: every heap up to the largest passes the certificate
// (grundyView.certified).
func (s Subtraction) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	v, values, err := s.values(p)
	if err != nil {
		return engine.Units{}, false, engine.Text{}
	}
	top := slices.Max(p)
	return unitsOf(values), v.certified(top), engine.T("tame.table", top)
}

// ---- Staircase Nim and Georgia and Bob: the nim-sum of the odd stairs.

// stairTo is the coins a move from stair i must carry down to change the
// odd stairs' nim-sum by x ≠ 0 (false: no such move). From an odd stair it
// lowers that stair to a_i ⊕ x; from an even stair it raises the odd stair
// below to a_{i−1} ⊕ x.
func stairTo(a []int64, i int, x uint64) (int64, bool) {
	if i%2 == 1 {
		w := uint64(a[i]) ^ x
		return a[i] - int64(w), w < uint64(a[i])
	}
	w := uint64(a[i-1]) ^ x
	if w <= uint64(a[i-1]) {
		return 0, false
	}
	c := w - uint64(a[i-1])
	return int64(c), c <= uint64(a[i])
}

func oddValues(a []int64) []uint64 { return nimValues(oddStairs(a)) }

func (Staircase) Value(p engine.Position) (engine.Value, error) {
	g := nimXor(oddValues(p))
	return engine.Value{G: g, How: engine.T("value.staircase")}, nil
}

func (Staircase) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		x := nimXor(oddValues(p)) ^ v
		if x == 0 {
			return
		}
		for i := 1; i < len(p); i++ {
			if c, ok := stairTo(p, i, x); ok && !yield(engine.At(i, c)) {
				return
			}
		}
	}
}

func (GeorgiaBob) Value(p engine.Position) (engine.Value, error) {
	g := nimXor(oddValues(stairs(p)))
	return engine.Value{G: g, How: engine.T("value.georgia-bob")}, nil
}

// MovesTo: chessman i is stair n+1−i of the gaps' staircase.
func (GeorgiaBob) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		a := stairs(p)
		x := nimXor(oddValues(a)) ^ v
		if x == 0 {
			return
		}
		n := len(p)
		for i := 1; i <= n; i++ {
			if c, ok := stairTo(a, n+1-i, x); ok && !yield(engine.At(i, c)) {
				return
			}
		}
	}
}

// ---- Take-and-break games: the table, the period, or Lasker's closed form.

func (g TakeBreak) values(p engine.Position) (breakView, []uint64, error) {
	r := g.rule
	if err := r.checkHeaps(p); err != nil {
		return breakView{}, nil, err
	}
	v, err := r.table.upTo(slices.Max(p))
	if err != nil {
		return breakView{}, nil, err
	}
	values := make([]uint64, len(p))
	for i, h := range p {
		values[i] = v.at(h)
	}
	return v, values, nil
}

func (g TakeBreak) Value(p engine.Position) (engine.Value, error) {
	_, values, err := g.values(p)
	if err != nil {
		return engine.Value{}, err
	}
	one := engine.T("value.lasker")
	switch g.rule.kind {
	case grundyRule: // no period is known: the table to its limit would say nothing more
		one = periodHow(0, 0)
	case octalRule:
		// The period, where one is proved, even for a heap inside the table:
		// "from the table, periodic with period 12 from heap 71" (Kayles).
		// It is looked for up to the largest heap or periodShown, whichever
		// is more, and said when its proof fits there: a code with no period
		// is not worked out to the table's limit to say so (0.6: a fifth of
		// a second), and the words do not depend on how far the table grew
		// before.
		top := slices.Max(append([]int64{periodShown}, p...))
		one = periodHow(0, 0)
		if _, err := g.rule.table.upTo(top); err == nil {
			if e, per, to, ok := g.rule.table.period(); ok && to <= top {
				one = periodHow(e, per)
			}
		}
	}
	return engine.Value{G: nimXor(values), How: heapsHow(p, values, one)}, nil
}

// periodShown is how far a component's value looks for its code's period
// at least: 0.156 proves its period of 349 at 7,310.
const periodShown = 8192

// periodHow says in a few words how one heap's value is known: from the
// table, with the period where one is proved.
func periodHow(e, p int64) engine.Text {
	if p > 0 {
		return engine.T("value.period", p, e)
	}
	return engine.T("value.table")
}

func (g TakeBreak) MovesTo(p engine.Position, want uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		v, values, err := g.values(p)
		if err != nil {
			return
		}
		x := nimXor(values) ^ want
		if x == 0 {
			return
		}
		for i, h := range p {
			for o := range g.rule.heapWins(v, h, aim{w: values[i] ^ x}) {
				if !yield(engine.Change{Place: i + 1, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move()) {
					return
				}
			}
		}
	}
}

// CountTo counts the moves to value want heap by heap, through the period
// or the closed form: a huge heap's splits are never listed.
func (g TakeBreak) CountTo(p engine.Position, want uint64) *big.Int {
	v, values, err := g.values(p)
	if err != nil {
		return new(big.Int)
	}
	x := nimXor(values) ^ want
	var n moveCount
	if x != 0 {
		for i, h := range p {
			n.addCount(g.rule.heapWinCount(v, h, aim{w: values[i] ^ x}))
		}
	}
	return n.Big()
}

// MisereWins are the family's own misère winning moves (breakTable's aim)
// with the other components' units counted in.
func (g TakeBreak) MisereWins(p engine.Position, total engine.Units) (iter.Seq[engine.Move], func() *big.Int) {
	v, values, err := g.values(p)
	if err != nil {
		return func(func(engine.Move) bool) {}, func() *big.Int { return new(big.Int) }
	}
	sum := nimSum{x: total.X, ones: total.Ones, big: total.Big}
	seq := func(yield func(engine.Move) bool) {
		for i, h := range p {
			for o := range g.rule.heapWins(v, h, sum.aimAt(values[i], engine.Misere)) {
				if !yield(engine.Change{Place: i + 1, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move()) {
					return
				}
			}
		}
	}
	count := func() *big.Int {
		var n moveCount
		for i, h := range p {
			n.addCount(g.rule.heapWinCount(v, h, sum.aimAt(values[i], engine.Misere)))
		}
		return n.Big()
	}
	return seq, count
}

// Tame: every heap up to the largest passes breakTable.certifies.
func (g TakeBreak) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	_, values, err := g.values(p)
	if err != nil {
		return engine.Units{}, false, engine.Text{}
	}
	top := slices.Max(p)
	ok, _ := g.rule.table.certified(top)
	return unitsOf(values), ok, engine.T("tame.table", top)
}
