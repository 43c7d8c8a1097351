package variants

import (
	"iter"
	"math"
	"math/big"
	"math/bits"
	"slices"

	"matchgame/internal/engine"
)

// Outcome and winning moves of a sum of heaps under a take-and-break rule.
// Normal play: Sprague–Grundy, P iff the Grundy values xor to 0. Misère
// play: misère Nim on the Grundy values where the certificate proves it
// (breakTable.certifies), exact search of small positions otherwise, and a
// refusal beyond both.

// misereTokens bounds the misère exact search: the tokens in heaps that
// have a move. Every position of 4 heaps of at most 9 is within it; the
// search then visits at most the multisets of heap sizes adding up to 40
// or less (about 200,000).
const misereTokens = 40

// misereMemoCap bounds the memo of the misère search, which is shared by
// every game of a rule; past it the memo starts afresh.
const misereMemoCap = 1 << 20

// breakMethod is how an outcome was found.
type breakMethod uint8

const (
	bySpragueGrundy breakMethod = iota // normal play: the nim-sum of the Grundy values
	byMisereNim                        // misère play where the certificate holds: misère Nim on the Grundy values
	byExactSearch                      // misère play: every position below this one searched
)

// breakAnalysis is what a rule says about one position.
type breakAnalysis struct {
	Outcome engine.Outcome
	Method  breakMethod
	// Values are the heaps' Grundy values and NimSum their xor; nil (0)
	// when an exact search decided a position whose values are unknown.
	Values []uint64
	NimSum uint64
	// CertifiedTo is, in misère play, the largest heap up to which the
	// misère certificate was checked to hold (-1 for none); FirstBad the
	// first heap where it fails, -1 if none is known.
	CertifiedTo, FirstBad int64
	Searched              int // exact search: the positions decided so far for this rule
	winning               iter.Seq[breakMove]
	count                 func() moveCount
}

// Winning yields the winning moves in natural order, lazily: the first
// costs O(n + k·(e+p)) for n heaps of a periodic code, O(n) for Lasker's
// Nim, and a scan of the heap's options in a table.
func (a breakAnalysis) Winning() iter.Seq[breakMove] { return a.winning }

// Count counts the winning moves without listing them: O(k·(e+p)) a heap
// for a periodic code, O(64) for Lasker's Nim, O(k·h) within a table.
func (a breakAnalysis) Count() moveCount { return a.count() }

// aimAt says which options of a heap of value v win: see aim.
func (s nimSum) aimAt(v uint64, c engine.Convention) aim {
	big := s.big
	if v >= 2 {
		big--
	}
	return aim{w: s.x ^ v, flipSmall: c == engine.Misere && big == 0}
}

// aim says which options of one heap leave a P-position, given the other
// heaps' values, which xor to w. An option leaves at most two heaps (its
// parts), worth x together. In normal play, and in misère play when
// another heap is big, it wins when x = w. In misère play with no other
// big heap, parts that are all small win when they make the number of 1s
// odd, that is x = w ⊕ 1 (w is then the parity of the other 1s); a big
// part wins when x = w, as before.
type aim struct {
	w         uint64
	flipSmall bool
}

func (a aim) wins(x uint64, small bool) bool {
	if small && a.flipSmall {
		return x == a.w^1
	}
	return x == a.w
}

// moveCount counts moves exactly: a heap near 2^63 of a code with 32
// split digits has some 2^67 options, and a position many such heaps.
type moveCount struct{ hi, lo uint64 }

func (c *moveCount) add(n uint64) {
	var carry uint64
	c.lo, carry = bits.Add64(c.lo, n, 0)
	c.hi += carry
}

func (c *moveCount) addCount(d moveCount) {
	c.add(d.lo)
	c.hi += d.hi
}

// Int64 is the count when it fits an int64.
func (c moveCount) Int64() (int64, bool) {
	if c.hi != 0 || c.lo > math.MaxInt64 {
		return 0, false
	}
	return int64(c.lo), true
}

// Big is the count as a big.Int.
func (c moveCount) Big() *big.Int {
	n := new(big.Int).SetUint64(c.hi)
	return n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(c.lo))
}

