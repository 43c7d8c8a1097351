package engine

import (
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Translator says a catalogue message in one language: the message
// catalogues of package assets are Translators. The engine knows only this.
type Translator interface {
	T(key string, args ...any) string
}

// Text is a sentence from the message catalogue: its key and the values it
// shows. Args that are Text are rendered first, in the same language.
type Text struct {
	Key  string
	Args []any
}

// T makes a Text.
func T(key string, args ...any) Text { return Text{Key: key, Args: args} }

// Render formats the sentence in tr's language. Numbers in sentences are
// grouped by thousands (1,000,000), as a class reads them; tables and
// positions keep their plain digits.
func (t Text) Render(tr Translator) string {
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		switch v := a.(type) {
		case interface{ Render(Translator) string }: // a Text, or texts joined
			a = v.Render(tr)
		case int:
			a = Number(v)
		case int64:
			a = Number(v)
		case uint64:
			a = bigNumber(v)
		case *big.Int: // a count past the largest int64
			a = groupDigits(v.String())
		}
		args[i] = a
	}
	return tr.T(t.Key, args...)
}

// Number is an integer that %d writes grouped by thousands: 1,000,000.
type Number int64

// Format writes n grouped for %d, and as an int64 for any other verb.
func (n Number) Format(f fmt.State, verb rune) {
	if verb != 'd' {
		fmt.Fprintf(f, fmt.FormatString(f, verb), int64(n))
		return
	}
	s := strconv.FormatInt(int64(n), 10)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	f.Write([]byte(sign + groupDigits(s)))
}

// bigNumber is an unsigned integer (m+1 of a Bash with the largest m)
// that %d writes grouped.
type bigNumber uint64

func (n bigNumber) Format(f fmt.State, verb rune) {
	if verb != 'd' {
		fmt.Fprintf(f, fmt.FormatString(f, verb), uint64(n))
		return
	}
	f.Write([]byte(groupDigits(strconv.FormatUint(uint64(n), 10))))
}

