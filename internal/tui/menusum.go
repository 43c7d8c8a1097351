package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/variants"
)

// The sum composed on the menu (SPEC §9): "Sum of games" on the game row
// opens it. Its components are rows of their own, each chosen as a game
// is chosen (←/→ through the families, its numbers typed), removed (x),
// moved up or down (< >), and added (the last row); the whole sum is also
// typed in one field as the command line writes it, and the two stay the
// same sum.

// sumDraft is the sum being composed: each component as the command line
// writes it ("kayles 7"), in a field of its own.
type sumDraft struct {
	parts []*textinput.Model // held by pointer: the menu is copied on every key
}

// draftOf is the sum text written, a component for each piece between +.
func draftOf(text string) *sumDraft {
	d := &sumDraft{}
	if strings.TrimSpace(text) == "" {
		return d
	}
	for _, piece := range strings.Split(text, "+") {
		d.add(strings.TrimSpace(piece))
	}
	return d
}

// add adds a component written as text, last.
func (d *sumDraft) add(text string) {
	in := newInput()
	in.SetValue(text)
	d.parts = append(d.parts, &in)
}

// input is component i's field.
func (d *sumDraft) input(i int) *textinput.Model { return d.parts[min(i, len(d.parts)-1)] }

// text is the sum as the command line writes it.
func (d *sumDraft) text() string {
	pieces := make([]string, len(d.parts))
	for i, p := range d.parts {
		pieces[i] = strings.TrimSpace(p.Value())
	}
	return strings.Join(pieces, " + ")
}

// composeSum starts composing the sum written as text.
func (m *menu) composeSum(text string) {
	m.sum, m.params = draftOf(text), nil
	m.pos.SetValue(text)
}

// firstSum is the sum "Sum of games" starts from, a value and not a
// placeholder: enter plays it as shown, Add adds to it.
const firstSum = "nim 3 5 + kayles 7"

// changeGame takes ←/→ on the game row: the next of the n choices, the
// last of which composes a sum.
func (m *menu) changeGame(d, n int) {
	at := m.pick[rowGame]
	if m.sum != nil {
		at = n - 1
	}
	m.pos.SetValue("") // a position typed for one game is not another's (issue 18, rough edge 4)
	if at = (at + d) % n; at == n-1 {
		m.composeSum(firstSum)
		return
	}
	m.sum, m.pick[rowGame] = nil, at
}

// rows are the rows of the sum's components, and the row that adds
// one; none for one game (a nil draft).
func (d *sumDraft) rows() []menuRow {
	if d == nil {
		return nil
	}
	var rows []menuRow
	for i := range d.parts {
		rows = append(rows, menuRow{kind: rowPart, param: i})
	}
	return append(rows, menuRow{kind: rowAddPart})
}

// familyAt is the index of the family a component is written with, -1
// for none known.
func familyAt(written string) int {
	name, _, _ := strings.Cut(strings.TrimSpace(written), " ")
	spec, _, ok := variants.Find(strings.ToLower(name))
	if !ok {
		return -1
	}
	return slices.IndexFunc(variants.Games, func(s variants.Spec) bool { return s.Name == spec.Name })
}

// exampleOf is family spec's small example, written as a component
// with the parameters the menu starts from ("bash --max 3 3").
func exampleOf(spec variants.Spec) string {
	words := []string{spec.Name}
	for _, p := range spec.Params {
		if p.Default != "" {
			words = append(words, "--"+p.Name, p.Default)
		}
	}
	return strings.Join(append(words, spec.Example.String()), " ")
}

// change takes ←/→ on component i's row: the family d ahead, with its
// example.
func (d *sumDraft) change(i, dir int) {
	n := len(variants.Games)
	at := (familyAt(d.parts[i].Value()) + dir + n) % n
	if familyAt(d.parts[i].Value()) < 0 {
		at = 0
	}
	d.parts[i].SetValue(exampleOf(variants.Games[at]))
}

// sumKey reports whether msg composes the sum on the row selected: x
// removes a component, < and > move it; enter, space or → on the last
// row adds one.
func (m menu) sumKey(msg tea.KeyMsg) bool {
	if m.sum == nil || m.editing || m.helpAll {
		return false
	}
	k := m.rowKeys()
	switch m.row().kind {
	case rowPart:
		return key.Matches(msg, k.SumRemove, k.SumMove)
	case rowAddPart:
		return key.Matches(msg, k.SumAdd)
	}
	return false
}

// sumKeyed is the menu after such a key.
func (m menu) sumKeyed(msg tea.KeyMsg) menu {
	r := m.row()
	m.at += m.sum.keyed(msg, r, m.rowKeys())
	m.at = min(m.at, len(m.rows())-1)
	m.sumChanged()
	return m
}

// keyed takes a key of composing on row r: adds, removes or moves a
// component. The cursor moves by what it returns, to stay on the
// component moved (on the new one added, to choose it).
func (d *sumDraft) keyed(msg tea.KeyMsg, r menuRow, k KeyMap) int {
	parts := d.parts
	switch {
	case r.kind == rowAddPart:
		d.add(exampleOf(variants.Games[0]))
	case key.Matches(msg, k.SumRemove):
		d.parts = slices.Delete(parts, r.param, r.param+1)
	case msg.String() == "<" && r.param > 0:
		parts[r.param-1], parts[r.param] = parts[r.param], parts[r.param-1]
		return -1
	case msg.String() == ">" && r.param < len(parts)-1:
		parts[r.param+1], parts[r.param] = parts[r.param], parts[r.param+1]
		return +1
	}
	return 0
}

// sumChanged writes the components into the sum's field and judges it.
func (m *menu) sumChanged() {
	m.pos.SetValue(m.sum.text())
	m.pick[rowPreset] = 0
	m.validate()
}

// edited keeps the two forms of the sum the same after row r was typed
// in: the whole sum (pos) splits into components, a component joins the
// whole. The draft after it; nil for one game.
func (d *sumDraft) edited(r menuRow, pos *textinput.Model) *sumDraft {
	switch {
	case d == nil:
	case r.kind == rowPosition:
		return draftOf(pos.Value())
	case r.kind == rowPart:
		pos.SetValue(d.text())
	}
	return d
}

// blank reports whether the sum has no game yet (typed in pos): said as
// what to do, not as a mistake.
func (d *sumDraft) blank(pos *textinput.Model) bool {
	return d != nil && strings.TrimSpace(pos.Value()) == ""
}

// addValue is how the last row reads.
func addValue(cat *assets.Catalog, st *Styles, selected bool) string {
	s := "‹ + " + cat.T("ui.menu.addpart.value") + " ›"
	if selected {
		return st.Selected.Render(s)
	}
	return st.Subtle.Render(s)
}
