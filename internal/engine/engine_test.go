package engine_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

var en = assets.Messages("en")

// At full strength the computer plays the canonical winning move from every
// N-position, and from a P-position a legal move.
func TestPerfectPlayerPlaysTheCanonicalMove(t *testing.T) {
	pl := engine.NewPlayer(engine.Perfect, 1)
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		for a := int64(0); a <= 6; a++ {
			for b := int64(0); b <= 6; b++ {
				p := engine.Position{a, b, 3}
				an, err := engine.Analyze(variants.Nim{}, p, c)
				if err != nil {
					t.Fatal(err)
				}
				m, kind, err := pl.Choose(variants.Nim{}, p, c)
				switch {
				case an.Move != nil && (err != nil || m != *an.Move || kind != engine.Winning):
					t.Errorf("%v %v: played %v (%v, %v), canonical %v", p, c, m, kind, err, *an.Move)
				case an.Move == nil && !engine.Over(variants.Nim{}, p):
					if _, err := (variants.Nim{}).Apply(p, m); err != nil || kind != engine.Stubborn {
						t.Errorf("%v %v: from a lost position played %v (%v): %v", p, c, m, kind, err)
					}
				}
			}
		}
	}
}

// Lower levels err at about their rate, and the same seed replays the same
// game.
func TestLevelsAndSeeds(t *testing.T) {
	p := engine.Position{3, 6, 9, 12, 17}
	moves := func(l engine.Level, seed uint64) (mistakes int, played []engine.Move) {
		pl := engine.NewPlayer(l, seed)
		for range 400 {
			m, kind, err := pl.Choose(variants.Nim{}, p, engine.Normal)
			if err != nil {
				t.Fatal(err)
			}
			if kind == engine.Mistake {
				mistakes++
			}
			played = append(played, m)
		}
		return mistakes, played
	}
	if n, _ := moves(engine.Perfect, 3); n != 0 {
		t.Errorf("perfect made %d mistakes", n)
	}
	strong, a := moves(engine.Strong, 3)
	casual, _ := moves(engine.Casual, 3)
	if strong < 20 || strong > 110 || casual < 110 || casual > 220 {
		t.Errorf("mistakes in 400 moves: strong %d, casual %d", strong, casual)
	}
	if _, b := moves(engine.Strong, 3); !slices.Equal(a, b) {
		t.Error("the same seed played differently")
	}
	if _, c := moves(engine.Strong, 4); slices.Equal(a, c) {
		t.Error("another seed played the same 400 moves")
	}
}

// From a lost position the computer leaves as few winning replies as any
// of the small moves it considers.
func TestStubbornMoveLeavesFewestReplies(t *testing.T) {
	p := engine.Position{1, 4, 5, 7, 7}
	m, ok, err := engine.HoldOut(variants.Nim{}, p, engine.Normal)
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	replies := func(m engine.Move) int64 {
		q, _ := (variants.Nim{}).Apply(p, m)
		a, _ := engine.Analyze(variants.Nim{}, q, engine.Normal)
		return a.WinningCount
	}
	for o := range (variants.Nim{}).Moves(p, 2) { // few enough to be weighed all
		if replies(o) < replies(m) {
			t.Errorf("stubborn %v leaves %d replies, %v only %d", m, replies(m), o, replies(o))
		}
	}
}

func TestSolverOnNim(t *testing.T) {
	s := engine.NewSolver(variants.Nim{}, engine.Normal)
	if s.Outcome(engine.Position{1, 2, 3}) != engine.P || s.Outcome(engine.Position{1, 2, 4}) != engine.N {
		t.Error("solver disagrees with 1⊕2⊕3 = 0")
	}
	m := engine.NewSolver(variants.Nim{}, engine.Misere)
	if m.Outcome(engine.Position{0, 0}) != engine.N || m.Outcome(engine.Position{1}) != engine.P {
		t.Error("misère: no move left is a win, a single match a loss")
	}
}

