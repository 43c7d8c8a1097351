package tui_test

import "matchgame/assets"

func catalogEN() *assets.Catalog { return assets.Messages("en") }
