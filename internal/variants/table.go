package variants

import (
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// Tables of Grundy values, one heap at a time, for the teacher's desk
// (matchgame table): g(0..to) with the mex of each, and the period with
// its proof where one is proved. They read the same tables the games
// solve with (grundyTable, breakTable): one source of truth.

// HeapOption is one option of a heap: Take tokens gone, then the heaps
// Left and Right (Left = 0: the one heap Right, which may be 0), worth
// Value (g(Left) ⊕ g(Right) for two heaps).
type HeapOption struct {
	Take, Left, Right int64
	Mid               int64 // a split into three: Left ≤ Mid ≤ Right
	Value             uint64
}

// HeapRow is g(Heap) with how the mex finds it: the first options in
// natural order (as the explanations list them), how many there are in
// all, and the mex written out.
type HeapRow struct {
	Heap    int64
	Value   uint64
	Options []HeapOption
	Total   int64
	Mex     engine.Text
}

// Periodicity is a proved period: g(n + Period) = g(n) for every
// n ≥ Preperiod. The table shows g(n + Period) = g(n) for every
// CheckFrom ≤ n < CheckTo, and Proof says, with those numbers, why that
// is enough (the Guy–Smith theorem for take-and-break games; for a
// subtraction game, that g(n) depends only on the Window values before
// it).
type Periodicity struct {
	Preperiod, Period  int64
	CheckFrom, CheckTo int64
	Theorem            string // "guy-smith" or "window"
	Digits             int64  // the code's digits k (guy-smith), or the largest take (window)
	Proof              engine.Text
}

// HeapTable is g(0..To) of a game played on heaps.
type HeapTable struct {
	To     int64
	Values []uint64 // g(0..To)
	// Period is the proved period, nil when there is none (Nim, Lasker's
	// Nim, the Fibonacci set, Grundy's game) or none proved.
	Period *Periodicity
	// Closed is the closed form where the family has one (Nim, Bash,
	// Lasker's Nim); zero otherwise.
	Closed engine.Text
	// Identity: every heap is worth its size (Nim), so a worksheet asks
	// for the heaps in binary, not their values.
	Identity bool
	row      func(n int64) HeapRow
}

// Row is heap n's value with its mex, 0 ≤ n ≤ To.
func (t HeapTable) Row(n int64) HeapRow { return t.row(n) }

// Notes are the sentences under the grid of g's table: what is marked,
// the closed form and the period's proof, or why there is no period.
func (t HeapTable) Notes(g engine.Game) []engine.Text {
	var notes []engine.Text
	if p := t.Period; p != nil {
		first := p.Preperiod + p.Period - 1
		if p.Preperiod == 0 {
			notes = append(notes, engine.T("table.marked.pure", p.Period, first))
		} else {
			notes = append(notes, engine.T("table.marked", p.Preperiod-1, p.Period, p.Preperiod, first))
		}
		if first > t.To {
			notes = append(notes, engine.T("table.marked.beyond", t.To))
		}
	}
	if !t.Closed.IsZero() {
		notes = append(notes, t.Closed)
	}
	if p := t.Period; p != nil {
		notes = append(notes, p.Proof)
	} else if t.Closed.IsZero() {
		notes = append(notes, engine.T("table.noperiod", engine.Title(g)))
	}
	return notes
}

// HeapTabler is a game whose heaps each have a Grundy value, found as a
// mex over the heap's options: Nim, Bash, the subtraction games and the
// take-and-break games.
type HeapTabler interface {
	engine.Game
	// HeapTable readies g(0..to), or refuses a heap beyond what the
	// family can compute, naming the bound.
	HeapTable(to int64) (HeapTable, error)
}

// tableOptions is how many options a row lists, as the take-and-break
// explanations do (a heap of 20,000 in Grundy's game has 10,000).
const tableOptions = mostOptions

// tablePeriodSearch is how far an octal code's table looks for a period
// to show, whatever --to: some 4 million steps, a few milliseconds.
const tablePeriodSearch = 4096

// values fills g(0..to) from at.
func values(to int64, at func(int64) uint64) []uint64 {
	out := make([]uint64, to+1)
	for n := range out {
		out[n] = at(int64(n))
	}
	return out
}

// takeRow is a row of a game whose options take t from the heap and
// leave one heap: takes yields the takes in ascending order.
func takeRow(n int64, total int64, takes func(yield func(int64) bool), at func(int64) uint64, mex engine.Text) HeapRow {
	row := HeapRow{Heap: n, Value: at(n), Total: total}
	for t := range takes {
		row.Options = append(row.Options, HeapOption{Take: t, Right: n - t, Value: at(n - t)})
	}
	if mex.IsZero() {
		row.Mex = mexOfOptions(row)
	} else {
		row.Mex = mex
	}
	return row
}

// mexOfOptions writes g(n) = mex{g(b)=v, …} = g as the take-and-break
// explanations do (mexText).
func mexOfOptions(row HeapRow) engine.Text {
	d := heapDerivation{Heap: row.Heap, Value: row.Value, Mex: &mexDerivation{Total: row.Total, Listed: len(row.Options)}}
	grp := optionGroup{Take: -1}
	for _, o := range row.Options {
		grp.Options = append(grp.Options, optionValue{Left: o.Left, Right: o.Right, Value: o.Value})
	}
	if len(grp.Options) > 0 {
		d.Mex.Groups = []optionGroup{grp}
	}
	return mexText(d, func(int64) uint64 { return 0 }) // one heap each: no parts to look up
}

// MaxTableTo is the largest --to a table takes: a million rows, each with
// its mex, is some 100 MB of text.
const MaxTableTo = 1_000_000

func checkTo(to int64) error {
	if to < 0 || to > MaxTableTo {
		return engine.Refuse("err.table.to", to, MaxTableTo)
	}
	return nil
}

// takesUpTo yields 1, 2, …, n.
func takesUpTo(n int64) func(yield func(int64) bool) {
	return func(yield func(int64) bool) {
		for t := int64(1); t <= n; t++ {
			if !yield(t) {
				return
			}
		}
	}
}

// cycle writes one period's values from e, the first 12 and "…".
func cycle(e, p int64, at func(int64) uint64) string {
	out := make([]string, min(p, 12))
	for i := range out {
		out[i] = strconv.FormatUint(at(e+int64(i)), 10)
	}
	if p > 12 {
		out = append(out, "…")
	}
	return strings.Join(out, " ")
}

// windowProof states why a subtraction game's period holds for ever: g(n)
// is the mex of the m values before it, so m values in a row repeated
// repeat everything after them.
func windowProof(e, p, m int64, cycle string) engine.Text {
	return engine.T("table.period.window", p, e, cycle, m, e, e+m-1)
}
