package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/desk"
	"matchgame/internal/variants"
)

// hbLabels is Hackenbush 0-1 1-2 2-3 0-4 4-5: a stalk of three edges
// (e1 e2 e3) and one of two (e4 e5), worth 3 ⊕ 2 = 1.
var hbLabels = engine.Position{0, 1, 1, 2, 2, 3, 0, 4, 4, 5}

// boardText is the board on m as drawn.
func boardText(m play) string { return strings.Join(board.Draw(m.boardView()), "\n") }

// edgeNames are the edges a board draws ("e4", "e5"), in its order.
func edgeNames(s string) []string { return regexp.MustCompile(`\be\d+ ─`).FindAllString(s, -1) }

// Issue 27: a Hackenbush edge keeps its label through the game, so that
// "cut e5" can be said to a class. Two players at one keyboard choose
// every cut by the keys: Player 1 cuts e2 (e3 falls), Player 2 cuts e1,
// Player 1 cuts e4 (e5 falls). The edges left are drawn and said by the
// labels they had at the start, everywhere: the board, the note, the
// hint, the explanation, the history, the review, the handout; taking
// moves back and making them again keeps them.
func TestHackenbushEdgesKeepTheirLabels(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "hackenbush"}, Position: hbLabels, Players: 2, Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "teach"}
	m := newTestPlay(t, o, 100, 40)
	m = press(m, selectKeys(m, engine.At(2, 1))...)
	labelsAfterFirstCut(t, m)
	m = press(m, selectKeys(m, engine.At(1, 1))...) // Player 2 slips: e1
	m = press(m, selectKeys(m, engine.At(1, 1))...) // Player 1: e4, and e5 falls
	if !m.match.Over() {
		t.Fatalf("the game goes on at %v", m.pos())
	}
	labelsLookingBack(t, m)
	labelsTakenBack(t, m)
}

// labelsAfterFirstCut: after cutting e2, the board, the note, the two
// hints, the explanation and the keys name the edges by their labels.
func labelsAfterFirstCut(t *testing.T, m play) {
	t.Helper()
	if got := edgeNames(boardText(m)); strings.Join(got, " ") != "e5 ─ e4 ─ e1 ─" {
		t.Errorf("after cutting e2 the board draws %v, not e5 e4 e1:\n%s", got, boardText(m))
	}
	v := flat(m.view())
	for _, want := range []string{"Player 1: cut edge 2 (1-2), leaving 0-1 0-4 4-5.", "Cut edge 5 (4-5): what is left is worth 0."} {
		if !strings.Contains(v, want) {
			t.Errorf("after cutting e2 the screen does not say %q:\n%s", want, m.view())
		}
	}
	if strings.Contains(v, "edge 3 (4-5)") || strings.Contains(v, "edge 2 (0-4)") {
		t.Errorf("the screen names an edge by its place, not its label:\n%s", m.view())
	}
	if v := flat(press(m, "w").view()); !strings.Contains(v, "Hint: Edge 5: its cut leaves the ground worth 0.") {
		t.Errorf("the first hint does not name e5:\n%s", press(m, "w").view())
	}
	if v := flat(press(m, "w", "w").view()); !strings.Contains(v, "Hint: N-position: the player to move wins: cut edge 5 (4-5), leaving 0-1 0-4.") {
		t.Errorf("the second hint does not name e5:\n%s", press(m, "w", "w").view())
	}
	// The keys select the edge drawn e5 (place 3): the cursor is on its line.
	keys := selectKeys(m, engine.At(3, 1))
	if line := cursorLine(boardText(press(m, keys[:len(keys)-1]...))); !strings.Contains(line, "e5 ─ 5") {
		t.Errorf("the keys to the third edge select line %q, not e5's", line)
	}
}

