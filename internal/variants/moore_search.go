package variants

import (
	"iter"
	"math/big"
	"math/bits"
	"slices"

	"matchgame/internal/engine"
)

// mooreSearch finds the winning moves of Moore's Nim_k in natural order,
// for any number of heaps, and counts them where it can. The binary
// columns do not carry, so a move is a matter of columns: lowering a heap
// from a to v < a leaves its bits above the first one where they differ
// (the drop, a 1 of a), puts a 0 there, and leaves it free below, a
// wildcard that can put a 0 or a 1 in every lower column. Going down the
// columns, a position is made divisible when every column's count, with
// the droppers' 1s taken out, can be brought to a multiple of K + 1 by
// the wildcards (each 0 or 1): (dropped − count) mod (K + 1) ≤ wildcards.
// Which heaps drop where is searched column by column (feasible), never
// more than K of them: the work grows with the heaps a few at a time, not
// threefold with each heap.
type mooreSearch struct {
	a    engine.Position
	k    int // the most heaps a move takes from
	m    int // K + 1: what every column must be divisible by
	bits int // the columns: as many as the largest heap has
	// work is what the column search may still do (mooreWork at first);
	// spent says it ran out.
	work  int
	spent bool
	// ones are, for each column, the heaps with a 1 there, alike heaps
	// (the same bits below the column) side by side (onesAt).
	ones  [][]int
	heaps int // the heaps with matches
}

// mooreWork bounds the column search of one question of the first moves
// in natural order: some 4 · 10^6 steps, a quarter of a second. On a few
// heaps the search needs far less; on many heaps with K large it can need
// more, and the winning move is then made column by column (greedy).
const mooreWork = 1 << 22

// mooreFailed bounds the states one feasibility question remembers.
const mooreFailed = 1 << 14

// mooreCount bounds the work of an exact count (each set of at most K
// heaps counted by the ways through the columns of its heaps still equal
// to their sizes); past it the count is not known.
const mooreCount = 1 << 24

func newMooreSearch(p engine.Position, k int64) *mooreSearch {
	n := 0
	for _, h := range p {
		if h > 0 {
			n++
		}
	}
	k = min(k, int64(n)) // more than the heaps with matches changes nothing
	return &mooreSearch{a: p, k: int(k), m: int(k) + 1, bits: len(columns(p)), work: mooreWork, heaps: n}
}

// beyond reports whether the column search could not even look at every
// heap of every column once within its work: then the winning move is
// made column by column at once.
func (s *mooreSearch) beyond() bool { return s.k > 1 && s.heaps*max(s.bits, 1) > mooreWork }

// onesAt are the heaps with a 1 in column b, alike ones side by side,
// listed the first time the search asks.
func (s *mooreSearch) onesAt(b int) []int {
	if s.ones == nil {
		s.ones = make([][]int, s.bits)
	}
	if s.ones[b] == nil {
		list := []int{}
		for i, h := range s.a {
			if h>>b&1 == 1 {
				list = append(list, i)
			}
		}
		low := int64(1)<<b - 1
		slices.SortStableFunc(list, func(x, y int) int { return cmpInt(s.a[x]&low, s.a[y]&low) })
		s.ones[b] = list
	}
	return s.ones[b]
}

// winning yields the winning moves in natural order: to a position whose
// columns are all divisible; in misère play, to one of 1s only whose
// count is ≡ 1, or to one with a heap of 2 or more and the columns
// divisible. False when the search ran out of work (spent).
func (s *mooreSearch) winning(c engine.Convention, yield func(engine.Move) bool) bool {
	if s.k == 0 {
		return true
	}
	if c == engine.Normal {
		return s.divisible(func(t []engine.Change) bool { return yield(engine.MoveOf(t...)) })
	}
	won := func(ones int) bool { return ones%s.m == 1 }
	if s.bits <= 1 { // every heap 0 or 1: only such positions follow
		return s.small(won, func(t []engine.Change) bool { return yield(engine.MoveOf(t...)) })
	}
	// Merge the two lists, each in natural order.
	next, stop := iter.Pull(iter.Seq[[]engine.Change](func(y func([]engine.Change) bool) {
		s.small(won, func(t []engine.Change) bool { return y(slices.Clone(t)) })
	}))
	defer stop()
	pending, more := next()
	ok := s.divisible(func(t []engine.Change) bool {
		if s.allSmallAfter(t) { // 1s only: misère play's own rule decides it
			if s.work -= len(s.a); s.work < 0 { // passing them over is work too
				s.spent = true
				return false
			}
			return true
		}
		for more && compareTakes(pending, t) < 0 {
			if !yield(engine.MoveOf(pending...)) {
				return false
			}
			pending, more = next()
		}
		return yield(engine.MoveOf(t...))
	})
	for ok && more {
		if !yield(engine.MoveOf(pending...)) {
			return false
		}
		pending, more = next()
	}
	return ok && !s.spent
}

