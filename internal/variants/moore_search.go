package variants

import (
	"math/big"
	"math/bits"
	"slices"

	"matchgame/internal/engine"
)

// mooreSearch finds the winning moves of Moore's Nim_k in natural order
// and counts them, column by column. The binary columns do not carry, so
// a column's count of 1s after a move depends only on that column's bits:
// a search from the highest column down needs to know of each heap only
// whether it is still equal to its old size in the columns so far (tight)
// or already below it (lowered), and of the lowered heaps only how many
// put a 1 in the column.
type mooreSearch struct {
	a    engine.Position
	k    int // the most heaps a move takes from
	m    int // K + 1: what every column must be divisible by
	bits int // the columns: as many as the largest heap has
}

func newMooreSearch(p engine.Position, k int64) *mooreSearch {
	k = min(k, int64(len(p))) // more than the heaps changes nothing (K ≤ mooreHeaps anyway)
	return &mooreSearch{a: p, k: int(k), m: int(k) + 1, bits: len(columns(p))}
}

// winning yields the winning moves in natural order: to a position whose
// columns are all divisible; in misère play, to one of 1s only whose
// count is ≡ 1, or to one with a heap of 2 or more and the columns
// divisible.
func (s *mooreSearch) winning(c engine.Convention, yield func(engine.Move) bool) {
	if c == engine.Normal {
		s.divisible(func(t []engine.Change) bool { return yield(engine.MoveOf(t...)) })
		return
	}
	small := s.smallTargets(func(ones int) bool { return ones%s.m == 1 })
	if s.bits <= 1 { // every heap 0 or 1: only such positions follow
		for _, t := range small {
			if !yield(engine.MoveOf(t...)) {
				return
			}
		}
		return
	}
	i := 0
	ok := s.divisible(func(t []engine.Change) bool {
		if s.allSmallAfter(t) { // 1s only: misère play's own rule decides it
			return true
		}
		for ; i < len(small) && compareTakes(small[i], t) < 0; i++ {
			if !yield(engine.MoveOf(small[i]...)) {
				return false
			}
		}
		return yield(engine.MoveOf(t...))
	})
	for ; ok && i < len(small); i++ {
		if !yield(engine.MoveOf(small[i]...)) {
			return
		}
	}
}

