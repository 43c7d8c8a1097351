// Package picture draws matchgame's boards, plots and game trees as
// pictures for slides, pages and print: SVG, and PNG of the same
// drawing.
//
// A drawing (Drawing) is a list of shapes (lines, rectangles, circles,
// polygons, paths, texts, groups) in one coordinate space of CSS
// pixels. One writer turns it into SVG with the standard library, one
// rasteriser into PNG with golang.org/x/image/vector and the Go fonts
// (built in) for Latin and a CJK font the system has for Chinese; the
// layout measures text by the Go fonts alone, so the same drawing is the
// same bytes on every machine.
//
// A board's drawing is a pure function of a Figure (the game, its
// position, the move shown, what may be revealed, the catalogue of the
// labels' language), one per kind of board the engine describes, as the
// terminal's boards are (internal/tui/board); no drawing names a game.
// What a move takes, knocks down, cuts or turns is drawn hollow with a
// dashed outline and stripes, where it goes dashed: a picture reads the
// same in black and white print as in colour.
package picture
