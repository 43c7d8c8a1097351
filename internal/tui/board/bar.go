package board

import (
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// barBoard draws Chomp's chocolate bar: a row of squares ■ per row of the
// position, top to bottom, the poisoned square ☠ at the top left; the
// previewed bite shows the squares that go (every square right of and
// below the one eaten) as □, and the square chosen as ▣. Column numbers
// run over the bar. A row longer than the screen is cut with "…" (a bar
// is searched up to 10 × 10; larger ones are only drawn).
type barBoard struct{}

func init() { register(engine.Bar, barBoard{}) }

func (barBoard) down() int        { return +1 }
func (barBoard) size(v View) int  { return len(v.Pos) + 1 }
func (barBoard) focus(v View) int { return v.Sel.Where }

// The glyphs of the bar.
const (
	SquareGlyph = "■"
	PoisonGlyph = "☠"
	EatenGlyph  = "□"
	BiteGlyph   = "▣"
)

// barLabel is the width of the widest row label.
func barLabel(v View) int { return text.Width(v.Game.Place(v.Pos, len(v.Pos)).Render(v.Cat)) }

func (barBoard) lines(v View, from, to int) (lines, notes []string) {
	lw := barLabel(v)
	cols := int64(max(1, (v.Width-lw-4)/2))
	widest := min(largest(v.Pos), cols)
	var head strings.Builder
	head.WriteString(strings.Repeat(" ", 2+lw+1))
	for c := int64(1); c <= widest; c++ {
		n := strconv.FormatInt(c%10, 10) // the units digit keeps two columns a square
		head.WriteString(n + " ")
	}
	all := []string{v.Styles.Subtle.Render(strings.TrimRight(head.String(), " "))}
	bite := v.Preview
	for r := 1; r <= len(v.Pos); r++ {
		var row strings.Builder
		row.WriteString(v.mark(r) + text.PadRight(v.Game.Place(v.Pos, r).Render(v.Cat), lw) + " ")
		for c := int64(1); c <= min(v.Pos[r-1], cols); c++ {
			glyph, st := SquareGlyph, v.Styles.Match
			switch {
			case bite != nil && int64(r) == int64(bite.First().Place) && c == bite.First().Amount:
				glyph, st = BiteGlyph, v.Styles.Going
			case bite != nil && r >= bite.First().Place && c >= bite.First().Amount:
				glyph, st = EatenGlyph, v.Styles.Going
			case r == 1 && c == 1:
				glyph, st = PoisonGlyph, v.Styles.Bad
			}
			row.WriteString(st.Render(glyph) + " ")
		}
		if v.Pos[r-1] > cols {
			row.WriteString("…")
		}
		all = append(all, strings.TrimRight(row.String(), " "))
	}
	if bite != nil {
		eaten := int64(0)
		for r := bite.First().Place; r <= len(v.Pos); r++ {
			eaten += max(0, v.Pos[r-1]-bite.First().Amount+1)
		}
		notes = append(notes, v.Styles.Going.Render(v.Cat.T("ui.bar.bite", bite.First().Place, bite.First().Amount, eaten)))
	}
	return all[from:to], append(notes, v.ruleNote()...)
}

// selectAt reads a click on a square: the bite there.
func (barBoard) selectAt(v View, x, y int) (Selection, bool) {
	r := y // line 0 is the column numbers
	x0 := 2 + barLabel(v) + 1
	if r < 1 || r > len(v.Pos) || x < x0 || (x-x0)%2 != 0 {
		return Selection{}, false
	}
	c := int64((x-x0)/2 + 1)
	return selected(engine.At(r, c), v.Game.Amounts(v.Pos, r).Has(c))
}
