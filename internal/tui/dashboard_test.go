package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/serve"
	"matchgame/internal/variants"
)

// teacherDemo is the dashboard with the teacher's demo of Nim 3 6 9 on
// screen, and its class.
func teacherDemo(t *testing.T) (tea.Model, *serve.Class) {
	t.Helper()
	class := serve.NewClass()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	var m tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}}, plainRenderer())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = m.Update(dashMsg{opts: games[0].options(false, "me")})
	if d := m.(dashboard); d.screen != dashDemo {
		t.Fatalf("the demo did not start: screen %v, %q", d.screen, d.note)
	}
	return m, class
}

// The teacher's demo ends for everyone with q, esc or x and the dashboard
// stays; no key of the game on screen (q y, the menu, the demo switch,
// take-back) ends the class or leaves the students' boards behind.
func TestTeacherDemoKeys(t *testing.T) {
	t.Parallel()
	for _, keys := range [][]string{{"q"}, {"q", "y"}, {"esc"}, {"x"}} {
		m, class := teacherDemo(t)
		m = updates(m, " ", "2")
		for _, k := range keys {
			if quits(m, k) {
				t.Fatalf("%q in the teacher's demo ends the class", keys)
			}
			m = update(m, keyMsg(k))
		}
		if d := m.(dashboard); d.screen != dashMain || class.State().Demo != nil {
			t.Errorf("%q: screen %v, the class's demo %+v; want the dashboard, the demo ended", keys, d.screen, class.State().Demo)
		}
	}
	for _, k := range []string{"n", "d", "u", "ctrl+r", "r"} {
		m, class := teacherDemo(t)
		m = updates(m, " ")
		before := m.(dashboard).demo.match.Played()
		m = updates(m, k, "y")
		d := m.(dashboard)
		if d.screen != dashDemo || d.demo.match.Played() < before || !demoOn(d.demo) || class.State().Demo == nil {
			t.Errorf("%q, y in the teacher's demo: screen %v, %d moves played (was %d), demo on %t",
				k, d.screen, d.demo.match.Played(), before, demoOn(d.demo))
		}
	}
}

// When the teacher's demo ends, a student's board stays to look at: the
// header says the demo is over (not whose turn it is: no one plays it),
// and no key makes a move on it.
func TestFollowedDemoEnds(t *testing.T) {
	t.Parallel()
	r, err := newRoot(Options{Menu: true, Lang: "en"}, plainRenderer())
	if err != nil {
		t.Fatal(err)
	}
	m, err := r.followPlay(gameSpec{game: variants.Nim{}, start: engine.Position{3, 6, 9}})
	if err != nil {
		t.Fatal(err)
	}
	m, _ = m.update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = m.update(serve.DemoMoved{Number: 1, Move: *m.match.Now().Move})
	m, _ = m.update(serve.DemoEnded{})
	if h := m.header(78); !strings.Contains(h, "the teacher's demo is over") || strings.Contains(h, "turn") {
		t.Errorf("after the demo the header says %q", h)
	}
	if m = press(m, "enter", "down", "+", "enter", "d", "u", "w"); m.match.Played() != 1 || m.thinking {
		t.Errorf("keys on the ended demo made moves: %d played, thinking %t", m.match.Played(), m.thinking)
	}
}

// Issue 19, item 5: x (or esc) on the dashboard ends every student's
// session, so it asks first: y ends the class, any other key goes back.
func TestEndClassAsks(t *testing.T) {
	t.Parallel()
	class := serve.NewClass()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	var m tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}}, plainRenderer())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, k := range []string{"x", "esc"} {
		if quits(m, k) {
			t.Fatalf("%s ends the class without asking", k)
		}
		m = update(m, keyMsg(k))
		if !strings.Contains(flat(m.View()), "End the class for everyone") {
			t.Fatalf("%s: the question is not on screen:\n%s", k, m.View())
		}
		if quits(m, "n") {
			t.Fatal("n after x ends the class")
		}
		m = update(m, keyMsg("n"))
	}
	m = update(m, keyMsg("x"))
	if !quits(m, "y") {
		t.Error("x, y does not end the class")
	}
}

// Issue 19, item 1: a dashboard that fell behind (a burst of joins filled
// its queue) watches again from the whole state: the roster is exact, not
// what the events it missed would have built.
func TestDashboardResyncsWhenBehind(t *testing.T) {
	t.Parallel()
	class := serve.NewClass()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	var m tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}}, plainRenderer())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, name := range []string{"ann", "bo", "cy"} {
		class.Join(ctx, name)
	}
	m, _ = m.Update(classGoneMsg{})
	if d := m.(dashboard); len(d.students) != 3 {
		t.Errorf("after watching again the roster has %d students, the class 3", len(d.students))
	}
}

