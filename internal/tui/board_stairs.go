package tui

import (
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// stairsBoard draws a staircase from the top stair down to the ground,
// each step further left, coins on them; odd stairs are marked because
// only they count. Line j is stair n−1−j, so ↓ goes down a stair.
type stairsBoard struct{}

func (stairsBoard) keys() keyLayout   { return verticalKeys }
func (stairsBoard) down() int         { return -1 }
func (stairsBoard) size(m *play) int  { return len(m.pos()) }
func (stairsBoard) focus(m *play) int { return len(m.pos()) - 1 - m.sel.where }

// stairLabel is stair s's label: "ground 0", "stair 3 (odd)".
func stairLabel(m *play, s int) string {
	if s == 0 {
		return m.cat.T("ui.ground")
	}
	label := m.cat.T("label.stair", s)
	if s%2 == 1 {
		label += " " + m.cat.T("ui.stair.odd")
	}
	return label
}

// stairLayout is the width of the labels and the layout of the coins on
// the ground; stair s's coins start 2s columns further right.
func stairLayout(m *play, w int) (labelWidth int, b barGeometry) {
	n := len(m.pos())
	labelWidth = max(text.Width(stairLabel(m, n-1)), text.Width(stairLabel(m, max(n-2, 0))), text.Width(stairLabel(m, 0)))
	x0 := 2 + labelWidth + 3 + 3 // marker, label, " │ ", the step's "▄▄ "
	steps := min(2*(n-1), w/3)   // a staircase of thousands of stairs stops indenting
	return labelWidth, newBarGeometry(x0, max(8, w-x0-steps-2*len(group(largest(m.pos())))-8), largest(m.pos()))
}

func (stairsBoard) lines(m *play, w, from, to int) (lines, notes []string) {
	p := m.pos()
	n := len(p)
	lw, b := stairLayout(m, w)
	lose, gain := m.change()
	for j := from; j < to; j++ {
		s := n - 1 - j
		mark := noCursor
		if s > 0 && m.marked(s) {
			mark = m.st.Selected.Render(cursor)
		}
		indent := min(2*s, w/3)
		step := strings.Repeat(" ", indent) + m.st.Subtle.Render("▄▄") + " "
		going, coming := at(lose, s), at(gain, s)
		lines = append(lines, mark+text.PadRight(stairLabel(m, s), lw)+" │ "+step+
			m.bar(b, p[s], going, coming, coinGlyph, goingCoin, comingCoin)+" "+m.st.Subtle.Render(m.count(p[s], going, coming, b.unit > 1)))
	}
	return lines, m.scaleNote(b, coinGlyph)
}

func (b stairsBoard) selectAt(m *play, w, x, y int) (selection, bool) {
	return selected(b.moveAt(m, w, x, y))
}

func (stairsBoard) moveAt(m *play, w, x, y int) (engine.Move, bool) {
	p := m.pos()
	s := len(p) - 1 - y
	if s < 1 || s >= len(p) {
		return engine.Move{}, false
	}
	_, b := stairLayout(m, w)
	b.x0 += min(2*s, w/3)
	c := b.takeAt(x, p[s])
	return engine.Move{Where: s, Amount: c}, c > 0
}
