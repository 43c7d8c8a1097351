package tui

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/serve"
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
	t.Parallel()
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 24)
				var mv engine.Move
				for first := range m.game().Moves(m.pos(), 1) {
					mv = first
					break
				}
				want, err := m.game().Apply(m.pos(), mv)
				if err != nil {
					t.Fatal(err)
				}
				m = press(m, selectKeys(m, mv)...)
				turns := m.match.Turns()
				if !slices.Equal(m.pos(), want) || len(turns) != 1 || turns[0].Auto || turns[0].Move != mv {
					t.Fatalf("after %v: position %v (want %v), turns %+v", mv, m.pos(), want, turns)
				}
				if m.keys.Confirm.Enabled() {
					t.Error("enter still works while the computer thinks")
				}
				cpu := expectedReply(t, m)
				if preview, shown := m.preview(); shown && preview != cpu {
					t.Errorf("the board shows the computer's move %v, the engine says %v", preview, cpu)
				}
				after, _ := m.game().Apply(m.pos(), cpu)
				m = reply(t, m)
				if !slices.Equal(m.pos(), after) || m.match.ToMove() != m.you {
					t.Errorf("after the reply: %v (to move %v), want %v (the person)", m.pos(), m.match.ToMove(), after)
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
	t.Parallel()
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 24)
				start := m.pos().String()
				last, _ := m.game().Amounts(m.pos(), m.sel.Where).Last()
				m = press(m, append(strings.Split(fmt.Sprint(last+1), ""), "enter")...)
				if m.pos().String() != start || m.match.Played() != 0 || m.thinking {
					t.Fatalf("taking %d changed the game: %v", last+1, m.pos())
				}
				if !m.noteBad || !strings.Contains(m.note, "Not allowed") || !strings.Contains(m.view(), "Not allowed") {
					t.Errorf("no refusal shown: %q", m.note)
				}
				if m.game().Amounts(m.pos(), m.sel.Where).Has(0) {
					return // 0 is a move here: a split (Lasker's Nim)
				}
				m = press(m, "0", "enter")
				if m.pos().String() != start {
					t.Errorf("taking 0 changed the position to %v", m.pos())
				}
			})
		}
	}
}

// Undo takes back the reply and the move; redo plays them again.
func TestUndoRedo(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 24)
				if m.keys.Undo.Enabled() || m.keys.Redo.Enabled() {
					t.Fatal("undo or redo offered before any move")
				}
				start := m.pos().String()
				m = reply(t, press(m, "w", "w", "enter"))
				played := m.pos().String()
				m = press(m, "u")
				if m.pos().String() != start || m.match.ToMove() != m.you || len(m.match.Turns()) != 0 {
					t.Fatalf("after undo: %v, to move %v, turns %d; want %s, the person, none", m.pos(), m.match.ToMove(), len(m.match.Turns()), start)
				}
				if !m.keys.Redo.Enabled() {
					t.Fatal("redo not offered after undo")
				}
				m = press(m, "U")
				if m.pos().String() != played || m.match.ToMove() != m.you || len(m.match.Turns()) != 2 || m.thinking {
					t.Fatalf("after redo: %v, to move %v, turns %d; want %s, the person, 2", m.pos(), m.match.ToMove(), len(m.match.Turns()), played)
				}
				m = press(m, "u", "ctrl+r")
				if m.pos().String() != played {
					t.Fatalf("ctrl+r: %v, want %v", m.pos(), played)
				}
			})
		}
	}
}

// Undo while the computer thinks takes back the move; the stale reply is
// ignored.
func TestUndoWhileThinking(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m = press(m, "w", "w", "enter")
	stale := m.seq
	m = press(m, "u")
	m, _ = m.update(computerMoveMsg{seq: stale})
	if m.pos().String() != "3 6 9" || m.thinking || m.match.Played() != 0 {
		t.Fatalf("after undo and a stale reply: %v, thinking %v, played %d", m.pos(), m.thinking, m.match.Played())
	}
}

// The hint comes in two steps: the first w names the place and why and
// selects it, the second shows the whole move; "why" mode keeps the move
// back until then, teach mode shows it.
func TestHint(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "me"), 80, 40)
				a := m.match.Now()
				if a.Move == nil {
					t.Fatalf("start %v has no winning move", m.pos())
				}
				move := engine.Describe(m.game(), m.pos(), *a.Move).Render(m.cat)
				if v := flat(m.view()); strings.Contains(v, "Hint:") || strings.Contains(v, move) {
					t.Errorf("the winning move %q shows before the hint:\n%s", move, m.view())
				}
				m = press(m, "w")
				place := a.Hint.Render(m.cat)
				if v := flat(m.view()); !strings.Contains(v, "Hint: "+place) || strings.Contains(v, move) {
					t.Errorf("the first hint should say %q and not the move %q:\n%s", place, move, m.view())
				}
				if m.sel.Where != a.Move.First().Place {
					t.Errorf("the first hint selected place %d, want %d", m.sel.Where, a.Move.First().Place)
				}
				m = press(m, "w")
				if chosenOf(m) != *a.Move {
					t.Errorf("the second hint selected %v, want %v", chosenOf(m), *a.Move)
				}
				if v := flat(m.view()); !strings.Contains(v, "Hint:") || !strings.Contains(v, move) {
					t.Errorf("the hint %q is not on the screen:\n%s", move, m.view())
				}
				m = press(m, "e") // teach: the winning move is always shown
				m.hint = 0
				m.refreshPanel()
				if v := flat(m.view()); !strings.Contains(v, move) {
					t.Errorf("teach mode does not show %q:\n%s", move, m.view())
				}
			})
		}
	}
}

