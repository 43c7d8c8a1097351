package tui

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/variants"
)

// Defects found by the user trials of the game screen, each with its own
// test.

// "Review my mistakes" counts its right answers from question to
// question, as the summary does: after a right first answer, question 2
// says 1 right (it said 0 right on every question).
func TestReviewCountsRightAnswers(t *testing.T) {
	t.Parallel()
	n := memoryNet(t, filepath.Join(t.TempDir(), "term.db"))
	rt := remoteRoot(t, n, "Ann")
	for i, p := range []engine.Position{{1, 2}, {1, 3}, {2, 3}} {
		a := store.Answer{Student: rt.pupil.ID, Kind: "class", Question: i + 1, Position: storedPosition(nimOf(t), engine.Normal, p)}
		if err := n.Memory.Lesson.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	rt.openMistakes(rt.menu.options())
	if rt.screen != screenMistakes || len(rt.mistakes.cards) != 3 {
		t.Fatalf("the review did not open with 3 mistakes:\n%s", rt.View())
	}
	for q := 1; q <= 3; q++ {
		if want := "question " + string(rune('0'+q)) + " of 3 · " + string(rune('0'+q-1)) + " right"; !strings.Contains(rt.View(), want) {
			t.Errorf("question %d does not say %q:\n%s", q, want, rt.View())
		}
		m := rt.mistakes.q
		for _, k := range selectKeys(m, *m.match.Now().Move) { // the winning move
			feed(rt, keyMsg(k))
		}
		if a := answeredOf(rt.mistakes.q); a == nil || !a.right {
			t.Fatalf("question %d: no right answer on screen:\n%s", q, rt.View())
		}
		if want := " · " + string(rune('0'+q)) + " right"; !strings.Contains(rt.View(), want) {
			t.Errorf("answered question %d right, the counter does not say %q:\n%s", q, want, rt.View())
		}
		feed(rt, keyMsg("enter"))
	}
	if v := rt.View(); !strings.Contains(v, "Mistakes reviewed: 3; right: 3.") {
		t.Errorf("summary:\n%s", v)
	}
}

// A class that remembers: a student who answers a class quiz's question
// wrong finds "review my mistakes" on the menu the quiz ends on (the
// menu's count of mistakes due was refreshed only by a new menu or a
// game's end).
func TestClassQuizMistakeOffersReview(t *testing.T) {
	t.Parallel()
	n, rt, p := classQuestionOnScreen(t)
	if slices.Contains(rt.menu.modes(), "review") {
		t.Fatal("review offered before any mistake")
	}
	for _, k := range selectKeys(rt.play, wrongNimMove(t, p)) {
		feed(rt, keyMsg(k))
	}
	if a := answeredOf(rt.play); a == nil || a.right {
		t.Fatalf("no wrong answer on screen:\n%s", rt.View())
	}
	if due, _ := n.Memory.Store.DueCount(rt.pupil.ID); due != 1 {
		t.Fatalf("the wrong answer is not due in the store: %d", due)
	}
	scores, err := n.Class.EndQuiz()
	if err != nil {
		t.Fatal(err)
	}
	rt.quizEvent(serve.QuestionClosed{Number: 1})
	rt.quizEvent(serve.QuizEnded{Scores: scores})
	if rt.screen != screenMenu || !slices.Contains(rt.menu.modes(), "review") {
		t.Errorf("the quiz over, the menu (screen %d) offers no review: %v\n%s", rt.screen, rt.menu.modes(), rt.View())
	}
}

// classQuestionOnScreen is Ann, known to a class that keeps its term,
// with the first question of a class quiz of Nim open on her screen at p.
func classQuestionOnScreen(t *testing.T) (*Network, *root, engine.Position) {
	t.Helper()
	n := memoryNet(t, filepath.Join(t.TempDir(), "term.db"))
	rt := remoteRoot(t, n, "Ann")
	rt.student, rt.joined = n.Class.JoinAs(t.Context(), serve.Who{User: "ann", Name: "Ann", Key: rt.pupil.Key, Record: rt.pupil.ID})
	q := serve.Quiz{Game: gameSpec{game: nimOf(t)}, Seed: 7, Questions: 1, Limit: time.Hour}
	if err := n.Class.StartQuiz(q); err != nil {
		t.Fatal(err)
	}
	_, _, p, err := classQuestion(q, 1)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := n.Class.Ask(p.String(), "")
	if err != nil {
		t.Fatal(err)
	}
	rt.quizEvent(serve.QuizStarted{Quiz: q})
	rt.quizEvent(serve.QuestionOpened{Number: 1, Deadline: opened.Deadline})
	return n, rt, p
}

// wrongNimMove is a move from Nim position p that does not win: one that
// leaves a nim-sum other than 0.
func wrongNimMove(t *testing.T, p engine.Position) engine.Move {
	t.Helper()
	for i, h := range p {
		for take := int64(1); take <= h; take++ {
			sum := h - take
			for j, o := range p {
				if j != i {
					sum ^= o
				}
			}
			if sum != 0 {
				return engine.At(i+1, take)
			}
		}
	}
	t.Fatalf("every move from %v wins", p)
	return engine.Move{}
}

// A class quiz's question closed on a student who has not answered says
// why, and a winning move in a sentence that reads for a sum as for a
// single game (a sum's said "A winning move was to in game 1, take 3 from
// heap 1"); "Time is up" only when it is, the teacher's closing it early
// said as such; en and zh.
func TestClassQuestionClosedSaysWhyAndTheMove(t *testing.T) {
	t.Parallel()
	sum, _, err := variants.ParseSum("nim + kayles")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[bool]string{
		"en": {false: "Time is up. A winning move: ", true: "The teacher closed the question. A winning move: "},
		"zh": {false: "时间到。一步必胜的走法：", true: "老师提前结束了这道题。一步必胜的走法："},
	}
	for _, cfg := range []variants.Config{sum, {Name: "nim"}} {
		g, conv, err := variants.Lookup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "zh"} {
			for _, early := range []bool{false, true} {
				rt, err := newRoot(Options{Menu: true, Lang: lang}, plainRenderer())
				if err != nil {
					t.Fatal(err)
				}
				class := serve.NewClass()
				rt.net, rt.size = &Network{Class: class}, tea.WindowSizeMsg{Width: 120, Height: 40}
				rt.student, rt.joined = class.Join(t.Context(), "bo")
				deadline := time.Now().Add(-time.Second) // its time is up
				if early {
					deadline = time.Now().Add(time.Hour)
				}
				rt.quizEvent(serve.QuizStarted{Quiz: serve.Quiz{Game: gameSpec{game: g, conv: conv}, Seed: 3, Questions: 2, Limit: time.Minute}})
				rt.quizEvent(serve.QuestionOpened{Number: 1, Deadline: deadline})
				rt.quizEvent(serve.QuestionClosed{Number: 1, Early: early})
				now := rt.play.match.Now()
				move := now.Describe(*now.Move).Render(rt.cat())
				v := flat(rt.View())
				if !strings.Contains(v, want[lang][early]+move) {
					t.Errorf("%s, %s, closed early %v: the screen does not say %q:\n%s", cfg.Name, lang, early, want[lang][early]+move, rt.View())
				}
			}
		}
	}
}

