package variants

import (
	"math/big"
	"os"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// thorough is n for CI, which sets MATCHGAME_THOROUGH, else quick: go test
// ./... stays quick (under 8 s on two cores, issue 15) and still checks
// every rule exhaustively on every position up to quick; CI goes on to n.
func thorough[T any](quick, n T) T {
	if os.Getenv("MATCHGAME_THOROUGH") != "" {
		return n
	}
	return quick
}

// crossCheck compares a game's closed form with the exhaustive solver on
// every given position, in both conventions: the same outcome, the same
// set of winning moves in natural order (so the canonical move is the
// first winning move), and winning moves that really lead to P-positions;
// and an explanation is there.
func crossCheck(t *testing.T, g engine.Game, positions []engine.Position) {
	t.Helper()
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		solver := engine.NewSolver(g, c)
		failures := 0
		for i, p := range positions {
			p, err := g.Normalize(p)
			if err != nil {
				t.Fatalf("%s %v: %v", g.Name(), p, err)
			}
			sol, err := g.Solve(p, c)
			if err != nil {
				t.Fatalf("%s %v %v: %v", g.Name(), p, c, err)
			}
			want := solver.WinningMoves(p)
			got := slices.Collect(sol.Winning)
			if sol.Outcome != solver.Outcome(p) || !slices.Equal(got, want) {
				t.Errorf("%s %v %v: closed form %v with winning moves %v; search %v with %v",
					g.Name(), p, c, sol.Outcome, got, solver.Outcome(p), want)
				if failures++; failures > 10 {
					t.FailNow()
				}
			}
			if sol.Count != nil && sol.Count().Cmp(big.NewInt(int64(len(got)))) != 0 {
				t.Errorf("%s %v %v: counted %v winning moves, listed %d", g.Name(), p, c, sol.Count(), len(got))
			}
			// Every eighth explanation is laid out: laying out all of them would
			// cost more than the search (the claims tests read thousands).
			if i%8 != 0 {
				continue
			}
			if lines := sol.Explanation().Lines(assetsEN); len(lines) == 0 {
				t.Errorf("%s %v %v: empty explanation", g.Name(), p, c)
			}
		}
		t.Logf("%s %v: %d positions agree (%d searched)", g.Name(), c, len(positions), solver.Size())
	}
}

// grid lists every position of k numbers from lo to hi.
func grid(k int, lo, hi int64) []engine.Position {
	var out []engine.Position
	p := make(engine.Position, k)
	var rec func(i int)
	rec = func(i int) {
		if i == k {
			out = append(out, p.Clone())
			return
		}
		for v := lo; v <= hi; v++ {
			p[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// upTo lists every position of 1 to k numbers from 0 to hi.
func upTo(k int, hi int64) []engine.Position {
	var out []engine.Position
	for n := 1; n <= k; n++ {
		out = append(out, grid(n, 0, hi)...)
	}
	return out
}

func TestNimExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, Nim{}, upTo(4, 7))
}

func TestBashExhaustive(t *testing.T) {
	t.Parallel()
	for m := int64(1); m <= 8; m++ {
		g, err := NewBash(m)
		if err != nil {
			t.Fatal(err)
		}
		crossCheck(t, g, grid(1, 0, 60))
	}
}

func TestWythoffExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, Wythoff{}, grid(2, 0, 40))
}

func TestStaircaseExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, Staircase{}, upTo(5, 4))
}

func TestGeorgiaBobExhaustive(t *testing.T) {
	t.Parallel()
	var positions []engine.Position
	for mask := 1; mask < 1<<14; mask++ { // every set of 1 to 5 cells in 1..14
		var p engine.Position
		for cell := range 14 {
			if mask&(1<<cell) != 0 {
				p = append(p, int64(cell+1))
			}
		}
		if len(p) <= 5 {
			positions = append(positions, p)
		}
	}
	crossCheck(t, GeorgiaBob{}, positions)
}

// The geometry agrees with the rules: at every place of every small
// position, Amounts holds exactly the amounts Apply takes, and for a game
// that splits heaps Splits holds exactly the parts Apply leaves (Left 0
// otherwise); Places and the moves' places agree.
func TestGeometryMatchesTheRules(t *testing.T) {
	t.Parallel()
	sub, _ := NewSubtraction("1,3,4")
	fib, _ := NewSubtraction("fib")
	bash, _ := NewBash(3)
	games := []engine.Game{Nim{}, bash, Wythoff{}, sub, fib, Staircase{}, GeorgiaBob{}}
	for _, bg := range breakGames {
		games = append(games, breakGame(t, bg.cfg))
	}
	for _, g := range games {
		split, splits := g.(engine.Splitter)
		for _, p := range grid(3, 0, 6) {
			p, err := g.Normalize(p)
			if err != nil {
				continue
			}
			for w := 1; w <= g.Places(p); w++ {
				a := g.Amounts(p, w)
				for amount := int64(-1); amount <= 8; amount++ {
					lefts, lo, hi := engine.Range(0, 0), int64(0), int64(0) // the others' Apply reads no Left
					if splits {
						lefts, lo, hi = split.Splits(p, w, amount), -1, 4
					}
					legal := false
					for left := lo; left <= hi; left++ {
						_, err := g.Apply(p, engine.Change{Place: w, Amount: amount, Pieces: [2]int64{left}}.Move())
						legal = legal || err == nil
						if (err == nil) != (a.Has(amount) && lefts.Has(left)) {
							t.Fatalf("%s %v place %d amount %d left %d: Apply says %v, Amounts %v, Splits %v", g.Name(), p, w, amount, left, err, a.Has(amount), lefts.Has(left))
						}
					}
					if legal != a.Has(amount) {
						t.Fatalf("%s %v place %d: amount %d has a legal move %v, Amounts says %v", g.Name(), p, w, amount, legal, a.Has(amount))
					}
				}
			}
			for m := range g.Moves(p, 0) {
				if m.First().Place < 1 || m.First().Place > g.Places(p) {
					t.Fatalf("%s %v: move %v outside places 1..%d", g.Name(), p, m, g.Places(p))
				}
			}
		}
	}
}
