package tui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/learn"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/text"
)

// The teacher's dashboard of `matchgame serve --class`, on the teacher's
// own terminal: who is connected, a quiz for everyone with a timer and a
// live scoreboard, a demo everyone follows at the teacher's pace, and the
// class report written on the teacher's machine.

// ClassInfo is what the dashboard tells and does beyond the class itself.
type ClassInfo struct {
	Connect     string // the students' command: ssh -p 2222 student@host
	Fingerprint string // the host key's, for the students to check
	Report      string // the report's base path (.md and .csv are added)
	Force       bool   // the report may replace existing files
	Options            // the dashboard's language, theme and the demo's pace
	// Rooms are the students' rooms, listed on the dashboard; nil: none.
	Rooms *serve.Rooms
	// Memory is the term kept (serve --store); nil: none (dashterm.go).
	Memory *Memory
	// Lesson is the plan the teacher steps the class through; nil: none.
	Lesson *learn.Plan
}

// dashScreen is what the dashboard shows.
type dashScreen int

const (
	dashMain dashScreen = iota
	dashForm
	dashDemo
)

type dashboard struct {
	info   ClassInfo
	class  *serve.Class
	ctx    context.Context
	events <-chan serve.ClassEvent
	r      *lipgloss.Renderer
	cat    *assets.Catalog
	st     *Styles

	screen   dashScreen
	form     menu
	demo     play
	students []serve.StudentInfo
	quiz     *serve.Quiz
	asked    int
	position string      // the open question's, for the class to see
	board    *board.View // and its board, drawn for the room (issue 19, item 6)
	winning  string      // its winning moves, said when it closes
	open     bool
	deadline time.Time
	answers  int // to the open question
	scores   []serve.Score
	note     string
	ending   bool      // x asked whether to end the class: y ends it
	wrote    []string  // the report's files, once written
	term     *termView // the term of the students here, while open (dashterm.go)
	help     bool      // the keys and what they do, opened by ? (dashkeys.go)
	lesson   *dashLesson

	width, height int
}

// dashMsg asks the dashboard to start what its form chose.
type dashMsg struct {
	opts     Options
	quiz     bool
	limit    time.Duration
	question int
	ownRank  bool // students see their own rank, not the scoreboard
}

// RunDashboard runs the teacher's dashboard on this terminal until the
// teacher ends the class, then writes the class report (when a quiz was
// held) and returns the files written.
func RunDashboard(ctx context.Context, class *serve.Class, info ClassInfo) ([]string, error) {
	r := lipgloss.DefaultRenderer()
	if os.Getenv("NO_COLOR") != "" {
		r.SetColorProfile(termenv.Ascii)
	}
	d := newDashboard(ctx, class, info, r)
	// The server catches the signals and ends ctx (serveUntilEnd): Bubble
	// Tea's own handler, catching them as well, could wait forever to tell
	// a dashboard already gone.
	p := tea.NewProgram(d, tea.WithAltScreen(), tea.WithContext(ctx), tea.WithoutSignalHandler())
	done := make(chan struct{})
	go suspendOnStop(p, nil, false, done) // SIGTSTP gives the terminal back, as the game does
	final, err := run(p)
	close(done)
	if fd, ok := final.(dashboard); ok && err == nil {
		d = fd
	}
	if len(class.Report().Quizzes) == 0 || len(d.wrote) > 0 {
		return d.wrote, err
	}
	paths, werr := serve.WriteReport(info.Report, reportIn(class, d.cat.Lang), info.Force)
	if werr != nil {
		return nil, werr
	}
	return paths, err
}

// reportIn is the class report in the teacher's language.
func reportIn(class *serve.Class, lang string) serve.Report {
	r := class.Report()
	r.Lang = lang
	return r
}

func newDashboard(ctx context.Context, class *serve.Class, info ClassInfo, r *lipgloss.Renderer) dashboard {
	if info.Lang == "" {
		info.Lang = assets.LangFromEnv()
	}
	t, ok := ThemeNamed(info.Theme)
	if !ok {
		t = Themes[0]
	}
	events, state := class.Watch(ctx)
	d := dashboard{info: info, class: class, ctx: ctx, events: events, r: r, cat: assets.Messages(info.Lang),
		st: NewStyles(t, r), students: state.Students, scores: state.Scores}
	d.lesson = newDashLesson(info.Lesson)
	return d
}

func (d dashboard) Init() tea.Cmd { return d.listen() }

