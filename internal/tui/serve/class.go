package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"
)

// Class is the hub of a class (--class). The teacher's dashboard drives
// it: it starts a quiz and asks its questions at its own pace, and plays a
// demo move by move. Each student's session joins it, follows its events
// and answers. The quiz's positions and moves are the game's business: the
// hub carries them as text, and each session draws question n from the
// quiz's seed. Every method is safe for concurrent use; none waits for a
// screen.
type Class struct {
	mu       sync.Mutex
	now      func() time.Time
	opened   time.Time
	students []*student // everyone who joined, in order; the report keeps those who left
	watchers map[*outbox[ClassEvent]]struct{}
	quizzes  []*quizRun // every quiz so far; the last may be running
	demo     *DemoState // the demo everyone follows, nil when none

	lesson *LessonStep // the step of the teacher's lesson, nil when none
}

// NewClass opens a class.
func NewClass() *Class {
	return &Class{now: time.Now, opened: time.Now(), watchers: map[*outbox[ClassEvent]]struct{}{}}
}

// StudentInfo names a student. ID and Name are unique in the class: a
// second student who comes as "student" is "student (2)".
type StudentInfo struct {
	ID   int
	Name string
	// Key, Before and Record are what the term's store knows (serve
	// --store): the fingerprint the student is known by ("" for a guest),
	// the lessons they came to before this one (0: new), and their
	// record's number in the store (0 without one).
	Key    string
	Before int
	Record int64
}

// Who is a student as they join: the user name they came with, and the
// name and record the term's store has for them.
type Who struct {
	User   string // the SSH user name, or the name typed on the page
	Name   string // the name to show; "" for User
	Key    string // the fingerprint they are known by; "" for a guest
	Before int    // lessons before this one
	Record int64  // their record in the store
}

type student struct {
	StudentInfo
	user string              // the SSH user name they came with
	out  *outbox[ClassEvent] // nil while away
}

// Quiz is "find the winning move" for everyone: the same questions, drawn
// from one seed, each open for the same time.
type Quiz struct {
	Game      Game          // the game and its settings, without a position
	Seed      int64         // every session draws question n from Seed, so all get the same
	Questions int           // how many questions
	Limit     time.Duration // how long each question stays open
	OwnRank   bool          // students see their own rank at the end, not the scoreboard
}

// Question is one question of a quiz as the teacher asked it.
type Question struct {
	Number   int
	Position string // as the game writes it, for the report
	Winning  string // the winning move(s), for the report; never sent to a student
	Opened   time.Time
	Deadline time.Time
}

// Answer is a student's answer to one question.
type Answer struct {
	Question int
	Move     string        // the move given, as the game writes it
	Right    bool          // whether it was a winning move
	Took     time.Duration // from the question's opening
}

// Score is a student's line on the scoreboard: right answers first, then
// the least time spent on them.
type Score struct {
	Student StudentInfo
	Right   int
	Wrong   int
	Missed  int           // questions closed without an answer
	Time    time.Duration // time taken by the right answers
}

// DemoState is the demo everyone follows: the game and start position,
// then the moves so far.
type DemoState struct {
	Game  Game // with its start position
	Moves []GameMove
}

// QuizState is the running quiz as a screen joining it needs it.
type QuizState struct {
	Quiz     Quiz
	Asked    int       // questions asked so far; the last may be open
	Open     bool      // question Asked is open until Deadline
	Deadline time.Time //
}

// ClassState is the class at the moment a screen joins or watches it; its
// events follow from there.
type ClassState struct {
	Students []StudentInfo // here now, in order of joining
	Quiz     *QuizState    // the running quiz, or nil
	Scores   []Score       // the scoreboard of the latest quiz
	Demo     *DemoState    // the running demo, or nil
	Lesson   *LessonStep   // the lesson's step, or nil
}

// ClassEvent is what the class tells its students and the teacher's
// dashboard. Listen delivers each as a message of its own type.
type ClassEvent interface{ classEvent() }

