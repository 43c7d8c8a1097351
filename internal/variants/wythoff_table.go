package variants

import (
	"strings"

	"matchgame/internal/engine"
)

// GridTable is g(a, b) of Wythoff's game, each cell the mex of the values
// above it in its column (taking from the first heap), left of it in its
// row (taking from the second) and up its diagonal (taking from both);
// the cells of value 0, the cold pairs, marked. The values are the ones
// a sum reads (Value), refused past the same bound.
func (w Wythoff) GridTable(to int64, _ engine.Convention) (GridTable, error) {
	to, err := gridTo(to, 1<<12-1) // the values a sum reads: a square of 4,096 fills wythoffCells
	if err != nil {
		return GridTable{}, err
	}
	square, err := wythoffTableFor(to, to) // the values a sum reads, the whole square at once
	if err != nil {
		return GridTable{}, err
	}
	at := square.at
	t := GridTable{To: to, Rows: "a", Cols: "b",
		Notes: []engine.Text{engine.T("table.wythoff.mex"), engine.T("table.wythoff.marked", wythoffColdPairs(to))}}
	t.cell = func(a, b int64) GridCell { return GridCell{Position: true, Value: at(a, b)} }
	t.why = func(a, b int64) engine.Text {
		// The options' values in natural order: the first heap taken
		// down, the second, both; each group cut after tableOptions + 1.
		var column, row, diagonal []uint64
		for k := int64(1); k <= min(a, tableOptions+1); k++ {
			column = append(column, at(a-k, b))
		}
		for k := int64(1); k <= min(b, tableOptions+1); k++ {
			row = append(row, at(a, b-k))
		}
		for k := int64(1); k <= min(a, b, tableOptions+1); k++ {
			diagonal = append(diagonal, at(a-k, b-k))
		}
		return engine.T("table.wythoff.cell", a, b, mexGroups([][]uint64{column, row, diagonal}), at(a, b))
	}
	return t, nil
}

// GridCellOf: the position itself, whatever place is selected.
func (Wythoff) GridCellOf(p engine.Position, _ int) (int64, int64, bool) {
	return p[0], p[1], len(p) == 2
}

// wythoffColdPairs writes the cold pairs within the grid: "(0, 0), (1, 2),
// (3, 5) …".
func wythoffColdPairs(to int64) string {
	var pairs []string
	for k := int64(0); ; k++ {
		a, b, ok := ColdPair(k)
		if !ok || b > to {
			break
		}
		pairs = append(pairs, "("+itoa(a)+", "+itoa(b)+")")
	}
	return strings.Join(pairs, ", ")
}
