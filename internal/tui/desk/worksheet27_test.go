package desk

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// sumOf is the sum of the games named.
func sumOf(t *testing.T, names ...string) engine.Game {
	t.Helper()
	cfg := variants.Config{}
	for _, n := range names {
		cfg.Parts = append(cfg.Parts, variants.Config{Name: n})
	}
	g, _, err := variants.Lookup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A sum's questions: each row a component with its own value (as the
// sum's analysis finds it), the nim-sum row their xor, the answer the
// sum's.
func TestWorksheetSumValuesAreTheEngines(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	sum := sumOf(t, "nim", "kayles", "wythoff").(*engine.Sum)
	qs, err := sheetQuestions(sum, engine.Normal, 12, 9, cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if q.Kind != askBinary || len(q.Rows) != 3 || q.Figure == "" || q.KeyFigure == "" {
			t.Fatalf("question %d: kind %s, %d rows", q.Number, q.Kind, len(q.Rows))
		}
		checkSumRows(t, sum, q, cat)
	}
}

// checkSumRows checks a sum's question against the engine: each row's
// game and value, the nim-sum, the answer.
func checkSumRows(t *testing.T, sum *engine.Sum, q sheetQuestion, cat *assets.Catalog) {
	t.Helper()
	p := q.at
	var x uint64
	for i, pp := range sum.Partwise(p) {
		v, err := sum.Parts[i].Value(pp)
		if err != nil {
			t.Fatal(err)
		}
		if q.Rows[i].Value != strconv.FormatUint(v.G, 10) || q.Rows[i].Heap != engine.Written(sum.Parts[i], pp) {
			t.Errorf("%s: game %d is %s worth %s, the engine says %s worth %d", q.Position, i+1, q.Rows[i].Heap, q.Rows[i].Value, pp, v.G)
		}
		x ^= v.G
	}
	a, _ := engine.Analyze(sum, p, engine.Normal)
	if q.Sum.Value != strconv.FormatUint(x, 10) || !strings.Contains(q.Answer, a.Summary().Render(cat)) {
		t.Errorf("%s: nim-sum %s (want %d), answer %q", q.Position, q.Sum.Value, x, q.Answer)
	}
}

// A family's value question: its value as the family gives it.
func TestWorksheetFamilyValuesAreTheEngines(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	for _, game := range []string{"wythoff", "staircase", "hackenbush", "euclid", "georgia-bob", "northcott"} {
		g, c, _ := variants.Lookup(variants.Config{Name: game})
		qs, err := sheetQuestions(g, c, 8, 4, cat)
		if err != nil {
			t.Fatal(err)
		}
		values := 0
		for _, q := range qs {
			if q.Kind != askValue {
				continue
			}
			values++
			v, err := g.(engine.Valued).Value(q.at)
			if err != nil || q.Value != strconv.FormatUint(v.G, 10) || q.Figure == "" {
				t.Errorf("%s %s: g = %s, the family says %d (%v)", game, q.Position, q.Value, v.G, err)
			}
		}
		if values == 0 {
			t.Errorf("%s: no value question", game)
		}
	}
}

// Printed, a Chinese worksheet of a sum has its questions on their pages
// and the key after them, and its figures say the games' titles in
// Chinese.
func TestWorksheetSumInBrowser(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("zh")
	g := sumOf(t, "nim", "kayles", "wythoff")
	html, err := Worksheet(g, engine.Normal, 5, 6, "a4", true, cat)
	if err != nil {
		t.Fatal(err)
	}
	qs, _ := sheetQuestions(g, engine.Normal, 5, 6, cat)
	text, _ := printToPDF(t, html)
	pages := strings.Split(text, "\f")
	pageOf := func(s string) int {
		for i, p := range pages {
			if strings.Contains(squeeze(p), squeeze(s)) {
				return i
			}
		}
		return -1
	}
	key := pageOf(cat.T("worksheet.key"))
	if key < 1 {
		t.Fatalf("the key is on page %d", key+1)
	}
	for _, q := range qs {
		if p := pageOf(q.Prompt); p < 0 || p >= key {
			t.Errorf("question %d is on page %d, the key on %d", q.Number, p+1, key+1)
		}
		if p := pageOf(q.Answer); p < key {
			t.Errorf("answer %d is on page %d, before the key (%d)", q.Number, p+1, key+1)
		}
	}
	for _, label := range []string{"游戏 1 · Nim 博弈", "第 1 堆", "异或和"} {
		if !strings.Contains(squeeze(text), squeeze(label)) {
			t.Errorf("the printed sheet has no %q", label)
		}
	}
}

// A misère sum whose draws the search does not always answer (Kayles
// fails the misère certificate) draws again past those, as a random
// start does: the sheet is made, of positions the engine answers.
func TestWorksheetMisereSumDrawsAgain(t *testing.T) {
	t.Parallel()
	g := sumOf(t, "nim", "kayles")
	qs, err := sheetQuestions(g, engine.Misere, 10, 2, assets.Messages("en"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if q.Kind != askDecide || q.Answer == "" {
			t.Errorf("question %d: %s %q", q.Number, q.Kind, q.Answer)
		}
	}
}

// Every family whose worksheet is declared in misère play gives a whole
// sheet of it: Turning Corners' misère sheet failed from question 11,
// where the positions drawn grow past the 4 × 4 grid its search covers
// (a hostile trial).
func TestMisereSheetsOfEveryFamily(t *testing.T) {
	t.Parallel()
	for _, c := range variants.Capabilities() {
		if _, no := c.Cannot[variants.Tool("worksheet")]; no || !slices.Contains(c.Conventions, engine.Misere) {
			continue
		}
		// a family played only in misère play (Chomp) is so without --misere
		cfg := variants.Config{Name: c.Name, Misere: len(c.Conventions) > 1, Params: map[string]string{}}
		spec, _, _ := variants.Find(c.Name)
		for _, p := range spec.Params {
			if p.Required {
				cfg.Params[p.Name] = p.Default
			}
		}
		g, conv, err := variants.Lookup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sheetQuestions(g, conv, 20, 5, assets.Messages("en")); err != nil {
			t.Errorf("%s --misere, 20 questions: %v", c.Name, err)
		}
	}
}

// A row of coins is asked its coins' values, not its heaps' (Mock
// Turtles asked "each heap's Grundy value" of coins 2 4 11).
func TestCoinSheetsSpeakOfCoins(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"mock-turtles", "ruler", "turning-turtles"} {
		g, conv, err := variants.Lookup(variants.Config{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		qs, err := sheetQuestions(g, conv, 12, 3, assets.Messages("en"))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			if strings.Contains(q.Prompt, "heap") {
				t.Errorf("%s: %s", name, q.Prompt)
			}
		}
	}
}
