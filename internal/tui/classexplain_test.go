package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/tui/serve"
	"matchgame/internal/variants"
)

// A teacher's trial: e on a class quiz's question showed the values and
// the nim-sum, the answer given away. Before the answer, whatever the
// explanations are set to, the panel says in one line that they come
// after it; after the answer they are all there.
func TestClassQuizExplainsAfterTheAnswer(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		class := serve.NewClass()
		rt, err := newRoot(Options{Menu: true, Lang: lang}, plainRenderer())
		if err != nil {
			t.Fatal(err)
		}
		rt.net, rt.size = &Network{Class: class}, tea.WindowSizeMsg{Width: 100, Height: 40}
		rt.student, rt.joined = class.Join(ctx, "bo")
		rt.quizEvent(serve.QuizStarted{Quiz: serve.Quiz{Game: gameSpec{game: variants.Nim{}}, Seed: 3, Questions: 2, Limit: time.Minute}})
		rt.quizEvent(serve.QuestionOpened{Number: 1, Deadline: time.Now().Add(time.Minute)})
		var m tea.Model = rt
		after := map[string]string{"en": "come after your answer", "zh": "作答之后"}[lang]
		for presses := range 4 {
			v := flat(m.View())
			for _, giveaway := range []string{"nim-sum", "⊕", "Grundy", "SG 值", "尼姆和"} {
				if strings.Contains(v, giveaway) {
					t.Errorf("%s, e pressed %d times before the answer: the screen says %q:\n%s", lang, presses, giveaway, m.View())
				}
			}
			if !strings.Contains(v, after) {
				t.Errorf("%s, e pressed %d times: no line that the explanations come after the answer:\n%s", lang, presses, m.View())
			}
			m, _ = m.Update(keyMsg("e"))
		}
		m, _ = m.Update(keyMsg("enter")) // answered: the working is there
		if v := flat(m.View()); lang == "en" && !strings.Contains(v, "nim-sum") {
			t.Errorf("after the answer no working:\n%s", m.View())
		}
	}
}
