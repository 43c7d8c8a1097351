package variants

import "matchgame/assets"

var assetsEN = assets.Messages("en")
