package variants

import (
	"iter"
	"strings"

	"matchgame/internal/engine"
)

// Take-and-break games: a move removes tokens from one heap and may split
// what is left into two heaps. This file has the rules and their moves;
// takebreak_table.go the Grundy values and their period, takebreak_solve.go
// the outcome and winning moves in both conventions, takebreak_derive.go
// the numbers an explanation shows, takebreak_game.go the engine.Game
// around them with its explanation.

// breakKind is the family of a take-and-break rule.
type breakKind uint8

const (
	octalRule  breakKind = iota // an octal code d0.d1d2…dk
	laskerRule                  // Lasker's Nim
	grundyRule                  // Grundy's game
)

// maxOctalDigits is the longest octal code taken (k ≤ 32).
const maxOctalDigits = 32

// takeBreak is one take-and-break rule. Make one with parseOctal or
// namedTakeBreak; its Grundy values are shared with every rule of the same
// code through the tables cache.
type takeBreak struct {
	name string // the CLI name: "kayles", "octal", "lasker", "grundy"
	code string // "0.77", "4.07": the octal code with trailing zeros dropped; "" for Lasker and Grundy
	kind breakKind
	// digits[t] is d_t, the moves that take t: d0 (0 or 4: a split with
	// nothing taken) first; the last one is not 0.
	digits []uint8
	table  *breakTable
}

// namedCodes are the octal games with names of their own.
var namedCodes = map[string]string{
	"kayles":        "0.77", // knock down one pin or two adjacent pins of a row
	"dawson-kayles": "0.07", // knock down exactly two adjacent pins
	"dawson-chess":  "0.137",
}

// namedTakeBreak builds a take-and-break game by its CLI name: kayles,
// dawson-kayles, dawson-chess, lasker or grundy. ok is false for any other
// name ("octal" needs its code: parseOctal).
func namedTakeBreak(name string) (r *takeBreak, ok bool) {
	if code, ok := namedCodes[name]; ok {
		r, err := parseOctal(code)
		if err != nil {
			panic("variants: named code " + code + ": " + err.Error())
		}
		r.name = name
		return r, true
	}
	switch name {
	case "lasker":
		return &takeBreak{name: name, kind: laskerRule, table: breakTableFor("lasker", laskerRule, nil)}, true
	case "grundy":
		return &takeBreak{name: name, kind: grundyRule, table: breakTableFor("grundy", grundyRule, nil)}, true
	}
	return nil, false
}

// parseOctal reads an octal code, "0.77": a digit d0, ".", and then 1 to
// 32 digits 0–7, of which at least one is not 0. d0 is 0 or 4 (4: a heap
// may split in two with nothing taken; taking nothing and leaving the heap
// whole, or nothing, would be no move). Trailing zeros allow nothing and
// are dropped, so "0.770" is Kayles too and k counts up to the last
// non-zero digit, as the Guy–Smith theorem wants.
func parseOctal(code string) (*takeBreak, error) {
	shown := code
	if r := []rune(shown); len(r) > 40 { // a one-line error, whatever was pasted
		shown = string(r[:40]) + "…"
	}
	s := strings.TrimSpace(code)
	if len(s) < 2 || s[1] != '.' || s[0] < '0' || s[0] > '7' {
		return nil, engine.Refuse("err.octal.form", shown)
	}
	d0, rest := s[0]-'0', s[2:]
	if d0 != 0 && d0 != 4 {
		return nil, engine.Refuse("err.octal.d0", shown, int(d0))
	}
	if rest == "" {
		return nil, engine.Refuse("err.octal.empty", shown)
	}
	digits := make([]uint8, 1, len(rest)+1)
	digits[0] = d0
	for i, c := range rest {
		if c < '0' || c > '7' {
			return nil, engine.Refuse("err.octal.digit", shown, len([]rune(rest[:i]))+1, string(c))
		}
		digits = append(digits, uint8(c-'0'))
	}
	for len(digits) > 1 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	switch {
	case len(digits) == 1 && d0 == 0:
		return nil, engine.Refuse("err.octal.nomove", shown)
	case len(digits)-1 > maxOctalDigits:
		return nil, engine.Refuse("err.octal.long", shown, len(digits)-1, maxOctalDigits)
	}
	var b strings.Builder
	b.WriteByte('0' + d0)
	b.WriteByte('.')
	for _, d := range digits[1:] {
		b.WriteByte('0' + d)
	}
	if len(digits) == 1 {
		b.WriteByte('0') // "4.0": splits alone
	}
	canon := b.String()
	return &takeBreak{name: "octal", code: canon, kind: octalRule, digits: digits, table: breakTableFor(canon, octalRule, digits)}, nil
}

// maxTake is the most a move takes: k, the code's last digit's index.
func (r *takeBreak) maxTake() int64 { return int64(len(r.digits)) - 1 }

// String names the rule by its command-line name and code, as a
// developer reads it in a failure: "kayles (0.77)", "0.6", "lasker".
// Messages name it with title.
func (r *takeBreak) String() string {
	switch {
	case r.kind != octalRule:
		return r.name
	case r.name == "octal":
		return r.code
	}
	return r.name + " (" + r.code + ")"
}

// title names the rule in the reader's language, as a message says it:
// "Kayles", "Octal game (code 0.6)".
func (r *takeBreak) title() engine.Text {
	if r.name == "octal" {
		return engine.T("game.param", engine.T("param.code", r.code), engine.T("game.octal"))
	}
	return engine.T("game." + r.name)
}

// breakMove is one move of a take-and-break game, an engine.Move: heap
// Place (1-based) loses Amount tokens (0 for a split without removal) and
// what remains, h − Amount, is left as the heaps a = Pieces[0] and
// h − Amount − a, a ≤ the other; a = 0 leaves one heap (possibly empty).
type breakMove = engine.Move

