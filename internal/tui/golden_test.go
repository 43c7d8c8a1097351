package tui

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"matchgame/assets"
	"matchgame/internal/engine"
)

var sizes = [][2]int{{80, 24}, {140, 40}}

// Golden files of every board kind at 80×24 and 140×40, without colour.
// Regenerate with: go test ./internal/tui -run Golden -update
func TestGoldenBoards(t *testing.T) {
	for _, g := range games {
		for _, size := range sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", g.name, size[0], size[1]), func(t *testing.T) {
				m := newTestPlay(t, g.options(false, "me"), size[0], size[1])
				checkView(t, m.view(), size)
			})
		}
	}
}

// Other screens and states: scaled heaps, folded gaps, the queen grid in
// teach mode, the hints, game over, the history, the full help, the menu,
// a terminal too small.
func TestGoldenStates(t *testing.T) {
	nim := games[0]
	cases := []struct {
		name  string
		setup func(t *testing.T, w, h int) string
	}{
		{"large-heaps", func(t *testing.T, w, h int) string {
			o := nim.options(false, "me")
			o.Position = engine.Position{1000000, 3, 777, 65536}
			return press(newTestPlay(t, o, w, h), "j", "j", "j", "3", "0", "0", "0", "0").view()
		}},
		{"georgia-bob-folded", func(t *testing.T, w, h int) string {
			o := games[5].options(false, "me")
			o.Position = engine.Position{3, 40, 41, 300}
			return newTestPlay(t, o, w, h).view()
		}},
		{"wythoff-teach", func(t *testing.T, w, h int) string {
			o := games[2].options(false, "me")
			o.Explain = "teach"
			return press(newTestPlay(t, o, w, h), "down", "down").view()
		}},
		{"hint-place-misere", func(t *testing.T, w, h int) string {
			return press(newTestPlay(t, nim.options(true, "me"), w, h), "w").view()
		}},
		{"hint-move-misere", func(t *testing.T, w, h int) string {
			return press(newTestPlay(t, nim.options(true, "me"), w, h), "w", "w").view()
		}},
		{"computer-thinking", func(t *testing.T, w, h int) string {
			return press(newTestPlay(t, nim.options(false, "me"), w, h), "enter").view()
		}},
		{"mistake", func(t *testing.T, w, h int) string {
			m := press(newTestPlay(t, nim.options(false, "me"), w, h), "enter")
			return reply(t, m).view()
		}},
		{"history", func(t *testing.T, w, h int) string {
			m := reply(t, press(newTestPlay(t, nim.options(false, "me"), w, h), "enter"))
			return press(m, "tab").view()
		}},
		{"game-over", func(t *testing.T, w, h int) string {
			m := newTestPlay(t, nim.options(false, "me"), w, h)
			return playOut(t, m, func(play) []string { return []string{"w", "w", "enter"} }).view()
		}},
		{"review", func(t *testing.T, w, h int) string {
			m := newTestPlay(t, nim.options(false, "me"), w, h)
			m = playOut(t, m, func(m play) []string { return []string{"enter"} })
			return press(m, "v").view()
		}},
		{"explanations-off", func(t *testing.T, w, h int) string {
			o := nim.options(false, "me")
			o.Explain = "off"
			return newTestPlay(t, o, w, h).view()
		}},
		{"demo-paused", func(t *testing.T, w, h int) string {
			return press(newTestPlay(t, nim.options(false, "me"), w, h), "d").view()
		}},
		{"full-help", func(t *testing.T, w, h int) string {
			return press(newTestPlay(t, nim.options(false, "me"), w, h), "?").view()
		}},
		{"ask-quit", func(t *testing.T, w, h int) string {
			m := reply(t, press(newTestPlay(t, nim.options(false, "me"), w, h), "enter"))
			return press(m, "q").view()
		}},
		{"menu", func(t *testing.T, w, h int) string {
			r, err := newRoot(Options{Menu: true, Lang: "en"}, plainRenderer())
			if err != nil {
				t.Fatal(err)
			}
			m, _ := r.Update(tea.WindowSizeMsg{Width: w, Height: h})
			m = updates(moveTo(m, rowPosition), "1", "7", " ", "x")
			return m.View()
		}},
		{"quiz-summary", func(t *testing.T, w, h int) string {
			o := quizOptions(nim, false)
			o.Questions = 2
			m := newTestPlay(t, o, w, h)
			m = press(m, selectKeys(m, losingMove(t, m))...)
			m = press(m, "enter")
			m = press(m, selectKeys(m, *m.match.Now().Move)...)
			m = press(m, "enter")
			quizOf(m).took = 90 * time.Second // a fixed time on screen
			m.refreshPanel()
			return m.view()
		}},
	}
	for _, c := range cases {
		for _, size := range sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				checkView(t, c.setup(t, size[0], size[1]), size)
			})
		}
	}
	t.Run("too-small", func(t *testing.T) {
		v := newTestPlay(t, nim.options(false, "me"), 50, 15).view()
		if !strings.Contains(v, "Terminal too small") {
			t.Fatalf("50×15: %q", v)
		}
		golden.RequireEqual(t, []byte(v))
	})
}

