package variants

import (
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// Sums with a graph whose tokens can run for ever (draws), beside games
// that end, Northcott's rows and a second graph: Smith's theory (one
// component ∞(K) and the others' nim-sum in K is N, else a draw; two ∞, a
// draw) against a retrograde analysis of every position below, normal
// play: the outcome, draws too, and the set of winning moves; the canonical
// move first, the rest in natural order; and a winner who plays the
// canonical move ends the game whatever the loser does.
func TestSumsWithDrawsByRetrograde(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1966, 27))
	draws, wins := 0, 0
	for round := range thorough(40, 200) {
		edges := randomLoopy(r, 3+r.IntN(3))
		g, err := NewGraph(edges, "")
		if err != nil {
			t.Fatal(err)
		}
		vs := g.Vertices()
		var other engine.Game
		var others []engine.Position
		switch round % 4 {
		case 0:
			other, others = Nim{}, []engine.Position{{0}, {1}, {2}, {3}}
		case 1:
			other, others = lookup(t, "kayles", nil), []engine.Position{{1}, {2}, {4}}
		case 2:
			other, others = Northcott{Width: 4}, []engine.Position{{1, 3}, {2, 1}, {1, 4}}
		default:
			h, _ := NewGraph(randomLoopy(r, 3), "")
			other = h
			for _, v := range h.Vertices() {
				others = append(others, engine.Position{v})
			}
		}
		s, err := engine.NewSum([]engine.Game{g, other})
		if err != nil {
			t.Fatalf("%s + %s: %v", edges, other.Name(), msg(err))
		}
		var starts []engine.Position
		for _, k := range upTo(2, int64(len(vs)-1)) {
			tokens := make(engine.Position, len(k))
			for i, j := range k {
				tokens[i] = vs[j]
			}
			tokens, _ = g.Normalize(tokens)
			for _, o := range others {
				starts = append(starts, s.Join([]engine.Position{tokens, o}))
			}
		}
		ref, ok := engine.Retrograde(s, engine.Normal, 1<<20, starts...)
		if !ok {
			t.Fatal("more positions than the bound")
		}
		for _, p := range starts {
			sol, err := s.Solve(p, engine.Normal)
			if err != nil {
				t.Fatalf("%s: %v", s.Spell(p), msg(err))
			}
			want := ref.Outcome(p)
			if sol.Outcome != want {
				t.Fatalf("%s: %v, the retrograde analysis says %v", s.Spell(p), sol.Outcome, want)
			}
			got := slices.Collect(sol.Winning)
			if !slices.Equal(slices.SortedFunc(slices.Values(got), engine.Compare), ref.Winning(p)) {
				t.Fatalf("%s: winning %v, want %v", s.Spell(p), got, ref.Winning(p))
			}
			if len(got) > 1 && !slices.IsSortedFunc(got[1:], engine.Compare) {
				t.Fatalf("%s: after the canonical move, %v not in natural order", s.Spell(p), got[1:])
			}
			switch want {
			case engine.D:
				draws++
			case engine.N:
				wins++
				if cycle := winnerCircles(s, engine.Normal, p, map[string]int{}); cycle != "" {
					t.Fatalf("%s: the winner's play circles through %s", s.Spell(p), cycle)
				}
			}
		}
	}
	if draws == 0 || wins == 0 {
		t.Fatalf("%d draws and %d wins: the check is not checking both", draws, wins)
	}
	t.Logf("%d draws and %d wins agree with the retrograde analysis", draws, wins)
}

// Misère play of a sum that loops is decided by a retrograde analysis of
// the sum (refused before), draws and all.
func TestSumsLoopyMisere(t *testing.T) {
	t.Parallel()
	g, _ := NewGraph("1>2 2>1 2>3 4>4 4>3", "")
	s, err := engine.NewSum([]engine.Game{g, Nim{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []engine.Position{s.Join([]engine.Position{{1}, {2}}), s.Join([]engine.Position{{3}, {1}}), s.Join([]engine.Position{{4}, {0}})} {
		ref, _ := engine.Retrograde(s, engine.Misere, 1<<20, p)
		sol, err := s.Solve(p, engine.Misere)
		if err != nil || sol.Outcome != ref.Outcome(p) || !slices.Equal(slices.SortedFunc(sol.Winning, engine.Compare), ref.Winning(p)) {
			t.Fatalf("%s misère: %v (%v), the retrograde analysis says %v", s.Spell(p), sol.Outcome, err, ref.Outcome(p))
		}
	}
}