func (d dashboard) listen() tea.Cmd { return serve.Listen(d.ctx, d.events, classGoneMsg{}) }

func (d dashboard) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		d.width, d.height = msg.Width, msg.Height
		d.form, _ = d.form.update(msg)
		if d.screen == dashDemo {
			d.demo, _ = d.demo.update(d.demoSize())
		}
		return d, nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return d, tea.Quit
		}
	case classGoneMsg: // fell behind: watch again, from the whole state as it is now
		var state serve.ClassState
		d.events, state = d.class.Watch(d.ctx)
		d = d.resync(state)
		return d, d.listen()
	case serve.ClassEvent:
		d = d.classEvent(msg)
		return d, d.listen()
	case dashMsg:
		return d.start(msg)
	case tickMsg:
		if d.open {
			return d, d.tick()
		}
		return d, nil
	}
	if d.term != nil { // the term's view takes the keys (dashterm.go)
		return d.termKey(msg), nil
	}
	switch d.screen {
	case dashForm:
		return d.formUpdate(msg)
	case dashDemo:
		return d.demoUpdate(msg)
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		return d.mainKey(k)
	}
	return d, nil
}

// resync takes the roster, the scoreboard and the open question from the
// class's whole state: events missed while the dashboard fell behind (a
// burst of joins) are not replayed one by one.
func (d dashboard) resync(state serve.ClassState) dashboard {
	d.students, d.scores = state.Students, state.Scores
	if q := state.Quiz; q != nil {
		if q.Asked != d.asked {
			d.answers = 0 // answers to a question asked while behind: counted from here
		}
		d.asked, d.open, d.deadline = q.Asked, q.Open, q.Deadline
	} else {
		d.quiz, d.open = nil, false
	}
	return d
}

// classEvent keeps the roster, the open question and the scoreboard.
func (d dashboard) classEvent(e tea.Msg) dashboard {
	switch e := e.(type) {
	case serve.StudentJoined:
		d.students = append(d.students, e.Student)
	case serve.StudentLeft:
		for i, s := range d.students {
			if s.ID == e.Student.ID {
				d.students = append(d.students[:i:i], d.students[i+1:]...)
				break
			}
		}
	case serve.QuestionOpened:
		d.asked, d.open, d.deadline, d.answers = e.Number, true, e.Deadline, 0
	case serve.QuestionClosed:
		d.open = false
		d.scores = d.class.Scores()
	case serve.Answered:
		d.answers++
		d.scores = d.class.Scores()
	case serve.QuizEnded:
		d.quiz, d.open, d.scores = nil, false, e.Scores
	case serve.KeepFailed:
		d.note = d.cat.T("ui.dash.keepfailed", e.Student.Name, e.Err.Error())
	}
	return d
}

// mainKey: q a quiz for everyone, d a demo, n the next question, c close
// it, e end the quiz, w write the report, x end the class (y to confirm),
// ? the help (dashkeys.go).
func (d dashboard) mainKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if d.help { // nothing acts behind the help: ? or esc closes it
		d.help = k.String() != "?" && k.String() != "esc"
		return d, nil
	}
	d.note = ""
	if d.ending { // x asked: y ends the class for everyone, any other key does not
		d.ending = false
		if k.String() == "y" {
			return d, tea.Quit
		}
		return d, nil
	}
	switch k.String() {
	case "q", "d":
		return d.choose(k.String() == "q"), nil
	case "n":
		return d.ask()
	case "c":
		d.class.CloseQuestion()
	case "e":
		if _, err := d.class.EndQuiz(); err != nil {
			d.note = err.Error()
		}
	case "w":
		return d.writeReport(), nil
	case "t", "m": // the term, and everyone's own mistakes (dashterm.go)
		return d.storeKey(k.String()), nil
	case lessonNext, lessonBack:
		return d.lessonKey(k)
	case "?":
		d.help = true
	case "x", "esc": // it ends every student's session: ask first (issue 19, item 5)
		d.ending, d.note = true, d.cat.T("ui.dash.end.ask", len(d.students))
	}
	return d, nil
}

// choose opens the menu that chooses a quiz's game (or a demo's), unless
// a quiz is on.
func (d dashboard) choose(quiz bool) dashboard {
	if d.quiz != nil {
		d.note = d.cat.T("ui.dash.busy")
		return d
	}
	o := d.info.Options
	o.Quiz, o.Menu = quiz, true
	d.form = newMenu(o, d.st)
	d.form.teacher = true
	d.form, _ = d.form.update(tea.WindowSizeMsg{Width: d.width, Height: d.height})
	d.screen = dashForm
	return d
}

