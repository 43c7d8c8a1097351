package engine

import "iter"

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

// Tamer is a Valued game that can certify that misère play of a sum it
// is part of follows misère Nim on the values (the component is tame).
type Tamer interface {
	// Tame reports whether p and every position reachable from it are
	// tame, with the certificate in words when they are.
	Tame(p Position) (bool, Text)
}

// Remote is a game that knows the remoteness of its positions (the
// number of moves to the end when the winner hurries and the loser
// delays), what Every-SG sums are decided by.
type Remote interface {
	// Remoteness of the normalized p in convention c.
	Remoteness(p Position, c Convention) (int64, error)
}
