package serve

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strconv"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

const (
	// readMax keeps every read below Bubble Tea's 256-byte input buffer: a
	// full read makes it keep the bytes and wait for more, without bound.
	readMax = 255
	// pasteMax caps one bracketed paste; Bubble Tea holds a paste in memory
	// until its end marker, so a client could otherwise grow it forever.
	pasteMax = 16 << 10
	// inputRate and inputBurst bound the bytes per second one client makes
	// the server parse (each may become a message and a redraw, some 0.3 to
	// 2 ms of a core in the game). Typing and the mouse moving all the time
	// (about 60 events of 12 bytes a second) use a third of it; more waits,
	// and SSH flow control makes the client wait in turn.
	inputRate  = 2 << 10
	inputBurst = 16 << 10
	// probeTime is how long the terminal has to answer backgroundQuery
	// before its answers are no longer looked for.
	probeTime = 5 * time.Second
)

// backgroundQuery asks the client's terminal for its background colour
// (OSC 11), then for its attributes (DA1), which every terminal answers,
// so the answer to the first has arrived when the second does.
const backgroundQuery = "\x1b]11;?\x07\x1b[c"

var (
	attributesAnswer = regexp.MustCompile(`\x1b\[\?[0-9;]*c`)
	backgroundAnswer = regexp.MustCompile(`\x1b\]11;rgba?:([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})/([0-9a-fA-F]{1,4})(?:/[0-9a-fA-F]{1,4})?(?:\x07|\x1b\\)`)
)

// input is what the client types, on its way to Bubble Tea. It notes when
// the client last sent anything (for the idle timeout), takes the
// terminal's answers to backgroundQuery out of the stream, caps bracketed
// pastes and throttles what one client can make the server parse. Unlike
// waiting for the answers before the program starts, this loses no key
// and delays no frame when a terminal does not answer.
type input struct {
	ctx     context.Context
	r       io.Reader
	limit   *rate.Limiter
	paste   pasteGuard
	last    atomic.Int64 // unix nanoseconds of the client's last bytes
	probing time.Time    // answers to backgroundQuery are looked for until then
	// background is told the terminal's answer; hangup that the client
	// can type no more.
	background func(dark bool)
	hangup     func(error)

	chunks  chan chunk    // what the client sent, read apart so that a wait can end
	wait    time.Duration // escapeWait, or the server's own (Options.EscapeWait)
	carry   []byte        // an escape sequence begun at the end of the last chunk
	err     error         // the client's reading ended so
	buf     []byte
	pending []byte
}

// chunk is one read of the client's bytes.
type chunk struct {
	b   []byte
	err error
}

// escapeWait is how long the start of an escape sequence at the end of a
// read waits for its rest before it goes on as it is (a lone Esc key): a
// client's burst or a fast mouse splits sequences across reads, and half
// a sequence read as Esc ends the session. Past it a lone Esc goes on,
// so no screen may end a session on a lone Esc (issue 29).
const escapeWait = 40 * time.Millisecond

func newInput(ctx context.Context, r io.Reader, probe bool) *input {
	in := &input{ctx: ctx, r: r, limit: rate.NewLimiter(inputRate, inputBurst), chunks: make(chan chunk), wait: escapeWait}
	in.last.Store(time.Now().UnixNano())
	if probe {
		in.probing = time.Now().Add(probeTime)
	}
	go in.readAll()
	return in
}

