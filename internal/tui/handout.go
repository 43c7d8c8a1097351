package tui

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
)

// Handouts: the game so far as Markdown, written whole or not at all. A
// file is written to a temporary file in its directory and moved into
// place when complete; an existing file is never replaced unless the
// person said --force (s picks a fresh name instead); a failed write
// keeps the game.

// savedMsg reports a handout written to path, or why not.
type savedMsg struct {
	path    string
	err     error
	manual  bool   // the person pressed s: say so on screen
	auto    bool   // Options.Transcript, written as the game went
	md      string // what was written
	already bool   // nothing new since the last s: no new file
}

// saveCmd writes the handout for s: to a new file named after the time
// in the current directory, or, with nothing new since the last s, names
// the file already written. The Markdown is made here in Update; the file
// is written in the command.
func (m *play) saveCmd() tea.Cmd {
	md := m.markdown()
	if last := m.lastSaved; last.md == md {
		if _, err := os.Stat(last.path); err == nil {
			return func() tea.Msg { return savedMsg{path: last.path, manual: true, already: true} }
		}
	}
	path := "matchgame-" + time.Now().Format("20060102-150405") + ".md"
	return func() tea.Msg {
		name, err := desk.WriteFresh(path, []byte(md))
		if abs, aerr := filepath.Abs(name); aerr == nil {
			name = abs
		}
		return savedMsg{path: name, err: err, manual: true, md: md}
	}
}

// writeCmd writes md to the file in a command.
func (h *handoutFile) writeCmd(md string) tea.Cmd {
	return func() tea.Msg {
		path, err := h.write(md)
		return savedMsg{path: path, err: err, auto: true}
	}
}

// handoutFile is Options.Transcript: the first write may not replace a
// file (unless forced); later ones replace the game's own earlier
// handout. A file someone else made there during the game is left alone:
// the handout goes beside it (-2, -3 …). It is shared by every copy of the
// model and the commands that write; writes take turns.
type handoutFile struct {
	mu    sync.Mutex
	path  string // where the handout goes
	force bool
	wrote bool
}

// write writes md and returns the file written.
func (h *handoutFile) write(md string) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	err := desk.Write(h.path, []byte(md), 0o644, h.force || h.wrote)
	if errors.Is(err, desk.ErrExists) {
		h.path, err = desk.WriteFresh(h.path, []byte(md))
	}
	if err == nil {
		h.wrote = true
	}
	return h.path, err
}

// saved takes the report of a write: the file is named as written, a
// failure is said and the game goes on.
func (m *play) saved(msg savedMsg) {
	switch {
	case msg.err != nil:
		m.note, m.noteBad = m.cat.T("ui.save.failed", msg.path, engine.Cause(msg.err)), true
	case msg.already:
		m.note, m.noteBad = m.cat.T("ui.saved.already", msg.path), false
	case msg.manual:
		m.lastSaved = savedMsg{path: msg.path, md: msg.md}
		m.note, m.noteBad = m.cat.T("ui.saved", msg.path), false
	case msg.auto && msg.path != m.opts.Transcript:
		m.note, m.noteBad = m.cat.T("ui.saved", msg.path), false
	}
}

// autoSave writes Options.Transcript when the game has ended or a quiz
// question was answered, once for each new state.
func (m *play) autoSave() tea.Cmd {
	if m.out == nil || !m.match.Over() && m.quiz() == nil {
		return nil
	}
	md := m.markdown()
	if md == m.savedMD { // the same game as last written (a rematch of as many moves is not)
		return nil
	}
	m.savedMD = md
	return m.out.writeCmd(md)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// markdown is the handout of the game, demo or quiz so far, in the
// game's language.
func (m play) markdown() string { return desk.Handout(m.transcript(), m.cat) + m.saveBlock() }

// transcript is the game so far as the engine's handout.
func (m play) transcript() engine.Transcript {
	if q := m.quiz(); q != nil {
		tr := engine.Transcript{Kind: "quiz", Game: m.game(), Conv: q.conv}
		for _, a := range q.log {
			note := m.cat.T("ui.quiz.note.wrong", engine.Describe(m.game(), a.turn.Before.Position, *a.turn.Before.Move).Render(m.cat))
			switch {
			case a.canonical:
				note = m.cat.T("ui.quiz.note.canonical")
			case a.right:
				note = m.cat.T("ui.quiz.note.other")
			}
			tr.Steps = append(tr.Steps, engine.Step{Analysis: a.turn.Before, Move: a.turn.Move, After: a.turn.After, Note: note})
		}
		if len(tr.Steps) > 0 {
			tr.Start = tr.Steps[0].Analysis.Position
		}
		tr.End = m.cat.T("ui.quiz.result", q.right, q.asked)
		return tr
	}
	kind := "play"
	if m.demoGame() {
		kind = "demo"
	}
	tr := m.match.Transcript(kind, [2]string{m.sideTitle(engine.First), m.sideTitle(engine.Second)}, m.cat)
	if m.match.Over() {
		won, why := m.verdict()
		tr.End = sentences(m.cat, won, why)
	}
	return tr
}

// sideTitle is who plays side s, at the start of a sentence.
func (m play) sideTitle(s engine.Side) string {
	if k := m.sideKind(s); k != "player" {
		return m.cat.T("ui.who." + k + ".cap")
	}
	return m.sideName(s)
}

// writeTranscript writes the handout of the game on screen when the
// person quits: Run calls it with Options.Transcript set.
func (m play) writeTranscript() error {
	_, err := m.writeHandoutFile()
	return err
}

// writeHandoutFile writes Options.Transcript and returns the file written
// ("" without one).
func (m play) writeHandoutFile() (string, error) {
	if m.out == nil {
		return "", nil
	}
	return m.out.write(m.markdown())
}