// Playing the hint every turn wins from an N-position in both conventions;
// in misère play the computer is left the last move.
func TestGameOver(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := playOut(t, newTestPlay(t, g.options(misere, "me"), 80, 24), func(m play) []string { return []string{"w", "w", "enter"} })
				if m.match.Winner() != m.you {
					t.Fatalf("perfect play from %v lost: %v", m.match.Start, m.match.Turns())
				}
				turns := m.match.Turns()
				if last := turns[len(turns)-1]; misere != last.Auto {
					t.Errorf("%s: the last move was made by the computer: %v", convName(misere), last.Auto)
				}
				v := m.view()
				if !strings.Contains(v, "You win!") || !strings.Contains(v, "r rematch") {
					t.Errorf("no game-over screen:\n%s", v)
				}
				if m.keys.Confirm.Enabled() || !m.keys.Rematch.Enabled() {
					t.Error("moves still offered, or rematch not offered, after the game")
				}
				m = press(m, "r")
				if m.pos().String() != m.match.Start.String() || m.match.Played() != 0 || m.match.ToMove() != m.you {
					t.Errorf("rematch: %v, played %d", m.pos(), m.match.Played())
				}
			})
		}
	}
}

// The computer moving first from an N-position wins whatever the person
// does.
func TestComputerFirstWins(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		for _, misere := range conventions2 {
			t.Run(g.name+"/"+convName(misere), func(t *testing.T) {
				m := newTestPlay(t, g.options(misere, "computer"), 80, 24)
				if cpu := expectedReply(t, m); m.pending != cpu {
					t.Fatalf("first move %v, the engine says %v", m.pending, cpu)
				}
				m = playOut(t, m, func(m play) []string {
					for mv := range m.game().Moves(m.pos(), 1) {
						return selectKeys(m, mv)
					}
					return nil
				})
				if m.match.Winner() == m.you {
					t.Fatalf("the computer lost from %v: %v", m.match.Start, m.match.Turns())
				}
				if v := m.view(); !strings.Contains(v, "The computer wins.") {
					t.Errorf("no game-over screen:\n%s", v)
				}
			})
		}
	}
}

// A click on a match takes it and every match after it.
func TestMouseTakesFromClickedMatch(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	x0, cw, _ := board.Columns(m.boardView())
	// Heap 3 (9 matches) is on the board's third row; click its 6th match.
	x, y := margin+x0+5*cw, boardTop+2
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionMotion, Button: tea.MouseButtonNone})
	if chosenOf(m) != (engine.At(3, 4)) {
		t.Fatalf("hover selects %v, want take 4 from heap 3", chosenOf(m))
	}
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.pos().String() != "3 6 5" {
		t.Fatalf("click left %v, want 3 6 5", m.pos())
	}
	m, _ = m.update(tea.MouseMsg{X: 0, Y: 0, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.match.Played() != 1 {
		t.Error("a click off the board made a move")
	}
}

// Keys follow the drawing: on heaps drawn top to bottom ↑/↓ (k/j) select
// and ←/→ (h/l, +/-) change the amount, which stops at the heap's size; on
// the row of cells ←/→ select. Keys typed together arrive as one message.
func TestSelectionKeys(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m = press(m, "j", "j", "l", "+", "right")
	if chosenOf(m) != (engine.At(3, 4)) {
		t.Fatalf("selected %v, want take 4 from heap 3", chosenOf(m))
	}
	m = press(m, strings.Split(strings.Repeat("+", 20), "")...)
	if chosenOf(m) != (engine.At(3, 9)) {
		t.Fatalf("twenty + from 4 selected %v, want all 9 of heap 3", chosenOf(m))
	}
	m = press(m, "-", "-", "h", "up")
	if chosenOf(m) != (engine.At(2, 1)) {
		t.Fatalf("selected %v, want take 1 from heap 2", chosenOf(m))
	}
	m, _ = m.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j4")})
	if chosenOf(m) != (engine.At(3, 4)) {
		t.Fatalf("\"j4\" selected %v, want take 4 from heap 3", chosenOf(m))
	}
	// Subtraction: amounts step through the set.
	m = newTestPlay(t, games[3].options(false, "me"), 80, 24)
	if m = press(m, "right", "right"); m.sel.Amount != 4 {
		t.Errorf("subtraction {1,3,4}: two steps up from 1 give %d, want 4", m.sel.Amount)
	}
	// Stairs are drawn from the top: ↓ goes down a stair.
	m = newTestPlay(t, games[4].options(false, "me"), 80, 24) // 2 3 0 4 1
	if m = press(m, "up", "up", "down"); m.sel.Where != 3 {
		t.Errorf("stairs: from stair 1, up up down selects stair %d, want 3", m.sel.Where)
	}
	// Cells are a row: → selects the next chessman, ↑ adds a cell.
	m = newTestPlay(t, games[5].options(false, "me"), 80, 24)
	// Chessman 2 (cell 5) can go 1 to 3 cells; 3 and 4 cannot move, 5 can.
	if m = press(m, "up", "up", "up", "up"); chosenOf(m) != (engine.At(2, 3)) {
		t.Errorf("cells: up four times selects %v, want chessman 2 left 3", chosenOf(m))
	}
	if m = press(m, "right"); chosenOf(m) != (engine.At(5, 1)) {
		t.Errorf("cells: right selects %v, want chessman 5 left 1", chosenOf(m))
	}
}

// Misère play: the player who takes the last match loses.
func TestMisereLastMatchLoses(t *testing.T) {
	t.Parallel()
	o := games[0].options(true, "me")
	o.Position = engine.Position{0, 0, 1}
	m := press(newTestPlay(t, o, 80, 24), "enter")
	if !m.match.Over() || m.match.Winner() == m.you {
		t.Fatalf("taking the last match in misère play: over %v, winner %v", m.match.Over(), m.match.Winner())
	}
	if !strings.Contains(flat(m.view()), "in misère play the last move loses") {
		t.Errorf("the reason is not shown:\n%s", m.view())
	}
	o.Game.Misere = false
	if m = press(newTestPlay(t, o, 80, 24), "enter"); m.match.Winner() != m.you {
		t.Fatal("taking the last match in normal play did not win")
	}
}

// Demo mode: the computer plays both sides at full strength, each step
// explained with its move; it starts paused, space plays one move, p runs
// it, d stops it.
func TestDemo(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			m := newTestPlay(t, g.options(false, "me"), 80, 24)
			m = press(demoStep(t, press(m, "d")), "p")
			demoToTheEnd(t, m)
		})
	}
	m := press(newTestPlay(t, games[0].options(false, "me"), 80, 24), "d", " ")
	if m = press(m, "d"); m.thinking || demoOn(m) || !m.keys.Confirm.Enabled() {
		t.Error("d did not stop the demo and give the move back")
	}
}

