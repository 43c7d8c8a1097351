package learn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// A lesson plan is a small TOML file of steps a teacher takes a class
// through, each with a note for the teacher:
//
//	title = "Sums and the Sprague–Grundy theorem"
//
//	[[step]]
//	page = "mex"                       # a learn page
//	note = "Start from the mex …"
//
//	[[step]]
//	demo = "sprague-grundy-three"      # a preset, or a game and position
//	note = "…"
//
//	[[step]]
//	quiz = "nim + kayles"              # a family, a preset or a sum
//	questions = 5                      # 1 to 100; each open seconds = 30 in class
//	note = "…"
//
//	[[step]]
//	play = "kayles"                    # free play of a family
//	note = "…"
//
// A title or a note may also be a table of languages, { en = "…", zh =
// "…" }: the built-in plans speak both. A plan is checked whole before
// the lesson starts: the first thing wrong is refused with its line.

// StepKind is what a step of a lesson does.
type StepKind int

const (
	// StepPage shows a learn page.
	StepPage StepKind = iota
	// StepDemo plays a position by perfect play, a move at a key.
	StepDemo
	// StepQuiz asks "find the winning move" on drawn positions.
	StepQuiz
	// StepPlay lets everyone play a family against the computer.
	StepPlay
)

var stepKeys = []string{"page", "demo", "quiz", "play"}

// String is the kind as a plan file writes it.
func (k StepKind) String() string { return stepKeys[k] }

// Plan is a lesson: its name, title and steps.
type Plan struct {
	Name  string
	Title map[string]string
	Steps []Step
}

// Step is one step of a lesson.
type Step struct {
	Kind StepKind
	// Page is a StepPage's page id.
	Page string
	// Setup is the game of a demo, quiz or free play; a demo's or a
	// play's position may be nil (a start drawn at random).
	Setup     Setup
	Questions int // a quiz's
	Seconds   int // each question's time in class
	Note      map[string]string
	Line      int // where the step starts in its file
}

// inLang is a title or note in lang, else English, else any language
// given.
func inLang(texts map[string]string, lang string) string {
	if s, ok := texts[lang]; ok {
		return s
	}
	if s, ok := texts["en"]; ok {
		return s
	}
	for _, l := range assets.Langs {
		if s, ok := texts[l]; ok {
			return s
		}
	}
	return ""
}

// TitleIn is the plan's title in lang.
func (p Plan) TitleIn(lang string) string { return inLang(p.Title, lang) }

// NoteIn is the step's note for the teacher in lang.
func (s Step) NoteIn(lang string) string { return inLang(s.Note, lang) }

// What says the step in a few words: the page's title, the game.
func (s Step) What(lang string) string {
	cat := assets.Messages(lang)
	switch s.Kind {
	case StepPage:
		p, _ := Find(s.Page)
		return cat.T("lesson.step.page", p.Title[cat.Lang])
	case StepQuiz:
		return cat.T("lesson.step.quiz", s.Questions, s.Setup.Words(cat), s.Seconds)
	case StepPlay:
		return cat.T("lesson.step.play", s.Setup.Words(cat))
	}
	return cat.T("lesson.step.demo", s.Setup.Words(cat))
}

// Limits of a plan file: a lesson, not a course.
const (
	maxPlanBytes = 1 << 20
	maxSteps     = 100
	maxQuestions = 100
)

// DefaultSeconds is each question's time in class for a quiz step that
// gives no seconds.
const DefaultSeconds = 30

// Builtins are the built-in plans' names.
func Builtins() []string {
	names, _ := fs.Glob(assets.Lessons(), "*.toml")
	for i, n := range names {
		names[i] = strings.TrimSuffix(n, ".toml")
	}
	sort.Strings(names)
	return names
}

