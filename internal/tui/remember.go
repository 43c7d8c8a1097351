package tui

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/serve"
	"matchgame/internal/tui/serve/store"
	"matchgame/internal/variants"
)

// A class that remembers (serve --class --store): a student is known by
// their key, their answers and games are kept in the term's store, and
// their mistakes come back for review. This file is the glue between the
// screens and the store: who a session is, and positions and moves in
// the store's words (the game's JSON fields and its sentences, never
// the engine's Move itself).

// Memory is the term the class keeps: the store and the lesson under way.
type Memory struct {
	Store  *store.Store
	Lesson *store.Lesson
}

// namedMsg is the name a student typed on the name screen.
type namedMsg struct{ name string }

// enterClass puts the session in the class: as the student the store
// knows by its key, after asking a new key's name; as a guest without a
// key; as today without a store. It returns the commands that follow the
// class, or none while the name is asked.
func (rt *root) enterClass() tea.Cmd {
	n, s := rt.net, rt.sess
	if n.Memory == nil {
		rt.student, rt.joined = n.Class.Join(s.Context(), s.User)
		return nil
	}
	if s.Key != "" {
		if st, ok, err := n.Memory.Store.Known(s.Key); err == nil && ok {
			return rt.joinAs(st)
		}
		if !s.Named { // an SSH user name is often the hint's "student": ask
			rt.asking = newNameAsk(s.User, rt.cat(), rt.menu.st, rt.size)
			return nil
		}
	}
	return rt.named(s.User)
}

// named enrols the session under name (a guest without a key); a name
// another key holds is asked again.
func (rt *root) named(name string) tea.Cmd {
	name = strings.TrimSpace(name)
	st, err := rt.net.Memory.Store.Enrol(rt.sess.Key, name)
	switch {
	case errors.Is(err, store.ErrNameHeld):
		if rt.asking == nil {
			rt.asking = newNameAsk("", rt.cat(), rt.menu.st, rt.size)
		}
		rt.asking.refuse(name)
		return nil
	case err != nil: // the store failed: the lesson goes on, as a guest
		rt.student, rt.joined = rt.net.Class.Join(rt.sess.Context(), name)
		rt.asking = nil
		return tea.Batch(rt.listenClass(), rt.catchUp())
	}
	return rt.joinAs(st)
}

// joinAs joins the class as st, marked present in the lesson.
func (rt *root) joinAs(st store.Student) tea.Cmd {
	mem := rt.net.Memory
	_ = mem.Lesson.Attend(&st)
	rt.pupil, rt.asking = &st, nil
	rt.student, rt.joined = rt.net.Class.JoinAs(rt.sess.Context(), serve.Who{User: rt.sess.User, Name: st.Name, Key: st.Key, Before: st.Before, Record: st.ID})
	rt.menu.reviewDue = st.Due
	return tea.Batch(rt.listenClass(), rt.catchUp())
}

// remembering takes the messages of a class that remembers, after the
// root's own (ctrl+c, sizes, the class's events): the name screen takes
// every one until a name is given, reviewMsg opens the review of
// mistakes, and the review takes its screen's. It reports whether it
// took msg.
func (rt *root) remembering(msg tea.Msg) (tea.Cmd, bool) {
	switch {
	case rt.asking != nil:
		if n, ok := msg.(namedMsg); ok {
			return rt.named(n.name), true
		}
		if s, ok := msg.(tea.WindowSizeMsg); ok {
			rt.menu, _ = rt.menu.update(s)
		}
		var cmd tea.Cmd
		*rt.asking, cmd = rt.asking.update(msg)
		return cmd, true
	case rt.screen == screenMistakes:
		var cmd tea.Cmd
		rt.mistakes, cmd = rt.mistakes.update(msg)
		return cmd, true
	}
	if r, ok := msg.(reviewMsg); ok {
		_, cmd := rt.openMistakes(r.opts)
		return cmd, true
	}
	return nil, false
}

// storedPosition is p of game g in convention c as the store keeps it.
func storedPosition(g engine.Game, c engine.Convention, p engine.Position) store.Position {
	cfg, _ := json.Marshal(configOf(g, c))
	nums, _ := json.Marshal(p)
	return store.Position{Family: g.Name(), Game: string(cfg), Numbers: string(nums), Written: gameSpec{game: g, conv: c, start: p}.String()}
}

