package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/serve"
	"matchgame/internal/variants"
)

// The terminal game over SSH: every connection gets its own matchgame,
// drawn for its own terminal and in its own language, writing no file on
// the server. A session can open a room for a classmate, join or watch
// one; in a class it follows the teacher's quiz and demo.

// Network is what the sessions of `matchgame serve` share: the class the
// teacher's dashboard drives (nil without --class) and the rooms.
type Network struct {
	Class *serve.Class
	Rooms *serve.Rooms
	// Lang is the teacher's language: the class report's moves are
	// written in it.
	Lang string
	// Memory is the term kept (serve --store); nil: the class forgets.
	Memory *Memory
}

// SessionApp is the App of `matchgame serve`: each connection opens the
// menu with base's settings, in the client's language when it sent one.
func SessionApp(n *Network, base Options) serve.App {
	return func(s *serve.Session) tea.Model {
		o := base
		o.Menu, o.Remote, o.Transcript = true, true, ""
		if s.Lang != "" {
			o.Lang = s.Lang
		}
		rt, err := newRoot(o, s.Renderer)
		if err != nil {
			return nil
		}
		rt.net, rt.sess = n, s
		rt.size = tea.WindowSizeMsg{Width: s.Width, Height: s.Height}
		if n.Class != nil {
			rt.enterClass() // Init follows the class
		}
		return rt
	}
}

// gameSpec is a game as rooms and class quizzes hand it between sessions
// (serve.Game): typed, with its convention and start (nil: each question
// of a quiz draws its own) and, for a room, the explanations it is played
// with. Nothing reads it back from text.
type gameSpec struct {
	game    engine.Game
	conv    engine.Convention
	start   engine.Position
	explain string
}

// String is the game as the command line writes it, its convention and
// position included ("nim --misere 3 6 9"; "nim 3 5 + kayles 7 --misere";
// "nim + kayles"): what the dashboard and the class report show.
func (s gameSpec) String() string {
	suffix := ""
	if s.conv == engine.Misere {
		suffix = " --misere"
	}
	if sum, ok := s.game.(*engine.Sum); ok {
		if s.start != nil {
			return sum.Spell(s.start) + suffix
		}
		parts := make([]string, len(sum.Parts))
		for i, part := range sum.Parts {
			parts[i] = engine.Spelled(part)
		}
		return strings.Join(parts, " + ") + suffix
	}
	if len(s.start) > 0 {
		suffix += " " + s.start.String()
	}
	return engine.Spelled(s.game) + suffix
}

// specOf is the game a hub handed on: always a gameSpec, as this program
// gives none other.
func specOf(g serve.Game) (gameSpec, error) {
	if s, ok := g.(gameSpec); ok {
		return s, nil
	}
	return gameSpec{}, fmt.Errorf("a game of another kind: %v", g)
}

// moveOf is the engine's move a room or the class handed on: always one,
// as this program hands on none other.
func moveOf(v serve.GameMove) (engine.Move, bool) {
	mv, ok := v.(engine.Move)
	return mv, ok
}

// referee is a room's judge: the engine's match of the room, shared by
// its members' sessions through the registry, which calls it one move at
// a time.
type referee struct {
	mu    sync.Mutex
	match *engine.Match
}

// Play makes move for seat, or says why not.
func (r *referee) Play(seat serve.Seat, move serve.GameMove) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	mv, ok := moveOf(move)
	if !ok {
		return fmt.Errorf("a move of another kind: %v", move)
	}
	if engine.Side(seat) != r.match.ToMove() {
		return engine.Refuse("ui.room.notyourturn")
	}
	_, err := r.match.Play(mv, false, 0)
	return err
}

// ClassQuiz is a class quiz of the game cfg names, its questions drawn
// from seed: refused as the family declares (variants.Able), or when the
// game has no question to ask.
func ClassQuiz(cfg variants.Config, seed int64) (serve.Quiz, error) {
	if err := variants.Able(cfg, variants.ToolClass, false); err != nil {
		return serve.Quiz{}, err
	}
	g, c, err := variants.Lookup(cfg)
	if err != nil {
		return serve.Quiz{}, err
	}
	q := serve.Quiz{Game: gameSpec{game: g, conv: c}, Seed: seed}
	_, _, _, err = classQuestion(q, 1)
	return q, err
}

// classQuestion is question n of a class quiz: every session draws the
// same one from the quiz's seed, so the teacher's report and the
// students' screens agree.
func classQuestion(q serve.Quiz, n int) (engine.Game, engine.Convention, engine.Position, error) {
	s, err := specOf(q.Game)
	if err != nil {
		return nil, 0, nil, err
	}
	r := rand.New(rand.NewPCG(uint64(q.Seed), uint64(n)))
	p, ok := variants.RandomPosition(s.game, s.conv, r)
	if !ok {
		return nil, 0, nil, engine.Refuse("ui.quiz.none")
	}
	return s.game, s.conv, p, nil
}

// moveText is a move as the class report writes it, in the teacher's
// language.
func (n *Network) moveText(g engine.Game, p engine.Position, m engine.Move) string {
	return engine.Describe(g, p, m).Render(assets.Messages(n.Lang))
}
