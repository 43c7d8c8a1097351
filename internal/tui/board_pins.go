package tui

import (
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// pinsBoard draws rows of pins, one heap a row, for games whose moves can
// split a heap: the pins the selected move knocks down are drawn hollow
// where they stand in the row, and the two rows left are written after
// the count ("12 −2 → 3 + 7"), so both pieces are seen before enter. A
// move that takes nothing and splits is drawn as a cut (╎) in the row.
// ↑/↓ choose the row, +/− how many, ←/→ where in the row.
//
// The engine's move keeps the smaller piece as Left; the selection
// remembers a move chosen in a row's right half (by ←/→ past the middle,
// or the mouse) and the row draws it there, mirrored.
type pinsBoard struct{}

const (
	pinGlyph   = "i"
	knockGlyph = "·" // a pin the move would knock down
	cutGlyph   = "╎" // where a move that takes nothing splits the row
)

func (pinsBoard) keys() keyLayout   { return pinKeys }
func (pinsBoard) down() int         { return +1 }
func (pinsBoard) size(m *play) int  { return len(m.pos()) }
func (pinsBoard) focus(m *play) int { return m.sel.where - 1 }

// pinGlyphFor draws the game's unit: pins, or matches and coins for the
// games whose heaps are those.
func pinGlyphFor(m *play) string {
	switch m.game().Board().Unit {
	case "unit.match":
		return matchGlyph
	case "unit.coin":
		return coinGlyph
	}
	return pinGlyph
}

// pinLayout lays the rows out in w columns: marker, label, pins from
// column x0, cw columns a pin, then the count and the pieces. Rows longer
// than drawn (most pins) are written as a count alone.
type pinLayout struct {
	labelWidth int
	x0, cw     int
	most       int64
}

func newPinLayout(m *play, w int) pinLayout {
	p := m.pos()
	lw := text.Width(m.game().Place(p, len(p)).Render(m.cat)) // heap 100,000 is wider than heap 9
	l := pinLayout{labelWidth: lw, x0: 2 + lw + 1}
	avail := int64(max(0, w-l.x0))
	// The longest row drawn cw columns a pin, with room after it for
	// " 12 −2 → 3 + 7": three numbers of its length and the signs.
	capacity := func(cw int64) int64 {
		c := max(0, avail-10) / cw
		return max(0, avail-10-3*int64(len(group(c)))) / cw
	}
	l.cw, l.most = 1, capacity(1)
	var longest int64 // the longest row that is drawn at all
	for _, h := range p {
		if h <= l.most {
			longest = max(longest, h)
		}
	}
	if two := capacity(2); longest <= two {
		l.cw, l.most = 2, two
	}
	return l
}

// drawn reports whether a row of h is drawn pin by pin.
func (l pinLayout) drawn(h int64) bool { return h <= l.most }

// pieces is what the move on row i leaves, as the row shows it: the pins
// kept on the left end, the pins knocked down, the pins kept on the right;
// ok is false when the move shown is not on this row.
func (m *play) pieces(i int) (left, taken, right int64, ok bool) {
	mv, preview := m.preview()
	if !preview || mv.Where != i+1 {
		return 0, 0, 0, false
	}
	h := m.pos()[i]
	left, taken, right = mv.Left, mv.Amount, h-mv.Amount-mv.Left
	if m.sel.mirrored && !m.thinking && mv == m.sel.move() {
		left, right = right, left
	}
	return left, taken, right, true
}

func (pinsBoard) lines(m *play, w, from, to int) (lines, notes []string) {
	p, g := m.pos(), m.game()
	l := newPinLayout(m, w)
	glyph := pinGlyphFor(m)
	for i := from; i < to; i++ {
		mark := noCursor
		if m.marked(i + 1) {
			mark = m.st.Selected.Render(cursor)
		}
		row := mark + text.PadRight(g.Place(p, i+1).Render(m.cat), l.labelWidth) + " "
		h := p[i]
		left, taken, right, moving := m.pieces(i)
		if l.drawn(h) {
			sep := strings.Repeat(" ", l.cw-1)
			var b strings.Builder
			for k := range h {
				if moving && taken == 0 && k == left && k > 0 {
					b.WriteString(m.st.Going.Render(cutGlyph) + sep)
				}
				if moving && k >= left && k < left+taken {
					b.WriteString(m.st.Going.Render(knockGlyph) + sep)
				} else {
					b.WriteString(m.st.Match.Render(glyph) + sep)
				}
			}
			row += b.String()
			if l.cw == 1 {
				row += " "
			}
		}
		count := group(h)
		if !l.drawn(h) {
			count = "(" + count + ")"
		}
		piecesText := ""
		if moving {
			piecesText = " " + piecesChange(taken, left, right)
		}
		if moving && text.Width(row+count+piecesText) > w {
			// A row of 10^18 pins: the pieces go under the board.
			notes = append(notes, m.st.Going.Render(g.Place(p, i+1).Render(m.cat)+piecesText))
			piecesText = ""
		}
		lines = append(lines, row+m.st.Subtle.Render(count)+m.st.Going.Render(piecesText))
	}
	// The rule goes under the board, wrapped: an octal code's is long.
	if r := g.Board().Rule; !r.IsZero() {
		for _, line := range text.Wrap(r.Render(m.cat), w) {
			notes = append(notes, m.st.Subtle.Render(line))
		}
	}
	return lines, notes
}

// piecesChange writes what a move does to a row: "−2 → 3 + 7", or for a
// split that takes nothing "→ 3 + 7".
func piecesChange(taken, left, right int64) string {
	s := "→ " + piecesWords(left, right)
	if taken > 0 {
		s = "−" + group(taken) + " " + s
	}
	return s
}

// piecesWords writes the pieces a move leaves in row order: "3 + 7", or
// "7" when one row is left, "0" when nothing is.
func piecesWords(left, right int64) string {
	switch {
	case left > 0 && right > 0:
		return group(left) + " + " + group(right)
	case left > 0:
		return group(left)
	}
	return group(right)
}

// moveAt: the pin under the pointer is the first the move knocks down
// (for a move that takes nothing, the first pin after the cut), with the
// amount selected on that row or the row's smallest. A block that would
// run past the end knocks down the last pins. In the right half of the
// row the engine's move is the mirrored one, drawn where the pointer is.
func (pinsBoard) selectAt(m *play, w, x, y int) (selection, bool) {
	p, g := m.pos(), m.game()
	s, splits := g.(engine.Splitter)
	if y < 0 || y >= len(p) || !splits {
		return selection{}, false
	}
	l := newPinLayout(m, w)
	h := p[y]
	if x < l.x0 || !l.drawn(h) {
		return selection{}, false
	}
	k := int64((x - l.x0) / l.cw)
	if k >= h {
		return selection{}, false
	}
	amount := m.sel.amount
	if m.sel.where != y+1 || !g.Amounts(p, y+1).Has(amount) {
		amount, _ = g.Amounts(p, y+1).First()
	}
	k = min(k, h-amount) // the block ends at the row's end
	left, flipped := k, false
	if right := h - amount - k; right < k {
		left, flipped = right, true
	}
	mv := engine.Move{Where: y + 1, Amount: amount, Left: left}
	if !s.Splits(p, y+1, amount).Has(left) {
		return selection{}, false
	}
	return selection{where: mv.Where, amount: mv.Amount, left: mv.Left, mirrored: flipped}, true
}
