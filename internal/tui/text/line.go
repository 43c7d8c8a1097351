package text

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"matchgame/internal/engine"
)

// Messages for people (the command line's refusals) are one line of at
// most 200 columns, the prefix included: whatever was typed or piped in, a
// message never moves the cursor, clears the screen or floods the
// terminal.
const (
	Prefix     = "matchgame: "
	MaxColumns = 200 - len(Prefix)
	maxValue   = 160 // runes of one value in a message: the list of games fits
)

// Say is err as one safe line of a message for people (at most
// MaxColumns), in tr's language.
func Say(err error, tr engine.Translator) string {
	var r *engine.Refusal
	var f *engine.Failure
	switch {
	case errors.As(err, &r):
		return fitLine(r.Text, tr)
	case errors.As(err, &f):
		return fitLine(f.Text, tr)
	}
	return SafeLine(err.Error())
}

// fitLine says t on one safe line of at most MaxColumns. When it is too
// long, the values in it (what a person typed or the program listed) are
// shortened first, the longest first, at a word or a comma and marked
// with "…": the sentence's own words, and the bound or value it names,
// stay whole. Only if that is not enough is the line cut, at a word.
func fitLine(t engine.Text, tr engine.Translator) string {
	t = shorten(t)
	for range 8 {
		over := Width(escape(t.Render(tr))) - MaxColumns
		if over <= 0 {
			break
		}
		var ok bool
		if t, ok = shortenLongest(t, over); !ok {
			break
		}
	}
	return SafeLine(t.Render(tr))
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

// SafeLine escapes what the catalogue's %q did not (a value shown with %s,
// a system's error): control and other unprintable characters as Go
// writes them (\n, \x1b, \u202e), invalid UTF-8 byte by byte, and cuts the
// line to MaxColumns. Printable text, Chinese included, stays as it is.
func SafeLine(s string) string {
	s = escape(s)
	if Width(s) <= MaxColumns {
		return s
	}
	// Cut at the last line-break opportunity that fits (a space, between
	// two Chinese characters), else at the last character that fits.
	cut, width, state := 0, 0, -1
	for rest := s; rest != ""; {
		var segment string
		segment, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
		w := Width(segment)
		if width+Width(strings.TrimRight(segment, " ")) > MaxColumns-1 {
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

// cutColumns cuts s to MaxColumns columns, never inside a character, with
// "…" at the cut.
func cutColumns(s string) string { return Truncate(s, MaxColumns, "…") }