// WritePlans lists the built-in plans, one a line: name, title and how
// many steps, then how to run one.
func WritePlans(w io.Writer, lang string) error {
	cat := assets.Messages(lang)
	names := Builtins()
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	var b strings.Builder
	for _, n := range names {
		p, err := LoadPlan(n)
		if err != nil {
			return err
		}
		b.WriteString(n + strings.Repeat(" ", width-len(n)+2) + cat.T("lesson.list.plan", p.TitleIn(cat.Lang), len(p.Steps)) + "\n")
	}
	b.WriteString("\n" + cat.T("lesson.list.how") + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// LoadPlan reads the plan arg names: a built-in plan's name, or a file.
// A name with a slash or a dot is a file; a bare name is a built-in plan
// when there is one, else a file.
func LoadPlan(arg string) (Plan, error) {
	if !strings.ContainsAny(arg, "/.") && slices.Contains(Builtins(), arg) {
		data, err := fs.ReadFile(assets.Lessons(), arg+".toml")
		if err != nil {
			return Plan{}, err
		}
		return ParsePlan(arg, data)
	}
	if st, err := os.Stat(arg); err == nil && !st.Mode().IsRegular() { // before opening: a FIFO's open waits for a writer
		return Plan{}, engine.Refuse("err.plan.special", arg)
	}
	f, err := os.Open(arg)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Plan{}, engine.Refuse("err.plan.none", arg, strings.Join(Builtins(), ", "))
		}
		return Plan{}, engine.Refuse("err.plan.read", arg, reason(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxPlanBytes+1))
	if err != nil {
		return Plan{}, engine.Refuse("err.plan.read", arg, reason(err))
	}
	if len(data) > maxPlanBytes {
		return Plan{}, engine.Refuse("err.plan.size", arg, maxPlanBytes)
	}
	return ParsePlan(arg, data)
}

// reason is a system error without the path it repeats.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// planFile and stepFile are a plan file as TOML reads it.
type planFile struct {
	Title any        `toml:"title"`
	Step  []stepFile `toml:"step"`
}

type stepFile struct {
	Page      string `toml:"page"`
	Demo      string `toml:"demo"`
	Quiz      string `toml:"quiz"`
	Play      string `toml:"play"`
	Questions int    `toml:"questions"`
	Seconds   int    `toml:"seconds"`
	Note      any    `toml:"note"`
}

// ParsePlan reads and checks a plan; name is its file or built-in name,
// for the messages. The first thing wrong is refused with its line.
func ParsePlan(name string, data []byte) (Plan, error) {
	wrong := func(line int, why engine.Text) error { return engine.Refuse("err.plan.line", name, line, why) }
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // a byte order mark, as Notepad saves UTF-8
	if len(data) > maxPlanBytes {
		return Plan{}, engine.Refuse("err.plan.size", name, maxPlanBytes)
	}
	var f planFile
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Plan{}, tomlError(name, err)
	}
	lines := keyLines(data)
	plan := Plan{Name: name}
	var err error
	if plan.Title, err = texts(f.Title); err != nil {
		return Plan{}, wrong(lines.top["title"], engine.T("err.plan.text", "title"))
	}
	switch {
	case len(f.Step) == 0:
		return Plan{}, wrong(1, engine.T("err.plan.nosteps"))
	case len(f.Step) > maxSteps:
		return Plan{}, wrong(lines.step(maxSteps, ""), engine.T("err.plan.steps", len(f.Step), maxSteps))
	}
	for i, sf := range f.Step {
		st, bad := checkStep(sf, i, lines)
		if bad != nil {
			return Plan{}, wrong(bad.line, bad.why)
		}
		plan.Steps = append(plan.Steps, st)
	}
	return plan, nil
}

// badStep is what is wrong with a step, and where.
type badStep struct {
	line int
	why  engine.Text
}

// checkStep checks step i: one thing to do, what it names exists, its
// numbers in range, its note text.
func checkStep(sf stepFile, i int, lines planLines) (Step, *badStep) {
	bad := func(key string, why engine.Text) (Step, *badStep) {
		return Step{}, &badStep{line: lines.step(i, key), why: engine.T("err.plan.step", i+1, why)}
	}
	var kinds []string
	for _, k := range stepKeys {
		if lines.has(i, k) {
			kinds = append(kinds, k)
		}
	}
	switch len(kinds) {
	case 0:
		return bad("", engine.T("err.plan.kind.none"))
	case 1:
	default:
		return bad(kinds[1], engine.T("err.plan.kind.two", kinds[0], kinds[1]))
	}
	kind := kinds[0]
	st := Step{Kind: StepKind(slices.Index(stepKeys, kind)), Line: lines.step(i, "")}
	note, err := texts(sf.Note)
	if err != nil {
		return bad("note", engine.T("err.plan.text", "note"))
	}
	st.Note = note
	if kind != "quiz" && (lines.has(i, "questions") || lines.has(i, "seconds")) {
		return bad(firstOf(lines, i, "questions", "seconds"), engine.T("err.plan.quizonly", kind))
	}
	key, why := checkWhat(&st, sf, kind, lines.has(i, "questions"), lines.has(i, "seconds"))
	if !why.IsZero() {
		return bad(key, why)
	}
	return st, nil
}

