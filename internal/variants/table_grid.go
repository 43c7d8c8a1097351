package variants

import (
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// Tables of two numbers, for the teacher's desk (matchgame table, the t
// sheet in the game): a family whose positions are two numbers (Wythoff's
// heaps, Euclid's pair, Fibonacci Nim's heap and limit, a bar of two rows
// of Chomp) or whose coin is worth a function of two (Turning Corners'
// x ⊗ y) has a grid, each cell with its Grundy value or its outcome and
// how it is found. Each family's grid is in its own file (table_*.go) and
// reads what the family already computes: one source of truth.

// MaxGridTo is the largest --to of a grid: a million cells, each with
// the line that says how it is found.
const MaxGridTo = 1000

// GridCell is one cell of a grid.
type GridCell struct {
	// Position: the two numbers are a position the table shows (Euclid's
	// are at least 1, Chomp's second row no longer than its first); the
	// other cells are blank.
	Position bool
	// Value is the Grundy value, or in a grid of outcomes 0 at a
	// P-position and 1 at an N-position: 0 is P either way.
	Value uint64
}

// P reports a P-position: the player to move loses.
func (c GridCell) P() bool { return c.Position && c.Value == 0 }

// outcomeCell is p's cell in a grid of outcomes, as g solves it: 0 at a
// P-position, 1 at an N-position; blank where g does not answer.
func outcomeCell(g engine.Game, p engine.Position, c engine.Convention) GridCell {
	sol, err := g.Solve(p, c)
	if err != nil {
		return GridCell{}
	}
	if sol.Outcome == engine.P {
		return GridCell{Position: true}
	}
	return GridCell{Position: true, Value: 1}
}

// Outcome is the cell's outcome.
func (c GridCell) Outcome() engine.Outcome {
	if c.Value == 0 {
		return engine.P
	}
	return engine.N
}

// Slope is a line through the origin drawn over a grid's picture: the
// cells (a, b) with b = S·a.
type Slope struct {
	S     float64
	Label string
}

// GridTable is a grid of cells (a, b) for From ≤ a, b ≤ To: a down the
// rows, b across.
type GridTable struct {
	From, To int64
	// Outcomes: the cells are P or N in Conv (Euclid, Fibonacci Nim,
	// Chomp), not Grundy values.
	Outcomes bool
	Conv     engine.Convention
	// Rows and Cols name the two numbers as the notes do: "a" and "b",
	// "x" and "y", "n" and "k".
	Rows, Cols string
	// Notes say what the grid shows, what is marked and the theorem
	// behind it.
	Notes []engine.Text
	// Slopes are lines drawn over the picture (Euclid: b = φa, b = a/φ).
	Slopes []Slope
	// RowWhy, when set, says in one line how a whole row is found
	// (Fibonacci Nim: by n's Zeckendorf terms); the desk lists the rows'
	// lines instead of the cells'.
	RowWhy func(a int64) engine.Text
	cell   func(a, b int64) GridCell
	why    func(a, b int64) engine.Text
}

// Cell is the cell (a, b), From ≤ a, b ≤ To; outside it, a blank.
func (t GridTable) Cell(a, b int64) GridCell {
	if a < t.From || b < t.From || a > t.To || b > t.To {
		return GridCell{}
	}
	return t.cell(a, b)
}

// Why says how the cell (a, b) is found: its mex, or the rule that
// decides it (the row's where the table says its rows). Apart from Cell:
// a grid printed whole reads its values first, then each cell's line.
func (t GridTable) Why(a, b int64) engine.Text {
	if t.RowWhy != nil {
		return t.RowWhy(a)
	}
	return t.why(a, b)
}

// GridTabler is a family with a grid (SPEC §13).
type GridTabler interface {
	engine.Game
	// GridTable readies the cells up to to (to < 0: DefaultGridTo, or
	// the bound if less), or refuses past the family's bound, naming it.
	GridTable(to int64, c engine.Convention) (GridTable, error)
	// GridCellOf is the cell of the grid that place where of p is about
	// (Wythoff's two heaps, the selected coin of Turning Corners); false
	// when none is.
	GridCellOf(p engine.Position, where int) (a, b int64, ok bool)
}

// DefaultGridTo is a grid's --to when none is given: 13 columns fit 80
// of a terminal.
const DefaultGridTo = 12

// gridTo is the grid's last number: to, or for to < 0 the default (at
// most the family's bound); a refusal past MaxGridTo or the bound.
func gridTo(to, bound int64) (int64, error) {
	bound = min(bound, MaxGridTo)
	switch {
	case to < 0:
		return min(DefaultGridTo, bound), nil
	case to > bound:
		return 0, engine.Refuse("err.table.grid.to", to, bound)
	}
	return to, nil
}

// mexGroups writes the values of a cell's options, group by group (a
// group at most tableOptions long, then "…"), separated by " | ": the
// groups are cut short by their makers.
func mexGroups(groups [][]uint64) string {
	var b strings.Builder
	for i, grp := range groups {
		if i > 0 {
			b.WriteString(" | ")
		}
		if len(grp) == 0 {
			b.WriteString("–")
		}
		for j, v := range grp {
			if j == tableOptions {
				b.WriteString(", …")
				break
			}
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatUint(v, 10))
		}
	}
	return b.String()
}

// outcomeWord is "P" or "N".
func outcomeWord(p bool) string {
	if p {
		return "P"
	}
	return "N"
}
