package variants

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"matchgame/internal/engine"
)

// Grundy values of take-and-break rules: g(h) is the mex of the values of
// the heap's options, an option that leaves two heaps a and b being worth
// g(a) ⊕ g(b) (a sum of two games).
//
// A table grows only as far as the heaps asked for, up to breakLimit. An
// octal code looks for its period each time its table grows and, once the
// Guy–Smith theorem proves one, answers every int64 heap through it. Lasker's
// Nim needs no table at all (its closed form, checked against this table by
// the tests, answers every heap); Grundy's game and codes with no proved
// period answer the heaps in the table and refuse larger ones.
//
// The Guy–Smith theorem, as used here (Guy and Smith 1956; Winning Ways,
// ch. 4): let k be the position of the last non-zero digit of an octal
// code, p ≥ 1 and e ≥ 1. If g(n+p) = g(n) for all e ≤ n < 2e+p+k, then
// g(n+p) = g(n) for all n ≥ e. Proof, by induction on N ≥ 2e+p+k: the
// options of N and N+p correspond one to one with the same parts' values.
// Neither heap can be taken whole (t ≤ k < N). One heap left: N−t ≥ 2e+p
// ≥ e and N−t < N. Two heaps: a split a ≤ b of N−t gives (a, b+p), since
// b ≥ (N−k)/2 ≥ e; a split a ≤ c of N+p−t gives (a, c−p), since
// c ≥ (N+p−k)/2 ≥ e+p, so c−p ≥ e ≥ 1 is a non-empty heap. The bound is
// exactly the one needed when some digit has bit 4 (codes without splits
// would need only e ≤ n < e+k); it is used for every code. The condition
// e ≥ 1 matters: with e = 0 the heap c−p may be empty, an option of another
// kind. A purely periodic sequence (preperiod 0) is proved from e = 1 and
// g(p) = g(0) is read from the table.

const (
	// breakLimit is the largest heap a table holds: Grundy's game and codes
	// with no proved period are solved up to it and refused beyond. The
	// split options make a table of n values cost about n²/4 steps: this one
	// takes about a third of a second (see BenchmarkBreakTable).
	breakLimit = 1<<15 - 1
	// breakFirstGrowth is the first size of an octal code's table: enough
	// to prove the periods of Kayles and Dawson's Kayles at once.
	breakFirstGrowth = 256
	// maxGrundyValue is the largest value a table holds (uint16). A table
	// stops growing before a larger one (none is known below breakLimit).
	maxGrundyValue = 1<<16 - 1
)

// breakTable holds the Grundy values of one rule. It is safe for
// concurrent use; values once computed never change.
type breakTable struct {
	key    string // the code, "lasker" or "grundy"
	kind   breakKind
	k      int64   // the number of code digits
	whole  []int64 // takes t that may remove a whole heap (bit 1)
	one    []int64 // takes that may leave one heap (bit 2)
	two    []int64 // takes that may leave two heaps (bit 4); {0} for Lasker and Grundy
	strict bool    // Grundy's game: the two heaps must differ

	mu    sync.Mutex
	limit int64 // the largest heap the table may grow to
	g     []uint16
	maxV  uint16
	// ring holds the set of values g(a) ⊕ g(m−a) of the splits of m, kept
	// for the k heaps that still need it: each is computed once, not once
	// per take, so 32 split digits cost no more than one.
	ring  [][]uint64
	seen  []uint64 // Lasker: every value so far (its one-heap options)
	mark  []uint32 // splitValues: mark[x] = stamp, some split is worth x
	stamp uint32
	e, p  int64 // once p > 0: g(n+p) = g(n) for every n ≥ e, proved
	// The misère certificate (see certifies): heaps below certTo checked,
	// firstBad the first that fails, −1 for none so far.
	certTo   int64
	firstBad int64
	flags    []uint8 // per split size m: which kinds of split it has (splitFlags)

	searchMu sync.Mutex
	memo     map[string]bool  // misère exact search: P-positions by sorted heaps
	options  [][]searchOption // the options of each heap the search meets
}

