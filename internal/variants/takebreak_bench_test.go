package variants

import (
	"math"
	"math/rand/v2"
	"testing"

	"matchgame/internal/engine"
)

// BenchmarkBreakTable builds a table from nothing (the cache would answer
// at once): Kayles and Dawson's Kayles until their period is proved, 0.6
// and Grundy's game to 20,000 heaps (0.6 looking for a period on the way,
// at every doubling), and to the limit.
func BenchmarkBreakTable(b *testing.B) {
	for _, c := range []struct {
		name string
		top  int64
	}{
		{"kayles", math.MaxInt64}, {"dawson-kayles", math.MaxInt64}, {"0.156", math.MaxInt64},
		{"0.6", 20000}, {"grundy", 20000}, {"0.6", breakLimit}, {"grundy", breakLimit},
	} {
		rule := breakRule(b, c.name)
		size := itoa(c.top)
		if c.top == math.MaxInt64 {
			size = "period"
		}
		b.Run(c.name+"/"+size, func(b *testing.B) {
			for b.Loop() {
				t := newBreakTable(rule.table.key, rule.kind, rule.digits)
				if _, err := t.upTo(c.top); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBreakAnalyze analyses 1,000 heaps drawn up to 2^62: the
// outcome, the first winning move and the count of winning moves.
func BenchmarkBreakAnalyze(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1000))
	p := make([]int64, 1000)
	for i := range p {
		p[i] = r.Int64N(1 << 62)
	}
	for _, name := range []string{"kayles", "dawson-kayles", "lasker"} {
		rule := breakRule(b, name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				a, err := rule.solve(p, engine.Normal)
				if err != nil {
					b.Fatal(err)
				}
				for range a.Winning() {
					break
				}
				a.Count()
			}
		})
	}
}

// BenchmarkBreakMisereSearch decides a misère position of 4 heaps of 9
// from an empty memo: the exact search at the size every rule must answer.
func BenchmarkBreakMisereSearch(b *testing.B) {
	for _, name := range []string{"kayles", "lasker", "grundy"} {
		rule := breakRule(b, name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				rule.table.searchMu.Lock()
				rule.table.memo = nil
				rule.table.searchMu.Unlock()
				if _, err := rule.searchMisere([]int64{9, 9, 9, 9}, breakAnalysis{}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTakeBreakAnalyze is what `matchgame analyze` does for 1,000
// heaps drawn up to 2^62: engine.Analyze through the Game interface, the
// outcome, the canonical move, the count of winning moves and the
// (summarised) explanation.
func BenchmarkTakeBreakAnalyze(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1000))
	p := make(engine.Position, 1000)
	for i := range p {
		p[i] = r.Int64N(1 << 62)
	}
	for _, name := range []string{"kayles", "dawson-kayles", "lasker"} {
		g, err := NewTakeBreak(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				a, err := engine.Analyze(g, p, engine.Normal)
				if err != nil || a.Move == nil && a.Outcome == engine.N {
					b.Fatal(err)
				}
			}
		})
	}
}
