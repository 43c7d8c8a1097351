package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/tui/serve/store/report"
	"matchgame/internal/tui/text"
)

// termView is the dashboard's view of the term (serve --class --store):
// for the students here, what `matchgame term` prints of them — lessons
// attended, answers right of all per family, mistakes due — read afresh
// from the store when it opens and on r.
type termView struct {
	mem  *Memory
	term store.Term
	err  error
	top  int // the first student shown
	cat  *assets.Catalog
	st   *Styles
	keys termKeys
}

// termKeys: ↑/↓ scroll, r reads the store again, t or esc closes.
type termKeys struct{ Up, Down, Refresh, Close key.Binding }

func newTermView(mem *Memory, students []serve.StudentInfo, cat *assets.Catalog, st *Styles) termView {
	v := termView{mem: mem, cat: cat, st: st, keys: termKeys{
		Up: key.NewBinding(key.WithKeys("up", "k")), Down: key.NewBinding(key.WithKeys("down", "j")),
		Refresh: key.NewBinding(key.WithKeys("r")), Close: key.NewBinding(key.WithKeys("t", "esc", "q")),
	}}
	return v.read(students)
}

// read takes the term of the students here from the store.
func (v termView) read(students []serve.StudentInfo) termView {
	var ids []int64
	for _, s := range students {
		if s.Record != 0 {
			ids = append(ids, s.Record)
		}
	}
	if len(ids) == 0 {
		v.term, v.err = store.Term{Lessons: v.term.Lessons}, nil
		return v
	}
	v.term, v.err = v.mem.Store.Term(ids...)
	return v
}

// update takes a key; closed is set when the view is to close.
func (v termView) update(msg tea.KeyMsg, students []serve.StudentInfo) (_ termView, closed bool) {
	switch {
	case key.Matches(msg, v.keys.Close):
		return v, true
	case key.Matches(msg, v.keys.Refresh):
		v = v.read(students)
	case key.Matches(msg, v.keys.Up):
		v.top = max(0, v.top-1)
	case key.Matches(msg, v.keys.Down):
		v.top = min(max(0, len(v.term.Students)-1), v.top+1)
	}
	return v, false
}

// view draws the view on a screen of width × height.
func (v termView) view(width, height int) string {
	if width < minWidth || height < minHeight {
		return tooSmall(v.cat, width, height)
	}
	w := width - 2*margin
	cat := v.cat
	lines := []string{v.st.Title.Render("matchgame") + " — " + cat.T("ui.term.title"), ""}
	lines = append(lines, text.Wrap(cat.T("ui.term.about", v.term.Lessons, v.mem.Store.Path()), w)...)
	lines = append(lines, "")
	if v.err != nil {
		lines = append(lines, v.st.Bad.Render(v.err.Error()))
	}
	lines = append(lines, v.table(w)...)
	lines = fit(lines, height-1)
	for len(lines) < height-1 {
		lines = append(lines, "")
	}
	return frame(append(lines, v.st.Subtle.Render(cat.T("ui.term.keys"))), width, height)
}

// table is the students' lines: name, lessons, right of all, each
// family's, due; a column that does not fit is left out.
func (v termView) table(w int) []string {
	cat := v.cat
	if len(v.term.Students) == 0 {
		return []string{cat.T("ui.term.nobody")}
	}
	head := []string{cat.T("term.col.student"), cat.T("term.col.lessons"), cat.T("term.col.right"), cat.T("term.col.due")}
	families := report.Families(v.term)
	for _, f := range families {
		head = append(head, report.FamilyName(cat, f))
	}
	rows := [][]string{head}
	for _, st := range v.term.Students[v.top:] {
		row := []string{st.Name, fmt.Sprint(st.Lessons), report.RightOf(store.Tally{Answers: st.Answers, Right: st.Right}), fmt.Sprint(st.ReviewDue)}
		for _, f := range families {
			row = append(row, report.RightOf(st.Families[f]))
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(head))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], text.Width(c))
		}
	}
	cols, used := 0, 0
	for cols < len(widths) && used+widths[cols]+2 <= w {
		used += widths[cols] + 2
		cols++
	}
	out := make([]string, 0, len(rows))
	for i, r := range rows {
		cells := make([]string, cols)
		for j := range cols {
			cells[j] = text.PadRight(r[j], widths[j])
		}
		line := strings.Join(cells, "  ")
		if i == 0 {
			line = v.st.Bold.Render(line)
		}
		out = append(out, line)
	}
	return out
}

// storeKey: t opens the term's view, m has every student review their
// own mistakes; without a store, neither does anything.
func (d dashboard) storeKey(k string) dashboard {
	if d.info.Memory == nil {
		return d
	}
	if k == "t" {
		v := newTermView(d.info.Memory, d.students, d.cat, d.st)
		d.term = &v
		return d
	}
	d.class.StartReview()
	_ = d.info.Memory.Lesson.Taught("review", "")
	d.note = d.cat.T("ui.dash.review")
	return d
}

// termKey gives a key to the term's view, which closes on t or esc.
func (d dashboard) termKey(msg tea.Msg) dashboard {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return d
	}
	v, closed := d.term.update(k, d.students)
	d.term = &v
	if closed {
		d.term = nil
	}
	return d
}

// taught notes in the term what the class was given: a lesson's plan,
// a page, a demo, a quiz or free play, and of what.
func (d dashboard) taught(kind, what string) {
	if d.info.Memory != nil {
		_ = d.info.Memory.Lesson.Taught(kind, what)
	}
}

// studentName is a student on the roster: with a store, whether they are
// new or back.
func (d dashboard) studentName(s serve.StudentInfo) string {
	switch {
	case d.info.Memory == nil:
		return s.Name
	case s.Key == "":
		return d.cat.T("ui.dash.guest", s.Name)
	case s.Before == 0:
		return d.cat.T("ui.dash.new", s.Name)
	}
	return d.cat.T("ui.dash.back", s.Name, s.Before)
}

// rosterLines lay out the names of the students here, as many lines as
// most allows, then how many more: only the names shown are written out
// (wrapping a lecture hall's whole roster on every frame took the
// dashboard 0.8 ms a frame for 300 students).
func (d dashboard) rosterLines(w, most int) []string {
	line := d.cat.T("ui.dash.students", "")
	if len(d.students) == 0 {
		return []string{line + d.cat.T("ui.dash.nobody")}
	}
	width := text.Width(line)
	var lines []string
	for i, s := range d.students {
		name := d.studentName(s)
		nw := text.Width(name)
		switch {
		case i == 0:
			line, width = line+name, width+nw
		case width+2+nw <= w:
			line, width = line+", "+name, width+2+nw
		case len(lines) == most-2:
			return append(lines, line+",", d.cat.T("ui.dash.more", len(d.students)-i))
		default:
			lines = append(lines, line+",")
			line, width = name, nw
		}
	}
	return append(lines, line)
}
