package tui

import (
	"strings"

	"matchgame/internal/engine"
)

// pinsBoard draws rows of pins, one heap a row, for take-and-break games:
// the move's pins knocked down are hollow where they stand in the row, so
// the two rows left are seen before enter. ↑/↓ choose the row, +/− how
// many pins, ←/→ where in the row.
type pinsBoard struct{}

const (
	pinGlyph    = "i"
	knockGlyph  = "·" // a pin the move would knock down
	maxPinsDraw = 60  // longer rows are drawn as a count
)

func (pinsBoard) keys() keyLayout   { return pinKeys }
func (pinsBoard) down() int         { return +1 }
func (pinsBoard) size(m *play) int  { return len(m.pos()) }
func (pinsBoard) focus(m *play) int { return m.sel.where - 1 }

func (pinsBoard) lines(m *play, w, from, to int) (lines, notes []string) {
	p, g := m.pos(), m.game()
	lw := width(g.Place(p, len(p)).Render(m.cat))
	mv, preview := m.preview()
	for i := from; i < to; i++ {
		mark := noCursor
		if m.marked(i + 1) {
			mark = m.st.Selected.Render(cursor)
		}
		row := mark + padRight(g.Place(p, i+1).Render(m.cat), lw) + " "
		h := p[i]
		knocked := preview && mv.Where == i+1
		if h <= maxPinsDraw && 2*int(h)+lw+12 <= w {
			var b strings.Builder
			for k := int64(0); k < h; k++ {
				if knocked && k >= mv.Left && k < mv.Left+mv.Amount {
					b.WriteString(m.st.Going.Render(knockGlyph) + " ")
				} else {
					b.WriteString(m.st.Match.Render(pinGlyph) + " ")
				}
			}
			row += b.String()
		}
		count := group(h)
		if knocked {
			count += m.st.Going.Render(" → " + group(mv.Left) + " + " + group(h-mv.Amount-mv.Left))
		}
		lines = append(lines, row+m.st.Subtle.Render(count))
	}
	return lines, m.ruleNote()
}

// moveAt: a click on a pin knocks down the selected number of pins from
// that one on.
func (pinsBoard) moveAt(m *play, w, x, y int) (engine.Move, bool) {
	p, g := m.pos(), m.game()
	if y < 0 || y >= len(p) {
		return engine.Move{}, false
	}
	lw := width(g.Place(p, len(p)).Render(m.cat))
	k := int64((x - (2 + lw + 1)) / 2)
	amount := m.sel.amount
	if m.sel.where != y+1 {
		amount, _ = g.Amounts(p, y+1).First()
	}
	mv := engine.Move{Where: y + 1, Amount: amount, Left: k}
	s, ok := g.(engine.Splitter)
	if x < 2+lw+1 || k >= p[y] || !ok {
		return engine.Move{}, false
	}
	// The engine's move keeps the smaller part on the left: knocking pins
	// nearer the right end is the same move mirrored.
	if right := p[y] - amount - k; right < k {
		mv.Left = right
	}
	return mv, s.Splits(p, y+1, amount).Has(mv.Left)
}