// breakOption is what one move leaves of a single heap: Take tokens gone,
// then the heaps Left and Right (Left ≤ Right; Left = 0: one heap, Right,
// which may be 0).
type breakOption struct {
	Take, Left, Right int64
}

// parts is how many non-empty heaps the option leaves.
func (o breakOption) parts() int {
	switch {
	case o.Left > 0:
		return 2
	case o.Right > 0:
		return 1
	}
	return 0
}

// heapOptions yields the options of a heap of h in natural order: Take
// ascending, then Left ascending. Lasker's Nim has about 1.5h of them, so
// this is for heaps small enough to list.
func (r *takeBreak) heapOptions(h int64) iter.Seq[breakOption] {
	return func(yield func(breakOption) bool) {
		switch r.kind {
		case laskerRule:
			for a := int64(1); a <= h/2; a++ {
				if !yield(breakOption{0, a, h - a}) {
					return
				}
			}
			for t := int64(1); t <= h; t++ {
				if !yield(breakOption{t, 0, h - t}) {
					return
				}
			}
		case grundyRule:
			for a := int64(1); a <= (h-1)/2; a++ {
				if !yield(breakOption{0, a, h - a}) {
					return
				}
			}
		default:
			for t := int64(0); t <= min(h, r.maxTake()); t++ {
				d := r.digits[t]
				if (t == h && d&1 != 0) || (t < h && d&2 != 0) {
					if !yield(breakOption{t, 0, h - t}) {
						return
					}
				}
				if d&4 == 0 {
					continue
				}
				for a := int64(1); a <= (h-t)/2; a++ {
					if !yield(breakOption{t, a, h - t - a}) {
						return
					}
				}
			}
		}
	}
}

// canMove reports whether a heap of h has a move. O(k).
func (r *takeBreak) canMove(h int64) bool {
	switch r.kind {
	case laskerRule:
		return h >= 1
	case grundyRule:
		return h >= 3
	}
	for t := int64(0); t <= min(h, r.maxTake()); t++ {
		d := r.digits[t]
		if (t == h && d&1 != 0) || (t < h && d&2 != 0) || (t <= h-2 && d&4 != 0) {
			return true
		}
	}
	return false
}

// optionCount is how many options a heap of h has.
func (r *takeBreak) optionCount(h int64) int64 {
	switch r.kind {
	case laskerRule:
		return h/2 + h
	case grundyRule:
		return max(0, (h-1)/2)
	}
	var n int64
	for t := int64(0); t <= min(h, r.maxTake()); t++ {
		d := r.digits[t]
		if (t == h && d&1 != 0) || (t < h && d&2 != 0) {
			n++
		}
		if d&4 != 0 {
			n += (h - t) / 2
		}
	}
	return n
}

// moves yields every legal move of p in natural order: heap ascending, then
// take, then the smaller part left. For positions small enough to list.
func (r *takeBreak) moves(p []int64) iter.Seq[breakMove] {
	return func(yield func(breakMove) bool) {
		for i, h := range p {
			for o := range r.heapOptions(h) {
				if !yield(engine.Change{Place: i + 1, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move()) {
					return
				}
			}
		}
	}
}

// checkHeaps refuses an empty position or a negative heap, in the words
// every heap game uses.
func (r *takeBreak) checkHeaps(p []int64) error { return checkCounts("what.heap", p, 1) }

// option checks move m against heap h and says what it leaves, or why it
// is not a move of this rule.
func (r *takeBreak) option(h int64, m breakMove) (breakOption, error) {
	t, a := m.First().Amount, m.First().Pieces[0]
	if t < 0 || a < 0 {
		return breakOption{}, engine.Refuse("err.break.negative", t, a)
	}
	if t > h {
		return breakOption{}, engine.Refuse("err.break.short", m.First().Place, h, t)
	}
	if a > (h-t)/2 {
		return breakOption{}, engine.Refuse("err.break.part", m.First().Place, h, t, h-t, a, (h-t)/2)
	}
	o := breakOption{t, a, h - t - a}
	legal := false
	switch r.kind {
	case laskerRule:
		legal = (t == 0) == (a > 0) // split without removal, or take leaving one heap
	case grundyRule:
		legal = t == 0 && a > 0 && a < o.Right
	default:
		if t <= r.maxTake() {
			d := r.digits[t]
			switch {
			case a > 0:
				legal = d&4 != 0
			case t == h:
				legal = d&1 != 0
			default:
				legal = d&2 != 0
			}
		}
	}
	if !legal {
		left := engine.T("break.left.none")
		switch o.parts() {
		case 1:
			left = engine.T("break.left.one", o.Right)
		case 2:
			left = engine.T("break.left.two", o.Left, o.Right)
		}
		return breakOption{}, engine.Refuse("err.break.rule", m.First().Place, h, t, left)
	}
	return o, nil
}

// apply makes move m on p: heap m's place becomes Right, or Left and Right in
// that order; the other heaps keep their order. p is not changed.
func (r *takeBreak) apply(p []int64, m breakMove) ([]int64, error) {
	if m.First().Place < 1 || m.First().Place > len(p) {
		return nil, engine.Refuse("err.heap.none", m.First().Place, len(p))
	}
	o, err := r.option(p[m.First().Place-1], m)
	if err != nil {
		return nil, err
	}
	q := make([]int64, 0, len(p)+1)
	q = append(q, p[:m.First().Place-1]...)
	if o.Left > 0 {
		q = append(q, o.Left)
	}
	q = append(q, o.Right)
	return append(q, p[m.First().Place:]...), nil
}