// count counts the winning moves, or nil where they are too many sets of
// heaps to count within mooreCount: those that make every column
// divisible, in misère play less those that leave 1s only and plus those
// that leave 1s only, ≡ 1.
func (s *mooreSearch) count(c engine.Convention) *big.Int {
	won := func(ones int) bool { return ones%s.m == 1 }
	if c == engine.Misere && s.bits <= 1 {
		return s.countSmall(won)
	}
	var heaps []int
	for i, h := range s.a {
		if h > 0 {
			heaps = append(heaps, i)
		}
	}
	work := 0
	for j := 1; j <= s.k; j++ {
		sets := new(big.Int).Binomial(int64(len(heaps)), int64(j))
		if !sets.IsInt64() || sets.Int64() > mooreCount {
			return nil
		}
		if work += int(sets.Int64()) << (2 * j) * max(s.bits, 1); work > mooreCount {
			return nil
		}
	}
	n := new(big.Int)
	set := make([]int, 0, s.k)
	var each func(from int)
	each = func(from int) {
		if len(set) > 0 {
			n.Add(n, s.countLowering(set))
		}
		if len(set) == s.k {
			return
		}
		for i := from; i < len(heaps); i++ {
			set = append(set, heaps[i])
			each(i + 1)
			set = set[:len(set)-1]
		}
	}
	each(0)
	if c == engine.Misere {
		n.Sub(n, s.countSmall(func(ones int) bool { return ones%s.m == 0 }))
		n.Add(n, s.countSmall(won))
	}
	return n
}

// allSmallAfter reports whether the move t leaves every heap 0 or 1.
func (s *mooreSearch) allSmallAfter(t []engine.Change) bool {
	j := 0
	for i, h := range s.a {
		if j < len(t) && t[j].Place == i+1 {
			h -= t[j].Amount
			j++
		}
		if h > 1 {
			return false
		}
	}
	return true
}

// small yields, in natural order, the moves that leave every heap 0 or 1
// with a count of 1s that want accepts: every heap of 2 or more is lowered
// to 1 or 0 (in that order: the smaller take first), a heap of 1 may be
// lowered to 0, at most K of them. A branch is followed only when some
// count it can still reach is wanted, so the list comes out lazily
// however many heaps of 1 there are.
func (s *mooreSearch) small(want func(ones int) bool, yield func([]engine.Change) bool) bool {
	n := len(s.a)
	bigAfter := make([]int, n+1)  // heaps of 2 or more from i on
	onesAfter := make([]int, n+1) // heaps of 1 from i on
	for i := n - 1; i >= 0; i-- {
		bigAfter[i], onesAfter[i] = bigAfter[i+1], onesAfter[i+1]
		switch {
		case s.a[i] >= 2:
			bigAfter[i]++
		case s.a[i] == 1:
			onesAfter[i]++
		}
	}
	// reachable: from heap i on, with ones so far and r changes left, can
	// the count end wanted? Every heap of 2+ must be taken (to 1 or 0),
	// then j ≤ r − big of the 1s lowered: a range of counts.
	reachable := func(i, ones, r int) bool {
		b, o := bigAfter[i], onesAfter[i]
		if b > r {
			return false
		}
		lo, hi := ones+o-min(o, r-b), ones+o+b
		for v := lo; v <= hi && v < lo+s.m; v++ {
			if want(v) {
				return true
			}
		}
		return false
	}
	var takes []engine.Change
	var rec func(from, ones int) bool
	rec = func(from, ones int) bool {
		if len(takes) > 0 && bigAfter[from] == 0 && want(ones+onesAfter[from]) && !yield(takes) {
			return false
		}
		r := s.k - len(takes)
		for h := from; h < n && r > 0; h++ {
			switch a := s.a[h]; {
			case a >= 2:
				for _, to := range []int{1, 0} {
					takes = append(takes, engine.Change{Place: h + 1, Amount: a - int64(to)})
					ok := !reachable(h+1, ones+to, r-1) || rec(h+1, ones+to)
					takes = takes[:len(takes)-1]
					if !ok {
						return false
					}
				}
				return true // a heap of 2+ cannot be passed over
			case a == 1:
				takes = append(takes, engine.Change{Place: h + 1, Amount: 1})
				ok := !reachable(h+1, ones, r-1) || rec(h+1, ones)
				takes = takes[:len(takes)-1]
				if !ok {
					return false
				}
				ones++ // passed over: it stays
			}
		}
		return true
	}
	if reachable(0, 0, s.k) {
		return rec(0, 0)
	}
	return true
}

