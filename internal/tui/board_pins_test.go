package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
	"matchgame/internal/variants"
)

// The rows-of-pins board, tested on every registered game drawn with it
// (found by its board kind: nothing here names a game), with each game's
// default parameters.

type pinGame struct {
	cfg variants.Config
	g   engine.Game
}

func pinGames(t *testing.T) []pinGame {
	t.Helper()
	var out []pinGame
	for _, s := range variants.Games {
		cfg := variants.Config{Name: s.Name, Params: map[string]string{}}
		for _, p := range s.Params {
			cfg.Params[p.Name] = p.Default
		}
		g, _, err := variants.Lookup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if g.Board().Kind == engine.Pins {
			out = append(out, pinGame{cfg, g})
		}
	}
	if len(out) == 0 {
		t.Fatal("no game is drawn as rows of pins")
	}
	return out
}

func (pg pinGame) play(t *testing.T, p engine.Position, misere bool, w, h int) play {
	t.Helper()
	cfg := pg.cfg
	cfg.Misere = misere
	return newTestPlay(t, Options{Game: cfg, Position: p, First: "me", Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}, w, h)
}

// boardRow is row i of the board as drawn (plain: the tests draw without
// colour), from the view.
func boardRow(t *testing.T, m play, i int) string {
	t.Helper()
	lines := board.Draw(m.boardView())
	if i >= len(lines) {
		t.Fatalf("no row %d in\n%s", i, strings.Join(lines, "\n"))
	}
	return lines[i]
}

// knocked is where the knocked-down pins stand in a drawn row: the first
// and how many.
func knocked(row string) (first, n int) {
	first = -1
	k := 0
	label := strings.Index(row, "heap") // Lasker's Nim, Grundy's game
	if label < 0 {
		label = strings.Index(row, "row") // rows of pins
	}
	for _, r := range strings.TrimSpace(row[label:]) {
		switch string(r) {
		case board.PinGlyph, board.MatchGlyph, board.CoinGlyph:
			k++
		case board.KnockGlyph:
			if first < 0 {
				first = k
			}
			n++
			k++
		}
	}
	return first, n
}

// pinKeys are the keys that select mv on the pins board and make it: the
// row with ↑/↓, the amount with +/−, the place with ←/→, then enter.
func pinKeysFor(t *testing.T, m play, mv engine.Move) []string {
	t.Helper()
	var keys []string
	do := func(k string) {
		keys = append(keys, k)
		m = press(m, k)
	}
	for range len(m.pos()) {
		if m.sel.Where == mv.First().Place {
			break
		}
		if m.sel.Where < mv.First().Place {
			do("down")
		} else {
			do("up")
		}
	}
	for i := 0; m.sel.Amount != mv.First().Amount && i < 200; i++ {
		if m.sel.Amount < mv.First().Amount {
			do("+")
		} else {
			do("-")
		}
	}
	for i := 0; m.sel.Left != mv.First().Pieces[0] && i < 200; i++ {
		if m.sel.Left < mv.First().Pieces[0] {
			do("right")
		} else {
			do("left")
		}
	}
	if chosenOf(m) != mv {
		t.Fatalf("keys %v select %v, not %v", keys, chosenOf(m), mv)
	}
	return append(keys, "enter")
}

// ↑/↓ choose the row, +/− how many, ←/→ slide the knocked-down pins along
// it; the row shows them where they stand and the two pieces left.
func TestPinsKeysAndPreview(t *testing.T) {
	t.Parallel()
	for _, pg := range pinGames(t) {
		t.Run(engine.Spelled(pg.g), func(t *testing.T) {
			m := pg.play(t, engine.Position{12, 9}, false, 80, 24)
			s := pg.g.(engine.Splitter)
			seen := 0
			for where := 1; where <= 2; where++ {
				if where == 2 {
					m = press(m, "down")
				}
				if m.sel.Where != where {
					t.Fatalf("row %d selected, want %d", m.sel.Where, where)
				}
				for _, amount := range takes(pg.g.Amounts(m.pos(), where)) {
					for _, left := range takes(s.Splits(m.pos(), where, amount)) {
						m = press(m, pinKeysFor(t, m, engine.Change{Place: where, Amount: amount, Pieces: [2]int64{left}}.Move())[:len(pinKeysFor(t, m, engine.Change{Place: where, Amount: amount, Pieces: [2]int64{left}}.Move()))-1]...)
						h := m.pos()[where-1]
						row := boardRow(t, m, where-1)
						first, n := knocked(row)
						right := h - amount - left
						if amount > 0 && (int64(first) != left || int64(n) != amount) {
							t.Fatalf("take %d leaving %d: the row shows %d knocked down from pin %d: %q", amount, left, n, first, row)
						}
						if amount == 0 && !strings.Contains(row, board.CutGlyph) {
							t.Fatalf("a split with no pin taken shows no cut: %q", row)
						}
						if want := board.PiecesChange(amount, left, right); !strings.HasSuffix(row, want) {
							t.Fatalf("take %d leaving %d: the row does not end with %q: %q", amount, left, want, row)
						}
						seen++
					}
				}
			}
			if seen < 4 {
				t.Errorf("only %d moves previewed", seen)
			}
		})
	}
}

