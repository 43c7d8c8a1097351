package picture

import (
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// WantsPNG says whether a picture is written as PNG: when asked (png),
// or when its file's name ends in .png and SVG was not asked for.
func WantsPNG(svg, png bool, file string) bool {
	return png || !svg && strings.HasSuffix(strings.ToLower(file), ".png")
}

// Encode is d as SVG, or as PNG (asPNG); note is a line to tell the
// person before it in cat's language ("" for none): a Chinese PNG on a
// system with no CJK font.
func (d *Drawing) Encode(asPNG bool, cat *assets.Catalog) (data []byte, note string, err error) {
	if !asPNG {
		return d.SVG(), "", nil
	}
	if data, err = d.PNG(); err != nil {
		return nil, "", engine.Fail("err.picture.png", engine.Cause(err))
	}
	if cat.Lang == "zh" && !HasCJKFont() {
		note = cat.T("picture.nocjk")
	}
	return data, note, nil
}
