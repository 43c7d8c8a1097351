package variants

import "matchgame/internal/engine"

// Temporary placeholder: subtraction.go replaces this file.
func NewSubtraction(set string) (engine.Game, error) { return stub{"subtraction"}, nil }