// writeReport writes the class's report now, and says where.
func (d dashboard) writeReport() dashboard {
	paths, err := serve.WriteReport(d.info.Report, reportIn(d.class, d.cat.Lang), d.info.Force)
	if err != nil {
		d.note = err.Error()
	} else {
		d.wrote, d.note = paths, d.cat.T("ui.dash.wrote", strings.Join(paths, ", "))
	}
	return d
}

// formUpdate: the menu chooses the game; enter starts, esc goes back.
func (d dashboard) formUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && k.String() == "esc" && !d.form.editing {
		d.screen = dashMain
		return d, nil
	}
	var cmd tea.Cmd
	d.form, cmd = d.form.update(msg)
	return d, cmd
}

// start starts the quiz or the demo the form chose.
func (d dashboard) start(msg dashMsg) (tea.Model, tea.Cmd) {
	d.screen = dashMain
	if msg.quiz {
		q, err := ClassQuiz(msg.opts.Game, rand.Int64())
		if err != nil {
			d.note = engine.Message(err, d.cat)
			return d, nil
		}
		q.Questions, q.Limit, q.OwnRank = msg.question, msg.limit, msg.ownRank
		if err := d.class.StartQuiz(q); err != nil {
			d.note = err.Error()
			return d, nil
		}
		d.quiz, d.asked, d.scores = &q, 0, nil
		d.taught("quiz", q.Game.String())
		return d.ask()
	}
	o := msg.opts
	o.Quiz, o.Menu, o.First = false, false, "me"
	p, err := newPlay(o, d.cat, d.st)
	if err != nil {
		d.note = engine.Message(err, d.cat)
		return d, nil
	}
	d.class.StartDemo(gameSpec{game: p.game(), conv: p.match.Conv, start: p.match.Start})
	d.taught("demo", gameSpec{game: p.game(), conv: p.match.Conv, start: p.match.Start}.String())
	p, _ = p.update(d.demoSize())
	p, cmd := p.startDemo(func(t engine.Turn) { _ = d.class.DemoMove(t.Move) })
	d.demo, d.screen = p, dashDemo
	return d, cmd
}

// demoUpdate: the demo screen, paced by the teacher; q, esc or x ends it
// for everyone (the game's own ways out would end the class).
func (d dashboard) demoUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && d.lesson != nil && (k.String() == lessonNext || k.String() == lessonBack) {
		return d.lessonKey(k) // the lesson's next step ends the demo
	}
	if k, ok := msg.(tea.KeyMsg); ok && (k.String() == "q" || k.String() == "esc" || k.String() == "x") {
		d.class.EndDemo()
		d.screen = dashMain
		return d, nil
	}
	var cmd tea.Cmd
	d.demo, cmd = d.demo.update(msg)
	return d, cmd
}

// ask opens the quiz's next question: the same one every student draws.
func (d dashboard) ask() (tea.Model, tea.Cmd) {
	if d.quiz == nil {
		return d, nil
	}
	g, c, p, err := classQuestion(*d.quiz, d.asked+1)
	if err != nil {
		d.note = engine.Message(err, d.cat)
		return d, nil
	}
	a, err := engine.Analyze(g, p, c)
	if err != nil || a.Move == nil {
		d.note = d.cat.T("ui.quiz.none")
		return d, nil
	}
	var winning []string
	for _, mv := range a.Winning {
		winning = append(winning, engine.Describe(g, p, mv).Render(d.cat))
	}
	d.winning = strings.Join(winning, "; ")
	if _, err := d.class.Ask(engine.Written(g, p), d.winning); err != nil { // as the game writes it: nim 5 9 + kayles 12 7
		d.note = err.Error()
		return d, nil
	}
	d.position = d.cat.T("ui.dash.asked", gameName(g, d.cat), engine.BriefOf(g, p), d.cat.T("ui.conv."+c.String()))
	d.board = &board.View{Game: g, Pos: p, Conv: c, Still: true, Styles: d.st.Board, Cat: d.cat, Layouts: &board.Layouts{}}
	return d, d.tick()
}

func (d dashboard) tick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{} })
}

