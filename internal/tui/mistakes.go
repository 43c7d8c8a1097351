package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/tui/text"
)

// "Review my mistakes" (serve --class --store): the positions a student
// got wrong, in class or in their games, that spaced repetition says are
// due, asked again one by one as "find the winning move". Each answer is
// kept, and moves the position's next time: later when right, sooner
// when wrong.

// reviewMsg asks the root to open the review of the student's mistakes.
type reviewMsg struct{ opts Options }

// reviewMost is how many positions one review asks at most.
const reviewMost = 10

// mistakesReview is the review: its own model over a game screen that
// asks the question on screen (a quiz of one).
type mistakesReview struct {
	cards  []store.Card
	at     int
	q      play      // the question on screen
	quiz   *quizMode // its quiz of one, shared with q's copies
	kept   bool      // its answer is kept
	right  int
	done   bool
	keep   func(store.Answer) error
	opts   Options
	cat    *assets.Catalog
	st     *Styles
	keys   mistakesKeys
	failed string // a position that could not be asked
	size   tea.WindowSizeMsg
}

// mistakesKeys: the question's keys are the quiz's; esc leaves the
// review, enter goes on once it is over.
type mistakesKeys struct{ Leave, Next key.Binding }

func newMistakesReview(cards []store.Card, keep func(store.Answer) error, opts Options, cat *assets.Catalog, st *Styles, size tea.WindowSizeMsg) mistakesReview {
	r := mistakesReview{cards: cards, keep: keep, opts: opts, cat: cat, st: st, size: size,
		keys: mistakesKeys{Leave: key.NewBinding(key.WithKeys("esc")), Next: key.NewBinding(key.WithKeys("enter", " "))}}
	return r.ask(0)
}

// ask puts position i; past the last, or where a position cannot be
// asked (a game this matchgame no longer knows), the review is done.
func (r mistakesReview) ask(i int) mistakesReview {
	r.at, r.kept = i, false
	if i >= len(r.cards) {
		r.done = true
		return r
	}
	g, c, p, err := gameOfStored(r.cards[i].Position)
	o := r.opts
	o.Quiz, o.Questions, o.Position, o.Explain, o.Menu = true, len(r.cards), p, "", false
	var q play
	if err == nil {
		q, err = newPlayOf(g, c, o, r.cat, r.st)
	}
	if err != nil {
		r.failed, r.done = r.cards[i].Position.Written, true
		return r
	}
	r.quiz, _ = q.mode.(*quizMode)
	r.quiz.asked, r.quiz.right = i, r.right // the counter goes on from the last question's
	q.say(r.quiz.question(q.match, r.cat))
	q, _ = q.update(r.size)
	r.q = q
	return r
}

func (r mistakesReview) update(msg tea.Msg) (mistakesReview, tea.Cmd) {
	if s, ok := msg.(tea.WindowSizeMsg); ok {
		r.size = s
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case r.done || key.Matches(k, r.keys.Leave):
			o := r.opts
			return r, func() tea.Msg { return openMenuMsg{opts: o} }
		case r.quiz.answer != nil && key.Matches(k, r.keys.Next):
			return r.ask(r.at + 1), nil
		}
	}
	if r.done {
		return r, nil
	}
	var cmd tea.Cmd
	r.q, cmd = r.q.update(msg)
	if a := r.quiz.answer; a != nil && !r.kept {
		r.kept = true
		if a.right {
			r.right++
		}
		if r.keep != nil {
			p := a.turn.Before.Position
			_ = r.keep(store.Answer{Kind: "review", Question: r.at + 1, Position: r.cards[r.at].Position,
				Move: storedMove(r.q.game(), p, a.turn.Move, r.cat), Right: a.right, Took: a.took})
		}
	}
	return r, cmd
}

func (r mistakesReview) view() string {
	if !r.done {
		return r.q.view()
	}
	w, h := r.size.Width, r.size.Height
	if w < minWidth || h < minHeight {
		return tooSmall(r.cat, w, h)
	}
	lines := []string{r.st.Title.Render("matchgame") + " — " + r.cat.T("ui.menu.mode.review"), ""}
	if r.failed != "" {
		lines = append(lines, text.WrapStyled(r.cat.T("ui.mistakes.failed", r.failed), w-2*margin, r.st.Bad)...)
	}
	lines = append(lines, text.Wrap(r.cat.T("ui.mistakes.done", r.at, r.right), w-2*margin)...)
	lines = fit(lines, h-1)
	for len(lines) < h-1 {
		lines = append(lines, "")
	}
	return frame(append(lines, r.st.Subtle.Render(r.cat.T("ui.mistakes.keys"))), w, h)
}

// openMistakes opens the review of the student's due mistakes; with none
// due, the menu says so.
func (rt *root) openMistakes(opts Options) (tea.Model, tea.Cmd) {
	if rt.pupil == nil || rt.net == nil || rt.net.Memory == nil {
		return rt, nil
	}
	mem, id := rt.net.Memory, rt.pupil.ID
	cards, err := mem.Store.Due(id, reviewMost)
	if err != nil || len(cards) == 0 {
		rt.menu.reviewDue = 0
		rt.wait(rt.cat().T("ui.mistakes.none"))
		return rt, nil
	}
	keep := func(a store.Answer) error {
		a.Student = id
		return mem.Lesson.Answer(a)
	}
	opts.Lang = rt.cat().Lang
	rt.mistakes = newMistakesReview(cards, keep, opts, rt.cat(), rt.menu.st, rt.size)
	rt.show(screenMistakes)
	return rt, nil
}

// reviewsDue is how many of the student's mistakes are due, for the menu.
func (rt *root) reviewsDue() int {
	if rt.pupil == nil || rt.net == nil || rt.net.Memory == nil {
		return 0
	}
	n, _ := rt.net.Memory.Store.DueCount(rt.pupil.ID)
	return n
}