// gameOfStored is the game, convention and position the store kept.
func gameOfStored(p store.Position) (engine.Game, engine.Convention, engine.Position, error) {
	var cfg variants.Config
	var nums engine.Position
	if err := errors.Join(json.Unmarshal([]byte(p.Game), &cfg), json.Unmarshal([]byte(p.Numbers), &nums)); err != nil {
		return nil, 0, nil, err
	}
	g, c, err := variants.Lookup(cfg)
	if err != nil {
		return nil, 0, nil, err
	}
	pos, err := g.Normalize(nums)
	return g, c, pos, err
}

// storedMove is move m from p as the store keeps it: the game's JSON
// fields and its words in cat's language.
func storedMove(g engine.Game, p engine.Position, m engine.Move, cat *assets.Catalog) store.Move {
	return store.Move{Fields: string(desk.MoveJSON(g, p, &m)), Said: engine.Describe(g, p, m).Render(cat)}
}

// keepAnswer is the class's keeper of a student's answer to its quiz:
// nil outside a store.
func (c *classMode) keepAnswer(g engine.Game, ans quizAnswer) func(serve.Answer) error {
	if c.pupil == nil || c.net.Memory == nil {
		return nil
	}
	mem, id, cat := c.net.Memory, c.pupil.ID, assets.Messages(c.net.Lang)
	p := ans.turn.Before.Position
	return func(a serve.Answer) error {
		return mem.Lesson.Answer(store.Answer{Student: id, Kind: "class", Question: a.Question, Position: storedPosition(g, ans.conv, p),
			Move: storedMove(g, p, ans.turn.Move, cat), Right: a.Right, Took: a.Took})
	}
}

// keepMissed keeps a class question the student left unanswered as one
// to review (outside a store, nothing).
func (c *classMode) keepMissed(g engine.Game, conv engine.Convention, p engine.Position) {
	if c.pupil != nil && c.net.Memory != nil {
		_ = c.net.Memory.Lesson.Missed(c.pupil.ID, storedPosition(g, conv, p))
	}
}

// keepGame keeps a game the student played against the computer, once it
// is over, with each of their mistakes.
func (rt *root) keepGame() {
	m := rt.play
	if rt.pupil == nil || rt.net == nil || rt.net.Memory == nil || rt.kept == m.match || !m.match.Over() || m.opts.pairs() || !m.mode.ownGame() {
		return
	}
	rt.kept = m.match
	g, c, cat := m.game(), m.match.Conv, assets.Messages(rt.net.Lang)
	kept := store.Game{Student: rt.pupil.ID, Family: g.Name(), Won: m.match.Winner() == m.you, Moves: m.match.Played(),
		Start: gameSpec{game: g, conv: c, start: m.match.Start}.String()}
	cfg, _ := json.Marshal(configOf(g, c))
	kept.Game = string(cfg)
	for _, i := range m.teller().mistakes() {
		t := m.match.Turns()[i]
		p := t.Before.Position
		kept.Mistakes = append(kept.Mistakes, store.Mistake{Turn: i + 1, Position: storedPosition(g, c, p),
			Played: storedMove(g, p, t.Move, cat), Better: storedMove(g, p, *t.Before.Move, cat)})
	}
	_ = rt.net.Memory.Lesson.Game(kept)
	rt.menu.reviewDue, _ = rt.net.Memory.Store.DueCount(rt.pupil.ID)
}

// OpenMemory opens the term's store of a class (--store PATH, the default
// file, or none with --store off) and begins the lesson; nil without a
// class or with off.
func OpenMemory(path string, given, class bool) (*Memory, error) {
	switch {
	case given && !class:
		return nil, engine.Refuse("err.serve.store.class")
	case !class || path == "off":
		return nil, nil
	case !given:
		var err error
		if path, err = store.DefaultPath(); err != nil {
			return nil, engine.Refuse("err.serve.store", path, err.Error())
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, engine.Refuse("err.serve.store", path, err.Error())
		}
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() { // its directory is the user's to make
		return nil, engine.Refuse("err.serve.store.dir", path)
	}
	s, err := store.Open(path, store.Options{})
	if err != nil {
		return nil, store.Refusal(err, path, "err.serve.store")
	}
	lesson, err := s.Begin()
	if err != nil {
		s.Close()
		return nil, store.Refusal(err, path, "err.serve.store")
	}
	return &Memory{Store: s, Lesson: lesson}, nil
}

// Close ends the lesson, keeping its length, and closes the file; nothing
// for no memory.
func (m *Memory) Close() {
	if m == nil {
		return
	}
	_ = m.Lesson.End()
	_ = m.Store.Close()
}