// checkView compares with the golden file and checks the view fits.
func checkView(t *testing.T, v string, size [2]int) {
	t.Helper()
	checkFits(t, v, size[0], size[1])
	if strings.Contains(v, "{") && strings.Contains(v, ".") && strings.Contains(v, "}") && missingKey(v) {
		t.Errorf("a missing message in the view:\n%s", v)
	}
	if strings.Contains(v, "\x1b[") {
		t.Errorf("a colour escape in the view:\n%s", v)
	}
	golden.RequireEqual(t, []byte(v))
}

// missingKey reports a catalogue key shown as "{ui.…}": a message missing.
func missingKey(v string) bool {
	for _, prefix := range []string{"{ui.", "{teach.", "{game.", "{about.", "{err.", "{reason.", "{hint.", "{label.", "{unit."} {
		if strings.Contains(v, prefix) {
			return true
		}
	}
	return false
}

// The whole program: a move, the computer's reply after its pause, quit.
func TestProgramPlaysAndQuits(t *testing.T) {
	r, err := newRoot(games[0].options(false, "me"), plainRenderer())
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, r, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "your turn")
	tm.Send(keyMsg("w"))
	tm.Send(keyMsg("w"))
	tm.Send(keyMsg("enter"))
	waitFor(t, tm, "The computer:")
	tm.Send(keyMsg("ctrl+c"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*root)
	after := engine.Position{3, 6, 5}
	cpu, _, _ := engine.HoldOut(final.play.game(), after, engine.Normal)
	want, _ := final.play.game().Apply(after, cpu)
	if got := final.play.pos(); !slices.Equal(got, want) || final.play.match.Played() != 2 {
		t.Errorf("after take 4 from heap 3 and the reply: %v, want %v", got, want)
	}
}

func waitFor(t *testing.T, tm *teatest.TestModel, s string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
		teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

// BenchmarkView draws the largest boards at 140×40, and a key at 10^4
// and 10^5 heaps.
func BenchmarkView(b *testing.B) {
	heaps := make(engine.Position, 24)
	for i := range heaps {
		heaps[i] = int64(1) << (i + 30)
	}
	cells := make(engine.Position, 30)
	for i := range cells {
		cells[i] = int64(i*i*7 + i + 1)
	}
	boards := []struct {
		name string
		o    Options
	}{
		{"nim-24-huge-heaps", withPosition(games[0].options(false, "me"), heaps, "teach")},
		{"staircase-20-stairs", withPosition(games[4].options(false, "me"), heaps[:20], "teach")},
		{"georgia-bob-30-chessmen", withPosition(games[5].options(false, "me"), cells, "teach")},
		{"wythoff-grid-teach", withPosition(games[2].options(false, "me"), engine.Position{12, 12}, "teach")},
	}
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.TrueColor} {
		r := lipgloss.NewRenderer(&bytes.Buffer{})
		r.SetColorProfile(profile)
		st := NewStyles(Themes[0], r)
		for _, bd := range boards {
			b.Run(fmt.Sprintf("%s/%s", bd.name, profile.Name()), func(b *testing.B) {
				m, _ := newPlay(bd.o, assets.Messages("en"), st)
				m, _ = m.update(tea.WindowSizeMsg{Width: 140, Height: 40})
				for b.Loop() {
					_ = m.view()
				}
			})
		}
	}
}

