package engine

import (
	"iter"
	"math/big"
)

// Value is a position's Grundy value in normal play, with how its family
// finds it: the closed form, the table or the period, said with the
// numbers ("g(7) = 2, from the table (period 12 from 71)").
type Value struct {
	G   uint64
	How Text
}

// Valued is a game that knows the Grundy values of its positions in
// normal play: all a sum of games needs of a component (Sprague–Grundy).
// Values are uint64: Lasker's Nim gives a heap of 2^63 − 1 the value 2^63.
type Valued interface {
	Game
	// Value is the Grundy value of the normalized position p, or a
	// Refusal naming the bound beyond which the game cannot compute it.
	Value(p Position) (Value, error)
	// MovesTo yields, in natural order, every move from p to a position of
	// Grundy value v (none when v is p's own value).
	MovesTo(p Position, v uint64) iter.Seq[Move]
}

// Units are the nim-values a tame position is a sum of (its heaps' Grundy
// values): their xor, and how many are 1 and how many 2 or more. Misère
// play of a sum of tame positions is misère Nim on all their units.
type Units struct {
	X    uint64
	Ones int
	Big  int
}

// Add counts one more unit worth v.
func (u *Units) Add(v uint64) {
	u.X ^= v
	switch {
	case v == 1:
		u.Ones++
	case v >= 2:
		u.Big++
	}
}

// Plus is u and w together.
func (u Units) Plus(w Units) Units { return Units{u.X ^ w.X, u.Ones + w.Ones, u.Big + w.Big} }

// Lost reports a P-position of misère Nim on the units: with no unit of 2
// or more, an odd number of 1s; otherwise a nim-sum of 0 (Bouton).
func (u Units) Lost(c Convention) bool {
	if c == Misere && u.Big == 0 {
		return u.Ones%2 == 1
	}
	return u.X == 0
}

// Tamer is a Valued game that can certify that misère play of a sum it is
// part of follows misère Nim on the units: every unit passes the misère
// certificate (a unit worth 0 with a move has an option worth 1, and a
// unit that splits keeps the parity rules: see variants' certifies).
type Tamer interface {
	// Tame gives p's units and whether every position reachable from p
	// passes the certificate, with the certificate in words when it does.
	Tame(p Position) (Units, bool, Text)
}

// Remote is a game that knows the remoteness ("steps") of its positions,
// what Every-SG sums are decided by: 0 with no move; at an N-position 1 +
// the largest steps among its P-options (the winner makes it last); at a
// P-position 1 + the smallest among its options (the loser ends it soonest).
// See every.go.
type Remote interface {
	// Remoteness of the normalized p in convention c.
	Remoteness(p Position, c Convention) (int64, error)
}

// Counter is a game whose positions can have more moves to a value than
// can be listed (a heap of 2^62 of Kayles splits in some 2^61 ways): it
// counts them, and finds its own winning moves in misère play of a tame
// sum, where the other units count.
type Counter interface {
	// CountTo counts what MovesTo(p, v) yields.
	CountTo(p Position, v uint64) *big.Int
	// MisereWins yields, in natural order, the moves of p that win in
	// misère play of a tame sum whose units, p's included, are total, and
	// counts them.
	MisereWins(p Position, total Units) (iter.Seq[Move], func() *big.Int)
}

// Speller is a game whose positions are written otherwise than as their
// bare numbers: a sum writes "nim 3 5 + kayles 7".
type Speller interface {
	Spell(p Position) string
	// Brief is Spell cut short for a sentence.
	Brief(p Position) string
}

// Reader is a game whose positions are written otherwise than as bare
// numbers ("1,2 3,4": Turning Corners' coins): it reads the words of the
// command line into a position, Spell's inverse.
type Reader interface {
	Read(fields []string) (Position, error)
}

// Written is p as the command line writes it for g.
func Written(g Game, p Position) string {
	if s, ok := g.(Speller); ok {
		return s.Spell(p)
	}
	return p.String()
}

// BriefOf is Written for a sentence: a long list of numbers, or of
// components, is cut short (Position.Brief).
func BriefOf(g Game, p Position) string {
	if s, ok := g.(Speller); ok {
		return s.Brief(p)
	}
	return p.Brief()
}

func isSpeller(g Game) bool {
	_, ok := g.(Speller)
	return ok
}

// Loopy is a game whose play can come back to a position (Northcott's
// pieces move away and back, a graph with a cycle) when Loopy says so: no
// search by depth decides it, so a misère sum that holds it is decided by
// a retrograde analysis, an Every-SG sum that holds it counts it by its
// steps and hold-outs from one (every_loopy.go), and a match of it is
// drawn when a position comes back too often (Repetitions).
type Loopy interface {
	Loopy() bool
}

// Drawish is a game with positions that are draws (D): neither player
// can force a win. Such a position has no Grundy value: a sum takes the
// game only where it gives Smith's generalised value (Generalized).
type Drawish interface {
	Draws() bool
}

// loopyPart is the first part of s that is Loopy, -1 for none.
func loopyPart(s *Sum) int {
	for i, g := range s.Parts {
		if l, ok := g.(Loopy); ok && l.Loopy() {
			return i
		}
	}
	return -1
}

// ByValue is what a game decided by its Grundy value says of a position
// in its own words: the reason with the value, where the move is made,
// and the explanation.
type ByValue struct {
	Reason  Text
	Hint    func(first Move) Text
	Explain func(first *Move, count int64) Explanation
}

// ToCounter is a game that counts its moves to a value without listing
// them (a Mock Turtles coin of 2^40 has some 2^39 pairs).
type ToCounter interface {
	CountTo(p Position, v uint64) *big.Int
}

// SolveByValue is the normal-play solution of p, a position of Grundy
// value v (Sprague–Grundy): P iff v = 0, and the winning moves are the
// moves to value 0 (MovesTo), counted by CountTo where the game counts.
// The families whose closed form is a value (coins, corners, graphs,
// Hackenbush) solve through it, so the rule is written once.
func SolveByValue(g Valued, p Position, v uint64, by ByValue) Solution {
	out := N
	if v == 0 {
		out = P
	}
	sol := Solution{
		Outcome: out,
		Reason:  by.Reason,
		Hint:    by.Hint,
		Explain: by.Explain,
		Winning: func(yield func(Move) bool) {
			if v == 0 {
				return
			}
			for m := range g.MovesTo(p, 0) {
				if !yield(m) {
					return
				}
			}
		},
	}
	if c, ok := g.(ToCounter); ok {
		sol.Count = func() *big.Int {
			if v == 0 {
				return new(big.Int)
			}
			return c.CountTo(p, 0)
		}
	}
	return sol
}
