package variants

import "matchgame/internal/engine"

// GridTable is Fibonacci Nim's outcomes over the heap n (rows) and the
// limit k of the next move (columns, k < n: with k ≥ n the whole heap is
// taken). A teacher's table is this one, not the column of starts alone:
// the proof needs every limit, since each move hands the opponent a new
// one, and the start of a game (k = n − 1, the last cell of each row) is
// then seen to be P exactly in the rows of the Fibonacci numbers. Each
// row is said by n's Zeckendorf terms; the outcomes are the family's own
// (Solve).
func (f FibonacciNim) GridTable(to int64, c engine.Convention) (GridTable, error) {
	to, err := gridTo(to, MaxGridTo)
	if err != nil {
		return GridTable{}, err
	}
	t := GridTable{From: 1, To: to, Outcomes: true, Conv: c, Rows: "n", Cols: "k",
		Notes:  []engine.Text{engine.T("table.fibnim.rule." + c.String()), engine.T("table.fibnim.why")},
		RowWhy: func(n int64) engine.Text { return fibRowWhy(n, c) }}
	t.cell = func(n, k int64) GridCell {
		if k >= n {
			return GridCell{}
		}
		return outcomeCell(f, engine.Position{n, k}, c)
	}
	return t, nil
}

// GridCellOf: the heap and its limit.
func (FibonacciNim) GridCellOf(p engine.Position, _ int) (int64, int64, bool) {
	return p[0], p[1], len(p) == 2 && p[1] < p[0]
}

// fibRowWhy says row n: the heap's Zeckendorf terms and the limits below
// the smallest, which are P (misère play: the normal game on n − 1).
func fibRowWhy(n int64, c engine.Convention) engine.Text {
	played := n
	if n == 1 && c == engine.Normal {
		return engine.T("table.fibnim.one")
	}
	if c == engine.Misere {
		if n == 1 {
			return engine.T("table.fibnim.last")
		}
		played = n - 1
	}
	z := smallestTerm(played)
	var row engine.Text
	switch {
	case z == played && c == engine.Normal:
		row = engine.T("table.fibnim.row.fib", sumText(played), n-1)
	case z == 1:
		row = engine.T("table.fibnim.row.one", sumText(played))
	default:
		row = engine.T("table.fibnim.row", sumText(played), z, z-1)
	}
	if c == engine.Misere {
		return engine.T("table.fibnim.misere", n, played, row)
	}
	return row
}
