package board

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// coinsBoard draws a row of coins 1, 2, 3 … left to right (Mock Turtles,
// Ruler): ● heads, ○ tails, the numbers of the heads coins above them.
// The previewed move shows each coin it turns as it will be, in the
// move's colour; a row too long for the screen folds its long runs of
// tails into "⋯n⋯", keeping every heads coin and every coin turned.
type coinsBoard struct{}

func init() { register(engine.Coins, coinsBoard{}) }

func (coinsBoard) down() int      { return +1 }
func (coinsBoard) size(View) int  { return 2 }
func (coinsBoard) focus(View) int { return 1 }

// The glyphs of a coin: heads and tails.
const (
	HeadsGlyph = "●"
	TailsGlyph = "○"
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
func (v View) spots(w int, turned []int64) []coinSpot {
	last := max(largest(v.Pos), largest(turned))
	heads := func(c int64) bool { _, ok := slices.BinarySearch(v.Pos, c); return ok }
	turn := func(c int64) bool { _, ok := slices.BinarySearch(turned, c); return ok }
	var out []coinSpot
	keep := append(append([]int64{1}, v.Pos...), turned...)
	foldRuns(keep, last, last <= int64(w)/2, 2, // not 2*last: a coin near 2^63 would wrap
		func(c int64) { out = append(out, coinSpot{coin: c, heads: heads(c), turn: turn(c)}) },
		func(n int64) { out = append(out, coinSpot{fold: n}) })
	return out
}

func (coinsBoard) lines(v View, from, to int) (lines, notes []string) {
	var nums, row strings.Builder
	nums.WriteString("  ")
	row.WriteString("  ")
	sel := int64(-1)
	if w := v.Sel.Where; v.Choosing && w >= 1 && w <= len(v.Pos) {
		sel = v.Pos[w-1]
	}
	turned := v.turned() // once: it applies the move
	for _, s := range v.spots(v.Width-4, turned) {
		if s.coin == 0 {
			f := "⋯" + group(s.fold) + "⋯ "
			nums.WriteString(strings.Repeat(" ", text.Width(f)))
			row.WriteString(v.Styles.Subtle.Render(f))
			continue
		}
		glyph := v.spotGlyph(s, sel)
		label := ""
		if s.heads || s.turn || s.coin == 1 {
			label = strconv.FormatInt(s.coin, 10)
		}
		cell := max(2, len(label)+1)
		nums.WriteString(text.PadRight(label, cell))
		row.WriteString(glyph + strings.Repeat(" ", cell-1))
	}
	lines = []string{v.Styles.Subtle.Render(strings.TrimRight(nums.String(), " ")), row.String()}
	if t := turned; len(t) > 0 {
		words := make([]string, 0, len(t))
		for _, c := range t[:min(len(t), 12)] {
			words = append(words, group(c))
		}
		if len(t) > 12 {
			words = append(words, "…")
		}
		notes = append(notes, v.Styles.Going.Render(v.Cat.T("ui.coins.turns", strings.Join(words, " "))))
	}
	return lines[from:to], append(notes, v.ruleNote()...)
}

// spotGlyph is a coin drawn: heads or tails, as it will be where the move
// turns it, marked where it is the coin chosen.
func (v View) spotGlyph(s coinSpot, sel int64) string {
	glyph, st := TailsGlyph, v.Styles.Subtle
	if s.heads {
		glyph, st = HeadsGlyph, v.Styles.Match
	}
	switch {
	case s.turn: // as it will be
		glyph, st = map[bool]string{true: TailsGlyph, false: HeadsGlyph}[s.heads], v.Styles.Going
	case s.coin == sel:
		st = v.Styles.Selected
	}
	return st.Render(glyph)
}

// selectAt: the mouse does not choose on a row of coins; the keys do.
func (coinsBoard) selectAt(View, int, int) (Selection, bool) { return Selection{}, false }
