package picture

import (
	"os"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// kaylesValues is Kayles' g(0..to) with its period, from the engine.
func tableValues(t testing.TB, spec string, to int64, lang string) Values {
	t.Helper()
	f := figureOf(t, spec+" 1", lang)
	tab, err := f.Game.(variants.HeapTabler).HeapTable(to)
	if err != nil {
		t.Fatal(err)
	}
	v := Values{Title: engine.Title(f.Game).Render(f.Cat), Values: tab.Values, XLabel: "n", YLabel: "g(n)", Cat: f.Cat}
	if p := tab.Period; p != nil {
		v.Preperiod, v.Period = p.Preperiod, p.Period
	}
	return v
}

func TestPlotDev(t *testing.T) {
	if os.Getenv("PLOTDEV") == "" {
		return
	}
	tree := func(spec string, lang string) *Drawing {
		f := figureOf(t, spec, lang)
		d, err := engine.GameTree(f.Game, f.Pos)
		if err != nil {
			t.Fatal(err)
		}
		return GameTree(d, f.Conv, f.Cat)
	}
	for name, d := range map[string]*Drawing{
		"tree":    tree("nim 1 2 2", "en"),
		"treebig": tree("nim 3 3 4", "en"),
		"treemis": tree("kayles 5 --misere", "zh"),
		"wythoff": PlotGrid(valueGrid(t, "wythoff", 20, "en")),
		"corners": PlotGrid(valueGrid(t, "turning-corners", 16, "en")),
		"kayles":  PlotValues(tableValues(t, "kayles", 120, "en")),
		"sub":     PlotValues(tableValues(t, "subtraction --set 1,3,4", 60, "zh")),
		"big":     PlotValues(tableValues(t, "dawson-kayles", 5000, "en")),
	} {
		b, _ := d.PNG()
		os.WriteFile("/tmp/picture-out/plot-"+name+".png", b, 0o644)
	}
}

// valueGrid is a game's value at every (a, b) up to n: Wythoff's two
// heaps, or Turning Corners' one coin at (a, b).
func valueGrid(t testing.TB, game string, n int64, lang string) Grid {
	t.Helper()
	f := figureOf(t, game+" 1 1", lang)
	if game == "turning-corners" {
		f = figureOf(t, game+" 1,1", lang)
	}
	vg := f.Game.(engine.Valued)
	g := Grid{Title: engine.Title(f.Game).Render(f.Cat), RowLabel: "a", ColLabel: "b", Cat: f.Cat}
	for a := int64(0); a <= n; a++ {
		var row []uint64
		for b := int64(0); b <= n; b++ {
			p := engine.Position{a, b}
			v, err := vg.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			row = append(row, v.G)
		}
		g.Values = append(g.Values, row)
	}
	return g
}

// TestPlots: the plots and the tree draw what their values say, the
// same bytes each time.
func TestPlots(t *testing.T) {
	kayles := tableValues(t, "kayles", 120, "en")
	if kayles.Preperiod != 71 || kayles.Period != 12 {
		t.Fatalf("Kayles: pre-period %d, period %d", kayles.Preperiod, kayles.Period)
	}
	tree := func(spec string) *Drawing {
		f := figureOf(t, spec, "en")
		d, err := engine.GameTree(f.Game, f.Pos)
		if err != nil {
			t.Fatal(err)
		}
		return GameTree(d, f.Conv, f.Cat)
	}
	for _, c := range []struct {
		name string
		d    *Drawing
		want map[string]int
	}{
		// 121 values, the zero g(0) ringed; the pre-period, and the periods
		// from 71: 71, 83, 95, 107, 119, every other one shaded.
		{"kayles", PlotValues(kayles), map[string]int{"value": 121, "zero": 1, "preperiod": 1, "period": 3}},
		{"nim", PlotValues(Values{Values: []uint64{0, 1, 2, 3}}), map[string]int{"value": 4, "zero": 1, "period": 0}},
		// Wythoff 0..20: 21 × 21 cells, its P-positions (0,0) (1,2) (2,1)
		// (3,5) (5,3) (4,7) (7,4) (6,10) (10,6) (8,13) (13,8) (9,15)
		// (15,9) (11,18) (18,11) (12,20) (20,12).
		{"wythoff", PlotGrid(valueGrid(t, "wythoff", 20, "en")), map[string]int{"cell": 441, "zero": 17}},
		// Nim 1 2 2: 2 · 3 · 3 = 18 positions, 5 of them P (000 011 022 101
		// 110); Σ(a+b+c) = 45 moves, 15 of them to a P-position (5 to 000,
		// 3 to 011, 1 to 022, 3 to 101, 3 to 110).
		{"tree", tree("nim 1 2 2"), map[string]int{"position": 18, "p": 5, "move": 45, "winning": 15}},
	} {
		t.Run(c.name, func(t *testing.T) {
			svg := c.d.SVG()
			wellFormed(t, svg)
			got := classes(t, svg)
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%d %q drawn, want %d (all: %v)", got[k], k, v, got)
				}
			}
			golden.RequireEqual(t, svg)
			pngSize(t, c.d)
		})
	}
}
