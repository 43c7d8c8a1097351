package learn

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// The built-in plans read, in both languages: every step with its note,
// and every kind of step among them.
func TestBuiltinPlans(t *testing.T) {
	t.Parallel()
	want := []string{"hackenbush-coins", "nim", "sums", "take-and-break"}
	if got := Builtins(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("built-in plans %q, want %q", got, want)
	}
	kinds := map[StepKind]bool{}
	for _, name := range want {
		p, err := LoadPlan(name)
		if err != nil {
			t.Fatalf("%s: %v", name, engine.Message(err, assets.Messages("en")))
		}
		if len(p.Steps) < 5 {
			t.Errorf("%s: only %d steps", name, len(p.Steps))
		}
		for _, lang := range assets.Langs {
			if p.TitleIn(lang) == "" || p.Title[lang] == "" {
				t.Errorf("%s: no title in %s", name, lang)
			}
			for i, s := range p.Steps {
				kinds[s.Kind] = true
				if s.Note[lang] == "" {
					t.Errorf("%s step %d: no note in %s", name, i+1, lang)
				}
				if w := s.What(lang); w == "" || missingKey.MatchString(w) {
					t.Errorf("%s step %d: %q", name, i+1, w)
				}
			}
		}
	}
	if len(kinds) != 4 {
		t.Errorf("the built-in plans use %d kinds of step, not all four", len(kinds))
	}
}

// missingKey is how a message missing from the catalogue shows: {key}.
var missingKey = regexp.MustCompile(`\{[a-z]+(\.[a-z]+)+\}`)

// A bad plan is refused before the lesson starts, in one line that names
// the file, the line and what is wrong.
func TestBadPlansAreRefusedWithTheirLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		plan string
		line int
		want string
	}{
		{"title = \"x\"\n[[step]]\npage = \"nosuch\"\n", 3, `there is no page "nosuch"`},
		{"title = \"x\"\n[[step]\npage = \"nim\"\n", 2, "this is not TOML"},
		{"[[step]]\npage = \"nim\"\ncolour = \"red\"\n", 3, `no key "step.colour"`},
		{"[[step]]\nnote = \"say it\"\n", 1, "step 1: it says nothing to do"},
		{"[[step]]\npage = \"nim\"\n\n[[step]]\npage = \"sj\"\ndemo = \"nim 3\"\n", 6, "step 2: it gives both page and demo"},
		{"[[step]]\ndemo = \"nim -3\"\n", 2, `"-3"`},
		{"[[step]]\ndemo = \"chess 3\"\n", 2, "chess"},
		{"[[step]]\nquiz = \"nim 3 4\"\n", 2, "a quiz draws its own positions"},
		{"[[step]]\nquiz = \"nim\"\nquestions = 0\n", 3, "0 questions"},
		{"[[step]]\nquiz = \"nim\"\nseconds = 9999\n", 3, "9,999 seconds"},
		{"[[step]]\npage = \"nim\"\nquestions = 3\n", 3, "belong to a quiz"},
		{"[[step]]\nplay = \"nim + kayles --every\"\n", 2, "Every-SG"},
		{"[[step]]\nquiz = \"nim + kayles --every\"\n", 2, "Every-SG"},
		{"", 1, "no step"},
		{"title = \"only a title\"\n", 1, "no step"},
		{"[[step]]\npage = \"nim\"\nnote = 5\n", 3, "note is text"},
		{"[[step]]\npage = \"nim\"\nnote = { fr = \"salut\" }\n", 3, "note is text"},
		{"[[step]]\nquiz = \"nim\"\nquestions = \"five\"\n", 3, "this is not TOML"},
		{"title = 7\n[[step]]\npage = \"nim\"\n", 1, "title is text"},
	} {
		_, err := ParsePlan("plan.toml", []byte(c.plan))
		if !errors.Is(err, engine.ErrRefused) {
			t.Errorf("%q: %v, want a refusal", c.plan, err)
			continue
		}
		msg := engine.Message(err, assets.Messages("en"))
		prefix := "plan.toml, line " + strconv.Itoa(c.line) + ": "
		if !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("%q:\n  %s\n  want %q … %q", c.plan, msg, prefix, c.want)
		}
		if zh := engine.Message(err, assets.Messages("zh")); !strings.Contains(zh, "第 "+strconv.Itoa(c.line)+" 行") {
			t.Errorf("%q in Chinese: %s", c.plan, zh)
		}
	}
}

