package engine

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Convention says who wins: the player who makes the last move (normal
// play) or the other one (misère play).
type Convention int

const (
	Normal Convention = iota
	Misere
)

// String returns "normal" or "misere", the words of the JSON output.
func (c Convention) String() string {
	if c == Misere {
		return "misere"
	}
	return "normal"
}

// Outcome is the class of a position for the player to move.
type Outcome int

const (
	// N: the player to move wins with perfect play.
	N Outcome = iota
	// P: the player to move loses against perfect play.
	P
	// D: neither player can force a win: with perfect play the play goes
	// on for ever (a game on a graph with a cycle). A game whose play
	// always ends has no D.
	D
)

// String returns "N", "P" or "D".
func (o Outcome) String() string { return [...]string{N: "N", P: "P", D: "D"}[o] }

// Position is a game position as the numbers written on the command line:
// heap sizes, coins per stair (stair 0 first), or chessmen's cells (sorted).
// Positions are values: Apply returns a new one and never changes its input.
type Position []int64

// String writes the numbers separated by spaces, as on the command line.
func (p Position) String() string {
	var b strings.Builder
	for i, v := range p {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	return b.String()
}

// AppendKey appends a compact binary form of p to b, for memo tables:
// cheaper to build and to hash than String, and never shown to anyone.
func (p Position) AppendKey(b []byte) []byte {
	for _, v := range p {
		b = binary.AppendVarint(b, v)
	}
	return b
}

// Brief writes the position for a sentence: in full up to 24 numbers,
// else the first 8, an ellipsis and how many numbers there are.
//
// Its numbers are grouped as the sentence's other numbers are ("take
// 1,000 from heap 2, leaving 1,000 618"): a sentence does not mix the
// command line's spelling with the reader's (issue 18, rough edge 7).
func (p Position) Brief() string {
	n := len(p)
	if n > 24 {
		n = 8
	}
	var b strings.Builder
	for i, v := range p[:n] {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d", Number(v))
	}
	if n < len(p) {
		b.WriteString(" … (" + strconv.Itoa(len(p)) + ")")
	}
	return b.String()
}

// Clone returns a copy that can be changed without touching p.
func (p Position) Clone() Position { return append(Position(nil), p...) }

// Change is what a move does at one place of the board: the place (a
// heap, stair, chessman, heads coin, edge, token, row: 1-based, as
// Geometry numbers them), the amount taken or moved there (or where it
// goes: the cell, the vertex, the coin), and the pieces, what the move
// chooses beyond the amount: the smaller heaps a split leaves (a ≤ the
// rest, or a ≤ b ≤ the rest for three), the other coins a coin move
// turns, a corner's second coordinate; 0 where it chooses nothing more.
// The board kind says which (geometry.go).
type Change struct {
	Place  int      `json:"place"`
	Amount int64    `json:"amount"`
	Pieces [2]int64 `json:"pieces"`
}

// MaxChanges is the most places one move changes (Moore's Nim_k with
// k ≤ 6 takes from up to six heaps).
const MaxChanges = 6

// Move is one move: the places it changes, ascending, each with how, the
// same for every game; a one-place move has one change. In a sum of games
// Part is the component the move is made in. Moves are values that ==
// compares; the zero Move is no move. Every game's natural move order is
// Compare's: the changes in order, each by place, amount, then pieces.
type Move struct {
	// Part is the component of a sum of games the move is made in,
	// 0-based; always 0 in a single game.
	Part    int
	Changes [MaxChanges]Change // the first Len are the move's, the rest zero
}

// At is the move that takes amount at place, choosing nothing more.
func At(place int, amount int64) Move { return Change{Place: place, Amount: amount}.Move() }

// Move is the move of c alone.
func (c Change) Move() Move {
	var m Move
	m.Changes[0] = c
	return m
}

// MoveOf is the move of changes, at most MaxChanges of them, places
// ascending (a game says how many its moves may have).
func MoveOf(changes ...Change) Move {
	var m Move
	copy(m.Changes[:], changes)
	return m
}

// In is m made in component part of a sum.
func (m Move) In(part int) Move {
	m.Part = part
	return m
}

// First is m's first change: the whole of a move at one place.
func (m Move) First() Change { return m.Changes[0] }

// Len is how many places m changes.
func (m Move) Len() int {
	n := 0
	for n < MaxChanges && m.Changes[n].Place != 0 {
		n++
	}
	return n
}

// Whole reports whether m is a move as a game makes one: at least one
// change, and none after the first empty one.
func (m Move) Whole() bool {
	n := m.Len()
	return n > 0 && m.Changes == MoveOf(m.Changes[:n]...).Changes
}

// List is m's changes.
func (m Move) List() []Change { return slices.Clone(m.Changes[:m.Len()]) }

// Compare orders moves naturally: by part, then change by change (place,
// amount, pieces), a move that is a prefix of another first.
func Compare(a, b Move) int {
	if c := cmp.Compare(a.Part, b.Part); c != 0 {
		return c
	}
	for i := range a.Changes {
		x, y := a.Changes[i], b.Changes[i]
		if c := cmp.Or(cmp.Compare(x.Place, y.Place), cmp.Compare(x.Amount, y.Amount),
			cmp.Compare(x.Pieces[0], y.Pieces[0]), cmp.Compare(x.Pieces[1], y.Pieces[1])); c != 0 {
			return c
		}
	}
	return 0
}

// Field is one named number of a move or a parameter, as it appears in
// JSON; or, with List set, a list of objects ("takes": [{"heap": 1,
// "take": 2}, …]).
type Field struct {
	Name  string
	Value int64
	List  [][]Field
}

// Param is a game parameter as it appears in JSON ("max": 3, "set": "1,3,4"),
// and as a person reads it ("at most 3 a move", "the set {1, 3, 4}").
type Param struct {
	Name  string
	Value any // int64 or string
	Shown Text
}

// String writes the value as its flag takes it: 3, or 1,3,4.
func (p Param) String() string { return fmt.Sprint(p.Value) }

// Spelled is the game as the command line names it, with its parameters:
// "nim", "bash --max 3", "subtraction --set 1,3,4".
func Spelled(g Game) string {
	s := g.Name()
	for _, p := range g.Params() {
		s += " --" + p.Name + " " + p.String()
	}
	return s
}

// Title is the game in words, with its parameters: "Bash (at most 3 a
// move)", "减法游戏（{1, 3, 4}）".
func Title(g Game) Text {
	t := T("game." + g.Name())
	for _, p := range g.Params() {
		t = T("game.param", p.Shown, t)
	}
	return t
}

// Game is one take-away game with its parameters fixed (Bash's --max, a
// subtraction set). Implementations live in internal/variants. Besides the
// rules it describes its board (Geometry), so that front ends draw and
// select moves without knowing which game they play.
type Game interface {
	Geometry
	// Name is the game's command-line name, such as "nim" or "georgia-bob".
	Name() string
	// Params are the game's parameters, in JSON order.
	Params() []Param
	// Normalize checks a position and returns it in canonical form
	// (Georgia and Bob's cells sorted). Its error names the bad value.
	Normalize(p Position) (Position, error)
	// Apply makes a move, or says clearly why it is illegal.
	Apply(p Position, m Move) (Position, error)
	// Moves yields the legal moves in natural order; with each > 0, only
	// the first each moves at every place (the smallest amounts).
	Moves(p Position, each int) iter.Seq[Move]
	// RandomMove picks a legal move; false when there is none.
	RandomMove(p Position, r *rand.Rand) (Move, bool)
	// Solve gives the outcome by the game's closed form, its winning moves
	// in natural order, and the explanation with the numbers behind it.
	Solve(p Position, c Convention) (Solution, error)
	// MoveFields are the move's JSON fields in order ({"heap": 3, "take": 4}).
	MoveFields(p Position, m Move) []Field
	// DescribeMove says the move in words: "take 4 from heap 3".
	DescribeMove(m Move) Text
}

// MoveTeller is a game whose moves name a place by its number among
// the places (the third heads coin, the second token): said with the
// position it is made from, a move names the coin or the vertex itself
// ("turn coins 9, 5 and 3", not "heads coin no. 3").
type MoveTeller interface {
	DescribeMoveAt(p Position, m Move) Text
}

// Describe says move m, made from p, in words: with the position where
// the game can (MoveTeller), else as DescribeMove says it.
func Describe(g Game, p Position, m Move) Text {
	if t, ok := g.(MoveTeller); ok {
		return t.DescribeMoveAt(p, m)
	}
	return g.DescribeMove(m)
}

// Solution is what a game's closed form says about one position.
type Solution struct {
	Outcome Outcome
	// Winning yields every winning move in natural order; the first is the
	// canonical move. It yields nothing from a P-position.
	Winning iter.Seq[Move]
	// Count, when set, counts the winning moves without yielding them all:
	// a game whose heaps can be split counts billions by arithmetic, and
	// beyond the largest int64 (a heap near 2^63 has about 2^62 splits).
	// It returns nil where the count is not known: no method the game has
	// counts them within its bound (Moore's Nim on many heaps), though it
	// finds them one by one in order.
	Count func() *big.Int
	// Explain says why, with the numbers of the position, given the
	// canonical move (nil when none) and the number of winning moves as the
	// caller counted them from Winning, negative where Count did not know
	// it (CountLine says either): 500,000 heaps are not counted twice. It is a function because the computer player and the tests
	// solve many positions they never explain.
	Explain func(first *Move, count int64) Explanation
	// Reason says in a few words, with the numbers, why the position has
	// its outcome: "the nim-sum of the heaps is 13 ≠ 0".
	Reason Text
	// Hint, when set, says where the canonical move is made and why, without
	// the move itself: the first step of a hint ("heap 3 holds the
	// nim-sum's highest bit").
	Hint func(first Move) Text
}

// Explanation counts the winning moves and explains: for callers that
// need only the explanation.
func (s Solution) Explanation() Explanation { return s.Explain(FirstAndCount(s.Winning)) }

// CountLine says how many winning moves there are: count, or, negative,
// that they are too many to count.
func CountLine(count int64) Text {
	if count < 0 {
		return T("winning.count.unknown")
	}
	return T("winning.count", count)
}

// FirstAndCount returns the first move of seq (nil if none) and how many
// there are.
func FirstAndCount(seq iter.Seq[Move]) (*Move, int64) {
	var first Move
	var n int64
	for m := range seq {
		if n == 0 {
			first = m // not &m: that would allocate every m
		}
		n++
	}
	if n == 0 {
		return nil, 0
	}
	return &first, n
}

// ErrRefused marks input the engine will not take: a bad position, move or
// parameter, or a position beyond what it can prove. Callers exit with 2.
var ErrRefused = errors.New("refused")

// Refusal is a refused input's one-line message, a catalogue key with its
// values so that the terminal game can say it in the player's language.
// It wraps ErrRefused.
type Refusal struct{ Text }

// Refuse returns a Refusal of the message key with args.
func Refuse(key string, args ...any) error { return &Refusal{T(key, args...)} }

// Error is the message's key and values: people read Message's rendering.
func (r *Refusal) Error() string {
	if len(r.Args) == 0 {
		return r.Key
	}
	return r.Key + fmt.Sprint(r.Args)
}

func (r *Refusal) Unwrap() error { return ErrRefused }

// Failure is a failure that is not refused input (a file that cannot be
// read or written): its one-line message, a catalogue key with its
// values. Callers exit with 1.
type Failure struct{ Text }

// Fail returns a Failure of the message key with args.
func Fail(key string, args ...any) error { return &Failure{T(key, args...)} }

func (f *Failure) Error() string { return f.Key + fmt.Sprint(f.Args) }

// Cause is a system error without the path it repeats ("no such file or
// directory"), for a message that names the file itself.
func Cause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Message says err in tr's language when it is a Refusal or a Failure,
// as it is otherwise.
func Message(err error, tr Translator) string {
	var r *Refusal
	var f *Failure
	switch {
	case errors.As(err, &r):
		return r.Render(tr)
	case errors.As(err, &f):
		return f.Render(tr)
	}
	return err.Error()
}

// Both runs f and g at once, on two cores when there are two.
func Both(f, g func()) {
	done := make(chan struct{})
	go func() { g(); close(done) }()
	f()
	<-done
}
