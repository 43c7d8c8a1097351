package variants

import (
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// HeapTable is g(0..to) of one coin: g(n) is the value of the row with
// coin n alone heads up, coins numbered from 1 as the game numbers them,
// and g(0) = 0 for no coin. Each value is the mex of the rows its moves
// leave: Mock Turtles turns coin n and at most two coins left of it (the
// row left holds those, worth g(a) or g(a) ⊕ g(b)); Ruler turns a run
// ending at n (the row left holds the rest of the run, worth the nim-sum
// of its coins). The values are the family's closed forms (coinValue).
func (c Coins) HeapTable(to int64) (HeapTable, error) {
	if err := checkTo(to); err != nil {
		return HeapTable{}, err
	}
	at := func(n int64) uint64 {
		if n == 0 {
			return 0
		}
		return c.coinValue(n)
	}
	closed := engine.T("table.closed.mock")
	row := c.mockRow
	if c.ruler {
		closed, row = engine.T("table.closed.ruler"), c.rulerRow
	}
	return HeapTable{To: to, Values: values(to, at), Closed: closed, row: func(n int64) HeapRow {
		if n == 0 {
			return HeapRow{Mex: engine.T("table.coins.none")}
		}
		return row(n, at)
	}}, nil
}

// mockRow lists coin n's options in natural order: n alone (nothing left,
// 0), then n with a (a left), then n with a and b < a (both left).
func (c Coins) mockRow(n int64, at func(int64) uint64) HeapRow {
	total := 1 + (n - 1) + (n-1)*(n-2)/2
	row := HeapRow{Heap: n, Value: at(n), Total: total, Options: []HeapOption{{Take: 1}}}
	grp := optionGroup{Take: -1, Options: []optionValue{{}}}
	for a := int64(1); a < n && len(row.Options) < tableOptions; a++ {
		for b := int64(0); b < a && len(row.Options) < tableOptions; b++ {
			o := HeapOption{Take: 2, Right: a, Value: at(a)}
			if b > 0 {
				o = HeapOption{Take: 3, Left: b, Right: a, Value: at(a) ^ at(b)}
			}
			row.Options = append(row.Options, o)
			grp.Options = append(grp.Options, optionValue{Left: o.Left, Right: o.Right, Value: o.Value})
		}
	}
	d := heapDerivation{Heap: n, Value: row.Value, Mex: &mexDerivation{Groups: []optionGroup{grp}, Listed: len(grp.Options), Total: total}}
	row.Mex = mexText(d, at)
	return row
}

// rulerRow lists coin n's options, the runs of k = 1 … n coins ending at
// n: what is left heads up is coins n − k + 1 … n − 1, worth their
// nim-sum, gray(n − 1) ⊕ gray(n − k).
func (c Coins) rulerRow(n int64, at func(int64) uint64) HeapRow {
	row := HeapRow{Heap: n, Value: at(n), Total: n}
	parts := make([]string, 0, tableOptions)
	for k := int64(1); k <= n && len(row.Options) < tableOptions; k++ {
		v := gray(n-1) ^ gray(n-k)
		o := HeapOption{Take: k, Value: v}
		text := "0" // the coin alone: nothing is left
		switch {
		case k == 2:
			o.Left, o.Right = n-1, n-1
			text = "g(" + itoa(n-1) + ")=" + strconv.FormatUint(v, 10)
		case k > 2:
			o.Left, o.Right = n-k+1, n-1
			text = "g(" + itoa(n-k+1) + ".." + itoa(n-1) + ")=" + strconv.FormatUint(v, 10)
		}
		row.Options = append(row.Options, o)
		parts = append(parts, text)
	}
	key := "table.ruler.mex"
	if int64(len(row.Options)) < n {
		key = "table.ruler.mex.more"
	}
	row.Mex = engine.T(key, n, strings.Join(parts, ", "), row.Value, n)
	return row
}
