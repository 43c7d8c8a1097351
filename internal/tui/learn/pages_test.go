package learn

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Every page reads in both languages with everything filled in: no
// placeholder the engine could not fill, no number the page states that
// the engine does not find, a statement, a proof, the worked example.
func TestPagesRender(t *testing.T) {
	t.Parallel()
	for _, p := range Pages() {
		for _, lang := range assets.Langs {
			d, err := Render(p.ID, lang, 0)
			if err != nil {
				t.Errorf("%s.%s: %v", p.ID, lang, err)
				continue
			}
			if d.Title == "" || len(p.Names[lang]) == 0 && p.ID != "pn" {
				t.Errorf("%s.%s: title %q, names %q", p.ID, lang, d.Title, p.Names[lang])
			}
			kinds := map[string]int{}
			for _, b := range d.Blocks {
				checkBlock(t, p.ID+"."+lang, b, kinds)
			}
			want := map[string]int{"statement": 1, "example": 1, "exercises": 1, "problems": 1}
			if p.Exercises == "" {
				delete(want, "exercises")
			}
			for k, n := range want {
				if kinds[k] < n {
					t.Errorf("%s.%s: no %s", p.ID, lang, k)
				}
			}
		}
	}
}

// checkBlock counts block b's kind in kinds and checks its text: nothing
// failed, nothing wrong, no stray *.
func checkBlock(t *testing.T, page string, b Block, kinds map[string]int) {
	t.Helper()
	switch b := b.(type) {
	case Failed:
		t.Errorf("%s: %s: %s", page, b.Source, b.Why)
	case Statement:
		kinds["statement"]++
	case Worked:
		kinds["example"] += btoiTest(b.Example)
	case Exercises:
		kinds["exercises"]++
	case Problems:
		kinds["problems"]++
	}
	for _, s := range spansOf(b) {
		for _, sp := range s {
			if sp.Kind == Wrong {
				t.Errorf("%s: %s", page, sp.Text)
			}
			if strings.Contains(sp.Text, "*") { // emphasis Markdown did not read as such
				t.Errorf("%s: a stray * in %q", page, sp.Text)
			}
		}
	}
}

