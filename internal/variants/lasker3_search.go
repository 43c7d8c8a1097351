package variants

import (
	"iter"
	"math/bits"
	"sync"
)

// The splits a + b + c = h (1 ≤ a ≤ b ≤ c) of Lasker's Nim with three
// parts whose values xor to a given x, for any int64 heap: found in
// natural order (a ascending, then b) and counted, never listed one by one.
//
// Write a part as 8q + r. Its value is 8Q + low(r), Q = q + shift(r)
// (shift 1 at r = 7, −1 at r = 0, else 0). For each class of residues
// (ra, rb, rc) with ra + rb + rc ≡ h (mod 8) and low(ra) ⊕ low(rb) ⊕
// low(rc) = x mod 8, the three numbers Q have a fixed sum S and a fixed
// xor X = x >> 3. Sum and xor together fix how many of the three have a 1
// in each binary column (s_i = X_i + 2·M_i, M = (S − X)/2): the columns do
// not carry, so a search from the highest column down meets every
// solution and, with a table of which states can still finish, tries no
// branch in vain. The state compares the parts as it goes (Qa − Qb and
// Qb − Qc, clamped: past ±3 the order is settled) and remembers which Q
// is not 0 yet (a part of residue 7 needs Q ≥ 1).

// trioStates is how many states the column search has: Qa − Qb and
// Qb − Qc clamped to −3…3, and three flags.
const trioStates = 7 * 7 * 8

type trioState uint16

func trioAt(dab, dbc int, nz uint8) trioState {
	return trioState(((dab+3)*7+dbc+3)*8 + int(nz))
}

func (s trioState) parts() (dab, dbc int, nz uint8) {
	return int(s)/56 - 3, int(s)/8%7 - 3, uint8(s % 8)
}

// next is the state after one more column whose bits are xa, xb, xc.
func (s trioState) next(xa, xb, xc int) trioState { return trioNext[s][xa|xb<<1|xc<<2] }

// trioNext is the table of next, worked out once.
var trioNext = func() (t [trioStates][8]trioState) {
	clamp := func(d int) int { return max(-3, min(3, d)) }
	for s := range trioState(trioStates) {
		dab, dbc, nz := s.parts()
		for b := range 8 {
			xa, xb, xc := b&1, b>>1&1, b>>2&1
			t[s][b] = trioAt(clamp(2*dab+xa-xb), clamp(2*dbc+xb-xc), nz|uint8(b))
		}
	}
	return t
}()

// trioSet is a set of states.
type trioSet [(trioStates + 63) / 64]uint64

func (t *trioSet) add(s trioState)      { t[s/64] |= 1 << (s % 64) }
func (t *trioSet) has(s trioState) bool { return t[s/64]&(1<<(s%64)) != 0 }
func (t *trioSet) empty() bool {
	for _, w := range t {
		if w != 0 {
			return false
		}
	}
	return true
}

// trioClass is one class of residues, with the column counts and the
// table of states that can finish.
type trioClass struct {
	r, off   [3]int64  // the residues; a part is 8Q + off (off = r − 8·shift)
	lim      [2]int    // Qa − Qb ≤ lim[0] and Qb − Qc ≤ lim[1]
	need     uint8     // the Q that must not be 0
	cols     []int     // s_i, the lowest column first
	finishes []trioSet // finishes[i]: the states the i lowest columns can finish from
	n        moveCount // how many splits the class has
}

// trioClasses are the classes of h's splits worth x that have a solution,
// and how many splits they have. The count is kept (trioCounts): an
// analysis lists a heap's first winning splits and then counts them, and
// building the classes is most of the work of both.
func trioClasses(h int64, x uint64) (out []*trioClass, n moveCount) {
	for ra := range int64(8) {
		for rb := range int64(8) {
			rc := ((h-ra-rb)%8 + 8) % 8
			if k := newTrioClass(h, x, [3]int64{ra, rb, rc}); k != nil {
				out = append(out, k)
				n.addCount(k.n)
			}
		}
	}
	trioCounts.Lock()
	defer trioCounts.Unlock()
	if len(trioCounts.m) >= 4096 || trioCounts.m == nil {
		trioCounts.m = map[[2]uint64]moveCount{}
	}
	trioCounts.m[[2]uint64{uint64(h), x}] = n
	return out, n
}

// trioCounts holds the counts of the splits of the heaps and values
// trioClasses met lately.
var trioCounts struct {
	sync.Mutex
	m map[[2]uint64]moveCount
}