// demoStep: a demo starts paused, shows the winning move, and space plays
// it and no more.
func demoStep(t *testing.T, m play) play {
	t.Helper()
	if m.thinking || !demoOn(m) || !demoPaused(m) || m.keys.Confirm.Enabled() {
		t.Fatalf("demo should start paused: thinking %v, demo %+v", m.thinking, m.mode)
	}
	a := m.match.Now()
	if !strings.Contains(flat(m.view()), engine.Describe(m.game(), m.pos(), *a.Move).Render(m.cat)) {
		t.Errorf("demo does not show the winning move:\n%s", m.view())
	}
	m = press(m, " ")
	if !m.thinking || m.pending != *a.Move {
		t.Fatalf("space did not play the winning move %v: %v", *a.Move, m.pending)
	}
	m = reply(t, m)
	if m.thinking {
		t.Fatal("the paused demo went on after one step")
	}
	return m
}

// demoToTheEnd: the running demo plays the engine's moves (holding out
// where none wins) until the first player wins, and says so.
func demoToTheEnd(t *testing.T, m play) {
	t.Helper()
	for range 500 {
		if m.match.Over() {
			break
		}
		want := m.match.Now().Move
		if want == nil {
			held, _, _ := engine.HoldOut(m.game(), m.pos(), m.match.Conv) // as the computer holds out in play (issue 18)
			want = &held
		}
		at := m.pos()
		if m = reply(t, m); m.match.Turns()[len(m.match.Turns())-1].Move != *want {
			t.Fatalf("demo at %v plays %v, the engine says %v", at, m.match.Turns()[len(m.match.Turns())-1].Move, *want)
		}
	}
	if !m.match.Over() || m.match.Winner() != engine.First {
		t.Fatalf("demo from the N-position %v: over %v, winner %v", m.match.Start, m.match.Over(), m.match.Winner())
	}
	if v := flat(m.view()); !strings.Contains(v, "Player 1 wins") {
		t.Errorf("the end of a demo does not say who won:\n%s", m.view())
	}
}

// < and > choose the demo's pace, from 10 s to 1 s a move, always shown.
func TestDemoPace(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	if m = press(m, ">"); demoPace(m) != 2 {
		t.Errorf("> outside demo mode changed the pace to %d", demoPace(m))
	}
	m = press(m, "d", ">")
	if !strings.Contains(flat(m.view()), "a move every 3 s") {
		t.Errorf("> in demo mode: pace %d, view\n%s", demoPace(m), m.view())
	}
	m = press(m, ">", ">", ">", ">")
	if demoPace(m) != len(demoPaces)-1 || !strings.Contains(flat(m.view()), "a move every 1 s") {
		t.Errorf("pace %d past the fastest", demoPace(m))
	}
	m = press(m, strings.Split(strings.Repeat("<", 9), "")...)
	if demoPace(m) != 0 || !strings.Contains(flat(m.view()), "a move every 10 s") {
		t.Errorf("pace %d below the slowest", demoPace(m))
	}
}

