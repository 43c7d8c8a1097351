package tui

import (
	"fmt"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

func quizOptions(g game, misere bool) Options {
	o := g.options(misere, "me")
	o.Quiz, o.Position = true, nil
	return o
}

// analysisOf is the engine's analysis of the question on screen.
func analysisOf(t *testing.T, m play) engine.Analysis {
	t.Helper()
	a, err := engine.Analyze(m.g, m.pos, m.conv)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A losing answer: a legal move that leaves an N-position.
func losingMove(t *testing.T, m play) engine.Move {
	t.Helper()
	for mv := range m.g.Moves(m.pos, 0) {
		after, _ := m.g.Apply(m.pos, mv)
		if sol, err := m.g.Solve(after, m.conv); err == nil && sol.Outcome == engine.N {
			return mv
		}
	}
	t.Fatalf("every move from %v wins", m.pos)
	return engine.Move{}
}

func TestQuizRightAnswerScores(t *testing.T) {
	m := newTestPlay(t, quizOptions(games[0], false), 80, 24)
	a := analysisOf(t, m)
	if a.Outcome != engine.N || a.Move == nil {
		t.Fatalf("the question %v is not an N-position with a move", m.pos)
	}
	if !strings.Contains(m.note, "Question 1: find a winning move from "+m.pos.String()) {
		t.Errorf("the question is not asked: %q", m.note)
	}
	if strings.Contains(m.view(), "⊕") || m.keys.Hint.Enabled() {
		t.Errorf("the open question shows the move's target or offers a hint:\n%s", m.view())
	}
	question := m.pos.String()
	m = press(m, selectKeys(m, *a.Move)...)
	if m.answered == nil || !m.answered.right || !m.answered.canonical {
		t.Fatalf("the canonical move %v was not judged right: %+v", *a.Move, m.answered)
	}
	if m.right != 1 || m.asked != 1 || m.pos.String() != question || len(m.history) != 0 {
		t.Errorf("after a right answer: %d/%d at %v (history %v), want 1/1 at %s", m.right, m.asked, m.pos, m.history, question)
	}
	v := m.view()
	for _, want := range []string{"Right!", "quiz: 1 right of 1", "Quiz — why " + question,
		a.Summary().Render(m.cat), "⊕", "enter/space next question"} {
		if !strings.Contains(v, want) {
			t.Errorf("the answered view lacks %q:\n%s", want, v)
		}
	}
	if m.keys.Confirm.Enabled() || !m.keys.Next.Enabled() {
		t.Error("after the answer enter should ask the next question, not move")
	}
}

func TestQuizOtherWinningMoveIsRight(t *testing.T) {
	m := newTestPlay(t, quizOptions(games[2], false), 80, 24) // Wythoff
	m.pos = engine.Position{5, 8}                             // two winning moves
	m.settle()
	a := analysisOf(t, m)
	if a.WinningCount < 2 {
		t.Fatalf("%v has %d winning moves", m.pos, a.WinningCount)
	}
	other := a.Winning[1]
	m = press(m, selectKeys(m, other)...)
	if m.answered == nil || !m.answered.right || m.answered.canonical || m.right != 1 {
		t.Fatalf("%v from 5 8 should be right but not canonical: %+v, %d/%d", other, m.answered, m.right, m.asked)
	}
	if !strings.Contains(m.note, "wins too") || !strings.Contains(m.note, m.g.DescribeMove(*a.Move).Render(m.cat)) {
		t.Errorf("the note does not say it wins too and name the canonical move: %q", m.note)
	}
}

func TestQuizWrongAnswer(t *testing.T) {
	m := newTestPlay(t, quizOptions(games[0], true), 80, 24)
	a := analysisOf(t, m)
	wrong := losingMove(t, m)
	m = press(m, selectKeys(m, wrong)...)
	if m.answered == nil || m.answered.right || m.right != 0 || m.asked != 1 || !m.noteBad {
		t.Fatalf("%v from %v was not judged wrong: %+v, %d/%d", wrong, m.pos, m.answered, m.right, m.asked)
	}
	best := m.g.DescribeMove(*a.Move).Render(m.cat)
	if !strings.Contains(m.note, "Not a winning move") || !strings.Contains(m.note, best) {
		t.Errorf("the note should say it is wrong and give %q: %q", best, m.note)
	}
	if v := m.view(); !strings.Contains(v, "quiz: 0 right of 1") {
		t.Errorf("the score is not shown:\n%s", v)
	}
}

// A move the rules refuse is no answer: nothing is scored.
func TestQuizRefusedMoveIsNoAnswer(t *testing.T) {
	m := newTestPlay(t, quizOptions(games[3], false), 80, 24) // S = {1, 3, 4}
	m = press(m, "2", "enter")
	if m.answered != nil || m.asked != 0 || !strings.Contains(m.note, "refused") && !m.noteBad {
		t.Fatalf("taking 2 with S = {1, 3, 4} was scored: %+v, %d asked, %q", m.answered, m.asked, m.note)
	}
}

// Every game and convention: thirty questions, each an N-position, each
// answered by the canonical move and then the next drawn; the score counts
// them all and the questions vary.
func TestQuizNextQuestions(t *testing.T) {
	for _, g := range games {
		for _, misere := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/misere=%v", g.name, misere), func(t *testing.T) {
				m := newTestPlay(t, quizOptions(g, misere), 80, 24)
				seen := map[string]bool{}
				for i := range 30 {
					a := analysisOf(t, m)
					if a.Outcome != engine.N || a.Move == nil {
						t.Fatalf("question %d, %v, has no winning move", i+1, m.pos)
					}
					seen[m.pos.String()] = true
					m = press(m, selectKeys(m, *a.Move)...)
					if m.answered == nil || !m.answered.canonical {
						t.Fatalf("question %d, %v: the canonical move %v was not taken as the answer (%q)", i+1, m.pos, *a.Move, m.note)
					}
					m = press(m, "enter")
					if m.answered != nil || !strings.Contains(m.note, fmt.Sprintf("Question %d:", i+2)) {
						t.Fatalf("enter did not ask question %d: %q", i+2, m.note)
					}
				}
				if m.right != 30 || m.asked != 30 || len(m.quizSteps) != 30 {
					t.Errorf("score %d/%d with %d steps, want 30/30", m.right, m.asked, len(m.quizSteps))
				}
				if len(seen) < 5 {
					t.Errorf("only %d different questions in 30", len(seen))
				}
			})
		}
	}
}