func btoiTest(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spansOf is the running text of a block.
func spansOf(b Block) []Spans {
	switch b := b.(type) {
	case Heading:
		return []Spans{b.Text}
	case Para:
		return []Spans{b.Text}
	case List:
		return b.Items
	case Statement:
		return b.Paras
	case Grid:
		out := slices.Clone(b.Head)
		for _, r := range b.Rows {
			out = append(out, r...)
		}
		return out
	}
	return nil
}

// A page's two languages say the same: the same placeholders in the same
// order (the engine's numbers), the same other numbers, the same blocks.
func TestPagesAgreeAcrossLanguages(t *testing.T) {
	t.Parallel()
	number := regexp.MustCompile(`\d+`)
	for _, p := range Pages() {
		var holders, numbers, shapes [2][]string
		for i, lang := range assets.Langs {
			_, body, err := source(p.ID, lang)
			if err != nil {
				t.Fatal(err)
			}
			holders[i] = placeholder.FindAllString(body, -1)
			slices.Sort(holders[i]) // a sentence may put them in another order
			rest := placeholder.ReplaceAllString(body, "")
			numbers[i] = number.FindAllString(rest, -1)
			slices.Sort(numbers[i])
			for _, line := range strings.Split(body, "\n") {
				switch {
				case strings.HasPrefix(line, "#"), strings.HasPrefix(line, ">"), strings.HasPrefix(line, "|"), strings.HasPrefix(line, "```"):
					shapes[i] = append(shapes[i], line[:1])
				}
			}
		}
		if !slices.Equal(holders[0], holders[1]) {
			t.Errorf("%s: the placeholders differ:\n  en %q\n  zh %q", p.ID, holders[0], holders[1])
		}
		if !slices.Equal(numbers[0], numbers[1]) {
			t.Errorf("%s: the numbers differ:\n  en %v\n  zh %v", p.ID, numbers[0], numbers[1])
		}
		if !slices.Equal(shapes[0], shapes[1]) {
			t.Errorf("%s: the blocks differ:\n  en %v\n  zh %v", p.ID, shapes[0], shapes[1])
		}
	}
}

// A word set in bold is a term the glossary defines, in the page's
// language, and the glossary sends it to a page.
func TestBoldTermsAreInTheGlossary(t *testing.T) {
	t.Parallel()
	forms := map[string]map[string]bool{"en": {}, "zh": {}}
	for _, term := range assets.Glossary() {
		for _, f := range strings.Split(term.English, "|") {
			forms["en"][strings.ToLower(f)] = true
		}
		for _, f := range strings.Split(term.Chinese, "|") {
			forms["zh"][f] = true
		}
	}
	for _, p := range Pages() {
		for _, lang := range assets.Langs {
			d, err := Render(p.ID, lang, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range d.Blocks {
				for _, s := range spansOf(b) {
					for _, sp := range s {
						w := strings.TrimSuffix(sp.Text, "s")
						if lang == "en" {
							w = strings.ToLower(w)
						}
						if sp.Kind == Term && !forms[lang][w] && !forms[lang][strings.ToLower(sp.Text)] && !forms[lang][sp.Text] {
							t.Errorf("%s.%s: %q is bold but not a glossary term", p.ID, lang, sp.Text)
						}
					}
				}
			}
		}
	}
}

// Every glossary term that points at a page points at one that exists.
func TestGlossaryLinksToPages(t *testing.T) {
	t.Parallel()
	linked := 0
	for _, term := range assets.Glossary() {
		if term.Page == "" {
			continue
		}
		linked++
		if _, ok := Find(term.Page); !ok || !slices.Contains(IDs(), term.Page) {
			t.Errorf("the glossary sends %q to page %q, which does not exist", term.English, term.Page)
		}
	}
	if linked < 30 {
		t.Errorf("only %d glossary terms are linked to a page", linked)
	}
}

// Every family of the games, and sums, has a page that explains it.
func TestEveryFamilyHasAPage(t *testing.T) {
	t.Parallel()
	for _, name := range append(variants.Names(), "sum") {
		found := false
		for _, p := range Pages() {
			found = found || slices.Contains(p.Games, name)
		}
		if !found {
			t.Errorf("no page explains %s", name)
		}
	}
	for _, p := range Pages() {
		for _, g := range p.Games {
			if _, _, ok := variants.Find(g); !ok && g != "sum" {
				t.Errorf("page %s explains %q, which is not a game", p.ID, g)
			}
		}
	}
}

// theoremName finds what the explanations call a theorem, a principle or
// a named rule: "the Sprague–Grundy theorem", "the colon principle",
// "the Anti-Nim rule"; in Chinese "SG 定理", "冒号原理".
var theoremName = map[string]*regexp.Regexp{
	"en": regexp.MustCompile(`(?:[A-Z][\p{L}'’–-]*(?: [A-Z][\p{L}'’–-]*)*|colon|fusion) (?:theorem|principle|rule)s?\b`),
	"zh": regexp.MustCompile(`[A-Za-z][A-Za-z'’–-]* ?定理|[\p{Han}]{2}原理`),
}

// Every theorem an explanation names has a page that proves it: a test
// fails as soon as a message says "by the X theorem" and no page lists X
// among its names.
func TestExplanationsNameOnlyTheoremsWithAPage(t *testing.T) {
	t.Parallel()
	for _, lang := range assets.Langs {
		cat := assets.Messages(lang)
		var names []string
		for _, p := range Pages() {
			for _, n := range p.Names[lang] {
				names = append(names, strings.ToLower(n))
			}
		}
		found := 0
		for _, key := range cat.Keys() {
			if strings.HasPrefix(key, "cli.help.") || strings.HasPrefix(key, "gloss.") || strings.HasPrefix(key, "learn.") || strings.HasPrefix(key, "lesson.") {
				continue // the pages' own words, and the help
			}
			for _, m := range theoremName[lang].FindAllString(cat.T(key), -1) {
				m = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(m, "The "), "s"), "s")
				if lower := strings.ToLower(m); !slices.ContainsFunc(names, func(n string) bool { return n == lower || strings.HasSuffix(lower, " "+n) }) {
					t.Errorf("%s: %s names %q, which no page lists among its names", lang, key, m)
				}
				found++
			}
		}
		if found < 10 {
			t.Errorf("%s: only %d theorems named in the explanations: the search is broken", lang, found)
		}
	}
}

// problemID finds a judge problem's name in a text: HDU 1848, POJ 1704,
// Luogu P1247 (洛谷 P1247).
var problemID = regexp.MustCompile(`\b(HDU|POJ) ?(\d{4})\b|\bP(\d{4})\b`)

