package engine

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"matchgame/assets"
)

// Text is a sentence from the message catalogue: its key and the values it
// shows. Args that are Text are rendered first, in the same language.
type Text struct {
	Key  string
	Args []any
}

// T makes a Text.
func T(key string, args ...any) Text { return Text{Key: key, Args: args} }

// Render formats the sentence in c's language.
func (t Text) Render(c *assets.Catalog) string {
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		if sub, ok := a.(Text); ok {
			a = sub.Render(c)
		}
		args[i] = a
	}
	return c.T(t.Key, args...)
}

// Lines makes a Text a one-line Block.
func (t Text) Lines(c *assets.Catalog) []string { return []string{t.Render(c)} }

// Block is one part of an explanation: a sentence or a table.
type Block interface {
	Lines(c *assets.Catalog) []string
}

// Explanation says why a position has its outcome: sentences and tables
// with the numbers behind it. The CLI prints its lines; the terminal game
// draws the same blocks with colour.
type Explanation []Block

// Lines renders every block in c's language.
func (e Explanation) Lines(c *assets.Catalog) []string {
	var out []string
	for _, b := range e {
		out = append(out, b.Lines(c)...)
	}
	return out
}

// NimSumTable shows numbers in binary, one row each, with their nim-sum
// (xor) under them and the nim-sum's highest set bit marked: the table of
// Bouton's proof.
type NimSumTable struct {
	Labels []Text  // "heap 1", "stair 3", "g(4)" …
	Values []int64 // the numbers xored
	Sum    int64   // their nim-sum
}

// Bits is how many binary digits the table shows.
func (t NimSumTable) Bits() int {
	n := 1
	for _, v := range append(t.Values, t.Sum) {
		if b := bits.Len64(uint64(v)); b > n {
			n = b
		}
	}
	return n
}

// HighBit is the position of the nim-sum's highest set bit, or -1 when the
// nim-sum is 0.
func (t NimSumTable) HighBit() int { return bits.Len64(uint64(t.Sum)) - 1 }

// Binary writes v in binary with bits digits.
func Binary(v int64, bits int) string {
	s := strconv.FormatUint(uint64(v), 2)
	return strings.Repeat("0", max(0, bits-len(s))) + s
}

// Lines renders the rows, the nim-sum row and a caret under the highest
// set bit.
func (t NimSumTable) Lines(c *assets.Catalog) []string {
	bits := t.Bits()
	labels := make([]string, 0, len(t.Values)+1)
	nums := make([]string, 0, len(t.Values)+1)
	for i, v := range t.Values {
		labels = append(labels, t.Labels[i].Render(c))
		nums = append(nums, strconv.FormatInt(v, 10))
	}
	labels = append(labels, c.T("nimsum.label"))
	nums = append(nums, strconv.FormatInt(t.Sum, 10))
	lw, nw := maxWidth(labels), maxWidth(nums)
	var out []string
	for i := range labels {
		v := t.Sum
		if i < len(t.Values) {
			v = t.Values[i]
		}
		out = append(out, "  "+PadRight(labels[i], lw)+"  "+PadLeft(nums[i], nw)+" = "+Binary(v, bits))
	}
	if hb := t.HighBit(); hb >= 0 {
		col := 2 + lw + 2 + nw + 3 + (bits - 1 - hb)
		out = append(out, strings.Repeat(" ", col)+"^ "+c.T("nimsum.highbit", int64(1)<<hb))
	}
	return out
}

// Table is a small table of numbers with a header row, columns aligned;
// Mark is the row the explanation points at (-1 for none). Cells are
// strings or Text.
type Table struct {
	Head []any
	Rows [][]any
	Mark int
}

// Lines renders the table with "→" before the marked row.
func (t Table) Lines(c *assets.Catalog) []string {
	all := append([][]any{t.Head}, t.Rows...)
	cells := make([][]string, len(all))
	var widths []int
	for i, row := range all {
		for j, cell := range row {
			s, ok := cell.(string)
			if tx, isText := cell.(Text); isText {
				s, ok = tx.Render(c), true
			}
			if !ok {
				s = "?"
			}
			cells[i] = append(cells[i], s)
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], DisplayWidth(s))
		}
	}
	out := make([]string, len(cells))
	for i, row := range cells {
		prefix := "    "
		if i-1 == t.Mark && i > 0 {
			prefix = "  → "
		}
		var b strings.Builder
		b.WriteString(prefix)
		for j, s := range row {
			if j > 0 {
				b.WriteString("  ")
			}
			b.WriteString(PadLeft(s, widths[j]))
		}
		out[i] = strings.TrimRight(b.String(), " ")
	}
	return out
}

func maxWidth(ss []string) int {
	w := 0
	for _, s := range ss {
		w = max(w, DisplayWidth(s))
	}
	return w
}

// PadRight pads s with spaces to w columns of display width.
func PadRight(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-DisplayWidth(s)))
}

// PadLeft pads s on the left with spaces to w columns of display width.
func PadLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-DisplayWidth(s))) + s
}

// DisplayWidth counts terminal columns: the CJK characters of the Chinese
// catalogue take two. (The engine keeps clear of terminal libraries.)
func DisplayWidth(s string) int {
	w := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch {
		case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF,
			r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF,
			r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60,
			r >= 0xFFE0 && r <= 0xFFE6:
			w += 2
		default:
			w++
		}
	}
	return w
}