// A click on a coin moves it and the coins after it down a stair; a click
// on a free cell moves the chessman to its right there.
func TestMouseStairsAndCells(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, games[4].options(false, "me"), 80, 24) // stairs 2 3 0 4 1
	x0, cw, _ := board.Columns(m.boardView())
	x, y := margin+x0+2*3+1*cw, boardTop+1 // stair 3's second coin
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if turns := m.match.Turns(); len(turns) != 1 || turns[0].Move != (engine.At(3, 3)) {
		t.Fatalf("click on stair 3's second coin: %v, want 3 coins down from stair 3", turns)
	}
	m = newTestPlay(t, games[5].options(false, "me"), 80, 24) // cells 1 5 6 7 9 12 14 17
	x, y = margin+1+2*4, boardTop+1                           // cell 3
	m, _ = m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionMotion, Button: tea.MouseButtonNone})
	if chosenOf(m) != (engine.At(2, 2)) {
		t.Fatalf("hover on cell 3 selects %v, want chessman 2 left 2", chosenOf(m))
	}
	if !strings.Contains(m.view(), "Chessman 2 would go to cell 3") {
		t.Errorf("the preview does not show:\n%s", m.view())
	}
	m, _ = m.update(tea.MouseMsg{X: margin + 1 + 4*4, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.match.Played() != 0 {
		t.Errorf("a click on chessman 2's own cell made a move: %v", m.match.Turns())
	}
}

// Without a position the game starts from a random position the person
// can win from by playing well: an N-position when they move first, a
// P-position (with moves) when the computer does.
func TestRandomStart(t *testing.T) {
	t.Parallel()
	for _, g := range games {
		for _, misere := range conventions2 {
			for _, first := range []string{"me", "computer"} {
				o := g.options(misere, first)
				o.Position = nil
				for seed := uint64(1); seed <= 20; seed++ {
					o.Seed = seed
					m := newTestPlay(t, o, 80, 24)
					want := engine.N
					if first == "computer" {
						want = engine.P
					}
					if m.match.Now().Outcome != want || m.match.Over() {
						t.Errorf("%s %s, %s first, seed %d: %v is %v", g.name, convName(misere), first, seed, m.pos(), m.match.Now().Outcome)
					}
				}
			}
		}
	}
}

// A board taller than the screen shows a window around the selection, and
// the mouse still finds the heap under it.
func TestTallBoard(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me")
	o.Position = make(engine.Position, 30)
	for i := range o.Position {
		o.Position[i] = int64(i%7 + 1)
	}
	m := newTestPlay(t, o, 80, 24)
	m = press(m, strings.Split(strings.Repeat("j", 19), "")...)
	v := m.view()
	if n := len(strings.Split(v, "\n")); n > 24 {
		t.Fatalf("%d lines on 24 rows", n)
	}
	if !strings.Contains(v, "▸ heap 20") || !strings.Contains(v, "more above") || !strings.Contains(v, "more below") {
		t.Fatalf("the selected heap 20 is not in view:\n%s", v)
	}
	y := slices.IndexFunc(strings.Split(v, "\n"), func(l string) bool { return strings.Contains(l, "heap 23 ") }) // as drawn
	x0, _, _ := board.Columns(m.boardView())
	m, _ = m.update(tea.MouseMsg{X: margin + x0, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if turns := m.match.Turns(); len(turns) != 1 || turns[0].Move != (engine.At(23, o.Position[22])) {
		t.Fatalf("click on heap 23's first match: %v", turns)
	}
}

// A start with no move, or a quiz question with no winning move, is refused
// with the engine's words before the screen opens; nothing panics.
func TestUnplayableStarts(t *testing.T) {
	t.Parallel()
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
		o := Options{Game: variants.Config{Name: c.game}, Position: c.pos, Quiz: c.quiz, Seed: 1, Lang: "en"}
		if c.set != "" {
			o.Game.Params = map[string]string{"set": c.set}
		}
		_, err := newPlay(o, assets.Messages("en"), testStyles)
		if !errors.Is(err, engine.ErrRefused) || !strings.Contains(engine.Message(err, assets.Messages("en")), c.says) {
			t.Errorf("%s %v (quiz %v): %v, want a refusal saying %q", c.game, c.pos, c.quiz, err, c.says)
		}
	}
	// A quiz from a given N-position asks it first.
	o := Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 6, 9}, Quiz: true, Seed: 1, Lang: "en"}
	if m := newTestPlay(t, o, 80, 24); !slices.Equal(m.pos(), o.Position) {
		t.Errorf("the quiz asks %v first, not the position given", m.pos())
	}
}

// The selection starts on the first heap that can move, with a legal take.
func TestSelectionStartsOnAMove(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "subtraction", Params: map[string]string{"set": "5,7"}}, Position: engine.Position{3, 4, 12}, Seed: 1, Lang: "en"}
	if m := newTestPlay(t, o, 80, 24); m.sel.Where != 3 || m.sel.Amount != 5 {
		t.Errorf("selection at heap %d taking %d, want heap 3 taking 5", m.sel.Where, m.sel.Amount)
	}
}

