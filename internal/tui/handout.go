package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
)

// Handouts: the game so far as Markdown, written whole or not at all. A
// file is written to a temporary file in its directory and moved into
// place when complete; an existing file is never replaced unless the
// person said --force (s picks a fresh name instead); a failed write
// keeps the game.

// ErrExists is a handout's destination that exists already.
var ErrExists = errors.New("exists")

// CheckHandout checks before any game starts that a handout can be
// written to path: its directory exists and takes a file, and path is
// free (or force replaces it).
func CheckHandout(path string, force bool) error {
	if path == "" {
		return engine.Refuse("err.handout.empty")
	}
	if st, err := os.Lstat(path); err == nil {
		if st.IsDir() {
			return engine.Refuse("err.handout.dir", path)
		}
		if !force {
			return engine.Refuse("err.handout.exists", path)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return engine.Refuse("err.handout.cannot", path, err.Error())
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".matchgame-*.md")
	if err != nil {
		return engine.Refuse("err.handout.cannot", path, reason(err))
	}
	tmp.Close()
	os.Remove(tmp.Name())
	return nil
}

// reason is an error from the system without the path it repeats.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// WriteHandout writes data to path whole: to a temporary file in the same
// directory, synced, then moved into place. Without replace an existing
// file (or symlink) at path is left alone and the error wraps ErrExists.
func WriteHandout(path string, data []byte, replace bool) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".matchgame-*.md")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer os.Remove(name) // gone once linked or renamed; left only on failure
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, 0o644)
	}
	if err != nil {
		return err
	}
	if replace {
		return os.Rename(name, path)
	}
	// A hard link fails if path exists: no window in which another file
	// could be clobbered.
	if err := os.Link(name, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s: %w", path, ErrExists)
		}
		return err
	}
	return nil
}

// freshName is path, or path with -2, -3 … before its extension: the
// first that does not exist.
func freshName(path string) string {
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	for n := 1; ; n++ {
		name := path
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name
		}
	}
}

// savedMsg reports a handout written to path, or why not.
type savedMsg struct {
	path   string
	err    error
	manual bool // the person pressed s: say so on screen
	auto   bool // Options.Transcript, written as the game went
}

// saveCmd writes the handout: with s to a new file named after the time
// in the current directory, else to Options.Transcript. The Markdown is
// made here in Update; the file is written in the command.
func (m *play) saveCmd(manual bool) tea.Cmd {
	md := m.markdown()
	if manual {
		path := "matchgame-" + time.Now().Format("20060102-150405") + ".md"
		return func() tea.Msg {
			for {
				name := freshName(path)
				err := WriteHandout(name, []byte(md), false)
				if errors.Is(err, ErrExists) { // taken meanwhile: the next name
					continue
				}
				if abs, aerr := filepath.Abs(name); aerr == nil {
					name = abs
				}
				return savedMsg{path: name, err: err, manual: true}
			}
		}
	}
	out := m.out
	return func() tea.Msg { return savedMsg{path: out.path, err: out.write(md), auto: true} }
}

// handoutFile is Options.Transcript: the first write may not replace a
// file (unless forced); later ones replace the game's own earlier
// handout. It is shared by every copy of the model and the commands that
// write, hence the atomic flag.
type handoutFile struct {
	path  string
	force bool
	wrote atomic.Bool
}

func (h *handoutFile) write(md string) error {
	err := WriteHandout(h.path, []byte(md), h.force || h.wrote.Load())
	if err == nil {
		h.wrote.Store(true)
	}
	return err
}

// saved takes the report of a write: the file is named as written, a
// failure is said and the game goes on.
func (m *play) saved(msg savedMsg) {
	switch {
	case msg.err != nil:
		m.note, m.noteBad = m.cat.T("ui.save.failed", msg.path, reason(msg.err)), true
	case msg.manual:
		m.note, m.noteBad = m.cat.T("ui.saved", msg.path), false
	}
}

// autoSave writes Options.Transcript when the game has ended or a quiz
// question was answered, once for each new state.
func (m *play) autoSave() tea.Cmd {
	if m.out == nil || !m.match.Over() && m.quiz == nil {
		return nil
	}
	n := m.match.Played()
	if m.quiz != nil {
		n = len(m.quiz.log) + 1000*btoi(m.quiz.done)
	}
	if n == m.savedAt {
		return nil
	}
	m.savedAt = n
	return m.saveCmd(false)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// markdown is the handout of the game, demo or quiz so far, in the
// game's language.
func (m play) markdown() string {
	return m.transcript().Markdown(m.cat)
}

// transcript is the game so far as the engine's handout.
func (m play) transcript() engine.Transcript {
	if m.quiz != nil {
		tr := engine.Transcript{Kind: "quiz", Game: m.game(), Conv: m.quiz.conv, Players: [2]string{m.cat.T("ui.who.you"), ""}}
		for _, a := range m.quiz.log {
			note := m.cat.T("ui.quiz.note.wrong", m.game().DescribeMove(*a.turn.Before.Move).Render(m.cat))
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
		tr.End = m.cat.T("ui.quiz.result", m.quiz.right, m.quiz.asked)
		return tr
	}
	kind := "play"
	if m.demo.on || m.everDemo() {
		kind = "demo"
	}
	tr := m.match.Transcript(kind, [2]string{m.sideName(engine.First), m.sideName(engine.Second)}, m.cat)
	if m.match.Over() {
		won, why := m.verdict()
		tr.End = sentences(m.cat, won, why)
	}
	return tr
}

// writeTranscript writes the handout of the game on screen when the
// person quits: Run calls it with Options.Transcript set.
func (m play) writeTranscript() error {
	if m.out == nil {
		return nil
	}
	return m.out.write(m.markdown())
}
