package variants

import (
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	"matchgame/internal/engine"
)

// Wythoff's Grundy values, for a sum of games: no closed form is known
// (the P-positions are the golden pairs, but the other values are not),
// so they come from a table g(a, b) = mex of g over the options: the row
// to the left, the column above and the diagonal. A position (a, b) needs
// only the rectangle of (a', b') with a' ≤ a and b' ≤ b (every option
// lies in it), kept and grown as positions ask; a table of at most
// wythoffCells cells is computed, 32 MB of values, and larger positions
// are refused naming the bound.
//
// Each column and diagonal keeps the values met so far as a bitset, and
// its own mex, which only grows: a cell's mex is looked for from the
// largest of its column's, its diagonal's and its row's. The values of
// the row (at most the rectangle's width) are stamped as the row goes.

// wythoffCells bounds the table: (a + 1) · (b + 1) cells, the smaller heap
// b ≤ a; 2^24 of them, a square of 4,096 or a strip of a million by 16.
const wythoffCells = 1 << 24

// wythoffRect is the table of the rectangle a' < rows, b' < cols.
type wythoffRect struct {
	rows, cols int
	g          []uint32 // g[a·cols + b]
}

func (t *wythoffRect) at(a, b int64) uint64 {
	if a < b { // g is symmetric; the rectangle keeps the longer side as rows
		a, b = b, a
	}
	return uint64(t.g[int(a)*t.cols+int(b)])
}

func (t *wythoffRect) holds(a, b int64) bool {
	if a < b {
		a, b = b, a
	}
	return a < int64(t.rows) && b < int64(t.cols)
}

var wythoffValues struct {
	sync.Mutex
	t *wythoffRect
}

// wythoffTableFor is a table holding (a, b), or a refusal past the bound.
func wythoffTableFor(a, b int64) (*wythoffRect, error) {
	if a < b {
		a, b = b, a
	}
	if b+1 > wythoffCells || (a+1) > wythoffCells/(b+1) {
		return nil, engine.Refuse("err.wythoff.value", a, b, wythoffCells)
	}
	wythoffValues.Lock()
	defer wythoffValues.Unlock()
	if t := wythoffValues.t; t != nil && t.holds(a, b) {
		return t, nil
	}
	rows, cols := int(a)+1, int(b)+1
	if t := wythoffValues.t; t != nil { // grow to hold what it held too, when that fits
		if r, c := max(rows, t.rows), max(cols, t.cols); r*c <= wythoffCells {
			rows, cols = r, c
		}
	}
	t := newWythoffRect(rows, cols, wythoffDiagonals)
	wythoffValues.t = t
	return t, nil
}

// window is a bitset of the values from lo on (lo a multiple of 64): a
// row's or a diagonal's values lie near its position (a − 2b ≤ g(a, b) ≤
// a + b for b ≤ a, Blass and Fraenkel; at most a + 2b, the options), so a
// few times the width of the rectangle holds them all; it grows if a value
// falls outside.
type window struct {
	lo   int
	bits []uint64
}

// word is the window's bits for the values 64w to 64w + 63.
func (x *window) word(w int) uint64 {
	if i := w - x.lo/64; i >= 0 && i < len(x.bits) {
		return x.bits[i]
	}
	return 0
}

func (x *window) has(v int) bool { return x.word(v/64)>>(v%64)&1 == 1 }

func (x *window) set(v int) {
	i := v/64 - x.lo/64
	switch {
	case i < 0:
		x.bits = append(make([]uint64, -i), x.bits...)
		x.lo, i = v/64*64, 0
	case i >= len(x.bits):
		x.bits = append(x.bits, make([]uint64, i-len(x.bits)+1)...)
	}
	x.bits[i] |= 1 << (v % 64)
}

// wythoffDiagonals bounds the memory of the diagonals' windows; a strip
// too long for them reads each diagonal from the table (it is short).
const wythoffDiagonals = 1 << 26