// A coin board keeps its coins when every one is tails: the row the game
// began with, tails up, where Mock Turtles' row was blank after the last
// move (Nim shows its empty heaps); the same for Ruler, Turning Turtles
// and a coin game in a sum, and Turning Corners' grid keeps its size.
func TestCoinBoardsKeepTheirCoinsAllTails(t *testing.T) {
	t.Parallel()
	sum, sumStart, err := variants.ParseSum("nim 1 + mock-turtles 1 4")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cfg   variants.Config
		start engine.Position
		coins int // the coins the board had at the start
	}{
		{variants.Config{Name: "mock-turtles"}, engine.Position{1, 4}, 4},
		{variants.Config{Name: "ruler"}, engine.Position{1, 4}, 4},
		{variants.Config{Name: "turning-turtles"}, engine.Position{1, 4}, 4},
		{variants.Config{Name: "turning-corners"}, engine.Position{3, 3}, 16}, // its edges keep heads: the grid shrank
		{sum, sumStart, 4},
	} {
		o := Options{Lang: "en", First: "me", Game: c.cfg, Position: c.start}
		m, err := newPlay(o, assets.Messages("en"), testStyles)
		if err != nil {
			t.Fatal(err)
		}
		m, _ = m.update(tea.WindowSizeMsg{Width: 100, Height: 30})
		if got := strings.Count(m.view(), board.TailsGlyph) + strings.Count(m.view(), board.HeadsGlyph); got != c.coins {
			t.Fatalf("%s at the start: %d coins drawn, want %d:\n%s", c.cfg.Name, got, c.coins, m.view())
		}
		for !m.match.Over() {
			for mv := range m.game().Moves(m.pos(), 0) {
				if _, err := m.match.Play(mv, false, 0); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		m.settle()
		if got := strings.Count(m.view(), board.TailsGlyph) + strings.Count(m.view(), board.HeadsGlyph); got != c.coins {
			t.Errorf("%s at its end: %d coins drawn, want %d:\n%s", c.cfg.Name, got, c.coins, m.view())
		}
		// None heads, as a board is drawn from its position and start.
		v := m.boardView()
		v.Pos = nil
		if sum, ok := v.Game.(*engine.Sum); ok {
			v.Pos = slices.Repeat(engine.Position{0}, len(sum.Parts)) // nim 0 + mock-turtles with none heads
		}
		if got := strings.Count(strings.Join(board.Draw(v), "\n"), board.TailsGlyph); got != c.coins {
			t.Errorf("%s none heads: %d tails drawn, want %d:\n%s", c.cfg.Name, got, c.coins, strings.Join(board.Draw(v), "\n"))
		}
	}
}

// Turning Turtles previews the move selected from the start, as Mock
// Turtles and Ruler do: the heads coin alone is a move (amount 0), not
// "nothing chosen yet"; the line came only after ←/→.
func TestTurningTurtlesPreviewsFromTheStart(t *testing.T) {
	t.Parallel()
	sum, sumStart, err := variants.ParseSum("turning-turtles 1 4 + nim 2")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cfg   variants.Config
		start engine.Position
	}{
		{variants.Config{Name: "turning-turtles"}, engine.Position{1, 4}},
		{variants.Config{Name: "mock-turtles"}, engine.Position{1, 4}},
		{variants.Config{Name: "ruler"}, engine.Position{1, 4}},
		{sum, sumStart},
	} {
		m, err := newPlay(Options{Lang: "en", First: "me", Game: c.cfg, Position: c.start}, assets.Messages("en"), testStyles)
		if err != nil {
			t.Fatal(err)
		}
		m, _ = m.update(tea.WindowSizeMsg{Width: 100, Height: 30})
		if v := m.view(); !strings.Contains(v, "the move turns coin 1") {
			t.Errorf("%s at the start: no preview of the move selected:\n%s", c.cfg.Name, v)
		}
	}
}

