package text

import (
	"bytes"
	"strings"
	"testing"
)

// On a terminal a long line of the demo wraps between words and keeps its
// indentation; nothing is lost.
func TestLineWrapper(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	lw := &lineWrapper{w: &b, width: 40}
	in := "1. Player 1 to move at 3 6 9\n     The nim-sum is 12, not 0: the player to move can make it 0, and keep it 0 after every reply until the end.\nshort\n"
	if n, err := lw.Write([]byte(in)); err != nil || n != len(in) {
		t.Fatalf("Write: %d, %v", n, err)
	}
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if len(l) > 40 {
			t.Errorf("a line of %d: %q", len(l), l)
		}
	}
	if !strings.Contains(b.String(), "\n     ") || strings.Count(b.String(), "\n") < 5 || strings.Join(strings.Fields(b.String()), " ") != strings.Join(strings.Fields(in), " ") {
		t.Errorf("wrapped:\n%s", b.String())
	}
}

// A cut falls between words (or Chinese characters), never inside one.
func TestElideWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"no period can be found", 15, "no period can…"},
		{"300000000, 300000001, 300000002", 24, "300000000, 300000001, …"},
		{"因此找不到周期", 4, "因此找不…"},
		{"short", 10, "short"},
		{strings.Repeat("x", 30), 10, strings.Repeat("x", 10) + "…"},
	} {
		if got := elideWords(c.s, c.n); got != c.want {
			t.Errorf("elideWords(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
	if got := SafeLine(strings.Repeat("a long sentence ", 20)); !strings.HasSuffix(got, "sentence…") && !strings.HasSuffix(got, "long…") && !strings.HasSuffix(got, "a…") {
		t.Errorf("cut inside a word: %q", got)
	}
}

// recorder keeps each write apart.
type recorder struct{ writes []string }

func (r *recorder) Write(p []byte) (int, error) {
	r.writes = append(r.writes, string(p))
	return len(p), nil
}

// The terminal's wrapper gets whole lines however the buffer cuts them.
func TestWholeLines(t *testing.T) {
	t.Parallel()
	var r recorder
	l := &WholeLines{W: &r}
	for _, s := range []string{"ab", "c\nd", "e\n", "f"} {
		l.Write([]byte(s))
	}
	if err := l.Flush(); err != nil || strings.Join(r.writes, "|") != "abc\n|de\n|f" {
		t.Errorf("%q", r.writes)
	}
}
