package main

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
