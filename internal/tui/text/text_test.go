package text

import (
	"os"
	"strings"
	"testing"

	"matchgame/assets"
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
		got := Wrap(c.text, c.w)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", c.text, c.w, got, c.want)
		}
	}
}

// Every sentence of the Chinese catalogue wraps at every width into lines
// no wider, that start with no closing punctuation, split no glossary
// term, and lose nothing.
func TestWrapChinese(t *testing.T) {
	zh := assets.Messages("zh")
	step := 10 // every tenth width here, every third in CI (MATCHGAME_THOROUGH)
	if os.Getenv("MATCHGAME_THOROUGH") != "" {
		step = 3
	}
	cuts := termCuts(assets.NoBreak())
	for _, key := range zh.Keys() {
		said := zh.T(key)
		for w := 8; w <= 40; w += step {
			lines := Wrap(said, w)
			if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(strings.ReplaceAll(said, "\n", ""), " ", "") {
				t.Fatalf("%s at %d: lost text: %q", key, w, lines)
			}
			for i, l := range lines {
				if Width(l) > w {
					t.Errorf("%s at %d: %q is wider", key, w, l)
				}
				if i > 0 && l != "" && strings.ContainsRune("，。：；！？）」』、", []rune(l)[0]) {
					t.Errorf("%s at %d: a line starts with punctuation: %q", key, w, l)
				}
				if i+1 < len(lines) {
					checkTermsWhole(t, key, w, l, lines[i+1], cuts)
				}
			}
		}
	}
}

// termCut is a way to cut a term in two.
type termCut struct {
	head, tail string
	width      int // the whole term's
}

// termCuts are every way to cut each term in two, worked out once.
func termCuts(terms []string) []termCut {
	var cuts []termCut
	for _, term := range terms {
		r := []rune(term)
		for k := 1; k < len(r); k++ {
			cuts = append(cuts, termCut{string(r[:k]), string(r[k:]), Width(term)})
		}
	}
	return cuts
}

// checkTermsWhole: a term is split between line l and the next only
// where it cannot fit with the punctuation after it.
func checkTermsWhole(t *testing.T, key string, w int, l, next string, cuts []termCut) {
	t.Helper()
	for _, c := range cuts {
		if !strings.HasSuffix(l, c.head) || !strings.HasPrefix(next, c.tail) {
			continue
		}
		need := c.width
		for _, r := range strings.TrimPrefix(next, c.tail) { // the closing punctuation that must follow it
			if !startsClosed(string(r)) {
				break
			}
			need += Width(string(r))
		}
		if need <= w {
			t.Errorf("%s at %d: %q is split: %q | %q", key, w, c.head+c.tail, l, next)
		}
	}
}

// TestWrapKeepsItsLines: a caller changing the lines it was given does
// not change what the next caller of the same wrap gets (lines are kept
// for the next key).
func TestWrapKeepsItsLines(t *testing.T) {
	s := "The nim-sum is 7, not 0: the player to move can make it 0, and keep it 0 after every reply until the end."
	first := Wrap(s, 20)
	want := strings.Join(first, "|")
	first[0] = "changed"
	if got := strings.Join(Wrap(s, 20), "|"); got != want {
		t.Fatalf("wrapped again: %q, want %q", got, want)
	}
}

// A hostile plan's note of one 900,000-letter word took 30 s to wrap:
// each line measured the whole rest of the text.
func BenchmarkWrapLongWord(b *testing.B) {
	word := strings.Repeat("N", 100_000)
	for b.Loop() {
		Wrap(word, 80)
	}
}

func BenchmarkWrapLongText(b *testing.B) {
	text := strings.Repeat("the nim-sum of the heaps is 0 ", 10_000)
	for b.Loop() {
		Wrap(text, 80)
	}
}