func TestNimSumTable(t *testing.T) {
	tab := engine.NimSumTable{
		Labels: []engine.Text{engine.T("label.heap", 1), engine.T("label.heap", 2)},
		Values: []uint64{5, 3}, Sum: 6,
	}
	got := strings.Join(tab.Lines(engine.PlainLayout(en)), "\n")
	want := "  heap 1   5 = 101\n  heap 2   3 = 011\n  nim-sum  6 = 110\n               ^ the highest 1 of the nim-sum is bit 2 (2^2 = 4)"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWidth(t *testing.T) {
	for s, w := range map[string]int{"heap": 4, "第 1 堆": 7, "异或和": 6, "⊕": 1, "e\u0301": 1, "é": 1, "👍": 2, "，：": 4} {
		if engine.Width(s) != w {
			t.Errorf("%q: width %d, want %d", s, engine.Width(s), w)
		}
	}
}

func heaps(n int, seed uint64) engine.Position {
	r := rand.New(rand.NewPCG(seed, 7))
	p := make(engine.Position, n)
	for i := range p {
		p[i] = r.Int64N(1e9)
	}
	return p
}

// An engine move on 1,000 heaps from an N-position.
func BenchmarkComputerMoveWinning(b *testing.B) {
	p := heaps(1000, 1)
	pl := engine.NewPlayer(engine.Perfect, 1)
	for b.Loop() {
		if _, kind, _ := pl.Choose(variants.Nim{}, p, engine.Normal); kind != engine.Winning {
			b.Fatal("not an N-position")
		}
	}
}

// An engine move on 1,000 heaps from a P-position: the stubborn move.
func BenchmarkComputerMoveStubborn(b *testing.B) {
	p := heaps(1000, 1)
	a, _ := engine.Analyze(variants.Nim{}, p, engine.Normal)
	p = a.After
	pl := engine.NewPlayer(engine.Perfect, 1)
	for b.Loop() {
		if _, kind, _ := pl.Choose(variants.Nim{}, p, engine.Normal); kind != engine.Stubborn {
			b.Fatal("not a P-position")
		}
	}
}

// The analysis (with its explanation) of 1,000 heaps.
func BenchmarkAnalyze1000(b *testing.B) {
	p := heaps(1000, 2)
	for b.Loop() {
		if _, err := engine.Analyze(variants.Nim{}, p, engine.Misere); err != nil {
			b.Fatal(err)
		}
	}
}

// The retrograde analysis, the reference for games that loop, agrees with
// the search by depth on games that do not: every position reachable from
// small starts of Nim, Kayles and Moore's Nim_2, both conventions, the
// outcome (never a draw), the winning moves in natural order, and the
// soonest first one leaves a position the search also calls lost.
func TestRetrogradeAgreesWithSolver(t *testing.T) {
	t.Parallel()
	kayles, err := variants.NewTakeBreak("kayles")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g      engine.Game
		starts []engine.Position
	}{
		{variants.Nim{}, []engine.Position{{3, 4, 5}, {2, 2, 6}}},
		{kayles, []engine.Position{{7, 4}, {9}}},
		{variants.Moore{K: 2}, []engine.Position{{3, 5, 6}, {4, 4, 2}}},
	} {
		for _, conv := range []engine.Convention{engine.Normal, engine.Misere} {
			r, ok := engine.Retrograde(c.g, conv, 1<<20, c.starts...)
			if !ok {
				t.Fatal("more positions than the bound")
			}
			s := engine.NewSolver(c.g, conv)
			seen := map[string]bool{}
			var walk func(p engine.Position)
			walk = func(p engine.Position) {
				if seen[p.String()] {
					return
				}
				seen[p.String()] = true
				if got, want := r.Outcome(p), s.Outcome(p); got != want {
					t.Fatalf("%s %v %v: retrograde %v, search %v", c.g.Name(), p, conv, got, want)
				}
				win := r.Winning(p)
				if want := s.WinningMoves(p); !slices.Equal(win, want) {
					t.Fatalf("%s %v %v: retrograde %v, search %v", c.g.Name(), p, conv, win, want)
				}
				if len(win) > 0 {
					q, _ := c.g.Apply(p, r.SoonestFirst(p, win)[0])
					if s.Outcome(q) != engine.P || r.Steps(q) >= r.Steps(p) {
						t.Fatalf("%s %v %v: the soonest move leaves %v (%v, %d steps from %d)", c.g.Name(), p, conv, q, s.Outcome(q), r.Steps(q), r.Steps(p))
					}
				}
				// Remoteness: the winner hurries, the loser holds out.
				var lo, hi int32 = -1, -1
				for m := range c.g.Moves(p, 0) {
					q, _ := c.g.Apply(p, m)
					if st := r.Steps(q); r.Outcome(q) == engine.P && (lo < 0 || st < lo) {
						lo = st
					}
					hi = max(hi, r.Steps(q))
					walk(q)
				}
				want := hi + 1 // a lost position: the longest; none: 0
				if r.Outcome(p) == engine.N && lo >= 0 {
					want = lo + 1
				}
				if r.Steps(p) != want {
					t.Fatalf("%s %v %v: %d steps, want %d", c.g.Name(), p, conv, r.Steps(p), want)
				}
			}
			for _, p := range c.starts {
				walk(p)
			}
			if r.Size() != len(seen) {
				t.Fatalf("%s %v: %d positions analysed, %d reachable", c.g.Name(), conv, r.Size(), len(seen))
			}
		}
	}
}
