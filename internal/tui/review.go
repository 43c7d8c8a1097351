package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
	"matchgame/internal/tui/text"
)

// The review, at game over: every move of the person's that handed the
// computer the win, with the position, the move played, a winning move
// and why. From any of them the person can take back to that position
// and try again.

type reviewState struct {
	at int // the mistake selected, in mistakes()
}

// mistakes are the indexes of the person's slips among the turns.
func (m play) mistakes() []int {
	var out []int
	for i, t := range m.match.Turns() {
		if !t.Auto && t.Side == m.you && t.Verdict == engine.Slips {
			out = append(out, i)
		}
	}
	return out
}

func (m *play) openReview() {
	if len(m.mistakes()) == 0 {
		return
	}
	m.review = &reviewState{}
	m.syncKeys()
	m.refreshPanel()
}

// reviewKey: ↑/↓ choose a mistake, enter takes back to it, esc closes.
func (m play) reviewKey(msg tea.KeyMsg) (play, tea.Cmd) {
	n := len(m.mistakes())
	switch s := msg.String(); {
	case s == "up" || s == "k":
		m.review.at = max(0, m.review.at-1)
	case s == "down" || s == "j":
		m.review.at = min(n-1, m.review.at+1)
	case s == "enter":
		turn := m.mistakes()[m.review.at]
		m.review = nil
		m.match.TakeBack(turn)
		m.note, m.noteBad, m.hint, m.lesson = m.cat.T("ui.review.again"), false, 0, ""
		m.settle()
		return m, nil
	case s == "esc", s == "v", s == "q": // the keys of the game are off while it is open
		m.review = nil
		m.syncKeys()
	case s == "ctrl+c":
		return m, tea.Quit
	}
	m.refreshPanel()
	return m, nil
}

// reviewLines are the mistakes, the selected one with its explanation.
func (m play) reviewLines(w int) []string {
	lines := text.WrapStyled(m.cat.T(plural("ui.review.title", len(m.mistakes())), len(m.mistakes())), w, m.st.Bold)
	g, turns := m.game(), m.match.Turns()
	for k, i := range m.mistakes() {
		t := turns[i]
		mark, st := "  ", m.st.Subtle
		if k == m.review.at {
			mark, st = board.Cursor, m.st.Selected
		}
		line := m.cat.T("ui.review.item", i+1, t.Before.Position.Brief(), g.DescribeMove(t.Move).Render(m.cat),
			g.DescribeMove(*t.Before.Move).Render(m.cat))
		for j, l := range text.Wrap(line, w-2) {
			if j > 0 {
				mark = "  "
			}
			lines = append(lines, mark+st.Render(l))
		}
	}
	t := turns[m.mistakes()[m.review.at]]
	lines = append(lines, "", m.st.Bold.Render(m.cat.T("ui.review.why", t.Before.Position.Brief())))
	lines = append(lines, m.explanationLines(t.Before, engine.Answer, w)...)
	return lines
}