// solve decides p in convention c. Normal play needs every heap's Grundy
// value: any int64 heap of a periodic code or of Lasker's Nim, heaps up to
// breakLimit otherwise. Misère play also needs the certificate for every
// heap up to the largest, or a position small enough to search.
func (r *takeBreak) solve(p []int64, c engine.Convention) (breakAnalysis, error) {
	if err := r.checkHeaps(p); err != nil {
		return breakAnalysis{}, err
	}
	top := slices.Max(p)
	v, verr := r.table.upTo(top)
	a := breakAnalysis{Method: bySpragueGrundy, CertifiedTo: -1, FirstBad: -1}
	var sum nimSum
	if verr == nil {
		a.Values = make([]uint64, len(p))
		for i, h := range p {
			a.Values[i] = v.at(h)
			sum.addValue(a.Values[i])
		}
		a.NimSum = sum.x
	}
	if c == engine.Misere && verr == nil {
		ok, bad := r.table.certified(top)
		a.Method, a.FirstBad = byMisereNim, bad
		switch {
		case ok:
			a.CertifiedTo = top
		case bad > 0:
			a.CertifiedTo = bad - 1
		}
		if !ok {
			return r.searchMisere(p, a, verr)
		}
	}
	if verr != nil {
		if c == engine.Misere {
			return r.searchMisere(p, a, verr)
		}
		return breakAnalysis{}, verr
	}
	a.Outcome = engine.N
	if sum.lost(c) {
		a.Outcome = engine.P
	}
	a.winning = func(yield func(breakMove) bool) {
		if a.Outcome == engine.P {
			return // no option of a heap is worth the heap's own value
		}
		for i, h := range p {
			for o := range r.heapWins(v, h, sum.aimAt(a.Values[i], c)) {
				if !yield(engine.Change{Place: i + 1, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move()) {
					return
				}
			}
		}
	}
	a.count = func() moveCount {
		var n moveCount
		if a.Outcome == engine.N {
			for i, h := range p {
				n.addCount(r.heapWinCount(v, h, sum.aimAt(a.Values[i], c)))
			}
		}
		return n
	}
	return a, nil
}

// heapWins yields, in natural order, the options of a heap of h that aim
// wins. Huge heaps are searched through the period (octal codes) or the
// closed form (Lasker's Nim), never option by option.
func (r *takeBreak) heapWins(v breakView, h int64, a aim) iter.Seq[breakOption] {
	return func(yield func(breakOption) bool) {
		switch r.kind {
		case laskerRule:
			r.laskerWins(h, a, yield)
		case grundyRule:
			for x := range splitWins(v, h, true, a) {
				if !yield(breakOption{0, x, h - x}) {
					return
				}
			}
		default:
			for t := int64(0); t <= min(h, r.maxTake()); t++ {
				d := r.digits[t]
				if t == h && d&1 != 0 && a.wins(0, true) {
					if !yield(breakOption{t, 0, 0}) {
						return
					}
				}
				if u := v.at(h - t); t < h && d&2 != 0 && a.wins(u, u <= 1) {
					if !yield(breakOption{t, 0, h - t}) {
						return
					}
				}
				if d&4 == 0 || h-t < 2 {
					continue
				}
				for x := range splitWins(v, h-t, false, a) {
					if !yield(breakOption{t, x, h - t - x}) {
						return
					}
				}
			}
		}
	}
}

// heapWinCount counts what heapWins yields, without listing it.
func (r *takeBreak) heapWinCount(v breakView, h int64, a aim) moveCount {
	var n moveCount
	switch r.kind {
	case laskerRule:
		return r.laskerWinCount(h, a)
	case grundyRule:
		n.add(splitWinCount(v, h, true, a))
	default:
		for t := int64(0); t <= min(h, r.maxTake()); t++ {
			d := r.digits[t]
			if t == h && d&1 != 0 && a.wins(0, true) {
				n.add(1)
			}
			if u := v.at(h - t); t < h && d&2 != 0 && a.wins(u, u <= 1) {
				n.add(1)
			}
			if d&4 != 0 && h-t >= 2 {
				n.add(splitWinCount(v, h-t, false, a))
			}
		}
	}
	return n
}

// splitPlan lays out the splits of m into a and m − a, 1 ≤ a ≤ hi, for a
// search: the a below start one by one, and from start on by residue:
// beyond the preperiod e both g(a) and g(m−a) depend only on a mod p, so
// whether a split wins depends only on j = (a − start) mod p.
type splitPlan struct {
	m, hi, start, p int64
}

func planSplits(v breakView, m int64, strict bool) splitPlan {
	hi := m / 2
	if strict {
		hi = (m - 1) / 2
	}
	pl := splitPlan{m: m, hi: hi, start: hi + 1}
	// Worth it when a whole period of a lies past e with m − a ≥ e too.
	if v.p > 0 && v.kind != laskerRule && m-hi >= v.e && hi-max(v.e, 1) >= v.p {
		pl.start, pl.p = max(v.e, 1), v.p
	}
	return pl
}

// eachBelow calls f(a, g(a), g(m−a)) for 1 ≤ a < start, a ascending, until
// f returns false. Beyond the table g(m−a) is read walking down the cycle,
// with no division per split.
func (pl splitPlan) eachBelow(v breakView, f func(a int64, u, w uint64) bool) {
	if pl.p == 0 { // the table holds m
		for a := int64(1); a < pl.start; a++ {
			if !f(a, uint64(v.g[a]), uint64(v.g[pl.m-a])) {
				return
			}
		}
		return
	}
	b := v.e + (pl.m-1-v.e)%v.p // the table's index of g(m−1)
	for a := int64(1); a < pl.start; a++ {
		if !f(a, uint64(v.g[a]), uint64(v.g[b])) {
			return
		}
		if b == v.e {
			b += v.p
		}
		b--
	}
}

// eachOffset calls f(j, g(start+j), g(m−start−j)) for 0 ≤ j < p.
func (pl splitPlan) eachOffset(v breakView, f func(j int64, u, w uint64)) {
	a := v.e + (pl.start-v.e)%v.p
	b := v.e + (pl.m-pl.start-v.e)%v.p
	for j := range pl.p {
		f(j, uint64(v.g[a]), uint64(v.g[b]))
		if a++; a == v.e+v.p {
			a = v.e
		}
		if b == v.e {
			b += v.p
		}
		b--
	}
}

// splitWins yields, ascending, the smaller heap a of each split of m that
// aim wins (strict: the two heaps differ).
func splitWins(v breakView, m int64, strict bool, a aim) iter.Seq[int64] {
	return func(yield func(int64) bool) {
		pl := planSplits(v, m, strict)
		stopped := false
		pl.eachBelow(v, func(x int64, u, w uint64) bool {
			if a.wins(u^w, u <= 1 && w <= 1) && !yield(x) {
				stopped = true
			}
			return !stopped
		})
		if stopped || pl.p == 0 {
			return
		}
		var offsets []int64
		pl.eachOffset(v, func(j int64, u, w uint64) {
			if a.wins(u^w, u <= 1 && w <= 1) {
				offsets = append(offsets, j)
			}
		})
		if len(offsets) == 0 {
			return
		}
		for base := pl.start; ; base += pl.p {
			for _, j := range offsets {
				if base+j > pl.hi || !yield(base+j) {
					return
				}
			}
			if base > pl.hi-pl.p {
				return // the next base would pass hi (and might overflow)
			}
		}
	}
}

// splitWinCount counts what splitWins yields: O(e + p) for a periodic
// code, O(m) otherwise.
func splitWinCount(v breakView, m int64, strict bool, a aim) uint64 {
	pl := planSplits(v, m, strict)
	var n uint64
	pl.eachBelow(v, func(_ int64, u, w uint64) bool {
		if a.wins(u^w, u <= 1 && w <= 1) {
			n++
		}
		return true
	})
	if pl.p > 0 {
		pl.eachOffset(v, func(j int64, u, w uint64) {
			if first := pl.start + j; first <= pl.hi && a.wins(u^w, u <= 1 && w <= 1) {
				n += uint64((pl.hi-first)/pl.p) + 1
			}
		})
	}
	return n
}

// Lasker's Nim on a huge heap. The options in natural order: the splits
// a + b = h (take 0), a ascending, then take t = 1 … h leaving one heap
// h − t. Only heaps 0 and 1 have values below 2, so apart from a = 1 and
// the heaps 1 and 0 left by the last two takes, every part is big and wins
// exactly when the parts xor to aim.w.

func (r *takeBreak) laskerWins(h int64, a aim, yield func(breakOption) bool) {
	if h >= 2 && laskerSmallSplit(h, a) && !yield(breakOption{0, 1, h - 1}) {
		return
	}
	for x := range laskerSplits(h, a.w) {
		if !yield(breakOption{0, x, h - x}) {
			return
		}
	}
	b, ok := laskerSwap.heapOf(a.w)
	takeWins(h, b, ok, a, func(t int64) bool { return yield(breakOption{t, 0, h - t}) })
}

// takeWins yields, ascending, the takes from a heap of h that aim wins,
// in a game where a take may leave any smaller heap: to the heap b worth
// aim.w (known: the value is one-to-one), then to 1 and to nothing,
// whose values are small.
func takeWins(h, b int64, known bool, a aim, yield func(take int64) bool) bool {
	if known && b >= 2 && b < h && !yield(h-b) {
		return false
	}
	if h >= 2 && a.wins(1, true) && !yield(h-1) {
		return false
	}
	return h < 1 || !a.wins(0, true) || yield(h)
}

// takeWinCount counts what takeWins yields.
func takeWinCount(h, b int64, known bool, a aim) uint64 {
	var n uint64
	takeWins(h, b, known, a, func(int64) bool { n++; return true })
	return n
}

func (r *takeBreak) laskerWinCount(h int64, a aim) moveCount {
	var n moveCount
	if h >= 2 && laskerSmallSplit(h, a) {
		n.add(1)
	}
	for _, c := range laskerClasses(h, a.w) {
		n.add(c.hi - c.lo)
	}
	b, ok := laskerSwap.heapOf(a.w)
	n.add(takeWinCount(h, b, ok, a))
	return n
}

// laskerSmallSplit reports whether the split 1 + (h−1) wins.
func laskerSmallSplit(h int64, a aim) bool {
	u := laskerSwap.value(h - 1)
	return a.wins(1^u, u <= 1)
}

// laskerClass is the splits a + b = h, 2 ≤ a ≤ b, a ≡ r (mod 4), with
// g(a) ⊕ g(b) = w. Writing g(a) = 4A + s_a and g(b) = 4B + s_b, A + B is
// fixed by h and A ⊕ B = w >> 2, so A = base + (a submask of free): the
// j-th submask in increasing order, deposit(j, free), for j in [lo, hi),
// gives a = 4(A − c) + r, ascending.
type laskerClass struct {
	r, c       int64
	base, free uint64
	lo, hi     uint64
}

func (k laskerClass) heap(j uint64) int64 {
	return 4*(int64(k.base|deposit(j, k.free))-k.c) + k.r
}

func laskerClasses(h int64, w uint64) []laskerClass {
	var out []laskerClass
	for r := range int64(4) {
		rb := ((h-r)%4 + 4) % 4
		if h < 4 || h < r+rb {
			continue
		}
		ca, sa := laskerSwap.shift(r)
		cb, sb := laskerSwap.shift(rb)
		if sa^sb != w&3 {
			continue
		}
		sum := (h-r-rb)/4 + ca + cb // A + B
		free := w >> 2              // A ⊕ B
		if sum < 0 || uint64(sum) < free || (uint64(sum)-free)%2 != 0 {
			continue
		}
		base := (uint64(sum) - free) / 2 // A & B
		if base&free != 0 {
			continue
		}
		// 2 ≤ a ≤ h/2, with a = 4(A − c) + r.
		loA := ca + ceilDiv(2-r, 4)
		hiA := ca + floorDiv(h/2-r, 4)
		if hiA < max(loA, 0) {
			continue
		}
		k := laskerClass{r: r, c: ca, base: base, free: free}
		k.lo = submasksUpTo(free, max(loA, 0)-1-int64(base))
		k.hi = submasksUpTo(free, hiA-int64(base))
		if k.lo < k.hi {
			out = append(out, k)
		}
	}
	return out
}

// laskerSplits yields, ascending, the a ≥ 2 of the splits a + b = h,
// a ≤ b, with g(a) ⊕ g(b) = w: the four residue classes merged.
func laskerSplits(h int64, w uint64) iter.Seq[int64] {
	return func(yield func(int64) bool) {
		classes := laskerClasses(h, w)
		next := make([]int64, len(classes))
		for i, k := range classes {
			next[i] = k.heap(k.lo)
		}
		for {
			best := -1
			for i, k := range classes {
				if k.lo < k.hi && (best < 0 || next[i] < next[best]) {
					best = i
				}
			}
			if best < 0 {
				return
			}
			if !yield(next[best]) {
				return
			}
			k := &classes[best]
			if k.lo++; k.lo < k.hi {
				next[best] = k.heap(k.lo)
			}
		}
	}
}

// submasksUpTo counts the submasks m of v with m ≤ y (0 when y < 0).
func submasksUpTo(v uint64, y int64) uint64 {
	if y < 0 {
		return 0
	}
	var n uint64
	for i := 63; i >= 0; i-- {
		bit := uint64(1) << i
		if uint64(y)&bit == 0 {
			continue // m must have a 0 here too
		}
		n += 1 << bits.OnesCount64(v&(bit-1)) // m has a 0 where y has a 1: any lower bits
		if v&bit == 0 {
			return n
		}
	}
	return n + 1 // m = y
}

// deposit puts the low bits of j, in order, on the set bits of v: the j-th
// submask of v in increasing order.
func deposit(j, v uint64) uint64 {
	var m uint64
	for ; v != 0 && j != 0; j >>= 1 {
		low := v & -v
		if j&1 != 0 {
			m |= low
		}
		v &^= low
	}
	return m
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// searchMisere decides a misère position by exact search over the
// multisets of heap sizes below it (order does not matter, and heaps with
// no move never will), when its heaps with a move hold at most
// misereTokens tokens. why is the error that sent it here, if any; a
// position too large to search is refused with it or with the failing
// certificate. Cost: at most the multisets of sizes adding up to 40, for
// the first position of a rule (a Kayles row of 40: 42,000 of them, 0.1 s;
// Lasker's Nim, never searched, is the worst: 215,000); then memoised.
func (r *takeBreak) searchMisere(p []int64, a breakAnalysis, why error) (breakAnalysis, error) {
	tokens := int64(0)
	for _, h := range p {
		if r.canMove(h) {
			tokens += min(h, misereTokens+1) // no overflow, whatever the heaps
		}
	}
	if tokens > misereTokens {
		if why != nil {
			return breakAnalysis{}, why
		}
		return breakAnalysis{}, engine.Refuse("err.break.misere", r.title(), a.FirstBad, misereTokens)
	}
	key := make([]byte, 0, misereTokens)
	for _, h := range p {
		if r.canMove(h) {
			key = append(key, byte(h))
		}
	}
	slices.Sort(key)
	t := r.table
	t.searchMu.Lock()
	if t.memo == nil || len(t.memo) > misereMemoCap {
		t.memo = map[string]bool{}
	}
	s := misereSearch{memo: t.memo, options: r.searchOptions()}
	var winning []breakMove
	for m := range r.moves(p) {
		h := p[m.First().Place-1]
		if s.lost(s.after(key, byte(h), s.options[h][s.index(h, m)])) {
			winning = append(winning, m)
		}
	}
	lost := s.lost(key)
	a.Searched = len(t.memo)
	t.searchMu.Unlock()
	a.Method, a.Outcome = byExactSearch, engine.N
	if lost {
		a.Outcome = engine.P
	}
	a.winning = slices.Values(winning)
	a.count = func() moveCount { return moveCount{lo: uint64(len(winning))} }
	return a, nil
}

// searchOption is an option of a heap as the search sees it: the heaps it
// leaves that still have a move, and which move it is.
type searchOption struct {
	take, left int64
	parts      [2]byte
	n          int
}

// searchOptions lists the options of every heap up to misereTokens once.
func (r *takeBreak) searchOptions() [][]searchOption {
	t := r.table
	if t.options == nil {
		t.options = make([][]searchOption, misereTokens+1)
		for h := range t.options {
			for o := range r.heapOptions(int64(h)) {
				so := searchOption{take: o.Take, left: o.Left}
				for _, part := range [2]int64{o.Left, o.Right} {
					if r.canMove(part) {
						so.parts[so.n] = byte(part)
						so.n++
					}
				}
				t.options[h] = append(t.options[h], so)
			}
		}
	}
	return t.options
}

// misereSearch is one exact search, under the table's searchMu.
type misereSearch struct {
	memo    map[string]bool // sorted heaps with a move → misère P-position
	options [][]searchOption
}

// index finds move m among the options of a heap of h.
func (s misereSearch) index(h int64, m breakMove) int {
	for i, o := range s.options[h] {
		if o.take == m.First().Amount && o.left == m.First().Pieces[0] {
			return i
		}
	}
	panic("variants: a generated move is not an option")
}

// after is key with one heap h replaced by what option o leaves, sorted.
func (s misereSearch) after(key []byte, h byte, o searchOption) []byte {
	child := make([]byte, 0, len(key)+1)
	at, _ := slices.BinarySearch(key, h)
	child = append(append(child, key[:at]...), key[at+1:]...)
	for _, part := range o.parts[:o.n] {
		i, _ := slices.BinarySearch(child, part)
		child = slices.Insert(child, i, part)
	}
	return child
}

// lost reports whether the heaps in key are a misère P-position: they
// have a move and every move leads to an N-position.
func (s misereSearch) lost(key []byte) bool {
	if lost, ok := s.memo[string(key)]; ok {
		return lost
	}
	lost := len(key) > 0 // with no move left the player to move has won
	var buf [misereTokens + 2]byte
	for i := 0; i < len(key) && lost; i++ {
		if i > 0 && key[i] == key[i-1] {
			continue // the same heap again: the same options
		}
		for _, o := range s.options[key[i]] {
			// The child: key without heap i, with the parts inserted.
			child := append(append(buf[:0], key[:i]...), key[i+1:]...)
			for _, part := range o.parts[:o.n] {
				j, _ := slices.BinarySearch(child, part)
				child = slices.Insert(child, j, part)
			}
			if s.lost(child) {
				lost = false
				break
			}
		}
	}
	s.memo[string(key)] = lost
	return lost
}
