package board

import (
	"strconv"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// cellsBoard draws chessmen on a row of cells numbered from the left: a
// line of cell numbers over the row, folding long runs of empty cells when
// the row is too long, and a window of it around the selected chessman
// when even that is too long. The row is made of segments (an empty cell,
// a fold, a chessman), so that numbers are never cut and a click finds
// its cell in any layout.
type cellsBoard struct{}

func init() { register(engine.Cells, cellsBoard{}) }

func (cellsBoard) down() int      { return +1 }
func (cellsBoard) size(View) int  { return 2 }
func (cellsBoard) focus(View) int { return 1 }

// segment is one piece of the row.
type segment struct {
	text   string // as drawn, unstyled
	number string // the cell number above it, "" for none
	cell   int64  // an empty cell's number; 0 for a fold or a chessman
	man    int    // a chessman's number, 0 otherwise
	dest   bool   // where the previewed move goes
}

// width of a segment: its text or its number, whichever is wider.
func (s segment) width() int { return max(text.Width(s.text), len(s.number)) }

// cellsLayout is how the row fits: with separators or without, gaps
// longer than fold folded (fold < 0: none).
type cellsLayout struct {
	sep  string
	fold int64
}

var cellsLayouts = []cellsLayout{{"│", -1}, {"", -1}, {"│", 3}, {"", 3}, {"", 1}, {"", 0}}

// segments lays out the row in layout l; dest is the previewed move's
// destination cell (-1 for none), which is never folded away.
func (v View) segments(l cellsLayout, dest int64) []segment {
	p := v.Pos
	var segs []segment
	fold := func(n int64) {
		if n > 0 {
			segs = append(segs, segment{text: " ⋯" + group(n) + "⋯ "})
		}
	}
	empty := func(c int64) {
		s := segment{text: " · ", cell: c, dest: c == dest}
		if s.dest {
			s.text = " ◇ "
		}
		if n := strconv.FormatInt(c, 10); len(n) <= 3 || s.dest {
			s.number = n
		}
		segs = append(segs, s)
	}
	prev := int64(0)
	for i, c := range p {
		gap := c - prev - 1
		switch {
		case l.fold < 0 || gap <= l.fold:
			for x := prev + 1; x < c; x++ {
				empty(x)
			}
		case dest > prev && dest < c: // the destination stays in view
			fold(dest - prev - 1)
			empty(dest)
			fold(c - dest - 1)
		default:
			fold(gap)
		}
		segs = append(segs, segment{text: "(" + strconv.Itoa(i+1) + ")", number: strconv.FormatInt(c, 10), man: i + 1})
		prev = c
	}
	return segs
}

// rowWidth is the columns a row of segments takes, with separators; it
// stops counting past limit.
func rowWidth(segs []segment, sep string, limit int) int {
	total := text.Width(sep)
	for _, s := range segs {
		total += s.width() + text.Width(sep)
		if total > limit {
			break
		}
	}
	return total
}

// layout picks the roomiest layout that fits in w columns, and its
// segments.
func (v View) cellsRow(w int) (cellsLayout, []segment) {
	dest := int64(-1)
	if mv := v.Preview; mv != nil && mv.First().Place >= 1 && mv.First().Place <= len(v.Pos) {
		dest = v.Pos[mv.First().Place-1] - mv.First().Amount
	}
	// A row of chessmen far apart would have billions of cells unfolded:
	// only layouts that fold are tried when the cells are many.
	tries := cellsLayouts
	if largest(v.Pos) > int64(8*w) {
		tries = tries[2:]
	}
	for _, l := range tries {
		segs := v.segments(l, dest)
		if rowWidth(segs, l.sep, w) <= w {
			return l, segs
		}
	}
	l := cellsLayouts[len(cellsLayouts)-1]
	return l, v.segments(l, dest)
}

// window is the segments from..to shown of a row too wide for w: around
// the marked chessman, leaving a column at each cut end for "…".
func (v View) window(segs []segment, sep string, w int) (from, to int) {
	focus := 0
	for i, s := range segs {
		if s.man > 0 && v.marked(s.man) {
			focus = i
		}
	}
	sw := text.Width(sep)
	from, to = focus, focus+1
	used := sw + segs[focus].width() + sw + 2
	for grew := true; grew; {
		grew = false
		if to < len(segs) && used+segs[to].width()+sw <= w {
			used += segs[to].width() + sw
			to++
			grew = true
		}
		if from > 0 && used+segs[from-1].width()+sw <= w {
			from--
			used += segs[from].width() + sw
			grew = true
		}
	}
	return from, to
}

func (cellsBoard) lines(v View, from, to int) (lines, notes []string) {
	w := v.Width
	l, segs := v.cellsRow(w)
	first, last := 0, len(segs)
	if rowWidth(segs, l.sep, w) > w {
		first, last = v.window(segs, l.sep, w)
	}
	sep := v.Styles.Subtle.Render(l.sep)
	var nums, cells strings.Builder
	if first > 0 {
		nums.WriteString(" ")
		cells.WriteString("…")
	}
	nums.WriteString(strings.Repeat(" ", text.Width(l.sep)))
	cells.WriteString(sep)
	for _, s := range segs[first:last] {
		sw := s.width()
		nums.WriteString(strings.Repeat(" ", sw-len(s.number)) + s.number + strings.Repeat(" ", text.Width(l.sep)))
		drawn := text.PadRight(s.text, sw)
		switch {
		case s.man > 0 && v.marked(s.man):
			drawn = v.Styles.Selected.Render(text.PadRight("["+strconv.Itoa(s.man)+"]", sw))
		case s.dest:
			drawn = v.Styles.Going.Render(drawn)
		case s.man == 0:
			drawn = v.Styles.Subtle.Render(drawn)
		}
		cells.WriteString(drawn + sep)
	}
	if last < len(segs) {
		cells.WriteString("…")
	}
	all := []string{v.Styles.Subtle.Render(strings.TrimRight(nums.String(), " ")), cells.String()}
	gaps := make([]string, len(v.Pos))
	prev := int64(0)
	for i, c := range v.Pos {
		gaps[i] = group(c - prev - 1)
		prev = c
	}
	if len(gaps) > 40 {
		gaps = append(gaps[:40], "…")
	}
	// The gaps go on a line of their own when the sentence would break
	// their list (issue 18, rough edge 7: "… left to right): 1 2 / 3 4").
	notes = text.WrapStyled(v.Cat.T("ui.cells.gaps", strings.Join(gaps, " ")), w, v.Styles.Subtle)
	if len(notes) > 1 {
		notes = append(text.WrapStyled(strings.TrimSpace(v.Cat.T("ui.cells.gaps", "")), w, v.Styles.Subtle),
			text.WrapStyled(strings.Join(gaps, " "), w, v.Styles.Subtle)...)
	}
	if mv := v.Preview; mv != nil {
		notes = append(notes, v.Styles.Going.Render(v.Cat.T("ui.cells.dest", mv.First().Place, group(v.Pos[mv.First().Place-1]-mv.First().Amount))))
	}
	return all[from:to], notes
}

func (b cellsBoard) selectAt(v View, x, y int) (Selection, bool) {
	return selected(b.moveAt(v, x, y))
}

func (cellsBoard) moveAt(v View, x, y int) (engine.Move, bool) {
	if y != 1 {
		return engine.Move{}, false
	}
	w := v.Width
	l, segs := v.cellsRow(w)
	first, last := 0, len(segs)
	col := 0
	if rowWidth(segs, l.sep, w) > w {
		first, last = v.window(segs, l.sep, w)
		if first > 0 {
			col++ // "…"
		}
	}
	col += text.Width(l.sep)
	p := v.Pos
	for _, s := range segs[first:last] {
		if x >= col && x < col+s.width() && s.cell > 0 {
			for i, c := range p { // the chessman to the right of the cell moves there
				if c > s.cell {
					return engine.At(i+1, c-s.cell), true
				}
			}
		}
		col += s.width() + text.Width(l.sep)
	}
	return engine.Move{}, false
}
