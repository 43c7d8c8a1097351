package engine_test

import (
	"slices"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Issue 27: a long game keeps the whole analysis of its last turns only,
// the older ones kept short and made whole again when taken back to; past
// the history limit it forgets its oldest turns two at a time, Start
// moving on with them, so that its memory does not grow with the game.
// (A test lowers the limit; it runs alone, before the parallel tests.)
func TestMatchHistoryIsBounded(t *testing.T) {
	defer func(n int) { *engine.HistoryLimit = n }(*engine.HistoryLimit)
	*engine.HistoryLimit = 100
	g := variants.Nim{}
	m, err := engine.NewMatch(g, engine.Normal, engine.Position{1000})
	if err != nil {
		t.Fatal(err)
	}
	for range 250 {
		if _, err := m.Play(engine.At(1, 1), false, engine.Winning); err != nil {
			t.Fatal(err)
		}
	}
	turns := m.Turns()
	if len(turns) > 100 || len(turns)+m.Forgotten() != 250 || m.Played() != 250 || m.Forgotten()%2 != 0 {
		t.Fatalf("%d turns kept, %d forgotten, %d played", len(turns), m.Forgotten(), m.Played())
	}
	if !slices.Equal(m.Start, engine.Position{int64(1000 - m.Forgotten())}) || turns[0].Side != engine.First || !slices.Equal(turns[0].Before.Position, m.Start) {
		t.Errorf("start %v after %d forgotten; the first kept turn is %v's from %v", m.Start, m.Forgotten(), turns[0].Side, turns[0].Before.Position)
	}
	whole := 0
	for _, turn := range turns {
		if !turn.Before.Brief() {
			whole++
		}
	}
	if whole > engine.ExplainedTurns {
		t.Errorf("%d turns keep their whole analysis", whole)
	}
	m.TakeBack(0)
	if now := m.Now(); now.Brief() || now.Explanation == nil || !slices.Equal(now.Position, m.Start) {
		t.Errorf("taken back to %v (brief %v)", now.Position, now.Brief())
	}
	if tr := m.Transcript("play", [2]string{}, nil); len(tr.Steps) != 0 {
		t.Errorf("a transcript of %d steps after taking everything back", len(tr.Steps))
	}
	for range len(turns) {
		if _, ok := m.Redo(); !ok {
			t.Fatal("a move taken back cannot be made again")
		}
	}
	for _, s := range m.Transcript("play", [2]string{}, nil).Steps {
		if s.Analysis.Brief() || s.Analysis.Explanation == nil {
			t.Fatalf("a transcript step at %v is brief", s.Analysis.Position)
		}
	}
}
