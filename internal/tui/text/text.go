// Package text is how the terminal game measures, breaks and styles
// text: widths from x/ansi (the same measure lipgloss uses), line
// breaking from uniseg (Unicode line breaking, so Chinese breaks between
// characters and its punctuation never starts a line) with the
// glossary's terms and short formulas kept whole (先手, 异或和, 7 ⊕ 7 = 0
// are never split), and a style that is two escape sequences around a
// line. The screens and the boards share it.
package text

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"

	"matchgame/assets"
)

// Width is the columns s takes on a terminal, styles left out: the one
// measure of the terminal game, its boards and the command line.
func Width(s string) int { return ansi.StringWidth(s) }

// MaxWidth is the width of the widest line.
func MaxWidth(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, Width(l))
	}
	return w
}

// PadRight pads s with spaces to w columns.
func PadRight(s string, w int) string { return s + strings.Repeat(" ", max(0, w-Width(s))) }

var (
	termsOnce sync.Once
	terms     []string // the glossary's terms that no line break may split
)

func noBreakTerms() []string {
	termsOnce.Do(func() { terms = assets.NoBreak() })
	return terms
}

// Wrap breaks plain text into lines of at most w columns at Unicode line
// break opportunities, never inside a glossary term; a piece wider than a
// line is cut between characters. "\n" starts a new line.
func Wrap(text string, w int) []string {
	w = max(w, 1)
	var out []string
	for _, para := range strings.Split(text, "\n") {
		out = append(out, wrapLine(para, w)...)
	}
	return out
}

// wrapped keeps lines already broken: the screen is laid out again on
// every key, with mostly the same sentences at the same width, and
// breaking one (its line break opportunities, its terms and formulas) is
// the bulk of a key's work. The sentences are the catalogue's, the same
// for every SSH session, so the cache is shared; a hit takes no lock (a
// sync.Map read), so sessions do not queue behind one another. Past
// wrappedCap entries it starts afresh; a sentence longer than wrappedLong
// bytes (a position of 100,000 heaps written out) is broken each time,
// so the memory kept stays small.
var wrapped struct {
	lines sync.Map // wrapKey → []string, never changed once stored
	n     atomic.Int64
}

type wrapKey struct {
	s string
	w int
}

const (
	wrappedCap  = 1 << 13
	wrappedLong = 1 << 12
)

func wrapLine(s string, w int) []string {
	if Width(s) <= w {
		return []string{s}
	}
	if len(s) > wrappedLong {
		return breakLine(s, w)
	}
	k := wrapKey{s, w}
	if lines, ok := wrapped.lines.Load(k); ok {
		return slices.Clone(lines.([]string))
	}
	lines := breakLine(s, w)
	if wrapped.n.Add(1) > wrappedCap {
		wrapped.n.Store(0)
		wrapped.lines.Clear()
	}
	wrapped.lines.Store(k, lines)
	return slices.Clone(lines)
}

// breakLine breaks s, wider than w, into lines.
func breakLine(s string, w int) []string {
	// Every Unicode line break opportunity, and those a term does not
	// forbid: a line ends at the last allowed one that fits, else at the
	// last one that fits, else between characters.
	keep := append(termSpans(s), formulaSpans(s)...)
	all, allowed := breaks(s, keep)
	var lines []string
	for from := 0; from < len(s); {
		end := lastFit(s, from, allowed, w)
		if end < 0 {
			end = lastFit(s, from, all, w)
			// It falls inside a term: break before the term, or after it.
			for _, sp := range keep {
				if end > sp[0] && end < sp[1] {
					switch {
					case sp[0] > from:
						end = sp[0]
					case Width(s[from:sp[1]]) <= w && !startsClosed(s[sp[1]:]):
						end = sp[1]
					default: // the term with what must follow it is wider than a line
						end = -1
					}
				}
			}
		}
		if end < 0 {
			end = cut(s, from, w, keep)
		}
		lines = append(lines, strings.TrimRight(s[from:end], " "))
		from = end
		for from < len(s) && s[from] == ' ' {
			from++
		}
	}
	return lines
}

// breaks are the byte offsets of s's line break opportunities: all of
// them, and those not inside a span of keep (each span looked up once).
func breaks(s string, keep [][2]int) (all, allowed []int) {
	state, at := -1, 0
	for rest := s; rest != ""; {
		var seg string
		seg, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
		at += len(seg)
		all = append(all, at)
	}
	kept := make([]bool, len(all))
	for _, sp := range keep {
		for i := sort.SearchInts(all, sp[0]+1); i < len(all) && all[i] < sp[1]; i++ {
			kept[i] = true
		}
	}
	for i, at := range all {
		if !kept[i] {
			allowed = append(allowed, at)
		}
	}
	return all, allowed
}

