package picture

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"matchgame/internal/engine"
)

// boards are a small position of every kind of board, each with a move.
var boards = []struct {
	name, spec, move string // move: "win" the canonical winning move, else --move's fields
	lang             string
}{
	{"heaps", "nim 3 5 7", "win", "en"},
	{"oneheap", "bash --max 3 17", "win", "en"},
	{"queen", "wythoff 7 12", "win", "en"},
	{"stairs", "staircase 0 2 3 1 4", "win", "en"},
	{"cells", "georgia-bob 1 5 6 7 9 12 14 17", "win", "en"},
	{"pins", "kayles 7 4", "win", "en"},
	{"coins", "mock-turtles 1 4 7 12", "win", "en"},
	{"coingrid", "turning-corners 3,3 5,2 1,4", "win", "en"},
	{"tree", "hackenbush 0-1 1-2 2-3 1-4 4-5 0-6", "edge=4", "en"},
	{"graph", "graph --edges 1>2,1>3,2>4,3>4,4>5,2>5 1 3", "win", "en"},
	{"bar", "chomp 5 5 3 1", "win", "en"},
	{"rows", "northcott --width 8 1 6 3 2 8 5", "win", "en"},
	{"sum", "nim 3 5 + kayles 7 + wythoff 3 5", "win", "en"},
	{"sum-zh", "staircase 0 2 1 + lasker 9 + hackenbush 0-1 1-2 0-3", "win", "zh"},
}

func boardFigure(t testing.TB, spec, move, lang string) Figure {
	t.Helper()
	f := figureOf(t, spec, lang)
	f.Reveal = true
	switch move {
	case "":
	case "win":
		f = winning(t, f)
		if f.Move == nil {
			t.Fatalf("%s has no winning move to draw", spec)
		}
	default:
		m, err := MoveNamed(f.Game, f.Pos, move, f.Cat)
		if err != nil {
			t.Fatalf("%s --move %s: %v", spec, move, engine.Message(err, f.Cat))
		}
		f.Move = &m
	}
	return f
}

// TestBoardsGolden: every kind of board draws the same SVG as before,
// well-formed, and its PNG is a slide's size.
func TestBoardsGolden(t *testing.T) {
	kinds := map[engine.BoardKind]bool{}
	for _, b := range boards {
		t.Run(b.name, func(t *testing.T) {
			f := boardFigure(t, b.spec, b.move, b.lang)
			kinds[f.Game.Board().Kind] = true
			d := Board(f)
			svg := d.SVG()
			wellFormed(t, svg)
			golden.RequireEqual(t, svg)
			if !bytes.Equal(svg, Board(f).SVG()) {
				t.Fatal("the same figure drew two different SVGs")
			}
			pngSize(t, d)
		})
	}
	for k := engine.Heaps; k <= engine.Rows; k++ {
		if !kinds[k] {
			t.Errorf("board kind %d has no golden drawing", k)
		}
		if drawers[k] == nil {
			t.Errorf("board kind %d has no drawing of its own", k)
		}
	}
}

// wellFormed fails unless svg is well-formed XML with an <svg> root.
func wellFormed(t testing.TB, svg []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("the root element is %q, not svg", root)
	}
}

// pngSize fails unless d's PNG decodes and is at least 800 × 500.
func pngSize(t testing.TB, d *Drawing) {
	t.Helper()
	b, err := d.PNG()
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width < MinPNGWidth || cfg.Height < MinPNGHeight {
		t.Fatalf("the PNG is %d × %d, less than %d × %d", cfg.Width, cfg.Height, MinPNGWidth, MinPNGHeight)
	}
}

// classes counts the SVG's elements by each word of their class.
func classes(t testing.TB, svg []byte) map[string]int {
	t.Helper()
	out := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					for _, w := range strings.Fields(a.Value) {
						out[w]++
					}
				}
			}
		}
	}
}

