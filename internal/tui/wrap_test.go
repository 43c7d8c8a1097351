package tui

import (
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
)

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		text string
		w    int
		want []string
	}{
		{"take 4 from heap 3", 10, []string{"take 4", "from heap", "3"}},
		{"nim-sum 先手必胜", 9, []string{"nim-sum", "先手必胜"}},
		{"取走，留下", 4, []string{"取", "走，", "留下"}}, // a comma does not start a line
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"先手必胜", 4, []string{"先手", "必胜"}},
		{"先手必胜", 3, []string{"先", "手", "必", "胜"}}, // a term wider than the line is cut anyway
		{"e\u0301e\u0301e\u0301 👍👍", 3, []string{"e\u0301e\u0301e\u0301", "👍", "👍"}},
		{"", 5, []string{""}},
		// A short formula stays on one line; a long one breaks at its spaces.
		{"in binary): 7 ⊕ 7 = 0, so take 7", 20, []string{"in binary):", "7 ⊕ 7 = 0, so take 7"}},
		{"the nim-sum 2^2 = 4 here", 14, []string{"the nim-sum", "2^2 = 4 here"}},
		{"1000000 ⊕ 2000000 ⊕ 3000000 ⊕ 4000000 = 0", 20, []string{"1000000 ⊕ 2000000 ⊕", "3000000 ⊕ 4000000 =", "0"}},
		// In Chinese a formula's operands end at the Chinese text around them.
		{"上为 1 的堆：9 ⊕ 12 = 5，所以从第 3 堆", 18, []string{"上为 1 的堆：", "9 ⊕ 12 = 5，所以从", "第 3 堆"}},
		// A position after an arrow is not split: "→ 1 1 3" then "1".
		{"3. You: take 2 from stair 2 → 1 1 3 1", 31, []string{"3. You: take 2 from stair 2", "→ 1 1 3 1"}},
	} {
		got := wrap(c.text, c.w)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.text, c.w, got, c.want)
		}
	}
}

// Every sentence of the Chinese catalogue wraps at every width into lines
// no wider, that start with no closing punctuation, split no glossary
// term, and lose nothing.
func TestWrapChinese(t *testing.T) {
	zh := assets.Messages("zh")
	terms := assets.NoBreak()
	for _, key := range zh.Keys() {
		text := zh.T(key)
		for w := 8; w <= 40; w += 3 {
			lines := wrap(text, w)
			if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(strings.ReplaceAll(text, "\n", ""), " ", "") {
				t.Fatalf("%s at %d: lost text: %q", key, w, lines)
			}
			for i, l := range lines {
				if width(l) > w {
					t.Errorf("%s at %d: %q is wider", key, w, l)
				}
				if i > 0 && l != "" && strings.ContainsRune("，。：；！？）」』、", []rune(l)[0]) {
					t.Errorf("%s at %d: a line starts with punctuation: %q", key, w, l)
				}
				if i+1 < len(lines) {
					for _, term := range terms {
						for k := 1; k < len([]rune(term)); k++ {
							r := []rune(term)
							// A term is split only where it cannot fit with the punctuation after it.
							after := strings.TrimPrefix(lines[i+1], string(r[k:]))
							need := width(term)
							for _, r := range after { // the closing punctuation that must follow it
								if !startsClosed(string(r)) {
									break
								}
								need += width(string(r))
							}
							if strings.HasSuffix(l, string(r[:k])) && strings.HasPrefix(lines[i+1], string(r[k:])) && need <= w {
								t.Errorf("%s at %d: %q is split: %q | %q", key, w, term, l, lines[i+1])
							}
						}
					}
				}
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
			checkFits(t, newTestPlay(t, o, size[0], size[1]).view(), size[0], size[1])
		}
	}
}

// Every screen fits its size, the header on one line, from the minimum up.
func TestViewsFit(t *testing.T) {
	for _, g := range games {
		for _, size := range [][2]int{{minWidth, minHeight}, {61, 21}, {80, 24}, {100, 30}, {200, 50}} {
			for _, misere := range conventions2 {
				o := g.options(misere, "computer")
				m := newTestPlay(t, o, size[0], size[1])
				v := m.view()
				if lines := strings.Split(v, "\n"); !strings.Contains(lines[0], "thinking") {
					t.Errorf("%s %v: the header is not one line with the turn: %q", g.name, size, lines[0])
				}
				checkFits(t, v, size[0], size[1])
			}
		}
	}
}