// The events of a class. Students hear the quiz and the demo; the roster
// (StudentJoined, StudentLeft) and Answered are the teacher's dashboard's
// alone, so that a join costs the same in a class of 300. A student's own
// answer is returned to it.
type (
	StudentJoined  struct{ Student StudentInfo }
	StudentLeft    struct{ Student StudentInfo }
	QuizStarted    struct{ Quiz Quiz }
	QuestionOpened struct {
		Number   int
		Deadline time.Time
	}
	// QuestionClosed: Early when the teacher closed it (or the next
	// question, or the quiz's end) before its time was up.
	QuestionClosed struct {
		Number int
		Early  bool
	}
	Answered struct {
		Student StudentInfo
		Answer  Answer
	}
	QuizEnded  struct{ Scores []Score }
	KeepFailed struct { // the term's store could not keep a student's answer
		Student StudentInfo
		Err     error
	}
	DemoStarted struct{ Game Game }
	DemoMoved   struct {
		Number int
		Move   GameMove
	}
	DemoEnded struct{}
	// ReviewStarted: each student reviews their own mistakes (the term's
	// store asks each their own positions).
	ReviewStarted struct{}
)

func (StudentJoined) classEvent()  {}
func (StudentLeft) classEvent()    {}
func (QuizStarted) classEvent()    {}
func (QuestionOpened) classEvent() {}
func (QuestionClosed) classEvent() {}
func (Answered) classEvent()       {}
func (QuizEnded) classEvent()      {}
func (KeepFailed) classEvent()     {}
func (DemoStarted) classEvent()    {}
func (DemoMoved) classEvent()      {}
func (DemoEnded) classEvent()      {}
func (ReviewStarted) classEvent()  {}

// Errors of a class that a screen shows or branches on.
var (
	ErrQuizRunning = errors.New("a quiz is running already")
	ErrNoQuiz      = errors.New("no quiz is running")
	ErrQuizDone    = errors.New("every question of the quiz has been asked")
	ErrNotOpen     = errors.New("that question is not open")
	ErrAnswered    = errors.New("that question has been answered already")
	ErrNoDemo      = errors.New("no demo is running")
	ErrLeft        = errors.New("no longer in the class")
)

type quizRun struct {
	Quiz
	asked   []Question
	open    bool             // the last question asked is open
	timer   *time.Timer      // closes it
	players map[int]bool     // students who took part, by ID
	answers map[int][]Answer // by student ID, in the order given
	ended   bool
}

// Student is one session's place in the class.
type Student struct {
	StudentInfo
	class *Class
	rec   *student
	out   *outbox[ClassEvent]
}

// Join adds the student who came as the SSH user user, and returns their
// place with the class as it is. A user name seen before whose student has
// left takes that student's place back (a dropped connection loses no
// answers); one whose student is here is a new student. The student leaves
// when ctx ends.
func (c *Class) Join(ctx context.Context, user string) (*Student, ClassState) {
	return c.JoinAs(ctx, Who{User: user})
}

