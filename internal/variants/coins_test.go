package variants

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// heads lists every set of heads among coins 1..n.
func heads(n int) []engine.Position {
	var out []engine.Position
	for mask := 0; mask < 1<<n; mask++ {
		var p engine.Position
		for x := 1; x <= n; x++ {
			if mask&(1<<(x-1)) != 0 {
				p = append(p, int64(x))
			}
		}
		out = append(out, p)
	}
	return out
}

func TestCoinsExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, NewCoins("mock-turtles"), heads(10))
	crossCheck(t, NewCoins("ruler"), heads(12))
}

// The values by their definition: each coin's value is the mex over the
// rows a move from that coin alone leads to, and a row's value the xor of
// its heads (checked by TestCoinsExhaustive's outcomes and here directly).
func TestCoinValuesBySearch(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"mock-turtles", "ruler"} {
		g := NewCoins(name)
		memo := map[string]uint64{}
		for _, p := range heads(11) {
			got, _ := g.Value(p)
			if want := grundyBySearch(g, p, memo); got.G != want {
				t.Fatalf("%s %v: value %d, search %d", name, p, got.G, want)
			}
		}
	}
	// The first odious numbers and ruler values, as Winning Ways lists them.
	var mock, ruler []uint64
	for x := int64(1); x <= 10; x++ {
		mock = append(mock, odious(x))
		ruler = append(ruler, NewCoins("ruler").coinValue(x))
	}
	if !slices.Equal(mock, []uint64{1, 2, 4, 7, 8, 11, 13, 14, 16, 19}) || !slices.Equal(ruler, []uint64{1, 2, 1, 4, 1, 2, 1, 8, 1, 2}) {
		t.Fatalf("values %v, %v", mock, ruler)
	}
}

// Far coins: every move MovesTo yields really reaches the value, the count
// agrees with what it yields, and none is missed among the moves of a
// random sample (the coins near 2^62 cannot all be listed).
func TestCoinsFar(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(17, 3))
	for _, name := range []string{"mock-turtles", "ruler"} {
		g := NewCoins(name)
		for range thorough(100, 300) {
			var p engine.Position
			for range 1 + r.IntN(4) {
				p = append(p, 1+r.Int64N(1<<62))
			}
			p = append(p, 1+r.Int64N(200))
			p, err := g.Normalize(p)
			if err != nil {
				continue
			}
			s := g.value(p)
			sol, _ := g.Solve(p, engine.Normal)
			n := int64(0)
			for m := range sol.Winning {
				if n++; n > 50 {
					break
				}
				if g.ruler && m.First().Amount > 64 {
					continue // a long run turns too many coins to write out
				}
				q, err := g.Apply(p, m)
				if err != nil || g.value(q) != 0 {
					t.Fatalf("%s %v: move %v gives %v (%v)", name, p, m, q, err)
				}
			}
			if (s == 0) != (sol.Outcome == engine.P) {
				t.Fatalf("%s %v: nim-sum %d, outcome %v", name, p, s, sol.Outcome)
			}
			// The smallest coin's moves, all listed, agree with the count.
			if small := p[0]; small <= 200 {
				var want int64
				for m := range g.movesAt(1, small) {
					q, _ := g.Apply(p, m)
					if g.value(q) == 0 {
						want++
					}
				}
				if got := int64(g.countWorth(small, s^g.coinValue(small))); got != want {
					t.Fatalf("%s %v: count at coin %d %d, listed %d", name, p, small, got, want)
				}
			}
			if sol.Count().Cmp(big.NewInt(0)) < 0 {
				t.Fatal("negative count")
			}
		}
	}
}

// Issue 17: a move says the coins, the vertex and the edge it is made at,
// not the place's number among the heads coins or tokens ("heads coin
// no. 3", "token 3").
func TestMovesNameTheirCoins(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game string
		p    engine.Position
		says string
	}{
		{"mock-turtles", engine.Position{3, 5, 9}, "turn coins 9, 5 and 3"},
		{"ruler", engine.Position{3, 5, 12}, "turn coins 3 to 5"},
		{"graph", engine.Position{1, 1, 2, 3}, "move the token on vertex 2 to vertex 3"},
		{"turning-corners", engine.Position{2, 3, 4, 1}, "turn the corners (4, 1), (1, 1), (4, 0), (1, 0)"},
		{"hackenbush", engine.Position{0, 1, 1, 2}, "cut edge 1 (0-1)"},
	} {
		g := lookup(t, c.game, nil)
		p, err := g.Normalize(c.p)
		if err != nil {
			t.Fatal(err)
		}
		a, err := engine.Analyze(g, p, engine.Normal)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Summary().Render(assetsEN); !strings.Contains(got, c.says) {
			t.Errorf("%s %v: %q", c.game, c.p, got)
		}
	}
}
