package variants

import (
	"matchgame/assets"
	"matchgame/internal/engine"
)

var assetsEN = assets.Messages("en")

// msg is a refusal as a person reads it, in English.
func msg(err error) string { return engine.Message(err, assetsEN) }