// A sum that fits the board's room does not scroll: nim 1 2 + wythoff 3 5
// + kayles 4 at 60×20, ↓ onto Wythoff, showed "⋮ 1 more above" and "⋮ 3
// more below", Game 1's title and Game 3 hidden, for Wythoff's line of
// the ways to take; and the board keeps its height whatever is selected.
func TestSumFitsWithoutScrolling(t *testing.T) {
	t.Parallel()
	cfg, start, err := variants.ParseSum("nim 1 2 + wythoff 3 5 + kayles 4")
	if err != nil {
		t.Fatal(err)
	}
	m, err := newPlay(Options{Lang: "en", First: "me", Game: cfg, Position: start}, assets.Messages("en"), testStyles)
	if err != nil {
		t.Fatal(err)
	}
	m, _ = m.update(tea.WindowSizeMsg{Width: 60, Height: 20})
	height := -1
	for place := 1; place <= m.game().Places(m.pos()); place++ {
		v := m.view()
		for _, hidden := range []string{"more above", "more below"} {
			if strings.Contains(v, hidden) {
				t.Errorf("place %d selected: the board scrolls (%q):\n%s", place, hidden, v)
			}
		}
		for _, title := range []string{"Game 1 · Nim", "Game 2 · Wythoff", "Game 3 · Kayles"} {
			if !strings.Contains(v, title) {
				t.Errorf("place %d selected: %q is not on screen:\n%s", place, title, v)
			}
		}
		lines := len(board.Draw(m.boardView()))
		if height >= 0 && lines != height {
			t.Errorf("place %d selected: the board is %d lines, %d before:\n%s", place, lines, height, v)
		}
		height = lines
		m = press(m, "down")
	}
}

