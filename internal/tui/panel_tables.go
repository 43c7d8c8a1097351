package tui

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// The t sheet of a game whose table is not of one heap: the grid of two
// numbers around the position's cell (Wythoff, Euclid, Fibonacci Nim,
// Chomp of two rows, the coin selected in Turning Corners), or the
// vertices of a graph around the selected token's.

// Most rows a sheet shows around the selection; the panel scrolls them.
const (
	sheetGridRows   = 40
	sheetRowsAbove  = 4 // a grid's rows shown above the position's: the panel opens on it
	sheetVertexRows = 200
)

// otherAt is the selected place's game when it has a grid or a table of
// vertices (in a sum, the selected component), its position and the
// place in it, and the convention of its outcomes.
type otherAt struct {
	game  engine.Game
	pos   engine.Position
	where int
	conv  engine.Convention
	first int64 // a grid's first column shown, scrolled by ←/→; 0: the window that holds the position's
}

// otherAtPlace is place where of match's position: its game's (in a sum,
// the component's), and the place in it.
func otherAtPlace(match *engine.Match, where int) otherAt {
	g, p, w := engine.PlaceIn(match.Game, match.Position(), where)
	return otherAt{g, p, w, match.Conv, 0}
}

// has reports whether o's game has a grid or a table of vertices.
func (o otherAt) has() bool {
	switch o.game.(type) {
	case variants.GridTabler, variants.VertexTabler:
		return true
	}
	return false
}

// sheetEnv is what a sheet is drawn with: the language and the styles.
type sheetEnv struct {
	cat *assets.Catalog
	st  *Styles
}

// otherTableLines are the sheet of o's grid or vertices; false when its
// game has neither.
func otherTableLines(o otherAt, cat *assets.Catalog, st *Styles, w int) ([]string, bool) {
	sh := sheetEnv{cat, st}
	switch tg := o.game.(type) {
	case variants.GridTabler:
		return sh.gridSheet(tg, o, w), true
	case variants.VertexTabler:
		var v int64 = -1
		if o.where >= 1 && o.where <= len(o.pos) { // a graph's position is its tokens' vertices
			v = o.pos[o.where-1]
		}
		return sh.vertexSheet(tg, v, w), true
	}
	return nil, false
}

// gridSheet draws the grid's window that holds the position's cell (a, b),
// as many columns as fit w, the cell marked <, then the notes and how the
// cell is found.
func (sh sheetEnv) gridSheet(tg variants.GridTabler, o otherAt, w int) []string {
	v, err := o.gridView(tg, w)
	if err != nil {
		return text.Wrap(engine.Message(err, sh.cat), w)
	}
	tab, a, b, ok := v.tab, v.a, v.b, v.ok
	lines := text.WrapStyled(sh.cat.T("ui.table.grid.title", desk.GridTitle(tg, tab, sh.cat)), w, sh.st.Bold)
	if v.c0 > tab.From || v.c1 < tab.To { // columns off screen: say which are shown, and how to see the rest
		lines = append(lines, text.WrapStyled(sh.cat.T("ui.table.grid.columns", tab.Cols, v.c0, v.c1), w, sh.st.Subtle)...)
	}
	lines = append(lines, sh.st.Subtle.Render(v.head()))
	for r := v.r0; r <= v.r1; r++ {
		lines = append(lines, sh.gridRow(v, r))
	}
	for _, note := range tab.Notes {
		lines = append(lines, "")
		lines = append(lines, text.Wrap(note.Render(sh.cat), w)...)
	}
	switch c := tab.Cell(a, b); {
	case ok && max(a, b) > tab.To:
		lines = append(append(lines, ""), text.Wrap(sh.cat.T("ui.table.grid.beyond", a, b, tab.To), w)...)
	case ok && c.Position:
		lines = append(append(lines, ""), text.WrapStyled(tab.Why(a, b).Render(sh.cat), w, sh.st.Selected)...)
	}
	return lines
}

// gridView is the window of a grid the sheet shows: rows r0..r1 and
// columns c0..c1 around the position's cell (a, b) when it has one (ok),
// each cell width wide and a mark, the rows' numbers label wide.
type gridView struct {
	tab            variants.GridTable
	a, b           int64
	ok             bool
	width, label   int
	r0, r1, c0, c1 int64
}

