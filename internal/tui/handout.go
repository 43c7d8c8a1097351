package tui

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
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
		if err := replaceable(path); err != nil {
			why := engine.T("err.handout.special")
			if errors.Is(err, errReadOnly) {
				why = engine.T("err.handout.readonly")
			}
			return engine.Refuse("err.handout.keep", path, why)
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

// writing counts the handouts being written: a game ended by a signal
// while its autosave runs waits for it (WaitWrites), or the process would
// end between the temporary file and its rename and leave it behind (the
// chaos run found one).
var writing sync.WaitGroup

// WaitWrites waits for the handouts being written, at most d.
func WaitWrites(d time.Duration) {
	done := make(chan struct{})
	go func() { writing.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// WriteHandout writes data to path whole: to a temporary file in the same
// directory, synced, then moved into place. Without replace an existing
// file (or symlink) at path is left alone and the error wraps ErrExists;
// with it, only a regular file the user may write is replaced (see
// replaceable): never a symlink, a device or a read-only file.
func WriteHandout(path string, data []byte, replace bool) error {
	writing.Add(1)
	defer writing.Done()
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
		if err := replaceable(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", path, err)
		}
		return os.Rename(name, path)
	}
	// A hard link fails if path exists: no window in which another file
	// could be clobbered.
	err = link(name, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s: %w", path, ErrExists)
	case errors.Is(err, syscall.EPERM), errors.Is(err, errors.ErrUnsupported):
		return claimAndRename(name, path)
	}
	return err
}

// Why --force leaves a path alone.
var (
	errSpecial  = errors.New("it is not a regular file (a link, a device, a pipe): --force replaces only a file")
	errReadOnly = errors.New("it is read-only: --force replaces only a file one may write")
)

// replaceable says whether --force may replace path: only a regular file
// the user may write, never a symlink or a device (a handout must not
// turn /dev/null into a file). fs.ErrNotExist when there is nothing.
func replaceable(path string) error {
	st, err := os.Lstat(path)
	switch {
	case err != nil:
		return err
	case !st.Mode().IsRegular():
		return errSpecial
	case st.Mode().Perm()&0o200 == 0, syscall.Access(path, 2) != nil: // no write bit (root too), or not ours to write
		return errReadOnly
	}
	return nil
}

// link is os.Link; a test stands in a file system without hard links.
var link = os.Link

// claimAndRename moves the complete file tmp to path on a file system
// without hard links (a FAT memory stick): path is claimed by creating it
// empty, only if it does not exist, then replaced whole by tmp.
func claimAndRename(tmp, path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	if err != nil {
		return err
	}
	f.Close()
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(path) // the empty file claimed above, no one else's
		return err
	}
	return nil
}

// writeFresh writes data to path or, when that is taken, to the first
// free one of path-2, path-3 …; it returns the name written.
func writeFresh(path string, data []byte) (string, error) {
	var err error
	for range 1000 {
		name := freshName(path)
		if err = WriteHandout(name, data, false); !errors.Is(err, ErrExists) { // taken meanwhile: the next
			return name, err
		}
	}
	return path, err
}

// freshName is path, or path with -2, -3 … before its extension: the
// first that is not there. A name that cannot even be looked at is
// returned too: writing it says why.
func freshName(path string) string {
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	for n := 1; ; n++ {
		name := path
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		if _, err := os.Lstat(name); err != nil {
			return name
		}
	}
}

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
		name, err := writeFresh(path, []byte(md))
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
	err := WriteHandout(h.path, []byte(md), h.force || h.wrote)
	if errors.Is(err, ErrExists) {
		h.path, err = writeFresh(h.path, []byte(md))
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
		m.note, m.noteBad = m.cat.T("ui.save.failed", msg.path, reason(msg.err)), true
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
func (m play) markdown() string { return Handout(m.transcript(), m.cat) + m.saveBlock() }

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

// Handout writes a transcript as Markdown a teacher can print or show in
// a Markdown viewer: the rules and the key idea at the top, then each
// position with its board and verdict, the reasons as paragraphs, boards
// and tables in fenced blocks no wider than 80 columns, the move made; a
// review of the mistakes of a game a person played; the result.
func Handout(tr engine.Transcript, cat *assets.Catalog) string {
	var b strings.Builder
	para := func(s string) { b.WriteString(s + "\n\n") }
	fence := func(lines []string) {
		if len(lines) > 0 {
			b.WriteString("```text\n" + strings.Join(lines, "\n") + "\n```\n\n")
		}
	}
	g := tr.Game
	name := gameName(g, cat)
	para("# " + cat.T("handout.title."+tr.Kind, name, engine.BriefOf(g, tr.Start)))
	params := map[string]string{}
	for _, p := range g.Params() {
		params[p.Name] = p.String()
	}
	para(cat.T("handout.rules", cat.T(gameKey(cat, "about", g.Name(), params)), cat.T("convention."+tr.Conv.String()+".sentence")))
	if tr.Kind == "quiz" {
		para(cat.T("handout.rules.quiz"))
	} else {
		para(cat.T("handout.players", tr.Players[0], tr.Players[1]))
	}
	para(cat.T("handout.keyidea", cat.T(gameKey(cat, "key", g.Name(), params))))
	para(cat.T("handout.legend"))
	for i, s := range tr.Steps {
		p := s.Analysis.Position
		if tr.Kind == "quiz" {
			para("## " + cat.T("handout.question", i+1, engine.BriefOf(tr.Game, p)))
		} else {
			para("## " + cat.T("handout.move", i+1, tr.Players[s.Player], engine.BriefOf(tr.Game, p)))
		}
		fence(boardLines(g, tr.Conv, p, cat))
		para(s.Analysis.Summary().Render(cat))
		var table []string
		for _, blk := range s.Analysis.Explanation.Shown(engine.Answer) {
			switch t := blk.(type) {
			case engine.Text:
				fence(table)
				table = nil
				para(t.Render(cat))
			case engine.Sentence:
				fence(table)
				table = nil
				para(t.Render(cat))
			default:
				table = append(table, blk.Lines(engine.PlainLayout(cat))...)
			}
		}
		fence(table)
		move := engine.Describe(g, s.Analysis.Position, s.Move).Render(cat)
		if tr.Kind == "quiz" {
			para("**" + cat.T("handout.answered", move, engine.BriefOf(tr.Game, s.After)) + "**")
		} else {
			para("**" + cat.T("handout.played", tr.Players[s.Player], move, engine.BriefOf(tr.Game, s.After)) + "**")
		}
		if s.Note != "" {
			para(s.Note)
		}
	}
	if len(tr.Review) > 0 {
		para("## " + cat.T("handout.review"))
		for _, s := range tr.Review {
			n := slices.IndexFunc(tr.Steps, func(x engine.Step) bool {
				return x.Analysis.Position.String() == s.Analysis.Position.String() && x.Move == s.Move
			})
			after, _ := engine.Analyze(g, s.After, tr.Conv)
			b.WriteString("- " + cat.T("handout.review.item", n+1, engine.BriefOf(tr.Game, s.Analysis.Position), tr.Players[s.Player],
				engine.Describe(g, s.Analysis.Position, s.Move).Render(cat), after.Reason.Render(cat), engine.Describe(g, s.Analysis.Position, *s.Analysis.Move).Render(cat)) + "\n")
		}
		b.WriteString("\n")
	}
	if tr.End != "" {
		para("## " + cat.T("handout.result"))
		para(tr.End)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// handoutRows is the most rows of a board a handout draws.
const handoutRows = 16

// boardLines draws position p as the terminal game would, without colour,
// selection or preview, at most 78 columns wide and handoutRows tall.
func boardLines(g engine.Game, c engine.Convention, p engine.Position, cat *assets.Catalog) []string {
	v := board.View{Game: g, Pos: p, Conv: c, Disclosure: engine.Teach, Still: true, Width: 78, Height: handoutRows, Values: true,
		Styles: plainStyles().Board, Cat: cat}
	rows := board.Size(v)
	lines, notes := board.Rows(v, 0, min(rows, handoutRows))
	if rows > handoutRows {
		lines = append(lines, cat.T("handout.more", rows-handoutRows))
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return append(lines, notes...)
}

var (
	plainOnce sync.Once
	plain     *Styles
)

// plainStyles are styles that draw no colour: for handouts.
func plainStyles() *Styles {
	plainOnce.Do(func() {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.Ascii)
		plain = NewStyles(Themes[0], r)
	})
	return plain
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