func newBreakTable(key string, kind breakKind, digits []uint8) *breakTable {
	t := &breakTable{key: key, kind: kind, k: max(0, int64(len(digits))-1), limit: breakLimit, firstBad: -1}
	switch kind {
	case octalRule:
		for i, d := range digits {
			tk := int64(i)
			if d&1 != 0 {
				t.whole = append(t.whole, tk)
			}
			if d&2 != 0 {
				t.one = append(t.one, tk)
			}
			if d&4 != 0 {
				t.two = append(t.two, tk)
			}
		}
	case grundyRule:
		t.two, t.strict = []int64{0}, true
	case laskerRule:
		t.two = []int64{0}
	}
	if len(t.two) > 0 {
		t.ring = make([][]uint64, t.two[len(t.two)-1]-t.two[0]+1)
	}
	return t
}

// breakView is a snapshot of a table that answers every heap up to the
// largest asked for, without locking.
type breakView struct {
	kind breakKind
	g    []uint16
	e, p int64
}

// at is g(h): Lasker's closed form, the table, or the table read through
// the period.
func (v breakView) at(h int64) uint64 {
	switch {
	case v.kind == laskerRule:
		return laskerSwap.value(h)
	case h < int64(len(v.g)):
		return uint64(v.g[h])
	}
	return uint64(v.g[v.e+(h-v.e)%v.p])
}

// tabled reports whether g(h) is read from the table itself.
func (v breakView) tabled(h int64) bool { return v.kind != laskerRule && h < int64(len(v.g)) }

// blockSwap is the closed form of Lasker's Nim and of its form with
// splits into three: g(n) = n, except that the last two numbers of each
// block of that many swap (4 for splits in two: g(4k+3) = 4k+4,
// g(4k+4) = 4k+3; 8 for splits in three). TestLaskerClosedForm and
// TestLasker3Values check them against the mex.
type blockSwap int64

const (
	laskerSwap  blockSwap = 4
	lasker3Swap blockSwap = 8
)

// value is g(h). It is a uint64: g(2^63 − 1) = 2^63.
func (s blockSwap) value(h int64) uint64 {
	switch b := int64(s); {
	case h == 0:
		return 0
	case h%b == b-1:
		return uint64(h) + 1
	case h%b == 0:
		return uint64(h) - 1
	}
	return uint64(h)
}

// heapOf is the heap worth w (the form is one-to-one); ok is false when
// that heap is beyond int64.
func (s blockSwap) heapOf(w uint64) (int64, bool) {
	switch b := uint64(s); {
	case w == 0:
		return 0, true
	case w%b == b-1:
		return int64(w + 1), w < math.MaxInt64
	case w%b == 0:
		return int64(w - 1), w-1 <= math.MaxInt64 // g(2^63 − 1) = 2^63
	}
	return int64(w), w <= math.MaxInt64
}

// shift gives g(x) = b(q + c) + low for x = bq + r by r (b the block;
// x ≥ 1).
func (s blockSwap) shift(r int64) (c int64, low uint64) {
	switch b := int64(s); r {
	case b - 1:
		return 1, 0 // g(bq + b − 1) = b(q + 1)
	case 0:
		return -1, uint64(b - 1) // g(bq) = b(q − 1) + b − 1
	}
	return 0, uint64(r)
}

// upTo readies the table for every heap up to top and returns a view of
// it, or refuses a heap beyond what can be proved.
func (t *breakTable) upTo(top int64) (breakView, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.readyTo(top); err != nil {
		return breakView{}, err
	}
	return t.view(), nil
}

// readyTo is upTo under the lock.
func (t *breakTable) readyTo(top int64) error {
	if t.kind == laskerRule {
		return nil
	}
	if t.kind == grundyRule && top > t.limit { // no period to find: refused at once, not after the table
		return engine.Refuse("err.break.grundy", top, t.limit)
	}
	for top >= int64(len(t.g)) && t.p == 0 {
		have := int64(len(t.g))
		if have > t.limit {
			return engine.Refuse("err.break.period", top, t.key, t.limit)
		}
		// An octal code doubles its table (at most up to the heap asked)
		// and looks for the period again: a periodic code stops early,
		// whatever heap is asked.
		n := min(top, t.limit) + 1
		if t.kind == octalRule {
			n = min(n, max(2*have, breakFirstGrowth))
		}
		t.grow(n)
		if t.kind == octalRule {
			t.findPeriod()
		}
	}
	return nil
}

func (t *breakTable) view() breakView { return breakView{kind: t.kind, g: t.g, e: t.e, p: t.p} }

// words is how many 64-bit words hold a set of values xor-ed from the
// table's values so far.
func (t *breakTable) words() int {
	return 1 << max(0, bits.Len16(t.maxV)-6)
}