func problemKey(m []string) string {
	if m[3] != "" {
		return "p" + m[3]
	}
	return strings.ToLower(m[1]) + m[2]
}

// Every judge problem the presets and the messages cite is on a page,
// and a preset's problem is on a page of the preset's family.
func TestProblemsAreOnTheirPages(t *testing.T) {
	t.Parallel()
	cited := map[string][]string{} // problem → the pages citing it
	for _, p := range Pages() {
		for _, id := range p.Problems {
			if _, ok := problem(id); !ok {
				t.Errorf("page %s cites %s, which the index does not have", p.ID, id)
			}
			cited[id] = append(cited[id], p.ID)
		}
	}
	for _, pr := range AllProblems() {
		if len(cited[pr.ID]) == 0 {
			t.Errorf("problem %s is on no page", pr.ID)
		}
	}
	for _, preset := range assets.Presets() {
		spec, _, _ := variants.Find(preset.Game)
		for _, m := range problemID.FindAllStringSubmatch(preset.Title["en"]+" "+preset.Context["en"], -1) {
			id := problemKey(m)
			if !slices.ContainsFunc(cited[id], func(page string) bool {
				p, _ := Find(page)
				return slices.Contains(p.Games, spec.Name)
			}) {
				t.Errorf("preset %s cites %s, which no page of %s has", preset.Name, id, spec.Name)
			}
		}
	}
	for _, key := range assets.Messages("en").Keys() {
		for _, m := range problemID.FindAllStringSubmatch(assets.Messages("en").T(key), -1) {
			if id := problemKey(m); len(cited[id]) == 0 {
				t.Errorf("%s cites %s, which no page has", key, id)
			}
		}
	}
	for _, s := range assets.SumPresets() {
		for _, m := range problemID.FindAllStringSubmatch(s.Title["en"], -1) {
			if id := problemKey(m); len(cited[id]) == 0 {
				t.Errorf("sum preset %s cites %s, which no page has", s.Name, id)
			}
		}
	}
}

// A page's worked example is what the engine says about the position
// its index names, worked afresh here; and each problem's verdict too.
func TestExamplesAreTheEngines(t *testing.T) {
	t.Parallel()
	for _, p := range Pages() {
		for _, lang := range assets.Langs {
			cat := assets.Messages(lang)
			st, err := ParseSetup(p.Example)
			if err != nil {
				t.Fatalf("%s: example %q: %v", p.ID, p.Example, err)
			}
			want, err := verdict(st, cat)
			if err != nil {
				t.Fatal(err)
			}
			d, _ := Render(p.ID, lang, 0)
			md := squeeze(Markdown(d)) // lines wrapped anywhere, spaces or none
			if !strings.Contains(md, squeeze(want)) {
				t.Errorf("%s.%s: the page does not say the engine's verdict %q", p.ID, lang, want)
			}
			if !st.Every { // the block opens on the board, its title said above it
				if first := boardLines(st, PlainStyles().Board, cat, 76)[0]; !strings.Contains(Markdown(d), "```text\n"+first+"\n") {
					t.Errorf("%s.%s: the example's block does not open on the board %q", p.ID, lang, first)
				}
			}
			if !st.Every {
				a, _ := engine.Analyze(st.Game, st.Pos, st.Conv)
				for _, line := range a.Explanation.Render(engine.Layout{Lang: cat, Show: engine.Teach, Glyphs: true}) {
					if !strings.Contains(md, squeeze(line)) {
						t.Errorf("%s.%s: the example lacks the engine's line %q", p.ID, lang, line)
						break
					}
				}
			}
		}
	}
}

// squeeze is s without its white space: text wrapped at any width
// compares equal.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' {
			return -1
		}
		return r
	}, s)
}

// The Chinese pages use full-width punctuation, as the catalogue does: no
// ASCII comma, colon, semicolon or bracket touches a Chinese character
// (formulas such as (0, 1) keep ASCII).
func TestChinesePagesPunctuation(t *testing.T) {
	t.Parallel()
	touching := regexp.MustCompile(`\p{Han}[,:;()?!]|[,:;()?!]\p{Han}|[。；：，] \p{Han}`)
	for _, p := range Pages() {
		_, body, err := source(p.ID, "zh")
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(placeholder.ReplaceAllString(body, ""), "\n") {
			if m := touching.FindString(line); m != "" {
				t.Errorf("%s.zh: %q in %q: use full-width punctuation", p.ID, m, line)
			}
		}
	}
}