// countSmall counts small(want): x of the b heaps of 2+ left at 1, j of
// the o heaps of 1 lowered, b + j ≤ K and at least one change, ways
// C(b, x) · C(o, j).
func (s *mooreSearch) countSmall(want func(ones int) bool) *big.Int {
	b, o := 0, 0
	for _, h := range s.a {
		switch {
		case h >= 2:
			b++
		case h == 1:
			o++
		}
	}
	n := new(big.Int)
	for x := 0; x <= b; x++ {
		for j := 0; b+j <= s.k && j <= o; j++ {
			if b+j > 0 && want(o-j+x) {
				n.Add(n, new(big.Int).Mul(binomial(b, x), binomial(o, j)))
			}
		}
	}
	return n
}

// compareTakes orders the changes of two moves as the moves are ordered.
func compareTakes(a, b []engine.Change) int {
	return engine.Compare(engine.MoveOf(a...), engine.MoveOf(b...))
}

// divisible yields, in natural order, every move that leaves every column
// divisible by K + 1; false when yield stopped it or the work ran out.
// Each heap in turn is lowered to the largest size from which the rest
// can still be made divisible (largest), so no branch is tried in vain.
func (s *mooreSearch) divisible(yield func([]engine.Change) bool) bool {
	cur := s.a.Clone()
	var takes []engine.Change
	total := make([]int, s.bits) // each column's 1s, at the heaps' sizes
	for _, h := range s.a {
		addBits(total, h, 1)
	}
	// rec goes on from heap from; fixed are the columns' 1s of the heaps
	// before it as cur holds them, orig the same at their sizes.
	var rec func(from int, fixed, orig []int) bool
	rec = func(from int, fixed, orig []int) bool {
		if len(takes) > 0 && s.zero(cur) && !yield(takes) {
			return false
		}
		if len(takes) == s.k {
			return true
		}
		fixed, orig = slices.Clone(fixed), slices.Clone(orig)
		ones := make([]int, s.bits) // the 1s of the heaps after h, at their sizes
		for h := from; h < len(s.a); h++ {
			for b := range ones {
				ones[b] = total[b] - orig[b] - int(s.a[h]>>b&1)
			}
			for below := s.a[h]; below > 0; {
				v, ok := s.largest(h, below, s.k-len(takes)-1, fixed, ones)
				if s.spent {
					return false
				}
				if !ok {
					break
				}
				cur[h] = v
				takes = append(takes, engine.Change{Place: h + 1, Amount: s.a[h] - v})
				addBits(fixed, v, 1)
				addBits(orig, s.a[h], 1)
				ok = rec(h+1, fixed, orig)
				addBits(fixed, v, -1)
				addBits(orig, s.a[h], -1)
				takes, cur[h] = takes[:len(takes)-1], s.a[h]
				if !ok {
					return false
				}
				below = v
			}
			addBits(fixed, s.a[h], 1)
			addBits(orig, s.a[h], 1)
		}
		return true
	}
	return rec(0, make([]int, s.bits), make([]int, s.bits))
}

// addBits adds sign times h's bits to the columns' counts.
func addBits(cols []int, h int64, sign int) {
	for b := range cols {
		cols[b] += sign * int(h>>b&1)
	}
}

// zero reports whether every column of p is divisible by K + 1.
func (s *mooreSearch) zero(p engine.Position) bool {
	for b := range s.bits {
		n := 0
		for _, h := range p {
			n += int(h >> b & 1)
		}
		if n%s.m != 0 {
			return false
		}
	}
	return true
}

// largest is the largest size v < below that heap h can be lowered to,
// with the heaps before it giving the columns fixed 1s and those after it
// ones at their sizes, such that lowering at most r of the heaps after it
// makes every column divisible; false if there is none. v is chosen from the highest column down: a 1 wherever the rest
// can still be finished (feasible), the columns above fixed.
func (s *mooreSearch) largest(h int, below int64, r int, fixed, ones []int) (int64, bool) {
	q := &mooreQuery{s: s, h: h, r: r, below: below, fixed: fixed, ones: ones, cands: make([][]int, s.bits)}
	q.top, q.v, q.tight = s.bits, 0, true
	if !q.feasible() {
		return 0, false
	}
	for b := s.bits - 1; b >= 0; b-- {
		bit := below >> b & 1
		if q.tight && bit == 0 { // v's bit must be 0 here
			q.top = b
			continue
		}
		q.top, q.v = b, q.v|1<<b // try a 1 (staying equal to below, if it was)
		if q.feasible() {
			continue
		}
		q.v &^= 1 << b // a 0: feasible, since one of the two is
		if q.tight {
			q.tight = false // below's 1 became 0: v < below from here
		}
	}
	if s.spent {
		return 0, false
	}
	return q.v, true
}