// count counts the winning moves: those that make every column
// divisible, in misère play less those that leave 1s only and plus those
// that leave 1s only, ≡ 1.
func (s *mooreSearch) count(c engine.Convention) *big.Int {
	won := func(ones int) bool { return ones%s.m == 1 }
	if c == engine.Misere && s.bits <= 1 {
		return big.NewInt(int64(len(s.smallTargets(won))))
	}
	n := new(big.Int)
	for set := 1; set < 1<<len(s.a); set++ {
		if bits.OnesCount(uint(set)) <= s.k {
			n.Add(n, s.countLowering(set))
		}
	}
	if c == engine.Misere {
		n.Sub(n, big.NewInt(int64(len(s.smallTargets(func(ones int) bool { return ones%s.m == 0 })))))
		n.Add(n, big.NewInt(int64(len(s.smallTargets(won)))))
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

// smallTargets are the moves, in natural order, that leave every heap 0
// or 1 with a count of 1s that want accepts: every heap of 2 or more is
// lowered to 0 or 1, a heap of 1 may be lowered to 0.
func (s *mooreSearch) smallTargets(want func(ones int) bool) [][]engine.Change {
	var out [][]engine.Change
	var takes []engine.Change
	var rec func(i, ones int)
	rec = func(i, ones int) {
		if len(takes) > s.k {
			return
		}
		if i == len(s.a) {
			if len(takes) > 0 && want(ones) {
				out = append(out, slices.Clone(takes))
			}
			return
		}
		h := s.a[i]
		if h <= 1 { // left as it is
			rec(i+1, ones+int(h))
		}
		for v := min(h-1, 1); v >= 0 && h >= 1; v-- { // lowered to 1, then to 0
			takes = append(takes, engine.Change{Place: i + 1, Amount: h - v})
			rec(i+1, ones+int(v))
			takes = takes[:len(takes)-1]
		}
	}
	rec(0, 0)
	slices.SortFunc(out, compareTakes)
	return out
}

// compareTakes orders the changes of two moves as the moves are ordered.
func compareTakes(a, b []engine.Change) int {
	return engine.Compare(engine.MoveOf(a...), engine.MoveOf(b...))
}

// divisible yields, in natural order, every move that leaves every column
// divisible by K + 1; false when yield stopped it. Each heap in turn is
// lowered to the largest size from which the rest can still be made
// divisible (largest), so no branch is tried in vain.
func (s *mooreSearch) divisible(yield func([]engine.Change) bool) bool {
	cur := s.a.Clone()
	var takes []engine.Change
	var rec func(from int) bool
	rec = func(from int) bool {
		if len(takes) > 0 && s.zero(cur) && !yield(takes) {
			return false
		}
		if len(takes) == s.k {
			return true
		}
		for h := from; h < len(s.a); h++ {
			for ub := s.a[h] - 1; ub >= 0; {
				v, ok := s.largest(cur, h, ub, s.k-len(takes)-1)
				if !ok {
					break
				}
				cur[h] = v
				takes = append(takes, engine.Change{Place: h + 1, Amount: s.a[h] - v})
				ok = rec(h + 1)
				takes, cur[h] = takes[:len(takes)-1], s.a[h]
				if !ok {
					return false
				}
				ub = v - 1
			}
		}
		return true
	}
	return rec(0)
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

// largest is the largest size v ≤ ub that heap h can be lowered to, with
// the heaps before it as cur holds them, such that lowering at most r of
// the heaps after it makes every column divisible; false if there is
// none.
//
// The search's state at a column is a bit for h (still equal to ub's
// columns so far) and a bit per heap after it (still equal to its size).
// done[b][state] says whether the columns below b can be finished from
// it; then v is chosen from the highest column down, a 1 wherever some
// state the columns so far can reach still finishes.
func (s *mooreSearch) largest(cur engine.Position, h int, ub int64, r int) (int64, bool) {
	var after []int // the heaps after h that can be lowered
	for i := h + 1; i < len(s.a); i++ {
		if s.a[i] > 0 {
			after = append(after, i)
		}
	}
	c := len(after)
	all := 1<<c - 1
	fixed := make([]int, s.bits) // the 1s of the heaps that stay as they are, column by column
	ones := make([]int, s.bits)  // the heaps after h with a 1 in the column, as a mask
	for b := range s.bits {
		for i := range h {
			fixed[b] += int(cur[i] >> b & 1)
		}
		for j, i := range after {
			ones[b] |= int(s.a[i]>>b&1) << j
		}
	}
	states := 2 << c // bit c: h still equal to ub
	// step calls next for every state the column b leads to from state st
	// with h's bit x.
	step := func(b, st, x int, next func(int)) {
		tightH, tight := st>>c&1 == 1, st&all
		if tightH && x > int(ub>>b&1) {
			return
		}
		if tightH && x == int(ub>>b&1) {
			x |= 2 // h stays equal to ub
		}
		lowered := c - bits.OnesCount(uint(tight))
		stay := tight & ones[b]
		for keep := stay; ; keep = (keep - 1) & stay { // the tight heaps with a 1 that keep it
			sum := fixed[b] + x&1 + bits.OnesCount(uint(keep))
			if y := (s.m - sum%s.m) % s.m; y <= lowered {
				next(x>>1<<c | tight&^(stay&^keep))
			}
			if keep == 0 {
				break
			}
		}
	}
	done := make([][]bool, s.bits+1)
	done[0] = make([]bool, states)
	for st := range states {
		done[0][st] = c-bits.OnesCount(uint(st&all)) <= r
	}
	for b := range s.bits {
		done[b+1] = make([]bool, states)
		for st := range states {
			for x := 0; x <= 1 && !done[b+1][st]; x++ {
				step(b, st, x, func(to int) { done[b+1][st] = done[b+1][st] || done[b][to] })
			}
		}
	}
	start := 1<<c | all
	if !done[s.bits][start] {
		return 0, false
	}
	reach := map[int]bool{start: true}
	var v int64
	for b := s.bits - 1; b >= 0; b-- {
		for x := 1; x >= 0; x-- {
			next := map[int]bool{}
			for st := range reach {
				step(b, st, x, func(to int) {
					if done[b][to] {
						next[to] = true
					}
				})
			}
			if len(next) > 0 {
				reach, v = next, v|int64(x)<<b
				break
			}
		}
	}
	return v, true
}

// countLowering counts the moves that lower exactly the heaps of set (a
// mask) and leave every column divisible: from the highest column down,
// the ways to each state of the heaps still equal to their size.
func (s *mooreSearch) countLowering(set int) *big.Int {
	var heaps []int
	for i := range s.a {
		if set>>i&1 == 1 {
			if s.a[i] == 0 {
				return new(big.Int)
			}
			heaps = append(heaps, i)
		}
	}
	c := len(heaps)
	all := 1<<c - 1
	ways := make([]*big.Int, 1<<c)
	for i := range ways {
		ways[i] = new(big.Int)
	}
	ways[all].SetInt64(1)
	var term big.Int
	for b := s.bits - 1; b >= 0; b-- {
		fixed, ones := 0, 0
		for i, h := range s.a {
			if set>>i&1 == 0 {
				fixed += int(h >> b & 1)
			}
		}
		for j, i := range heaps {
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

// binomial is C(n, k) for n ≤ mooreHeaps.
func binomial(n, k int) *big.Int { return new(big.Int).Binomial(int64(n), int64(k)) }
