package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

var conventions2 = []bool{false, true}

func convName(misere bool) string {
	if misere {
		return "misere"
	}
	return "normal"
}

// A legal move changes the position as the engine says, and the computer
// replies with the engine's move.
func TestLegalMoveAndReply(t *testing.T) {
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 24)
				var mv engine.Move
				for first := range m.g.Moves(m.pos, 1) {
					mv = first
					break
				}
				want, err := m.g.Apply(m.pos, mv)
				if err != nil {
					t.Fatal(err)
				}
				m = press(m, selectKeys(m, mv)...)
				if m.pos.String() != want.String() {
					t.Fatalf("after %v: position %v, want %v", mv, m.pos, want)
				}
				if len(m.history) != 1 || m.history[0].by != human || m.history[0].move != mv {
					t.Fatalf("history %+v, want the player's %v", m.history, mv)
				}
				if m.keys.Confirm.Enabled() {
					t.Error("enter still works while the computer thinks")
				}
				cpu := expectedReply(t, m)
				if m.pending.move != cpu {
					t.Errorf("the computer will play %v, the engine says %v", m.pending.move, cpu)
				}
				after, _ := m.g.Apply(m.pos, cpu)
				m = reply(t, m)
				if m.pos.String() != after.String() || m.toMove != human {
					t.Errorf("after the reply: %v (to move %v), want %v (the player)", m.pos, m.toMove, after)
				}
				if !strings.Contains(m.note, "The computer:") {
					t.Errorf("the computer did not say what it did: %q", m.note)
				}
			})
		}
	}
}

// An illegal move is refused with a message and changes nothing.
func TestIllegalMoveRefused(t *testing.T) {
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 24)
				start := m.pos.String()
				too := m.limit(m.where) + 1
				m = press(m, append(strings.Split(fmt.Sprint(too), ""), "enter")...)
				if m.pos.String() != start || len(m.history) != 0 || m.thinking {
					t.Fatalf("taking %d changed the game: %v, history %v", too, m.pos, m.history)
				}
				if !m.noteBad || !strings.Contains(m.note, "Not allowed") {
					t.Errorf("no refusal shown: %q", m.note)
				}
				if !strings.Contains(m.view(), "Not allowed") {
					t.Error("the refusal is not on the screen")
				}
				m = press(m, "0", "enter")
				if m.pos.String() != start {
					t.Errorf("taking 0 changed the position to %v", m.pos)
				}
			})
		}
	}
}

// Undo takes back the reply and the move; redo plays them again.
func TestUndoRedo(t *testing.T) {
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 24)
				if m.keys.Undo.Enabled() || m.keys.Redo.Enabled() {
					t.Fatal("undo or redo offered before any move")
				}
				start := m.pos.String()
				m = press(m, "w", "enter")
				m = reply(t, m)
				played := m.pos.String()
				m = press(m, "u")
				if m.pos.String() != start || m.toMove != human || len(m.history) != 0 {
					t.Fatalf("after undo: %v, to move %v, history %d; want %s, the player, none", m.pos, m.toMove, len(m.history), start)
				}
				if !m.keys.Redo.Enabled() {
					t.Fatal("redo not offered after undo")
				}
				m = press(m, "U")
				if m.pos.String() != played || m.toMove != human || len(m.history) != 2 || m.thinking {
					t.Fatalf("after redo: %v, to move %v, history %d; want %s, the player, 2", m.pos, m.toMove, len(m.history), played)
				}
				m = press(m, "u")
				m = press(m, "ctrl+r")
				if m.pos.String() != played {
					t.Fatalf("ctrl+r: %v, want %v", m.pos, played)
				}
			})
		}
	}
}

// Undo while the computer thinks takes back the move; the stale reply is
// ignored.
func TestUndoWhileThinking(t *testing.T) {
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m = press(m, "w", "enter")
	stale := m.seq
	m = press(m, "u")
	m, _ = m.update(computerMoveMsg{seq: stale})
	if m.pos.String() != "3 6 9" || m.thinking || len(m.history) != 0 {
		t.Fatalf("after undo and a stale reply: %v, thinking %v, history %v", m.pos, m.thinking, m.history)
	}
}

