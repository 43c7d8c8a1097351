package board

import (
	"slices"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

func init() { register(engine.Pins, pinsBoard{}) }

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

// The glyphs of a row of pins (matches and coins for the games whose
// heaps are those: MatchGlyph, CoinGlyph).
const (
	PinGlyph   = "i"
	KnockGlyph = "·" // a pin the move would knock down
	CutGlyph   = "╎" // where a move that takes nothing splits the row
)

func (pinsBoard) down() int        { return +1 }
func (pinsBoard) size(v View) int  { return len(v.Pos) }
func (pinsBoard) focus(v View) int { return v.Sel.Where - 1 }
func (pinsBoard) columns(v View) (int, int) {
	l := newPinLayout(v)
	return l.x0, l.cw
}

// pinGlyphFor draws the game's unit: pins, or matches and coins for the
// games whose heaps are those.
func pinGlyphFor(g engine.Game) string {
	switch g.Board().Unit {
	case "unit.match":
		return MatchGlyph
	case "unit.coin":
		return CoinGlyph
	}
	return PinGlyph
}

// pinLayout lays the rows out: marker, label, pins from column x0, cw
// columns a pin, then the count and the pieces. Rows longer than drawn
// (most pins) are written as a count alone.
type pinLayout struct {
	labelWidth int
	x0, cw     int
	most       int64
}

func newPinLayout(v View) pinLayout {
	p := v.Pos
	lw := text.Width(v.Game.Place(p, len(p)).Render(v.Cat)) // heap 100,000 is wider than heap 9
	l := pinLayout{labelWidth: lw, x0: 2 + lw + 1}
	avail := int64(max(0, v.Width-l.x0))
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

// pieces is what the move on row i leaves, as the row shows it: the
// pieces kept, in row order (the pins knocked down lie after the first),
// and the pins knocked down; ok is false when the move shown is not on
// this row. A piece of 0 is none.
func (v View) pieces(i int) (kept []int64, taken int64, ok bool) {
	if v.Preview == nil || v.Preview.First().Place != i+1 {
		return nil, 0, false
	}
	mv := *v.Preview
	h := v.Pos[i]
	mine := v.Choosing && mv == v.Sel.Move(h)
	switch {
	case mv.First().Pieces[1] > 0 && mine: // the selection's pieces, in row order
		return []int64{v.Sel.Left, v.Sel.Mid, h - v.Sel.Left - v.Sel.Mid}, 0, true
	case mv.First().Pieces[1] > 0:
		return []int64{mv.First().Pieces[0], mv.First().Pieces[1], h - mv.First().Pieces[0] - mv.First().Pieces[1]}, 0, true
	}
	left, right := mv.First().Pieces[0], h-mv.First().Amount-mv.First().Pieces[0]
	if v.Sel.Mirrored && mine {
		left, right = right, left
	}
	return []int64{left, right}, mv.First().Amount, true
}

func (pinsBoard) lines(v View, from, to int) (lines, notes []string) {
	p, g := v.Pos, v.Game
	l := newPinLayout(v)
	glyph := pinGlyphFor(g)
	for i := from; i < to; i++ {
		row := v.mark(i+1) + text.PadRight(g.Place(p, i+1).Render(v.Cat), l.labelWidth) + " "
		h := p[i]
		kept, taken, moving := v.pieces(i)
		if l.drawn(h) {
			row += v.pinRow(l, h, glyph, kept, taken)
		}
		count := group(h)
		switch {
		case h == 0:
			count = v.Cat.T("ui.board.empty")
		case !l.drawn(h):
			count = "(" + count + ")"
		}
		piecesText := ""
		if moving {
			piecesText = " " + PiecesChange(taken, kept...)
		}
		if moving && text.Width(row+count+piecesText) > v.Width {
			// A row of 10^18 pins: the pieces go under the board, wrapped
			// (three pieces of 19 digits are wider than 60 columns).
			for _, line := range text.Wrap(g.Place(p, i+1).Render(v.Cat)+piecesText, v.Width) {
				notes = append(notes, v.Styles.Going.Render(line))
			}
			piecesText = ""
		}
		lines = append(lines, row+v.Styles.Subtle.Render(count)+v.Styles.Going.Render(piecesText))
	}
	// The rule goes under the board, wrapped: an octal code's is long.
	if r := g.Board().Rule; !r.IsZero() && !v.Terse { // as every board's rule (Draw)
		for _, line := range text.Wrap(r.Render(v.Cat), v.Width) {
			notes = append(notes, v.Styles.Subtle.Render(line))
		}
	}
	return lines, notes
}

// pinRow draws a row of h pins pin by pin: with a move shown (kept not
// nil), the pins it knocks down hollow after the first piece, and a cut
// between pieces where it takes nothing.
func (v View) pinRow(l pinLayout, h int64, glyph string, kept []int64, taken int64) string {
	sep := strings.Repeat(" ", l.cw-1)
	var cuts []int64 // the pins a cut stands before
	if taken == 0 {
		at := int64(0)
		for _, k := range kept[:max(len(kept)-1, 0)] {
			if at += k; at > 0 && at < h {
				cuts = append(cuts, at)
			}
		}
	}
	var first int64
	if len(kept) > 0 {
		first = kept[0]
	}
	var b strings.Builder
	for k := range h {
		if slices.Contains(cuts, k) {
			b.WriteString(v.Styles.Going.Render(CutGlyph) + sep)
		}
		if taken > 0 && k >= first && k < first+taken {
			b.WriteString(v.Styles.Going.Render(KnockGlyph) + sep)
		} else {
			b.WriteString(v.Styles.Match.Render(glyph) + sep)
		}
	}
	if l.cw == 1 {
		b.WriteString(" ")
	}
	return b.String()
}

// PiecesChange writes what a move does to a row: "−2 → 3 + 7", or for a
// split that takes nothing "→ 3 + 7" or "→ 1 + 2 + 4".
func PiecesChange(taken int64, kept ...int64) string {
	s := "→ " + piecesWords(kept)
	if taken > 0 {
		s = "−" + group(taken) + " " + s
	}
	return s
}

// piecesWords writes the pieces a move leaves in row order: "3 + 7", or
// "7" when one row is left, "0" when nothing is.
func piecesWords(kept []int64) string {
	var words []string
	for _, k := range kept {
		if k > 0 {
			words = append(words, group(k))
		}
	}
	if words == nil {
		return "0"
	}
	return strings.Join(words, " + ")
}

// selectAt: the pin under the pointer is the first the move knocks down
// (for a move that takes nothing, the first pin after the cut), with the
// amount selected on that row or the row's smallest. A block that would
// run past the end knocks down the last pins. In the right half of the
// row the engine's move is the mirrored one, drawn where the pointer is.
func (pinsBoard) selectAt(v View, x, y int) (Selection, bool) {
	p, g := v.Pos, v.Game
	s, splits := g.(engine.Splitter)
	if y < 0 || y >= len(p) || !splits {
		return Selection{}, false
	}
	l := newPinLayout(v)
	h := p[y]
	if x < l.x0 || !l.drawn(h) {
		return Selection{}, false
	}
	k := int64((x - l.x0) / l.cw)
	if k >= h {
		return Selection{}, false
	}
	amount := v.Sel.Amount
	if v.Sel.Where != y+1 || !g.Amounts(p, y+1).Has(amount) {
		amount, _ = g.Amounts(p, y+1).First()
	}
	if amount == 0 && g.Board().Shape.Pieces == 3 {
		return cutAt(v, y+1, h, k)
	}
	k = min(k, h-amount) // the block ends at the row's end
	left, flipped := k, false
	if right := h - amount - k; right < k {
		left, flipped = right, true
	}
	if !s.Splits(p, y+1, amount).Has(left) {
		return Selection{}, false
	}
	return Selection{Where: y + 1, Amount: amount, Left: left, Mirrored: flipped}, true
}

// cutAt: on a split into three, the cut nearer to the pin under the
// pointer moves to just before it, the other staying where it is (a row
// not selected yet starts from 1 + 1 + the rest).
func cutAt(v View, where int, h, k int64) (Selection, bool) {
	x, y := int64(1), int64(1)
	if v.Sel.Where == where && v.Sel.Mid > 0 {
		x, y = v.Sel.Left, v.Sel.Mid
	}
	first, second := x, x+y
	if k-first <= second-k {
		first = k
	} else {
		second = k
	}
	if first < 1 || second <= first || second >= h {
		return Selection{}, false
	}
	return Selection{Where: where, Left: first, Mid: second - first}, true
}