// newWythoffRect computes the rectangle row by row: each cell's value is
// the first value, from the largest of its lines' mexes on, that its
// column (a bitset of the whole column), its diagonal and its row lack,
// looked for 64 values at a time.
func newWythoffRect(rows, cols, diagonals int) *wythoffRect {
	t := &wythoffRect{rows: rows, cols: cols, g: make([]uint32, rows*cols)}
	top := rows + 3*cols + 128 // no value reaches it: a cell has fewer options
	words := top/64 + 1
	span := (5*cols+192)/64 + 1 // a window's words
	colSeen := make([]uint64, cols*words)
	colMex := make([]int, cols)
	var diags []window // diagonal a − b + cols − 1
	var diagMex []int
	if (rows+cols)*span*8 <= diagonals {
		diags, diagMex = make([]window, rows+cols), make([]int, rows+cols)
		for d := range diags {
			diags[d] = window{lo: max(0, d-cols+1-2*cols-64) / 64 * 64, bits: make([]uint64, span)}
		}
	}
	// diagWord: the values of (a, b)'s diagonal in the word w.
	diagWord := func(a, b, w int) uint64 {
		if diags != nil {
			return diags[a-b+cols-1].word(w)
		}
		var x uint64
		for k := 1; k <= min(a, b); k++ {
			if v := int(t.g[(a-k)*cols+b-k]); v/64 == w {
				x |= 1 << (v % 64)
			}
		}
		return x
	}
	row := window{bits: make([]uint64, span)}
	for a := range rows {
		clear(row.bits)
		row.lo = max(0, a-2*cols-64) / 64 * 64
		rowMex := 0
		for b := range cols {
			c := colSeen[b*words : (b+1)*words]
			d := a - b + cols - 1
			v := max(colMex[b], rowMex)
			if diags != nil {
				v = max(v, diagMex[d])
			}
			w := v / 64
			free := ^(c[w] | diagWord(a, b, w) | row.word(w)) &^ (1<<(v%64) - 1)
			for free == 0 {
				w++
				free = ^(c[w] | diagWord(a, b, w) | row.word(w))
			}
			v = w*64 + bits.TrailingZeros64(free)
			t.g[a*cols+b] = uint32(v)
			c[v/64] |= 1 << (v % 64)
			row.set(v)
			for colMex[b] < top && c[colMex[b]/64]>>(colMex[b]%64)&1 == 1 {
				colMex[b]++
			}
			if diags != nil {
				diags[d].set(v)
				for diags[d].has(diagMex[d]) {
					diagMex[d]++
				}
			}
			for row.has(rowMex) {
				rowMex++
			}
		}
	}
	return t
}

// Value is g(a, b) from the table, said with its working: the mex of the
// options' values.
func (Wythoff) Value(p engine.Position) (engine.Value, error) {
	t, err := wythoffTableFor(p[0], p[1])
	if err != nil {
		return engine.Value{}, err
	}
	a, b := p[0], p[1]
	var options []uint64
	for k := int64(1); k <= max(a, b); k++ { // take k from one heap, or from both
		if k <= a {
			options = append(options, t.at(a-k, b))
		}
		if k <= b {
			options = append(options, t.at(a, b-k))
		}
		if k <= min(a, b) {
			options = append(options, t.at(a-k, b-k))
		}
	}
	n := len(options)
	slices.Sort(options)
	return engine.Value{G: t.at(a, b), How: engine.T("value.wythoff.mex", n, valueRuns(slices.Compact(options)), max(a, b), min(a, b))}, nil
}

// valueRuns writes ascending values with each run of consecutive ones as
// its ends ("0–4, 6, 9–11"): the options of a big Wythoff position have
// hundreds of values, mostly in runs.
func valueRuns(vs []uint64) string {
	var parts []string
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && vs[j+1] == vs[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.FormatUint(vs[i], 10))
		case j == i+1:
			parts = append(parts, strconv.FormatUint(vs[i], 10), strconv.FormatUint(vs[j], 10))
		default:
			parts = append(parts, strconv.FormatUint(vs[i], 10)+"–"+strconv.FormatUint(vs[j], 10))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

func (w Wythoff) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		t, err := wythoffTableFor(p[0], p[1])
		if err != nil {
			return
		}
		for m := range w.Moves(p, 0) {
			q, err := w.Apply(p, m)
			if err == nil && t.at(q[0], q[1]) == v && !yield(m) {
				return
			}
		}
	}
}