// The hint shows the canonical winning move and selects it; "why" mode
// keeps it back until then.
func TestHint(t *testing.T) {
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 40)
				a, err := engine.Analyze(m.g, m.pos, m.conv)
				if err != nil || a.Move == nil {
					t.Fatalf("start %v has no winning move: %v", m.pos, err)
				}
				move := m.g.DescribeMove(*a.Move).Render(m.cat)
				if v := m.view(); strings.Contains(v, "Hint:") || strings.Contains(v, move) {
					t.Errorf("the winning move %q shows before the hint:\n%s", move, v)
				}
				m = press(m, "w")
				if m.selected() != *a.Move {
					t.Errorf("hint selected %v, want %v", m.selected(), *a.Move)
				}
				if v := m.view(); !strings.Contains(v, "Hint:") || !strings.Contains(flat(v), move) {
					t.Errorf("the hint %q is not on the screen:\n%s", move, v)
				}
				m = press(m, "e") // teach: the winning move is always shown
				m.hint = false
				if v := m.view(); !strings.Contains(flat(v), move) {
					t.Errorf("teach mode does not show %q:\n%s", move, v)
				}
			})
		}
	}
}

// flat joins wrapped lines so that a sentence can be searched.
func flat(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		b.WriteString(strings.TrimSpace(l) + " ")
	}
	return b.String()
}

// Playing the hint every turn wins from an N-position in both conventions;
// in misère play the computer is left the last move.
func TestGameOver(t *testing.T) {
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := playOut(t, newTestPlay(t, g.options(misere, "me"), 80, 24), func(m play) []string { return []string{"w", "enter"} })
				if m.winner() != human {
					t.Fatalf("perfect play from %v lost: history %v", m.start, m.history)
				}
				last := m.history[len(m.history)-1].by
				if misere && last != computer || !misere && last != human {
					t.Errorf("%s: the last move was made by %v", convName(misere), last)
				}
				v := m.view()
				if !strings.Contains(v, "You win!") || !strings.Contains(v, "r rematch") {
					t.Errorf("no game-over screen:\n%s", v)
				}
				if m.keys.Confirm.Enabled() || !m.keys.Rematch.Enabled() {
					t.Error("moves still offered, or rematch not offered, after the game")
				}
				m = press(m, "r")
				if m.pos.String() != m.start.String() || len(m.history) != 0 || m.toMove != human {
					t.Errorf("rematch: %v, history %d", m.pos, len(m.history))
				}
			})
		}
	}
}

// The computer moving first from an N-position wins whatever the player
// does.
func TestComputerFirstWins(t *testing.T) {
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "computer"), 80, 24)
				if cpu := expectedReply(t, m); m.pending.move != cpu {
					t.Fatalf("first move %v, the engine says %v", m.pending.move, cpu)
				}
				m = playOut(t, m, func(m play) []string {
					for mv := range m.g.Moves(m.pos, 1) {
						return selectKeys(m, mv)
					}
					return nil
				})
				if m.winner() != computer {
					t.Fatalf("the computer lost from %v: %v", m.start, m.history)
				}
				if v := m.view(); !strings.Contains(v, "The computer wins.") {
					t.Errorf("no game-over screen:\n%s", v)
				}
			})
		}
	}
}

// playOut plays until the game is over: the player presses the keys turn
// gives, the computer replies with the engine's move.
func playOut(t *testing.T, m play, turn func(play) []string) play {
	t.Helper()
	for range 500 {
		switch {
		case m.over():
			return m
		case m.thinking:
			if cpu := expectedReply(t, m); m.pending.move != cpu {
				t.Fatalf("at %v the computer will play %v, the engine says %v", m.pos, m.pending.move, cpu)
			}
			m = reply(t, m)
		default:
			before := len(m.history)
			m = press(m, turn(m)...)
			if len(m.history) == before {
				t.Fatalf("the move at %v was refused: %s", m.pos, m.note)
			}
		}
	}
	t.Fatal("the game did not end")
	return m
}

