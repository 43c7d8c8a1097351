package variants

import (
	"math/rand/v2"
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
