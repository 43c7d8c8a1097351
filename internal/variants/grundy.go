package variants

import (
	"bytes"
	"math/bits"
	"sync"
	"sync/atomic"

	"matchgame/internal/engine"
)

// Grundy values of subtraction games: g(h) = mex{g(h−s) : s ∈ S, s ≤ h}.
// A value is at most the number of options: below 64 for a finite set
// (|S| ≤ 63) and for the Fibonacci set up to fibLimit (29 options), so a
// byte holds it and a 64-bit mask holds the options' values.

const (
	// fibLimit is the largest heap the Fibonacci set is solved for: the set
	// is infinite, so no period can be relied on and the table must reach
	// the heap itself.
	fibLimit = 1_000_000
	// A finite set's period is looked for in a table of searchFactor times
	// its largest element m, at least minSearch heaps: {m} has period 2m,
	// and Brent's search needs up to twice a power of two past the period,
	// plus a window of m, to see it (9m). The table takes a byte a heap, at
	// most tableBudget; and each heap costs a step per element, at most
	// workBudget steps in all, a few seconds.
	searchFactor = 16
	minSearch    = 1 << 22
	tableBudget  = 256 << 20
	workBudget   = 1 << 30
)

// searchLimit is the largest heap a finite set's table may reach while it
// looks for the period, and why it stops there: "bound" (the search's
// bound for the set), "budget" (the table's memory) or "set" (the largest
// element alone is past the memory: no window fits).
func searchLimit(set []int64) (int64, string) {
	m := set[len(set)-1]
	if m >= tableBudget {
		return tableBudget - 1, "set"
	}
	limit, why := min(max(minSearch, searchFactor*m), workBudget/int64(len(set))), "bound"
	if limit > tableBudget {
		limit, why = tableBudget, "budget"
	}
	return limit - 1, why
}

// grundyTable holds the Grundy values of one subtraction set, grown only
// as far as the heaps asked for. It is safe for concurrent use.
type grundyTable struct {
	set   []int64 // ascending
	name  string  // "fib" or "1,3,4", for errors
	limit int64   // the largest heap the table may grow to …
	why   string  // … and why: see searchLimit

	mu       sync.Mutex
	g        []uint8
	firstBad int64 // the first heap failing the misère certificate; -1: none among g
	searched bool  // a finite set's period has been looked for
	n0       int64 // g(n) = g(n+period) for every n ≥ n0 …
	period   int64 // … once period > 0

	exactMu sync.Mutex
	exact   *engine.Solver // misère search where the certificate fails
}

func newGrundyTable(name string, set []int64, limit int64) *grundyTable {
	return &grundyTable{set: set, name: name, limit: limit, why: "bound", firstBad: -1}
}

// grundyView is a snapshot of a table that answers every heap up to the
// largest asked for, without locking: values once computed never change.
type grundyView struct {
	set      []int64
	g        []uint8
	n0       int64
	period   int64
	firstBad int64
}

// at is g(h), read through the period beyond the table.
func (v grundyView) at(h int64) int64 {
	if h >= int64(len(v.g)) {
		h = v.n0 + (h-v.n0)%v.period
	}
	return int64(v.g[h])
}

// tabled reports whether g(h) is in the table rather than read through
// the period.
func (v grundyView) tabled(h int64) bool { return h < int64(len(v.g)) }

// certified reports whether every heap up to top passes the misère
// certificate: no heap with g = 0 that has a move lacks an option with
// g = 1. Then misère play is misère Nim on the Grundy values:
//   - from a claimed P-position every move changes one value, so it leaves
//     a claimed N-position (Bouton's argument, unchanged);
//   - a claimed N-position has a move to a claimed P-position, since mex
//     offers every smaller value, except when all values are 0 and a move
//     is left: then it needs a heap with g = 0 and an option with g = 1,
//     which the certificate gives.
//
// Every heap in play is at most top, so every position reached passes too.
func (v grundyView) certified(top int64) bool { return v.firstBad < 0 || v.firstBad > top }

// upTo readies the table for every heap up to top. A finite set looks for
// its period the first time a heap beyond the table is asked for; then any
// heap is answered.
func (t *grundyTable) upTo(top int64) (grundyView, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	search := top >= int64(len(t.g)) && t.name != "fib" && !t.searched
	if search && t.limit >= bigTable || t.period == 0 && min(top, t.limit) >= max(bigTable, int64(len(t.g))) {
		// A big table is built by one caller at a time: over SSH each
		// session typing another large set would add its own 0.5 GB.
		bigBuilds.enter()
		defer bigBuilds.leave()
	}
	if search {
		t.findPeriod()
	}
	if t.period == 0 && top >= int64(len(t.g)) {
		switch {
		case t.name == "fib" && top > t.limit:
			return grundyView{}, engine.Refuse("err.fib.limit", top, t.limit)
		case top > t.limit && t.why == "set":
			return grundyView{}, engine.Refuse("err.period.set", top, shortSet(t.name), t.set[len(t.set)-1])
		case top > t.limit:
			return grundyView{}, engine.Refuse("err.period."+t.why, top, shortSet(t.name), t.limit+1)
		}
		t.grow(top + 1)
	}
	return grundyView{set: t.set, g: t.g, n0: t.n0, period: t.period, firstBad: t.firstBad}, nil
}

