package variants

import (
	"iter"
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