func withPosition(o Options, p engine.Position, explain string) Options {
	o.Position, o.Explain = p, explain
	return o
}

// The teach views a teacher projects: every game in both conventions and
// both languages at 80×24, the explanation drawn for a class. With pgdn
// the rest of the explanation follows.
func TestGoldenTeach(t *testing.T) {
	for _, g := range games {
		for _, misere := range []bool{false, true} {
			for _, lang := range []string{"en", "zh"} {
				for _, page := range []int{0, 1} {
					name := fmt.Sprintf("%s/%s/%s/page%d", g.name, convName(misere), lang, page+1)
					t.Run(name, func(t *testing.T) {
						o := g.options(misere, "me")
						o.Explain, o.Lang = "teach", lang
						m := newTestPlay(t, o, 80, 24)
						for range page {
							m = press(m, "pgdown")
						}
						checkView(t, m.view(), [2]int{80, 24})
					})
				}
			}
		}
	}
}

// The quiz: a question, a right and a wrong answer, in both languages.
func TestGoldenQuiz(t *testing.T) {
	cases := []struct {
		name string
		g    game
		keys func(t *testing.T, m play) []string
	}{
		{"question", games[0], func(*testing.T, play) []string { return nil }},
		{"right", games[0], func(t *testing.T, m play) []string { return selectKeys(m, *m.match.Now().Move) }},
		{"wrong", games[3], func(t *testing.T, m play) []string { return selectKeys(m, losingMove(t, m)) }},
	}
	for _, c := range cases {
		for _, lang := range []string{"en", "zh"} {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				o := quizOptions(c.g, false)
				o.Lang = lang
				m := newTestPlay(t, o, 80, 24)
				checkView(t, press(m, c.keys(t, m)...).view(), [2]int{80, 24})
			})
		}
	}
}

// BenchmarkKeyManyHeaps is a key (the selection down one heap) and the
// frame after it, at 10^4 and 10^5 heaps, and a move and its frame.
func BenchmarkKeyManyHeaps(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		p := make(engine.Position, n)
		for i := range p {
			p[i] = int64(i%1000 + 1)
		}
		o := withPosition(games[0].options(false, "me"), p, "why")
		b.Run(fmt.Sprintf("select/%d", n), func(b *testing.B) {
			m := newTestPlay(b, o, 140, 40)
			for b.Loop() {
				m, _ = m.update(keyMsg("down"))
				_ = m.view()
			}
		})
		b.Run(fmt.Sprintf("move/%d", n), func(b *testing.B) {
			m := newTestPlay(b, o, 140, 40)
			for b.Loop() {
				m, _ = m.update(keyMsg("enter"))
				_ = m.view()
				m.match.TakeBack(0)
				m.thinking = false
			}
		})
	}
}

// BenchmarkQuizKeys is what a student's session costs the SSH server: a
// quiz of ten questions (help open and closed, an answer, the next
// question), each key's update and frame at 80×24 in 256 colours.
func BenchmarkQuizKeys(b *testing.B) {
	r := lipgloss.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.ANSI256)
	r.SetHasDarkBackground(true)
	o := quizOptions(games[0], false)
	for b.Loop() {
		m, err := newPlay(o, assets.Messages("en"), NewStyles(Themes[0], r))
		if err != nil {
			b.Fatal(err)
		}
		m, _ = m.update(tea.WindowSizeMsg{Width: 80, Height: 24})
		for range 10 {
			for _, k := range []string{"?", "?", "enter", "n"} {
				m, _ = m.update(keyMsg(k))
				_ = m.view()
			}
		}
	}
}
