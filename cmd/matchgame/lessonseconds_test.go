package main

import (
	"fmt"
	"strings"
	"testing"

	"matchgame/internal/tui/learn"
)

// A teacher's trial: the lesson's help said a class quiz gives 30 s a
// question, and the sums plan's quiz ran 60. A quiz step says its own
// seconds wherever it is listed (matchgame lesson PLAN --check, the
// dashboard), and the help says what a plan without seconds gets.
func TestLessonSaysItsSeconds(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		for _, name := range learn.Builtins() {
			p, err := learn.LoadPlan(name)
			if err != nil {
				t.Fatal(err)
			}
			_, out, _ := runCLI(t, "", "lesson", name, "--check", "--lang", lang)
			for _, s := range p.Steps {
				if s.Kind != learn.StepQuiz {
					continue
				}
				if what := s.What(lang); !strings.Contains(what, fmt.Sprintf("%d", s.Seconds)) || !strings.Contains(out, what) {
					t.Errorf("%s, %s: the quiz of %d s is listed as %q:\n%s", lang, name, s.Seconds, what, out)
				}
			}
		}
		_, help, _ := runCLI(t, "", "lesson", "--help", "--lang", lang)
		p, err := learn.ParsePlan("p.toml", []byte("[[step]]\nquiz = \"nim\"\n"))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Steps[0].Seconds; got != learn.DefaultSeconds || !strings.Contains(help, fmt.Sprintf("%d", got)) ||
			strings.Contains(help, "seconds = 30 for each") || strings.Contains(help, "每题 seconds = 30 秒") {
			t.Errorf("%s: a quiz without seconds runs %d s; the help says:\n%s", lang, got, help)
		}
	}
}
