package variants

import "matchgame/internal/engine"

// GridTable is Chomp of two rows: a squares in the first row (the
// poisoned one first), b ≤ a in the second (b = 0: one row), decided by
// the family's search and within its bound; each cell says its winning
// bite or that every bite loses. The P-cells are a = b + 1.
func (ch Chomp) GridTable(to int64, _ engine.Convention) (GridTable, error) {
	to, err := gridTo(to, chompSide)
	if err != nil {
		return GridTable{}, err
	}
	t := GridTable{To: to, Outcomes: true, Conv: engine.Misere, Rows: "a", Cols: "b",
		Notes: []engine.Text{engine.T("table.chomp.rule")}}
	t.cell = func(a, b int64) GridCell {
		if a < 1 || b > a {
			return GridCell{}
		}
		p := engine.Position{a, b}
		if b == 0 {
			p = p[:1]
		}
		return outcomeCell(ch, p, engine.Misere)
	}
	t.why = func(a, b int64) engine.Text {
		p := engine.Position{a, b}
		if b == 0 {
			p = p[:1]
		}
		an, err := engine.Analyze(ch, p, engine.Misere)
		if err != nil {
			return engine.Text{}
		}
		return engine.T("table.chomp.cell", a, b, an.Summary())
	}
	return t, nil
}

// GridCellOf: a bar of one or two rows.
func (Chomp) GridCellOf(p engine.Position, _ int) (int64, int64, bool) {
	switch len(p) {
	case 1:
		return p[0], 0, true
	case 2:
		return p[0], p[1], true
	}
	return 0, 0, false
}