// quizLines say where the class's quiz is (the question open, or the one
// closed with its winning moves), then the scores.
func (d dashboard) quizLines(w int) []string {
	cat := d.cat
	var lines []string
	switch {
	case d.quiz != nil && d.open:
		left := max(0, time.Until(d.deadline).Round(time.Second))
		lines = append(lines, d.st.Selected.Render(cat.T("ui.dash.question", d.asked, d.quiz.Questions, int(left.Seconds()), d.answers, len(d.students))))
		lines = append(lines, cat.T("ui.dash.position", d.position))
		lines = append(append(lines, d.questionBoard(w)...), "")
	case d.quiz != nil:
		lines = append(lines, d.st.Selected.Render(cat.T("ui.dash.between", d.asked, d.quiz.Questions)))
		if d.position != "" { // for the class to discuss
			lines = append(lines, d.position)
			lines = append(lines, d.questionBoard(w)...)
			lines = append(lines, text.Wrap(cat.T("ui.dash.winning", d.winning), w)...)
			lines = append(lines, "")
		}
	}
	if len(d.scores) > 0 {
		lines = append(lines, d.st.Bold.Render(cat.T("ui.dash.scores")))
		for i, s := range d.scores {
			score := "ui.dash.score"
			if s.Right == 0 { // no time to give
				score = "ui.dash.score.none"
			}
			lines = append(lines, fmt.Sprintf("%3d. %s %s", i+1, text.PadRight(s.Student.Name, 20),
				cat.T(score, s.Right, s.Wrong, s.Missed, s.Time.Round(100*time.Millisecond).Seconds())))
		}
	}
	return lines
}

// questionBoard is the question's position drawn as the students see it,
// at most a dozen lines.
func (d dashboard) questionBoard(w int) []string {
	if d.board == nil {
		return nil
	}
	v := *d.board
	v.Width, v.Height = w, 12
	return board.Draw(v)
}

// roomLines list the students' rooms: code, players, game, moves made.
func (d dashboard) roomLines(w int) []string {
	if d.info.Rooms == nil {
		return nil
	}
	var rooms []string
	for _, r := range d.info.Rooms.List() {
		players := [2]string{r.Players[0], r.Players[1]}
		for i, p := range players {
			if p == "" {
				players[i] = d.cat.T("ui.dash.room.free")
			}
		}
		rooms = append(rooms, d.cat.T("ui.dash.room", r.Code, players[0], players[1], r.Game, len(r.Moves)))
	}
	if len(rooms) == 0 {
		return nil
	}
	return append(text.Wrap(d.cat.T("ui.dash.rooms", strings.Join(rooms, "; ")), w), "")
}

func (d dashboard) View() string {
	switch {
	case d.width < minWidth || d.height < minHeight:
		return tooSmall(d.cat, d.width, d.height)
	case d.screen == dashForm:
		return d.form.view()
	case d.screen == dashDemo:
		return d.demoView()
	case d.term != nil:
		return d.term.view(d.width, d.height)
	case d.help:
		return d.helpView()
	}
	w := d.width - 2*margin
	cat := d.cat
	lines := []string{d.st.Title.Render("matchgame") + " — " + cat.T("ui.dash.title", len(d.students)), ""}
	lines = append(lines, text.Wrap(cat.T("ui.dash.connect", d.info.Connect), w)...)
	lines = append(lines, d.st.Subtle.Render(cat.T("ui.dash.fingerprint", d.info.Fingerprint)))
	if d.info.Memory != nil {
		lines = append(lines, text.WrapStyled(cat.T("ui.dash.store", d.info.Memory.Store.Path()), w, d.st.Subtle)...)
	}
	lines = append(lines, "")
	lines = append(lines, d.rosterLines(w, max(2, d.height/3))...)
	lines = append(lines, "")
	lines = append(lines, d.roomLines(w)...)
	lines = append(lines, d.lessonLines(w)...)
	lines = append(lines, d.quizLines(w)...)
	if d.note != "" {
		lines = append(lines, "", d.st.Bold.Render(d.note))
	}
	keys := "ui.dash.keys"
	if d.info.Memory != nil {
		keys = "ui.dash.keys.store"
	}
	if d.quiz != nil {
		keys = "ui.dash.keys.quiz"
	}
	if d.lesson != nil {
		keys += ".lesson"
	}
	lines = fit(lines, d.height-1)
	for len(lines) < d.height-1 {
		lines = append(lines, "")
	}
	return frame(append(lines, d.st.Subtle.Render(cat.T(keys))), d.width, d.height)
}