func newTrioClass(h int64, x uint64, r [3]int64) *trioClass {
	k := &trioClass{r: r}
	rest := h - r[0] - r[1] - r[2]
	if rest < 0 {
		return nil
	}
	sum := rest / 8
	var low uint64
	for i, ri := range r {
		shift, l := lasker3Swap.shift(ri)
		sum += shift
		low ^= l
		k.off[i] = ri - 8*shift
		if ri == 7 {
			k.need |= 1 << i
		}
	}
	X := x >> 3
	if low != x&7 || sum < 0 || uint64(sum) < X || (uint64(sum)-X)%2 != 0 {
		return nil
	}
	m := (uint64(sum) - X) / 2
	for i := range bits.Len64(uint64(sum)) {
		k.cols = append(k.cols, int(X>>i&1+2*(m>>i&1)))
	}
	k.lim = [2]int{int(floorDiv(k.off[1]-k.off[0], 8)), int(floorDiv(k.off[2]-k.off[1], 8))}
	// One pass from the lowest column up counts the ways each state can
	// finish; the states with a way are the table the search reads.
	k.finishes = make([]trioSet, len(k.cols)+1)
	var ways [2][trioStates]moveCount
	was, now := &ways[0], &ways[1]
	for s := range trioState(trioStates) {
		if k.accepts(s) {
			was[s] = moveCount{lo: 1}
			k.finishes[0].add(s)
		}
	}
	for i, c := range k.cols {
		for s := range trioState(trioStates) {
			var n moveCount
			for _, b := range trioBits[c] {
				n.addCount(was[s.next(b[0], b[1], b[2])])
			}
			if now[s] = n; n != (moveCount{}) {
				k.finishes[i+1].add(s)
			}
		}
		was, now = now, was
	}
	if k.n = was[trioAt(0, 0, 0)]; k.n == (moveCount{}) {
		return nil
	}
	return k
}

func (k *trioClass) accepts(s trioState) bool {
	dab, dbc, nz := s.parts()
	return dab <= k.lim[0] && dbc <= k.lim[1] && nz&k.need == k.need
}

// trioBits lists the bits (xa, xb, xc) of a column with s ones.
var trioBits = func() [4][][3]int {
	var t [4][][3]int
	for m := range 8 {
		b := [3]int{m & 1, m >> 1 & 1, m >> 2 & 1}
		t[b[0]+b[1]+b[2]] = append(t[b[0]+b[1]+b[2]], b)
	}
	return t
}()

// splits yields the class's (a, b), a ascending, then b.
func (k *trioClass) splits(yield func(a, b int64) bool) {
	top := len(k.cols)
	var qa uint64
	var forB func(i int, s trioState, qb uint64) bool
	forB = func(i int, s trioState, qb uint64) bool {
		if i < 0 {
			return yield(8*int64(qa)+k.off[0], 8*int64(qb)+k.off[1])
		}
		xa := int(qa >> i & 1)
		for xb := range 2 {
			xc := k.cols[i] - xa - xb
			if xc < 0 || xc > 1 {
				continue
			}
			if n := s.next(xa, xb, xc); k.finishes[i].has(n) && !forB(i-1, n, qb|uint64(xb)<<i) {
				return false
			}
		}
		return true
	}
	var forA func(i int, set *trioSet, q uint64) bool
	forA = func(i int, set *trioSet, q uint64) bool {
		if i < 0 {
			qa = q
			return forB(top-1, trioAt(0, 0, 0), 0)
		}
		for xa := range 2 {
			var next trioSet
			for s := range trioState(trioStates) {
				if !set.has(s) {
					continue
				}
				for _, b := range trioBits[k.cols[i]] {
					if n := s.next(b[0], b[1], b[2]); b[0] == xa && k.finishes[i].has(n) {
						next.add(n)
					}
				}
			}
			if !next.empty() && !forA(i-1, &next, q|uint64(xa)<<i) {
				return false
			}
		}
		return true
	}
	var start trioSet
	start.add(trioAt(0, 0, 0))
	forA(top-1, &start, 0)
}

// trioSplits yields, in natural order, the splits of h into three whose
// values xor to x: the classes merged.
func trioSplits(h int64, x uint64) iter.Seq2[int64, int64] {
	return func(yield func(a, b int64) bool) {
		classes, _ := trioClasses(h, x)
		type head struct {
			a, b int64
			next func() (int64, int64, bool)
			stop func()
		}
		heads := make([]head, 0, len(classes))
		defer func() {
			for _, hd := range heads {
				hd.stop()
			}
		}()
		for _, k := range classes {
			next, stop := iter.Pull2(k.splits)
			a, b, ok := next()
			if !ok {
				stop()
				continue
			}
			heads = append(heads, head{a, b, next, stop})
		}
		for len(heads) > 0 {
			best := 0
			for i, hd := range heads {
				if hd.a < heads[best].a || hd.a == heads[best].a && hd.b < heads[best].b {
					best = i
				}
			}
			hd := &heads[best]
			if !yield(hd.a, hd.b) {
				return
			}
			var ok bool
			if hd.a, hd.b, ok = hd.next(); !ok {
				hd.stop()
				heads = append(heads[:best], heads[best+1:]...)
			}
		}
	}
}

// trioCount counts what trioSplits yields.
func trioCount(h int64, x uint64) moveCount {
	trioCounts.Lock()
	n, ok := trioCounts.m[[2]uint64{uint64(h), x}]
	trioCounts.Unlock()
	if !ok {
		_, n = trioClasses(h, x)
	}
	return n
}
