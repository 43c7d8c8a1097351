package picture

import (
	"errors"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// TestMoveNamed: a move is found by its fields or its words, in any
// game, and a spec that matches none or many is refused with the reason.
func TestMoveNamed(t *testing.T) {
	for _, c := range []struct {
		spec, move, lang string
		want             string // the move's fields, as --move writes them
	}{
		{"nim 3 5", "heap=2,take=3", "en", "heap=2,take=3"},
		{"nim 3 5", " Heap = 2 , take=3 ", "en", "heap=2,take=3"},
		{"nim 3 5", "take 3 from heap 2", "en", "heap=2,take=3"},
		{"nim 3 5", "Take 3 from heap 2.", "en", "heap=2,take=3"},
		{"nim 3 5", "从第 2 堆取走 3 根", "zh", "heap=2,take=3"},
		{"bash --max 3 10", "take=2", "en", "take=2"},
		{"wythoff 3 5", "take_a=2,take_b=2", "en", "take_a=2,take_b=2"},
		{"hackenbush 0-1 1-2 0-3", "edge=2", "en", "edge=2,u=1,v=2"},
		{"kayles 7", "heap=1,take=1,left=3", "en", "heap=1,take=1,left=3,right=3"},
		{"moore --k 2 3 5 6", "heap=1,take=1,heap=2,take=1", "en", "heap=1,take=1,heap=2,take=1"},
		{"nim 3 5 + kayles 7", "component=2,heap=1,take=2,left=0", "en", "component=2,heap=1,take=2,left=0,right=5"},
		{"nim 1000000000000 7", "heap=1,take=999999999993", "en", "heap=1,take=999999999993"}, // built, not read: a trillion moves
	} {
		f := figureOf(t, c.spec, c.lang)
		m, err := MoveNamed(f.Game, f.Pos, c.move, f.Cat)
		if err != nil {
			t.Errorf("%s --move %q: %v", c.spec, c.move, engine.Message(err, f.Cat))
			continue
		}
		if got := writeFields(flatFields(f.Game.MoveFields(f.Pos, m))); got != c.want {
			t.Errorf("%s --move %q is %s, want %s", c.spec, c.move, got, c.want)
		}
		if _, err := f.Game.Apply(f.Pos, m); err != nil {
			t.Errorf("%s --move %q found an illegal move: %v", c.spec, c.move, err)
		}
	}
}

func TestMoveNamedRefused(t *testing.T) {
	for _, c := range []struct {
		spec, move, key string
	}{
		{"nim 3 5", "heap=2", "err.picture.move.many"},
		{"nim 3 5", "heap=3,take=1", "err.picture.move.none"},
		{"nim 3 5", "heap=1,take=4", "err.picture.move.none"},
		{"nim 3 5", "pile=1,take=1", "err.picture.move.field"},
		{"nim 3 5", "heap=x", "err.picture.move.syntax"},
		{"nim 3 5", "", "err.picture.move.syntax"},
		{"nim 3 5", "take 9 from heap 9", "err.picture.move.none"},
		{"kayles 7", "heap=1,take=1", "err.picture.move.many"}, // where the rest is split is not said
		{"nim 1000000000000 7", "take 5 from heap 1", "err.picture.move.words"},
		// A hostile trial: fields that match more moves than are read hung
		// (each match was looked up among those found) and a move built
		// from the numbers given would have been taken for the one meant.
		{"nim 9223372036854775807", "heap=1", "err.picture.move.more"},
		{"nim 1000000000000 7", "heap=1", "err.picture.move.more"},
	} {
		f := figureOf(t, c.spec, "en")
		_, err := MoveNamed(f.Game, f.Pos, c.move, f.Cat)
		var r *engine.Refusal
		if !errors.As(err, &r) || r.Key != c.key {
			t.Errorf("%s --move %q: %v, want the refusal %s", c.spec, c.move, err, c.key)
			continue
		}
		if msg := engine.Message(err, f.Cat); strings.Contains(msg, "%!") {
			t.Errorf("%s --move %q: a broken message: %s", c.spec, c.move, msg)
		}
	}
}
