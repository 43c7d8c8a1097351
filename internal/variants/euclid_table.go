package variants

import (
	"math"

	"matchgame/internal/engine"
)

// GridTable is Euclid's game decided cell by cell, a and b from 1: each
// cell by the forced moves (while the larger number is less than twice
// the smaller the one move subtracts it once) to the first position
// whose player chooses (see Euclid), the parity of their number deciding.
// The outcomes are the family's own (Solve); the P-cells lie between the
// lines b = φa and b = a/φ.
func (e Euclid) GridTable(to int64, c engine.Convention) (GridTable, error) {
	to, err := gridTo(to, MaxGridTo)
	if err != nil {
		return GridTable{}, err
	}
	phi := (1 + math.Sqrt(5)) / 2
	t := GridTable{From: 1, To: to, Outcomes: true, Conv: c, Rows: "a", Cols: "b",
		Notes:  []engine.Text{engine.T("table.euclid.rule"), engine.T("table.euclid.golden." + c.String())},
		Slopes: []Slope{{S: phi, Label: "b = φa"}, {S: 1 / phi, Label: "b = a/φ"}}}
	t.cell = func(a, b int64) GridCell {
		return outcomeCell(e, engine.Position{a, b}, c)
	}
	t.why = func(a, b int64) engine.Text { return euclidWhy(a, b, c) }
	return t, nil
}

// GridCellOf: the position itself.
func (Euclid) GridCellOf(p engine.Position, _ int) (int64, int64, bool) {
	return p[0], p[1], len(p) == 2 && p[0] >= 1 && p[1] >= 1
}

// euclidWhy says how (a, b) is decided: the forced moves to the first
// position whose player chooses, and their parity.
func euclidWhy(a, b int64, c engine.Convention) engine.Text {
	lo, hi := min(a, b), max(a, b)
	forced := int64(0)
	for lo < hi && hi < 2*lo {
		lo, hi = hi-lo, lo
		forced++
	}
	free := "N" // hi ≥ 2·lo: the player there chooses who faces what is left
	if lo == hi && c == engine.Misere {
		free = "P" // the one move makes the 0, and in misère play loses
	}
	switch {
	case forced == 0 && lo == hi:
		return engine.T("table.euclid.equal."+c.String(), a, b)
	case forced == 0:
		return engine.T("table.euclid.free", a, b, hi, lo)
	case forced%2 == 0:
		return engine.T("table.euclid.forced.even", a, b, forced, lo, hi, free)
	}
	return engine.T("table.euclid.forced.odd", a, b, forced, lo, hi, free, outcomeWord(free == "N"))
}
