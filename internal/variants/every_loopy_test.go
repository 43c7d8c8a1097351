package variants

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"matchgame/internal/engine"
)

// everyJoint is the reference for Every-SG sums whose games loop: a
// retrograde analysis over the positions of the whole sum, each turn a
// joint move (one move in every component that has one; a component that
// names the mover's pieces turned round where it has none), the sum won,
// lost or drawn. It shares nothing with the engine's analysis but the
// games' own moves.
type everyJoint struct {
	s     *engine.Sum
	index map[string]int32
	pos   []engine.Position
	succ  [][]int32 // each joint move's position, in natural order
	moves [][][]engine.Move
	out   []engine.Outcome
	memo  map[string]engine.EveryAnalysis // AnalyzeEvery's answers met so far
}

// analysis is AnalyzeEvery's answer at p, asked once.
func (e *everyJoint) analysis(t *testing.T, c engine.Convention, p engine.Position) engine.EveryAnalysis {
	t.Helper()
	key := p.String()
	if a, ok := e.memo[key]; ok {
		return a
	}
	a, err := engine.AnalyzeEvery(e.s, p, c)
	if err != nil {
		t.Fatalf("%s %v: %v", e.s.Spell(p), c, msg(err))
	}
	e.memo[key] = a
	return a
}

// jointTurns are p's joint moves in natural order (component 1's move
// changing slowest) and the positions they leave.
func jointTurns(s *engine.Sum, p engine.Position) ([][]engine.Move, []engine.Position) {
	ps := s.Partwise(p)
	choices := [][]engine.Move{nil}
	for i, q := range ps {
		var ms []engine.Move
		for m := range s.Parts[i].Moves(q, 0) {
			m.Part = i
			ms = append(ms, m)
		}
		if len(ms) == 0 {
			continue
		}
		var next [][]engine.Move
		for _, prefix := range choices {
			for _, m := range ms {
				next = append(next, append(slices.Clone(prefix), m))
			}
		}
		choices = next
	}
	if len(choices) == 1 && choices[0] == nil {
		return nil, nil
	}
	after := make([]engine.Position, len(choices))
	for k, joint := range choices {
		after[k] = jointApply(s, ps, joint)
	}
	return choices, after
}

// jointApply is the position one turn leaves: each named component moved,
// each other turned round if it names the mover's pieces.
func jointApply(s *engine.Sum, ps []engine.Position, joint []engine.Move) engine.Position {
	qs := slices.Clone(ps)
	moved := make([]bool, len(ps))
	for _, m := range joint {
		inner := m
		inner.Part = 0
		q, err := s.Parts[m.Part].Apply(ps[m.Part], inner)
		if err != nil {
			panic(err)
		}
		qs[m.Part], moved[m.Part] = q, true
	}
	for i := range qs {
		if t, ok := s.Parts[i].(engine.Turner); ok && !moved[i] {
			qs[i] = t.Turn(qs[i])
		}
	}
	return s.Join(qs)
}

