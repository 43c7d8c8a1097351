package variants

import (
	"bytes"
	"io"
	"os"
	"strings"

	"matchgame/internal/engine"
)

// Standard input is read a chunk at a time and each chunk is checked as it
// comes, so a NUL byte or a bad number is refused at once however much
// follows (/dev/zero, yes x), and input is refused as soon as it passes
// the limit. A file of known size up to DirectMax is parsed as it comes
// into a position with room for the most numbers it can hold (room never
// touched costs no memory, and it is never moved). A stream, or a larger
// file, keeps its text (2 bytes a number at the least, rather than 8) and
// parses it at the end into a position of the right size. Memory is at
// most the text, the position (8 bytes a number: at most 4 times the
// input) and a chunk.
const (
	DefaultMaxInput = 1 << 30 // --max-input's default: 1 GiB
	chunkSize       = 4 << 20
	parallelFrom    = 1 << 20  // a piece this long is parsed in two halves at once
	DirectMax       = 16 << 20 // room for 8 Mi numbers: 64 MiB of address space
)

// ReadPosition reads whitespace-separated numbers, at most limit bytes of
// them, fast enough for Luogu P1247's 500,000 heaps: no allocation per
// number, and large pieces parsed on two cores.
func ReadPosition(r io.Reader, what string, limit int64) (engine.Position, error) {
	size, regular := RegularSize(r)
	if regular && size > limit {
		return nil, engine.Refuse("err.input.size", limit)
	}
	direct := regular && size <= DirectMax
	var p, scratch engine.Position
	var kept []piece
	if direct {
		p = make(engine.Position, 0, size/2+1)
	}
	err := eachPiece(r, limit, what, func(data []byte) (err error) {
		if direct {
			p, scratch, err = parsePiece(p, scratch, data, what)
			return err
		}
		if scratch, err = parseNumbers(scratch[:0], data, what); len(scratch) > 0 {
			kept = append(kept, piece{bytes.Clone(data), len(scratch)})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if !direct {
		p = parseKept(kept, what)
	}
	if len(p) == 0 {
		return nil, engine.Refuse("err.position.none")
	}
	return p, nil
}

// RegularSize is the size of r when it is a regular file.
func RegularSize(r io.Reader) (int64, bool) {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size(), true
		}
	}
	return 0, false
}

// eachPiece reads r to its end, no more than one byte past limit, and
// hands do the numbers read whole after each read. The start of a number
// cut by the read is judged at once and carried to the next.
func eachPiece(r io.Reader, limit int64, what string, do func([]byte) error) error {
	buf := make([]byte, min(chunkSize, limit+1))
	var read int64
	carried := 0
	for {
		n, err := r.Read(buf[carried : carried+int(min(int64(len(buf)-carried), limit-read+1))])
		read += int64(n)
		if read > limit {
			return engine.Refuse("err.input.size", limit)
		}
		eof := err == io.EOF
		if err != nil && !eof {
			return engine.Fail("err.input.read", engine.Cause(err))
		}
		data := buf[:carried+n]
		end := len(data)
		if !eof {
			end = lastSpace(data) + 1
		}
		if err := do(data[:end]); err != nil {
			return err
		}
		cut := data[end:]
		if err := checkCut(cut, what, len(cut) == len(buf)); err != nil {
			return err
		}
		carried = copy(buf, cut)
		if eof {
			return nil
		}
	}
}

// piece is text read and checked, and how many numbers it holds.
type piece struct {
	text    []byte
	numbers int
}

// parseKept parses the pieces kept into one position, each piece into
// its own place, the first half of them and the second half at once.
func parseKept(kept []piece, what string) engine.Position {
	at := make([]int, len(kept)+1) // where each piece's numbers go
	for i, k := range kept {
		at[i+1] = at[i] + k.numbers
	}
	p := make(engine.Position, at[len(kept)])
	parse := func(from, to int) {
		for i := from; i < to; i++ {
			parseNumbers(p[at[i]:at[i]:at[i+1]], kept[i].text, what) // checked already: no error
		}
	}
	half := len(kept) / 2
	engine.Both(func() { parse(0, half) }, func() { parse(half, len(kept)) })
	return p
}

// lastSpace is the index of data's last white space, -1 if none.
func lastSpace(data []byte) int {
	i := len(data) - 1
	for i >= 0 && !isSpace[data[i]] {
		i--
	}
	return i
}

// parsePiece appends the numbers of data to p: a large piece in two
// halves at once, the second half into scratch (kept for the next piece).
func parsePiece(p, scratch engine.Position, data []byte, what string) (engine.Position, engine.Position, error) {
	if len(data) < parallelFrom {
		p, err := parseNumbers(p, data, what)
		return p, scratch, err
	}
	half := len(data) / 2
	for half < len(data) && !isSpace[data[half]] { // cut between two numbers
		half++
	}
	if cap(scratch) < len(data)/2+1 {
		scratch = make(engine.Position, 0, len(data)/2+1)
	}
	var err, errSecond error
	engine.Both(func() { p, err = parseNumbers(p, data[:half], what) },
		func() { scratch, errSecond = parseNumbers(scratch[:0], data[half:], what) })
	if err == nil {
		err = errSecond
	}
	return append(p, scratch...), scratch, err
}

// checkCut judges at once the start of a number still being read: a byte
// that is no digit refuses it (only a sign may lead), and so does a
// number that fills the whole buffer.
func checkCut(cut []byte, what string, full bool) error {
	for i, c := range cut {
		if c-'0' > 9 && !(i == 0 && (c == '-' || c == '+')) {
			_, err := parseToken(cut, what)
			return err
		}
	}
	if full {
		if _, err := parseToken(cut, what); err != nil {
			return err
		}
		return engine.Refuse("err.number.long", engine.T(what), string(cut[:min(40, len(cut))])+"…", len(cut))
	}
	return nil
}

// isSpace marks the bytes that separate numbers: white space only.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// parseNumbers appends the numbers of data to p.
func parseNumbers(p engine.Position, data []byte, what string) (engine.Position, error) {
	for i := 0; i < len(data); {
		if isSpace[data[i]] {
			i++
			continue
		}
		start := i
		var v int64
		digits := true
		for ; i < len(data) && !isSpace[data[i]]; i++ {
			d := data[i] - '0'
			digits = digits && d <= 9
			v = v*10 + int64(d)
		}
		if !digits || i-start > 18 { // let the parser judge, and name what is wrong
			var err error
			if v, err = parseToken(data[start:i], what); err != nil {
				return nil, err
			}
		}
		p = append(p, v)
	}
	return p, nil
}

// parseToken reads one number as the command line does; a NUL byte says
// the input is no text at all.
func parseToken(token []byte, what string) (int64, error) {
	if bytes.IndexByte(token, 0) >= 0 {
		return 0, engine.Refuse("err.input.binary", engine.Elide(string(token[:min(len(token), 48)]), 12))
	}
	return ParseNumber(string(token), what)
}

// ParseSize reads --max-input: bytes, or with K, M or G (KiB, MiB, GiB).
func ParseSize(s string) (int64, error) {
	digits, shift := s, 0
	if i := strings.LastIndexAny(s, "KMG"); i >= 0 && i == len(s)-1 {
		digits, shift = s[:i], 10*(1+strings.IndexByte("KMG", s[i]))
	}
	n, err := ParseNumber(digits, "what.maxinput")
	if err != nil || n < 1 || n > 1<<(62-shift) {
		return 0, engine.Refuse("err.maxinput", s, int64(1)<<62) // the largest: 4 EiB, 2^62 bytes
	}
	return n << shift, nil
}
