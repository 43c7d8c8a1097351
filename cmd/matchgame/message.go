package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// Messages for people are one line of at most 200 columns, the prefix
// included: whatever was typed or piped in, a message never moves the
// cursor, clears the screen or floods the terminal.
const (
	prefix     = "matchgame: "
	maxColumns = 200 - len(prefix)
	maxValue   = 160 // runes of one value in a message: the list of games fits
)

// say is err as one safe line in cat's language.
func say(err error, cat *assets.Catalog) string {
	var r *engine.Refusal
	var f *engine.Failure
	switch {
	case errors.As(err, &r):
		return fitLine(r.Text, cat)
	case errors.As(err, &f):
		return fitLine(f.Text, cat)
	}
	return safeLine(err.Error())
}

// fitLine says t on one safe line of at most maxColumns. When it is too
// long, the values in it (what a person typed or the program listed) are
// shortened first, the longest first, at a word or a comma and marked
// with "…": the sentence's own words, and the bound or value it names,
// stay whole. Only if that is not enough is the line cut, at a word.
func fitLine(t engine.Text, cat *assets.Catalog) string {
	t = shorten(t)
	for range 8 {
		over := text.Width(escape(t.Render(cat))) - maxColumns
		if over <= 0 {
			break
		}
		var ok bool
		if t, ok = shortenLongest(t, over); !ok {
			break
		}
	}
	return safeLine(t.Render(cat))
}

// minValue is the fewest runes a value is shortened to.
const minValue = 12

// shortenLongest shortens t's longest text value by over columns or more
// (to no fewer than minValue runes); false when none can be.
func shortenLongest(t engine.Text, over int) (engine.Text, bool) {
	var longest *string
	var walk func(t *engine.Text)
	walk = func(t *engine.Text) {
		t.Args = slices.Clone(t.Args)
		for i, a := range t.Args {
			switch v := a.(type) {
			case string:
				if longest == nil || utf8.RuneCountInString(v) > utf8.RuneCountInString(*longest) {
					s := v
					t.Args[i] = &s // replaced by its value below
					longest = &s
				}
			case engine.Text:
				walk(&v)
				t.Args[i] = v
			}
		}
	}
	walk(&t)
	found := longest != nil && utf8.RuneCountInString(*longest) > minValue
	if found {
		*longest = elideWords(*longest, max(minValue, utf8.RuneCountInString(*longest)-over-1))
	}
	var unpoint func(t *engine.Text)
	unpoint = func(t *engine.Text) {
		for i, a := range t.Args {
			switch v := a.(type) {
			case *string:
				t.Args[i] = *v
			case engine.Text:
				unpoint(&v)
				t.Args[i] = v
			}
		}
	}
	unpoint(&t)
	return t, found
}

// elideWords cuts s to at most n runes at a line-break opportunity (a
// space, after a comma, between two Chinese characters: Unicode's line
// breaking rules, by uniseg), and marks the cut with "…".
func elideWords(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut, runes, state := 0, 0, -1
	for rest := s; rest != ""; {
		var segment string
		segment, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
		k := utf8.RuneCountInString(segment)
		if runes+k > n {
			break
		}
		cut, runes = cut+len(segment), runes+k
	}
	if cut == 0 { // one long word: cut it, never inside a character
		return engine.Elide(s, n)
	}
	kept := strings.TrimRight(s[:cut], " ")
	if strings.HasSuffix(kept, ",") { // a list: "1, 2, …"
		kept += " "
	}
	return kept + "…"
}

// shorten elides every value of t that is text: a value typed by a person
// can be any length.
func shorten(t engine.Text) engine.Text {
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		switch v := a.(type) {
		case string:
			a = elideWords(v, maxValue)
		case engine.Text:
			a = shorten(v)
		}
		args[i] = a
	}
	return engine.Text{Key: t.Key, Args: args}
}

// safeLine escapes what the catalogue's %q did not (a value shown with %s,
// a system's error): control and other unprintable characters as Go
// writes them (\n, \x1b, \u202e), invalid UTF-8 byte by byte, and cuts the
// line to maxColumns. Printable text, Chinese included, stays as it is.
func safeLine(s string) string {
	s = escape(s)
	if text.Width(s) <= maxColumns {
		return s
	}
	// Cut at the last line-break opportunity that fits (a space, between
	// two Chinese characters), else at the last character that fits.
	cut, width, state := 0, 0, -1
	for rest := s; rest != ""; {
		var segment string
		segment, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
		w := text.Width(segment)
		if width+text.Width(strings.TrimRight(segment, " ")) > maxColumns-1 {
			break
		}
		width += w
		cut += len(segment)
	}
	if cut > 0 {
		return strings.TrimRight(s[:cut], " ") + "…"
	}
	return cutColumns(s)
}

// escape writes control and other unprintable characters as Go does, and
// invalid UTF-8 byte by byte.
func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r != ' ' && !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+w])
		}
		i += w
	}
	return b.String()
}

// cutColumns cuts s to maxColumns columns, never inside a character, with
// "…" at the cut.
func cutColumns(s string) string { return text.Truncate(s, maxColumns, "…") }

// output is standard output: a failed write says why, in the person's
// words, and ends the command with exit status 1.
type output struct{ w io.Writer }

func (o output) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		err = engine.Fail("err.output", engine.Cause(err))
	}
	return n, err
}