// A typed amount the heap cannot give is refused on screen before enter,
// with no preview of it; with the amount cleared the selection stays marked.
func TestTypedAmountBeyondTheHeap(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 6, 9}, Seed: 1, Lang: "en", First: "me"}
	m := press(newTestPlay(t, o, 80, 24), "j", "j", "4", "7")
	v := flat(m.view())
	if !strings.Contains(v, "✗ heap 3 has 9 matches, cannot take 47") || strings.Contains(v, "−47") || strings.Contains(v, "−9") {
		t.Errorf("amount 47 from a heap of 9:\n%s", m.view())
	}
	m = press(m, "backspace", "backspace")
	if row := strings.Split(m.view(), "\n")[4]; m.sel.Amount != 0 || !strings.Contains(row, "▸ heap 3") {
		t.Errorf("with no amount, heap 3's row is %q", row)
	}
}

// Below the minimum size the screen says so, and keys make no unseen move.
func TestTooSmallTakesNoKeys(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 6, 9}, Seed: 1, Lang: "en", First: "me"}
	m := press(newTestPlay(t, o, 50, 15), "j", "j", "4", "enter")
	if m.match.Played() != 0 || !strings.Contains(m.view(), "Terminal too small") {
		t.Errorf("at 50×15 the keys made %d moves; view:\n%s", m.match.Played(), m.view())
	}
}

// A row of chessmen too long even folded shows a window around the
// selected chessman.
func TestLongRowFollowsTheSelection(t *testing.T) {
	t.Parallel()
	var cells engine.Position
	for c := int64(4); c <= 200; c += 5 {
		cells = append(cells, c)
	}
	o := Options{Game: variants.Config{Name: "georgia-bob"}, Position: cells, Seed: 1, Lang: "en", First: "me"}
	m := newTestPlay(t, o, 80, 24)
	m = press(m, strings.Split(strings.Repeat("l", 29), "")...)
	if m.sel.Where != 30 || !strings.Contains(m.view(), "[30]") {
		t.Errorf("chessman %d selected; the row shows:\n%s", m.sel.Where, m.view())
	}
}

// From a lost position the computer's holding move is weighed apart from
// Update, during the pause: the board previews nothing until it is known,
// the pause's end alone does not make a move, and the weighed move is the
// engine's.
func TestHoldingMoveWeighedApart(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "computer")
	o.Position = engine.Position{1, 2, 3}
	m := newTestPlay(t, o, 80, 24)
	if !m.thinking || !m.weighing || m.weigh == nil {
		t.Fatalf("at a P-position the computer does not weigh its move apart: thinking %t, weighing %t", m.thinking, m.weighing)
	}
	if _, shown := m.preview(); shown {
		t.Error("the board previews a move not weighed yet")
	}
	if m, _ = m.update(computerMoveMsg{seq: m.seq}); m.match.Played() != 0 || !m.thinking {
		t.Fatal("the pause's end without the weighed move made a move")
	}
	want, _, _ := engine.HoldOut(m.game(), m.pos(), m.match.Conv)
	if m = reply(t, m); m.match.Played() != 1 || m.match.Turns()[0].Move != want {
		t.Errorf("the computer played %v, the engine holds out with %v", m.match.Turns(), want)
	}
}

// A sum of Nim, Kayles and Wythoff is played to its end with the keys, in
// both conventions and both languages, at 80×24 and 60×20: every hinted
// move is the engine's winning move, made in its component.
func TestPlaySumToTheEnd(t *testing.T) {
	t.Parallel()
	cfg, p, err := variants.ParseSum("nim 3 5 + kayles 7 + wythoff 3 5")
	if err != nil {
		t.Fatal(err)
	}
	for _, misere := range []bool{false, true} {
		for _, size := range [][3]any{{80, 24, "en"}, {60, 20, "zh"}} {
			if !thorough() && misere == (size[2] == "en") { // two of the four here, all in CI
				continue
			}
			c := cfg
			c.Misere = misere
			m := newTestPlay(t, Options{Game: c, Position: p, First: "me", Level: engine.Perfect, Seed: 7, Lang: size[2].(string), Explain: "why"}, size[0].(int), size[1].(int))
			title := map[string]string{"en": "Game 2 · Kayles", "zh": "游戏 2 · Kayles"}[size[2].(string)]
			if v := m.view(); !strings.Contains(v, title) {
				t.Fatalf("no component title %q:\n%s", title, v)
			}
			m = playOut(t, m, func(m play) []string {
				if a := m.match.Now(); a.Move != nil {
					if got := chosenOf(press(m, "w", "w")); got != *a.Move {
						t.Fatalf("the hint selects %v, the engine's move is %v", got, *a.Move)
					}
					return []string{"w", "w", "enter"}
				}
				return []string{"enter"}
			})
			if m.match.Winner() != m.you {
				t.Errorf("misère %v: the hints did not win (%v)", misere, engine.BriefOf(m.game(), m.pos()))
			}
		}
	}
}

