package tui

import (
	"bytes"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
)

// The local game's keyboard. Bubble Tea holds a bracketed paste until its
// end marker and is deaf to every key meanwhile, ctrl+c and q included: a
// stray ESC[200~ (a confused terminal, a key sequence typed by hand) made
// the game deaf until ESC[201~ came (issue 18, rough edge 12). So the game
// reads the terminal through a pipe that one goroutine fills, and that
// goroutine ends an unfinished paste after pasteWait of silence, and at
// once at a ctrl+c. Bubble Tea puts only a terminal it reads itself in raw
// mode, so the game does that for the pipe's sake (and gives the mode
// back on suspend and at the end).

const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
	// pasteWait is how long a paste may pause before it is taken as ended:
	// a terminal sends a paste at once, in reads a few milliseconds apart.
	pasteWait = 300 * time.Millisecond
)

// keyboard is standard input in raw mode, read through a pipe.
type keyboard struct {
	fd     uintptr
	cooked *term.State // the mode to give back
	pipe   *os.File    // what Bubble Tea reads
}

// openKeyboard puts standard input, a terminal, in raw mode and starts
// copying it to the pipe Bubble Tea reads.
func openKeyboard() (*keyboard, error) {
	k := &keyboard{fd: os.Stdin.Fd()}
	var err error
	if k.cooked, err = term.MakeRaw(k.fd); err != nil {
		return nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		_ = term.Restore(k.fd, k.cooked)
		return nil, err
	}
	k.pipe = r
	go endPastes(os.Stdin, w, pasteWait)
	return k, nil
}

// release gives the terminal its mode back (the end, a suspension).
func (k *keyboard) release() {
	if k != nil { // nil where Bubble Tea reads the terminal itself (the dashboard)
		_ = term.Restore(k.fd, k.cooked)
	}
}

// take puts the terminal in raw mode again after a suspension.
func (k *keyboard) take() {
	if k != nil {
		_, _ = term.MakeRaw(k.fd)
	}
}

// endPastes copies in to out until in ends, ending a bracketed paste that
// pauses longer than wait, or that a ctrl+c interrupts.
func endPastes(in io.Reader, out io.WriteCloser, wait time.Duration) {
	defer out.Close()
	chunks := make(chan []byte)
	go func() {
		defer close(chunks)
		buf := make([]byte, 4096)
		for {
			n, err := in.Read(buf)
			if n > 0 {
				chunks <- bytes.Clone(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	var p pasting
	timer := time.NewTimer(wait)
	timer.Stop()
	for {
		select {
		case b, ok := <-chunks:
			if !ok {
				return
			}
			if _, err := out.Write(p.pass(b)); err != nil {
				return
			}
			timer.Stop()
			if p.in {
				timer.Reset(wait)
			}
		case <-timer.C:
			if p.in {
				p = pasting{}
				if _, err := out.Write([]byte(pasteEnd)); err != nil {
					return
				}
			}
		}
	}
}

// pasting follows the paste markers across reads.
type pasting struct {
	in       bool // between a start marker and its end
	startLen int  // bytes of pasteStart matched at the end of the last read
	endLen   int  // bytes of pasteEnd matched so far
}

// pass is b as it goes on: the same bytes, with pasteEnd put before a
// ctrl+c typed inside a paste.
func (p *pasting) pass(b []byte) []byte {
	var out []byte
	for _, c := range b {
		if p.in && c == 0x03 { // ctrl+c ends the paste, then is itself
			out = append(out, pasteEnd...)
			*p = pasting{}
		}
		out = append(out, c)
		p.startLen = matchNext(pasteStart, p.startLen, c)
		p.endLen = matchNext(pasteEnd, p.endLen, c)
		switch {
		case !p.in && p.startLen == len(pasteStart):
			p.in, p.startLen, p.endLen = true, 0, 0
		case p.in && p.endLen == len(pasteEnd):
			p.in, p.startLen, p.endLen = false, 0, 0
		}
		p.startLen %= len(pasteStart) // a marker where it means nothing: matched anew
		p.endLen %= len(pasteEnd)
	}
	return out
}

// matchNext is how much of marker is matched after c, matched bytes of it
// having been before (the markers start with their only Esc).
func matchNext(marker string, matched int, c byte) int {
	switch {
	case c == marker[matched]:
		return matched + 1
	case c == marker[0]:
		return 1
	}
	return 0
}