// checkWhat reads what a step of kind names (a page, a game) and a quiz's
// numbers into st; what is wrong, with the key it stands at, or a zero
// Text.
func checkWhat(st *Step, sf stepFile, kind string, hasQuestions, hasSeconds bool) (string, engine.Text) {
	value := map[string]string{"page": sf.Page, "demo": sf.Demo, "quiz": sf.Quiz, "play": sf.Play}[kind]
	if kind == "page" {
		p, ok := Find(value)
		if !ok {
			return kind, engine.T("err.plan.page", value, strings.Join(IDs(), ", "))
		}
		st.Page = p.ID
		return "", engine.Text{}
	}
	setup, err := ParseSetup(value)
	switch {
	case err != nil:
		return kind, engine.T("err.plan.game", value, refusalText(err))
	case setup.Every: // the game screen plays a sum one game a move
		return kind, engine.T("err.plan.every", kind)
	case kind != "quiz":
		st.Setup = setup
		return "", engine.Text{}
	case setup.Pos != nil:
		return kind, engine.T("err.plan.quizposition", value)
	}
	st.Setup, st.Questions, st.Seconds = setup, 5, DefaultSeconds
	if hasQuestions {
		st.Questions = sf.Questions
	}
	if hasSeconds {
		st.Seconds = sf.Seconds
	}
	if st.Questions < 1 || st.Questions > maxQuestions {
		return "questions", engine.T("err.plan.questions", st.Questions, maxQuestions)
	}
	if st.Seconds < 5 || st.Seconds > 600 {
		return "seconds", engine.T("err.plan.seconds", st.Seconds)
	}
	return "", engine.Text{}
}

func firstOf(lines planLines, i int, keys ...string) string {
	for _, k := range keys {
		if lines.has(i, k) {
			return k
		}
	}
	return ""
}

// refusalText is a refusal's sentence, to be said inside another; an
// error that is not one is said as it is.
func refusalText(err error) any {
	var r *engine.Refusal
	if errors.As(err, &r) {
		return r.Text
	}
	return err.Error()
}

// texts reads a title or note: a string for every language, or a table
// of languages ({ en = "…", zh = "…" }); nil for none.
func texts(v any) (map[string]string, error) {
	switch v := v.(type) {
	case nil:
		return nil, nil
	case string:
		out := map[string]string{}
		for _, l := range assets.Langs {
			out[l] = v
		}
		return out, nil
	case map[string]any:
		out := map[string]string{}
		for k, t := range v {
			s, ok := t.(string)
			if !ok || !slices.Contains(assets.Langs, k) {
				return nil, fmt.Errorf("%s is not a language's text", k)
			}
			out[k] = s
		}
		return out, nil
	}
	return nil, fmt.Errorf("%T is not text", v)
}

// tomlError says a file TOML cannot read, or a key a plan does not have,
// with its line.
func tomlError(name string, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		e := strict.Errors[0]
		line, _ := e.Position()
		return engine.Refuse("err.plan.line", name, line, engine.T("err.plan.key", strings.Join(e.Key(), "."), "title, step"))
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		return engine.Refuse("err.plan.line", name, line, engine.T("err.plan.toml", de.Error()))
	}
	return engine.Refuse("err.plan.line", name, 1, engine.T("err.plan.toml", err.Error()))
}

// planLines are where a plan's keys stand: the top level's, and each
// [[step]]'s (its header under "").
type planLines struct {
	top   map[string]int
	steps []map[string]int
}

func (l planLines) step(i int, key string) int {
	if i >= len(l.steps) {
		return 1
	}
	if n, ok := l.steps[i][key]; ok {
		return n
	}
	return l.steps[i][""]
}

func (l planLines) has(i int, key string) bool {
	if i >= len(l.steps) {
		return false
	}
	_, ok := l.steps[i][key]
	return ok
}

// keyLines finds the line of every key, the file already read as TOML.
func keyLines(data []byte) planLines {
	lines := planLines{top: map[string]int{}}
	var p unstable.Parser
	p.Reset(data)
	in := lines.top
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.ArrayTable:
			in = map[string]int{"": keyLine(&p, e)}
			lines.steps = append(lines.steps, in)
		case unstable.Table:
			in = map[string]int{}
		case unstable.KeyValue:
			it := e.Key()
			if it.Next() {
				in[string(it.Node().Data)] = p.Shape(it.Node().Raw).Start.Line
			}
		}
	}
	return lines
}

func keyLine(p *unstable.Parser, e *unstable.Node) int {
	it := e.Key()
	if it.Next() {
		return p.Shape(it.Node().Raw).Start.Line
	}
	return 1
}