// mooreQuery asks whether the columns can be made divisible when heap h's
// bits are v's from column top up, and below it follow below's while
// tight (h must then still drop, at one of below's 1s) or are free; the
// heaps before h are fixed (fixed), at most r of those after it are
// lowered.
type mooreQuery struct {
	s      *mooreSearch
	h, r   int
	below  int64
	fixed  []int // per column: the 1s of the heaps before h
	ones   []int // per column: the 1s of those heaps, at their sizes
	top    int
	v      int64
	tight  bool
	failed map[string]bool // the states known to fail, this question
	chosen []int           // the heaps after h lowered so far
	cands  [][]int         // scratch: the droppers of each column
	key    []byte
}

// feasible searches the columns from the highest down.
func (q *mooreQuery) feasible() bool {
	q.failed = map[string]bool{}
	q.chosen = q.chosen[:0]
	return q.column(q.s.bits-1, q.tight)
}

// column decides columns b and below; tight: h is still equal to below
// (below column top; above it h's bits are fixed).
func (q *mooreQuery) column(b int, tight bool) bool {
	s := q.s
	if s.work--; s.work < 0 {
		s.spent = true
		return false
	}
	if b < 0 {
		return !tight
	}
	free := b < q.top && !tight // h is a wildcard here
	wild := len(q.chosen)
	if free {
		wild++
	}
	if wild >= s.m-1 { // the wildcards bring any column to a multiple
		if !tight {
			return true
		}
		lim := min(b, q.top-1) // h must still drop, at a 1 of below's
		return lim >= 0 && q.below&(1<<(lim+1)-1) != 0
	}
	if q.failed[string(q.stateKey(b, tight))] { // no string is made to look it up
		return false
	}
	count := q.fixed[b] + q.ones[b]
	for _, i := range q.chosen {
		count -= int(s.a[i] >> b & 1)
	}
	canDrop := false
	switch {
	case b >= q.top:
		count += int(q.v >> b & 1)
	case tight:
		count += int(q.below >> b & 1)
		canDrop = q.below>>b&1 == 1
	}
	room := q.r - len(q.chosen)
	// Droppers: the heaps after h not lowered yet with a 1 here, alike ones
	// side by side (choose takes the first of them).
	cands := q.cands[b][:0]
	if room > 0 {
		for _, i := range s.onesAt(b) {
			if s.work--; i > q.h && !slices.Contains(q.chosen, i) {
				cands = append(cands, i)
			}
		}
		q.cands[b] = cands
	}
	room = min(room, len(cands))
	low := int64(1)<<b - 1
	for _, hDrops := range []bool{false, true} {
		if hDrops && !canDrop {
			continue
		}
		d := 0
		if hDrops {
			d = 1
		}
		for e := 0; e <= room; e++ {
			// Each dropper takes its 1 out; the wildcards add c ≡ d + e − count.
			if ((d+e-count)%s.m+s.m)%s.m > wild {
				continue
			}
			if q.choose(cands, 0, e, low, func() bool { return q.column(b-1, tight && !hDrops) }) {
				return true
			}
			if s.spent {
				return false
			}
		}
	}
	if len(q.failed) < mooreFailed {
		q.failed[string(q.stateKey(b, tight))] = true
	}
	return false
}

// choose lowers e more of cands (from start on), no two alike taken out
// of turn, and goes on with next; true as soon as one choice succeeds.
func (q *mooreQuery) choose(cands []int, start, e int, low int64, next func() bool) bool {
	if e == 0 {
		return next()
	}
	a := q.s.a
	for i := start; i <= len(cands)-e; i++ {
		if i > start && a[cands[i]]&low == a[cands[i-1]]&low {
			continue
		}
		q.chosen = append(q.chosen, cands[i])
		ok := q.choose(cands, i+1, e-1, low, next)
		q.chosen = q.chosen[:len(q.chosen)-1]
		if ok || q.s.spent {
			return ok
		}
	}
	return false
}

