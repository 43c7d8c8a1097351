package board

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// coinsBoard draws a row of coins 1, 2, 3 … left to right (Mock Turtles,
// Ruler): ● heads, ○ tails, the numbers of the heads coins above them,
// and under them a cursor: ▲ under the heads coin chosen, △ under each
// other coin the previewed move would turn. The coins keep the sides
// they have until the move is made (a preview drawn as already made read
// as made, without colour). A row too long for the screen folds its long
// runs of tails into "⋯n⋯", keeping every heads coin and every coin
// turned. A click on a heads coin chooses it alone; on a coin left of the
// heads coin chosen, the move that turns it too.
type coinsBoard struct{}

func init() { register(engine.Coins, coinsBoard{}) }

func (coinsBoard) down() int { return +1 }

// size: the numbers, the coins, and the cursor under them (none in a
// picture, where nothing is chosen).
func (coinsBoard) size(v View) int {
	if v.Still {
		return 2
	}
	return 3
}
func (coinsBoard) focus(View) int { return 1 }

// The glyphs of a coin: heads and tails; under a coin, the one chosen
// and another the move turns.
const (
	HeadsGlyph  = "●"
	TailsGlyph  = "○"
	ChosenGlyph = "▲"
	TurnsGlyph  = "△"
)

// turned are the coins the previewed move turns, ascending: the coins
// whose side differs between the position and the one the move leaves.
func (v View) turned() []int64 {
	if v.Preview == nil {
		return nil
	}
	q, err := v.Game.Apply(v.Pos, *v.Preview)
	if err != nil {
		return nil
	}
	var out []int64
	i, j := 0, 0
	for i < len(v.Pos) || j < len(q) {
		switch {
		case j == len(q) || i < len(v.Pos) && v.Pos[i] < q[j]:
			out = append(out, v.Pos[i])
			i++
		case i == len(v.Pos) || q[j] < v.Pos[i]:
			out = append(out, q[j])
			j++
		default:
			i++
			j++
		}
	}
	return out
}

// coinSpot is one piece of the row: a coin, or a fold of tails.
type coinSpot struct {
	coin  int64 // 0 for a fold
	fold  int64 // the tails folded
	heads bool
	turn  bool
}

// spots lays the row out: every coin when they fit in w columns at two
// a coin, else the coins near a heads coin or a turned one, and folds.
// The row goes on to the start's last coin, tails or not, and has one
// coin at least.
func (v View) spots(w int, turned []int64) []coinSpot {
	last := max(largest(v.Pos), largest(turned), largest(v.Start), 1)
	heads := func(c int64) bool { _, ok := slices.BinarySearch(v.Pos, c); return ok }
	turn := func(c int64) bool { _, ok := slices.BinarySearch(turned, c); return ok }
	var out []coinSpot
	keep := append(append([]int64{1, last}, v.Pos...), turned...)
	FoldRuns(keep, last, last <= int64(w)/2, 2, // not 2*last: a coin near 2^63 would wrap
		func(c int64) { out = append(out, coinSpot{coin: c, heads: heads(c), turn: turn(c)}) },
		func(n int64) { out = append(out, coinSpot{fold: n}) })
	return out
}

// chosenCoin is the heads coin the selection is on, -1 for none.
func (v View) chosenCoin() int64 {
	if w := v.Sel.Where; v.Choosing && w >= 1 && w <= len(v.Pos) {
		return v.Pos[w-1]
	}
	return -1
}

// cells are the columns of the spots: where each starts and how wide it
// is, from column 2.
func cellOf(s coinSpot) (label string, width int) {
	if s.coin == 0 {
		f := "⋯" + group(s.fold) + "⋯ "
		return f, text.Width(f)
	}
	if s.heads || s.turn || s.coin == 1 {
		label = strconv.FormatInt(s.coin, 10)
	}
	return label, max(2, len(label)+1)
}

