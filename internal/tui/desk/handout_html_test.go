package desk

import (
	"bytes"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// perfectPlay is a demo's transcript: the canonical move while there is
// one, else the first legal move, to the end.
func perfectPlay(t *testing.T, game string, p engine.Position) engine.Transcript {
	t.Helper()
	g, c, err := variants.Lookup(variants.Config{Name: game})
	if err != nil {
		t.Fatal(err)
	}
	tr := engine.Transcript{Kind: "demo", Players: [2]string{"A", "B"}, Game: g, Conv: c, Start: p}
	for len(tr.Steps) < 1000 {
		a, err := engine.Analyze(g, p, c)
		if err != nil {
			t.Fatal(err)
		}
		m := a.Move
		if m == nil {
			for mv := range g.Moves(p, 1) {
				m = &mv
				break
			}
		}
		if m == nil {
			break
		}
		q, err := g.Apply(p, *m)
		if err != nil {
			t.Fatal(err)
		}
		tr.Steps = append(tr.Steps, engine.Step{Player: engine.Side(len(tr.Steps) % 2), Analysis: a, Move: *m, After: q})
		p = q
	}
	return tr
}

// An HTML handout draws each position with its move, every k moves for
// a long game, the last always; the Markdown handout draws none.
func TestHandoutHTML(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	for _, c := range []struct {
		game      string
		pos       engine.Position
		most      int
		wantEvery bool
	}{
		{"nim", engine.Position{3, 5, 7}, mostFigures, true},
		{"nim", engine.Position{100, 100}, mostFigures + 1, false},
	} {
		tr := perfectPlay(t, c.game, c.pos)
		page := HandoutFile("x.HTML", tr, cat)
		n := bytes.Count(page, []byte("<svg"))
		if c.wantEvery && n != len(tr.Steps) {
			t.Errorf("%v: %d figures for %d moves", c.pos, n, len(tr.Steps))
		}
		if n < 1 || n > c.most {
			t.Errorf("%v: %d figures for %d moves, want 1 to %d", c.pos, n, len(tr.Steps), c.most)
		}
		// The last move's figure: its stripes' pattern has its id.
		if !bytes.Contains(page, []byte(`id="m`+itoa(int64(len(tr.Steps)))+`p0"`)) {
			t.Errorf("%v: the last of %d moves is not drawn", c.pos, len(tr.Steps))
		}
		if md := HandoutFile("x.md", tr, cat); bytes.Contains(md, []byte("<svg")) {
			t.Errorf("%v: the Markdown handout has a figure", c.pos)
		}
		for _, w := range []string{"<h2", "break-inside: avoid", `<figure class="board">`} {
			if !bytes.Contains(page, []byte(w)) {
				t.Errorf("%v: the page has no %q", c.pos, w)
			}
		}
	}
}

// Printed, the handout keeps its moves and its figures' labels.
func TestHandoutHTMLInBrowser(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("zh")
	tr := perfectPlay(t, "kayles", engine.Position{4, 7})
	text, _ := printToPDF(t, HandoutHTML(tr, cat))
	for _, w := range []string{"第 1 行", cat.T("handout.move", 1, "A", engine.BriefOf(tr.Game, tr.Start))} {
		if !strings.Contains(squeeze(text), squeeze(w)) {
			t.Errorf("the printed handout has no %q", w)
		}
	}
}