// newEveryJoint analyses every position of s reachable from the starts in
// convention c; nil past limit positions.
func newEveryJoint(s *engine.Sum, c engine.Convention, limit int, starts ...engine.Position) *everyJoint {
	e := &everyJoint{s: s, index: map[string]int32{}, memo: map[string]engine.EveryAnalysis{}}
	for _, p := range starts {
		e.add(p)
	}
	for i := 0; i < len(e.pos); i++ {
		joints, after := jointTurns(s, e.pos[i])
		next := make([]int32, len(after))
		for k, q := range after {
			next[k] = e.add(q)
		}
		if len(e.pos) > limit {
			return nil
		}
		e.succ, e.moves = append(e.succ, next), append(e.moves, joints)
	}
	preds := make([][]int32, len(e.pos))
	left := make([]int, len(e.pos))
	e.out = make([]engine.Outcome, len(e.pos))
	var queue []int32
	for i, next := range e.succ {
		left[i] = len(next)
		for _, j := range next {
			preds[j] = append(preds[j], int32(i))
		}
		e.out[i] = engine.D
		if len(next) == 0 { // no move anywhere: the last move won (normal play) or lost
			e.out[i] = engine.P
			if c == engine.Misere {
				e.out[i] = engine.N
			}
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		for _, i := range preds[j] {
			if e.out[i] != engine.D {
				continue
			}
			if e.out[j] == engine.P {
				e.out[i] = engine.N
				queue = append(queue, i)
			} else if left[i]--; left[i] == 0 {
				e.out[i] = engine.P
				queue = append(queue, i)
			}
		}
	}
	return e
}

func (e *everyJoint) add(p engine.Position) int32 {
	key := p.String()
	if i, ok := e.index[key]; ok {
		return i
	}
	e.index[key] = int32(len(e.pos))
	e.pos = append(e.pos, p)
	return int32(len(e.pos) - 1)
}

func (e *everyJoint) outcome(p engine.Position) engine.Outcome { return e.out[e.index[p.String()]] }

// winning counts p's joint moves to lost positions.
func (e *everyJoint) winning(p engine.Position) int64 {
	var n int64
	for _, j := range e.succ[e.index[p.String()]] {
		if e.out[j] == engine.P {
			n++
		}
	}
	return n
}

// checkEvery holds AnalyzeEvery at p to the reference: the outcome; from
// an N-position the winning move leaves a lost position (the one it
// names), and the count is the reference's; perfect play keeps a win and
// a draw. It reports p's outcome.
func (e *everyJoint) checkEvery(t *testing.T, c engine.Convention, p engine.Position) engine.Outcome {
	t.Helper()
	s := e.s
	a := e.analysis(t, c, p)
	want := e.outcome(p)
	if a.Outcome != want || a.Count.Int64() != e.winning(p) {
		t.Fatalf("%s %v every: %v with %v winning; the whole sum's analysis %v with %d", s.Spell(p), c, a.Outcome, a.Count, want, e.winning(p))
	}
	after := func(joint []engine.Move) engine.Outcome {
		q := jointApply(s, s.Partwise(p), joint)
		if _, ok := e.index[q.String()]; !ok {
			t.Fatalf("%s %v every: %v is no turn from here", s.Spell(p), c, joint)
		}
		return e.outcome(q)
	}
	switch {
	case (a.Move == nil) != (e.winning(p) == 0):
		t.Fatalf("%s %v every: the move %v, with %d winning", s.Spell(p), c, a.Move, e.winning(p))
	case a.Move != nil && (after(a.Move) != engine.P || !slices.Equal(a.After, jointApply(s, s.Partwise(p), a.Move))):
		t.Fatalf("%s %v every: the winning move %v leaves %v (%s)", s.Spell(p), c, a.Move, after(a.Move), s.Spell(a.After))
	case want == engine.N && len(a.Play) > 0 && after(a.Play) != engine.P:
		t.Fatalf("%s %v every: perfect play %v hands over the win", s.Spell(p), c, a.Play)
	case want == engine.D && after(a.Play) != engine.D:
		t.Fatalf("%s %v every: perfect play %v loses the draw", s.Spell(p), c, a.Play)
	}
	if len(a.Explanation().Lines(assetsEN)) < 3 {
		t.Fatalf("%s %v every: %q", s.Spell(p), c, a.Explanation().Lines(assetsEN))
	}
	return want
}

// winnerEnds follows the winner's move from p, an N-position, and every
// reply of the loser; it names a position met again on the way ("" when
// none): the winner ends the play whatever the loser does (state 1 on the
// path, 2 done).
func (e *everyJoint) winnerEnds(t *testing.T, c engine.Convention, p engine.Position, state map[string]int) string {
	key := p.String()
	switch state[key] {
	case 1:
		return key
	case 2:
		return ""
	}
	state[key] = 1
	a := e.analysis(t, c, p)
	if a.Move == nil && e.winning(p) > 0 {
		t.Fatalf("%s %v: no winning move", e.s.Spell(p), c)
	}
	if a.Move == nil { // no move left: won in misère play
		state[key] = 2
		return ""
	}
	for _, j := range e.succ[e.index[a.After.String()]] {
		if r := e.pos[j]; e.out[j] == engine.N {
			if cycle := e.winnerEnds(t, c, r, state); cycle != "" {
				return cycle
			}
		}
	}
	state[key] = 2
	return ""
}

// loopyParts are the games with cycles the check sums: small random
// graphs (one token or two), the pool's graph with draws, Northcott's
// game on rows of 4 and 5 cells (one row or two; normal play only).
func loopyParts(t *testing.T, r *rand.Rand, graphs int) []component {
	var out []component
	for range graphs {
		g, err := NewGraph(randomLoopy(r, 3+r.IntN(3)), "")
		if err != nil {
			t.Fatal(err)
		}
		vs := g.Vertices()
		c := component{game: g}
		for _, v := range vs {
			c.positions = append(c.positions, engine.Position{v})
		}
		c.positions = append(c.positions, engine.Position{vs[0], vs[len(vs)-1]})
		out = append(out, c)
	}
	loopy, err := NewGraph("1>2 2>1 2>3 4>4 4>3 5>4 6>6 6>1", "")
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, component{loopy, []engine.Position{pos(1), pos(2), pos(3), pos(4), pos(6), pos(2, 5)}})
	for _, w := range []int64{4, 5} {
		g := lookup(t, "northcott", map[string]string{"width": fmt.Sprint(w)})
		c := component{game: g}
		for a := int64(1); a <= w; a++ {
			for b := int64(1); b <= w; b++ {
				if a != b {
					c.positions = append(c.positions, pos(a, b))
				}
			}
		}
		c.positions = append(c.positions, pos(1, 3, w, 1), pos(2, w, 1, 2))
		out = append(out, c)
	}
	return out
}

// normalOnly reports whether a game is played in normal play only.
func normalOnly(g engine.Game) bool {
	spec, _, ok := Find(g.Name())
	return ok && spec.NormalOnly
}