// A plan is read from a file, or refused with why: none there, not a
// regular file, too large.
func TestLoadPlanFromFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.toml")
	if err := os.WriteFile(good, []byte("title = \"Mine\"\n[[step]]\nplay = \"kayles 7\"\nnote = \"go\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := LoadPlan(good)
	if err != nil || p.TitleIn("zh") != "Mine" || len(p.Steps) != 1 || p.Steps[0].Kind != StepPlay || p.Steps[0].Setup.Pos[0] != 7 {
		t.Fatalf("%s: %+v, %v", good, p, err)
	}
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, []byte(strings.Repeat("# a comment line\n", maxPlanBytes/16+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, want string }{
		{filepath.Join(dir, "none.toml"), "there is no plan file"},
		{"nosuchplan", "nor a built-in plan"},
		{dir, "not a regular file"},
		{big, "larger than"},
	} {
		_, err := LoadPlan(c.arg)
		if msg := engine.Message(err, assets.Messages("en")); !errors.Is(err, engine.ErrRefused) || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v, want %q", c.arg, msg, c.want)
		}
	}
}

// A teacher's note points at nothing by its position ("the previous
// page": the step before may be a demo), names a page only by one that
// is there, says "the page" only on a page's step, and sends no one to
// the menu (a lesson on one screen has none).
func TestBuiltinNotesNameWhatIsThere(t *testing.T) {
	t.Parallel()
	relative := regexp.MustCompile(`(?i)\b(previous|next|last|preceding|following|earlier)\s+(page|step)\b|\bpage (above|before)\b|[前上下后]一(页|步|个步骤)`)
	named := regexp.MustCompile(`\bthe ([a-z][a-z-]*) page\b|matchgame learn ([a-z][a-z-]*)`)
	unnamed := regexp.MustCompile(`(?i)\b(the|this) page\b|页面上|这一页|本页`)
	menu := regexp.MustCompile(`(?i)\bmenu\b|菜单`)
	for _, name := range Builtins() {
		p, err := LoadPlan(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range p.Steps {
			for lang, note := range s.Note {
				where := name + " step " + strconv.Itoa(i+1) + " (" + lang + ")"
				if m := relative.FindString(note); m != "" {
					t.Errorf("%s: %q points at a step by its position: %s", where, m, note)
				}
				for _, m := range named.FindAllStringSubmatch(note, -1) {
					id := m[1] + m[2]
					if !slices.Contains(IDs(), id) {
						t.Errorf("%s: names the page %q, which is not there: %s", where, id, note)
					}
				}
				if m := unnamed.FindString(note); m != "" && s.Kind != StepPage {
					t.Errorf("%s: %q on a %s step names no page: %s", where, m, s.Kind, note)
				}
				if menu.MatchString(note) {
					t.Errorf("%s: sends the class to the menu: %s", where, note)
				}
			}
		}
	}
}

// A sum's step is named as a single game's is, in the reader's words:
// each game's title and numbers, not the command as written.
func TestSumStepsInTheReadersWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind       StepKind
		setup      string
		lang, want string
	}{
		{StepDemo, "nim 3 5 + kayles 7 + wythoff 3 5", "zh", "演示：Nim 博弈 3 5 + Kayles（保龄球） 7 + 威佐夫博弈 3 5"},
		{StepDemo, "nim 3 5 + kayles 7 + wythoff 3 5", "en", "demo: Nim 3 5 + Kayles 7 + Wythoff 3 5"},
		{StepQuiz, "nim + kayles", "zh", "5 道题的测验，课堂上每题 60 秒：Nim 博弈 + Kayles（保龄球）"},
		{StepPlay, "subtraction --set 1,3,4 5 + nim 2 --misere", "en", "free play: Subtraction (set {1, 3, 4}) 5 + Nim 2 · misère play: the last move loses"},
	} {
		setup, err := ParseSetup(c.setup)
		if err != nil {
			t.Fatal(err)
		}
		s := Step{Kind: c.kind, Setup: setup, Questions: 5, Seconds: 60}
		if got := s.What(c.lang); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.setup, c.lang, got, c.want)
		}
	}
}

// The demos' notes say what the class sees: take-and-break's ten pins
// name the move the computer plays (leaving 1 8), not only the symmetric
// one; hackenbush-coins' Hackenbush demo has more than one piece on the
// ground, so that it lasts several cuts (a single trunk ended in one).
func TestDemoNotesMatchTheDemo(t *testing.T) {
	t.Parallel()
	demo := func(plan string, i int) Step {
		p, err := LoadPlan(plan)
		if err != nil {
			t.Fatal(err)
		}
		return p.Steps[i]
	}
	kayles := demo("take-and-break", 3)
	a, err := engine.Analyze(kayles.Setup.Game, kayles.Setup.Pos, kayles.Setup.Conv)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.Summary().Render(assets.Messages("en")), "leaving 1 8") {
		t.Fatalf("the computer no longer leaves 1 8 from %v", kayles.Setup.Pos)
	}
	for _, lang := range assets.Langs {
		if n := kayles.NoteIn(lang); !strings.Contains(n, "1 8") {
			t.Errorf("%s: the ten pins' note does not name the computer's move (leaving 1 8): %q", lang, n)
		}
	}
	tree := demo("hackenbush-coins", 1)
	grounded := 0
	for i := 0; i+1 < len(tree.Setup.Pos); i += 2 {
		if tree.Setup.Pos[i] == 0 {
			grounded++
		}
	}
	if grounded < 2 {
		t.Errorf("the Hackenbush demo %v has %d piece(s) on the ground: it ends in a cut", tree.Setup.Pos, grounded)
	}
}

