package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"

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

// failure is a failure that is not refused input (exit status 1), said
// in the person's language.
type failure struct{ engine.Text }

func (f *failure) Error() string { return f.Key + fmt.Sprint(f.Args) }

// fail is a failure with the message key and values.
func fail(key string, args ...any) error { return &failure{engine.T(key, args...)} }

// say is err as one safe line in cat's language.
func say(err error, cat *assets.Catalog) string {
	var r *engine.Refusal
	var f *failure
	switch {
	case errors.As(err, &r):
		return safeLine(shorten(r.Text).Render(cat))
	case errors.As(err, &f):
		return safeLine(shorten(f.Text).Render(cat))
	}
	return safeLine(err.Error())
}

// shorten elides every value of t that is text: a value typed by a person
// can be any length.
func shorten(t engine.Text) engine.Text {
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		switch v := a.(type) {
		case string:
			a = elide(v, maxValue)
		case engine.Text:
			a = shorten(v)
		}
		args[i] = a
	}
	return engine.Text{Key: t.Key, Args: args}
}

// elide cuts s to n runes, never inside one, and marks the cut with "…".
func elide(s string, n int) string {
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

// safeLine escapes what the catalogue's %q did not (a value shown with %s,
// a system's error): control and other unprintable characters as Go
// writes them (\n, \x1b, \u202e), invalid UTF-8 byte by byte, and cuts the
// line to maxColumns. Printable text, Chinese included, stays as it is.
func safeLine(s string) string {
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
	s = b.String()
	return text.Truncate(s, maxColumns, "…")
}

// output is standard output: a failed write says why, in the person's
// words, and ends the command with exit status 1.
type output struct{ w io.Writer }

func (o output) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		err = fail("err.output", reason(err))
	}
	return n, err
}

// reason is a system error without the path or call it repeats: "no space
// left on device".
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