// JoinAs is Join for a student the term's store knows: a key seen before
// whose student has left takes that place back, whatever the user name.
func (c *Class) JoinAs(ctx context.Context, who Who) (*Student, ClassState) {
	user := cleanName(who.User)
	name := user
	if who.Name != "" {
		name = cleanName(who.Name)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.IndexFunc(c.students, func(st *student) bool {
		if who.Key != "" {
			return st.Key == who.Key && st.out == nil
		}
		return st.Key == "" && st.user == user && st.out == nil
	})
	var rec *student
	if i >= 0 {
		rec = c.students[i]
	} else {
		rec = &student{StudentInfo: StudentInfo{ID: len(c.students) + 1, Name: c.freeName(name), Key: who.Key, Before: who.Before, Record: who.Record}, user: user}
		c.students = append(c.students, rec)
	}
	// The roster is the teacher's: a join costs the same however large the
	// class (told to every student, 300 joining at once made 90,000 events
	// and cut students off; issue 19, item 1).
	c.broadcast(StudentJoined{rec.StudentInfo}, false)
	rec.out = newOutbox[ClassEvent](outboxSize)
	if run := c.running(); run != nil {
		run.players[rec.ID] = true
	}
	s := &Student{StudentInfo: rec.StudentInfo, class: c, rec: rec, out: rec.out}
	context.AfterFunc(ctx, s.Leave)
	return s, c.state()
}

// freeName is name, or name (2), (3)… when a student has it already.
func (c *Class) freeName(name string) string {
	taken := func(n string) bool {
		return slices.ContainsFunc(c.students, func(st *student) bool { return st.Name == n })
	}
	free := name
	for i := 2; taken(free); i++ {
		free = fmt.Sprintf("%s (%d)", name, i)
	}
	return free
}

// Events are the class's events for this student, until they leave or
// fall too far behind; then the channel is closed and Err says which.
func (s *Student) Events() <-chan ClassEvent { return s.out.ch }

// Err is why Events was closed: nil when the student left, ErrTooSlow
// when their screen stopped taking events. Joining again brings them back.
func (s *Student) Err() error {
	s.class.mu.Lock()
	defer s.class.mu.Unlock()
	return s.out.err
}

// Leave takes the student out of the class; their answers stay for the
// report. Leaving twice does nothing.
func (s *Student) Leave() {
	c := s.class
	c.mu.Lock()
	defer c.mu.Unlock()
	// Not here any more: left, cut off, or back in another session.
	if s.rec.out != s.out {
		return
	}
	s.rec.out = nil
	s.out.close(nil)
	c.broadcast(StudentLeft{s.StudentInfo}, false)
}

// Answer records the student's answer to the open question: move, as the
// game writes it, and whether it wins (the session's engine judges).
// Only the first answer to a question counts; a late one is refused with
// ErrNotOpen. keep, when given, keeps the answer in the term's store
// before anyone is told of it: every answer the dashboard counts is kept
// (issue 29). Should keep fail, the answer counts all the same (the
// lesson goes on) and the dashboard hears KeepFailed.
func (s *Student) Answer(question int, move string, right bool, keep func(Answer) error) (Answer, error) {
	c := s.class
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.rec.out != s.out {
		return Answer{}, ErrLeft
	}
	run := c.running()
	now := c.now()
	if run == nil || !run.open || question != len(run.asked) || !now.Before(run.asked[question-1].Deadline) {
		return Answer{}, ErrNotOpen
	}
	if slices.ContainsFunc(run.answers[s.ID], func(a Answer) bool { return a.Question == question }) {
		return Answer{}, ErrAnswered
	}
	a := Answer{Question: question, Move: move, Right: right, Took: now.Sub(run.asked[question-1].Opened)}
	if keep != nil {
		// Under the class's lock, a few tens of microseconds (a commit to
		// the log): the answers of a class come in one by one.
		if err := keep(a); err != nil {
			c.broadcast(KeepFailed{Student: s.StudentInfo, Err: err}, false)
		}
	}
	run.answers[s.ID] = append(run.answers[s.ID], a)
	run.players[s.ID] = true
	c.broadcast(Answered{Student: s.StudentInfo, Answer: a}, false)
	return a, nil
}

// Watch follows the class for the teacher's dashboard (or a projector):
// every event, each student's answers included, until ctx ends. A watcher
// that falls too far behind has its channel closed; it may watch again.
func (c *Class) Watch(ctx context.Context) (<-chan ClassEvent, ClassState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := newOutbox[ClassEvent](teacherOutboxSize)
	c.watchers[out] = struct{}{}
	context.AfterFunc(ctx, func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.watchers, out)
		out.close(nil)
	})
	return out.ch, c.state()
}

// State is the class as it is now.
func (c *Class) State() ClassState {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state()
}

// StartQuiz starts q for every student here and every one who joins
// before it ends. Questions come one by one with Ask.
func (c *Class) StartQuiz(q Quiz) error {
	if q.Questions < 1 || q.Limit <= 0 {
		return fmt.Errorf("a quiz needs at least one question and some time for each (got %d, %v)", q.Questions, q.Limit)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running() != nil {
		return ErrQuizRunning
	}
	run := &quizRun{Quiz: q, players: map[int]bool{}, answers: map[int][]Answer{}}
	for _, st := range c.students {
		if st.out != nil {
			run.players[st.ID] = true
		}
	}
	c.quizzes = append(c.quizzes, run)
	c.broadcast(QuizStarted{q}, true)
	return nil
}

// Ask opens the next question for Quiz.Limit, closing the open one first.
// position and winning are kept for the report only.
func (c *Class) Ask(position, winning string) (Question, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	run := c.running()
	switch {
	case run == nil:
		return Question{}, ErrNoQuiz
	case len(run.asked) == run.Questions:
		return Question{}, ErrQuizDone
	}
	c.closeQuestion(run, true)
	now := c.now()
	q := Question{Number: len(run.asked) + 1, Position: position, Winning: winning, Opened: now, Deadline: now.Add(run.Limit)}
	run.asked, run.open = append(run.asked, q), true
	run.timer = time.AfterFunc(run.Limit, func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if run.open && len(run.asked) == q.Number {
			c.closeQuestion(run, false)
		}
	})
	c.broadcast(QuestionOpened{Number: q.Number, Deadline: q.Deadline}, true)
	return q, nil
}

