package variants

import "matchgame/internal/engine"

// Temporary placeholder: subtraction.go replaces this file.
func NewSubtraction(set string) (engine.Game, error) {
	return nil, engine.Refusef("subtraction: not written yet")
}
