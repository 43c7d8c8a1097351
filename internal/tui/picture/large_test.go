package picture

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// largeSum is a sum of n components of several kinds.
func largeSum(n int) string {
	kinds := []string{"nim 3 5", "kayles 7", "staircase 0 2 1", "wythoff 3 5", "hackenbush 0-1 1-2 0-3", "mock-turtles 1 4 7"}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = kinds[i%len(kinds)]
	}
	return strings.Join(parts, " + ")
}

// largeTree is a Hackenbush tree of n edges: each new vertex hangs from
// an earlier one (seeded), or, with path, a single stalk.
func largeTree(n int, path bool) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString("hackenbush")
	for v := 1; v <= n; v++ {
		u := v - 1
		if !path {
			u = r.IntN(v)
		}
		fmt.Fprintf(&b, " %d-%d", u, v)
	}
	return b.String()
}

// TestLargeDrawings: a sum of 1,000 games and a tree of 4,096 edges
// make pictures of bounded size (their times are BenchmarkLarge's).
func TestLargeDrawings(t *testing.T) {
	for _, c := range []struct {
		name, spec, move string
		most             int // bytes of SVG
	}{
		{"sum of 1,000", largeSum(1000), "win", 400_000},
		// Not the winning move: the engine takes seconds to list a
		// tree's winning moves, edge by edge.
		{"tree of 4,096", largeTree(4096, false), "edge=2000", 2_000_000},
		{"stalk of 4,096", largeTree(4096, true), "edge=2000", 2_000_000},
	} {
		f := boardFigure(t, c.spec, c.move, "en")
		d := Board(f)
		svg := d.SVG()
		if len(svg) > c.most {
			t.Errorf("%s: the SVG has %d bytes, more than %d", c.name, len(svg), c.most)
		}
		wellFormed(t, svg)
		if d.W*d.H > 4*MaxPNGPixels {
			t.Errorf("%s: the drawing is %.0f × %.0f", c.name, d.W, d.H)
		}
	}
}

func BenchmarkLarge(b *testing.B) {
	for _, c := range []struct{ name, spec, move string }{
		{"sum1000", largeSum(1000), "win"},
		{"tree4096", largeTree(4096, false), "edge=2000"},
		{"stalk4096", largeTree(4096, true), "edge=2000"},
	} {
		f := boardFigure(b, c.spec, c.move, "en")
		b.Run(c.name+"/svg", func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = len(Board(f).SVG())
			}
			b.ReportMetric(float64(n), "svg-bytes")
		})
		b.Run(c.name+"/png", func(b *testing.B) {
			n := 0
			d := Board(f)
			for b.Loop() {
				png, err := d.PNG()
				if err != nil {
					b.Fatal(err)
				}
				n = len(png)
			}
			b.ReportMetric(float64(n), "png-bytes")
		})
	}
}
