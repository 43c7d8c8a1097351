package tui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
)

// dashboardWith is the dashboard with the term's store, a quiz running and
// a lesson as asked, in lang.
func dashboardWith(t *testing.T, lang string, withStore, quiz, lesson bool) tea.Model {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	info := ClassInfo{Options: Options{Lang: lang}}
	if withStore {
		s, err := store.Open(filepath.Join(t.TempDir(), "term.db"), store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		l, err := s.Begin()
		if err != nil {
			t.Fatal(err)
		}
		info.Memory = &Memory{Store: s, Lesson: l}
	}
	if lesson {
		p, err := learn.LoadPlan("nim")
		if err != nil {
			t.Fatal(err)
		}
		info.Lesson = &p
	}
	var m tea.Model = newDashboard(ctx, serve.NewClass(), info, plainRenderer())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
	if quiz {
		m, _ = m.Update(dashMsg{opts: games[0].options(false, "me"), quiz: true, question: 3, limit: time.Minute})
		if m.(dashboard).quiz == nil {
			t.Fatalf("no quiz: %q", m.(dashboard).note)
		}
	}
	return m
}

// A teacher's trial: with --store and --lesson the dashboard's footer was
// the raw key {ui.dash.keys.store.lesson}, and ? did nothing. Every
// combination's footer is said in both languages, and ? shows the keys
// that work now and what they do, until ? or esc closes it.
func TestDashboardKeysEveryCombination(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		for combo := range 8 { // the store, a quiz, a lesson: each on or off
			withStore, quiz, lesson := combo&1 != 0, combo&2 != 0, combo&4 != 0
			name := fmt.Sprintf("%s store %t quiz %t lesson %t", lang, withStore, quiz, lesson)
			m := dashboardWith(t, lang, withStore, quiz, lesson)
			v := m.View()
			lines := strings.Split(v, "\n")
			if foot := lines[len(lines)-1]; strings.Contains(foot, "{") || strings.TrimSpace(foot) == "" {
				t.Errorf("%s: the footer is %q", name, foot)
			}
			m, _ = m.Update(keyMsg("?"))
			checkDashboardHelp(t, name, m, v, dashboardHelpWords(lang, withStore, quiz, lesson))
		}
	}
}

// dashboardHelpWords are what the dashboard's help must say with these on.
func dashboardHelpWords(lang string, withStore, quiz, lesson bool) []string {
	want := map[string][]string{"en": {"write the report", "end the class", "close this help"}, "zh": {"写报告", "结束课堂", "关闭帮助"}}[lang]
	if quiz {
		want = append(want, map[string]string{"en": "close the question", "zh": "结束本题"}[lang])
	}
	if withStore {
		want = append(want, map[string]string{"en": "the term", "zh": "学期记录"}[lang])
	}
	if lesson {
		want = append(want, "shift+tab")
	}
	return want
}

// checkDashboardHelp: the help m shows says every word of want, no raw
// key, and ? or esc gives back the dashboard v.
func checkDashboardHelp(t *testing.T, name string, m tea.Model, v string, want []string) {
	t.Helper()
	help := flat(m.View())
	for _, w := range want {
		if !strings.Contains(help, w) {
			t.Errorf("%s: ? does not say %q:\n%s", name, w, m.View())
		}
	}
	if strings.Contains(help, "{") || help == flat(v) {
		t.Errorf("%s: ? shows:\n%s", name, m.View())
	}
	for _, closing := range []string{"?", "esc"} {
		shut, _ := m.Update(keyMsg(closing))
		if flat(shut.View()) != flat(v) {
			t.Errorf("%s: %s does not close the help:\n%s", name, closing, shut.View())
		}
	}
}

// A teacher's trial: the term said a lesson taught "quiz nim; demo nim 2 2"
// and nothing of the plan, its pages or its free play. Stepped through,
// the term names the plan and every step given.
func TestLessonStepsAreTaught(t *testing.T) {
	t.Parallel()
	m := dashboardWith(t, "en", true, false, true)
	d := m.(dashboard)
	for range d.lesson.plan.Steps { // a demo or a quiz ends as the next step begins
		m, _ = m.Update(keyMsg(lessonNext))
	}
	term, err := d.info.Memory.Store.Term()
	if err != nil || len(term.Held) != 1 {
		t.Fatalf("the term: %+v, %v", term, err)
	}
	taught := term.Held[0].Taught
	for _, want := range []string{"lesson nim", "page pn", "page nim", "demo nim 2 2", "quiz nim", "play nim"} {
		if !strings.Contains(taught, want) {
			t.Errorf("taught %q: no %q", taught, want)
		}
	}
}

// The dashboard's footer offers ? help within 80 columns, in every
// combination, as the game's key line does: a teacher's trial found ?
// nowhere on it.
func TestDashboardFooterOffersHelp(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		for combo := range 8 {
			m := dashboardWith(t, lang, combo&1 != 0, combo&2 != 0, combo&4 != 0)
			m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			lines := strings.Split(m.View(), "\n")
			if foot := lines[len(lines)-1]; !strings.Contains(foot, "? ") {
				t.Errorf("%s, combination %d: the footer has no ?: %q", lang, combo, foot)
			}
		}
	}
}