// takes lists a small choice of amounts.
func takes(a engine.Amounts) []int64 {
	var out []int64
	if v, ok := a.First(); ok {
		for {
			out = append(out, v)
			next := a.Step(v, +1)
			if next == v {
				break
			}
			v = next
		}
	}
	return out
}

// The mouse: a click on a pin knocks down the selected number of pins from
// that one on; in the right half of a row it makes the mirrored move, and
// the pointer's preview is drawn where the pointer is.
func TestPinsMouse(t *testing.T) {
	t.Parallel()
	for _, pg := range pinGames(t) {
		t.Run(engine.Spelled(pg.g), func(t *testing.T) {
			s := pg.g.(engine.Splitter)
			// A click makes the move in the match the model points to: each
			// click gets a fresh game.
			fresh := func() play { return pg.play(t, engine.Position{5, 11}, false, 80, 24) }
			m := fresh()
			x0, cw, _ := board.Columns(m.boardView())
			y := boardTop + 1 // the row of 11
			h := m.pos()[1]
			amount, _ := pg.g.Amounts(m.pos(), 2).First()
			clicked := 0
			for k := range h {
				x := margin + x0 + int(k)*cw
				hover, _ := m.update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionMotion})
				start := min(k, h-amount)
				left := min(start, h-amount-start)
				if !s.Splits(m.pos(), 2, amount).Has(left) {
					if hover.sel.Selection == m.sel.Selection && hover.match.Played() == 0 {
						continue // no such move: nothing happens
					}
					t.Fatalf("pin %d: pointing selected %v, not a legal move", k, hover.sel)
				}
				want := engine.Change{Place: 2, Amount: amount, Pieces: [2]int64{left}}.Move()
				if chosenOf(hover) != want {
					t.Fatalf("pointing at pin %d selects %v, want %v", k, chosenOf(hover), want)
				}
				if amount > 0 {
					if first, n := knocked(boardRow(t, hover, 1)); int64(first) != start || int64(n) != amount {
						t.Fatalf("pointing at pin %d draws %d knocked down from %d: %q", k, n, first, boardRow(t, hover, 1))
					}
				}
				after, _ := fresh().update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
				turns := after.match.Turns()
				if len(turns) != 1 || turns[0].Move != want {
					t.Fatalf("a click on pin %d made %v, want %v", k, turns, want)
				}
				clicked++
			}
			if clicked == 0 {
				t.Error("no pin could be clicked")
			}
			// Off the pins nothing happens.
			if after, _ := fresh().update(tea.MouseMsg{X: margin + x0 + int(h)*cw + 1, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}); after.match.Played() != 0 {
				t.Error("a click after the row made a move")
			}
		})
	}
}

// A whole game through the play model: the person plays by keys (the
// hint's move when there is one, else the first legal move), the computer
// replies with the engine's move, until the game is over; in both
// conventions the person who plays well wins.
func TestPinsGamePlayedOut(t *testing.T) {
	t.Parallel()
	for _, pg := range pinGames(t) {
		for _, misere := range conventions2 {
			t.Run(engine.Spelled(pg.g)+"/"+convName(misere), func(t *testing.T) {
				m := pg.play(t, engine.Position{7, 5, 4}, misere, 80, 24)
				won := m.match.Now().Outcome == engine.N
				m = playOut(t, m, func(m play) []string {
					mv := m.match.Now().Move
					if mv == nil {
						for first := range m.game().Moves(m.pos(), 1) {
							mv = &first
							break
						}
					}
					return pinKeysFor(t, m, *mv)
				})
				if won && m.match.Winner() != m.you {
					t.Errorf("perfect play from %v lost: %v", m.match.Start, m.match.Turns())
				}
				if !strings.Contains(m.view(), "r rematch") {
					t.Errorf("no game-over screen:\n%s", m.view())
				}
			})
		}
	}
}

