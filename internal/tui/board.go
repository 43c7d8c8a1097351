package tui

import (
	"fmt"
	"strings"

	"matchgame/internal/engine"
)

// The boards: one renderer per kind of board the engine describes. Each
// draws the position with the selected move previewed: what would go is
// drawn with a hollow glyph (and in colour), so the preview shows without
// colour too. None of them knows which game it draws.

const (
	matchGlyph = "┃"
	goneGlyph  = "┆" // a match the selected move would take
	coinGlyph  = "●"
	goingCoin  = "○" // a coin the selected move would move down
	comingCoin = "◌" // where it would land
	cursor     = "▸ "
	noCursor   = "  "
)

// renderer draws one kind of board and reads the mouse on it.
type renderer interface {
	// keys is which keys choose a move on this board.
	keys() keyLayout
	// down is the change of Where that ↓ (→ on a row) makes.
	down() int
	// size is how many lines the board proper takes.
	size(m *play) int
	// lines draws lines from to to of the board for w columns, and the
	// notes under it (a scale, the rule).
	lines(m *play, w, from, to int) (lines, notes []string)
	// focus is the line of the selected place.
	focus(m *play) int
	// selectAt is the move under column x of board line y, as selected.
	selectAt(m *play, w, x, y int) (selection, bool)
}

func rendererFor(k engine.BoardKind) renderer {
	switch k {
	case engine.Queen:
		return queenBoard{}
	case engine.Stairs:
		return stairsBoard{}
	case engine.Cells:
		return cellsBoard{}
	case engine.Pins:
		return pinsBoard{}
	}
	return heapsBoard{}
}

// preview is the move the board shows as about to happen: the selection,
// while the person chooses a legal one, or the computer's chosen move
// during its pause.
func (m *play) preview() (engine.Move, bool) {
	switch {
	case m.match.Over():
		return engine.Move{}, false
	case m.thinking:
		return m.pending, !m.weighing
	case !m.yourTurn() || m.sel.amount == 0 && !m.splits():
		return engine.Move{}, false
	}
	return m.sel.move(), m.refusal() == "" // no preview of a refused move
}

// splits reports whether the game's moves can split a heap (an amount of
// 0 is then a move too).
func (m *play) splits() bool {
	_, ok := m.game().(engine.Splitter)
	return ok
}

// marked reports whether place w carries the selection marker: the
// selected place (even with no amount chosen yet), or the place of the
// move the computer is about to make.
func (m *play) marked(w int) bool {
	if mv, ok := m.preview(); ok {
		return mv.Where == w
	}
	return m.yourTurn() && m.sel.where == w
}

// change is what the previewed move does to each number of the position:
// how much each loses and gains (Apply's difference). Nil without one.
func (m *play) change() (lose, gain []int64) {
	mv, ok := m.preview()
	if !ok {
		return nil, nil
	}
	p := m.pos()
	q, err := m.game().Apply(p, mv)
	if err != nil || len(q) != len(p) {
		return nil, nil
	}
	lose, gain = make([]int64, len(p)), make([]int64, len(p))
	for i := range p {
		if q[i] < p[i] {
			lose[i] = p[i] - q[i]
		} else {
			gain[i] = q[i] - p[i]
		}
	}
	return lose, gain
}

func at(v []int64, i int) int64 {
	if v == nil {
		return 0
	}
	return v[i]
}

// barGeometry is how a row of matches (coins) is laid out: columns per
// glyph, and how many matches one glyph stands for when a heap is too
// large to draw match by match.
type barGeometry struct {
	x0   int   // first column of the first glyph
	cw   int   // columns per glyph
	unit int64 // matches per glyph
}

func newBarGeometry(x0, cols int, largest int64) barGeometry {
	switch c := int64(max(cols, 1)); {
	case largest <= c/2:
		return barGeometry{x0: x0, cw: 2, unit: 1}
	case largest <= c:
		return barGeometry{x0: x0, cw: 1, unit: 1}
	default:
		return barGeometry{x0: x0, cw: 1, unit: ceilDiv(largest, c)}
	}
}

// ceilDiv is ⌈a/b⌉ for a ≥ 0, b > 0, without overflow near the largest
// int64.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

// glyphs is how many glyphs n matches take.
func (b barGeometry) glyphs(n int64) int64 { return ceilDiv(n, b.unit) }

// takeAt is the amount a click at column x takes from a heap of count: the
// match under the pointer and every match after it; 0 when x misses.
func (b barGeometry) takeAt(x int, count int64) int64 {
	if x < b.x0 {
		return 0
	}
	k := int64((x - b.x0) / b.cw)
	if k >= b.glyphs(count) {
		return 0
	}
	return count - min(count, k*b.unit)
}

// bar draws count glyphs with the last going of them hollow, then coming
// ghosts (the coins a staircase move would bring).
func (m *play) bar(b barGeometry, count, going, coming int64, glyph, gone, ghost string) string {
	var sb strings.Builder
	sep := strings.Repeat(" ", b.cw-1)
	n, g := b.glyphs(count), b.glyphs(going)
	if going > 0 && g == 0 {
		g = 1
	}
	if g > 0 && g < n && count-going > 0 && b.glyphs(count-going)+g > n {
		g = n - b.glyphs(count-going)
	}
	if keep := n - g; keep > 0 {
		sb.WriteString(m.st.Match.Render(strings.Repeat(glyph+sep, int(keep))))
	}
	if g > 0 {
		sb.WriteString(m.st.Going.Render(strings.Repeat(gone+sep, int(g))))
	}
	if coming > 0 {
		sb.WriteString(m.st.Going.Render(strings.Repeat(ghost+sep, int(max(1, b.glyphs(coming))))))
	}
	return sb.String()
}

// count writes a number with its change: "9 −4", "(1,000,000 −1)" for a
// scaled bar.
func (m *play) count(v, lose, gain int64, scaled bool) string {
	s := group(v)
	if lose > 0 {
		s += m.st.Going.Render(" −" + group(lose))
	}
	if gain > 0 {
		s += m.st.Going.Render(" +" + group(gain))
	}
	if scaled || v == 0 {
		s = "(" + s + ")"
	}
	return s
}

// scaleNote says what one glyph stands for on a scaled board.
func (m *play) scaleNote(b barGeometry, glyph string) []string {
	if b.unit <= 1 {
		return nil
	}
	return []string{m.st.Subtle.Render(m.cat.T("ui.board.scale", glyph, group(b.unit)))}
}

// ruleNote is the game's rule line, when its board needs one.
func (m *play) ruleNote() []string {
	if r := m.game().Board().Rule; !r.IsZero() {
		return []string{m.st.Subtle.Render(r.Render(m.cat))}
	}
	return nil
}

// group writes v with its digits grouped by three, as a class reads a big
// number: 1,000,000,000.
func group(v int64) string { return fmt.Sprintf("%d", engine.Number(v)) }

// largest is the largest number of p, 0 for none.
func largest(p engine.Position) int64 {
	var v int64
	for _, x := range p {
		v = max(v, x)
	}
	return v
}

// selected is the selection of a move the pointer chose.
func selected(mv engine.Move, ok bool) (selection, bool) {
	return selection{where: mv.Where, amount: mv.Amount, left: mv.Left}, ok
}
