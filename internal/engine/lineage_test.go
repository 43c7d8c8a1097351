package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// hbStart is Hackenbush 0-1 1-2 2-3 0-4 4-5: edges e1 to e5, e2 and e3 a
// stalk on e1, e5 on e4.
var hbStart = engine.Position{0, 1, 1, 2, 2, 3, 0, 4, 4, 5}

// explained is everything an analysis says in words, the move shown.
func explained(a engine.Analysis) string {
	return strings.Join(a.Explanation.Lines(en), "\n") + "\n" + a.Hint.Render(en) + "\n" + a.Summary().Render(en)
}

// Issue 27: a Hackenbush edge keeps its label through a match. Cutting e2
// brings e3 down; the edges left, 0-1 0-4 4-5, are places 1 to 3 of the
// position (as the command line and JSON write it), and the match names
// them e1, e4, e5 in every sentence: the move, the hint, the
// explanation, the summary. Taking the cut back names them by their
// places again, and making it again names them by their labels.
func TestMatchKeepsEdgeLabels(t *testing.T) {
	m, err := engine.NewMatch(variants.Hackenbush{}, engine.Normal, hbStart)
	if err != nil {
		t.Fatal(err)
	}
	turn, err := m.Play(engine.At(2, 1), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if said := turn.Before.Describe(turn.Move).Render(en); said != "cut edge 2 (1-2)" {
		t.Errorf("the cut is said %q", said)
	}
	now := m.Now()
	if !slices.Equal(now.Position, engine.Position{0, 1, 0, 4, 4, 5}) || !slices.Equal(now.Labels, engine.Labels{1, 4, 5}) {
		t.Fatalf("after cutting e2: position %v, labels %v", now.Position, now.Labels)
	}
	if said := now.Describe(engine.At(3, 1)).Render(en); said != "cut edge 5 (4-5)" {
		t.Errorf("the edge 4-5 is said %q, not edge 5", said)
	}
	// 0-1 is worth 1 and the stalk 0-4 4-5 worth 2: cutting 4-5 (e5) wins.
	if now.Move == nil || *now.Move != engine.At(3, 1) {
		t.Fatalf("the winning cut is %v", now.Move)
	}
	words := explained(now)
	for _, want := range []string{"Cut edge 5 (4-5)", "Edge 5:", "cut edge 5 (4-5), leaving"} {
		if !strings.Contains(words, want) {
			t.Errorf("the analysis does not say %q:\n%s", want, words)
		}
	}
	if strings.Contains(words, "edge 3") {
		t.Errorf("the analysis names edge 3, a label no edge has:\n%s", words)
	}
	m.TakeBack(0)
	if m.Now().Labels != nil || m.Now().Describe(engine.At(5, 1)).Render(en) != "cut edge 5 (4-5)" {
		t.Errorf("taken back: labels %v, e5 said %q", m.Now().Labels, m.Now().Describe(engine.At(5, 1)).Render(en))
	}
	if _, ok := m.Redo(); !ok || !slices.Equal(m.Now().Labels, engine.Labels{1, 4, 5}) || !strings.Contains(explained(m.Now()), "Cut edge 5 (4-5)") {
		t.Errorf("made again: labels %v\n%s", m.Now().Labels, explained(m.Now()))
	}
	// Cutting e4 (place 2) brings e5 down: e1 alone is left, named e1.
	turn, _ = m.Play(engine.At(2, 1), false, 0)
	if said := turn.Before.Describe(turn.Move).Render(en); said != "cut edge 4 (0-4)" || len(m.Now().Labels) > 1 {
		t.Errorf("the second cut is said %q; labels %v", said, m.Now().Labels)
	}
	tr := m.Transcript("play", [2]string{}, nil)
	if len(tr.Steps) != 2 || tr.Steps[1].Analysis.Describe(tr.Steps[1].Move).Render(en) != "cut edge 4 (0-4)" {
		t.Errorf("the transcript's steps: %+v", tr.Steps)
	}
}

// A game whose places do not outlive its moves keeps no labels: a Nim
// heap is the heap in its place.
func TestMatchWithoutLineageKeepsNoLabels(t *testing.T) {
	m, _ := engine.NewMatch(variants.Nim{}, engine.Normal, engine.Position{3, 5})
	m.Play(engine.At(1, 3), false, 0)
	if m.Now().Labels != nil || m.Now().Describe(engine.At(2, 1)).Render(en) != "take 1 from heap 2" {
		t.Errorf("labels %v, said %q", m.Now().Labels, m.Now().Describe(engine.At(2, 1)).Render(en))
	}
}

// In a sum, a Hackenbush component keeps its edges' labels, its own
// numbering (game 2's e5), and moves in the other components do not
// change them; a Kayles row that splits is named by its places.
func TestSumKeepsEdgeLabels(t *testing.T) {
	kayles, _, err := variants.Lookup(variants.Config{Name: "kayles"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewSum([]engine.Game{variants.Nim{}, variants.Hackenbush{}, kayles})
	if err != nil {
		t.Fatal(err)
	}
	hb := append(engine.Position{int64(len(hbStart))}, hbStart...)
	start := append(append(engine.Position{1, 3}, hb...), 1, 7)
	m, err := engine.NewMatch(s, engine.Normal, start)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []engine.Move{engine.At(2, 1).In(1), engine.At(1, 1).In(0), engine.Change{Place: 1, Amount: 1, Pieces: [2]int64{2}}.Move().In(2)} {
		if _, err := m.Play(mv, false, 0); err != nil {
			t.Fatalf("%v: %v", mv, err)
		}
		// Game 1's heap, game 2's edges e1, e4, e5, game 3's rows.
		want := engine.Labels{1, 1, 4, 5, 1}
		if mv.Part == 2 {
			want = engine.Labels{1, 1, 4, 5, 1, 2}
		}
		if !slices.Equal(m.Now().Labels, want) {
			t.Errorf("after %v: labels %v, want %v", mv, m.Now().Labels, want)
		}
		if said := m.Now().Describe(engine.At(3, 1).In(1)).Render(en); said != "in game 2, cut edge 5 (4-5)" {
			t.Errorf("after %v, the edge 4-5 is said %q", mv, said)
		}
	}
}

// A long game keeps its old turns' analyses short, and makes them whole
// again with their labels: a star of 70 edges cut from the first, taken
// back to the fourth cut, names its first edge e4.
func TestLabelsOutliveShortTurns(t *testing.T) {
	var star engine.Position
	for v := int64(1); v <= 70; v++ {
		star = append(star, 0, v)
	}
	m, err := engine.NewMatch(variants.Hackenbush{}, engine.Normal, star)
	if err != nil {
		t.Fatal(err)
	}
	for range 69 {
		if _, err := m.Play(engine.At(1, 1), false, 0); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(m.Now().Labels, engine.Labels{70}) {
		t.Fatalf("the last edge is labelled %v", m.Now().Labels)
	}
	m.TakeBack(3)
	if now := m.Now(); now.Brief() || len(now.Labels) != 67 || now.Labels[0] != 4 || now.Describe(engine.At(1, 1)).Render(en) != "cut edge 4 (0-4)" {
		t.Errorf("taken back to the fourth cut: brief %v, labels %v", now.Brief(), now.Labels)
	}
	for i, s := range m.Transcript("play", [2]string{}, nil).Steps {
		if want := fmt.Sprintf("cut edge %d (", i+1); !strings.HasPrefix(s.Analysis.Describe(s.Move).Render(en), want) {
			t.Errorf("step %d is said %q", i+1, s.Analysis.Describe(s.Move).Render(en))
		}
	}
}