// Rooms and class quizzes write a sum as its command line (for the
// dashboard and the report: the command line reads it back as the same
// game), and carry a move with its component.
func TestSumOnTheWire(t *testing.T) {
	t.Parallel()
	cfg, p, err := variants.ParseSum("nim 3 5 + subtraction --set 1,3,4 6")
	if err != nil {
		t.Fatal(err)
	}
	g, _, _ := variants.Lookup(cfg)
	for _, start := range []engine.Position{p, nil} {
		line := gameSpec{game: g, conv: engine.Misere, start: start}.String()
		cfg, q, err := variants.ParseSum(line)
		h, c, _ := variants.Lookup(cfg)
		if err != nil || c != engine.Misere || engine.Spelled(h.(*engine.Sum).Parts[1]) != "subtraction --set 1,3,4" || !slices.Equal(q, start) {
			t.Errorf("%q read back as %v %v %v (%v)", line, h, c, q, err)
		}
	}
	mv := engine.At(1, 3).In(1)
	if got, ok := moveOf(serve.GameMove(mv)); !ok || got != mv {
		t.Errorf("%v handed on as %v", mv, got)
	}
}

// BenchmarkSumKey: a key and the frame after it on a sum of 1,000 games
// (Nim, Kayles, Wythoff, subtraction, Staircase Nim in turn).
func BenchmarkSumKey(b *testing.B) {
	games := []string{"nim 3 5", "kayles 7", "wythoff 3 5", "subtraction --set 1,3,4 9", "staircase 0 2 1"}
	var parts []string
	for i := range 1000 {
		parts = append(parts, games[i%len(games)])
	}
	cfg, p, err := variants.ParseSum(strings.Join(parts, " + "))
	if err != nil {
		b.Fatal(err)
	}
	m := newTestPlay(b, Options{Game: cfg, Position: p, First: "me", Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}, 80, 24)
	b.ResetTimer()
	for i := range b.N {
		k := "down"
		if i%2 == 1 {
			k = "up"
		}
		m = press(m, k)
		_ = m.view()
	}
}

// A key steps a paused demo at once, the teacher's demo too: no pause of
// the computer's before the move (issues 18 and 19).
func TestDemoStepsAtOnce(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me")
	o.Pause = time.Hour
	m := newTestPlay(t, o, 80, 24)
	m, _ = m.startDemo(nil)
	_, cmd := m.update(keyMsg(" "))
	if cmd == nil {
		t.Fatal("space in a paused demo does nothing")
	}
	if msg, ok := cmd().(computerMoveMsg); !ok {
		t.Fatalf("the step waits first: %T", msg)
	}
}

// Issue 18, rough edge 1: the review scrolls with the keys it names
// (PgDn changed nothing while it said "⋮ 2 more lines: pgdn …"), in both
// languages.
func TestReviewScrolls(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		o := games[0].options(false, "me")
		o.Position, o.Lang = engine.Position{3, 4, 5}, lang
		m := playOut(t, newTestPlay(t, o, 80, 24), func(play) []string { return []string{"enter"} })
		m = press(m, "v")
		if _, ok := m.mode.(*reviewMode); !ok {
			t.Fatalf("%s: no review after losing", lang)
		}
		if m.why.TotalLineCount() <= m.why.Height {
			t.Fatalf("%s: the review fits the panel; nothing to scroll", lang)
		}
		before := m.why.YOffset
		if m = press(m, "pgdown"); m.why.YOffset == before {
			t.Errorf("%s: pgdown does not scroll the review", lang)
		}
	}
}

// Issue 18, rough edge 10: a hint in a P-position names the move the
// computer would hold out with, and why, and selects it.
func TestHintInLostPosition(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me")
	o.Position = engine.Position{1, 2, 3}
	m := newTestPlay(t, o, 80, 24)
	want, _, _ := engine.HoldOut(m.game(), m.pos(), m.match.Conv)
	m = press(m, "w")
	if v := flat(m.view()); !strings.Contains(v, "The computer would play "+m.game().DescribeMove(want).Render(m.cat)) {
		t.Fatalf("the hint names no holding move:\n%s", m.view())
	}
	if chosenOf(m) != want {
		t.Errorf("the hint selects %v, the holding move is %v", chosenOf(m), want)
	}
}

// Issue 18, rough edge 7: the Chinese move list has a full-width colon
// ("1. 你：…"), as Chinese text does.
func TestChineseHistoryColon(t *testing.T) {
	t.Parallel()
	o := games[0].options(false, "me")
	o.Lang = "zh"
	m := reply(t, press(newTestPlay(t, o, 80, 24), "w", "w", "enter"))
	m = press(m, "tab")
	v := m.view()
	if !strings.Contains(v, " 1. 你：") || strings.Contains(v, " 1. 你:") {
		t.Errorf("the move list's first line:\n%s", v)
	}
}

