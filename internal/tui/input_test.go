package tui

import (
	"bytes"
	"io"
	"testing"
	"time"
)

// Issue 18, rough edge 12: a bracketed paste whose end never comes is
// ended after a pause, and at once by a ctrl+c inside it; everything else
// passes unchanged, markers split across reads included.
func TestEndPastes(t *testing.T) {
	t.Parallel()
	in, feed := io.Pipe()
	out, got := io.Pipe()
	go endPastes(in, got, 20*time.Millisecond)
	read := func(want string) {
		t.Helper()
		buf := make([]byte, len(want))
		if _, err := io.ReadFull(out, buf); err != nil || string(buf) != want {
			t.Fatalf("read %q (%v), want %q", buf, err, want)
		}
	}
	feed.Write([]byte("ab\x1b[20"))
	read("ab\x1b[20")
	feed.Write([]byte("0~pasted"))
	read("0~pasted")
	read(pasteEnd) // nothing more came: the paste is ended
	feed.Write([]byte("q"))
	read("q")
	feed.Write([]byte(pasteStart + "x\x03y"))
	read(pasteStart + "x" + pasteEnd + "\x03y") // ctrl+c ends it at once
	feed.Write([]byte(pasteStart + "whole" + pasteEnd + "\x1b[201~\x1b[A"))
	read(pasteStart + "whole" + pasteEnd + "\x1b[201~\x1b[A") // a finished paste, a stray end, an arrow: untouched
	feed.Close()
	if rest, _ := io.ReadAll(out); len(rest) != 0 {
		t.Errorf("after the end: %q", rest)
	}
}

// pasting alone: every split of a paste's markers across two reads is
// followed, and a complete paste is never given a second end.
func TestPastingAcrossReads(t *testing.T) {
	t.Parallel()
	whole := "k" + pasteStart + "abc" + pasteEnd + "j"
	for cut := range len(whole) + 1 {
		var p pasting
		got := append(p.pass([]byte(whole[:cut])), p.pass([]byte(whole[cut:]))...)
		if !bytes.Equal(got, []byte(whole)) || p.in {
			t.Errorf("cut at %d: %q, in a paste %v", cut, got, p.in)
		}
	}
}
