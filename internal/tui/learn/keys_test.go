package learn

import (
	"reflect"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Every key the learn screen takes is in its help (?): on the list, on a
// page, on a lesson's page with the lesson's keys around it. A key of a
// pair counts as listed with its pair (↓ with "↑/↓ move").
func TestHelpListsEveryKey(t *testing.T) {
	t.Parallel()
	var keys []tea.KeyMsg
	for _, r := range "abcdefghijklmnopqrstuvwxyzAZ019[]<>+-=,.?" {
		keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	for _, ty := range []tea.KeyType{tea.KeyEnter, tea.KeyEsc, tea.KeyTab, tea.KeyShiftTab, tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight,
		tea.KeyPgUp, tea.KeyPgDown, tea.KeyHome, tea.KeyEnd, tea.KeyBackspace, tea.KeySpace} {
		keys = append(keys, tea.KeyMsg{Type: ty})
	}
	lesson := []key.Binding{key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab/shift+tab", "steps"))}
	for _, c := range []struct {
		name string
		at   func() Model
	}{
		{"the list", func() Model { return screen("en", "", 80, 24) }},
		{"a page", func() Model { return screen("zh", "mex", 80, 24) }},
		{"a lesson's page", func() Model {
			m := screen("en", "sg", 80, 24)
			m.Fixed, m.Around = true, lesson
			return m
		}},
	} {
		for _, k := range keys {
			m := c.at()
			m.sync()
			before := m.View()
			after, cmd := m.Update(k)
			if cmd == nil && after.View() == before || listedIn(m, k) {
				continue
			}
			t.Errorf("%s: %q does something but the help does not list it", c.name, k)
		}
	}
}

// listedIn reports whether m's help lists k, itself or as its pair's.
func listedIn(m Model, k tea.KeyMsg) bool {
	descs := map[string]bool{}
	for _, col := range m.FullHelp() {
		for _, b := range col {
			if b.Enabled() {
				descs[b.Help().Desc] = true
			}
		}
	}
	all := m.Around
	v := reflect.ValueOf(m.keys)
	for i := range v.NumField() {
		all = append(all, v.Field(i).Interface().(key.Binding))
	}
	for _, b := range all {
		if b.Enabled() && key.Matches(k, b) && descs[b.Help().Desc] {
			return true
		}
	}
	return false
}
