package variants

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// Fibonacci Nim's rule (normal: the smallest Zeckendorf term against the
// limit; misère: the normal game on one match fewer) against the solver
// on every heap up to 40 with every limit up to the heap and one past
// it, both conventions: the outcome and every winning move in order.
func TestFibonacciNimExhaustive(t *testing.T) {
	t.Parallel()
	top := thorough(24, 40)
	var positions []engine.Position
	for n := int64(0); n <= int64(top); n++ {
		for k := int64(1); k <= n+1; k++ {
			positions = append(positions, engine.Position{n, k})
		}
	}
	crossCheck(t, FibonacciNim{}, positions)
}

// Heaps near the largest int64, limits as large: a winning move leads to
// a P-position, every move from a P-position to an N-position, and a
// doubled limit saturates instead of wrapping.
func TestFibonacciNimLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(25, 16))
	g := FibonacciNim{}
	var ps []engine.Position
	for range thorough(100, 300) {
		n := 1 + r.Int64N(math.MaxInt64)
		ps = append(ps, engine.Position{n, 1 + r.Int64N(n)}, engine.Position{n, n - 1})
	}
	ps = append(ps, engine.Position{math.MaxInt64, math.MaxInt64}, engine.Position{fibonacci[len(fibonacci)-1], fibonacci[len(fibonacci)-1] - 1})
	for _, p := range ps {
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkMoves(t, g, p, c, r)
		}
	}
	if q, err := g.Apply(engine.Position{math.MaxInt64, math.MaxInt64}, engine.At(1, math.MaxInt64-1)); err != nil || q[1] != math.MaxInt64 {
		t.Errorf("a take near 2^63 doubles to %v (%v), want the limit saturated", q, err)
	}
}

// HDU 2516's samples: 2 and 13 (Fibonacci numbers) lose for the first
// player, 10000 wins; the explanation writes the Zeckendorf sum and
// compares its smallest term with the limit.
func TestFibonacciNimSamples(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    int64
		want engine.Outcome
		says []string
	}{
		{2, engine.P, []string{"2 = 2", "itself a Fibonacci number"}},
		{13, engine.P, []string{"13 = 13", "itself a Fibonacci number"}},
		{10000, engine.N, []string{"10000 = 6765 + 2584 + 610 + 34 + 5 + 2", "smallest term is 2", "Taking the smallest term 2 leaves 9,998", "take 2"}},
		{20, engine.N, []string{"20 = 13 + 5 + 2"}},
	} {
		p, err := FibonacciNim{}.Normalize(engine.Position{c.n})
		if err != nil {
			t.Fatal(err)
		}
		explains(t, FibonacciNim{}, p, c.want, c.says...)
	}
}

// A heap of 0 or 1 cannot start (the first move takes 1 to n − 1); a
// limit below 1 and three numbers are refused.
func TestFibonacciNimRefuses(t *testing.T) {
	t.Parallel()
	for _, p := range []engine.Position{{1}, {0}, {5, 0}, {5, 2, 1}, {-3, 2}} {
		if _, err := (FibonacciNim{}).Normalize(p); err == nil {
			t.Errorf("%v was accepted", p)
		}
	}
}

// fibonacci-nim N --limit K (issue 16): the first move takes at most K,
// not n − 1; a position of two numbers carries its own limit; --limit 0
// is refused.
func TestFibonacciNimLimitFlag(t *testing.T) {
	t.Parallel()
	g := lookup(t, "fibonacci-nim", map[string]string{"limit": "3"})
	p, err := g.Normalize(engine.Position{20})
	if err != nil || !slices.Equal(p, engine.Position{20, 3}) {
		t.Errorf("20 with --limit 3: %v, %v", p, err)
	}
	if p, err := g.Normalize(engine.Position{20, 6}); err != nil || !slices.Equal(p, engine.Position{20, 6}) {
		t.Errorf("20 6 with --limit 3: %v, %v", p, err)
	}
	// 20 = 13 + 5 + 2: with at most 1 the smallest term 2 cannot be taken.
	explains(t, lookup(t, "fibonacci-nim", map[string]string{"limit": "1"}), engine.Position{20, 1}, engine.P, "this move may take at most 1")
	if _, _, err := Lookup(Config{Name: "fibonacci-nim", Params: map[string]string{"limit": "0"}}); err == nil {
		t.Error("--limit 0 was accepted")
	}
}
