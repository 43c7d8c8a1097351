// Package board draws the boards of the terminal game: one renderer per
// kind of board the engine describes, each a pure function of a View (the
// game, its position, the move being chosen, the marks, the disclosure,
// the room it has) to lines, and the reading of the mouse on what it
// drew. The game screen, the quiz, the demo, the class's screens and the
// handouts draw through it; a sum of games draws one View per component,
// one under another, each with its title and its own place numbers.
//
// A new kind of board is one file here: a type with the renderer's
// methods, registered for its engine.BoardKind in the file's init.
package board

import (
	"fmt"
	"slices"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// Selection is the move being chosen on a board: the place, the amount,
// for a take-and-break game the pins left on the left, and whether that
// move is drawn from the row's right end (Mirrored: the engine keeps the
// smaller piece as Left, so the right half of a row holds the same moves
// mirrored). A split into three (Mid > 0) keeps its pieces in row order:
// Left, Mid and the rest; the engine's move has them smallest first.
type Selection struct {
	Where    int
	Amount   int64
	Left     int64
	Mid      int64
	Mirrored bool
	// Pick: a click picked the place alone (the token on a graph's
	// vertex), its move waiting for the next click; pointing at it
	// picks nothing. Never set but by At.
	Pick bool
}

// Move is the move the selection describes on a row of h.
func (s Selection) Move(h int64) engine.Move {
	m := engine.Change{Place: s.Where, Amount: s.Amount, Pieces: [2]int64{s.Left}}.Move()
	if s.Mid > 0 {
		p := []int64{s.Left, s.Mid, h - s.Amount - s.Left - s.Mid}
		slices.Sort(p)
		m.Changes[0].Pieces[0], m.Changes[0].Pieces[1] = p[0], p[1]
	}
	return m
}

// Styles are the styles a board is drawn in.
type Styles struct {
	Match, Going, Selected, Subtle, Good, Bad, Bold text.Style
}

// View is everything a board is drawn from.
type View struct {
	Game engine.Game
	Pos  engine.Position
	Conv engine.Convention
	// Labels name Pos's places where a match keeps labels (a Hackenbush
	// edge drawn e5 after a cut, engine.Lineage); nil: by their numbers.
	Labels engine.Labels
	// Sel is the move being chosen; Choosing says someone is choosing it
	// now, so that its place is marked even with no amount chosen yet.
	Sel      Selection
	Choosing bool
	// Preview is the move drawn as about to happen: the selection while it
	// is legal, the computer's move during its pause; nil for none.
	Preview *engine.Move
	// Start is the position the game began at, nil for none: a row of
	// coins is drawn at least as far as its last coin and a grid of coins
	// at least as large, so that coins turned tails stay on the table (a
	// row all tails was blank).
	Start engine.Position
	// Disclosure is how much of the answer may be shown (Wythoff's grid
	// marks the cold cells in teach mode).
	Disclosure engine.Disclosure
	// Still: a picture (a handout), with nothing to choose on it.
	Still bool
	// Width is the columns the board may take; Height the lines: a board
	// taller is drawn as a window around the selection.
	Width, Height int
	// Title, when set, is the first line drawn: a component of a sum
	// ("Game 2 · Kayles · g = 2").
	Title string
	// Values: a sum's titles give each component's Grundy value (not while
	// a quiz waits for its answer, nor with explanations off).
	Values bool
	Styles Styles
	Cat    *assets.Catalog
	// Layouts, when set, keeps the last sum laid out for the next draw of
	// the same board: the screen's own, never shared between sessions.
	Layouts *Layouts
	// Terse: a component of a sum too tall to show whole, drawn without
	// its rule and without a picture beside it (Wythoff's grid), so that
	// every component stays on screen.
	Terse bool
	// bare: a component of a sum too tall to show even tersely with every
	// line a move is chosen by (Wythoff's ways to take), drawn without
	// them: the cursor marks what is chosen (both heaps for both).
	bare bool
}

// renderer draws one kind of board and reads the mouse on it.
type renderer interface {
	// down is the change of Where that ↓ (→ on a row) makes.
	down() int
	// size is how many lines the board proper takes.
	size(v View) int
	// lines draws lines from to to of the board, and the notes under it
	// (a scale, the rule).
	lines(v View, from, to int) (lines, notes []string)
	// focus is the line of the selected place.
	focus(v View) int
	// selectAt is the move under column x of board line y, as selected.
	selectAt(v View, x, y int) (Selection, bool)
}

// rows is a board drawn as rows of units (matches, coins, pins).
type rows interface {
	// columns are where a row's first unit is drawn and the columns each
	// takes (the staircase's: its ground's).
	columns(v View) (x0, cw int)
}

var renderers = map[engine.BoardKind]renderer{}

// register makes r the renderer of boards of kind k.
func register(k engine.BoardKind, r renderer) { renderers[k] = r }

// rendererOf is the renderer of v's board; rows of heaps for a kind with
// none of its own.
func rendererOf(g engine.Game) renderer {
	if r, ok := renderers[g.Board().Kind]; ok {
		return r
	}
	return renderers[engine.Heaps]
}

// Down is the change of place that ↓ (→ on a row) makes on g's board:
// +1, or −1 where places are drawn bottom up (the staircase).
func Down(g engine.Game) int { return rendererOf(g).down() }

// orderer is a board whose places are not drawn in their numbers' order
// (Hackenbush's edges, laid out as a tree).
type orderer interface {
	// order is v's places top to bottom as drawn.
	order(v View) []int
}

// Order is p's places top to bottom as g's board draws them, for ↑ and ↓
// to follow; nil where they are drawn in order of their numbers.
func Order(g engine.Game, p engine.Position) []int {
	if o, ok := rendererOf(g).(orderer); ok {
		return o.order(View{Game: g, Pos: p})
	}
	return nil
}

// Size is how many lines v's board proper takes, drawn whole.
func Size(v View) int { return rendererOf(v.Game).size(v) }

// Rows draws lines from to to of v's board, and the notes under it.
func Rows(v View, from, to int) (lines, notes []string) {
	return rendererOf(v.Game).lines(v, from, to)
}

// Columns are the column where a row's first unit (match, coin, pin) is
// drawn and the columns each takes, which a click is measured against;
// on a staircase, the ground's (stair s starts 2s further right). False
// for a board not drawn in rows of units (the cells).
func Columns(v View) (x0, cw int, ok bool) {
	if r, ok := rendererOf(v.Game).(rows); ok {
		x0, cw = r.columns(v)
		return x0, cw, true
	}
	return 0, 0, false
}

// window is the part of v's board shown when it is taller than v.Height:
// lines from to from+n, around the selection; n 0 when it all fits.
func window(v View, r renderer) (from, n int) {
	lines := r.size(v)
	if lines <= v.Height {
		return 0, 0
	}
	n = max(1, v.Height-2) // the two lines that say how many are hidden
	from = min(max(0, r.focus(v)-n/2), lines-n)
	return from, n
}

// Draw is v's board: its title, the board cut to a window around the
// selection when taller than v.Height (only what is seen is drawn, with a
// line saying how much is above and below), then the notes.
func Draw(v View) []string {
	r := rendererOf(v.Game)
	var out []string
	if v.Title != "" {
		out = append(out, v.Styles.Bold.Render(v.Title))
	}
	from, n := window(v, r)
	if n == 0 {
		lines, notes := r.lines(v, 0, r.size(v))
		return append(append(out, lines...), notes...)
	}
	lines, notes := r.lines(v, from, from+n)
	if from > 0 {
		out = append(out, v.Styles.Subtle.Render(v.Cat.T("ui.board.above", from)))
	}
	out = append(out, lines...)
	if below := r.size(v) - from - n; below > 0 {
		out = append(out, v.Styles.Subtle.Render(v.Cat.T("ui.board.below", below)))
	}
	return append(out, notes...)
}

// At is the move under column x of line y of what Draw(v) drew, as
// selected; false where there is none.
func At(v View, x, y int) (Selection, bool) {
	r := rendererOf(v.Game)
	if v.Title != "" {
		y--
	}
	from, _ := window(v, r)
	line := y + from
	if from > 0 {
		line-- // under the line that counts the rows above
	}
	return r.selectAt(v, x, line)
}

// Glyphs of the boards (the tests read rows by them). What the previewed
// move would take is drawn hollow (and in colour), so the preview shows
// without colour too.
const (
	MatchGlyph = "┃"
	goneGlyph  = "┆" // a match the selected move would take
	CoinGlyph  = "●"
	goingCoin  = "○" // a coin the selected move would move down
	comingCoin = "◌" // where it would land
	// Cursor marks the selected row, on a board and in the screens' lists;
	// NoCursor is as wide.
	Cursor   = "▸ "
	NoCursor = "  "
	// AlsoCursor marks the other places of a move at several (Moore's Nim).
	AlsoCursor = "+ "
)

// marked reports whether place w carries the selection marker: the place
// of the move previewed, or the selected place while choosing (even with
// no amount chosen yet).
func (v View) marked(w int) bool {
	if v.Preview != nil && (v.Preview.Len() <= 1 || !v.Choosing) {
		return v.Preview.First().Place == w
	}
	return v.Choosing && v.Sel.Where == w
}

// alsoMarked reports whether place w is another place of a move at
// several places (Moore's Nim) previewed.
func (v View) alsoMarked(w int) bool {
	if v.Preview == nil || v.Preview.Len() <= 1 || v.marked(w) {
		return false
	}
	return slices.ContainsFunc(v.Preview.List(), func(c engine.Change) bool { return c.Place == w })
}

// mark is the marker before place w's row: the cursor, or AlsoCursor at
// the other places of a move at several.
func (v View) mark(w int) string {
	switch {
	case v.marked(w):
		return v.Styles.Selected.Render(Cursor)
	case v.alsoMarked(w):
		return v.Styles.Selected.Render(AlsoCursor)
	}
	return NoCursor
}

// change is what the previewed move does to each number of the position:
// how much each loses and gains (Apply's difference). Nil without one.
func (v View) change() (lose, gain []int64) {
	if v.Preview == nil {
		return nil, nil
	}
	p := v.Pos
	q, err := v.Game.Apply(p, *v.Preview)
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
func (v View) bar(b barGeometry, count, going, coming int64, glyph, gone, ghost string) string {
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
		sb.WriteString(v.Styles.Match.Render(strings.Repeat(glyph+sep, int(keep))))
	}
	if g > 0 {
		sb.WriteString(v.Styles.Going.Render(strings.Repeat(gone+sep, int(g))))
	}
	if coming > 0 {
		sb.WriteString(v.Styles.Going.Render(strings.Repeat(ghost+sep, int(max(1, b.glyphs(coming))))))
	}
	return sb.String()
}

// count writes a number with its change: "9 −4", "(1,000,000 −1)" for a
// scaled bar.
func (v View) count(n, lose, gain int64, scaled bool) string {
	s := group(n)
	if lose > 0 {
		s += v.Styles.Going.Render(" −" + group(lose))
	}
	if gain > 0 {
		s += v.Styles.Going.Render(" +" + group(gain))
	}
	switch {
	case n == 0 && lose == 0 && gain == 0:
		return v.Cat.T("ui.board.empty") // said, not a bare "0" or "(0)"
	case scaled:
		s = "(" + s + ")"
	}
	return s
}

// scaleNote says what one glyph stands for on a scaled board.
func (v View) scaleNote(b barGeometry, glyph string) []string {
	if b.unit <= 1 {
		return nil
	}
	return []string{v.Styles.Subtle.Render(v.Cat.T("ui.board.scale", glyph, group(b.unit)))}
}

// ruleNote is the game's rule line, when its board needs one.
func (v View) ruleNote() []string {
	var notes []string
	if r := v.Game.Board().Rule; !r.IsZero() && !v.Terse { // wrapped, not cut (issue 18, rough edge 7)
		notes = append(notes, text.WrapStyled(r.Render(v.Cat), v.Width, v.Styles.Subtle)...)
	}
	if l, ok := v.Game.(engine.Limited); ok {
		notes = append(notes, text.WrapStyled(l.RuleNow(v.Pos).Render(v.Cat), v.Width, v.Styles.Bold)...)
	}
	return notes
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
func selected(mv engine.Move, ok bool) (Selection, bool) {
	return Selection{Where: mv.First().Place, Amount: mv.First().Amount, Left: mv.First().Pieces[0], Mid: mv.First().Pieces[1]}, ok
}

// FoldRuns lays out cells 1 to last, calling cell for each cell drawn and
// fold for each run left out: every cell when all, else the cells kept
// (in any order; those outside 1..last ignored) with the runs between
// them, folded when longer than short (a fold would be no shorter). A row
// of 2^63 cells is never walked cell by cell.
func FoldRuns(keep []int64, last int64, all bool, short int64, cell, fold func(int64)) {
	if all {
		for c := int64(1); c <= last; c++ {
			cell(c)
		}
		return
	}
	keep = slices.Clone(keep)
	slices.Sort(keep)
	prev := int64(0)
	for _, c := range slices.Compact(keep) {
		if c < 1 || c > last {
			continue
		}
		switch gap := c - prev - 1; {
		case gap > short:
			fold(gap)
		case gap > 0:
			for t := prev + 1; t < c; t++ {
				cell(t)
			}
		}
		cell(c)
		prev = c
	}
}