// gridView is o's grid as the sheet shows it w wide.
func (o otherAt) gridView(tg variants.GridTabler, w int) (gridView, error) {
	a, b, ok := tg.GridCellOf(o.pos, o.where)
	tab, err := tg.GridTable(-1, o.conv)
	if err != nil {
		return gridView{}, err
	}
	if ok && max(a, b) > tab.To { // grow the grid to the cell, within the family's bound
		if big, err := tg.GridTable(max(a, b), o.conv); err == nil {
			tab = big
		}
	}
	return newGridView(tab, a, b, ok, w, o.first), nil
}

// sideways reports whether o's sheet w wide has columns off screen, and
// its first column shown d columns on (within the grid).
func (o otherAt) sideways(w int, d int64) (int64, bool) {
	tg, ok := o.game.(variants.GridTabler)
	if !ok {
		return 0, false
	}
	v, err := o.gridView(tg, w)
	if err != nil || v.c0 == v.tab.From && v.c1 == v.tab.To {
		return 0, false
	}
	return max(v.tab.From, min(v.c0+d, v.tab.To-(v.c1-v.c0))), true
}

func newGridView(tab variants.GridTable, a, b int64, ok bool, w int, first int64) gridView {
	v := gridView{tab: tab, a: a, b: b, ok: ok, width: len(strconv.FormatInt(tab.To, 10)), label: len(strconv.FormatInt(tab.To, 10)) + 1}
	for _, c := range []variants.GridCell{tab.Cell(tab.To, tab.To), tab.Cell(tab.To, tab.From), tab.Cell(tab.From, tab.To)} {
		v.width = max(v.width, len(strings.TrimSuffix(desk.GridCellText(tab, c), "*")))
	}
	fit := int64(max(1, (w-v.label)/(v.width+2)))
	if fit < tab.To-tab.From+1 { // room for the › of the columns off screen
		fit = int64(max(1, (w-v.label-2)/(v.width+2)))
	}
	v.c0, v.r0 = window(tab.From, tab.To, b, ok, fit), tab.From
	if first > 0 { // scrolled
		v.c0 = max(tab.From, min(first, tab.To-fit+1))
	}
	if ok { // the position's row near the top, a few rows above it for the options' values
		v.r0 = max(tab.From, min(a, tab.To)-sheetRowsAbove)
	}
	v.c1, v.r1 = min(tab.To, v.c0+fit-1), min(tab.To, v.r0+sheetGridRows-1)
	return v
}

// head is the line of the columns' numbers, ‹ and › where columns are
// off screen.
func (v gridView) head() string {
	head := strings.Repeat(" ", v.label)
	if v.c0 > v.tab.From {
		head = "‹" + head[1:]
	}
	for c := v.c0; c <= v.c1; c++ {
		n := strconv.FormatInt(c, 10)
		head += " " + strings.Repeat(" ", max(0, v.width-len(n))) + n + " "
	}
	head = strings.TrimRight(head, " ")
	if v.c1 < v.tab.To {
		head += " ›"
	}
	return head
}

// gridRow is row r of the window: > before the position's row, its cell
// marked < and selected, the P-positions bold.
func (sh sheetEnv) gridRow(v gridView, r int64) string {
	n := strconv.FormatInt(r, 10)
	mark := " "
	if v.ok && r == v.a {
		mark = ">"
	}
	row := mark + strings.Repeat(" ", v.label-1-len(n)) + n
	for c := v.c0; c <= v.c1; c++ {
		cell := v.tab.Cell(r, c)
		s := desk.GridCellPadded(v.tab, cell, v.width)
		switch {
		case v.ok && r == v.a && c == v.b:
			s = sh.st.Selected.Render(strings.TrimSuffix(strings.TrimSuffix(s, " "), "*") + "<")
		case cell.P():
			s = sh.st.Bold.Render(s)
		}
		row += " " + s
	}
	return row
}

// window is the first of n numbers shown from [from, to] so that at is
// among them (from when there is no at).
func window(from, to, at int64, ok bool, n int64) int64 {
	if !ok || at < from+n {
		return from
	}
	return max(from, min(at, to)-n+1)
}

