package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
)

// The review, at game over: every move of the person's that handed the
// computer the win, with the position, the move played, a winning move
// and why. From any of them the person can take back to that position
// and try again.

// reviewMode is the review, over the mode of the game it looks back on.
type reviewMode struct {
	back mode
	at   int // the mistake selected, in mistakes()
	keys reviewKeys
}

// reviewKeys are the review's own keys; the game's are off while it is
// open.
type reviewKeys struct {
	Up, Down, Scroll, Again, Close, Quit key.Binding
}

func newReviewKeys() reviewKeys {
	return reviewKeys{
		Up:     key.NewBinding(key.WithKeys("up", "k")),
		Down:   key.NewBinding(key.WithKeys("down", "j")),
		Scroll: key.NewBinding(key.WithKeys("pgup", "pgdown", "ctrl+u", "ctrl+d")),
		Again:  key.NewBinding(key.WithKeys("enter")),
		Close:  key.NewBinding(key.WithKeys("esc", "v", "q")),
		Quit:   key.NewBinding(key.WithKeys("ctrl+c")),
	}
}

func (*reviewMode) enable(_ play, k *KeyMap) { k.off() }
func (r *reviewMode) turn(m play) string     { return r.back.turn(m) }
func (*reviewMode) choosing() bool           { return false }

func (*reviewMode) mover(*play) (*engine.Player, time.Duration, bool) { return nil, 0, false }

// mistakes are the indexes of the person's slips among the turns.
func (m play) mistakes() []int {
	var out []int
	for i, t := range m.match.Turns() {
		if !t.Auto && (t.Side == m.you || m.pairs()) && t.Verdict == engine.Slips {
			out = append(out, i)
		}
	}
	return out
}

func (m *play) openReview() {
	if len(m.mistakes()) == 0 {
		return
	}
	m.mode = &reviewMode{back: m.mode, keys: newReviewKeys()}
	m.syncKeys()
	m.refreshPanel()
}

// key: ↑/↓ choose a mistake, pgup/pgdn scroll it, enter takes back to
// it, esc closes.
func (r *reviewMode) key(m play, msg tea.KeyMsg) (play, tea.Cmd) {
	n := len(m.mistakes())
	switch {
	case key.Matches(msg, r.keys.Up):
		r.at = max(0, r.at-1)
	case key.Matches(msg, r.keys.Down):
		r.at = min(n-1, r.at+1)
	case key.Matches(msg, r.keys.Again):
		turn := m.mistakes()[r.at]
		m.mode = r.back
		m.match.TakeBack(turn)
		m.note, m.noteBad, m.hint, m.lesson = m.cat.T("ui.review.again"), false, 0, ""
		m.settle()
		return m, nil
	case key.Matches(msg, r.keys.Close):
		m.mode = r.back
		m.syncKeys()
	case key.Matches(msg, r.keys.Quit):
		return m, tea.Quit
	case key.Matches(msg, r.keys.Scroll): // the review is longer than the panel: it says pgdn
		m.why, _ = m.why.Update(msg)
		return m, nil
	}
	m.refreshPanel()
	return m, nil
}

// reviewLines are the mistakes, the selected one with its explanation.
func (m play) reviewLines(r *reviewMode, w int) []string {
	lines := text.WrapStyled(m.cat.T(plural("ui.review.title", len(m.mistakes())), len(m.mistakes())), w, m.st.Bold)
	g, turns := m.game(), m.match.Turns()
	for k, i := range m.mistakes() {
		t := turns[i]
		mark, st := "  ", m.st.Subtle
		if k == r.at {
			mark, st = board.Cursor, m.st.Selected
		}
		line := m.cat.T("ui.review.item", i+1, engine.BriefOf(m.game(), t.Before.Position), engine.Describe(g, t.Before.Position, t.Move).Render(m.cat),
			engine.Describe(g, t.Before.Position, *t.Before.Move).Render(m.cat))
		for j, l := range text.Wrap(line, w-2) {
			if j > 0 {
				mark = "  "
			}
			lines = append(lines, mark+st.Render(l))
		}
	}
	t := turns[m.mistakes()[r.at]]
	lines = append(lines, "", m.st.Bold.Render(m.cat.T("ui.review.why", engine.BriefOf(m.game(), t.Before.Position))))
	lines = append(lines, m.explanationLines(t.Before, engine.Answer, w)...)
	return lines
}
