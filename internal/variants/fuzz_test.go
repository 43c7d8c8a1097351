package variants

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"matchgame/internal/engine"
)

func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"0", "17", "-3", "3.5", "", "9223372036854775807", "9223372036854775808", "+4", "1e3", " 7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseNumber(s, "what.heap")
		if err != nil {
			return
		}
		if v < 0 {
			t.Fatalf("%q parsed as negative %d", s, v)
		}
		if back, _ := strconv.ParseInt(s, 10, 64); back != v {
			t.Fatalf("%q parsed as %d", s, v)
		}
	})
}

// bigPosition makes a large random position of game g from the fuzzer's
// numbers: heaps, coins or cells up to near int64's limit.
func bigPosition(name string, seed uint64, size uint8) (engine.Game, engine.Position) {
	r := rand.New(rand.NewPCG(seed, uint64(size)))
	n := 1 + int(size%12)
	huge := func() int64 { return r.Int64N(math.MaxInt64 >> uint(r.IntN(63))) }
	var g engine.Game = Nim{}
	p := make(engine.Position, n)
	for i := range p {
		p[i] = huge()
	}
	switch name {
	case "bash":
		g, _ = NewBash(1 + huge())
		p = p[:1]
	case "wythoff":
		g = Wythoff{}
		p = engine.Position{huge(), huge()}
		if size%3 == 0 { // near a cold pair, where the interesting moves are
			a, b, _ := ColdPair(r.Int64N(1 << 40))
			p = engine.Position{a + r.Int64N(3), b}
		}
	case "staircase":
		g = Staircase{}
		for i := range p {
			p[i] >>= 4 // the coins must add up within int64
		}
	case "georgia-bob":
		g = GeorgiaBob{}
		seen := map[int64]bool{}
		for i := range p {
			for p[i] < 1 || seen[p[i]] {
				p[i] = 1 + huge()
			}
			seen[p[i]] = true
		}
	}
	return g, p
}

// A winning move always leads to a P-position; every move from a
// P-position leads to an N-position. Checked with the closed forms on
// large positions, both conventions.
func FuzzWinningMoves(f *testing.F) {
	for i, name := range []string{"nim", "bash", "wythoff", "staircase", "georgia-bob"} {
		f.Add(name, uint64(i), uint8(i*7))
	}
	f.Fuzz(func(t *testing.T, name string, seed uint64, size uint8) {
		g, p := bigPosition(name, seed, size)
		p, err := g.Normalize(p)
		if err != nil {
			t.Fatalf("%s %v: %v", g.Name(), p, err)
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkMoves(t, g, p, c, rand.New(rand.NewPCG(seed, 1)))
		}
	})
}

func checkMoves(t *testing.T, g engine.Game, p engine.Position, c engine.Convention, r *rand.Rand) {
	t.Helper()
	sol, err := g.Solve(p, c)
	if err != nil {
		t.Fatalf("%s %v: %v", g.Name(), p, err)
	}
	outcomeAfter := func(m engine.Move) engine.Outcome {
		q, err := g.Apply(p, m)
		if err != nil {
			t.Fatalf("%s %v: move %v: %v", g.Name(), p, m, err)
		}
		s, err := g.Solve(q, c)
		if err != nil {
			t.Fatalf("%s %v: %v", g.Name(), q, err)
		}
		return s.Outcome
	}
	won := false
	for m := range sol.Winning {
		won = true
		if outcomeAfter(m) != engine.P {
			t.Fatalf("%s %v %v: winning move %v leads to an N-position", g.Name(), p, c, m)
		}
	}
	if sol.Outcome == engine.N && !won && !engine.Over(g, p) {
		t.Fatalf("%s %v %v: an N-position with no winning move", g.Name(), p, c)
	}
	if sol.Outcome == engine.P {
		if won {
			t.Fatalf("%s %v %v: a P-position with a winning move", g.Name(), p, c)
		}
		for m := range g.Moves(p, 3) {
			if outcomeAfter(m) != engine.N {
				t.Fatalf("%s %v %v: move %v from a P-position leads to a P-position", g.Name(), p, c, m)
			}
		}
		for range 20 {
			if m, ok := g.RandomMove(p, r); ok && outcomeAfter(m) != engine.N {
				t.Fatalf("%s %v %v: move %v from a P-position leads to a P-position", g.Name(), p, c, m)
			}
		}
	}
}

// The fuzz seeds and a few hundred random positions run in every go test.
func TestWinningMovesOnLargePositions(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"nim", "bash", "wythoff", "staircase", "georgia-bob"} {
		for seed := range uint64(200) {
			g, p := bigPosition(name, seed, uint8(seed*37))
			p, err := g.Normalize(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
				checkMoves(t, g, p, c, rand.New(rand.NewPCG(seed, 2)))
			}
		}
	}
}
