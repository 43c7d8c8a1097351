package variants

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// Every position of up to 4 heaps of up to 5 (3 heaps up to 7), for K = 1
// to 4, both conventions: the outcome and the whole list of winning moves
// in natural order are the exhaustive search's.
func TestMooreExhaustive(t *testing.T) {
	t.Parallel()
	for k := int64(1); k <= 4; k++ {
		g := Moore{K: k}
		positions := upTo(3, thorough[int64](5, 7))
		positions = append(positions, grid(4, 0, thorough[int64](3, 5))...)
		crossCheck(t, g, positions)
	}
}

// The count of winning moves is the number listed, on positions with
// many of them, in both conventions.
func TestMooreCount(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1910, 2))
	for range thorough(40, 200) {
		k := 1 + r.Int64N(4)
		p := make(engine.Position, 2+r.IntN(3))
		for i := range p {
			p[i] = r.Int64N(40)
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			sol, _ := Moore{K: k}.Solve(p, c)
			n := int64(0)
			for range sol.Winning {
				n++
			}
			if got := sol.Count(); got.Cmp(big.NewInt(n)) != 0 {
				t.Fatalf("K=%d %v %v: count %v, listed %d", k, p, c, got, n)
			}
		}
	}
}

// On huge heaps: each of the first winning moves leaves a P-position,
// they come in natural order, and no winning move is listed from a
// P-position; the count agrees with a count of the moves it lists when
// it is small.
func TestMooreLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1910, 3))
	for range thorough(60, 300) {
		k := 1 + r.Int64N(6)
		g := Moore{K: k}
		p := make(engine.Position, 1+r.IntN(mooreHeaps))
		for i := range p {
			p[i] = r.Int64N(math.MaxInt64)
			if r.IntN(4) == 0 {
				p[i] = math.MaxInt64 - r.Int64N(3)
			}
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			checkFirstWinning(t, fmt.Sprintf("K=%d %v %v", k, p, c), g, p, c, func(a, b engine.Move) bool {
				return engine.Compare(a, b) < 0
			})
		}
	}
}

// The moves are told apart and read back: a move's JSON, its wire form,
// and refusals of moves the rules forbid.
func TestMooreMoves(t *testing.T) {
	t.Parallel()
	g := Moore{K: 2}
	p := engine.Position{3, 5, 6}
	m := engine.MoveOf(engine.Change{Place: 2, Amount: 2}, engine.Change{Place: 3, Amount: 3})
	if q, err := g.Apply(p, m); err != nil || !slices.Equal(q, engine.Position{3, 3, 3}) {
		t.Fatalf("%v: %v %v", m, q, err)
	}
	for _, bad := range []engine.Move{
		engine.MoveOf(engine.Change{Place: 1, Amount: 1}, engine.Change{Place: 2, Amount: 1}, engine.Change{Place: 3, Amount: 1}),
		engine.MoveOf(engine.Change{Place: 3, Amount: 1}, engine.Change{Place: 2, Amount: 1}),
		engine.MoveOf(engine.Change{Place: 1, Amount: 4}),
		{}, // no place at all: not a move
		{Changes: [engine.MaxChanges]engine.Change{1: {Place: 2, Amount: 1}}}, // a gap before its place
	} {
		if _, err := g.Apply(p, bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if msg(func() error { _, err := NewMoore("7"); return err }()) != "--k 7: K is from 1 to 6 (a position has at most 6 heaps)" {
		t.Error("--k 7 not refused plainly")
	}
	if _, err := g.Normalize(make(engine.Position, 7)); err == nil || msg(err) != "Moore's Nim is played here with at most 6 heaps, not 7: its winning moves are found by a search whose work grows threefold with each heap" {
		t.Errorf("7 heaps: %v", err)
	}
}

// BenchmarkMooreAnalyze: six heaps up to 2^63, K = 3: the outcome, the
// first 12 winning moves and their count.
func BenchmarkMooreAnalyze(b *testing.B) {
	r := rand.New(rand.NewPCG(1910, 4))
	p := make(engine.Position, mooreHeaps)
	for i := range p {
		p[i] = r.Int64N(math.MaxInt64)
	}
	for b.Loop() {
		if _, err := engine.Analyze(Moore{K: 3}, p, engine.Normal); err != nil {
			b.Fatal(err)
		}
	}
}
