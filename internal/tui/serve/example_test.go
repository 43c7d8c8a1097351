package serve_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/tui/serve"
)

// The teacher's dashboard drives a quiz; the students' sessions answer.
func ExampleClass() {
	class := serve.NewClass()
	ctx := context.Background()
	alice, _ := class.Join(ctx, "alice")
	bob, _ := class.Join(ctx, "bob")

	_ = class.StartQuiz(serve.Quiz{Game: game("nim"), Seed: 42, Questions: 1, Limit: time.Minute})
	q, _ := class.Ask("3 5 6", "take 3 from heap 1")
	_, _ = alice.Answer(q.Number, "take 3 from heap 1", true, nil)
	_, _ = bob.Answer(q.Number, "take 1 from heap 3", false, nil)
	scores, _ := class.EndQuiz()
	for _, s := range scores {
		fmt.Println(s.Student.Name, s.Right, s.Wrong)
	}
	// Output:
	// alice 1 0
	// bob 0 1
}

// game is a game as the hubs carry it: matchgame's own is typed (the
// game, its convention, its start); here only its written form.
type game string

func (g game) String() string { return string(g) }

// anyMove is a referee that accepts every move; a room's real referee is
// the engine's Match.
type anyMove struct{}

func (anyMove) Play(serve.Seat, serve.GameMove) error { return nil }

// A student opens a room, a classmate joins with its code and both see
// every move, the mover's own included.
func ExampleRooms() {
	rooms := serve.NewRooms()
	ctx := context.Background()
	alice, _ := rooms.Open(ctx, "alice", game("nim 3 4 5"), anyMove{})
	bob, state, _ := rooms.Join(ctx, alice.Code(), "bob")
	fmt.Println(state.Players, bob.Seat())

	_ = alice.Play("take 2 from heap 1")
	<-alice.Events() // bob joined
	fmt.Printf("%+v\n", <-alice.Events())
	fmt.Printf("%+v\n", <-bob.Events())
	// Output:
	// [alice bob] second player
	// {Move:{Number:1 Seat:first player Player:alice Move:take 2 from heap 1}}
	// {Move:{Number:1 Seat:first player Player:alice Move:take 2 from heap 1}}
}

// studentScreen shows how a session's model follows a hub: Listen waits
// for the next event, and the model asks for the one after in every
// Update that handles one.
type studentScreen struct {
	session *serve.Session
	student *serve.Student
	open    int    // the open question, 0 when none
	note    string // what the screen says about the class
}

// classGone is delivered when the student's events end.
type classGone struct{}

func newStudentScreen(s *serve.Session, class *serve.Class) studentScreen {
	student, state := class.Join(s.Context(), s.User)
	m := studentScreen{session: s, student: student}
	if state.Quiz != nil && state.Quiz.Open {
		m.open = state.Quiz.Asked
	}
	return m
}

func (m studentScreen) listen() tea.Cmd {
	return serve.Listen(m.session.Context(), m.student.Events(), classGone{})
}

func (m studentScreen) Init() tea.Cmd { return m.listen() }

func (m studentScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case serve.QuestionOpened:
		m.open = msg.Number // draw question msg.Number from the quiz's seed
		return m, m.listen()
	case serve.QuestionClosed:
		m.open = 0
		return m, m.listen()
	case serve.ClassEvent:
		return m, m.listen()
	case classGone:
		m.note = "you left the class"
		if errors.Is(m.student.Err(), serve.ErrTooSlow) {
			m.note = "you fell behind: press r to join again"
		}
	case tea.KeyMsg:
		if m.open > 0 && msg.String() == "enter" {
			// The session's engine judges the move; the hub records it.
			_, _ = m.student.Answer(m.open, "take 3 from heap 1", true, nil)
		}
	}
	return m, nil
}

func (m studentScreen) View() string { return fmt.Sprintf("question %d\n%s", m.open, m.note) }

// classApp is the App of --class: every student's screen joins the one
// class the teacher's dashboard drives.
func classApp(class *serve.Class) serve.App {
	return func(s *serve.Session) tea.Model { return newStudentScreen(s, class) }
}

var _ = classApp
