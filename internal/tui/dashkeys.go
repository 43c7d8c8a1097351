package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"matchgame/assets"
)

// dashKeys are the dashboard's keys, for the help ? opens: those that do
// nothing now (a quiz's while none runs, the term's without a store, the
// lesson's without a plan) are off, so the help lists what works.
type dashKeys struct {
	Quiz, Demo, Next, Close, EndQuiz key.Binding
	Review, Term, Step, Back         key.Binding
	Report, EndClass, Help           key.Binding
}

func newDashKeys(cat *assets.Catalog) dashKeys {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, cat.T(desc)))
	}
	return dashKeys{
		Quiz:     b("q", "ui.dash.key.quiz", "q"),
		Demo:     b("d", "ui.dash.key.demo", "d"),
		Next:     b("n", "ui.dash.key.next", "n"),
		Close:    b("c", "ui.dash.key.close", "c"),
		EndQuiz:  b("e", "ui.dash.key.endquiz", "e"),
		Review:   b("m", "ui.dash.key.review", "m"),
		Term:     b("t", "ui.dash.key.term", "t"),
		Step:     b("tab", "ui.dash.key.step", lessonNext),
		Back:     b("shift+tab", "ui.dash.key.back", lessonBack),
		Report:   b("w", "ui.dash.key.report", "w"),
		EndClass: b("x/esc", "ui.dash.key.end", "x", "esc"),
		Help:     b("?/esc", "ui.dash.key.help", "?"),
	}
}

// keysNow are the keys with those that do nothing now off.
func (d dashboard) keysNow() dashKeys {
	k := newDashKeys(d.cat)
	quiz := d.quiz != nil
	setEnabled(!quiz, &k.Quiz, &k.Demo)
	setEnabled(quiz, &k.Next, &k.Close, &k.EndQuiz)
	setEnabled(d.info.Memory != nil, &k.Review, &k.Term)
	setEnabled(d.lesson != nil, &k.Step, &k.Back)
	return k
}

func (k dashKeys) ShortHelp() []key.Binding { return []key.Binding{k.Help} }

// FullHelp is the help ? opens, in columns: the quiz and the demo, the
// term and the lesson, the class.
func (k dashKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Quiz, k.Demo, k.Next, k.Close, k.EndQuiz}, {k.Review, k.Term, k.Step, k.Back},
		{k.Report, k.EndClass, k.Help}}
}

// helpView is the dashboard's help: its keys and what they do.
func (d dashboard) helpView() string {
	lines := []string{d.st.Title.Render("matchgame") + " — " + d.cat.T("ui.dash.help.title"), ""}
	lines = append(lines, d.st.fullHelp(d.width, d.keysNow().FullHelp())...)
	lines = fit(lines, d.height)
	return frame(lines, d.width, d.height)
}
