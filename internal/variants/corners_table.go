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
	t.cell = func(x, y int64) GridCell { return GridCell{Position: true, Value: at(x, y)} }
	t.why = func(x, y int64) engine.Text {
		if x == 0 || y == 0 {
			return engine.T("table.corners.edge", x, y)
		}
		var left []uint64 // the first options in natural order, a ascending, then b
	options:
		for a := int64(0); a < x; a++ {
			for b := int64(0); b < y; b++ {
				if len(left) > tableOptions {
					break options
				}
				left = append(left, at(a, y)^at(x, b)^at(a, b))
			}
		}
		return engine.T("table.corners.cell", x, y, mexGroups([][]uint64{left}), at(x, y), x*y)
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
