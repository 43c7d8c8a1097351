package variants

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
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
		p := make(engine.Position, 1+r.IntN(6))
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
	if msg(func() error { _, err := NewMoore("7"); return err }()) != "--k 7: K is from 1 to 6 (a move changes at most 6 heaps)" {
		t.Error("--k 7 not refused plainly")
	}
}

// Seven to sixteen heaps (refused before: at most 6): on small heaps,
// every position of 7 heaps up to 2 and some of 8 to 10, the outcome and
// the whole list of winning moves are the exhaustive search's, both
// conventions.
func TestMooreManyHeapsExhaustive(t *testing.T) {
	t.Parallel()
	for k := int64(1); k <= 6; k++ {
		positions := grid(7, 0, 2)
		r := rand.New(rand.NewPCG(1910, uint64(k)))
		for range thorough(6, 30) {
			p := make(engine.Position, 8+r.IntN(3))
			for i := range p {
				p[i] = r.Int64N(3)
			}
			positions = append(positions, p)
		}
		if k > 2 && thorough(true, false) {
			positions = positions[len(positions)-6:] // the 7-heap grid at K ≤ 2; all K in CI
		}
		crossCheck(t, Moore{K: k}, positions)
	}
}

// Seven to sixteen heaps of any size, K = 1 to 6, both conventions: the
// first winning moves each leave a P-position, in natural order; from a
// P-position every move tried leaves an N-position.
func TestMooreManyHeapsLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1910, 16))
	for round := range thorough(6, 200) {
		k := 1 + r.Int64N(6)
		g := Moore{K: k}
		p := make(engine.Position, 7+r.IntN(10))
		for i := range p {
			p[i] = r.Int64N(math.MaxInt64)
			if round%5 == 0 {
				p[i] = r.Int64N(1 << (1 + r.IntN(12)))
			}
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			what := fmt.Sprintf("K=%d %v %v", k, p, c)
			checkFirstWinning(t, what, g, p, c, func(a, b engine.Move) bool { return engine.Compare(a, b) < 0 })
			sol, _ := g.Solve(p, c)
			if sol.Outcome != engine.P {
				if first := firstMoves(sol.Winning, 1); len(first) == 1 {
					q, _ := g.Apply(p, first[0])
					p = q // the P-position it leaves, for the check below
				}
			}
			for range 4 {
				m, ok := g.RandomMove(p, r)
				if !ok {
					break
				}
				q, _ := g.Apply(p, m)
				if after, err := g.Solve(q, c); err != nil || after.Outcome != engine.N {
					t.Fatalf("%s: from P, %v leaves %v (%v)", what, m, after.Outcome, err)
				}
			}
		}
	}
}

// BenchmarkMoore16: sixteen heaps up to 2^63, K = 6 and K = 2: the
// outcome, the first 12 winning moves, and the count where it is known
// (refused before: at most 6 heaps).
func BenchmarkMoore16(b *testing.B) {
	r := rand.New(rand.NewPCG(1910, 5))
	p := make(engine.Position, 16)
	for i := range p {
		p[i] = r.Int64N(math.MaxInt64)
	}
	for b.Loop() {
		for _, k := range []int64{2, 6} {
			if _, err := engine.Analyze(Moore{K: k}, p, engine.Normal); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkMooreAnalyze: six heaps up to 2^63, K = 3: the outcome, the
// first 12 winning moves and their count.
func BenchmarkMooreAnalyze(b *testing.B) {
	r := rand.New(rand.NewPCG(1910, 4))
	p := make(engine.Position, 6)
	for i := range p {
		p[i] = r.Int64N(math.MaxInt64)
	}
	for b.Loop() {
		if _, err := engine.Analyze(Moore{K: 3}, p, engine.Normal); err != nil {
			b.Fatal(err)
		}
	}
}

// The winning move made column by column (Moore's proof) leads to a
// P-position on any number of heaps, every K, both conventions.
func TestMooreMadeMove(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1910, 7))
	for round := range 400 {
		k := 1 + r.Int64N(6)
		g := Moore{K: k}
		p := make(engine.Position, 1+r.IntN(40))
		for i := range p {
			switch round % 4 {
			case 0:
				p[i] = r.Int64N(math.MaxInt64)
			case 1:
				p[i] = r.Int64N(4)
			default:
				p[i] = r.Int64N(1 << (1 + r.IntN(20)))
			}
		}
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			if g.lost(p, c) || c == engine.Misere && len(columns(p)) == 0 {
				continue
			}
			m := newMooreSearch(p, k).madeMove(c)
			q, err := g.Apply(p, m)
			if err != nil || !g.lost(q, c) {
				t.Fatalf("K=%d %v %v: the move made column by column %v leaves %v (%v)", k, p, c, m.List(), q, err)
			}
		}
	}
}

// A hundred heaps of 2^63 with K = 6: the search for the first winning
// move in natural order runs out, and the move made column by column is
// given, leading to a P-position, its count not known.
func TestMooreManyHeapsMade(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 5))
	p := make(engine.Position, 100)
	for i := range p {
		p[i] = r.Int64N(math.MaxInt64)
	}
	g := Moore{K: 6}
	a, err := engine.Analyze(g, p, engine.Normal)
	if err != nil || a.Move == nil {
		t.Fatalf("%v (%v)", a.Outcome, err)
	}
	if q, _ := g.Apply(p, *a.Move); !g.lost(q, engine.Normal) || a.WinningCount != -1 {
		t.Fatalf("the move %v leaves %v; count %d", a.Move.List(), q, a.WinningCount)
	}
	if text := strings.Join(a.Explanation.Lines(assetsEN), "\n"); !strings.Contains(text, "column by column") || !strings.Contains(text, "too many to count") {
		t.Errorf("the explanation does not say how the move was found:\n%s", text)
	}
}