// groupDigits puts a comma between groups of three digits.
func groupDigits(s string) string {
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, d := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

// IsZero reports whether t is no sentence at all.
func (t Text) IsZero() bool { return t.Key == "" }

// Disclosure is how much of the answer an explanation may show: a class
// that is asked for the winning move must not be told it.
type Disclosure int

const (
	// Why shows the outcome and the reason, never the move.
	Why Disclosure = iota
	// Place also points at where to move and why (the first hint): the
	// nim-sum's highest bit, the caret under it.
	Place
	// Answer also names the move (the second hint; the command line).
	Answer
	// Teach adds the teaching asides: targets, the misère cases, groups.
	Teach
)

// Mark is a part of an explanation that it points at; a screen colours it.
type Mark int

const (
	Plain   Mark = iota
	SumRow       // a table's sum row
	HighBit      // the nim-sum's highest set bit, its column and caret
	Target       // what a row must become to win
	Chosen       // the marked row of a table; the case that applies
	Aside        // notes and cases that do not apply
)

// Layout is how an explanation is laid out: the language, how much it may
// show, and how marks look. The command line lays out plain text at
// Answer; the terminal game colours marks through Style and brackets them
// with Glyphs, so that they show without colour too.
type Layout struct {
	Lang   Translator
	Show   Disclosure
	Glyphs bool
	// Style colours a marked part; nil leaves every part plain.
	Style func(m Mark, s string) string
	// Width is the widest a table may be; extras that would not fit (the
	// targets) are left out. 0: no limit.
	Width int
}

// Plain is the layout of the command line: plain text with the move.
func PlainLayout(tr Translator) Layout { return Layout{Lang: tr, Show: Answer} }

func (l Layout) style(m Mark, s string) string {
	if l.Style == nil || m == Plain {
		return s
	}
	return l.Style(m, s)
}

// Block is one part of an explanation: a sentence, a table, a list.
type Block interface {
	// Needs is the least disclosure that shows the block.
	Needs() Disclosure
	// Lines lays the block out. Sentences come back as one line each,
	// for the screen to wrap.
	Lines(l Layout) []string
}

// Sentence is a sentence of an explanation with the disclosure it needs
// and the mark it carries.
type Sentence struct {
	Text
	Show Disclosure
	Mark Mark
}

// Needs is the disclosure the sentence needs.
func (s Sentence) Needs() Disclosure { return s.Show }

// Lines is the sentence on one line.
func (s Sentence) Lines(l Layout) []string { return []string{l.style(s.Mark, s.Render(l.Lang))} }

// Reveal marks a sentence that names the winning move or what it leaves.
func Reveal(t Text) Sentence { return Sentence{Text: t, Show: Answer} }

// Needs: a plain Text is part of the reason, shown whenever explanations
// are on.
func (t Text) Needs() Disclosure { return Why }

// Lines is the sentence on one line.
func (t Text) Lines(l Layout) []string { return []string{t.Render(l.Lang)} }

// Explanation says why a position has its outcome: sentences and tables
// with the numbers behind it. The command line prints its lines; the
// terminal game lays out the same blocks with colour.
type Explanation []Block

// Shown is the blocks the layout's disclosure shows.
func (e Explanation) Shown(d Disclosure) Explanation {
	var out Explanation
	for _, b := range e {
		if b.Needs() <= d {
			out = append(out, b)
		}
	}
	return out
}

// Render lays out every block the layout shows.
func (e Explanation) Render(l Layout) []string {
	var out []string
	for _, b := range e.Shown(l.Show) {
		out = append(out, b.Lines(l)...)
	}
	return out
}

// Lines is the explanation as the command line prints it: plain, with the
// move.
func (e Explanation) Lines(tr Translator) []string { return e.Render(PlainLayout(tr)) }

// NimSumTable shows numbers in binary, one row each, with their nim-sum
// (xor) under them: the table of Bouton's proof. From Place on, the
// nim-sum's highest set bit is marked with a caret (and with Glyphs, its
// column in brackets); in Teach, each row the nim-sum reduces gets its
// target v ⊕ x.
type NimSumTable struct {
	Labels []Text   // "heap 1", "stair 3", "g(4)" …
	Values []uint64 // the numbers xored (a Grundy value can pass the largest int64)
	Sum    uint64   // their nim-sum
	// Decides: the winning move makes the nim-sum 0 (normal play, and
	// misère play with two values of 2 or more), so rows get targets.
	Decides bool
	// Move is the row (from 1) of the move the explanation makes, 0 for
	// none: its target is shown even when it is larger than the value, as
	// a Grundy value may become.
	Move int
}

// Needs: the table is part of the reason.
func (t NimSumTable) Needs() Disclosure { return Why }

// Bits is how many binary digits the table shows.
func (t NimSumTable) Bits() int {
	n := max(1, bits.Len64(t.Sum))
	for _, v := range t.Values {
		n = max(n, bits.Len64(v))
	}
	return n
}

// HighBit is the position of the nim-sum's highest set bit, or -1 when the
// nim-sum is 0.
func (t NimSumTable) HighBit() int { return bits.Len64(t.Sum) - 1 }

// Binary writes v in binary with at least digits digits.
func Binary(v uint64, digits int) string {
	s := strconv.FormatUint(v, 2)
	return strings.Repeat("0", max(0, digits-len(s))) + s
}

// Lines lays out the rows, the nim-sum row and, from Place on, the caret
// under the highest set bit.
func (t NimSumTable) Lines(l Layout) []string {
	plain := l
	plain.Style = nil // measured without the colours' escapes
	targets := t.Decides && l.Show >= Teach && (l.Width == 0 || maxWidth(t.lines(plain, true)) <= l.Width)
	return t.lines(l, targets) // without the targets when they do not fit
}

func (t NimSumTable) lines(l Layout, targets bool) []string {
	digits := t.Bits()
	hb := t.HighBit()
	marked := l.Show >= Place && hb >= 0
	col := digits - 1 - hb // the high bit's column among the digits
	labels := make([]string, 0, len(t.Values)+1)
	nums := make([]string, 0, len(t.Values)+1)
	for i, v := range t.Values {
		labels = append(labels, t.Labels[i].Render(l.Lang))
		nums = append(nums, strconv.FormatUint(v, 10))
	}
	labels = append(labels, l.Lang.T("nimsum.label"))
	nums = append(nums, strconv.FormatUint(t.Sum, 10))
	lw, nw := maxWidth(labels), maxWidth(nums)
	out := make([]string, 0, len(labels)+2)
	for i := range labels {
		v, isSum := t.Sum, i == len(t.Values)
		if !isSum {
			v = t.Values[i]
		}
		b := Binary(v, digits)
		if marked {
			bit := l.style(HighBit, b[col:col+1])
			if l.Glyphs {
				bit = "[" + bit + "]"
			}
			b = b[:col] + bit + b[col+1:]
		}
		line := "  " + PadRight(labels[i], lw) + "  " + PadLeft(nums[i], nw) + " = " + b
		if isSum {
			line = l.style(SumRow, line)
		}
		if targets && !isSum && (v^t.Sum < v || i+1 == t.Move) {
			line += "  " + l.style(Target, l.Lang.T("teach.nim.target", strconv.FormatUint(v, 10), strconv.FormatUint(t.Sum, 10), strconv.FormatUint(v^t.Sum, 10)))
		}
		out = append(out, line)
	}
	if marked {
		at := 2 + lw + 2 + nw + 3 + col
		if l.Glyphs {
			at++ // the opening bracket
		}
		note := l.Lang.T("nimsum.highbit", strconv.FormatUint(uint64(1)<<hb, 10), hb)
		if l.Width == 0 || at+2+Width(note) <= l.Width {
			out = append(out, strings.Repeat(" ", at)+l.style(HighBit, "^ "+note))
		} else { // too wide beside the caret: the note goes below it, moved left to fit
			out = append(out, strings.Repeat(" ", at)+l.style(HighBit, "^"),
				strings.Repeat(" ", max(0, min(at, l.Width-Width(note))))+l.style(HighBit, note))
		}
	}
	return out
}

// Table is a small table of numbers with a header row, columns aligned.
// Mark is the row the explanation points at (-1 for none), marked with
// "→" when the layout shows Mark's disclosure. Cells are strings or Text.
type Table struct {
	Head []any
	Rows [][]any
	Mark int
	// MarkShows is the disclosure that shows the marked row: it may name
	// the move.
	MarkShows Disclosure
}

// Needs: the table is part of the reason.
func (t Table) Needs() Disclosure { return Why }

// Lines lays out the table with "→" before the marked row.
func (t Table) Lines(l Layout) []string {
	all := append([][]any{t.Head}, t.Rows...)
	cells := make([][]string, len(all))
	var widths []int
	for i, row := range all {
		for j, cell := range row {
			s := fmt.Sprint(cell)
			if tx, isText := cell.(Text); isText {
				s = tx.Render(l.Lang)
			}
			cells[i] = append(cells[i], s)
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], Width(s))
		}
	}
	out := make([]string, len(cells))
	for i, row := range cells {
		marked := i > 0 && i-1 == t.Mark && l.Show >= t.MarkShows
		prefix := "    "
		if marked {
			prefix = "  → "
		}
		var b strings.Builder
		for j, s := range row {
			if j > 0 {
				b.WriteString("  ")
			}
			b.WriteString(PadLeft(s, widths[j]))
		}
		line := prefix + strings.TrimRight(b.String(), " ")
		if marked {
			line = l.style(Chosen, line)
		}
		out[i] = line
	}
	return out
}

