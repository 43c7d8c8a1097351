package variants

import "matchgame/internal/engine"

// GridTable is the nim-multiplication table x ⊗ y: the value of the coin
// (x, y) of Turning Corners alone heads up (the Tartan theorem, see
// Corners), each cell the mex of the values its moves leave, g(a, y) ⊕
// g(x, b) ⊕ g(a, b) for a < x and b < y.
func (Corners) GridTable(to int64, _ engine.Convention) (GridTable, error) {
	to, err := gridTo(to, MaxGridTo)
	if err != nil {
		return GridTable{}, err
	}
	at := func(x, y int64) uint64 { return NimMul(uint64(x), uint64(y)) }
	t := GridTable{To: to, Rows: "x", Cols: "y",
		Notes: []engine.Text{engine.T("table.corners.mex"), engine.T("table.corners.rules"), engine.T("table.corners.marked")}}
	t.cell = func(x, y int64) GridCell {
		var left []uint64
		var total int64
		for a := int64(0); a < x; a++ {
			for b := int64(0); b < y; b++ {
				total++
				if len(left) <= tableOptions {
					left = append(left, at(a, y)^at(x, b)^at(a, b))
				}
			}
		}
		v := at(x, y)
		why := engine.T("table.corners.cell", x, y, mexGroups([][]uint64{left}), v, total)
		if total == 0 {
			why = engine.T("table.corners.edge", x, y)
		}
		return GridCell{Position: true, Value: v, Why: why}
	}
	return t, nil
}

// GridCellOf is the coin at place where.
func (Corners) GridCellOf(p engine.Position, where int) (int64, int64, bool) {
	if where < 1 || 2*where > len(p) {
		return 0, 0, false
	}
	return p[2*where-2], p[2*where-1], true
}