// lastFit is the last of the break offsets after from whose line fits in
// w columns (trailing spaces hang), or -1. The line is measured a piece
// at a time and no further than w: a long text is wrapped in time
// linear in its length, not in its length times its lines.
func lastFit(s string, from int, breaks []int, w int) int {
	best, used, at := -1, 0, from
	for _, b := range breaks[sort.SearchInts(breaks, from+1):] {
		piece := s[at:b]
		body := strings.TrimRight(piece, " ")
		if used+widthPast(body, w-used) > w {
			break
		}
		used += widthPast(piece, w+1-used) // the hanging spaces count once a word follows them
		best, at = b, b
	}
	return best
}

// widthPast is s's width when it is at most limit, else some width past
// limit, found without measuring all of a long s.
func widthPast(s string, limit int) int {
	if len(s) <= 4*max(limit, 0)+16 {
		return Width(s)
	}
	width, state := 0, -1
	for rest := s; rest != "" && width <= limit; {
		var w int
		_, rest, w, state = uniseg.FirstGraphemeClusterInString(rest, state)
		width += w
	}
	return width
}

// cut ends a line between two characters where no break opportunity
// fits: as late as fits, preferring a place outside every term, never
// before closing punctuation unless nothing else fits.
func cut(s string, from, w int, keep [][2]int) int {
	var ends []int // the offsets after each character that fits
	state, at, used := -1, from, 0
	for rest := s[from:]; rest != ""; {
		var cluster string
		var cw int
		cluster, rest, cw, state = uniseg.FirstGraphemeClusterInString(rest, state)
		if used+cw > w && len(ends) > 0 {
			break
		}
		used += cw
		at += len(cluster)
		ends = append(ends, at)
	}
	best, depth := ends[0], len(keep)+1
	for i := len(ends) - 1; i > 0; i-- {
		if d := within(ends[i], keep); !startsClosed(s[ends[i]:]) && d < depth {
			best, depth = ends[i], d // the fewest terms cut, then the latest
		}
	}
	return best
}

// within counts the spans that byte offset at falls strictly inside.
func within(at int, spans [][2]int) int {
	n := 0
	for _, sp := range spans {
		if at > sp[0] && at < sp[1] {
			n++
		}
	}
	return n
}

// startsClosed reports whether s starts with punctuation a line may not
// begin with.
func startsClosed(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune(noLineStart, r)
}

// noLineStart is the punctuation a line may not begin with, ASCII and
// full-width.
const noLineStart = ",.;:!?)]}\u3001\u3002\u300d\u300f\uff0c\uff1a\uff1b\uff01\uff1f\uff09"

// termSpans are the byte spans of the glossary terms in s.
func termSpans(s string) [][2]int {
	var spans [][2]int
	for _, t := range noBreakTerms() {
		for from := 0; ; {
			i := strings.Index(s[from:], t)
			if i < 0 {
				break
			}
			spans = append(spans, [2]int{from + i, from + i + len(t)})
			from += i + len(t)
		}
	}
	return spans
}

// formula is a short formula of the explanations, such as 7 ⊕ 7 = 0 or
// 2^2 = 4: a line break inside one would leave "⊕ 7 = 0" to start a line.
// Its operands end where Chinese text (or its punctuation) begins; the
// Chinese ordinal 第 3 堆 and a position after an arrow (→ 1 1 3 1) are
// kept whole the same way.
var formula = regexp.MustCompile(operand + `(?: [⊕=≠+−×<>≤≥] ` + operand + `)+|第 [^\s]+ \p{Han}|→ \d+(?: \d+)*`)

// operand is a formula's number or term: no space, no Chinese character
// and no full-width punctuation.
const operand = `[^\s\p{Han}\x{3000}-\x{303F}\x{FF00}-\x{FFEF}]+`

// maxFormula is the widest formula kept on one line; a longer one breaks
// at its spaces like any text.
const maxFormula = 24

// formulaSpans are the byte spans of the short formulas in s.
func formulaSpans(s string) [][2]int {
	var spans [][2]int
	for _, sp := range formula.FindAllStringIndex(s, -1) {
		if Width(s[sp[0]:sp[1]]) <= maxFormula {
			spans = append(spans, [2]int{sp[0], sp[1]})
		}
	}
	return spans
}

// Truncate cuts s to at most w columns, ending with tail when it cuts;
// styles are kept and no character is split.
func Truncate(s string, w int, tail string) string { return ansi.Truncate(s, w, tail) }

// WrapStyled wraps text to w and styles each line.
func WrapStyled(text string, w int, st Style) []string {
	lines := Wrap(text, w)
	for i, l := range lines {
		lines[i] = st.Render(l)
	}
	return lines
}
