package tui

import (
	"strconv"
	"strings"

	"matchgame/internal/engine"
)

// The teach views: the engine's explanation drawn for a class, with the
// column, the case or the remainder it is about marked by a glyph as well
// as by colour, so that it survives NO_COLOR and a projector.

// nimTable draws a nim-sum table with the column of the nim-sum's highest
// set bit in brackets on every row, explained in teach mode. With targets
// each row that the nim-sum reduces gets its target v ⊕ x. It falls back to the engine's
// plain table when the marked one is wider than w.
func (m play) nimTable(t engine.NimSumTable, w int, teach, targets bool) []string {
	hb := t.HighBit()
	if hb < 0 {
		return m.plainNimTable(t)
	}
	bits := t.Bits()
	col := bits - 1 - hb
	labels := make([]string, 0, len(t.Values)+1)
	nums := make([]string, 0, len(t.Values)+1)
	vals := append(append([]int64{}, t.Values...), t.Sum)
	for i, v := range t.Values {
		labels = append(labels, t.Labels[i].Render(m.cat))
		nums = append(nums, strconv.FormatInt(v, 10))
	}
	labels = append(labels, m.cat.T("nimsum.label"))
	nums = append(nums, strconv.FormatInt(t.Sum, 10))
	lw, nw := maxWidth(labels), maxWidth(nums)
	var out []string
	for i, v := range vals {
		b := engine.Binary(v, bits)
		marked := b[:col] + "[" + m.st.Going.Render(b[col:col+1]) + "]" + b[col+1:]
		line := "  " + engine.PadRight(labels[i], lw) + "  " + engine.PadLeft(nums[i], nw) + " = " + marked
		isSum := i == len(t.Values)
		if isSum {
			line = m.st.Title.Render(line)
		}
		if targets && !isSum && v^t.Sum < v {
			line += "  " + m.st.Good.Render(m.cat.T("teach.nim.target", v, t.Sum, v^t.Sum))
		}
		out = append(out, line)
	}
	caret := strings.Repeat(" ", 2+lw+2+nw+3+col+1) + m.st.Going.Render("^ "+m.cat.T("nimsum.highbit", int64(1)<<hb))
	out = append(out, caret)
	for _, l := range out {
		if visibleWidth(l) > w {
			return m.plainNimTable(t)
		}
	}
	if teach {
		out = append(out, wrapStyled(m.cat.T("teach.nim.column"), w, m.st.Subtle)...)
	}
	return out
}

// plainNimTable is the engine's table with the nim-sum row and its caret
// in colour.
func (m play) plainNimTable(t engine.NimSumTable) []string {
	lines := t.Lines(m.cat)
	for i := len(t.Values); i < len(lines); i++ {
		st := m.st.Title
		if i > len(t.Values) {
			st = m.st.Going
		}
		lines[i] = st.Render(lines[i])
	}
	return lines
}

// misereCase is which of misère Nim's three cases the engine's sentence
// (misere.rule.*) applies: 0 all ≤ 1, 1 exactly one ≥ 2, 2 at least two.
func misereCase(key string) (int, bool) {
	switch {
	case strings.HasPrefix(key, "misere.rule.small"), key == "misere.rule.none":
		return 0, true
	case strings.HasPrefix(key, "misere.rule.one"):
		return 1, true
	case key == "misere.rule.many":
		return 2, true
	}
	return 0, false
}

// misereCases lists the three cases with an arrow at the one that applies.
func (m play) misereCases(which, w int) []string {
	lines := wrapStyled(m.cat.T("teach.misere.cases"), w, m.st.PanelTitle)
	for i, k := range []string{"small", "one", "many"} {
		mark, st := "    ", m.st.Subtle
		if i == which {
			mark, st = "  → ", m.st.Selected
		}
		for j, l := range wrap(m.cat.T("teach.misere.case."+k), w-4) {
			if j > 0 {
				mark = "    "
			}
			lines = append(lines, mark+st.Render(l))
		}
	}
	return lines
}

// bashGroups draws Bash's heap as groups of m+1 matches with the
// remainder in brackets: the position is n mod (m+1) at a glance. Nil when
// the heap does not fit on one line of w.
func (m play) bashGroups(w int) []string {
	n, size := m.pos[0], bashMax(m.g)+1
	if n == 0 || n+n/size+4 > int64(w) {
		return nil
	}
	var b strings.Builder
	b.WriteString("  ")
	for i := int64(0); i < n/size; i++ {
		b.WriteString(m.st.Match.Render(strings.Repeat("|", int(size))) + " ")
	}
	b.WriteString("[" + m.st.Going.Render(strings.Repeat("|", int(n%size))) + "]")
	return append(wrap(m.cat.T("teach.bash.groups", n, size, n%size), w), b.String())
}

// wrapStyled wraps text to w and styles each line.
func wrapStyled(text string, w int, st interface{ Render(...string) string }) []string {
	lines := wrap(text, w)
	for i, l := range lines {
		lines[i] = st.Render(l)
	}
	return lines
}