// A game on a graph with a cycle: from a draw the hint keeps it, the
// computer keeps it, and the third time the position comes back the game
// is drawn, said on the screen; a move that gives the win away is named.
func TestDrawnGraph(t *testing.T) {
	t.Parallel()
	g := game{name: "graph", params: map[string]string{"edges": "1>2,2>1,2>3,3>4,4>3,4>5,6>6,6>1,6>3"}, start: engine.Position{4, 6}}
	m := newTestPlay(t, g.options(false, "me"), 80, 24)
	if v := flat(m.view()); !strings.Contains(v, "D-position, a draw") {
		t.Fatalf("no draw said:\n%s", v)
	}
	for range 2 {
		m = press(m, "w")
		if v := flat(m.view()); !strings.Contains(v, "leaves another draw and keeps the game drawn") {
			t.Fatalf("the hint does not keep the draw:\n%s", v)
		}
		m = reply(t, press(m, "enter"))
		if m.match.Now().Outcome != engine.D {
			t.Fatalf("the hint's move or the computer's left %v: %v", m.pos(), m.match.Now().Outcome)
		}
	}
	if !m.match.Drawn() {
		t.Fatalf("4 6 came back a third time, not drawn: %v", m.match.Turns())
	}
	if v := flat(m.view()); !strings.Contains(v, "A draw.") || !strings.Contains(v, "has stood on the board 3 times") || !strings.Contains(v, "r rematch") || m.keys.Confirm.Enabled() {
		t.Fatalf("no draw on the screen:\n%s", v)
	}
	m = press(m, "r", "enter") // the first move: the token on 4 to 3, which gives the win away
	if v := flat(m.view()); !strings.Contains(v, "That move gave the win away") || !strings.Contains(v, "would have kept it: move the token on vertex 6 to vertex 6") {
		t.Fatalf("a move from a draw to an N-position is not named:\n%s", v)
	}
}

// Moore's Nim: space marks a heap with its amount, the selected heap is
// the move's last place, enter takes from all of them; a K+1-th mark is
// refused in words; the move goes over the wire whole.
func TestMooreMarks(t *testing.T) {
	t.Parallel()
	g := game{name: "moore", params: map[string]string{"k": "2"}, start: engine.Position{3, 5, 6}}
	m := newTestPlay(t, g.options(false, "me"), 80, 24)
	if !strings.Contains(flat(m.view()), "space mark the heap too") {
		t.Fatalf("the footer does not offer space:\n%s", m.view())
	}
	m = press(m, "down", "2", " ", "down", "3")
	want := engine.MoveOf(engine.Change{Place: 2, Amount: 2}, engine.Change{Place: 3, Amount: 3})
	if got := chosenOf(m); got != want {
		t.Fatalf("chosen %+v, want %+v", got, want)
	}
	if v := m.view(); !strings.Contains(v, "+ heap 2") || !strings.Contains(v, "▸ heap 3") {
		t.Fatalf("the marks are not drawn:\n%s", v)
	}
	if full := press(m, " ", "up", "up", "1", " "); !strings.Contains(flat(full.view()), "A move takes from at most 2 heaps") {
		t.Fatalf("a third mark is not refused:\n%s", full.view())
	}
	if over := press(m, "up", "up", "9", " "); len(over.sel.marks) != 1 || !strings.Contains(flat(over.view()), "Choose how many to take from this heap first") {
		t.Fatalf("9 of heap 1's 3 was marked: %v\n%s", over.sel.marks, over.view())
	}
	m = press(m, "enter")
	if m.match.Played() != 1 || m.match.Turns()[0].Move != want || len(m.sel.marks) != 0 {
		t.Fatalf("played %v, marks %v", m.match.Turns(), m.sel.marks)
	}
	if back, ok := moveOf(serve.GameMove(want)); !ok || back != want {
		t.Fatalf("handed on by a room: %+v", back)
	}
}

// Lasker's Nim with splits into three: a split starts at 1 + 1 + the
// rest, ←/→ move the first cut and [/] the second (a cut pushes the other
// ahead of it, and neither passes the row's ends), the row shows both cuts and the pieces in row order,
// enter plays the split smallest first, a click moves the nearer cut, and
// the move goes over the wire whole.
func TestLasker3Cuts(t *testing.T) {
	t.Parallel()
	g := game{name: "lasker", params: map[string]string{"parts": "3"}, start: engine.Position{7, 5, 2}}
	m := newTestPlay(t, g.options(false, "me"), 80, 24)
	if got := chosenOf(m); got != (engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{1, 1}}.Move()) {
		t.Fatalf("the first split is %+v", got)
	}
	lasker3Keys(t, g, m)
	if pushed := press(m, "right"); pushed.sel.Left != 2 || pushed.sel.Mid != 1 {
		t.Fatalf("→ did not push the second cut ahead: %+v", pushed.sel)
	}
	if back := press(m, "right", "right", "[", "[", "[", "[", "left"); back.sel.Left != 1 || back.sel.Mid != 1 {
		t.Fatalf("[ did not push the first cut back, or a cut passed the row's end: %+v", back.sel)
	}
	if end := press(m, "]", "]", "]", "]", "]", "]", "]", "]"); end.sel.Left != 1 || end.sel.Mid != 5 {
		t.Fatalf("the second cut passed the row's end: %+v", end.sel)
	}
	m = press(m, "]", "]", "]", "]", "]", "]", "right", "right", "right") // cuts at 4 and 6: 4 + 2 + 1
	if got := chosenOf(m); got != (engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{1, 2}}.Move()) || m.sel.Left != 4 || m.sel.Mid != 2 {
		t.Fatalf("cuts at 4 and 6 chose %+v (selection %+v)", got, m.sel)
	}
	if v := m.view(); !strings.Contains(v, "heap 1 ┃ ┃ ┃ ┃ ╎ ┃ ┃ ╎ ┃ 7 → 4 + 2 + 1") {
		t.Fatalf("the pieces are not drawn in row order:\n%s", v)
	}
	lasker3Clicked(t, m)
}

