package variants

import (
	"iter"
	"math/big"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
)

var assetsEN = assets.Messages("en")

func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" { // many short-lived values: collect at 5× the live heap, not 2× (less CPU on the collector; GOGC wins)
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}

// firstMoves are the first n moves seq yields (fewer if it ends).
func firstMoves(seq iter.Seq[engine.Move], n int) []engine.Move {
	var first []engine.Move
	for m := range seq {
		if first = append(first, m); len(first) == n {
			break
		}
	}
	return first
}

// checkFirstWinning checks the first dozen winning moves of p, where the
// positions are too large to search: an N-position has one and a
// P-position none, each leaves a P-position, each comes after the one
// before it (before reports the natural order), and the count agrees with
// the list when the list is short.
func checkFirstWinning(t *testing.T, what string, g engine.Game, p engine.Position, c engine.Convention, before func(a, b engine.Move) bool) {
	t.Helper()
	sol, err := g.Solve(p, c)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	first := firstMoves(sol.Winning, 12)
	if (sol.Outcome == engine.N) != (len(first) > 0) {
		t.Fatalf("%s: %v with %d winning moves", what, sol.Outcome, len(first))
	}
	for i, m := range first {
		q, err := g.Apply(p, m)
		if err != nil {
			t.Fatalf("%s: %+v refused: %v", what, m, err)
		}
		if after, err := g.Solve(q, c); err != nil || after.Outcome != engine.P {
			t.Fatalf("%s: winning move %+v leaves %v, not a P-position (%v)", what, m, q, err)
		}
		if i > 0 && !before(first[i-1], m) {
			t.Fatalf("%s: %+v before %+v", what, first[i-1], m)
		}
	}
	if n := sol.Count(); len(first) < 12 && n != nil && n.Cmp(big.NewInt(int64(len(first)))) != 0 {
		t.Fatalf("%s: count %v, listed %d", what, n, len(first))
	}
}

// msg is a refusal as a person reads it, in English.
func msg(err error) string { return engine.Message(err, assetsEN) }

// explains checks a sample: g from p in normal play has outcome want, and
// the explanation (English) says each of says.
func explains(t *testing.T, g engine.Game, p engine.Position, want engine.Outcome, says ...string) {
	t.Helper()
	a, err := engine.Analyze(g, p, engine.Normal)
	if err != nil || a.Outcome != want {
		t.Fatalf("%v: %v (%v), want %v", p, a.Outcome, err, want)
	}
	text := strings.Join(a.Explanation.Lines(assetsEN), "\n")
	for _, s := range says {
		if !strings.Contains(text, s) {
			t.Errorf("%v: the explanation lacks %q:\n%s", p, s, text)
		}
	}
}
