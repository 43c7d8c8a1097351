package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"matchgame/internal/engine"
)

// The boards. Each renderer draws the position with the selected move
// previewed: what would go is drawn with a hollow glyph (and in colour),
// so the preview shows without colour too.

const (
	matchGlyph = "┃"
	goneGlyph  = "┆" // a match the selected move would take
	coinGlyph  = "●"
	goingCoin  = "○" // a coin the selected move would move down
	comingCoin = "◌" // where it would land
	cursor     = "▸ "
	noCursor   = "  "
)

// barGeometry is how a row of matches (coins) is laid out: columns per
// glyph, and how many matches one glyph stands for when a heap is too
// large to draw match by match.
type barGeometry struct {
	x0   int   // first column of the first glyph
	cw   int   // columns per glyph
	unit int64 // matches per glyph
}

func newBarGeometry(x0, cols int, largest int64) barGeometry {
	switch c := int64(cols); {
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
func (m play) bar(b barGeometry, count, going, coming int64, glyph, gone, ghost string) string {
	var sb strings.Builder
	sep := strings.Repeat(" ", b.cw-1)
	n, g := b.glyphs(count), b.glyphs(going)
	if going > 0 && g == 0 {
		g = 1
	}
	if g > 0 && g < n && count-going > 0 && b.glyphs(count-going)+g > n {
		g = n - b.glyphs(count-going)
	}
	keep := n - g
	if keep > 0 {
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

// heapLabels are the labels of a heap board's rows.
func (m play) heapLabels() []string {
	labels := make([]string, len(m.pos))
	for i := range m.pos {
		labels[i] = engine.T("label.heap", i+1).Render(m.cat)
	}
	return labels
}

// heapGeometry lays out the heap rows in width columns: marker, label,
// then matches, then room for the count and the amount going, " (h −t)",
// which a heap of a trillion matches must not push off the screen.
func (m play) heapGeometry(width int) barGeometry {
	lw := maxWidth(m.heapLabels())
	x0 := 2 + lw + 1
	largest := int64(0)
	for _, h := range m.pos {
		largest = max(largest, h)
	}
	digits := len(strconv.FormatInt(largest, 10))
	return newBarGeometry(x0, max(8, width-x0-2*digits-6), largest)
}

// heapsBoard draws Nim, subtraction and Bash heaps, one row each.
func (m play) heapsBoard(width int) []string {
	b := m.heapGeometry(width)
	labels := m.heapLabels()
	lw := maxWidth(labels)
	mv, preview := m.preview()
	var rows []string
	for i, h := range m.pos {
		going := int64(0)
		on := preview && (mv.Where == i+1 || m.g.Name() == "wythoff" && mv.Where == 3)
		if on {
			going = min(mv.Amount, h)
		}
		mark := noCursor
		if m.marked(i+1) || m.g.Name() == "wythoff" && m.marked(3) || m.g.Name() == "bash" && preview {
			mark = m.st.Selected.Render(cursor)
		}
		count := strconv.FormatInt(h, 10)
		if on && going > 0 {
			count += m.st.Going.Render(fmt.Sprintf(" −%d", going))
		}
		row := mark + engine.PadRight(labels[i], lw) + " " + m.bar(b, h, going, 0, matchGlyph, goneGlyph, "")
		if b.unit > 1 || h == 0 {
			count = "(" + count + ")"
		}
		rows = append(rows, row+" "+m.st.Subtle.Render(count))
	}
	if b.unit > 1 {
		rows = append(rows, m.st.Subtle.Render(m.cat.T("ui.board.scale", matchGlyph, b.unit)))
	}
	switch m.g.Name() {
	case "bash":
		rows = append(rows, m.st.Subtle.Render(m.cat.T("ui.board.bash", bashMax(m.g))))
	case "subtraction":
		set := paramText(m.g, "set")
		if set == "fib" {
			set = m.cat.T("ui.board.fib")
		}
		rows = append(rows, m.st.Subtle.Render(m.cat.T("ui.board.set", set)))
	}
	return rows
}

// preview is the move the board shows as about to happen: the selection,
// while the player can move.
//
// While the computer thinks, its chosen move is shown the same way, so
// that the pause shows what is about to go.
func (m play) preview() (engine.Move, bool) {
	switch {
	case m.over():
		return engine.Move{}, false
	case m.thinking:
		return m.pending.move, true
	case m.toMove != human || m.demo:
		return engine.Move{}, false
	}
	return m.selected(), m.amount > 0 && m.refusal() == "" // no preview of a refused move
}

// marked reports whether place w carries the selection marker: the
// selected place (even with no amount chosen yet), or the place of the
// move the computer is about to make.
func (m play) marked(w int) bool {
	if mv, ok := m.preview(); ok {
		return mv.Where == w
	}
	return m.selecting() && m.where == w
}

// selecting reports whether the player is choosing a move now.
func (m play) selecting() bool {
	return !m.over() && !m.thinking && m.toMove == human && !m.demo && m.answered == nil
}

// refusal says why the move selected now would be refused, before the
// player presses enter: a typed amount can be more than the heap holds.
func (m play) refusal() string {
	if !m.selecting() || m.amount == 0 {
		return ""
	}
	if _, err := m.g.Apply(m.pos, m.selected()); err != nil {
		return engine.Message(err, m.cat)
	}
	return ""
}

func paramText(g engine.Game, name string) string {
	for _, p := range g.Params() {
		if p.Name == name {
			return p.String()
		}
	}
	return ""
}

// wythoffBoard draws the two heaps, the three directions, and the queen on
// a grid when the heaps are small.
func (m play) wythoffBoard(width int) []string {
	heaps := m.heapsBoard(min(width, 56))
	var dirs []string
	for w := 1; w <= 3; w++ {
		word := m.cat.T(fmt.Sprintf("ui.wythoff.dir%d", w))
		if m.marked(w) {
			word = m.st.Selected.Render("[" + word + "]")
		} else {
			word = " " + word + " "
		}
		dirs = append(dirs, word)
	}
	heaps = append(heaps, "", m.cat.T("ui.wythoff.from")+" "+strings.Join(dirs, " "))
	grid := m.queenGrid()
	if grid == nil || maxWidth(heaps)+4+maxWidth(grid) > width {
		return heaps
	}
	return sideBySide(heaps, grid, 4)
}

// queenGrid draws the queen at (heap 1, heap 2); moves go left, down or
// diagonally towards the corner (0, 0). Teach mode marks the cold
// positions (P-positions).
func (m play) queenGrid() []string {
	a, b := m.pos[0], m.pos[1]
	if a > 12 || b > 12 {
		return nil
	}
	mv, preview := m.preview()
	ta, tb := a, b
	if preview {
		if mv.Where != 2 {
			ta -= mv.Amount
		}
		if mv.Where != 1 {
			tb -= mv.Amount
		}
	}
	var rows []string
	for y := b; y >= 0; y-- {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%2d ", y)
		for x := int64(0); x <= a; x++ {
			cell := "·"
			switch {
			case x == a && y == b:
				cell = m.st.Selected.Render("Q")
			case preview && x == ta && y == tb:
				cell = m.st.Going.Render("◇")
			case m.teaching() && m.conv == engine.Misere && m.coldIn(x, y, engine.Misere) && !m.coldIn(x, y, engine.Normal):
				cell = m.st.Good.Render("●")
			case m.teaching() && m.conv == engine.Misere && !m.coldIn(x, y, engine.Misere) && m.coldIn(x, y, engine.Normal):
				cell = m.st.Bad.Render("×")
			case m.teaching() && m.coldIn(x, y, m.conv):
				cell = m.st.Good.Render("○")
			}
			sb.WriteString(cell + " ")
		}
		rows = append(rows, strings.TrimRight(sb.String(), " "))
	}
	var axis strings.Builder
	axis.WriteString("   ")
	for x := int64(0); x <= a; x++ {
		fmt.Fprintf(&axis, "%-2d", x%10)
	}
	return append(rows, strings.TrimRight(axis.String(), " "))
}

// coldIn reports whether (x, y) is a cold position in convention c. In
// misère play teach mode marks the cells where the two conventions differ.
func (m play) coldIn(x, y int64, c engine.Convention) bool {
	sol, err := m.g.Solve(engine.Position{x, y}, c)
	return err == nil && sol.Outcome == engine.P
}

// teaching reports whether the board shows what teach mode shows: in
// teach mode, in demo mode and once a quiz question is answered.
func (m play) teaching() bool {
	return m.demo || m.answered != nil || m.explain == "teach" && !m.quiz
}

// stairLayout gives the stairs' labels and the layout of the coins on the
// ground; stair s's coins start 2s columns further right.
func (m play) stairLayout(width int) ([]string, barGeometry) {
	n := len(m.pos)
	labels := make([]string, n)
	for i := range m.pos {
		labels[i] = m.cat.T("ui.stair", i)
		if i == 0 {
			labels[i] = m.cat.T("ui.ground")
		}
		if i%2 == 1 {
			labels[i] += " " + m.cat.T("ui.stair.odd")
		}
	}
	largest := int64(0)
	for _, c := range m.pos {
		largest = max(largest, c)
	}
	// marker, label, " │ ", the step's indent, "▄▄ "
	x0 := 2 + maxWidth(labels) + 3 + 3
	b := newBarGeometry(x0, max(8, width-x0-2*(n-1)-14), largest)
	return labels, b
}

// staircaseBoard draws the stairs from the top down to the ground, each
// step further left, coins on them; odd stairs are marked because only
// they count.
func (m play) staircaseBoard(width int) []string {
	n := len(m.pos)
	labels, b := m.stairLayout(width)
	lw := maxWidth(labels)
	mv, preview := m.preview()
	var rows []string
	for s := n - 1; s >= 0; s-- {
		var going, coming int64
		if preview && mv.Where == s {
			going = min(mv.Amount, m.pos[s])
		}
		if preview && mv.Where == s+1 {
			coming = mv.Amount
		}
		mark := noCursor
		if m.marked(s) {
			mark = m.st.Selected.Render(cursor)
		}
		step := strings.Repeat(" ", 2*s) + m.st.Subtle.Render("▄▄") + " "
		count := strconv.FormatInt(m.pos[s], 10)
		if going > 0 {
			count += m.st.Going.Render(fmt.Sprintf(" −%d", going))
		}
		if coming > 0 {
			count += m.st.Going.Render(fmt.Sprintf(" +%d", coming))
		}
		rows = append(rows, mark+engine.PadRight(labels[s], lw)+" │ "+step+
			m.bar(b, m.pos[s], going, coming, coinGlyph, goingCoin, comingCoin)+" "+m.st.Subtle.Render(count))
	}
	if b.unit > 1 {
		rows = append(rows, m.st.Subtle.Render(m.cat.T("ui.board.scale", coinGlyph, b.unit)))
	}
	return rows
}

// gbLayout is how the row of cells fits: cells with a separator between
// them or without, and gaps longer than fold cells folded into one
// segment (fold < 0: none folded).
type gbLayout struct {
	sep  string
	fold int64
}

// cellsWidth is the columns the row takes in layout l.
func (m play) cellsWidth(l gbLayout) int64 {
	sw := int64(visibleWidth(l.sep))
	total, prev := sw, int64(0)
	for i, p := range m.pos {
		gap := p - prev - 1
		switch {
		case l.fold >= 0 && gap > l.fold:
			total += int64(len(foldText(gap))) + sw
		case gap > 1<<20:
			return math.MaxInt64 // far wider than any screen
		default:
			total += gap * (3 + sw)
		}
		total += int64(len(chessman(i+1))) + sw
		prev = p
	}
	return total
}

// gbLayoutFor picks the roomiest layout that fits in width columns.
func (m play) gbLayoutFor(width int) gbLayout {
	tries := []gbLayout{{"│", -1}, {"", -1}, {"│", 3}, {"", 3}, {"", 1}, {"", 0}}
	for _, l := range tries {
		if m.cellsWidth(l) <= int64(width) {
			return l
		}
	}
	return tries[len(tries)-1]
}

func foldText(gap int64) string { return fmt.Sprintf(" ⋯%d⋯ ", gap) }

func chessman(i int) string { return fmt.Sprintf("(%d)", i) }

// georgiaBobBoard draws the row of cells with the chessmen, numbered from
// the left; long gaps are folded when the row does not fit.
func (m play) georgiaBobBoard(width int) []string {
	mv, preview := m.preview()
	dest := int64(-1)
	if preview && mv.Where >= 1 && mv.Where <= len(m.pos) {
		dest = m.pos[mv.Where-1] - mv.Amount
	}
	l := m.gbLayoutFor(width)
	sep := m.st.Subtle.Render(l.sep)
	sw := visibleWidth(l.sep)
	var nums, cells strings.Builder
	nums.WriteString(strings.Repeat(" ", sw))
	cells.WriteString(sep)
	number := func(c int64, w int) {
		s := strconv.FormatInt(c, 10)
		if len(s) > w {
			s = ""
		}
		nums.WriteString(fmt.Sprintf("%*s", w, s) + strings.Repeat(" ", sw))
	}
	prev, focus := int64(0), 0 // focus: the column of the marked chessman
	for i, p := range m.pos {
		gap := p - prev - 1
		if l.fold >= 0 && gap > l.fold {
			text := foldText(gap)
			if dest > prev && dest < p {
				text = m.st.Going.Render(text)
			}
			nums.WriteString(strings.Repeat(" ", engine.DisplayWidth(foldText(gap))+sw))
			cells.WriteString(m.st.Subtle.Render(text) + sep)
		} else {
			for c := prev + 1; c < p; c++ {
				number(c, 3)
				cell := " · "
				if c == dest {
					cell = m.st.Going.Render(" ◇ ")
				}
				cells.WriteString(cell + sep)
			}
		}
		man := chessman(i + 1)
		number(p, len(man))
		if m.marked(i + 1) {
			man = m.st.Selected.Render(fmt.Sprintf("[%d]", i+1))
			focus = visibleWidth(cells.String())
		}
		cells.WriteString(man + sep)
		prev = p
	}
	gaps := make([]string, len(m.pos))
	prev = 0
	for i, p := range m.pos {
		gaps[i] = strconv.FormatInt(p-prev-1, 10)
		prev = p
	}
	numRow, cellRow := strings.TrimRight(nums.String(), " "), cells.String()
	if total := visibleWidth(cellRow); total > width {
		// Too long even folded: a window of the row around the marked
		// chessman, with … where it is cut.
		from := min(max(0, focus-width/2), total-width)
		numRow, cellRow = ansi.Cut(numRow, from, from+width), ansi.Cut(cellRow, from, from+width)
		if from > 0 {
			cellRow = "…" + ansi.Cut(cellRow, 1, width)
		}
		if from+width < total {
			cellRow = ansi.Cut(cellRow, 0, width-1) + "…"
		}
	}
	rows := []string{m.st.Subtle.Render(numRow), cellRow}
	for _, line := range wrap(m.cat.T("ui.gb.gaps", strings.Join(gaps, " ")), width) {
		rows = append(rows, m.st.Subtle.Render(line))
	}
	if dest > 0 {
		rows = append(rows, m.st.Going.Render(m.cat.T("ui.gb.dest", mv.Where, dest)))
	}
	return rows
}

// board draws the position of the game being played.
func (m play) board(width int) []string {
	switch m.g.Name() {
	case "wythoff":
		return m.wythoffBoard(width)
	case "staircase":
		return m.staircaseBoard(width)
	case "georgia-bob":
		return m.georgiaBobBoard(width)
	}
	return m.heapsBoard(width)
}

func maxWidth(ss []string) int {
	w := 0
	for _, s := range ss {
		w = max(w, visibleWidth(s))
	}
	return w
}

// visibleWidth is the columns s takes on screen, styles left out.
func visibleWidth(s string) int { return lipgloss.Width(s) }

// sideBySide puts two blocks of lines next to each other.
func sideBySide(left, right []string, gap int) []string {
	lw := 0
	for _, l := range left {
		lw = max(lw, visibleWidth(l))
	}
	n := max(len(left), len(right))
	out := make([]string, n)
	for i := range n {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = strings.TrimRight(l+strings.Repeat(" ", lw-visibleWidth(l)+gap)+r, " ")
	}
	return out
}