// A click on a match takes it and every match after it.
func TestMouseTakesFromClickedMatch(t *testing.T) {
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	b := m.heapGeometry(80 - 2*margin)
	// Heap 3 (9 matches) is on the board's third row; click its 6th match.
	x, y := margin+b.x0+5*b.cw, boardTop+2
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionMotion, Button: tea.MouseButtonNone})
	if m.selected() != (engine.Move{Where: 3, Amount: 4}) {
		t.Fatalf("hover selects %v, want take 4 from heap 3", m.selected())
	}
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.pos.String() != "3 6 5" {
		t.Fatalf("click left %v, want 3 6 5", m.pos)
	}
	m, _ = m.update(tea.MouseMsg{X: 0, Y: 0, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if len(m.history) != 1 {
		t.Error("a click off the board made a move")
	}
}

// Keys move the selection and the amount within the legal range, and keys
// typed together arrive as one message.
func TestSelectionKeys(t *testing.T) {
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m = press(m, "l", "l", "l", "+", "+", "+")
	if m.selected() != (engine.Move{Where: 3, Amount: 4}) {
		t.Fatalf("selected %v, want take 4 from heap 3", m.selected())
	}
	m = press(m, "-", "-", "-", "-", "-", "h")
	if m.selected() != (engine.Move{Where: 2, Amount: 1}) {
		t.Fatalf("selected %v, want take 1 from heap 2", m.selected())
	}
	m, _ = m.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("l4")})
	if m.selected() != (engine.Move{Where: 3, Amount: 4}) {
		t.Fatalf("\"l4\" selected %v, want take 4 from heap 3", m.selected())
	}
	// Subtraction: amounts step through the set.
	m = newTestPlay(t, games[3].options(false, "me"), 80, 24)
	m = press(m, "up", "up")
	if m.amount != 4 {
		t.Errorf("subtraction {1,3,4}: two steps up from 1 give %d, want 4", m.amount)
	}
}

// Misère play: the player who takes the last match loses.
func TestMisereLastMatchLoses(t *testing.T) {
	o := games[0].options(true, "me")
	o.Position = engine.Position{0, 0, 1}
	m := newTestPlay(t, o, 80, 24)
	m = press(m, "enter")
	if !m.over() || m.winner() != computer {
		t.Fatalf("taking the last match in misère play: over %v, winner %v", m.over(), m.winner())
	}
	if !strings.Contains(m.view(), "in misère play the last move loses") {
		t.Errorf("the reason is not shown:\n%s", m.view())
	}
	o.Game.Misere = false
	m = press(newTestPlay(t, o, 80, 24), "enter")
	if m.winner() != human {
		t.Fatal("taking the last match in normal play did not win")
	}
}

// Demo mode: the computer plays both sides at full strength, each step
// explained with its move, until the game is over; d stops it.
func TestDemo(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			m := newTestPlay(t, g.options(false, "me"), 80, 24)
			m = press(m, "d")
			if !m.thinking || m.pending.by != human || m.keys.Confirm.Enabled() {
				t.Fatalf("demo did not start playing the player's side")
			}
			a, _ := engine.Analyze(m.g, m.pos, m.conv)
			if !strings.Contains(flat(m.view()), m.g.DescribeMove(*a.Move).Render(m.cat)) {
				t.Errorf("demo does not show the winning move:\n%s", m.view())
			}
			for range 500 {
				if m.over() {
					break
				}
				if cpu := expectedReply(t, m); m.pending.move != cpu {
					t.Fatalf("demo at %v plays %v, the engine says %v", m.pos, m.pending.move, cpu)
				}
				m = reply(t, m)
			}
			if !m.over() || m.winner() != human {
				t.Fatalf("demo from the N-position %v: over %v, winner %v", m.start, m.over(), m.winner())
			}
			if !strings.Contains(flat(m.view()), "the computer played your side too") {
				t.Errorf("the end of a demo does not say who played:\n%s", m.view())
			}
			m = press(m, "r", "d", "p")
			m = reply(t, m) // the move already chosen is played
			if m.thinking {
				t.Fatal("the paused demo goes on")
			}
			m = press(m, " ")
			if !m.thinking || m.pending.by != computer {
				t.Fatal("space did not play the next move of the paused demo")
			}
			m = reply(t, m)
			m = press(m, "p")
			if !m.thinking {
				t.Fatal("p did not resume the demo")
			}
			m = press(m, "d")
			if m.thinking || m.demo || !m.keys.Confirm.Enabled() {
				t.Error("d did not stop the demo")
			}
		})
	}
}

