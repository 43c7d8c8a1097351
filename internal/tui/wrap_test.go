package tui

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
)

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		text string
		w    int
		want []string
	}{
		{"take 4 from heap 3", 10, []string{"take 4", "from heap", "3"}},
		{"先手必胜的样例:从第三堆取走四根", 10, []string{"先手必胜的", "样例:从第", "三堆取走四", "根"}},
		{"nim-sum 先手必胜", 9, []string{"nim-sum", "先手必胜"}},
		{"格子:1 5 6 7 9 12 14 17;每个棋子", 16, []string{"格子:1 5 6 7 9", "12 14 17;每个棋", "子"}},
		{"取走,留下", 4, []string{"取", "走,", "留下"}}, // a comma does not start a line
		{"取走\uff0c留下", 4, []string{"取", "走\uff0c", "留下"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"", 5, []string{""}},
	} {
		got := wrap(c.text, c.w)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.text, c.w, got, c.want)
		}
		for _, l := range got {
			if visibleWidth(l) > c.w {
				t.Errorf("wrap(%q, %d): %q is wider", c.text, c.w, l)
			}
		}
	}
}

// Boards too large for the screen are cut at its edge.
func TestHugeBoardsFit(t *testing.T) {
	cells := make(engine.Position, 40)
	for i := range cells {
		cells[i] = int64(3*i + 1)
	}
	stairs := make(engine.Position, 40)
	for i := range stairs {
		stairs[i] = 1 << 40
	}
	for _, c := range []struct {
		g game
		p engine.Position
	}{
		{games[5], cells},
		{games[4], stairs},
		{games[0], stairs},
		{games[2], engine.Position{1 << 62, 3}},
		{games[5], engine.Position{1, 1 << 62, 1<<62 + 5, 1<<63 - 1}},
	} {
		for _, size := range [][2]int{{minWidth, minHeight}, {80, 24}, {140, 40}} {
			o := c.g.options(false, "me")
			o.Position = c.p
			v := newTestPlay(t, o, size[0], size[1]).view()
			lines := strings.Split(v, "\n")
			if len(lines) > size[1] {
				t.Errorf("%s %v: %d lines", c.g.name, size, len(lines))
			}
			for i, l := range lines {
				if visibleWidth(l) > size[0] {
					t.Errorf("%s %v: line %d is %d wide", c.g.name, size, i+1, visibleWidth(l))
				}
			}
		}
	}
}

// Every screen fits its size, the header on one line, from the minimum up.
func TestViewsFit(t *testing.T) {
	for _, g := range games {
		for _, size := range [][2]int{{minWidth, minHeight}, {61, 21}, {80, 24}, {100, 30}, {200, 50}} {
			for _, misere := range conventions2 {
				o := g.options(misere, "computer")
				o.Game.Set = map[bool]string{true: "1,2,4,8"}[g.set != ""]
				m := newTestPlay(t, o, size[0], size[1])
				v := m.view()
				lines := strings.Split(v, "\n")
				if len(lines) > size[1] {
					t.Errorf("%s %v: %d lines", g.name, size, len(lines))
				}
				if !strings.Contains(lines[0], "thinking") {
					t.Errorf("%s %v: the header is not one line with the turn: %q", g.name, size, lines[0])
				}
				for i, l := range lines {
					if visibleWidth(l) > size[0] {
						t.Errorf("%s %v: line %d is %d wide: %q", g.name, size, i+1, visibleWidth(l), l)
					}
				}
			}
		}
	}
}