func (coinsBoard) lines(v View, from, to int) (lines, notes []string) {
	var nums, row, marks strings.Builder
	nums.WriteString("  ")
	row.WriteString("  ")
	marks.WriteString("  ")
	sel := v.chosenCoin()
	turned := v.turned() // once: it applies the move
	for _, s := range v.spots(v.Width-4, turned) {
		label, cell := cellOf(s)
		if s.coin == 0 {
			nums.WriteString(strings.Repeat(" ", cell))
			row.WriteString(v.Styles.Subtle.Render(label))
			marks.WriteString(strings.Repeat(" ", cell))
			continue
		}
		nums.WriteString(text.PadRight(label, cell))
		row.WriteString(v.spotGlyph(s, sel) + strings.Repeat(" ", cell-1))
		marks.WriteString(text.PadRight(v.spotMark(s, sel), cell))
	}
	lines = []string{v.Styles.Subtle.Render(strings.TrimRight(nums.String(), " ")), row.String(), strings.TrimRight(marks.String(), " ")}
	if v.Still {
		lines = lines[:2]
	}
	if t := turned; len(t) > 0 {
		words := make([]string, 0, len(t))
		for _, c := range t[:min(len(t), 12)] {
			words = append(words, group(c))
		}
		if len(t) > 12 {
			words = append(words, "…")
		}
		turns := "ui.coins.turns"
		if len(t) == 1 { // not "coins 1"
			turns += ".one"
		}
		notes = append(notes, v.Styles.Going.Render(v.Cat.T(turns, strings.Join(words, " "))))
	}
	return lines[from:to], append(notes, v.ruleNote()...)
}

// spotGlyph is a coin drawn as it lies, in the move's colour where the
// move turns it, in the selection's where it is the coin chosen.
func (v View) spotGlyph(s coinSpot, sel int64) string {
	glyph, st := TailsGlyph, v.Styles.Subtle
	if s.heads {
		glyph, st = HeadsGlyph, v.Styles.Match
	}
	switch {
	case s.coin == sel:
		st = v.Styles.Selected
	case s.turn:
		st = v.Styles.Going
	}
	return st.Render(glyph)
}

// spotMark is what stands under a coin: the cursor under the coin chosen,
// a mark under another the move turns.
func (v View) spotMark(s coinSpot, sel int64) string {
	switch {
	case s.coin == sel:
		return v.Styles.Selected.Render(ChosenGlyph)
	case s.turn:
		return v.Styles.Going.Render(TurnsGlyph)
	}
	return ""
}

// selectAt reads a click on a coin: a heads coin alone, or with the heads
// coin chosen, the move that turns the coin clicked too (Mock Turtles'
// second coin, the end of Ruler's run).
func (coinsBoard) selectAt(v View, x, _ int) (Selection, bool) {
	col := 2
	for _, s := range v.spots(v.Width-4, v.turned()) {
		_, cell := cellOf(s)
		if s.coin > 0 && x >= col && x < col+cell {
			return v.coinClicked(s.coin)
		}
		col += cell
	}
	return Selection{}, false
}

// coinClicked is the move a click on coin c chooses: a heads coin, its
// smallest move (the coin alone); a coin left of the heads coin chosen,
// the move at the chosen coin that turns the fewest coins with c among
// them (Mock Turtles' pair, Ruler's run from c).
func (v View) coinClicked(c int64) (Selection, bool) {
	if i, heads := slices.BinarySearch(v.Pos, c); heads {
		a, _ := v.Game.Amounts(v.Pos, i+1).First()
		return Selection{Where: i + 1, Amount: a}, true
	}
	sel := v.chosenCoin()
	if sel < 0 || c > sel {
		return Selection{}, false
	}
	best, most := Selection{}, -1
	for _, a := range []int64{c, sel - c + 1} { // the second coin, or a run's length
		try := v
		try.Preview = ptrMove(engine.At(v.Sel.Where, a))
		turned := try.turned()
		if _, ok := slices.BinarySearch(turned, c); ok && (most < 0 || len(turned) < most) {
			best, most = Selection{Where: v.Sel.Where, Amount: a}, len(turned)
		}
	}
	return best, most >= 0
}

func ptrMove(m engine.Move) *engine.Move { return &m }