// grow extends the table to n values. It stops early, and lowers the
// limit, before a value that would not fit a uint16.
func (t *breakTable) grow(n int64) {
	if n <= int64(len(t.g)) {
		return
	}
	g := slices.Grow(t.g, int(n)-len(t.g))
	var options []uint64
	for h := int64(len(g)); h < n; h++ {
		w := t.words()
		options = slices.Grow(options[:0], w)[:w]
		clear(options)
		mark := func(v uint16) { options[v>>6] |= 1 << (v & 63) }
		if t.kind == laskerRule {
			// Take t ≥ 1 leaving one heap: every value below h.
			copy(options, t.seen)
		}
		for _, tk := range t.whole {
			if tk == h {
				mark(0)
			}
		}
		for _, tk := range t.one {
			if tk < h {
				mark(g[h-tk])
			}
		}
		if len(t.two) > 0 {
			// The newest split size h − min(two) is computed now; the
			// others were computed for earlier heaps.
			if m := h - t.two[0]; m >= 0 {
				t.ring[m%int64(len(t.ring))] = t.splitValues(g, m, t.ring[m%int64(len(t.ring))])
			}
			for _, tk := range t.two {
				if m := h - tk; m >= 2 {
					for i, word := range t.ring[m%int64(len(t.ring))] {
						options[i] |= word
					}
				}
			}
		}
		mex := 0
		for i, word := range options {
			if word != ^uint64(0) {
				mex = 64*i + bits.TrailingZeros64(^word)
				break
			}
			mex = 64 * (i + 1)
		}
		if mex > maxGrundyValue {
			t.limit = h - 1
			break
		}
		v := uint16(mex)
		g = append(g, v)
		t.maxV = max(t.maxV, v)
		if t.kind == laskerRule {
			if need := int(v>>6) + 1; len(t.seen) < need {
				t.seen = append(t.seen, make([]uint64, need-len(t.seen))...)
			}
			t.seen[v>>6] |= 1 << (v & 63)
		}
	}
	t.g = g
}

// splitValues is the set of g(a) ⊕ g(m−a) over the splits of m into two
// non-empty heaps a ≤ m−a (a < m−a for Grundy's game), written into s.
// This is where the table spends its time, so the loop avoids a
// read-modify-write per split, whose chain through memory would be the
// bottleneck: while every value is below 64 the set is one word in a
// register; while the values are few next to the splits, each split only
// stamps its xor in t.mark; otherwise (Lasker's Nim, whose values grow
// with the heap) the bits are set directly.
func (t *breakTable) splitValues(g []uint16, m int64, s []uint64) []uint64 {
	hi := m / 2
	if t.strict {
		hi = (m - 1) / 2
	}
	w := t.words()
	s = slices.Grow(s[:0], w)[:w]
	clear(s)
	if hi < 1 {
		return s
	}
	left := g[1 : hi+1]
	right := g[m-hi : m][:len(left)] // right[len−1−i] = g(m − 1 − i)
	n := len(left)
	switch {
	case w == 1:
		var set uint64
		for i, u := range left {
			set |= 1 << ((u ^ right[n-1-i]) & 63)
		}
		s[0] = set
	case 64*w <= n:
		if len(t.mark) < 64*w {
			t.mark = make([]uint32, 64*w)
		}
		if t.stamp++; t.stamp == 0 { // 2^32 splits later: start afresh
			clear(t.mark)
			t.stamp = 1
		}
		mark, stamp := t.mark, t.stamp
		for i, u := range left {
			mark[u^right[n-1-i]] = stamp
		}
		for x, st := range mark[:64*w] {
			if st == stamp {
				s[x>>6] |= 1 << (x & 63)
			}
		}
	default:
		for i, u := range left {
			x := u ^ right[n-1-i]
			s[x>>6] |= 1 << (x & 63)
		}
	}
	return s
}

// findPeriod looks in the table, as far as it goes, for the least period p
// that the Guy–Smith theorem proves, with its least preperiod e.
func (t *breakTable) findPeriod() {
	g, n := t.g, int64(len(t.g))
	for p := int64(1); 2*p+t.k+2 <= n; p++ {
		e := t.repeatsFrom(p)
		if 2*max(e, 1)+2*p+t.k > n {
			continue // not proved by this table; a larger one may
		}
		// Proved. A smaller period (a divisor of p) that repeats over a
		// whole cycle from e is a period from e too; none is expected,
		// since p is the first proved, but the least period is reported.
		for d := int64(1); d < p; d++ {
			if p%d == 0 && slices.Equal(g[e:e+p], g[e+d:e+d+p]) {
				p = d
				break
			}
		}
		t.e, t.p = t.repeatsFrom(p), p
		return
	}
}