// A demo started from a game is a detour: d leaves it for the game as it
// was, its position and history unchanged and its moves told as the
// game's (You, The computer); the demo's moves went on in the game, told
// as Player 1's and Player 2's.
func TestDemoFromAGameIsADetour(t *testing.T) {
	t.Parallel()
	m := newTestPlay(t, Options{Lang: "en", First: "me", Game: variants.Config{Name: "nim"}, Position: engine.Position{3, 5, 7}}, 80, 24)
	m = press(m, selectKeys(m, take(1, 1))...)
	m = reply(t, m) // the computer's answer
	pos, turns := slices.Clone(m.pos()), slices.Clone(m.match.Turns())
	if len(turns) != 2 || !m.yourTurn() {
		t.Fatalf("a move each: %d turns, your turn %v", len(turns), m.yourTurn())
	}
	m = press(m, "d")
	if !demoOn(m) || !strings.Contains(flat(m.view()), "d goes back to your game") {
		t.Fatalf("d: no demo said as a detour:\n%s", m.view())
	}
	m = reply(t, press(m, " "))
	m = reply(t, press(m, " "))
	if slices.Equal(m.pos(), pos) {
		t.Fatalf("the demo played no move:\n%s", m.view())
	}
	m = press(m, "d")
	if demoOn(m) || !slices.Equal(m.pos(), pos) || len(m.match.Turns()) != len(turns) || m.match.Turns()[1].Move != turns[1].Move || !m.yourTurn() {
		t.Fatalf("back from the demo: demo %v, %v with %d turns, want %v with %d; your turn %v", demoOn(m), m.pos(), len(m.match.Turns()), pos, len(turns), m.yourTurn())
	}
	if v := flat(m.view()); !strings.Contains(v, "Back to your game") {
		t.Errorf("the way back is not said:\n%s", m.view())
	}
	m = press(m, "tab")
	if v := m.view(); strings.Contains(v, "Player 2") || !strings.Contains(v, "You") {
		t.Errorf("the game's history after the demo:\n%s", v)
	}
}

// A slip in a sum names the winning move in a sentence that reads: "A
// winning move: in game 2, take 1 from heap 1." (it said "A winning move
// was to in game 2, …", as the class's time up did).
func TestSlipInASumReads(t *testing.T) {
	t.Parallel()
	cfg, start, err := variants.ParseSum("nim 1 2 + nim 2")
	if err != nil {
		t.Fatal(err)
	}
	m := newTestPlay(t, Options{Lang: "en", First: "me", Game: cfg, Position: start}, 100, 30)
	var slip *engine.Move
	for mv := range m.game().Moves(m.pos(), 0) {
		q, _ := m.game().Apply(m.pos(), mv)
		if a, err := engine.Analyze(m.game(), q, m.match.Conv); err == nil && a.Move != nil { // the opponent wins from q
			slip = &mv
			break
		}
	}
	if slip == nil {
		t.Fatal("no slip from", m.pos())
	}
	best := m.match.Now()
	want := "A winning move: " + best.Describe(*best.Move).Render(m.cat) + "."
	m = press(m, selectKeys(m, *slip)...)
	if v := flat(m.view()); !strings.Contains(v, want) {
		t.Errorf("the slip does not say %q:\n%s", want, m.view())
	}
}

