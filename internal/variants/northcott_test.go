package variants

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// Northcott's rule (normal play: the nim-sum of the gaps) against a
// retrograde analysis of every position of every board up to 8 cells a
// row and 2 rows (3 rows up to 5 cells): the outcome, no draw, and every
// winning move (those that lower a gap first). In misère play the same analysis finds
// a draw wherever a piece can move (but on one row of 3 cells), which is
// why misère play is refused.
// The play can come back to a position, so the depth-first solver cannot
// be the reference.
func TestNorthcottExhaustive(t *testing.T) {
	t.Parallel()
	for w := int64(2); w <= int64(thorough(6, 8)); w++ {
		g := Northcott{Width: w}
		for rows := 1; rows <= 3; rows++ {
			if rows == 3 && w > int64(thorough(4, 5)) {
				break
			}
			all := northcottBoard(w, rows)
			ref, ok := engine.Retrograde(g, engine.Normal, 1<<20, all...)
			if !ok {
				t.Fatal("more positions than the bound")
			}
			mis, ok := engine.Retrograde(g, engine.Misere, 1<<20, all...)
			if !ok {
				t.Fatal("more positions than the bound")
			}
			for _, p := range all {
				want := ref.Outcome(p)
				draw := want == engine.D
				sol, err := g.Solve(p, engine.Normal)
				if draw || err != nil {
					t.Fatalf("width %d %v: a draw in normal play (%v)", w, p, err)
				}
				got, wantMoves := slices.Collect(sol.Winning), ref.Winning(p)
				if sol.Outcome != want || !slices.Equal(lowersFirst(g, p, wantMoves), got) {
					t.Fatalf("width %d %v: rule %v %v, search %v %v", w, p, sol.Outcome, got, want, wantMoves)
				}
				moved := false
				for range g.Moves(p, 1) {
					moved = true
				}
				if draw := mis.Outcome(p) == engine.D; draw != moved && (w != 3 || rows != 1) { // one row of 3: forced lines, no draw
					t.Fatalf("width %d %v misère: a draw %v, a move %v", w, p, draw, moved)
				}
			}
		}
	}
	if _, err := (Northcott{Width: 3}).Solve(engine.Position{1, 3}, engine.Misere); err == nil {
		t.Error("misère play was answered")
	}
}

// lowersFirst orders moves as Northcott's winning moves are: those that
// lower a gap, then those that raise one, each in natural order.
func lowersFirst(g Northcott, p engine.Position, moves []engine.Move) []engine.Move {
	lowers := func(m engine.Move) bool {
		q, _ := g.Apply(p, m)
		return g.gap(q, m.First().Place-1) < g.gap(p, m.First().Place-1)
	}
	var out []engine.Move
	for _, first := range []bool{true, false} {
		for _, m := range moves {
			if lowers(m) == first {
				out = append(out, m)
			}
		}
	}
	return out
}

// northcottBoard is every position of rows rows of w cells.
func northcottBoard(w int64, rows int) []engine.Position {
	var all []engine.Position
	p := make(engine.Position, 2*rows)
	var fill func(i int)
	fill = func(i int) {
		if i == len(p) {
			all = append(all, p.Clone())
			return
		}
		for c := int64(1); c <= w; c++ {
			if i%2 == 0 || c != p[i-1] {
				p[i] = c
				fill(i + 1)
			}
		}
	}
	fill(0)
	return all
}

// Wide boards (up to the largest int64) by the rule: a winning move makes
// the nim-sum 0, every move from a P-position makes it non-zero.
func TestNorthcottLarge(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(17, 30))
	g := Northcott{Width: math.MaxInt64}
	for range 300 {
		var p engine.Position
		for range 1 + r.IntN(5) {
			a, b := 1+r.Int64N(math.MaxInt64), 1+r.Int64N(math.MaxInt64)
			if a == b {
				b = a/2 + 1
			}
			p = append(p, a, b)
		}
		if _, err := g.Normalize(p); err != nil {
			continue
		}
		checkMoves(t, g, p, engine.Normal, r)
	}
}