// repeatsFrom is the least e with g(n+p) = g(n) for every e ≤ n < len−p.
func (t *breakTable) repeatsFrom(p int64) int64 {
	e := int64(len(t.g)) - p
	for e > 0 && t.g[e-1] == t.g[e-1+p] {
		e--
	}
	return e
}

// period returns the proved period p and preperiod e, and the range
// e ≤ n < to over which the table shows g(n+p) = g(n), which is what the
// Guy–Smith theorem needs (to = 2e+p+k, with e = 1 standing in for 0);
// ok is false while no period is proved.
func (t *breakTable) period() (e, p, to int64, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.p == 0 {
		return 0, 0, 0, false
	}
	return t.e, t.p, 2*max(t.e, 1) + t.p + t.k, true
}

// Split kinds, as splitFlags records them: a split whose two heaps both
// have value 0 or 1, and one with a heap of value 2 or more, each by the
// xor of the two values when that is 0 or 1.
const (
	smallZero uint8 = 1 << iota
	smallOne
	bigZero
	bigOne
	flagsDone
)

// splitFlags says which kinds of split m has (see smallZero). Cached per m.
func (t *breakTable) splitFlags(m int64) uint8 {
	if m < int64(len(t.flags)) && t.flags[m]&flagsDone != 0 {
		return t.flags[m]
	}
	if need := int(m) + 1; len(t.flags) < need {
		t.flags = append(t.flags, make([]uint8, need-len(t.flags))...)
	}
	hi := m / 2
	if t.strict {
		hi = (m - 1) / 2
	}
	f := flagsDone
	for a := int64(1); a <= hi && f != flagsDone|smallZero|smallOne|bigZero|bigOne; a++ {
		u, w := t.g[a], t.g[m-a]
		if x := u ^ w; x <= 1 {
			if u <= 1 && w <= 1 {
				f |= smallZero << x
			} else {
				f |= bigZero << x
			}
		}
	}
	t.flags[m] = f
	return f
}

// certifies reports whether heap h passes the misère certificate. When
// every heap of a position passes, misère play is misère Nim on the Grundy
// values: if every value is 0 or 1, the position is P iff an odd number
// are 1; otherwise P iff their xor is 0.
//
// Call a value ≥ 2 big, a part of an option one of the (at most two)
// heaps it leaves, and an option small when no part is big (leaving
// nothing is small). For x = 0, 1 let S_x say that h has a small option
// worth x, and B_x that it has an option worth x with a big part. With
// v = g(h), the certificate is:
//
//	C1: v ≤ 1: not B_{1−v};
//	C2: v = 0 and h has a move: S_1;
//	C3: v ≥ 2: (S_1 or B_0) and (S_0 or B_1).
//
// (For v = 1, C1 makes the option worth 0 that the mex provides small:
// S_0.) Proof, by induction over positions whose heaps all pass; the claim
// holds at the end, where every value is 0 and there is no 1: N, as
// misère play says. A claimed P-position moves only to claimed
// N-positions. With big values and xor 0 there are two big values: a
// move changes the xor (no option is worth its heap) and leaves a big one.
// With values 0 and 1 only and an odd number of 1s, a small option changes
// the parity of the 1s, and one with a big part leaves xor 1 ⊕ v ⊕ g(o),
// not 0 by C1. A claimed N-position has a move to a claimed P-position.
// With two big values or more and xor x ≠ 0: Nim's move, to the option
// worth v ⊕ x that the mex provides, leaves xor 0 and a big value. With one
// big value, the others xor to r, the parity of their 1s: C3 gives S_{1⊕r}
// (values 0 and 1 only, an odd number of 1s) or B_r (xor 0 and a big part).
// With values 0 and 1 only and an even number of 1s: if there is a 1, S_0
// on its heap leaves an odd number; if not, C2 on a heap with a move does.
//
// TestBreakCertificateShortCodes finds each condition deciding for some
// code, and the certificate sharp: where it first fails, misère Nim on the
// values is wrong for some position.
func (t *breakTable) certifies(h int64) bool {
	v := t.g[h]
	var f uint8
	moves := false
	for _, tk := range t.whole {
		if tk == h {
			f, moves = f|smallZero, true
		}
	}
	single := func(u uint16) {
		moves = true
		if u <= 1 {
			f |= smallZero << u
		}
	}
	if t.kind == laskerRule {
		for b := range h {
			single(t.g[b])
		}
	}
	for _, tk := range t.one {
		if tk < h {
			single(t.g[h-tk])
		}
	}
	for _, tk := range t.two {
		if m := h - tk; m >= 2 && (!t.strict || m >= 3) {
			moves = true
			f |= t.splitFlags(m)
		}
	}
	switch {
	case v == 0:
		return (!moves || f&smallOne != 0) && f&bigOne == 0
	case v == 1:
		return f&bigZero == 0
	}
	return f&(smallOne|bigZero) != 0 && f&(smallZero|bigOne) != 0
}