// grow extends the table to n values, checking the misère certificate on
// the way.
func (t *grundyTable) grow(n int64) {
	if n <= int64(len(t.g)) {
		return
	}
	g := t.g
	if int64(cap(g)) < n {
		g = append(make([]uint8, 0, max(n, min(2*int64(len(g)), t.limit+1))), g...)
		tables.bytes.Add(int64(cap(g) - cap(t.g)))
	}
	for h := int64(len(g)); h < n; h++ {
		var options uint64 // bit v: some option has Grundy value v
		for _, s := range t.set {
			if s > h {
				break
			}
			options |= 1 << g[h-s]
		}
		if t.firstBad < 0 && options != 0 && options&3 == 0 {
			t.firstBad = h
		}
		g = append(g, uint8(bits.TrailingZeros64(^options)))
	}
	t.g = g
}

// findPeriod looks for the period of a finite set's Grundy values. With
// m = max(S), g(n) depends only on the m values before it, so windows
// g[a:a+m] = g[b:b+m] mean g(n) = g(n+b−a) for all n ≥ a. Brent's cycle
// finding over the windows, compared by a rolling hash and checked byte for
// byte, finds the least period with no memory beyond the table; the least
// preperiod n0 is then read backwards.
func (t *grundyTable) findPeriod() {
	t.searched = true
	m := t.set[len(t.set)-1]
	if m > t.limit {
		return
	}
	t.grow(m + 1)
	lead := power(hashBase, m-1) // the weight of a window's first value
	roll := func(h uint64, out, in uint8) uint64 {
		return (h-uint64(out+1)*lead)*hashBase + uint64(in+1)
	}
	var hTort uint64
	for _, v := range t.g[:m] {
		hTort = hTort*hashBase + uint64(v+1)
	}
	tort, hare, lam, power := int64(0), int64(1), int64(1), int64(1)
	hHare := roll(hTort, t.g[0], t.g[m])
	for hHare != hTort || !bytes.Equal(t.g[tort:tort+m], t.g[hare:hare+m]) {
		if power == lam {
			tort, hTort, power, lam = hare, hHare, 2*power, 0
		}
		if hare+m > t.limit {
			return // no period within the table's cap
		}
		t.grow(hare + m + 1)
		hHare = roll(hHare, t.g[hare], t.g[hare+m])
		hare++
		lam++
	}
	n0 := tort
	for n0 > 0 && t.g[n0-1] == t.g[n0-1+lam] {
		n0--
	}
	// The table now reaches n0+lam+m: past that the certificate repeats
	// too, so firstBad is final.
	t.n0, t.period = n0, lam
}

const hashBase = 0x100000001b3

// power is b^e modulo 2^64.
func power(b uint64, e int64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r *= b
		}
		b *= b
	}
	return r
}

// tables caches one table per set, so games of the same set share their
// values and their search.
// bigTable is the size (heaps, one byte each) from which a table's
// building waits its turn in bigBuilds.
const bigTable = 1 << 24

var bigBuilds = gate{turn: make(chan struct{}, 1)}

// gate lets one caller in at a time, and counts the most ever inside.
type gate struct {
	turn         chan struct{}
	inside, most atomic.Int32
}

func (g *gate) enter() {
	g.turn <- struct{}{}
	n := g.inside.Add(1)
	for m := g.most.Load(); n > m && !g.most.CompareAndSwap(m, n); m = g.most.Load() {
	}
}

func (g *gate) leave() {
	g.inside.Add(-1)
	<-g.turn
}

var tables struct {
	sync.Mutex
	m     map[string]*grundyTable
	bytes atomic.Int64 // what the tables hold in all
}

// The cache is emptied when it holds maxTables tables or cacheBudget
// bytes: a long session or a fuzz run may see many sets, each table up to
// tableBudget bytes.
const (
	maxTables   = 64
	cacheBudget = 2 * tableBudget
)

func tableFor(name string, set []int64, limit int64, why string) *grundyTable {
	tables.Lock()
	defer tables.Unlock()
	if t, ok := tables.m[name]; ok {
		return t
	}
	if len(tables.m) >= maxTables || tables.bytes.Load() > cacheBudget || tables.m == nil {
		tables.m = map[string]*grundyTable{}
		tables.bytes.Store(0) // the tables still in use are counted no more
	}
	t := newGrundyTable(name, set, limit)
	t.why = why
	tables.m[name] = t
	return t
}