// HDU 1730's sample (2 rows of 3 cells: 1 2, 1 2 → "LOSE" for the first
// player, who can only move away; 1 3, 1 2 → the first wins) and the
// explanation: the gaps, the nim-sum, why moving away does not help.
func TestNorthcottSamples(t *testing.T) {
	t.Parallel()
	g := Northcott{Width: 3}
	for _, c := range []struct {
		p    engine.Position
		want engine.Outcome
		says []string
	}{
		{engine.Position{1, 2, 1, 2}, engine.P, []string{"row by row: 0 0", "does not help"}},
		{engine.Position{1, 3, 1, 2}, engine.N, []string{"row by row: 1 0", "in row 1, move to cell 2"}},
	} {
		explains(t, g, c.p, c.want, c.says...)
	}
}

// In a sum, Northcott's value is the nim-sum of its gaps: a sum of a row
// of Northcott's game and a Nim heap, decided by the sum's rule, against
// a retrograde analysis of the whole sum (normal play).
func TestNorthcottInSums(t *testing.T) {
	t.Parallel()
	sum, err := engine.NewSum([]engine.Game{Northcott{Width: 5}, Nim{}, Northcott{Width: 4}})
	if err != nil {
		t.Fatal(err)
	}
	var starts []engine.Position
	for _, a := range northcottBoard(5, 1) {
		for h := int64(0); h <= 3; h++ {
			for _, b := range northcottBoard(4, 1) {
				starts = append(starts, sum.Join([]engine.Position{a, {h}, b}))
			}
		}
	}
	ref, ok := engine.Retrograde(sum, engine.Normal, 1<<20, starts...)
	if !ok {
		t.Fatal("more positions than the bound")
	}
	for _, p := range starts {
		want := ref.Outcome(p)
		draw := want == engine.D
		sol, err := sum.Solve(p, engine.Normal)
		got := slices.Collect(sol.Winning)
		if err != nil || draw || sol.Outcome != want || !slices.Equal(slices.SortedFunc(slices.Values(got), engine.Compare), ref.Winning(p)) {
			t.Fatalf("%s: rule %v %v (%v), search %v %v (draw %v)", sum.Spell(p), sol.Outcome, got, err, want, ref.Winning(p), draw)
		}
		if len(got) > 0 && got[0].Part != 1 { // the canonical move never widens a gap
			if from, to := sum.Parts[got[0].Part].(engine.Ranker).MoveRanks(sum.Partwise(p)[got[0].Part], got[0].In(0)); to.G > from.G {
				t.Fatalf("%s: the canonical move %v widens a gap", sum.Spell(p), got[0])
			}
		}
		if sol.Outcome == engine.N {
			if cycle := winnerCircles(sum, engine.Normal, p, map[string]int{}); cycle != "" {
				t.Fatalf("%s: the winner's play circles through %s", sum.Spell(p), cycle)
			}
		}
	}
	// A move in the Nim heap passes the turn in both rows: the pairs turn
	// round, the piece of the player now to move first.
	p := sum.Join([]engine.Position{{1, 3}, {2}, {4, 2}})
	q, err := sum.Apply(p, engine.At(1, 1).In(1))
	if err != nil || !slices.Equal(q, sum.Join([]engine.Position{{3, 1}, {1}, {2, 4}})) {
		t.Fatalf("%s, take 1 from the heap: %s (%v)", sum.Spell(p), sum.Spell(q), err)
	}
}

// The computer, winning, ends the game against the longest resistance:
// the play can come back to a position, and a winner who moved away
// could be kept going for ever (the hint did, at HDU 1730's sample).
func TestNorthcottWinnerEndsTheGame(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 8))
	g := Northcott{Width: 9}
	for range 40 {
		p := SpecOf(g).Random(g, r, 1)
		for ply := 0; ; ply++ {
			if ply > 16*len(p) { // the potential (gaps and the loser's room, under 15 a row) falls at each winner's move
				t.Fatalf("%v: no end after %d moves", p, ply)
			}
			a, err := engine.Analyze(g, p, engine.Normal)
			if err != nil {
				t.Fatal(err)
			}
			m := a.Move
			if m == nil {
				hold, ok, err := engine.HoldOut(g, p, engine.Normal)
				if err != nil || !ok {
					break // no move left
				}
				m = &hold
			}
			if p, err = g.Apply(p, *m); err != nil {
				t.Fatal(err)
			}
		}
	}
}
