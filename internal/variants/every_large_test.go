package variants

import (
	"math/rand/v2"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// everyLarge is an Every-SG sum of n components drawn from five games, and
// its position.
func everyLarge(t testing.TB, n int, seed uint64) (*engine.Sum, engine.Position) {
	r := rand.New(rand.NewPCG(seed, 3595))
	fams := []string{"nim 7", "kayles 9", "bash --max 3 10", "nim 12 5", "subtraction --set 1,3,4 9"}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fams[r.IntN(len(fams))]
	}
	cfg, p, err := ParseSum(strings.Join(parts, " + "))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := Lookup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*engine.Sum), p
}

// A sum of 2,000 components, both conventions: the winning joint move
// leaves a position the analysis calls P, and perfect play's move from
// there leaves N; every component's steps are those of the same game
// alone.
func TestEveryLarge(t *testing.T) {
	t.Parallel()
	s, p := everyLarge(t, 2000, 1)
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		a, err := engine.AnalyzeEvery(s, p, c)
		if err != nil {
			t.Fatal(msg(err))
		}
		ps := s.Partwise(p)
		for i := range ps[:40] {
			alone, err := engine.NewSum([]engine.Game{s.Parts[i], Nim{}})
			if err != nil {
				t.Fatal(err)
			}
			b, err := engine.AnalyzeEvery(alone, alone.Join([]engine.Position{ps[i], {0}}), c)
			if err != nil || b.Steps[0] != a.Steps[i] {
				t.Fatalf("component %d: steps %d, alone %d (%v)", i+1, a.Steps[i], b.Steps[0], err)
			}
		}
		if a.Move == nil {
			continue
		}
		after, err := engine.AnalyzeEvery(s, a.After, c)
		if err != nil || after.Outcome != engine.P {
			t.Fatalf("%v: the winning move leaves %v (%v)", c, after.Outcome, err)
		}
		if len(after.Play) > 0 {
			q, err := s.ApplyEach(after.Position, after.Play)
			if b, err2 := engine.AnalyzeEvery(s, q, c); err != nil || err2 != nil || b.Outcome != engine.N {
				t.Fatalf("%v: from P, perfect play leaves %v (%v %v)", c, b.Outcome, err, err2)
			}
		}
	}
}

// BenchmarkEvery20000: the Every-SG analysis of 20,000 components (issue
// 27: 71 s before, the moves applied and said one component at a time).
func BenchmarkEvery20000(b *testing.B) {
	s, p := everyLarge(b, 20000, 1)
	for b.Loop() {
		if _, err := engine.AnalyzeEvery(s, p, engine.Normal); err != nil {
			b.Fatal(err)
		}
	}
}