// TestEverySGLoopy: Every-SG sums of a game with cycles (random graphs,
// the pool's graph with draws, Northcott's game) and small games (Nim,
// Bash, Kayles, another loopy game), in both conventions where the game
// has them: at every position of the sum the reference reaches from its
// starts (quick: a third of them), AnalyzeEvery's outcome and count of
// winning moves are the whole sum's retrograde analysis's, its winning
// move leaves a lost position, perfect play keeps a win and a draw; and
// from every N-position the winner's moves end the play whatever the
// loser does.
func TestEverySGLoopy(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3595, 7))
	loopies := loopyParts(t, r, thorough(8, 40))
	small := []component{
		{lookup(t, "nim", nil), []engine.Position{pos(0), pos(1), pos(2), pos(1, 2)}},
		{lookup(t, "bash", map[string]string{"max": "2"}), []engine.Position{pos(1), pos(3), pos(4)}},
		{lookup(t, "kayles", nil), []engine.Position{pos(2), pos(3)}},
	}
	var sums, positions, draws, infinite int
	outcomes := map[engine.Outcome]int{}
	check := func(parts []component, picks [][]engine.Position) {
		s := sumOfParts(t, parts)
		conventions := []engine.Convention{engine.Normal, engine.Misere}
		if slices.ContainsFunc(parts, func(c component) bool { return normalOnly(c.game) }) {
			conventions = conventions[:1]
		}
		starts := make([]engine.Position, len(picks))
		for i, ps := range picks {
			starts[i] = s.Join(ps)
		}
		for _, c := range conventions {
			e := newEveryJoint(s, c, 1<<16, starts...)
			if e == nil {
				t.Fatalf("%s: more positions than the bound", s.Spell(starts[0]))
			}
			sums++
			state := map[string]int{}                      // winnerEnds's, shared: each position followed once
			whole := e.analysis(t, c, starts[0]).Whole > 0 // searched whole: each analysis a search
			for i, p := range e.pos {
				if i >= len(starts) && i%thorough(3, 1) != 0 {
					continue
				}
				o := e.checkEvery(t, c, p)
				outcomes[o]++
				positions++
				if o == engine.N && (!whole || thorough(i < len(starts), true)) {
					if cycle := e.winnerEnds(t, c, p, state); cycle != "" {
						t.Fatalf("%s %v: the winner's moves circle through %s", s.Spell(p), c, cycle)
					}
				}
			}
			for _, p := range starts {
				a := e.analysis(t, c, p)
				if a.Outcome == engine.D && a.Whole == 0 {
					draws++
				}
				if slices.Contains(a.Steps, engine.Forever) {
					infinite++
				}
			}
		}
	}
	for _, l := range loopies {
		for _, o := range small {
			var picks [][]engine.Position
			for _, p := range l.positions {
				for _, q := range o.positions {
					picks = append(picks, []engine.Position{p, q})
				}
			}
			check([]component{l, o}, picks)
		}
	}
	// Three games, and two that loop.
	for i, l := range loopies[:3] {
		nc := loopies[len(loopies)-2]
		check([]component{l, small[0], small[1]}, [][]engine.Position{{l.positions[0], pos(1, 2), pos(3)}, {l.positions[1], pos(2), pos(4)}})
		check([]component{l, loopies[len(loopies)-3]}, [][]engine.Position{{l.positions[0], pos(2)}, {l.positions[i], pos(2, 5)}, {l.positions[1], pos(6)}})
		check([]component{nc, l}, [][]engine.Position{{pos(1, 3), l.positions[0]}, {pos(2, 1), l.positions[1]}})
	}
	if outcomes[engine.N] == 0 || outcomes[engine.P] == 0 || outcomes[engine.D] == 0 || draws == 0 || infinite == 0 {
		t.Fatalf("outcomes %v, %d draws and %d games of ∞ steps at the starts: the check is not checking them all", outcomes, draws, infinite)
	}
	t.Logf("%d sums, %d positions agree with the whole sum's analysis (%v); %d starts drawn, %d with a game of ∞ steps", sums, positions, outcomes, draws, infinite)
}

// checkEveryLoopy holds AnalyzeEvery to the whole sum's retrograde
// analysis at each start of picks (checkEvery), in both conventions where
// the games have them; it reports how many positions it checked.
func checkEveryLoopy(t *testing.T, s *engine.Sum, parts []component, picks [][]engine.Position) int {
	t.Helper()
	conventions := []engine.Convention{engine.Normal, engine.Misere}
	if slices.ContainsFunc(parts, func(c component) bool { return normalOnly(c.game) }) {
		conventions = conventions[:1]
	}
	starts := make([]engine.Position, len(picks))
	for i, ps := range picks {
		starts[i] = s.Join(ps)
	}
	checked := 0
	for _, c := range conventions {
		e := newEveryJoint(s, c, 1<<18, starts...)
		if e == nil {
			t.Fatalf("%s: more positions than the bound", s.Spell(starts[0]))
		}
		for _, p := range starts {
			e.checkEvery(t, c, p)
			checked++
		}
	}
	return checked
}