// The review of a game's mistakes at 60 columns keeps its close key on
// the footer, and ? says its keys (a newcomer's trial: "esc close" was
// cut off at 60 columns and ? did nothing).
func TestReviewKeysAtSixtyColumns(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		o := games[0].options(false, "me")
		o.Position, o.Lang = engine.Position{3, 4, 5}, lang
		m := playOut(t, newTestPlay(t, o, 60, 20), func(play) []string { return []string{"enter"} })
		m = press(m, "v")
		if _, ok := m.mode.(*reviewMode); !ok {
			t.Fatalf("%s: no review after losing", lang)
		}
		lines := strings.Split(m.view(), "\n")
		if foot := lines[len(lines)-1]; !strings.Contains(foot, "esc") || strings.HasSuffix(strings.TrimSpace(foot), "…") {
			t.Errorf("%s: the footer at 60 columns: %q", lang, foot)
		}
		help := flat(press(m, "?").view())
		for _, k := range []string{"↑/↓", "enter", "esc", "pgdn"} {
			if !strings.Contains(help, k) {
				t.Errorf("%s: ? in the review does not say %s:\n%s", lang, k, help)
			}
		}
	}
}

// ↑/↓ on Hackenbush follow the drawing, a line at a time: from e3, ↑
// jumped to e4 at the top, past e5 drawn between (a teacher's trial).
func TestHackenbushKeysFollowTheDrawing(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "hackenbush"}, Position: engine.Position{0, 1, 1, 2, 1, 2, 0, 3, 1, 4}, First: "me", Lang: "en"}
	m := newTestPlay(t, o, 80, 24)
	drawn := regexp.MustCompile(`e(\d+) ─`)
	var order []string // the edges top to bottom as drawn
	for _, l := range strings.Split(m.view(), "\n") {
		if e := drawn.FindStringSubmatch(l); e != nil {
			order = append(order, e[1])
		}
	}
	selected := func(m play) string {
		for _, l := range strings.Split(m.view(), "\n") {
			if e := drawn.FindStringSubmatch(l); e != nil && strings.Contains(l, "✂") {
				return e[1]
			}
		}
		return ""
	}
	for range order {
		m = press(m, "down")
	}
	var got []string
	for range order {
		got = append(got, selected(m))
		m = press(m, "up")
	}
	slices.Reverse(got)
	if !slices.Equal(got, order) {
		t.Errorf("↑ from the bottom goes through %v; drawn top to bottom: %v", got, order)
	}
}

// A class question left unanswered comes back for review as a wrong
// answer does, without counting as an answer given: a teacher's trial
// found the positions a student could not solve in time never came back.
func TestClassQuizMissedComesBack(t *testing.T) {
	t.Parallel()
	n, rt, p := classQuestionOnScreen(t)
	n.Class.CloseQuestion()
	rt.quizEvent(serve.QuestionClosed{Number: 1})
	cards, err := n.Memory.Store.Due(rt.pupil.ID, 10)
	if err != nil || len(cards) != 1 || cards[0].Position != storedPosition(nimOf(t), engine.Normal, p) {
		t.Fatalf("the missed position due: %+v, %v (asked %v)", cards, err, p)
	}
	term, err := n.Memory.Store.Term()
	if err != nil || len(term.Students) != 1 || term.Students[0].Answers != 0 {
		t.Errorf("a missed question counted as an answer: %+v, %v", term, err)
	}
	scores, err := n.Class.EndQuiz()
	if err != nil {
		t.Fatal(err)
	}
	rt.quizEvent(serve.QuizEnded{Scores: scores})
	if !slices.Contains(rt.menu.modes(), "review") {
		t.Errorf("the quiz over, the menu offers no review of the missed position: %v", rt.menu.modes())
	}
}
