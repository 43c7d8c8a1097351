package tui

import (
	"os"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
)

// savedMsg reports a handout written to path.
type savedMsg struct {
	path   string
	err    error
	manual bool // the player asked for it: say so on screen
}

// transcript is the game so far as the engine's handout: the moves of a
// game or demo with the analysis of the position before each, or the
// quiz's questions with the answers given.
func (m play) transcript() (engine.Transcript, error) {
	names := map[side]string{human: m.cat.T("ui.who.you"), computer: m.cat.T("ui.who.cpu")}
	tr := engine.Transcript{Kind: "play", Game: m.g, Conv: m.conv, Start: m.start,
		Players: [2]string{names[m.first], names[m.first.other()]}}
	if m.quiz {
		tr.Kind, tr.Players = "quiz", [2]string{names[human], names[computer]}
		tr.Steps = m.quizSteps
		tr.End = m.cat.T("teach.quiz.score", m.right, m.asked)
		return tr, nil
	}
	if m.demo || m.anyDemoMove() {
		tr.Kind = "demo"
	}
	for _, t := range m.history {
		a, err := engine.Analyze(m.g, t.before, m.conv)
		if err != nil {
			return tr, err
		}
		player := 0
		if t.by != m.first {
			player = 1
		}
		tr.Steps = append(tr.Steps, engine.Step{Player: player, Analysis: a, Move: t.move, After: t.after})
	}
	if m.over() {
		won, why := m.verdict()
		tr.End = won + " " + why
	}
	return tr, nil
}

// anyDemoMove reports whether the computer played the player's side.
func (m play) anyDemoMove() bool {
	for _, t := range m.history {
		if t.by == human && t.auto { // not t.kind: a demo's winning move is kind 0 too
			return true
		}
	}
	return false
}

// markdown is the handout in the game's language.
func (m play) markdown() (string, error) {
	tr, err := m.transcript()
	if err != nil {
		return "", err
	}
	return tr.Markdown(m.cat), nil
}

// saveCmd writes the handout to path, or with path "" to a new file named
// after the time in the current directory. The file is written in the
// command, away from Update.
func (m play) saveCmd(path string, manual bool) tea.Cmd {
	md, err := m.markdown()
	if path == "" {
		path = "matchgame-" + time.Now().Format("20060102-150405") + ".md"
	}
	return func() tea.Msg {
		if err != nil {
			return savedMsg{path: path, err: err, manual: manual}
		}
		if abs, aerr := filepath.Abs(path); aerr == nil {
			path = abs
		}
		return savedMsg{path: path, err: os.WriteFile(path, []byte(md), 0o644), manual: manual}
	}
}

// autoSave writes Options.Transcript when the game has ended or a quiz
// question was answered, once for each new state.
func (m *play) autoSave() tea.Cmd {
	if m.opts.Transcript == "" || !m.over() && !m.quiz {
		return nil
	}
	n := len(m.history) + len(m.quizSteps)
	if n == m.autoSaved {
		return nil
	}
	m.autoSaved = n
	return m.saveCmd(m.opts.Transcript, false)
}

// WriteTranscript writes the handout of the game to path: Run calls it
// when the player quits with Options.Transcript set.
func (m play) writeTranscript(path string) error {
	md, err := m.markdown()
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(md), 0o644)
}
