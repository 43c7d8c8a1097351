package main

import (
	"matchgame/internal/engine"
)

// --every: the sum is played by the Every-SG rule (HDU 3595), each turn a
// move in every component that still has one.

// everySum is the sum --every plays, or a refusal.
func everySum(cmd *command) (*engine.Sum, error) {
	s, ok := cmd.game.(*engine.Sum)
	if !ok {
		return nil, engine.Refuse("err.every.sum")
	}
	return s, nil
}