// TestShapesMatchPosition: the pieces drawn are the position's, counted
// in the SVG a reader gets.
func TestShapesMatchPosition(t *testing.T) {
	for _, c := range []struct {
		spec, move string
		want       map[string]int
	}{
		{"nim 3 5", "", map[string]int{"match": 8, "going": 0}},
		{"nim 3 5", "heap=2,take=3", map[string]int{"match": 8, "going": 3}},
		{"nim 1000000 3", "heap=1,take=5", map[string]int{"match": 30 + 1, "going": 1}}, // scaled: 30 drawn for a million
		{"bash --max 3 7", "", map[string]int{"match": 7}},
		{"wythoff 3 5", "", map[string]int{"match": 8, "queen": 1, "cell": 24, "cold": 4}}, // (0,0) (1,2) (2,1) and the queen's own (3,5)
		{"staircase 0 2 3 1 4", "stair=3,coins=1", map[string]int{"coin": 10 + 1, "going": 1, "ghost": 1, "stairs": 1}},
		{"georgia-bob 1 5 6 7 9", "", map[string]int{"chessman": 5, "cell": 9}},
		{"kayles 7 4", "heap=1,take=2,left=2", map[string]int{"pin": 11, "going": 2}},
		{"lasker --parts 3 9", "heap=1,take=0,left=1,middle=2", map[string]int{"match": 9, "cut": 2}},
		{"mock-turtles 1 4 7 12", "", map[string]int{"heads": 4, "tails": 8, "coin": 12}},
		{"turning-corners 3,3 5,2 1,4", "", map[string]int{"heads": 3, "coin": 30}},
		{"hackenbush 0-1 1-2 2-3 1-4 4-5 0-6", "", map[string]int{"edge": 6, "ground": 1, "vertex": 6}},
		{"hackenbush 0-1 1-2 2-3 1-4 4-5 0-6", "edge=2", map[string]int{"edge": 6, "going": 2, "cut": 1}},
		{"graph --edges 1>2,1>3,2>4,3>4,4>5,2>5 1 3", "", map[string]int{"vertex": 5, "arrow": 6, "token": 2}},
		{"chomp 5 5 3 1", "row=2,column=2", map[string]int{"square": 14, "poison": 1, "going": 6, "bite": 1}},
		{"northcott --width 8 1 6 3 2 8 5", "", map[string]int{"cell": 24, "mover": 3, "other": 3}},
		{"nim 3 5 + kayles 7", "component=2,heap=1,take=1,left=3", map[string]int{"game": 2, "match": 8, "pin": 7, "going": 1}},
	} {
		f := boardFigure(t, c.spec, c.move, "en")
		got := classes(t, Board(f).SVG())
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s --move %q: %d %q drawn, want %d (all: %v)", c.spec, c.move, got[k], k, v, got)
			}
		}
	}
}

// TestChineseLabels: the labels are in the language asked for.
func TestChineseLabels(t *testing.T) {
	svg := string(Board(boardFigure(t, "nim 3 5 + kayles 7", "win", "zh")).SVG())
	for _, want := range []string{"第 1 堆", "游戏 2", `xml:lang="zh"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the Chinese drawing has no %q", want)
		}
	}
	if strings.Contains(svg, "heap") {
		t.Error("the Chinese drawing says heap in English")
	}
}

// TestSlide: a slide holds the board, the caption and the explanation,
// its tables' columns kept.
func TestSlide(t *testing.T) {
	f := boardFigure(t, "nim 3 5 7", "win", "en")
	a, err := engine.Analyze(f.Game, f.Pos, f.Conv)
	if err != nil {
		t.Fatal(err)
	}
	s := Slide{Board: Board(f), Title: "Nim 3 5 7", Caption: []string{"Winning move: take 1 from heap 1."}, Explain: a.Explanation.Lines(f.Cat)}
	d := s.Drawing()
	svg := d.SVG()
	wellFormed(t, svg)
	if !bytes.Contains(svg, []byte("nim-sum")) || !bytes.Contains(svg, []byte("Winning move")) {
		t.Error("the slide lost its caption or explanation")
	}
	if d.H <= s.Board.H || d.W < s.Board.W {
		t.Errorf("the slide (%v × %v) is no larger than its board (%v × %v)", d.W, d.H, s.Board.W, s.Board.H)
	}
	pngSize(t, d)
}

// TestEscape: what XML cannot hold is escaped or replaced, never written
// raw.
func TestEscape(t *testing.T) {
	d := &Drawing{W: 100, H: 50, Title: "a <b> & \"c\" \x01 \xff"}
	d.Add(Text{At: Point{1, 20}, S: "<&>\x00\u2028", Size: 12}, Text{At: Point{1, 40}, S: "x < y", Size: 12, Mono: true})
	wellFormed(t, d.SVG())
}

// TestChinesePNG: with a CJK font (CI installs fonts-noto-cjk) a PNG
// draws a Chinese label's glyph, not the box of a missing one.
func TestChinesePNG(t *testing.T) {
	if !HasCJKFont() {
		if os.Getenv("CI") != "" {
			t.Fatal("no CJK font: .ci/run installs fonts-noto-cjk")
		}
		t.Skip("no CJK font installed (CI installs fonts-noto-cjk)")
	}
	draw := func(s string) []byte {
		d := &Drawing{W: 60, H: 40}
		d.Add(Text{At: Point{10, 30}, S: s, Size: 24})
		img, err := d.Image()
		if err != nil {
			t.Fatal(err)
		}
		return img.Pix
	}
	if bytes.Equal(draw("堆"), draw("\ue000")) { // a private-use character no font has
		t.Error("堆 is drawn as a missing glyph's box")
	}
	if bytes.Equal(draw("堆"), draw("行")) {
		t.Error("two characters are drawn alike")
	}
}