// readAll reads the client until it stops, one chunk at a time: it waits
// for Read to take each, so SSH's flow control still holds the client back.
func (in *input) readAll() {
	for {
		raw := make([]byte, 4096)
		n, err := in.r.Read(raw)
		select {
		case in.chunks <- chunk{raw[:n], err}:
		case <-in.ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// quiet is how long the client has sent nothing.
func (in *input) quiet() time.Duration {
	return time.Since(time.Unix(0, in.last.Load()))
}

func (in *input) Read(p []byte) (int, error) {
	for len(in.pending) == 0 {
		if in.err != nil {
			if in.hangup != nil {
				in.hangup(in.err)
			}
			return 0, in.err
		}
		in.next()
	}
	n := whole(in.pending, min(len(p), len(in.pending), readMax))
	if err := in.limit.WaitN(in.ctx, n); err != nil {
		return 0, err
	}
	copy(p, in.pending[:n])
	in.pending = in.pending[n:]
	return n, nil
}

// next waits for the client's next chunk and makes it pending, keeping
// back an escape sequence it ends in the middle of; the sequence kept
// back goes on alone if nothing follows within escapeWait.
func (in *input) next() {
	var wait <-chan time.Time
	if len(in.carry) > 0 {
		timer := time.NewTimer(in.wait)
		defer timer.Stop()
		wait = timer.C
	}
	var c chunk
	select {
	case c = <-in.chunks:
	case <-wait:
		in.pending, in.carry = append(in.buf[:0], in.carry...), nil
		return
	case <-in.ctx.Done():
		in.err = in.ctx.Err()
		return
	}
	if len(c.b) > 0 {
		in.last.Store(time.Now().UnixNano())
		b := c.b
		if time.Now().Before(in.probing) {
			b = in.takeAnswers(b)
		}
		in.buf = in.paste.filter(append(in.buf[:0], in.carry...), b)
		in.carry = nil
		if i := unfinished(in.buf); i >= 0 && c.err == nil {
			in.carry = append(in.carry, in.buf[i:]...)
			in.buf = in.buf[:i]
		}
		in.pending = in.buf
	}
	if c.err != nil {
		in.pending = append(in.pending, in.carry...)
		in.carry, in.err = nil, c.err
	}
}

// maxSequence is the longest escape sequence kept back whole: past it
// (an OSC string, a paste's contents) the bytes go on as they come.
const maxSequence = 64

// unfinished is where b ends in the middle of an escape sequence (the
// index of its Esc), or -1.
func unfinished(b []byte) int {
	i := bytes.LastIndexByte(b, 0x1b)
	if i < 0 || len(b)-i > maxSequence || sequenceLen(b[i:]) > 0 {
		return -1
	}
	return i
}

// whole is n, or less so that b[:n] does not end inside an escape
// sequence (unless one alone is longer than n).
func whole(b []byte, n int) int {
	if n == len(b) {
		return n
	}
	if i := bytes.LastIndexByte(b[:n], 0x1b); i > 0 {
		if l := sequenceLen(b[i:]); l < 0 || l > n-i {
			return i
		}
	}
	return n
}

// sequenceLen is the length of the escape sequence b starts with: its Esc
// and, for CSI (Esc [, ending in a byte from @ to ~; the X10 mouse's
// Esc [ M takes three more bytes), SS3 (Esc O and one byte), a string
// (Esc ] P _ ^, ending in BEL or Esc \) or Esc and one byte (Alt and a
// key). -1 when b ends before it does.
func sequenceLen(b []byte) int {
	if len(b) < 2 {
		return -1
	}
	switch b[1] {
	case '[':
		return csiLen(b)
	case 'O':
		if len(b) < 3 {
			return -1
		}
		return 3
	case ']', 'P', '_', '^':
		for j := 2; j < len(b); j++ {
			if b[j] == 0x07 || b[j] == '\\' && b[j-1] == 0x1b {
				return j + 1
			}
		}
		return -1
	}
	return 2
}

// csiLen is sequenceLen for a CSI, b starting with Esc [.
func csiLen(b []byte) int {
	if len(b) >= 3 && b[2] == 'M' { // the X10 mouse: three bytes follow
		if len(b) < 6 {
			return -1
		}
		return 6
	}
	for j := 2; j < len(b); j++ {
		switch {
		case b[j] >= 0x40 && b[j] <= 0x7e:
			return j + 1
		case b[j] < 0x20 || b[j] > 0x3f: // not a parameter or an intermediate: broken, ends here
			return j
		}
	}
	return -1
}

// takeAnswers removes the terminal's answers to backgroundQuery from chunk.
// A terminal writes each answer at once, so it arrives in one piece.
func (in *input) takeAnswers(chunk []byte) []byte {
	if m := backgroundAnswer.FindSubmatch(chunk); m != nil {
		if in.background != nil {
			in.background(isDark(m[1], m[2], m[3]))
		}
		chunk = backgroundAnswer.ReplaceAll(chunk, nil)
	}
	if attributesAnswer.Match(chunk) {
		in.probing = time.Time{}
		chunk = attributesAnswer.ReplaceAll(chunk, nil)
	}
	return chunk
}

// isDark reads the channels of an OSC 11 answer (1 to 4 hex digits each)
// and says whether the colour is dark: its HSL lightness is below a half.
func isDark(channels ...[]byte) bool {
	lo, hi := 1.0, 0.0
	for _, c := range channels {
		v, _ := strconv.ParseUint(string(c), 16, 16)
		f := float64(v) / float64(uint64(1)<<(4*len(c))-1)
		lo, hi = min(lo, f), max(hi, f)
	}
	return (lo+hi)/2 < 0.5
}

const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// pasteGuard passes bracketed pastes of up to pasteMax bytes; a longer one
// is ended early with its end marker and the rest of it is dropped. It
// never holds a byte back, so a lone Esc key arrives at once.
type pasteGuard struct {
	start, end int  // bytes of each marker matched so far
	inPaste    bool // between a start marker and its end
	n          int  // bytes of the current paste passed on
	cut        bool // the current paste went over pasteMax
}

func (g *pasteGuard) filter(dst, src []byte) []byte {
	for _, b := range src {
		g.start = advance(pasteStart, g.start, b)
		g.end = advance(pasteEnd, g.end, b)
		switch {
		case !g.inPaste:
			dst = append(dst, b)
			if g.start == len(pasteStart) {
				g.inPaste, g.n, g.cut = true, 0, false
			}
		case g.end == len(pasteEnd):
			if !g.cut {
				dst = append(dst, b)
			}
			g.inPaste = false
		case g.cut:
		case g.n < pasteMax:
			dst = append(dst, b)
			g.n++
		default:
			dst = append(dst, pasteEnd...)
			g.cut = true
		}
	}
	return dst
}

// advance matches one more byte of marker, which has its Esc only first.
func advance(marker string, matched int, b byte) int {
	switch {
	case matched < len(marker) && b == marker[matched]:
		return matched + 1
	case b == marker[0]:
		return 1
	}
	return 0
}
