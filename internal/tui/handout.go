package tui

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
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

// handouts is the handout writer, a component of the game screen:
// Options.Transcript and what was written.
type handouts struct {
	out       *handoutFile // Options.Transcript; nil without one
	savedMD   string       // the handout as last written to Options.Transcript
	lastSaved savedMsg     // the last handout s wrote, and its Markdown
}

// saveCmd writes the handout md for s: to a new file named after the
// time in the current directory, or, with nothing new since the last s,
// names the file already written. The Markdown is made in Update; the
// file is written in the command.
func (h handouts) saveCmd(md string) tea.Cmd {
	if last := h.lastSaved; last.md == md {
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

// saved takes the report of a write and says it: the file is named as
// written (the transcript's only when it went elsewhere), a failure is
// said and the game goes on.
func (h *handouts) saved(msg savedMsg, transcript string, cat *assets.Catalog) said {
	switch {
	case msg.err != nil:
		return said{cat.T("ui.save.failed", msg.path, engine.Cause(msg.err)), true}
	case msg.already:
		return said{cat.T("ui.saved.already", msg.path), false}
	case msg.manual:
		h.lastSaved = savedMsg{path: msg.path, md: msg.md}
		return said{cat.T("ui.saved", msg.path), false}
	case msg.auto && msg.path != transcript:
		return said{cat.T("ui.saved", msg.path), false}
	}
	return said{}
}

// autoWrite writes md to Options.Transcript, once for each new state.
func (h *handouts) autoWrite(md string) tea.Cmd {
	if h.out == nil || md == h.savedMD { // the same game as last written (a rematch of as many moves is not)
		return nil
	}
	h.savedMD = md
	return h.out.writeCmd(md)
}

// writeFile writes Options.Transcript and returns the file written ("" without one).
func (h handouts) writeFile(md string) (string, error) {
	if h.out == nil {
		return "", nil
	}
	return h.out.write(md)
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

// autoSave writes Options.Transcript when the mode says it is time:
// the game has ended, or a quiz question was answered.
func (m *play) autoSave() tea.Cmd {
	if m.out == nil || !m.mode.handoutNow(m.match.Over()) {
		return nil
	}
	return m.handouts.autoWrite(m.markdown())
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// markdown is the handout of the game, demo or quiz so far, in the
// game's language, with the game kept to resume where the mode allows.
func (m play) markdown() string {
	tr, ok := m.mode.transcript(m.cat, m.game())
	if !ok {
		tr = m.teller().transcript()
	}
	block := ""
	if m.mode.resumable() && !m.opts.Remote {
		block = saveBlock(m.match, m.opts, m.you, m.explain, m.cat.Lang)
	}
	return desk.Handout(tr, m.cat) + block
}
