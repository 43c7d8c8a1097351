package text

import (
	"bytes"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
)

// ForTerminal is w, or when w is a terminal a writer that wraps each line
// to its width as the terminal game does (between words, never inside a
// term or a short formula), keeping the line's indentation: a demo
// projected in a class does not break "unti" / "l the end". Pipes and
// files get the lines as they are.
func ForTerminal(w io.Writer) io.Writer {
	if width := Columns(w); width > 0 {
		return &lineWrapper{w: w, width: width}
	}
	return w
}

// Columns is the widest line ForTerminal(w) writes unwrapped: the
// terminal's width less its last column; 0 when w is no terminal.
func Columns(w io.Writer) int {
	f, ok := terminal(w)
	if !ok {
		return 0
	}
	width, _, err := term.GetSize(f.Fd())
	if err != nil || width < 20 {
		return 0
	}
	return width - 1
}

// IsTerminal reports whether f, a file or a writer around one (Unwrap),
// is a terminal.
func IsTerminal(f any) bool {
	_, ok := terminal(f)
	return ok
}

// terminal is the terminal f is or writes to.
func terminal(f any) (*os.File, bool) {
	if u, ok := f.(interface{ Unwrap() io.Writer }); ok { // a writer around the terminal
		f = u.Unwrap()
	}
	file, ok := f.(*os.File)
	return file, ok && term.IsTerminal(file.Fd())
}

// lineWrapper wraps whole lines; the text is written in whole lines.
type lineWrapper struct {
	w     io.Writer
	width int
}

func (lw *lineWrapper) Write(p []byte) (int, error) {
	var b bytes.Buffer
	lines := strings.SplitAfter(string(p), "\n")
	for _, line := range lines {
		body := strings.TrimSuffix(line, "\n")
		indent := body[:len(body)-len(strings.TrimLeft(body, " "))]
		if Width(body) <= lw.width || len(indent) > lw.width/2 {
			b.WriteString(line)
			continue
		}
		for _, l := range Wrap(body[len(indent):], lw.width-len(indent)) {
			b.WriteString(indent + l + "\n")
		}
		if !strings.HasSuffix(line, "\n") { // a last piece without its line break
			b.Truncate(b.Len() - 1)
		}
	}
	if _, err := lw.w.Write(b.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// WholeLines passes on whole lines only, keeping a line's start until its
// end comes.
type WholeLines struct {
	W    io.Writer
	rest []byte
}

func (l *WholeLines) Write(p []byte) (int, error) {
	l.rest = append(l.rest, p...)
	if end := bytes.LastIndexByte(l.rest, '\n'); end >= 0 {
		if _, err := l.W.Write(l.rest[:end+1]); err != nil {
			return 0, err
		}
		l.rest = append(l.rest[:0], l.rest[end+1:]...)
	}
	return len(p), nil
}

// Flush writes what is left of the last line.
func (l *WholeLines) Flush() error {
	if len(l.rest) == 0 {
		return nil
	}
	_, err := l.W.Write(l.rest)
	l.rest = nil
	return err
}
