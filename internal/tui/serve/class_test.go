package serve

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"
)

// next receives the next event on ch, failing the test if none comes.
func next[E any](t *testing.T, ch <-chan E) E {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatal("the channel was closed")
		}
		return e
	case <-time.After(waitTime):
		t.Fatal("no event came")
	}
	var zero E
	return zero
}

// expect receives the next events and checks them.
func expect[E any](t *testing.T, ch <-chan E, want ...E) {
	t.Helper()
	for _, w := range want {
		if got := next(t, ch); !reflect.DeepEqual(got, w) {
			t.Fatalf("got %#v, want %#v", got, w)
		}
	}
}

// quiet checks that nothing is waiting on ch.
func quiet[E any](t *testing.T, ch <-chan E) {
	t.Helper()
	select {
	case e := <-ch:
		t.Fatalf("unexpected %#v", e)
	default:
	}
}

// closedWith waits for ch to be closed, skipping events.
func closedWith[E any](t *testing.T, ch <-chan E) {
	t.Helper()
	deadline := time.After(waitTime)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("the channel stayed open")
		}
	}
}

// fakeClock is a class's clock that only moves when told.
func fakeClock(c *Class) func(time.Duration) {
	now := time.Date(2025, 6, 1, 14, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	c.opened = now
	return func(d time.Duration) { now = now.Add(d) }
}

func TestClassRoster(t *testing.T) {
	t.Parallel()
	c := NewClass()
	teacher, _ := c.Watch(t.Context())
	alice, _ := c.Join(t.Context(), "alice")
	ctx, leave := context.WithCancel(t.Context())
	first, _ := c.Join(ctx, "student")
	second, st := c.Join(t.Context(), "student")
	if first.Name != "student" || second.Name != "student (2)" {
		t.Errorf("two students named student: %q and %q", first.Name, second.Name)
	}
	if want := []StudentInfo{{ID: 1, Name: "alice"}, {ID: 2, Name: "student"}, {ID: 3, Name: "student (2)"}}; !reflect.DeepEqual(st.Students, want) {
		t.Errorf("roster %v, want %v", st.Students, want)
	}
	expect[ClassEvent](t, teacher, StudentJoined{StudentInfo{ID: 1, Name: "alice"}}, StudentJoined{StudentInfo{ID: 2, Name: "student"}}, StudentJoined{StudentInfo{ID: 3, Name: "student (2)"}})
	quiet(t, alice.Events()) // the roster is the teacher's: a join costs the same in a class of 300

	leave() // the connection drops
	expect[ClassEvent](t, teacher, StudentLeft{StudentInfo{ID: 2, Name: "student"}})
	closedWith(t, first.Events())
	if first.Err() != nil {
		t.Errorf("left by hanging up: Err = %v, want nil", first.Err())
	}
	if _, err := first.Answer(1, "x", true, nil); !errors.Is(err, ErrLeft) {
		t.Errorf("answering after leaving: %v", err)
	}
	// Coming back as "student" takes the free place back, answers and all.
	back, _ := c.Join(t.Context(), "student")
	if back.StudentInfo != (StudentInfo{ID: 2, Name: "student"}) {
		t.Errorf("back as %v, want student 2", back.StudentInfo)
	}
	first.Leave() // the old session's late leave changes nothing
	expect[ClassEvent](t, teacher, StudentJoined{StudentInfo{ID: 2, Name: "student"}})
	quiet(t, teacher)
}

func TestClassQuiz(t *testing.T) {
	t.Parallel()
	c := NewClass()
	advance := fakeClock(c)
	teacher, _ := c.Watch(t.Context())
	alice, _ := c.Join(t.Context(), "alice")
	bob, _ := c.Join(t.Context(), "bob")
	expect[ClassEvent](t, teacher, StudentJoined{StudentInfo{ID: 1, Name: "alice"}}, StudentJoined{StudentInfo{ID: 2, Name: "bob"}})

	if _, err := c.Ask("3 5 6", "x"); !errors.Is(err, ErrNoQuiz) {
		t.Errorf("asking without a quiz: %v", err)
	}
	quiz := Quiz{Game: written("nim"), Seed: 42, Questions: 2, Limit: time.Hour}
	if err := c.StartQuiz(quiz); err != nil {
		t.Fatal(err)
	}
	if err := c.StartQuiz(quiz); !errors.Is(err, ErrQuizRunning) {
		t.Errorf("a second quiz at once: %v", err)
	}
	q1, err := c.Ask("3 5 6", "take 2 from heap 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan ClassEvent{alice.Events(), bob.Events(), teacher} {
		expect[ClassEvent](t, ch, QuizStarted{quiz}, QuestionOpened{1, q1.Deadline})
	}

	advance(3 * time.Second)
	if a, err := alice.Answer(1, "take 2 from heap 1", true, nil); err != nil || a.Took != 3*time.Second {
		t.Fatalf("alice's answer: %+v, %v", a, err)
	}
	if _, err := alice.Answer(1, "take 1 from heap 1", false, nil); !errors.Is(err, ErrAnswered) {
		t.Errorf("a second answer: %v", err)
	}
	if _, err := alice.Answer(2, "x", true, nil); !errors.Is(err, ErrNotOpen) {
		t.Errorf("answering a question not asked: %v", err)
	}
	advance(2 * time.Second)
	if _, err := bob.Answer(1, "take 1 from heap 3", false, nil); err != nil {
		t.Fatal(err)
	}
	expect[ClassEvent](t, teacher,
		Answered{StudentInfo{ID: 1, Name: "alice"}, Answer{1, "take 2 from heap 1", true, 3 * time.Second}},
		Answered{StudentInfo{ID: 2, Name: "bob"}, Answer{1, "take 1 from heap 3", false, 5 * time.Second}})
	quiet(t, alice.Events()) // students do not hear each other's answers

	c.CloseQuestion()
	expect[ClassEvent](t, bob.Events(), QuestionClosed{Number: 1, Early: true}) // the teacher closed it
	latecomerAndScores(t, c, advance, bob)
}

// latecomerAndScores: a latecomer joins the running quiz and answers the
// second question; a late answer and a third question are refused; the
// scores rank right answers, then time.
func latecomerAndScores(t *testing.T, c *Class, advance func(time.Duration), bob *Student) {
	t.Helper()
	carol, st := c.Join(t.Context(), "carol")
	if st.Quiz == nil || st.Quiz.Asked != 1 || st.Quiz.Open {
		t.Errorf("the latecomer's quiz state: %+v", st.Quiz)
	}
	q2, _ := c.Ask("1 2", "take 1 from heap 2")
	expect[ClassEvent](t, carol.Events(), QuestionOpened{2, q2.Deadline})
	advance(time.Minute)
	if _, err := carol.Answer(2, "take 1 from heap 2", true, nil); err != nil {
		t.Fatal(err)
	}
	advance(time.Hour) // past the deadline, before the timer fires
	if _, err := bob.Answer(2, "take 1 from heap 2", true, nil); !errors.Is(err, ErrNotOpen) {
		t.Errorf("a late answer: %v", err)
	}
	if _, err := c.Ask("4", "x"); !errors.Is(err, ErrQuizDone) {
		t.Errorf("a third question of two: %v", err)
	}

	scores, err := c.EndQuiz()
	if err != nil {
		t.Fatal(err)
	}
	want := []Score{
		{Student: StudentInfo{ID: 1, Name: "alice"}, Right: 1, Missed: 1, Time: 3 * time.Second},
		{Student: StudentInfo{ID: 3, Name: "carol"}, Right: 1, Missed: 1, Time: time.Minute},
		{Student: StudentInfo{ID: 2, Name: "bob"}, Wrong: 1, Missed: 1},
	}
	if !reflect.DeepEqual(scores, want) {
		t.Errorf("scores\n got %+v\nwant %+v", scores, want)
	}
	closed := next(t, carol.Events())
	if closed != (QuestionClosed{Number: 2, Early: true}) { // the quiz ended on it
		t.Errorf("got %#v, want question 2 closed", closed)
	}
	expect[ClassEvent](t, carol.Events(), QuizEnded{want})
}

// A question closes by itself when its time is up.
func TestClassQuestionTimer(t *testing.T) {
	t.Parallel()
	c := NewClass()
	s, _ := c.Join(t.Context(), "s")
	if err := c.StartQuiz(Quiz{Game: written("nim"), Questions: 1, Limit: 20 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	q, _ := c.Ask("1", "take 1 from heap 1")
	expect[ClassEvent](t, s.Events(), QuizStarted{Quiz{Game: written("nim"), Questions: 1, Limit: 20 * time.Millisecond}}, QuestionOpened{1, q.Deadline}, QuestionClosed{Number: 1}) // its time up
	if _, err := s.Answer(1, "take 1 from heap 1", true, nil); !errors.Is(err, ErrNotOpen) {
		t.Errorf("answer after the time: %v", err)
	}
	if sc := c.Scores(); len(sc) != 1 || sc[0].Missed != 1 {
		t.Errorf("scores %+v, want one missed", sc)
	}
}

func TestClassDemo(t *testing.T) {
	t.Parallel()
	c := NewClass()
	early, _ := c.Join(t.Context(), "early")
	if err := c.DemoMove("x"); !errors.Is(err, ErrNoDemo) {
		t.Errorf("a move without a demo: %v", err)
	}
	c.StartDemo(written("nim 3 4 5"))
	c.DemoMove("take 2 from heap 1")
	_, st := c.Join(t.Context(), "late")
	if st.Demo == nil || st.Demo.Game != written("nim 3 4 5") || !reflect.DeepEqual(st.Demo.Moves, []GameMove{"take 2 from heap 1"}) {
		t.Errorf("a latecomer's demo: %+v", st.Demo)
	}
	c.DemoMove("take 1 from heap 2")
	c.EndDemo()
	expect[ClassEvent](t, early.Events(), DemoStarted{written("nim 3 4 5")}, DemoMoved{1, "take 2 from heap 1"},
		DemoMoved{2, "take 1 from heap 2"}, DemoEnded{})
	if c.State().Demo != nil {
		t.Error("the demo is still on after EndDemo")
	}
}

// A student whose screen takes no events is cut off; nobody waits for it.
func TestClassSlowStudent(t *testing.T) {
	t.Parallel()
	c := NewClass()
	teacher, _ := c.Watch(t.Context())
	stuck, _ := c.Join(t.Context(), "stuck")
	c.StartDemo(written("nim 9"))
	for i := range 2 * outboxSize {
		if err := c.DemoMove(fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
	}
	closedWith(t, stuck.Events())
	if !errors.Is(stuck.Err(), ErrTooSlow) {
		t.Errorf("Err = %v, want ErrTooSlow", stuck.Err())
	}
	next(t, teacher) // joined
	next(t, teacher) // demo
	for range outboxSize {
		next(t, teacher)
	}
	if left := next(t, teacher); left != (StudentLeft{StudentInfo{ID: 1, Name: "stuck"}}) {
		t.Errorf("the teacher heard %#v, want the stuck student leaving", left)
	}
	if st := c.State(); len(st.Students) != 0 {
		t.Errorf("the roster still has %v", st.Students)
	}
}

// Many sessions at once, for the race detector.
func TestClassConcurrent(t *testing.T) {
	t.Parallel()
	c := NewClass()
	teacher, _ := c.Watch(t.Context())
	go func() {
		for range teacher {
		}
	}()
	if err := c.StartQuiz(Quiz{Game: written("nim"), Questions: 20, Limit: time.Hour}); err != nil {
		t.Fatal(err)
	}
	var joined, done sync.WaitGroup
	for i := range 20 {
		joined.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			s, _ := c.Join(t.Context(), fmt.Sprint("s", i%5))
			joined.Done()
			defer s.Leave()
			for e := range s.Events() {
				switch e := e.(type) {
				case QuestionOpened:
					_, _ = s.Answer(e.Number, "m", e.Number%2 == 0, nil)
				case QuizEnded:
					return
				}
			}
		}()
	}
	joined.Wait()
	for range 20 {
		if _, err := c.Ask("p", "w"); err != nil {
			t.Fatal(err)
		}
		_ = c.Scores()
	}
	if _, err := c.EndQuiz(); err != nil {
		t.Fatal(err)
	}
	done.Wait()
	if sc := c.Scores(); len(sc) != 20 {
		t.Errorf("%d students on the scoreboard, want 20", len(sc))
	}
}

// Issue 19, item 1: 300 students join in the same instant, a quiz of
// three questions runs while they arrive and after, and every answer is
// counted: each student's score holds three answers (right or wrong,
// none missed); then a demo of four moves that every student follows to
// its end; the roster says 300, then 0 once all have left.
// burstStudent answers every question opened (a third wrong) and
// follows the demo to its end: the demo moves seen.
func burstStudent(t *testing.T, s *Student, i int) int {
	followed := 0
	for e := range s.Events() {
		switch e := e.(type) {
		case QuestionOpened:
			if _, err := s.Answer(e.Number, "m", i%3 != 0, nil); err != nil {
				t.Errorf("student%d, question %d: %v", i, e.Number, err)
			}
		case DemoMoved:
			followed = e.Number
		case DemoEnded:
			s.Leave()
			return followed
		}
	}
	return followed
}

// checkBurstScores ends the quiz: n students on the scoreboard, each
// with every question answered.
func checkBurstScores(t *testing.T, c *Class, n, questions int) {
	t.Helper()
	scores, err := c.EndQuiz()
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != n {
		t.Fatalf("%d students on the scoreboard, want %d", len(scores), n)
	}
	for _, sc := range scores {
		if sc.Right+sc.Wrong != questions || sc.Missed != 0 {
			t.Fatalf("%s: %d right, %d wrong, %d missed of %d", sc.Student.Name, sc.Right, sc.Wrong, sc.Missed, questions)
		}
	}
}

func TestClassBurstQuiz(t *testing.T) {
	t.Parallel()
	const n, questions = 300, 3
	c := NewClass()
	teacher, _ := c.Watch(t.Context())
	var answered sync.WaitGroup
	go func() {
		for e := range teacher {
			if _, ok := e.(Answered); ok {
				answered.Done()
			}
		}
	}()
	if err := c.StartQuiz(Quiz{Game: written("nim"), Questions: questions, Limit: time.Hour}); err != nil {
		t.Fatal(err)
	}
	start := make(chan struct{})
	var joined, left sync.WaitGroup
	const demoMoves = 4
	followed := make([]int, n) // demo moves each student saw
	for i := range n {
		joined.Add(1)
		left.Add(1)
		go func() {
			defer left.Done()
			<-start // every join at once
			s, _ := c.Join(t.Context(), fmt.Sprint("student", i))
			joined.Done()
			followed[i] = burstStudent(t, s, i)
		}()
	}
	close(start)
	joined.Wait()
	if got := len(c.State().Students); got != n {
		t.Fatalf("the roster says %d after %d joined", got, n)
	}
	for range questions {
		answered.Add(n)
		if _, err := c.Ask("p", "w"); err != nil {
			t.Fatal(err)
		}
		answered.Wait() // the teacher sees every answer of this question
	}
	checkBurstScores(t, c, n, questions)
	c.StartDemo(written("nim 3 5 6"))
	for k := range demoMoves {
		if err := c.DemoMove(fmt.Sprint("m", k)); err != nil {
			t.Fatal(err)
		}
	}
	c.EndDemo()
	left.Wait()
	for i, f := range followed {
		if f != demoMoves {
			t.Fatalf("student%d followed %d of the demo's %d moves", i, f, demoMoves)
		}
	}
	if got := len(c.State().Students); got != 0 {
		t.Errorf("the roster says %d after all left", got)
	}
}
