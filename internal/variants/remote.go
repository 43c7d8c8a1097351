package variants

import (
	"matchgame/internal/engine"
)

// Remoteness (engine.Remote): the steps an Every-SG sum counts each game
// by, where a family has them in closed form or by a table of one heap
// (Nim, Bash, subtraction games: in their files); elsewhere the engine
// searches. Each is checked against that search on every small position
// (remote_test.go). What they share is here.
//
// steps = 0 with no move; at an N-position 1 + the largest steps of its
// moves to P-positions; at a P-position 1 + the smallest steps of its
// moves.

// errNoClosedForm says the steps of this position are searched.
var errNoClosedForm = engine.Refuse("err.every.noform")

// onlyHeap is the one heap with matches of p (its place), or false when
// none or several have some.
func onlyHeap(p engine.Position) (int, bool) {
	at := -1
	for i, h := range p {
		if h > 0 {
			if at >= 0 {
				return 0, false
			}
			at = i
		}
	}
	return at, at >= 0
}

func slicesAllZero(p engine.Position) bool {
	for _, h := range p {
		if h != 0 {
			return false
		}
	}
	return true
}