// labelsLookingBack: at the game's end the history, the review, the
// Markdown handout and the HTML handout's figures name the edges by their
// labels.
func labelsLookingBack(t *testing.T, m play) {
	t.Helper()
	history := strings.Join(m.teller().historyLines(100, m.st), "\n")
	for _, want := range []string{"cut edge 2 (1-2) → 0-1 0-4 4-5", "cut edge 1 (0-1) → 0-4 4-5", "cut edge 4 (0-4) → ∅"} {
		if !strings.Contains(history, want) {
			t.Errorf("the history does not say %q:\n%s", want, history)
		}
	}
	review := flat(strings.Join(panelLines(press(m, "v"), 100), "\n"))
	if !strings.Contains(review, "you played cut edge 1 (0-1); a winning move was cut edge 5 (4-5).") {
		t.Errorf("the review does not name e5:\n%s", review)
	}
	md := m.markdown()
	for _, want := range []string{"**Player 1: cut edge 4 (0-4) → ∅**", "a winning move was cut edge 5 (4-5).", "e5 ─ 5", "Cut edge 5 (4-5): what is left is worth 0."} {
		if !strings.Contains(md, want) {
			t.Errorf("the handout does not say %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "edge 3 (4-5)") || strings.Contains(md, "e3 ─ 5") || strings.Contains(md, "e1 ─ 4") {
		t.Errorf("the handout names an edge by its place, not its label:\n%s", md)
	}
	// The HTML handout draws each position: the third, 0-4 4-5, labelled e4 and e5.
	figures := strings.Split(string(desk.HandoutHTML(m.teller().transcript(), m.cat)), `<figure class="board">`)
	if len(figures) != 4 || svgEdges(figures[3]) != "e4 e5" || svgEdges(figures[2]) != "e1 e4 e5" {
		var labels []string
		for _, f := range figures[1:] {
			labels = append(labels, svgEdges(f))
		}
		t.Errorf("the HTML handout's %d figures label the edges %q", len(figures)-1, labels)
	}
}

// labelsTakenBack: undo, a save resumed, and redo keep the labels.
func labelsTakenBack(t *testing.T, m play) {
	t.Helper()
	drawn := func(m play) string { return strings.Join(edgeNames(boardText(m)), " ") }
	if m = press(m, "u"); drawn(m) != "e5 ─ e4 ─" {
		t.Errorf("undone to 0-4 4-5, the board draws %v:\n%s", drawn(m), boardText(m))
	}
	if m = press(m, "u"); drawn(m) != "e5 ─ e4 ─ e1 ─" {
		t.Errorf("undone to 0-1 0-4 4-5, the board draws %v:\n%s", drawn(m), boardText(m))
	}
	// Saved here and resumed, the game names its edges as it did.
	file := filepath.Join(t.TempDir(), "game.md")
	if err := os.WriteFile(file, []byte(m.markdown()), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ResumeOptions(file, Options{})
	if err != nil {
		t.Fatal(msgOf(err))
	}
	if back := newTestPlay(t, r, 100, 40); drawn(back) != "e5 ─ e4 ─ e1 ─" {
		t.Errorf("resumed at 0-1 0-4 4-5, the board draws %v:\n%s", drawn(back), boardText(back))
	}
	if m = press(m, "u"); drawn(m) != "e5 ─ e4 ─ e3 ─ e2 ─ e1 ─" {
		t.Errorf("undone to the start, the board draws %v:\n%s", drawn(m), boardText(m))
	}
	if m = press(m, "U", "U"); drawn(m) != "e5 ─ e4 ─" || !strings.Contains(flat(m.view()), "Cut edge 4 (0-4)") {
		t.Errorf("made again to 0-4 4-5, the board draws %v:\n%s", drawn(m), m.view())
	}
}

// svgEdges are the edges' labels a figure writes, sorted, each once.
func svgEdges(svg string) string {
	var out []string
	for _, m := range regexp.MustCompile(`>(e\d+)<`).FindAllStringSubmatch(svg[:strings.Index(svg, "</svg>")], -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), " ")
}

// cursorLine is the board's line with the cursor on it: the scissors of
// the cut previewed.
func cursorLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, board.Cursor) || strings.HasPrefix(l, "✂ ") {
			return l
		}
	}
	return ""
}

// Against the computer: its cut is said by its edge's label.
func TestComputerCutsByLabel(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "hackenbush"}, Position: hbLabels, First: "me", Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}
	m := reply(t, press(newTestPlay(t, o, 80, 24), selectKeys(newTestPlay(t, o, 80, 24), engine.At(2, 1))...))
	if v := flat(m.view()); !strings.Contains(v, "The computer: cut edge 5 (4-5), leaving 0-1 0-4.") {
		t.Errorf("the computer's cut is not said as e5's:\n%s", m.view())
	}
	if got := strings.Join(edgeNames(boardText(m)), " "); got != "e4 ─ e1 ─" {
		t.Errorf("the board draws %s", got)
	}
}

// A sum holding Hackenbush keeps its edges' labels, and a move in another
// component leaves them as they are.
func TestSumKeepsEdgeLabelsOnScreen(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "sum", Parts: []variants.Config{{Name: "nim"}, {Name: "hackenbush"}}},
		Position: append(engine.Position{1, 3, int64(len(hbLabels))}, hbLabels...), Players: 2, Level: engine.Perfect, Seed: 7, Lang: "en", Explain: "why"}
	m := newTestPlay(t, o, 100, 40)
	m = press(m, selectKeys(m, engine.At(2, 1).In(1))...) // game 2's e2
	m = press(m, selectKeys(m, engine.At(1, 1).In(0))...) // a match from game 1
	if got := strings.Join(edgeNames(boardText(m)), " "); got != "e5 ─ e4 ─ e1 ─" {
		t.Errorf("game 2 draws %s:\n%s", got, boardText(m))
	}
	m = press(m, selectKeys(m, engine.At(3, 1).In(1))...)
	history := strings.Join(m.teller().historyLines(100, m.st), "\n")
	if !strings.Contains(history, "in game 2, cut edge 5 (4-5)") {
		t.Errorf("the history does not name e5:\n%s", history)
	}
}
