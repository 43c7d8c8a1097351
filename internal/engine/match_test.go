package engine_test

import (
	"slices"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// A match plays moves in turn, grades them, takes them back and makes them
// again, and names the winner by the convention.
func TestMatch(t *testing.T) {
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		m, err := engine.NewMatch(variants.Nim{}, c, engine.Position{1, 2, 4})
		if err != nil {
			t.Fatal(err)
		}
		if m.ToMove() != engine.First || m.Over() || m.Now().Outcome != engine.N {
			t.Fatalf("%v: start %v, to move %v", c, m.Position(), m.ToMove())
		}
		// A slip: 1 2 4 → 1 2 3 is P in both conventions, so take 1 from
		// heap 3 wins; taking 1 from heap 1 slips.
		slip, err := m.Play(engine.At(1, 1), false, 0)
		if err != nil || slip.Verdict != engine.Slips || slip.Side != engine.First || m.ToMove() != engine.Second {
			t.Fatalf("%v: slip %+v, %v", c, slip, err)
		}
		m.TakeBack(0)
		if !slices.Equal(m.Position(), engine.Position{1, 2, 4}) || m.ToMove() != engine.First || !m.CanRedo() {
			t.Fatalf("%v: after taking back: %v, to move %v", c, m.Position(), m.ToMove())
		}
		win, _ := m.Play(*m.Now().Move, false, 0)
		if win.Verdict != engine.Wins || m.CanRedo() || m.Now().Outcome != engine.P {
			t.Fatalf("%v: the canonical move %+v is not graded a win", c, win)
		}
		held, _ := m.Play(engine.At(3, 3), true, engine.Stubborn)
		if held.Verdict != engine.HoldsOut || !held.Auto {
			t.Fatalf("%v: from a P-position, %+v", c, held)
		}
		for !m.Over() { // take heaps one at a time
			for i, h := range m.Position() {
				if h > 0 {
					m.Play(engine.At(i+1, h), false, 0)
					break
				}
			}
		}
		last := m.Turns()[len(m.Turns())-1].Side
		want := last
		if c == engine.Misere {
			want = last.Other()
		}
		if m.Winner() != want || m.Played() != len(m.Turns()) {
			t.Errorf("%v: the last move by %v, winner %v", c, last, m.Winner())
		}
		if _, err := m.Play(engine.At(1, 1), false, 0); err == nil {
			t.Errorf("%v: a move after the end was taken", c)
		}
	}
}

// A match that forgets keeps no turns but counts them.
func TestMatchForget(t *testing.T) {
	m, _ := engine.NewMatch(variants.Nim{}, engine.Normal, engine.Position{5, 5})
	m.Forget = true
	m.Play(engine.At(1, 1), false, 0)
	m.Play(engine.At(2, 1), false, 0)
	if len(m.Turns()) != 0 || m.Played() != 2 || !slices.Equal(m.Position(), engine.Position{4, 4}) {
		t.Errorf("turns %v, played %d, position %v", m.Turns(), m.Played(), m.Position())
	}
}