// A plan saved with a UTF-8 byte order mark (Windows Notepad) is read as
// without it; its lines are counted the same. It was refused: invalid
// character at start of key: U+00EF 'ï'.
func TestPlanWithByteOrderMark(t *testing.T) {
	t.Parallel()
	bom := "\ufeff"
	p, err := ParsePlan("plan.toml", []byte(bom+"title = \"Mine\"\n[[step]]\nplay = \"nim 3\"\n"))
	if err != nil || p.TitleIn("en") != "Mine" || len(p.Steps) != 1 {
		t.Fatalf("%+v, %v", p, err)
	}
	_, err = ParsePlan("plan.toml", []byte(bom+"title = \"Mine\"\n[[step]]\npage = \"nosuch\"\n"))
	if msg := engine.Message(err, assets.Messages("en")); !strings.HasPrefix(msg, "plan.toml, line 3: ") {
		t.Errorf("with a BOM: %s, want line 3", msg)
	}
}

// A step's game takes the flags the command line takes, and is refused
// as it is: a flag the game does not take is named as such, with a value
// or without (--json at the end said "--json needs a value"), and a flag
// given twice is refused (--misere --misere was taken), in one game or
// across a sum.
func TestPlanStepFlagsAsTheCommandLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ step, want string }{
		{"nim 3 4 --json", "nim takes no --json"},
		{"nim 3 4 --force", "nim takes no --force"},
		{"nim 3 4 --first", "nim takes no --first"},
		{"nim 3 4 --first me", "nim takes no --first"},
		{"nim --json 3 4", "nim takes no --json"},
		{"nim 3 4 --misere --misere", "--misere is given twice"},
		{"subtraction --set 1,2 --set 1,3 5", "--set is given twice"},
		{"nim 3 --misere + kayles 4 --misere", "--misere is given twice"},
		{"nim 3 + kayles 4 --json", "kayles takes no --json"},
	} {
		_, err := ParsePlan("plan.toml", []byte("[[step]]\nplay = \""+c.step+"\"\n"))
		if err == nil {
			t.Errorf("%s: taken, want %q", c.step, c.want)
			continue
		}
		if msg := engine.Message(err, assets.Messages("en")); !errors.Is(err, engine.ErrRefused) || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v, want %q", c.step, msg, c.want)
		}
	}
	if _, err := ParseSetup("nim 2 + kayles 3 --every --every"); err == nil || !strings.Contains(engine.Message(err, assets.Messages("en")), "--every is given twice") {
		t.Errorf("--every twice: %v", err)
	}
	for _, step := range []string{"subtraction --set 1,2 5 + subtraction --set 2,3 6", "bash --max=4 7 --misere", "nim 3 + kayles 4 --misere"} {
		if _, err := ParsePlan("plan.toml", []byte("[[step]]\nplay = \""+step+"\"\n")); err != nil {
			t.Errorf("%s: %v", step, err)
		}
	}
}

// A graph file a step names is refused in one line that says what is
// wrong with it: a line too long for a graph file (/dev/zero said
// "bufio.Scanner: token too long"), a directory, not a file (it said
// "read DIR: is a directory").
func TestPlanStepGraphFileSaysWhy(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	long := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(long, []byte("1 2\n"+strings.Repeat("7", 100_000)+" 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ file, en, zh string }{
		{long, "line 2 of the graph file is longer than 65,536 bytes", "第 2 行"},
		{dir, "is a directory, not a graph file", "是目录"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct{ file, en, zh string }{"/dev/zero", "line 1 of the graph file is longer than", "第 1 行"})
	}
	for _, c := range cases {
		_, err := ParsePlan("plan.toml", []byte("[[step]]\nplay = \"graph --file "+c.file+" 1\"\n"))
		if err == nil {
			t.Errorf("%s: taken", c.file)
			continue
		}
		en, zh := engine.Message(err, assets.Messages("en")), engine.Message(err, assets.Messages("zh"))
		if !strings.Contains(en, c.en) || !strings.Contains(zh, c.zh) || strings.Contains(en, "bufio") || strings.Contains(en, "read "+c.file) {
			t.Errorf("%s:\n  %s\n  %s\n  want %q, %q", c.file, en, zh, c.en, c.zh)
		}
	}
}
