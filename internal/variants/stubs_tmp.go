package variants

import (
	"iter"
	"math/rand/v2"

	"matchgame/internal/engine"
)

// Temporary placeholders while the games are written; this file goes away.
type stub struct{ name string }

func (s stub) Name() string         { return s.name }
func (stub) Params() []engine.Param { return nil }
func (s stub) Normalize(p engine.Position) (engine.Position, error) {
	return nil, engine.Refusef("%s: not written yet", s.name)
}
func (s stub) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	return nil, engine.Refusef("%s: not written yet", s.name)
}
func (stub) Moves(engine.Position, int) iter.Seq[engine.Move]           { return func(func(engine.Move) bool) {} }
func (stub) RandomMove(engine.Position, *rand.Rand) (engine.Move, bool) { return engine.Move{}, false }
func (s stub) Solve(engine.Position, engine.Convention) (engine.Solution, error) {
	return engine.Solution{}, engine.Refusef("%s: not written yet", s.name)
}
func (stub) MoveFields(engine.Move) []engine.Field { return nil }
func (stub) DescribeMove(engine.Move) engine.Text  { return engine.T("x") }

type Wythoff struct{ stub }
type Staircase struct{ stub }
type GeorgiaBob struct{ stub }

func NewBash(m int64) (engine.Game, error) { return stub{"bash"}, nil }
