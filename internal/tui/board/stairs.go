package board

import (
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// stairsBoard draws a staircase from the top stair down to the ground,
// each step further left, coins on them; odd stairs are marked because
// only they count. Line j is stair n−1−j, so ↓ goes down a stair.
type stairsBoard struct{}

func init() { register(engine.Stairs, stairsBoard{}) }

func (stairsBoard) down() int        { return -1 }
func (stairsBoard) size(v View) int  { return len(v.Pos) }
func (stairsBoard) focus(v View) int { return len(v.Pos) - 1 - v.Sel.Where }
func (stairsBoard) columns(v View) (int, int) {
	_, b := stairLayout(v)
	return b.x0, b.cw
}

// stairLabel is stair s's label: "ground 0", "stair 3 (odd)".
func stairLabel(v View, s int) string {
	if s == 0 {
		return v.Cat.T("ui.ground")
	}
	label := v.Cat.T("label.stair", s)
	if s%2 == 1 {
		label += " " + v.Cat.T("ui.stair.odd")
	}
	return label
}

// stairLayout is the width of the labels and the layout of the coins on
// the ground; stair s's coins start 2s columns further right.
func stairLayout(v View) (labelWidth int, b barGeometry) {
	w := v.Width
	n := len(v.Pos)
	labelWidth = max(text.Width(stairLabel(v, n-1)), text.Width(stairLabel(v, max(n-2, 0))), text.Width(stairLabel(v, 0)))
	x0 := 2 + labelWidth + 3 + 3 // marker, label, " │ ", the step's "▄▄ "
	steps := min(2*(n-1), w/3)   // a staircase of thousands of stairs stops indenting
	return labelWidth, newBarGeometry(x0, max(8, w-x0-steps-2*len(group(largest(v.Pos)))-8), largest(v.Pos))
}

func (stairsBoard) lines(v View, from, to int) (lines, notes []string) {
	p, w := v.Pos, v.Width
	n := len(p)
	lw, b := stairLayout(v)
	lose, gain := v.change()
	for j := from; j < to; j++ {
		s := n - 1 - j
		mark := NoCursor
		if s > 0 {
			mark = v.mark(s)
		}
		indent := min(2*s, w/3)
		step := strings.Repeat(" ", indent) + v.Styles.Subtle.Render("▄▄") + " "
		going, coming := at(lose, s), at(gain, s)
		lines = append(lines, mark+text.PadRight(stairLabel(v, s), lw)+" │ "+step+
			v.bar(b, p[s], going, coming, CoinGlyph, goingCoin, comingCoin)+" "+v.Styles.Subtle.Render(v.count(p[s], going, coming, b.unit > 1)))
	}
	return lines, v.scaleNote(b, CoinGlyph)
}

func (stairsBoard) selectAt(v View, x, y int) (Selection, bool) {
	p, w := v.Pos, v.Width
	s := len(p) - 1 - y
	if s < 1 || s >= len(p) {
		return Selection{}, false
	}
	_, b := stairLayout(v)
	b.x0 += min(2*s, w/3)
	c := b.takeAt(x, p[s])
	return selected(engine.At(s, c), c > 0)
}