// Every size from 60×20 to 140×40: the board's rows fit without being cut,
// a huge heap is written as a count with the pieces under the board, and
// many rows scroll around the selection.
func TestPinsViewsFit(t *testing.T) {
	t.Parallel()
	positions := []engine.Position{
		{10}, {3, 5, 7}, {71, 12}, {1e18, 5}, {9223372036854775807, 1000000, 30},
		{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25},
	}
	for _, pg := range pinGames(t) {
		for _, p := range positions {
			for _, size := range [][2]int{{60, 20}, {80, 24}, {140, 40}} {
				if _, err := pg.g.Solve(p, engine.Normal); err != nil {
					continue // a heap beyond what the game proves: refused, not drawn
				}
				m := pg.play(t, p, false, size[0], size[1])
				for _, keys := range [][]string{nil, {"right", "+"}, {"down"}, {"w", "w"}} {
					m := press(m, keys...)
					w := m.width - 2*margin
					for _, line := range board.Draw(m.boardView()) {
						if text.Width(line) > w {
							t.Fatalf("%s %v at %dx%d after %v: a board line %d wide on %d: %q", engine.Spelled(pg.g), p, size[0], size[1], keys, text.Width(line), w, line)
						}
					}
					checkFits(t, m.view(), size[0], size[1])
				}
				if slices.Max(p) >= 1e18 {
					m := press(m, "w", "w") // the hint's move on the huge heap
					v := m.view()
					if !strings.Contains(v, "("+fmt.Sprintf("%d", engine.Number(slices.Max(p)))+")") {
						t.Errorf("%s %v: the huge heap is not written as a count:\n%s", engine.Spelled(pg.g), p, v)
					}
					mv := chosenOf(m)
					if pieces := board.PiecesChange(mv.First().Amount, mv.First().Pieces[0], p[mv.First().Place-1]-mv.First().Amount-mv.First().Pieces[0]); !strings.Contains(v, pieces) {
						t.Errorf("%s %v: the pieces of %v are not shown:\n%s", engine.Spelled(pg.g), p, mv, v)
					}
				}
			}
		}
	}
}

// ←/→ slide the knocked-down pins along the whole row, past the middle
// (where the engine's move is the mirrored one) to the far end, and back:
// every place is a legal move, drawn where it was chosen.
func TestPinsKeysReachTheWholeRow(t *testing.T) {
	t.Parallel()
	for _, pg := range pinGames(t) {
		t.Run(engine.Spelled(pg.g), func(t *testing.T) {
			m := pg.play(t, engine.Position{12}, false, 80, 24)
			s := pg.g.(engine.Splitter)
			lo, _ := s.Splits(m.pos(), 1, m.sel.Amount).First()
			n := 12 - m.sel.Amount
			walk := func(key string) []int64 {
				var at []int64
				for range 2 * 12 {
					if !legal(m.game(), m.pos(), m.sel.Selection) {
						t.Fatalf("%v is not a legal move", chosenOf(m))
					}
					first, k := knocked(boardRow(t, m, 0))
					if m.sel.Amount == 0 { // a split that takes nothing: where the cut is
						first, k = cutAt(boardRow(t, m, 0)), 0
					}
					if int64(k) != m.sel.Amount || first < 0 {
						t.Fatalf("%d pins knocked down from %d, %d taken: %q", k, first, m.sel.Amount, boardRow(t, m, 0))
					}
					if len(at) == 0 || at[len(at)-1] != int64(first) {
						at = append(at, int64(first))
					}
					m = press(m, key)
				}
				return at
			}
			right := walk("right")
			if right[0] != lo || right[len(right)-1] != n-lo || !slices.IsSorted(right) {
				t.Errorf("→ from the left end: the pins stand at %v; want from %d to %d", right, lo, n-lo)
			}
			left := walk("left")
			if left[0] != n-lo || left[len(left)-1] != lo {
				t.Errorf("← back: the pins stand at %v; want from %d to %d", left, n-lo, lo)
			}
		})
	}
}

// cutAt is how many pins stand before the cut of a drawn row, -1 without
// one.
func cutAt(row string) int {
	k := 0
	label := strings.Index(row, "heap") // Lasker's Nim, Grundy's game
	if label < 0 {
		label = strings.Index(row, "row") // rows of pins
	}
	for _, r := range strings.TrimSpace(row[label:]) {
		switch string(r) {
		case board.PinGlyph, board.MatchGlyph, board.CoinGlyph:
			k++
		case board.CutGlyph:
			return k
		}
	}
	return -1
}