// Issue 19, item 2: a student who joins while the teacher's demo runs
// sees it with the moves made so far; one who joins while a question is
// open gets the question.
func TestLateJoinerCatchesUp(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	class := serve.NewClass()
	late := func(name string) *root {
		rt, err := newRoot(Options{Menu: true, Lang: "en"}, plainRenderer()) // no session: nothing listens
		if err != nil {
			t.Fatal(err)
		}
		rt.net, rt.size = &Network{Class: class}, tea.WindowSizeMsg{Width: 80, Height: 24}
		rt.student, rt.joined = class.Join(ctx, name)
		rt.Init()
		return rt
	}
	g, _, _ := variants.Lookup(variants.Config{Name: "nim"})
	class.StartDemo(gameSpec{game: g, start: engine.Position{3, 6, 9}})
	for _, mv := range []engine.Move{engine.At(3, 4), engine.At(1, 1)} {
		if err := class.DemoMove(mv); err != nil {
			t.Fatal(err)
		}
	}
	if rt := late("ann"); rt.screen != screenPlay || rt.play.match.Played() != 2 || rt.play.pos().String() != "2 6 5" {
		t.Errorf("a late joiner sees screen %v at %v (%d moves); want the demo at 2 6 5", rt.screen, rt.play.pos(), rt.play.match.Played())
	}
	class.EndDemo()
	q := serve.Quiz{Game: gameSpec{game: g}, Seed: 5, Questions: 3, Limit: time.Minute}
	if err := class.StartQuiz(q); err != nil {
		t.Fatal(err)
	}
	_, _, p, err := classQuestion(q, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := class.Ask(p.String(), "any"); err != nil {
		t.Fatal(err)
	}
	if rt := late("bo"); rt.screen != screenPlay || classOf(rt.play) == nil || classOf(rt.play).number != 1 {
		t.Errorf("a late joiner during question 1 sees screen %v, not the question", rt.screen)
	}
}

// Issue 19, item 6: the open question is drawn as a board on the
// dashboard, and the students' rooms are listed.
func TestDashboardShowsBoardAndRooms(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	class, rooms := serve.NewClass(), serve.NewRooms()
	host, _ := rooms.Open(ctx, "alice", gameSpec{game: variants.Nim{}, start: engine.Position{3, 4, 5}}, &referee{})
	var m tea.Model = newDashboard(ctx, class, ClassInfo{Options: Options{Lang: "en"}, Rooms: rooms}, plainRenderer())
	m, _ = m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	m, _ = m.Update(dashMsg{opts: games[0].options(false, "me"), quiz: true, question: 3, limit: time.Minute})
	v := m.View()
	if !strings.Contains(v, "heap 1 "+board.MatchGlyph) {
		t.Errorf("no board of the question on the dashboard:\n%s", v)
	}
	if !strings.Contains(flat(v), "Rooms: "+host.Code()+" alice vs (free seat) (nim 3 4 5, 0 moves)") {
		t.Errorf("the room is not listed:\n%s", v)
	}
}

// Issue 19, item 6: the teacher may keep the scoreboard: each student
// then sees their own rank only.
func TestOwnRankOnly(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	class := serve.NewClass()
	rt, err := newRoot(Options{Menu: true, Lang: "en"}, plainRenderer())
	if err != nil {
		t.Fatal(err)
	}
	rt.net, rt.size = &Network{Class: class}, tea.WindowSizeMsg{Width: 80, Height: 24}
	rt.student, rt.joined = class.Join(ctx, "bo")
	scores := []serve.Score{{Student: serve.StudentInfo{ID: 9, Name: "ann"}, Right: 3}, {Student: rt.student.StudentInfo, Right: 1, Wrong: 2}}
	for _, own := range []bool{false, true} {
		rt.quizEvent(serve.QuizStarted{Quiz: serve.Quiz{Game: gameSpec{game: variants.Nim{}}, Questions: 3, Limit: time.Minute, OwnRank: own}})
		rt.quizEvent(serve.QuizEnded{Scores: scores})
		shown := strings.Contains(rt.classNote, "ann")
		if own && (shown || !strings.Contains(rt.classNote, "you are number 2 of 2, with 1 right of 3")) {
			t.Errorf("own rank only: %q", rt.classNote)
		}
		if !own && !shown {
			t.Errorf("the whole scoreboard: %q", rt.classNote)
		}
	}
}

// Issue 19, item 8: in a room, c closes the free seat for everyone to see,
// and c again opens it; the help says which.
func TestRoomKeyClosesTheSeat(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	rooms := serve.NewRooms()
	o := games[0].options(false, "me")
	g, conv, _ := variants.Lookup(o.Game)
	judge, err := newMatch(g, conv, o.Position, false)
	if err != nil {
		t.Fatal(err)
	}
	member, state := rooms.Open(ctx, "alice", gameSpec{game: g, conv: conv, start: judge.Position(), explain: "why"}, &referee{match: judge})
	m, err := roomPlay(o, assets.Messages("en"), testStyles, member, state, ctx, engine.First, false)
	if err != nil {
		t.Fatal(err)
	}
	m, _ = m.update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, want := range []string{"alice closed the free seat", "alice opened the seat again"} {
		m = press(m, "c")
		m, _ = m.update(<-member.Events())
		if !strings.Contains(flat(m.view()), want) {
			t.Fatalf("after c: %q not on screen:\n%s", want, m.view())
		}
		if _, _, err := rooms.Join(ctx, member.Code(), "bob"); strings.Contains(want, "closed") != errors.Is(err, serve.ErrInviteOnly) {
			t.Fatalf("%s; joining: %v", want, err)
		}
	}
}