// A click on a coin moves it and the coins after it down a stair; a click
// on a free cell moves the chessman to its right there.
func TestMouseStairsAndCells(t *testing.T) {
	m := newTestPlay(t, games[4].options(false, "me"), 80, 24) // stairs 2 3 0 4 1
	_, b := m.stairLayout(80 - 2*margin)
	x, y := margin+b.x0+2*3+1*b.cw, boardTop+1 // stair 3's second coin
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if len(m.history) != 1 || m.history[0].move != (engine.Move{Where: 3, Amount: 3}) {
		t.Fatalf("click on stair 3's second coin: history %v, want 3 coins down from stair 3", m.history)
	}
	m = newTestPlay(t, games[5].options(false, "me"), 80, 24) // cells 1 5 6 7 9 12 14 17
	x, y = margin+1+2*4, boardTop+1                           // cell 3
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionMotion, Button: tea.MouseButtonNone})
	if m.selected() != (engine.Move{Where: 2, Amount: 2}) {
		t.Fatalf("hover on cell 3 selects %v, want chessman 2 left 2", m.selected())
	}
	if !strings.Contains(m.view(), "Chessman 2 would go to cell 3") {
		t.Errorf("the preview does not show:\n%s", m.view())
	}
	m, _ = m.update(tea.MouseMsg{X: margin + 1 + 4*4, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if len(m.history) != 0 {
		t.Errorf("a click on chessman 2's own cell made a move: %v", m.history)
	}
}

// Without a position, the game starts from a random N-position in the
// convention played.
func TestRandomStart(t *testing.T) {
	for _, g := range games {
		for _, misere := range conventions2 {
			o := g.options(misere, "me")
			o.Position = nil
			for seed := uint64(1); seed <= 20; seed++ {
				o.Seed = seed
				m := newTestPlay(t, o, 80, 24)
				if m.analysis.Outcome != engine.N {
					t.Errorf("%s %s seed %d: %v is a P-position", g.name, convName(misere), seed, m.pos)
				}
			}
		}
	}
}

// A board taller than the screen shows a window around the selection, and
// the mouse still finds the heap under it.
func TestTallBoard(t *testing.T) {
	o := games[0].options(false, "me")
	o.Position = make(engine.Position, 30)
	for i := range o.Position {
		o.Position[i] = int64(i%7 + 1)
	}
	m := newTestPlay(t, o, 80, 24)
	m = press(m, strings.Split(strings.Repeat("l", 19), "")...)
	v := m.view()
	if n := len(strings.Split(v, "\n")); n > 24 {
		t.Fatalf("%d lines on 24 rows", n)
	}
	if !strings.Contains(v, "▸ heap 20") || !strings.Contains(v, "more above") || !strings.Contains(v, "more below") {
		t.Fatalf("the selected heap 20 is not in view:\n%s", v)
	}
	first, _ := m.boardWindow(30)
	b := m.heapGeometry(80 - 2*margin)
	y := boardTop + 1 + (22 - first) // heap 23's row under the "above" line
	m, _ = m.update(tea.MouseMsg{X: margin + b.x0, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if len(m.history) != 1 || m.history[0].move != (engine.Move{Where: 23, Amount: o.Position[22]}) {
		t.Fatalf("click on heap 23's first match: %v", m.history)
	}
}

// < and > choose the demo's pace, within its range, only in demo mode.
func TestDemoPace(t *testing.T) {
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	if m = press(m, ">"); m.demoPace != 1 {
		t.Errorf("> outside demo mode changed the pace to %d", m.demoPace)
	}
	m = press(m, "d", ">")
	if m.demoPace != 2 || !strings.Contains(flat(m.view()), "a move every 0.7 s") {
		t.Errorf("> in demo mode: pace %d, view\n%s", m.demoPace, m.view())
	}
	m = press(m, ">", ">", ">")
	if m.demoPace != len(demoPaces)-1 {
		t.Errorf("pace %d past the fastest", m.demoPace)
	}
	m = press(m, "<", "<", "<", "<", "<")
	if m.demoPace != 0 || !strings.Contains(flat(m.view()), "a move every 3 s") {
		t.Errorf("pace %d below the slowest", m.demoPace)
	}
}

// A start with no move, or a quiz question with no winning move, is refused
// with the engine's words before the screen opens; nothing panics.
func TestUnplayableStarts(t *testing.T) {
	for _, c := range []struct {
		game string
		set  string
		pos  engine.Position
		quiz bool
		says string
	}{
		{"staircase", "", engine.Position{5}, false, "5 has no legal move"},
		{"nim", "", engine.Position{0, 0}, false, "0 0 has no legal move"},
		{"subtraction", "5", engine.Position{3}, false, "3 has no legal move"},
		{"nim", "", engine.Position{1, 2, 3}, true, "1 2 3 has no winning move to find"},
	} {
		o := Options{Game: variants.Config{Name: c.game, Set: c.set}, Position: c.pos, Quiz: c.quiz, Seed: 1, Lang: "en"}
		_, err := newPlay(o, assets.Messages("en"), &testStyles)
		if !errors.Is(err, engine.ErrRefused) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s %v (quiz %v): %v, want a refusal saying %q", c.game, c.pos, c.quiz, err, c.says)
		}
	}
	// A quiz from a given N-position asks it first.
	o := Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 6, 9}, Quiz: true, Seed: 1, Lang: "en"}
	if m := newTestPlay(t, o, 80, 24); !slices.Equal(m.pos, o.Position) {
		t.Errorf("the quiz asks %v first, not the position given", m.pos)
	}
}

