package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
)

// The review, at game over: every move of the person's that handed the
// computer the win, with the position, the move played, a winning move
// and why. From any of them the person can take back to that position
// and try again.

// reviewMode is the review, over the mode of the game it looks back on:
// it answers as that mode does, but for its own keys, its panel and its
// footer.
type reviewMode struct {
	mode     // the mode the review was opened from
	at   int // the mistake selected, in mistakes()
	keys reviewKeys
}

// reviewKeys are the review's own keys; the game's are off while it is
// open.
type reviewKeys struct {
	Up, Down, Scroll, Again, Close, Help, Quit key.Binding
}

func newReviewKeys() reviewKeys {
	return reviewKeys{
		Up:     key.NewBinding(key.WithKeys("up", "k")),
		Down:   key.NewBinding(key.WithKeys("down", "j")),
		Scroll: key.NewBinding(key.WithKeys("pgup", "pgdown", "ctrl+u", "ctrl+d")),
		Again:  key.NewBinding(key.WithKeys("enter")),
		Close:  key.NewBinding(key.WithKeys("esc", "v", "q")),
		Help:   key.NewBinding(key.WithKeys("?")),
		Quit:   key.NewBinding(key.WithKeys("ctrl+c")),
	}
}

// newReview opens the review over mode back.
func newReview(back mode) *reviewMode { return &reviewMode{mode: back, keys: newReviewKeys()} }

func (*reviewMode) enable(_ play, k *KeyMap) { k.off() }
func (*reviewMode) choosing() bool           { return false }
func (*reviewMode) ownKeys() bool            { return true }

func (*reviewMode) mover(*computer, turnNow) (*engine.Player, time.Duration, bool, mode) {
	return nil, 0, false, nil
}

func (*reviewMode) footer(cat *assets.Catalog) string { return cat.T("ui.review.keys") }

// key: ↑/↓ choose a mistake, pgup/pgdn scroll it, enter takes back to
// it, esc closes.
func (r *reviewMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	mistakes := m.teller().mistakes()
	switch {
	case len(mistakes) == 0:
	case key.Matches(msg, r.keys.Up):
		r.at = max(0, r.at-1)
	case key.Matches(msg, r.keys.Down):
		r.at = min(len(mistakes)-1, r.at+1)
	case key.Matches(msg, r.keys.Again):
		m.mode = r.mode
		m.match.TakeBack(mistakes[r.at])
		m.note, m.noteBad, m.hint, m.lesson = m.cat.T("ui.review.again"), false, 0, ""
		m.settle()
		return m, nil
	case key.Matches(msg, r.keys.Close):
		m.mode = r.mode
		m.syncKeys()
	case key.Matches(msg, r.keys.Help): // its keys said whole, as the footer cannot at 60 columns
		m.note, m.noteBad = m.cat.T("ui.review.help"), false
	case key.Matches(msg, r.keys.Quit):
		return m, tea.Quit
	case key.Matches(msg, r.keys.Scroll): // the review is longer than the panel: it says pgdn
		m.why, _ = m.why.Update(msg)
		return m, nil
	}
	m.refreshPanel()
	return m, nil
}

// cover is the mistakes, the selected one with its explanation.
func (r *reviewMode) cover(f facts) []string {
	if len(f.mistakes) == 0 {
		return nil
	}
	cat, st, w := f.tell.cat, f.st, f.w
	lines := text.WrapStyled(cat.T(plural("ui.review.title", len(f.mistakes)), len(f.mistakes)), w, st.Bold)
	g, turns := f.tell.game(), f.tell.match.Turns()
	for k, i := range f.mistakes {
		t := turns[i]
		mark, style := "  ", st.Subtle
		if k == r.at {
			mark, style = board.Cursor, st.Selected
		}
		line := cat.T("ui.review.item", i+1, engine.BriefOf(g, t.Before.Position), t.Before.Describe(t.Move).Render(cat),
			t.Before.Describe(*t.Before.Move).Render(cat))
		for j, l := range text.Wrap(line, w-2) {
			if j > 0 {
				mark = "  "
			}
			lines = append(lines, mark+style.Render(l))
		}
	}
	t := turns[f.mistakes[min(r.at, len(f.mistakes)-1)]]
	lines = append(lines, "", st.Bold.Render(cat.T("ui.review.why", engine.BriefOf(g, t.Before.Position))))
	return append(lines, f.explanationLines(engine.Full(t.Before), engine.Answer)...)
}