// certified reports whether every heap up to top passes the misère
// certificate (see certifies). Lasker's Nim passes for every heap: only
// heaps 0 and 1 have values below 2, heap 1 can only be taken whole, and
// every heap of 2 or more can be taken whole (worth 0) or down to 1 (worth
// 1). Past a proved period's check range, a heap's options match those of
// the heap p smaller part for part (the Guy–Smith correspondence), so the
// certificate repeats too and a finite check covers every heap. Beyond a
// table with no period nothing is certified.
func (t *breakTable) certified(top int64) (ok bool, firstBad int64) {
	if t.kind == laskerRule {
		return true, -1
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.readyTo(top) != nil {
		top = int64(len(t.g)) - 1 // check what there is; top itself stays unproved
		defer func() { ok = false }()
	}
	last := top // the last heap to check; no overflow at 2^63 − 1
	if t.p > 0 {
		last = min(last, 2*max(t.e, 1)+2*t.p+t.k-1)
	}
	end := last + 1
	for ; t.certTo < end && t.firstBad < 0; t.certTo++ {
		if !t.certifies(t.certTo) {
			t.firstBad = t.certTo
		}
	}
	return t.firstBad < 0 || t.firstBad > top, t.firstBad
}

// breakTables caches one table per rule, so games of the same code share
// their values, their period and their misère search.
var breakTables struct {
	sync.Mutex
	m map[string]*breakTable
}

func breakTableFor(key string, kind breakKind, digits []uint8) *breakTable {
	breakTables.Lock()
	defer breakTables.Unlock()
	if t, ok := breakTables.m[key]; ok {
		return t
	}
	if len(breakTables.m) >= maxTables || breakTables.m == nil {
		breakTables.m = map[string]*breakTable{}
	}
	t := newBreakTable(key, kind, digits)
	breakTables.m[key] = t
	return t
}

// HeapTable reads the rule's table (through its proved period beyond it,
// or Lasker's closed form); the period's proof is the Guy–Smith check.
func (g TakeBreak) HeapTable(to int64) (HeapTable, error) {
	if err := checkTo(to); err != nil {
		return HeapTable{}, err
	}
	if g.rule.kind == octalRule {
		// The period shows only in a table long enough to prove it
		// (Kayles: 2·71 + 2·12 + 2 = 168 values): look that far even for a
		// short table. A code with no period proved there is answered
		// within its bound all the same.
		_, _ = g.rule.table.upTo(max(to, tablePeriodSearch))
	}
	v, err := g.rule.table.upTo(to)
	if err != nil {
		return HeapTable{}, err
	}
	t := HeapTable{To: to, Values: values(to, v.at), row: func(n int64) HeapRow {
		m := g.rule.mexOf(v, n, tableOptions)
		row := HeapRow{Heap: n, Value: v.at(n), Total: m.Total,
			Mex: mexText(heapDerivation{Heap: n, Value: v.at(n), Mex: m}, v.at)}
		for _, grp := range m.Groups {
			for _, o := range grp.Options {
				row.Options = append(row.Options, HeapOption{Take: grp.Take, Left: o.Left, Right: o.Right, Value: o.Value})
			}
		}
		return row
	}}
	if g.rule.kind == laskerRule {
		t.Closed = engine.T("break.lasker.rule")
	}
	if e, p, checkTo, ok := g.rule.table.period(); ok {
		pc := periodCheck{Period: p, Preperiod: e, Digits: g.rule.table.k, CheckFrom: max(e, 1), CheckTo: checkTo}
		t.Period = &Periodicity{Preperiod: e, Period: p, CheckFrom: pc.CheckFrom, CheckTo: checkTo, Theorem: "guy-smith",
			Digits: pc.Digits, Proof: g.periodProof(pc)}
	}
	return t, nil
}
