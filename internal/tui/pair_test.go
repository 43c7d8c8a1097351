package tui

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// Issue 18: two people at one keyboard (--players 2). The engine
// referees: each side's move is chosen by keys, the computer never moves,
// whose turn it is and who won are said by player, and a slip is
// explained to the one who made it, as against the computer.
func TestTwoPlayers(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me") // nim 3 6 9
	o.Players = 2
	m := newTestPlay(t, o, 80, 24)
	if v := flat(m.view()); !strings.Contains(v, "Player 1 to move") || m.thinking {
		t.Fatalf("the start does not say Player 1 moves:\n%s", m.view())
	}
	slip := engine.At(1, 1) // 2 6 9: an N-position handed over
	m = press(m, selectKeys(m, slip)...)
	if m.thinking || m.match.Played() != 1 || !m.yourTurn() {
		t.Fatalf("after Player 1's move: thinking %v, %d moves, choosing %v", m.thinking, m.match.Played(), m.yourTurn())
	}
	v := flat(m.view())
	for _, want := range []string{"Player 2 to move", "Player 1's move (take 1 from heap 1) handed Player 2 an N-position"} {
		if !strings.Contains(v, want) {
			t.Errorf("after the slip the screen does not say %q:\n%s", want, m.view())
		}
	}
	if !strings.Contains(v, "Player 1: take 1 from heap 1, leaving 2 6 9.") {
		t.Errorf("the move is not said as Player 1's:\n%s", m.view())
	}
	if strings.Contains(strings.ToLower(v), "computer") || strings.Contains(v, "You") {
		t.Errorf("no computer plays, yet the screen names one:\n%s", m.view())
	}
	pairsToTheEnd(t, m)
}

// pairsToTheEnd: u takes back the last move, whoever made it; U plays it
// again; Player 2 plays on to the end, then Player 1: whoever moves last
// wins.
func pairsToTheEnd(t *testing.T, m play) {
	t.Helper()
	if m = press(m, "u"); m.match.Played() != 0 {
		t.Fatalf("u: %d moves", m.match.Played())
	}
	if m = press(m, "U"); m.match.Played() != 1 || !strings.Contains(flat(m.view()), "Player 2 to move") {
		t.Fatalf("U: %d moves:\n%s", m.match.Played(), m.view())
	}
	for !m.match.Over() {
		a, err := engine.Analyze(m.game(), m.pos(), engine.Normal)
		if err != nil {
			t.Fatal(err)
		}
		mv, _, _ := engine.HoldOut(m.game(), m.pos(), engine.Normal)
		if a.Move != nil {
			mv = *a.Move
		}
		m = press(m, selectKeys(m, mv)...)
		if m.thinking {
			t.Fatal("the computer thinks in a game of two people")
		}
	}
	if v := flat(m.view()); !strings.Contains(v, "Player 2 wins") || len(m.teller().mistakes()) != 1 {
		t.Errorf("the end: %d mistakes\n%s", len(m.teller().mistakes()), m.view())
	}
}

// The menu offers the second player: Opponent ‹ a second player ›, and
// then no row for who moves first or the computer's level.
func TestMenuTwoPlayers(t *testing.T) {
	t.Parallel()
	m := moveTo(newTestRoot(t, Options{Menu: true, Lang: "en"}), rowPlayers)
	m = updates(m, "right")
	v := flat(m.View())
	if !strings.Contains(v, "a second player, at this keyboard") || strings.Contains(v, "Who moves first") {
		t.Fatalf("the menu with a second player:\n%s", m.View())
	}
	m = updates(m, "enter")
	r := m.(*root)
	if r.screen != screenPlay || !r.play.opts.pairs() || !strings.Contains(flat(r.View()), "Player 1 to move") {
		t.Fatalf("enter: screen %v, players %d:\n%s", r.screen, r.play.opts.Players, r.View())
	}
}