// CloseQuestion closes the open question before its time.
func (c *Class) CloseQuestion() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if run := c.running(); run != nil {
		c.closeQuestion(run, true)
	}
}

// closeQuestion closes the open question: early, before its time is up.
func (c *Class) closeQuestion(run *quizRun, early bool) {
	if !run.open {
		return
	}
	run.open = false
	run.timer.Stop()
	c.broadcast(QuestionClosed{Number: len(run.asked), Early: early}, true)
}

// EndQuiz closes the open question and ends the quiz; everyone hears the
// final scores, which it returns.
func (c *Class) EndQuiz() ([]Score, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	run := c.running()
	if run == nil {
		return nil, ErrNoQuiz
	}
	c.closeQuestion(run, true)
	run.ended = true
	scores := c.scores(run)
	c.broadcast(QuizEnded{scores}, true)
	return scores, nil
}

// Scores is the scoreboard of the latest quiz, best first; nil before any.
func (c *Class) Scores() []Score {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.quizzes) == 0 {
		return nil
	}
	return c.scores(c.quizzes[len(c.quizzes)-1])
}

func (c *Class) scores(run *quizRun) []Score {
	closed := len(run.asked)
	if run.open {
		closed--
	}
	var scores []Score
	for _, st := range c.students {
		if !run.players[st.ID] {
			continue
		}
		sc := Score{Student: st.StudentInfo, Missed: closed}
		for _, a := range run.answers[st.ID] {
			if a.Question <= closed {
				sc.Missed--
			}
			if a.Right {
				sc.Right++
				sc.Time += a.Took
			} else {
				sc.Wrong++
			}
		}
		scores = append(scores, sc)
	}
	sort.SliceStable(scores, func(i, j int) bool {
		if scores[i].Right != scores[j].Right {
			return scores[i].Right > scores[j].Right
		}
		return scores[i].Time < scores[j].Time
	})
	return scores
}

// StartDemo starts a demo for everyone of game from its start position. A
// running demo is replaced.
func (c *Class) StartDemo(game Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.demo = &DemoState{Game: game}
	c.broadcast(DemoStarted{game}, true)
}

// DemoMove plays the demo's next move for everyone, at the teacher's pace.
func (c *Class) DemoMove(move GameMove) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.demo == nil {
		return ErrNoDemo
	}
	c.demo.Moves = append(c.demo.Moves, move)
	c.broadcast(DemoMoved{Number: len(c.demo.Moves), Move: move}, true)
	return nil
}

// StartReview asks every student here to review their own mistakes.
func (c *Class) StartReview() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.broadcast(ReviewStarted{}, true)
}

// EndDemo ends the demo.
func (c *Class) EndDemo() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.demo != nil {
		c.demo = nil
		c.broadcast(DemoEnded{}, true)
	}
}

// running is the quiz under way, or nil.
func (c *Class) running() *quizRun {
	if n := len(c.quizzes); n > 0 && !c.quizzes[n-1].ended {
		return c.quizzes[n-1]
	}
	return nil
}

func (c *Class) state() ClassState {
	var st ClassState
	for _, s := range c.students {
		if s.out != nil {
			st.Students = append(st.Students, s.StudentInfo)
		}
	}
	if run := c.running(); run != nil {
		st.Quiz = &QuizState{Quiz: run.Quiz, Asked: len(run.asked), Open: run.open}
		if run.open {
			st.Quiz.Deadline = run.asked[len(run.asked)-1].Deadline
		}
	}
	if n := len(c.quizzes); n > 0 {
		st.Scores = c.scores(c.quizzes[n-1])
	}
	if c.demo != nil {
		st.Demo = &DemoState{Game: c.demo.Game, Moves: slices.Clone(c.demo.Moves)}
	}
	st.Lesson = c.lesson
	return st
}

// broadcast sends e to the watchers and, if students is set, to the
// students here. A student cut off for being too slow has left, and the
// watchers hear that too.
func (c *Class) broadcast(e ClassEvent, students bool) {
	var left []ClassEvent
	if students {
		for _, st := range c.students {
			if st.out != nil && !st.out.send(e) {
				st.out = nil
				left = append(left, StudentLeft{st.StudentInfo})
			}
		}
	}
	for _, e := range append([]ClassEvent{e}, left...) {
		for w := range c.watchers {
			if !w.send(e) {
				delete(c.watchers, w)
			}
		}
	}
}
