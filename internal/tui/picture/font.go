package picture

import (
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"matchgame/internal/tui/text"
)

// Fonts: the Go fonts are built in (Latin, Greek, Cyrillic and common
// symbols); Chinese comes from a CJK font the system has, found once
// (Noto Sans CJK, as Debian's fonts-noto-cjk installs it, or the file
// MATCHGAME_CJK_FONT names). Text is laid out by the Go fonts' advances
// and one em for a wide character, whatever is installed, so a drawing
// is the same on every machine; the PNG draws a character from the
// first font that has it.

// face is one font and the advances measured in it, in ems.
type face struct {
	f        *sfnt.Font
	mu       sync.Mutex
	advances map[rune]float64
	glyphs   map[rune]sfnt.GlyphIndex
}

var (
	builtin struct {
		once                sync.Once
		regular, bold, mono *face
		fallback            []*face // CJK, then symbols
		fallbackFound       bool
		fallbackOnce        sync.Once
	}
)

func mustFace(ttf []byte) *face {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		panic("picture: a built-in Go font does not parse: " + err.Error())
	}
	return &face{f: f, advances: map[rune]float64{}, glyphs: map[rune]sfnt.GlyphIndex{}}
}

func goFaces() (regular, bold, mono *face) {
	builtin.once.Do(func() {
		builtin.regular = mustFace(goregular.TTF)
		builtin.bold = mustFace(gobold.TTF)
		builtin.mono = mustFace(gomono.TTF)
	})
	return builtin.regular, builtin.bold, builtin.mono
}

// CJKFontFiles are where a CJK font is looked for, after the file
// MATCHGAME_CJK_FONT names.
var CJKFontFiles = []string{
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
	"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
	"/usr/share/fonts/truetype/arphic/uming.ttc",
}

// symbolFontFiles have the arrows and signs the Go fonts lack (⊕, ★).
var symbolFontFiles = []string{
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
	"/usr/share/fonts/dejavu/DejaVuSans.ttf",
	"/usr/share/fonts/TTF/DejaVuSans.ttf",
}

// fallbacks are the system's fonts for what the Go fonts lack: a CJK font
// first. found is whether a CJK font was found.
func fallbacks() (faces []*face, found bool) {
	builtin.fallbackOnce.Do(func() {
		files := CJKFontFiles
		if f := os.Getenv("MATCHGAME_CJK_FONT"); f != "" {
			files = append([]string{f}, files...)
		}
		for _, name := range files {
			if f := openFont(name, "SC"); f != nil {
				builtin.fallback = append(builtin.fallback, f)
				builtin.fallbackFound = true
				break
			}
		}
		for _, name := range symbolFontFiles {
			if f := openFont(name, ""); f != nil {
				builtin.fallback = append(builtin.fallback, f)
				break
			}
		}
	})
	return builtin.fallback, builtin.fallbackFound
}

// HasCJKFont reports whether the PNG can draw Chinese: a CJK font was
// found. Without one, Chinese labels are drawn as boxes in a PNG (the
// SVG names the fonts and leaves it to the reader).
func HasCJKFont() bool {
	_, found := fallbacks()
	return found
}

// openFont reads a font file, or from a collection the font whose family
// name holds want (Noto Sans CJK SC among JP, KR, SC, TC); nil when it
// cannot.
func openFont(name, want string) *face {
	data, err := os.ReadFile(filepath.Clean(name))
	if err != nil {
		return nil
	}
	c, err := sfnt.ParseCollection(data)
	if err != nil {
		return nil
	}
	var chosen *sfnt.Font
	var b sfnt.Buffer
	for i := range c.NumFonts() {
		f, err := c.Font(i)
		if err != nil {
			continue
		}
		if chosen == nil {
			chosen = f
		}
		if family, err := f.Name(&b, sfnt.NameIDFamily); err == nil && want != "" && strings.Contains(family, want) {
			chosen = f
			break
		}
	}
	if chosen == nil {
		return nil
	}
	return &face{f: chosen, advances: map[rune]float64{}, glyphs: map[rune]sfnt.GlyphIndex{}}
}

// glyph is r's glyph in fc, 0 when fc has none.
func (fc *face) glyph(r rune) sfnt.GlyphIndex {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	if g, ok := fc.glyphs[r]; ok {
		return g
	}
	var b sfnt.Buffer
	g, err := fc.f.GlyphIndex(&b, r)
	if err != nil {
		g = 0
	}
	fc.glyphs[r] = g
	return g
}

// advance is r's width in ems; false when fc has no glyph for it.
func (fc *face) advance(r rune) (float64, bool) {
	g := fc.glyph(r)
	if g == 0 {
		return 0, false
	}
	fc.mu.Lock()
	defer fc.mu.Unlock()
	if a, ok := fc.advances[r]; ok {
		return a, true
	}
	var b sfnt.Buffer
	const ppem = 1000
	adv, err := fc.f.GlyphAdvance(&b, g, fixed.I(ppem), font.HintingNone)
	if err != nil {
		return 0, false
	}
	a := float64(adv) / 64 / ppem
	fc.advances[r] = a
	return a, true
}

// faceOf is the Go font a text is laid out in.
func faceOf(t Text) *face {
	regular, bold, mono := goFaces()
	switch {
	case t.Mono:
		return mono
	case t.Bold:
		return bold
	}
	return regular
}

// monoCell is the width of one column of monospaced text: the Go Mono
// advance, 0.6 em.
func monoCell(size float64) float64 { return 0.6 * size }

// runeAdvance is r's advance in ems in the layout: the Go font's, else
// one em for a wide character and 0.6 for a narrow one.
func runeAdvance(fc *face, r rune) float64 {
	if a, ok := fc.advance(r); ok {
		return a
	}
	if text.Width(string(r)) == 2 {
		return 1
	}
	return 0.6
}

// Measure is how wide t is drawn.
func Measure(t Text) float64 {
	if t.Mono {
		return monoCell(t.Size) * float64(text.Width(t.S))
	}
	fc := faceOf(t)
	w := 0.0
	for _, r := range t.S {
		w += runeAdvance(fc, r)
	}
	return w * t.Size
}

// Width is how wide s is in the sans font at size, bold or not.
func Width(s string, size float64, bold bool) float64 {
	return Measure(Text{S: s, Size: size, Bold: bold})
}