// The selection starts on the first heap that can move, with a legal take.
func TestSelectionStartsOnAMove(t *testing.T) {
	o := Options{Game: variants.Config{Name: "subtraction", Set: "5,7"}, Position: engine.Position{3, 4, 12}, Seed: 1, Lang: "en"}
	if m := newTestPlay(t, o, 80, 24); m.where != 3 || m.amount != 5 {
		t.Errorf("selection at heap %d taking %d, want heap 3 taking 5", m.where, m.amount)
	}
}

// A typed amount the heap cannot give is refused on screen before enter,
// with no preview of it; with the amount cleared the selection stays marked.
func TestTypedAmountBeyondTheHeap(t *testing.T) {
	o := Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 6, 9}, Seed: 1, Lang: "en", First: "me"}
	m := press(newTestPlay(t, o, 80, 24), "l", "l", "4", "7")
	v := flat(m.view())
	if !strings.Contains(v, "✗ nim: heap 3 has 9 matches, cannot take 47") || strings.Contains(v, "−47") || strings.Contains(v, "−9") {
		t.Errorf("amount 47 from a heap of 9:\n%s", m.view())
	}
	m = press(m, "backspace", "backspace")
	if row := strings.Split(m.view(), "\n")[4]; m.amount != 0 || !strings.Contains(row, "▸ heap 3") {
		t.Errorf("with no amount, heap 3's row is %q", row)
	}
}

// Below the minimum size the screen says so, and keys make no unseen move.
func TestTooSmallTakesNoKeys(t *testing.T) {
	o := Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 6, 9}, Seed: 1, Lang: "en", First: "me"}
	m := newTestPlay(t, o, 50, 15)
	m = press(m, "l", "l", "4", "enter")
	if len(m.history) != 0 || !strings.Contains(m.view(), "Terminal too small") {
		t.Errorf("at 50×15 the keys made %d moves; view:\n%s", len(m.history), m.view())
	}
}

// A row of chessmen too long even folded shows a window around the
// selected chessman.
func TestLongRowFollowsTheSelection(t *testing.T) {
	var cells engine.Position
	for c := int64(4); c <= 200; c += 5 {
		cells = append(cells, c)
	}
	o := Options{Game: variants.Config{Name: "georgia-bob"}, Position: cells, Seed: 1, Lang: "en", First: "me"}
	m := newTestPlay(t, o, 80, 24)
	for range 29 {
		m = press(m, "l")
	}
	if m.where != 30 || !strings.Contains(m.view(), "[30]") {
		t.Errorf("chessman %d selected; the row shows:\n%s", m.where, m.view())
	}
}