// lasker3Keys: at 80 columns the key line of Lasker's Nim in three keeps
// ? help, which lists [/]; a wider screen shows [/] on the key line
// itself.
func lasker3Keys(t *testing.T, g game, m play) {
	t.Helper()
	if v := flat(m.view()); !strings.Contains(v, "? help") || !strings.Contains(v, "heap 1 ┃ ╎ ┃ ╎ ┃ ┃ ┃ ┃ ┃ 7 → 1 + 1 + 5") {
		t.Fatalf("the split is not drawn, or ? help not offered:\n%s", m.view())
	}
	if v := flat(press(m, "?").view()); !strings.Contains(v, "[/]") || !strings.Contains(v, "move the second cut") {
		t.Fatalf("? does not offer [/]:\n%s", press(m, "?").view())
	}
	if wide := newTestPlay(t, g.options(false, "me"), 140, 24); !strings.Contains(flat(wide.view()), "[/] move the second cut") {
		t.Fatalf("[/] not offered at 140 columns:\n%s", wide.view())
	}
}

// lasker3Clicked: on Lasker's Nim in three with cuts at 4 and 6, a click
// moves the nearer cut, enter plays the split, the handout says the game's
// own rules, and a room hands the move on.
func lasker3Clicked(t *testing.T, m play) {
	t.Helper()
	if at, ok := board.At(m.boardView(), 0, 0); ok {
		t.Fatalf("a click off the row chose %+v", at)
	}
	x := 9 + 2*2 // the third pin: "▸ heap 1 " is 9 columns, then two a pin; the nearer cut (at 4) moves before it
	if at, ok := board.At(m.boardView(), x, 0); !ok || at.Left != 2 || at.Mid != 4 {
		t.Fatalf("a click on pin 3 moved the cuts to %+v, want the first cut to 2", at)
	}
	played := press(m, "enter")
	if played.match.Played() == 0 || played.match.Turns()[0].Move != (engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{1, 2}}.Move()) {
		t.Fatalf("enter played %v", played.match.Turns())
	}
	// The handout says this game's rules and key idea, not Lasker's Nim's.
	md := played.markdown()
	for _, want := range []string{"splits a heap into three (HDU 5795)", "g(8k+7) = 8k+8", "split heap 1 into 1 + 2 + 4"} {
		if !strings.Contains(md, want) {
			t.Errorf("the handout lacks %q:\n%s", want, md)
		}
	}
	want := engine.Change{Place: 2, Amount: 0, Pieces: [2]int64{3, 4}}.Move().In(1)
	if back, ok := moveOf(serve.GameMove(want)); !ok || back != want {
		t.Fatalf("handed on by a room: %+v", back)
	}
}

// The panel is sized for footLines lines of key hints without drawing
// them: the footer draws that many, help open or not, at any width.
func TestFooterLines(t *testing.T) {
	t.Parallel()
	for _, w := range []int{60, 80, 140} {
		m := newTestPlay(t, games[0].options(false, "me"), w, 24)
		for _, keys := range [][]string{nil, {"?"}, {"w", "w"}, {"d"}} {
			if got := len(press(m, keys...).footer()); got != footLines {
				t.Errorf("width %d after %v: %d footer lines", w, keys, got)
			}
		}
	}
}

// In a P-position the hint selects the whole holding move, a move at
// several places included (Moore's Nim): enter then plays what the hint
// named.
func TestHoldHintSelectsTheWholeMove(t *testing.T) {
	t.Parallel()
	g := game{name: "moore", params: map[string]string{"k": "2"}, start: engine.Position{3, 3, 3, 3, 3, 3}}
	m := newTestPlay(t, g.options(false, "me"), 80, 24)
	want, ok, err := engine.HoldOut(m.game(), m.pos(), m.match.Conv)
	if err != nil || !ok {
		t.Fatalf("no holding move: %v", err)
	}
	if want.Len() < 2 {
		t.Fatalf("the holding move %+v is at one place: the test needs one at several", want)
	}
	if got := chosenOf(press(m, "w")); got != want {
		t.Fatalf("the hint selected %+v, the holding move is %+v", got, want)
	}
}

// A split of a heap of 2^63 − 1 into three is written whole under the
// board at 60 columns, wrapped, not cut off.
func TestHugeSplitWrittenWhole(t *testing.T) {
	t.Parallel()
	g := game{name: "lasker", params: map[string]string{"parts": "3"}, start: engine.Position{math.MaxInt64, 7}}
	m := press(newTestPlay(t, g.options(true, "me"), 60, 20), "w", "w")
	mv := chosenOf(m)
	v := flat(m.view())
	from, to := strings.Index(v, "heap 1 →"), strings.Index(v, "Take any number")
	if from < 0 || to < from {
		t.Fatalf("no pieces under the board:\n%s", m.view())
	}
	want := board.PiecesChange(0, mv.First().Pieces[0], mv.First().Pieces[1], math.MaxInt64-mv.First().Pieces[0]-mv.First().Pieces[1])
	if under := v[from:to]; !strings.Contains(under, want) {
		t.Fatalf("the split is written %q under the board, want %q", under, want)
	}
}
