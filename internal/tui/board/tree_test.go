package board

import (
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// Issue 17: Green Hackenbush grows up from the ground line, an edge a
// line, a cycle's closing edge and a loop named by both ends; a cut
// shows what falls with it; a click on an edge's line chooses its cut.
func TestTreeBoard(t *testing.T) {
	v := view(t, "hackenbush", engine.Position{0, 1, 1, 2, 1, 3, 3, 4, 4, 1, 0, 5, 5, 5}, 20)
	v.Choosing = false
	lines := Draw(v)
	all := strings.Join(lines, "\n")
	for _, want := range []string{"e7 ─ 5…5 ↺", "e6 ─ 5", "e5 ─ 1…4 ↺", "e4 ─ 4", "e1 ─ 1", "the ground (vertex 0)"} {
		if !strings.Contains(all, want) {
			t.Errorf("the drawing lacks %q:\n%s", want, all)
		}
	}
	if !strings.Contains(lines[len(lines)-2], "ground") || !strings.Contains(lines[len(lines)-3], "e1 ─ 1") {
		t.Errorf("the ground is not at the bottom under e1:\n%s", all)
	}
	v.Preview = ptr(engine.At(3, 1)) // e3 (1-3): 3 and 4 stay up by e5
	if all := strings.Join(Draw(v), "\n"); !strings.Contains(all, "brings down the edge cut alone") || strings.Contains(all, "1 edges") {
		t.Errorf("cutting e3 of a cycle brings down only itself:\n%s", all)
	}
	v.Preview = ptr(engine.At(6, 1)) // e6: the loop at 5 falls too
	if all := strings.Join(Draw(v), "\n"); !strings.Contains(all, "brings down 2 edges") {
		t.Errorf("cutting e6:\n%s", all)
	}
	v.Preview = nil
	for y, l := range Draw(v) {
		if strings.Contains(l, "e4 ─ 4") {
			if s, ok := At(v, text.Width(l[:strings.Index(l, "e4")]), y); !ok || s.Where != 4 {
				t.Errorf("a click on e4: %+v %v", s, ok)
			}
		}
	}
}

// Issue 27: edges drawn by their labels (e5 stays e5 after a cut): a
// click on the line drawn e5 chooses the cut of the edge there, the
// position's third.
func TestTreeBoardLabels(t *testing.T) {
	v := view(t, "hackenbush", engine.Position{0, 1, 0, 4, 4, 5}, 20)
	v.Labels = engine.Labels{1, 4, 5}
	lines := Draw(v)
	all := strings.Join(lines, "\n")
	for _, want := range []string{"e5 ─ 5", "e4 ─ 4", "e1 ─ 1"} {
		if !strings.Contains(all, want) {
			t.Errorf("the drawing lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "e2") || strings.Contains(all, "e3") {
		t.Errorf("the drawing names edges by their places:\n%s", all)
	}
	for y, l := range lines {
		if i := strings.Index(l, "e5 ─"); i >= 0 {
			if s, ok := At(v, text.Width(l[:i]), y); !ok || s.Where != 3 {
				t.Errorf("a click on e5: %+v %v", s, ok)
			}
		}
	}
}
