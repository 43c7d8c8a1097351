package learn

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/tui/text"
)

func keyOf(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// screen is the learn screen at a size, on topic.
func screen(lang, topic string, w, h int) Model {
	m := New(lang, PlainStyles(), help.Styles{}, topic)
	m, _ = m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// send presses keys and returns the screen and the message its last
// command gives (nil for none).
func send(m Model, keys ...string) (Model, tea.Msg) {
	var msg tea.Msg
	for _, k := range keys {
		var cmd tea.Cmd
		m, cmd = m.Update(keyOf(k))
		msg = nil
		if cmd != nil {
			msg = cmd()
		}
	}
	return m, msg
}

// The list of pages: ↓ selects, enter opens, the page's title heads the
// screen; esc on the list leaves the screen.
func TestLearnScreenListAndPage(t *testing.T) {
	t.Parallel()
	m := screen("en", "", 80, 24)
	v := m.View()
	for _, want := range []string{"Learn:", "pn", "nim", "sprague-grundy"} {
		if !strings.Contains(v, want) {
			t.Errorf("the list lacks %q:\n%s", want, v)
		}
	}
	m, _ = send(m, "down", "enter")
	if m.Page() != "nim" || !strings.Contains(m.View(), "Nim and Bouton's theorem") {
		t.Fatalf("down, enter opened %q:\n%s", m.Page(), m.View())
	}
	m, _ = send(m, "]")
	if m.Page() != "sj" {
		t.Errorf("] opened %q, not the next page", m.Page())
	}
	m, _ = send(m, "i")
	if m.Page() != "" {
		t.Errorf("i left page %q open", m.Page())
	}
	if _, msg := send(m, "esc"); msg != (BackMsg{}) {
		t.Errorf("esc on the list gave %#v", msg)
	}
}

// t and d ask for the example, to play and to watch; a page whose
// example the game cannot play (Every-SG) asks for nothing.
func TestLearnScreenTryIt(t *testing.T) {
	t.Parallel()
	m := screen("en", "sprague-grundy", 80, 24)
	for _, c := range []struct {
		k    string
		demo bool
	}{{"t", false}, {"d", true}} {
		_, msg := send(m, c.k)
		try, ok := msg.(TryMsg)
		if !ok || try.Demo != c.demo || try.Setup.Command() != "nim 3 5 + kayles 7 + wythoff 3 5" {
			t.Errorf("%s: %#v", c.k, msg)
		}
	}
	if _, msg := send(screen("en", "every-sg", 80, 24), "t"); msg != nil {
		t.Errorf("t on the Every-SG page: %#v", msg)
	}
}

// The answers stay hidden until a is pressed; x draws other exercises.
func TestLearnScreenAnswers(t *testing.T) {
	t.Parallel()
	all := func(m Model) string {
		var b strings.Builder
		m, _ = send(m, "home")
		for range 200 {
			b.WriteString(m.View())
			if m.vp.AtBottom() {
				break
			}
			m, _ = send(m, "pgdown")
		}
		return b.String()
	}
	m := screen("en", "nim", 80, 24)
	if v := all(m); strings.Contains(v, "Answer:") || !strings.Contains(v, "a shows them") {
		t.Error("the answers show before they are asked for")
	}
	shown, _ := send(m, "a")
	if v := all(shown); !strings.Contains(v, "Answer:") {
		t.Error("a does not show the answers")
	}
	before := exercisesOf(m)
	other, _ := send(m, "x")
	if after := exercisesOf(other); before == after {
		t.Errorf("x drew the same exercises: %s", after)
	}
}

func exercisesOf(m Model) string {
	for _, b := range m.doc.Blocks {
		if e, ok := b.(Exercises); ok {
			return e.Items[0].Prompt + e.Items[1].Prompt
		}
	}
	return ""
}

// Every page fits the screen at 60×20, 80×24 and 140×40 in both
// languages: no line wider than the screen, no more lines than it has,
// read from top to bottom; below 60×20 it says the screen is too small.
// Here each page is read at one of the sizes, in turn; in CI
// (MATCHGAME_THOROUGH) at every size.
func TestLearnScreenSizes(t *testing.T) {
	t.Parallel()
	sizes := [][2]int{{60, 20}, {80, 24}, {140, 40}}
	for s, size := range sizes {
		for _, lang := range []string{"en", "zh"} {
			for i, p := range append([]string{""}, IDs()...) {
				if os.Getenv("MATCHGAME_THOROUGH") == "" && i%len(sizes) != s {
					continue
				}
				m := screen(lang, p, size[0], size[1])
				for range 200 {
					lines := strings.Split(m.View(), "\n")
					if len(lines) > size[1] {
						t.Fatalf("%s %s %v: %d lines", p, lang, size, len(lines))
					}
					for _, l := range lines {
						if text.Width(l) > size[0] {
							t.Fatalf("%s %s %v: a line of %d columns: %q", p, lang, size, text.Width(l), l)
						}
					}
					if p == "" || m.vp.AtBottom() {
						break
					}
					m, _ = send(m, "pgdown")
				}
			}
		}
	}
	if v := screen("en", "nim", 50, 15).View(); !strings.Contains(v, "too small") {
		t.Errorf("at 50×15: %q", v)
	}
}

// A lesson's page is fixed: the list, the other pages and the way out
// are the teacher's.
func TestLearnScreenFixed(t *testing.T) {
	t.Parallel()
	m := screen("en", "sj", 80, 24)
	m.Fixed = true
	m, msg := send(m, "esc", "]", "i")
	if m.Page() != "sj" || msg != nil {
		t.Errorf("keys moved a fixed page to %q, %#v", m.Page(), msg)
	}
}

// unspaced is s without its spaces and line breaks: a title wrapped over
// lines reads as one.
func unspaced(s string) string { return strings.Join(strings.Fields(s), "") }

// At 80×24 and 60×20 every title reads whole, wrapped rather than cut:
// each page's on the list (as the selection goes down it), the list's,
// and each page's over the page; no line is wider than the screen.
func TestTitlesReadWhole(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		cat := assets.Messages(lang)
		for _, size := range [][2]int{{80, 24}, {60, 20}} {
			w, h := size[0], size[1]
			check := func(where, view string, titles ...string) {
				t.Helper()
				for _, l := range strings.Split(view, "\n") {
					if text.Width(l) > w {
						t.Errorf("%s %dx%d %s: a line of %d columns: %q", lang, w, h, where, text.Width(l), l)
					}
				}
				for _, title := range titles {
					if !strings.Contains(unspaced(view), unspaced(title)) {
						t.Errorf("%s %dx%d %s: %q does not read whole:\n%s", lang, w, h, where, title, view)
					}
				}
			}
			m := screen(lang, "", w, h)
			check("list", m.View(), cat.T("learn.title"))
			for _, p := range Pages() {
				check("list at "+p.ID, m.View(), p.Title[lang])
				m, _ = send(m, "down")
				check("page "+p.ID, screen(lang, p.ID, w, h).View(), p.Title[lang])
			}
		}
	}
}

// esc or q on a page goes back to the list of pages, whether the page was
// opened from the list or named at start, en and zh; only esc or q on the
// list leaves the screen. The help says which: the list on a page,
// leaving on the list.
func TestEscOnAPageGoesBackToTheList(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang, topic string
		keys        []string
	}{
		{"en", "", []string{"down", "enter"}},
		{"zh", "", []string{"down", "enter"}},
		{"en", "nim", []string{"i", "down", "down", "enter"}},
		{"en", "sprague-grundy", nil},
	} {
		for _, back := range []string{"esc", "q"} {
			m, _ := send(screen(c.lang, c.topic, 60, 20), c.keys...)
			if m.Page() == "" {
				t.Fatalf("%s %q %v: no page open", c.lang, c.topic, c.keys)
			}
			cat := assets.Messages(c.lang)
			if v := m.View(); !strings.Contains(v, cat.T("learn.key.tolist")) {
				t.Errorf("%s on a page: the footer does not say %s goes to the list:\n%s", c.lang, back, v)
			}
			m, msg := send(m, back)
			if msg != nil || m.Page() != "" {
				t.Errorf("%s %q %v %s: page %q, message %#v; want the list", c.lang, c.topic, c.keys, back, m.Page(), msg)
			}
			if _, msg := send(m, back); msg != (BackMsg{}) {
				t.Errorf("%s on the list gave %#v, not leaving", back, msg)
			}
		}
	}
}

// No line of any page is wider than the screen it is laid out for, at
// 80×24 and 60×20 with the answers shown, en and zh: the viewport cut
// them silently (sj's worked example lost "(T0) wins" at 80 columns).
func TestPagesWrapToTheScreen(t *testing.T) {
	t.Parallel()
	for _, lang := range assets.Langs {
		for _, p := range Pages() {
			doc, err := Render(p.ID, lang, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{78, 58} { // the screen less its margins
				for _, l := range Lines(doc, Layout{Width: w, Styles: PlainStyles(), Answers: true}) {
					if text.Width(l) > w {
						t.Errorf("%s %s at %d: a line of %d columns: %q", p.ID, lang, w, text.Width(l), l)
					}
				}
			}
		}
	}
}