// MisereCases lists misère Nim's three cases with an arrow at the one that
// applies: a teaching aside.
type MisereCases struct {
	Which int // 0: all values 0 or 1; 1: exactly one of 2 or more; 2: at least two
	// Heaps: the values are heaps of matches, named as the seeds name them
	// (rich and single heaps, the states S0 … T2).
	Heaps bool
}

// Needs: an aside of teach mode.
func (MisereCases) Needs() Disclosure { return Teach }

// Lines is the title and the three cases.
func (c MisereCases) Lines(l Layout) []string {
	out := []string{l.Lang.T("teach.misere.cases")}
	kind := "teach.misere.case."
	if c.Heaps {
		kind = "teach.misere.case.heaps."
	}
	for i, k := range []string{"small", "one", "many"} {
		line, mark := "    "+l.Lang.T(kind+k), Aside
		if i == c.Which {
			line, mark = "  → "+l.Lang.T(kind+k), Chosen
		}
		out = append(out, l.style(mark, line))
	}
	return out
}

// Groups draws a heap of N as groups of Size with the remainder in
// brackets (Bash's n mod (m+1) at a glance): a teaching aside, left out
// when the heap does not fit the layout's width (or 80 columns).
type Groups struct {
	N, Size int64
}

// Needs: an aside of teach mode.
func (Groups) Needs() Disclosure { return Teach }

// Lines is the sentence and the groups, or nothing for a heap too long.
func (g Groups) Lines(l Layout) []string {
	w := int64(l.Width)
	if w == 0 {
		w = 80
	}
	// N ≤ w first: N + N/Size would overflow near the largest int64.
	if g.N == 0 || g.Size < 1 || g.N > w || g.N+g.N/g.Size+4 > w {
		return nil
	}
	var b strings.Builder
	b.WriteString("  ")
	for range g.N / g.Size {
		b.WriteString(strings.Repeat("|", int(g.Size)) + " ")
	}
	b.WriteString("[" + l.style(HighBit, strings.Repeat("|", int(g.N%g.Size))) + "]")
	return []string{l.Lang.T("teach.bash.groups", g.N, g.Size, g.N%g.Size), b.String()}
}

func maxWidth(ss []string) int {
	w := 0
	for _, s := range ss {
		w = max(w, Width(s))
	}
	return w
}

// PadRight pads s with spaces to w columns.
func PadRight(s string, w int) string { return s + strings.Repeat(" ", max(0, w-Width(s))) }

// PadLeft pads s on the left with spaces to w columns.
func PadLeft(s string, w int) string { return strings.Repeat(" ", max(0, w-Width(s))) + s }

// Width counts the terminal columns of plain text: East Asian wide and
// full-width characters take two, combining marks none. (Styled text is
// measured by the terminal layer; the engine keeps clear of it.)
func Width(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		case r < 0x1100:
			w++ // ASCII and Latin: the hot path of long tables
		default:
			switch width.LookupRune(r).Kind() {
			case width.EastAsianWide, width.EastAsianFullwidth:
				w += 2
			default:
				w++
			}
		}
	}
	return w
}

// Elide cuts s to n runes, never inside one, and marks the cut with "…".
func Elide(s string, n int) string {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	if i == len(s) {
		return s
	}
	return s[:i] + "…"
}