// vertexSheet lists the graph's vertices with their values around vertex
// v (the selected token's; -1 for none), v marked, then the notes and
// how v's value is found.
func (sh sheetEnv) vertexSheet(tg variants.VertexTabler, v int64, w int) []string {
	tab, err := tg.VertexTable(1<<63 - 1)
	if err != nil {
		return text.Wrap(engine.Message(err, sh.cat), w)
	}
	lines := text.WrapStyled(sh.cat.T("ui.table.graph.title", engine.Title(tg).Render(sh.cat)), w, sh.st.Bold)
	at := max(0, slices.Index(tab.Vertices, v))
	from := max(0, min(at-sheetVertexRows/2, len(tab.Vertices)-sheetVertexRows))
	rows := [][]string{{sh.cat.T("table.graph.head.vertex"), sh.cat.T("table.graph.head.value"), sh.cat.T("table.graph.head.alone"), sh.cat.T("table.graph.head.successors")}}
	shown := tab.Vertices[from:min(len(tab.Vertices), from+sheetVertexRows)]
	for _, u := range shown {
		r := tab.Row(u)
		succ := make([]string, len(r.Successors))
		for i, s := range r.Successors {
			succ[i] = strconv.FormatInt(s, 10)
		}
		rows = append(rows, []string{strconv.FormatInt(u, 10), r.Gamma, r.Alone.String(), strings.Join(succ, ", ")})
	}
	for i, line := range columns(rows, w-2) {
		switch {
		case i == 0:
			lines = append(lines, sh.st.Subtle.Render("  "+line))
		case shown[i-1] == v:
			lines = append(lines, sh.st.Selected.Render("> "+line))
		default:
			lines = append(lines, "  "+line)
		}
	}
	for _, note := range tab.Notes {
		lines = append(lines, "")
		lines = append(lines, text.Wrap(note.Render(sh.cat), w)...)
	}
	if v >= 0 {
		lines = append(lines, "")
		lines = append(lines, text.WrapStyled(tab.Row(v).Why.Render(sh.cat), w, sh.st.Selected)...)
	}
	return lines
}

// columns lays rows of cells out in columns as wide as their widest cell
// (by the terminal's width of each, Chinese twice), two spaces apart,
// each line cut to w.
func columns(rows [][]string, w int) []string {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], text.Width(c))
		}
	}
	out := make([]string, len(rows))
	for k, r := range rows {
		line := ""
		for i, c := range r {
			if i < len(r)-1 {
				c = text.PadRight(c, widths[i]) + "  "
			}
			line += c
		}
		out[k] = text.Truncate(strings.TrimRight(line, " "), w, "…")
	}
	return out
}

// other is place where of match's grid or vertices as the table sheet
// shows them, scrolled as it is.
func (p panel) other(match *engine.Match, where int) otherAt {
	o := otherAtPlace(match, where)
	o.first = p.sheetFirst
	return o
}

// enableSideways switches ←/→ to the table sheet's columns while it shows
// o's grid with columns off screen (the panel w wide), and off for the
// move: one binding to a key. heaps: the place has a table of heaps.
func (p panel) enableSideways(k *KeyMap, o otherAt, w int, heaps bool) {
	if heaps || p.sheet != (tableSheet{}) {
		return
	}
	if _, ok := o.sideways(w, 0); !ok {
		return
	}
	for _, b := range []*key.Binding{&k.PlaceBack, &k.PlaceOn, &k.Less, &k.More, &k.Shift} {
		if slices.ContainsFunc(b.Keys(), func(s string) bool { return slices.Contains(k.Sideways.Keys(), s) }) {
			b.SetEnabled(false)
		}
	}
	k.Sideways.SetEnabled(true)
}

// scrollSheet takes ←/→ on the table sheet of o: its columns one along.
func (p *panel) scrollSheet(msg tea.KeyMsg, o otherAt, w int) {
	d := int64(1)
	if s := msg.String(); s == "left" || s == "h" {
		d = -1
	}
	p.sheetFirst, _ = o.sideways(w, d)
}