// stateKey names the search's state at column b, in q.key: the lowered
// heaps matter only by their bits from b down (above, their columns are
// decided).
func (q *mooreQuery) stateKey(b int, tight bool) []byte {
	mask := int64(1)<<(b+1) - 1
	var vals [engine.MaxChanges]int64
	for i, j := range q.chosen {
		vals[i] = q.s.a[j] & mask
	}
	slices.Sort(vals[:len(q.chosen)])
	q.key = append(q.key[:0], byte(b))
	if tight {
		q.key = append(q.key, 1)
	}
	q.key = engine.Position(vals[:len(q.chosen)]).AppendKey(q.key)
	return q.key
}

// countLowering counts the moves that lower exactly the heaps of set and
// leave every column divisible: from the highest column down, the ways to
// each state of the heaps still equal to their size.
func (s *mooreSearch) countLowering(set []int) *big.Int {
	c := len(set)
	all := 1<<c - 1
	ways := make([]*big.Int, 1<<c)
	for i := range ways {
		ways[i] = new(big.Int)
	}
	ways[all].SetInt64(1)
	in := make([]bool, len(s.a))
	for _, i := range set {
		in[i] = true
	}
	var term big.Int
	for b := s.bits - 1; b >= 0; b-- {
		fixed, ones := 0, 0
		for i, h := range s.a {
			if !in[i] {
				fixed += int(h >> b & 1)
			}
		}
		for j, i := range set {
			ones |= int(s.a[i]>>b&1) << j
		}
		next := make([]*big.Int, 1<<c)
		for i := range next {
			next[i] = new(big.Int)
		}
		for tight, w := range ways {
			if w.Sign() == 0 {
				continue
			}
			lowered := c - bits.OnesCount(uint(tight))
			stay := tight & ones
			for keep := stay; ; keep = (keep - 1) & stay {
				sum := fixed + bits.OnesCount(uint(keep))
				for y := (s.m - sum%s.m) % s.m; y <= lowered; y += s.m { // y lowered heaps put a 1 here
					term.Mul(w, binomial(lowered, y))
					next[tight&^(stay&^keep)].Add(next[tight&^(stay&^keep)], &term)
				}
				if keep == 0 {
					break
				}
			}
		}
		ways = next
	}
	return ways[0]
}

// binomial is C(n, k).
func binomial(n, k int) *big.Int { return new(big.Int).Binomial(int64(n), int64(k)) }

// greedy makes a winning move column by column, Moore's own proof: from
// the highest column down, with the heaps lowered so far free below
// their drop (wildcards), a column whose count of 1s leaves ρ over a
// multiple of K + 1 is fixed by the wildcards when they are enough
// (K + 1 − ρ of them put a 1), else by lowering ρ more heaps that hold a 1
// there (the first ones), which the bound K always allows: ρ plus the
// wildcards is then at most K. It is a winning move, not always the first
// in natural order; the wildcards' 1s go to the first of them, so that
// the heaps lowered keep as much as they can.
func (s *mooreSearch) greedy() []engine.Change {
	n := len(s.a)
	v := s.a.Clone()
	dropped := make([]bool, n)
	var order []int // the heaps lowered, in the order they dropped
	for b := s.bits - 1; b >= 0; b-- {
		u := 0
		for i, h := range s.a {
			if !dropped[i] {
				u += int(h >> b & 1)
			}
		}
		rho := u % s.m
		wild := len(order)
		c := 0 // the wildcards that put a 1 here
		if rho > 0 && rho+wild >= s.m {
			c = s.m - rho
		} else {
			for i := 0; i < n && rho > 0; i++ { // ρ more heaps drop here
				if !dropped[i] && s.a[i]>>b&1 == 1 {
					dropped[i], rho = true, rho-1
					v[i] &^= 1 << b
					order = append(order, i)
				}
			}
		}
		for j, i := range order[:wild] {
			if j < c {
				v[i] |= 1 << b
			} else {
				v[i] &^= 1 << b
			}
		}
	}
	slices.Sort(order)
	takes := make([]engine.Change, len(order))
	for j, i := range order {
		takes[j] = engine.Change{Place: i + 1, Amount: s.a[i] - v[i]}
	}
	return takes
}

// madeMove is the winning move made column by column (greedy), in misère
// play the first that leaves 1s only, ≡ 1, where the column-by-column
// move would leave 1s only: every heap of 2 or more is then among the
// K it lowers, and such a move exists (Moore).
func (s *mooreSearch) madeMove(c engine.Convention) engine.Move {
	won := func(ones int) bool { return ones%s.m == 1 }
	var t []engine.Change
	if c == engine.Normal || s.bits > 1 {
		t = s.greedy()
	}
	if c == engine.Misere && (t == nil || s.allSmallAfter(t)) {
		s.small(won, func(small []engine.Change) bool { t = slices.Clone(small); return false })
	}
	return engine.MoveOf(t...)
}
