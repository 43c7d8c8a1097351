package tui

import (
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Issue 18, demos under control: u (or ←) steps a paused demo back one
// move, → or space plays it again, and the steps back are said.
func TestDemoStepsBack(t *testing.T) {
	t.Parallel()
	m := press(newTestPlay(t, games[0].options(false, "me"), 80, 24), "d")
	m = reply(t, press(m, " "))
	m = reply(t, press(m, " "))
	played := slices.Clone(m.match.Turns())
	if len(played) != 2 || !m.keys.StepBack.Enabled() {
		t.Fatalf("two steps: %d moves, step back enabled %v", len(played), m.keys.StepBack.Enabled())
	}
	m = press(m, "u")
	if m.match.Played() != 1 || m.thinking || !demoOn(m) || !demoPaused(m) {
		t.Fatalf("u: %d moves played, thinking %v, demo %+v", m.match.Played(), m.thinking, m.mode)
	}
	if v := flat(m.view()); !strings.Contains(v, "Move taken back") || !strings.Contains(v, "u/←") {
		t.Errorf("the step back is not said, or not in the key line:\n%s", m.view())
	}
	m = press(m, "left")
	if m.match.Played() != 0 || !slices.Equal(m.pos(), games[0].start) || m.keys.StepBack.Enabled() {
		t.Fatalf("←: %d moves played at %v; step back enabled %v", m.match.Played(), m.pos(), m.keys.StepBack.Enabled())
	}
	demoPlaysAgain(t, m, played)
}

// demoPlaysAgain: after stepping back to the start, → and space play
// the moves taken back again at once, then the next is chosen; a running
// demo steps back paused.
func demoPlaysAgain(t *testing.T, m play, played []engine.Turn) {
	t.Helper()
	m = press(m, "right") // the same move again, at once
	if m.thinking || m.match.Played() != 1 || m.match.Turns()[0].Move != played[0].Move {
		t.Fatalf("→ after stepping back: thinking %v, moves %v", m.thinking, m.match.Turns())
	}
	m = press(m, " ")
	if m.thinking || m.match.Played() != 2 || m.match.Turns()[1].Move != played[1].Move {
		t.Fatalf("space after stepping back: thinking %v, moves %v", m.thinking, m.match.Turns())
	}
	m = reply(t, press(m, " ")) // nothing left to play again: the next move is chosen
	if m.match.Played() != 3 {
		t.Fatalf("space: %d moves", m.match.Played())
	}
	// A running demo steps back paused.
	m = press(m, "p", "u")
	if !demoPaused(m) || m.thinking || m.match.Played() != 2 {
		t.Errorf("u while running: paused %v, thinking %v, %d moves", demoPaused(m), m.thinking, m.match.Played())
	}
}

// Issue 18: where there are several winning moves, m chooses which one
// the demo shows and plays; the note says which of how many.
func TestDemoChoosesTheWinningMove(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me")
	o.Position = engine.Position{5, 6, 7} // nim-sum 4: each heap has a winning move
	m := press(newTestPlay(t, o, 80, 24), "d")
	win := m.match.Now().Winning
	if len(win) != 3 || !m.keys.Other.Enabled() {
		t.Fatalf("winning moves %v, m enabled %v", win, m.keys.Other.Enabled())
	}
	m = press(m, "m")
	said := m.game().DescribeMove(win[1]).Render(m.cat)
	if v := flat(m.view()); !strings.Contains(v, said) || !strings.Contains(v, "2 of 3") {
		t.Fatalf("m does not say the second winning move (%s):\n%s", said, m.view())
	}
	m = reply(t, press(m, " "))
	if got := m.match.Turns()[0].Move; got != win[1] {
		t.Fatalf("the demo played %v, the move chosen was %v", got, win[1])
	}
	// After the move, the choice starts again from the first.
	m = press(m, "u", "m", "m", "m")
	if m = reply(t, press(m, " ")); m.match.Turns()[0].Move != win[0] {
		t.Errorf("m three times of three: played %v, want the first %v", m.match.Turns()[0].Move, win[0])
	}
	// A P-position has no winning move to choose.
	o.Position = engine.Position{1, 2, 3}
	if m := press(newTestPlay(t, o, 80, 24), "d"); m.keys.Other.Enabled() {
		t.Error("m is offered in a P-position")
	}
}
