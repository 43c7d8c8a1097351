package variants

import (
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// graphs lists every list of 1 to k edges among vertices 0..n−1 (loops and
// repeated edges too) whose every edge reaches the ground.
func graphs(k, n int) []engine.Position {
	var pairs [][2]int64
	for u := range n {
		for v := u; v < n; v++ {
			pairs = append(pairs, [2]int64{int64(u), int64(v)})
		}
	}
	var out []engine.Position
	var rec func(p engine.Position)
	rec = func(p engine.Position) {
		if len(p) > 0 {
			if q, err := (Hackenbush{}).Normalize(p); err == nil {
				out = append(out, q)
			}
		}
		if len(p) == 2*k {
			return
		}
		for _, e := range pairs {
			rec(append(p.Clone(), e[0], e[1]))
		}
	}
	rec(nil)
	return out
}

func TestHackenbushExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, Hackenbush{}, graphs(4, 4))
}

// Larger random graphs (trees with extra edges: cycles, loops, parallel
// edges) of up to 11 edges: the colon and fusion principles give the value
// the mex by search gives.
func TestHackenbushValuesBySearch(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3094, 3710))
	h := Hackenbush{}
	memo := map[string]uint64{}
	for range 300 {
		var p engine.Position
		vertices := int64(1)
		for len(p) < 2*(3+r.IntN(9)) {
			u := r.Int64N(vertices)
			if r.IntN(3) == 0 {
				p = append(p, u, r.Int64N(vertices))
				continue
			}
			p = append(p, u, vertices)
			vertices++
		}
		got, _ := h.Value(p)
		if want := grundyBySearch(h, p, memo); got.G != want {
			t.Fatalf("%s: value %d, search %d", h.Spell(p), got.G, want)
		}
	}
}

func TestHackenbushRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		words []string
		want  string
	}{
		{[]string{"0-1", "2-3"}, "edge 2-3 does not reach the ground (vertex 0)"},
		{[]string{"0-1", "1"}, `edge "1": write an edge as u-v`},
		{[]string{"0-1", "1-x"}, `vertex "x" is not a whole number`},
	} {
		p, err := Hackenbush{}.Read(c.words)
		if err == nil {
			_, err = Hackenbush{}.Normalize(p)
		}
		if err == nil || msg(err) != c.want {
			t.Errorf("%v: %v, want %q", c.words, err, c.want)
		}
	}
}

// randomHackenbush grows a graph of n edges from the ground: a tree, with
// an edge back to an earlier vertex (a cycle or a loop) one time in every
// cycleEvery.
func randomHackenbush(r *rand.Rand, n, cycleEvery int) engine.Position {
	var p engine.Position
	vertices := int64(1)
	for len(p) < 2*n {
		u := r.Int64N(vertices)
		if r.IntN(cycleEvery) == 0 {
			p = append(p, u, r.Int64N(vertices))
			continue
		}
		p = append(p, u, vertices)
		vertices++
	}
	return p
}

// The cuts to each value are those the definition finds: cut the edge,
// let what no longer reaches the ground fall, value what is left.
func TestHackenbushCutsByDefinition(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(27, 4096))
	h := Hackenbush{}
	for round := range 400 {
		p := randomHackenbush(r, 2+r.IntN(30), 1+round%4)
		byValue := map[uint64][]engine.Move{}
		top := uint64(0)
		for m := range h.Moves(p, 0) {
			q, err := h.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			v := h.value(q)
			byValue[v] = append(byValue[v], m)
			top = max(top, v)
		}
		for v := range top + 2 {
			got := slices.Collect(h.MovesTo(p, v))
			if !slices.Equal(got, byValue[v]) {
				t.Fatalf("%s: cuts to %d are %v, by definition %v", h.Spell(p), v, got, byValue[v])
			}
		}
	}
}

// A tree of 30,000 edges (no cycle: every cut is a bridge's) and a graph
// of 1,024 edges all on cycles (the listing's bound of 4,096 in CI) are
// answered, and their winning cuts leave value 0.
func TestHackenbushLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 1))
	h := Hackenbush{}
	tree := randomHackenbush(r, 30_000, 1<<30)
	cycles := engine.Position{0, 0}
	onCycles := thorough(hackenbushList/4, hackenbushList) // the bound itself in CI
	for v := int64(1); len(cycles) < 2*onCycles; v++ {
		cycles = append(cycles, v-1, v, v, r.Int64N(v)) // a path, each vertex joined back: every edge on a cycle
	}
	for _, p := range []engine.Position{tree, cycles[:2*onCycles]} {
		a, err := engine.Analyze(h, p, engine.Normal)
		if err != nil {
			t.Fatalf("%d edges: %v", len(p)/2, msg(err))
		}
		for _, m := range a.Winning {
			q, _ := h.Apply(p, m)
			if h.value(q) != 0 {
				t.Fatalf("%d edges: the winning cut %v leaves value %d", len(p)/2, m, h.value(q))
			}
		}
		if a.Outcome == engine.N && a.Move == nil {
			t.Fatalf("%d edges: N with no winning cut", len(p)/2)
		}
	}
}

// BenchmarkHackenbush4096: the analysis of 4,096 edges, a fifth of them
// closing cycles (issue 27: 13.7–17.8 s before the cuts were found part by
// part).
func BenchmarkHackenbush4096(b *testing.B) {
	p := randomHackenbush(rand.New(rand.NewPCG(1, 1)), hackenbushList, 5)
	for b.Loop() {
		if _, err := engine.Analyze(Hackenbush{}, p, engine.Normal); err != nil {
			b.Fatal(err)
		}
	}
}
