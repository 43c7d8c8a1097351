package engine

import (
	"math"
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"
)

// Every-SG (HDU 3595): a sum whose player moves in every component that
// still has a move, each turn. The game lasts as long as its longest
// component, so what counts is each component's remoteness ("steps"):
// the number of moves it lasts when the player who wins it alone makes it
// last and the other ends it as soon as they can (贾志豪, IOI 2009
// national team paper),
//
//	steps(X) = 0                              X has no move
//	steps(X) = 1 + max steps(Y), Y a P-option  X is an N-position
//	steps(X) = 1 + min steps(Y), Y any option  X is a P-position
//
// with N and P of X played alone in the convention. Steps are odd exactly
// at N-positions in normal play, at P-positions in misère play. The player
// to move wins the sum iff the largest steps is odd in normal play (they
// make the last move), even in misère play (the opponent does): the winner
// W of the longest component A keeps A going one step at a time, while
// the opponent can shorten it by at most one a turn, and ends each
// component W loses within its steps, no longer than A.
//
// Where a component's play can come back to a position, the same steps
// (the winner's) can be ∞, a component can be a draw, and a loser can
// escape into a draw: each player's steps and the other's hold-outs then
// decide (every_loopy.go, and the proof at AnalyzeEvery). Where a
// component passes the turn, no number per component decides, and the
// whole sum is searched (every_whole.go).

// EverySearchLimit bounds the positions of one component whose steps are
// found by search.
const EverySearchLimit = 100_000

// EveryAnalysis is what the engine says about a position of an Every-SG
// sum.
type EveryAnalysis struct {
	Sum        *Sum
	Convention Convention
	Position   Position
	Outcome    Outcome
	// Steps is each component's steps (its winner's, Forever where they
	// can go on as long as they like), Wins whether the player to move
	// wins it alone, Alone its outcome alone (D: a draw). Nil where the
	// sum is searched whole.
	Steps []int64
	Wins  []bool
	Alone []Outcome
	// Move is the canonical winning move: one move in each component that
	// has one, the first such choice in natural order (component by
	// component) that wins; nil from a P-position. Where a component
	// loops, the winner hurries instead, so that play ends: the choice
	// hurryWinning makes, or where the sum is searched whole the first of
	// those nearest the end. After is the position it leaves. Count counts
	// every winning choice.
	Move  []Move
	After Position
	Count *big.Int
	// Play is the move perfect play makes: make each component the mover
	// wins last, and end each it loses as soon as it can (from a
	// P-position, the longest resistance; from a draw, a move that keeps
	// it).
	Play []Move
	// Whole is how many positions of the whole sum were searched, where a
	// component passes the turn (every_whole.go); 0 where each component
	// counts by its steps. Remoteness is then the turns left when the
	// winner hurries and the loser holds out.
	Whole      int
	Remoteness int64

	stands []standing  // each component's standing
	loopy  bool        // a component loops: the winner hurries (hurryWinning)
	sides  [2][2]int64 // the largest steps and hold-out of the player to move, then of the opponent
}

// option is one move of a component with the standing it leaves, seen
// from the opponent, who moves there next.
type option struct {
	move Move
	st   standing
}

// won reports whether the option leaves a position the opponent loses
// alone: then it counts by the mover's steps there (a), else by the
// opponent's hold-out there (b).
func (o option) won() bool { return o.st.out == P }

// value is a (the mover's steps) for a won option, else b.
func (o option) value() int64 {
	if o.won() {
		return o.st.steps
	}
	return o.st.hold[1]
}

// AnalyzeEvery analyzes p as an Every-SG position of s in convention c,
// in time linear in the components: the steps of a component come from
// its game's closed form (Remote) or from one search per game, shared by
// its components (20,000 components of five games search five times).
//
// Where a game's play can come back to a position (every_loopy.go), each
// component counts by its standing, and a player Z (to move or not) wins
// the sum iff Z's steps in some component A exceed every hold-out h_Z of
// the other player in the others. If so, Z ends every other component as
// soon as they can (each then ends by its h_Z, or with Z's last move) and
// makes A last longer than that, ending it with Z's last move. If not,
// let B be a component with the largest h_Z: the other holds B out (it
// never ends, or ends with their last move at h_Z or later), and in each
// other component, where Z's steps are at most h_Z, keeps Z from making a
// last move after h_Z; so Z never makes the sum's last move. Where
// neither player wins, the sum is a draw. In a sum whose play always
// ends, this is the parity of the longest steps.
//
// A sum with a component that passes the turn (Turner: where its player
// to move has no move, the other may have one) is searched whole
// (every_whole.go).
func AnalyzeEvery(s *Sum, p Position, c Convention) (EveryAnalysis, error) {
	p, err := s.Normalize(p)
	if err != nil {
		return EveryAnalysis{}, err
	}
	if i := turnerPart(s); i >= 0 {
		return analyzeEveryWhole(s, p, c, i)
	}
	ps := s.must(p)
	a := EveryAnalysis{Sum: s, Convention: c, Position: p, Steps: make([]int64, len(ps)), Wins: make([]bool, len(ps)), Alone: make([]Outcome, len(ps)), Count: new(big.Int)}
	opts := make([][]option, len(ps))
	stands := make([]standing, len(ps))
	searches := map[string]*remoteness{} // a game's positions searched once for all its components
	for i, q := range ps {
		g := s.Parts[i]
		key := Spelled(g)
		r, ok := searches[key]
		if !ok {
			r = newRemoteness(g, c)
			searches[key] = r
		}
		r.found = 0
		st, ok := r.of(q)
		if !ok {
			return EveryAnalysis{}, Refuse("err.every.search", i+1, g.Name(), EverySearchLimit)
		}
		stands[i] = st
		a.Steps[i], a.Wins[i], a.Alone[i] = st.steps, st.out == N, st.out
		for m := range g.Moves(q, 0) {
			after, err := g.Apply(q, m)
			if err != nil {
				return EveryAnalysis{}, err
			}
			st, ok := r.of(after) // known: q was searched whole
			if !ok {
				return EveryAnalysis{}, Refuse("err.every.search", i+1, g.Name(), EverySearchLimit)
			}
			m.Part = i
			opts[i] = append(opts[i], option{m, st})
		}
	}
	a.loopy, a.stands = loopyPart(s) >= 0, stands
	a.Outcome, a.sides = everyOutcome(stands)
	a.Play = perfectPlay(opts, a.Outcome)
	if a.Outcome == N {
		if a.loopy {
			a.Move = hurryWinning(opts)
		} else {
			a.Move = firstWinning(opts)
		}
		a.Count = countWinning(opts)
	}
	if a.Move != nil {
		if a.After, err = s.ApplyEach(p, a.Move); err != nil {
			return EveryAnalysis{}, err
		}
	}
	return a, nil
}

// none is the steps or hold-out a player does not have: below every
// number.
const none int64 = math.MinInt64

// everyOutcome decides the sum from its games' standings: the player to
// move wins iff their largest steps exceeds every hold-out the opponent
// has against them, loses iff the opponent's does; else it is a draw.
// sides are the largest steps and hold-out of each, the player to move's
// first.
func everyOutcome(stands []standing) (Outcome, [2][2]int64) {
	sides := [2][2]int64{{none, none}, {none, none}}
	for _, st := range stands {
		if st.out == N {
			sides[0][0] = max(sides[0][0], st.steps)
		} else {
			sides[0][1] = max(sides[0][1], st.hold[0])
		}
		if st.out == P {
			sides[1][0] = max(sides[1][0], st.steps)
		} else {
			sides[1][1] = max(sides[1][1], st.hold[1])
		}
	}
	switch {
	case sides[0][0] > sides[0][1]:
		return N, sides
	case sides[1][0] > sides[1][1]:
		return P, sides
	}
	return D, sides
}

// everyWins: the player to move wins a sum whose longest component lasts
// top moves.
func everyWins(top int64, c Convention) bool {
	if c == Misere {
		return top%2 == 0
	}
	return top%2 == 1
}

// ApplyEach makes one move in each of the components moves name, at once:
// an Every-SG turn (20,000 components are written once, not once a move).
// The turn passes in the others too: one whose position names the
// mover's pieces (Turner) is turned round.
func (s *Sum) ApplyEach(p Position, moves []Move) (Position, error) {
	ps, err := s.Split(p)
	if err != nil {
		return nil, err
	}
	next := slices.Clone(ps)
	var moved []bool // which components moved, where one passes the turn
	if s.turner {
		moved = make([]bool, len(ps))
	}
	for _, m := range moves {
		if m.Part < 0 || m.Part >= len(ps) {
			return nil, Refuse("err.sum.nopart", m.Part+1, len(ps))
		}
		inner := m
		inner.Part = 0
		if next[m.Part], err = s.Parts[m.Part].Apply(next[m.Part], inner); err != nil {
			return nil, s.inPart(m.Part, err)
		}
		if moved != nil {
			moved[m.Part] = true
		}
	}
	for i := range moved {
		if t, ok := s.Parts[i].(Turner); ok && !moved[i] {
			next[i] = t.Turn(next[i])
		}
	}
	return s.Join(next), nil
}

// perfectPlay is the move perfect play makes. From an N-position it keeps
// each component the mover wins going (the first move to a lost position
// with the most steps) and ends each other soonest (the first with the
// smallest hold-out), which wins if any choice does. Elsewhere it holds
// out: in each component the first move to a position the opponent does
// not win with the longest hold-out for the mover, else the first with
// the fewest steps for the opponent; no choice leaves the opponent less.
func perfectPlay(opts [][]option, o Outcome) []Move {
	var play []Move
	for _, os := range opts {
		if len(os) == 0 {
			continue
		}
		best := -1
		if o == N {
			keep := slices.ContainsFunc(os, option.won)
			for j, o := range os {
				if keep && o.won() && (best < 0 || o.value() > os[best].value()) ||
					!keep && (best < 0 || o.value() < os[best].value()) {
					best = j
				}
			}
		} else {
			hold := slices.ContainsFunc(os, func(o option) bool { return o.st.out != N })
			for j, o := range os {
				if hold && o.st.out != N && (best < 0 || o.st.hold[0] > os[best].st.hold[0]) ||
					!hold && (best < 0 || o.st.steps < os[best].st.steps) {
					best = j
				}
			}
		}
		play = append(play, os[best].move)
	}
	return play
}

// A choice of one option in each component wins iff the largest a among
// its won options exceeds the largest b among the others (AnalyzeEvery).

// firstWinning is the first choice, component by component in natural
// order, whose position left loses for the opponent.
func firstWinning(opts [][]option) []Move {
	rest := suffixes(opts)
	var moves []Move
	a, b := none, none // the largest a and b chosen so far
	for i, os := range opts {
		if len(os) == 0 {
			continue
		}
		found := false
		for _, o := range os {
			na, nb := a, b
			if o.won() {
				na = max(na, o.value())
			} else {
				nb = max(nb, o.value())
			}
			if rest[i+1].completes(na, nb) {
				moves, a, b, found = append(moves, o.move), na, nb, true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return moves
}

// suffix is what the components from one on offer a choice: top, the
// largest a of all their won options, which some choice takes; and least,
// the largest b the components with no won option must take at the least
// (each its smallest).
type suffix struct{ top, least int64 }

// suffixes are the suffixes of opts from each component on (and the
// empty one past the last), in one pass from the end.
func suffixes(opts [][]option) []suffix {
	out := make([]suffix, len(opts)+1)
	out[len(opts)] = suffix{none, none}
	for i := len(opts) - 1; i >= 0; i-- {
		x := out[i+1]
		if lo, ok := leastHold(opts[i]); ok {
			x.least = max(x.least, lo)
		}
		for _, o := range opts[i] {
			if o.won() {
				x.top = max(x.top, o.value())
			}
		}
		out[i] = x
	}
	return out
}

// leastHold is the smallest b of a component with options and no won
// one; false for another.
func leastHold(os []option) (int64, bool) {
	if len(os) == 0 || slices.ContainsFunc(os, option.won) {
		return 0, false
	}
	lo := os[0].value()
	for _, o := range os {
		lo = min(lo, o.value())
	}
	return lo, true
}

// completes reports whether the components of the suffix can be moved so
// that, with a and b chosen before them, the choice wins: taking the
// largest a on offer and the least b, the largest a exceeds every b.
func (x suffix) completes(a, b int64) bool {
	return max(a, x.top) > max(b, x.least)
}

// hurryWinning is the winning choice of a sum with a game that loops: the
// winner hurries, so that play ends. Each component with no won option
// takes its smallest hold-out b (they all fall by two a turn, and end);
// each other the won option nearest its end (least remoteness). If no
// such a exceeds every b taken, one component takes instead the smallest
// a that does (then the least remoteness): once the others have ended,
// every component hurries.
func hurryWinning(opts [][]option) []Move {
	least := none
	for _, os := range opts {
		if lo, ok := leastHold(os); ok {
			least = max(least, lo)
		}
	}
	pick := make([]int, len(opts))
	top := none
	anchor, at := -1, -1 // the component and option that exceed least, if needed
	for i, os := range opts {
		pick[i] = -1
		keep := slices.ContainsFunc(os, option.won)
		for j, o := range os {
			switch {
			case keep && o.won() && (pick[i] < 0 || o.st.rem < os[pick[i]].st.rem):
				pick[i] = j
			case !keep && (pick[i] < 0 || o.value() < os[pick[i]].value()):
				pick[i] = j
			}
			if o.won() && o.value() > least && (anchor < 0 || hurriesMore(o, opts[anchor][at])) {
				anchor, at = i, j
			}
		}
		if keep && pick[i] >= 0 {
			top = max(top, os[pick[i]].value())
		}
	}
	if top <= least {
		if anchor < 0 {
			return nil
		}
		pick[anchor] = at
	}
	var moves []Move
	for i, j := range pick {
		if j >= 0 {
			moves = append(moves, opts[i][j].move)
		}
	}
	return moves
}

// hurriesMore: won option o has the smaller a than p, or the same and is
// nearer its end.
func hurriesMore(o, p option) bool {
	return o.value() < p.value() || o.value() == p.value() && o.st.rem < p.st.rem
}

// countWinning counts the winning choices. Those whose largest a is t
// win when every b is below t: G(t), the product over the components of
// their options with a ≤ t or b < t, less G'(t), those with a < t or
// b < t. Each choice that wins is counted at its largest a.
func countWinning(opts [][]option) *big.Int {
	var values []int64
	for _, os := range opts {
		for _, o := range os {
			if o.won() {
				values = append(values, o.value())
			}
		}
	}
	slices.Sort(values)
	values = slices.Compact(values)
	// For each t ascending a component's counts grow as t passes its
	// options, so each is sorted once and read with pointers.
	as := make([][]int64, len(opts))
	bs := make([][]int64, len(opts))
	for i, os := range opts {
		for _, o := range os {
			if o.won() {
				as[i] = append(as[i], o.value())
			} else {
				bs[i] = append(bs[i], o.value())
			}
		}
		slices.Sort(as[i])
		slices.Sort(bs[i])
	}
	below, upTo, bBelow := make([]int, len(opts)), make([]int, len(opts)), make([]int, len(opts))
	count := new(big.Int)
	for _, t := range values {
		g, g2 := make([]*big.Int, 0, len(opts)), make([]*big.Int, 0, len(opts))
		empty := false
		for i := range opts {
			if len(opts[i]) == 0 {
				continue
			}
			for below[i] < len(as[i]) && as[i][below[i]] < t {
				below[i]++
			}
			for upTo[i] < len(as[i]) && as[i][upTo[i]] <= t {
				upTo[i]++
			}
			for bBelow[i] < len(bs[i]) && bs[i][bBelow[i]] < t {
				bBelow[i]++
			}
			if upTo[i]+bBelow[i] == 0 {
				empty = true
				break
			}
			g = append(g, big.NewInt(int64(upTo[i]+bBelow[i])))
			g2 = append(g2, big.NewInt(int64(below[i]+bBelow[i])))
		}
		if empty { // some component has no option below t: G(t) = G'(t) = 0
			continue
		}
		count.Add(count, new(big.Int).Sub(product(g), product(g2)))
	}
	return count
}

// product multiplies the numbers pairwise, a tree of products: the
// counts of 20,000 components multiply in some 15 rounds of long numbers
// rather than 20,000 multiplications of an ever longer one.
func product(ns []*big.Int) *big.Int {
	if len(ns) == 0 {
		return big.NewInt(1)
	}
	for len(ns) > 1 {
		var next []*big.Int
		for i := 0; i < len(ns); i += 2 {
			if i+1 < len(ns) {
				next = append(next, new(big.Int).Mul(ns[i], ns[i+1]))
			} else {
				next = append(next, ns[i])
			}
		}
		ns = next
	}
	return ns[0]
}

// remoteness finds a component's steps: by the game's own Remote where it
// has one, else by search; the memo is kept for the game's other
// components, each of which may add at most EverySearchLimit positions. A
// game that loops is searched by retrograde analysis (every_loopy.go),
// each search at most EverySearchLimit positions, kept for the positions
// of the game's other components it reached.
type remoteness struct {
	game  Game
	conv  Convention
	found int // positions this component's search added
	memo  map[string]struct {
		steps int64
		wins  bool
	}
	loops  bool
	solved map[string]solvedAt // a loopy game's positions, by key
}

// solvedAt is a position in a loopy game's search.
type solvedAt struct {
	search *loopySearch
	at     int32
}

func newRemoteness(g Game, c Convention) *remoteness {
	l, loops := g.(Loopy)
	return &remoteness{game: g, conv: c, memo: map[string]struct {
		steps int64
		wins  bool
	}{}, loops: loops && l.Loopy(), solved: map[string]solvedAt{}}
}

// of is q's standing; false past the search's limit.
func (r *remoteness) of(q Position) (standing, bool) {
	if r.loops {
		return r.retrograde(q)
	}
	if rg, ok := r.game.(Remote); ok {
		if st, err := rg.Remoteness(q, r.conv); err == nil {
			return standingOf(st, everyWins(st, r.conv)), true
		}
	}
	st, wins, ok := r.search(q, 0)
	return standingOf(st, wins), ok
}

// retrograde is q's standing in a game that loops: from a search that
// reached q before, or a new one from q.
func (r *remoteness) retrograde(q Position) (standing, bool) {
	if at, ok := r.solved[string(q.AppendKey(nil))]; ok {
		return at.search.stand[at.at], true
	}
	l, index, ok := searchLoopy(r.game, r.conv, q, EverySearchLimit)
	if !ok {
		return standing{}, false
	}
	for k, i := range index {
		if _, ok := r.solved[k]; !ok {
			r.solved[k] = solvedAt{l, i}
		}
	}
	return l.stand[0], true
}

func (r *remoteness) search(q Position, depth int) (int64, bool, bool) {
	key := q.String()
	if v, ok := r.memo[key]; ok {
		return v.steps, v.wins, true
	}
	if r.found >= EverySearchLimit || depth >= maxSearchDepth {
		return 0, false, false
	}
	var win, lose []int64 // steps of the options that lose / win for the opponent
	for m := range r.game.Moves(q, 0) {
		after, err := r.game.Apply(q, m)
		if err != nil {
			panic("engine: a generated move is illegal: " + err.Error())
		}
		st, w, ok := r.search(after, depth+1)
		if !ok {
			return 0, false, false
		}
		if w {
			lose = append(lose, st)
		} else {
			win = append(win, st)
		}
	}
	var v struct {
		steps int64
		wins  bool
	}
	switch {
	case len(win) == 0 && len(lose) == 0:
		v.wins = r.conv == Misere // no move: the last move was the opponent's
	case len(win) > 0:
		v.steps, v.wins = 1+slices.Max(win), true
	default:
		v.steps = 1 + slices.Min(lose)
	}
	r.memo[key] = v
	r.found++
	return v.steps, v.wins, true
}

// Joint says a move of every component in words: "in game 1, take 1 from
// heap 1; in game 2, …".
func (a EveryAnalysis) Joint(moves []Move) Text {
	ps := a.Sum.must(a.Position)    // once: 20,000 moves are said against it
	offsets := make([]int, len(ps)) // and the places before each component counted once
	for i := 1; i < len(ps); i++ {
		offsets[i] = offsets[i-1] + a.Sum.Parts[i-1].Places(ps[i-1])
	}
	parts := make([]Text, len(moves))
	for i, m := range moves {
		if m.Part < 0 || m.Part >= len(ps) {
			parts[i] = a.Sum.DescribeMove(m)
			continue
		}
		parts[i] = a.Sum.describeIn(ps, m, offsets[m.Part])
	}
	return T("every.joint", JoinTexts(parts))
}

// JoinTexts is texts said one after another, separated as a list of moves.
type JoinTexts []Text

// Render says each text in tr's language, joined by the list separator.
func (j JoinTexts) Render(tr Translator) string {
	out := make([]string, len(j))
	for i, t := range j {
		out[i] = t.Render(tr)
	}
	sep := tr.T("every.sep")
	if sep != "" && sep[len(sep)-1] < utf8.RuneSelf { // ASCII punctuation takes a space after it
		sep += " "
	}
	return strings.Join(out, sep)
}

// Summary is the one-sentence verdict.
func (a EveryAnalysis) Summary() Text {
	switch {
	case a.Move != nil:
		return T("summary.win.leaving", a.Joint(a.Move), a.Sum.Brief(a.After))
	case a.Outcome == N:
		return T("summary.won.misere")
	case a.Outcome == D:
		return T("summary.draw")
	case len(a.Play) == 0:
		return T("summary.lost.over")
	}
	return T("summary.lose")
}

// Explanation says why, with each component's steps; where a component
// loops, with its standing; where the sum was searched whole, with the
// search's result.
func (a EveryAnalysis) Explanation() Explanation {
	ps := a.Sum.must(a.Position)
	var e Explanation
	switch {
	case a.Whole > 0:
		e = a.explainWhole()
	case a.loopy:
		e = a.explainLoopy(ps)
	default:
		e = a.explainSteps(ps)
	}
	if a.Move != nil {
		count := any(a.Count)
		if a.Count.IsInt64() {
			count = a.Count.Int64()
		}
		e = append(e, Reveal(T("every.move", a.Joint(a.Move))), T("winning.count", count))
	} else if len(a.Play) > 0 {
		e = append(e, Reveal(T("every.hold", a.Joint(a.Play))))
	}
	return e
}

// explainSteps: each component's steps, and the parity of the longest.
func (a EveryAnalysis) explainSteps(ps []Position) Explanation {
	e := Explanation{T("every.intro", len(ps))}
	var top int64
	e = a.eachPart(e, ps, func(i int, title Text) Text {
		who := "every.part.loses"
		if a.Wins[i] {
			who = "every.part.wins"
		}
		return T(who, i+1, title, a.Steps[i])
	})
	for _, st := range a.Steps {
		top = max(top, st)
	}
	rule := "every.rule." + a.Convention.String()
	if a.Outcome == N {
		rule += ".win"
	} else {
		rule += ".lose"
	}
	return append(e, T(rule, top))
}

// explainLoopy: each component's steps and hold-outs, and the rule that
// compares them.
func (a EveryAnalysis) explainLoopy(ps []Position) Explanation {
	e := Explanation{T("every.intro", len(ps)), T("every.loopy.intro")}
	e = a.eachPart(e, ps, func(i int, title Text) Text {
		st := a.stands[i]
		switch st.out {
		case N:
			return T("every.loopy.part.wins", i+1, title, moves(st.steps), moves(st.hold[1]))
		case P:
			return T("every.loopy.part.loses", i+1, title, moves(st.steps), moves(st.hold[0]))
		}
		return T("every.loopy.part.draw", i+1, title, moves(st.hold[0]), moves(st.hold[1]))
	})
	me, other := a.sides[0], a.sides[1]
	switch a.Outcome {
	case N:
		return append(e, T("every.loopy.rule.win", moves(me[0]), moves(me[1])))
	case P:
		return append(e, T("every.loopy.rule.lose", moves(other[0]), moves(other[1])))
	}
	return append(e, T("every.loopy.rule.draw", moves(me[0]), moves(me[1]), moves(other[0]), moves(other[1])))
}

// explainWhole: why the sum was searched whole, and what the search found.
func (a EveryAnalysis) explainWhole() Explanation {
	i := turnerPart(a.Sum)
	e := Explanation{T("every.whole.intro", len(a.Sum.Parts)), T("every.whole.why", i+1, a.Sum.Parts[i].Name(), a.Whole)}
	switch a.Outcome {
	case N:
		return append(e, T("every.whole.win", a.Remoteness))
	case P:
		return append(e, T("every.whole.lose", a.Remoteness))
	}
	return append(e, T("every.whole.draw"))
}

// eachPart appends a line for each component, up to maxSumRows of them.
func (a EveryAnalysis) eachPart(e Explanation, ps []Position, line func(i int, title Text) Text) Explanation {
	for i, q := range ps {
		if i == maxSumRows && len(ps) > maxSumRows+1 {
			return append(e, T("sum.parts.more", len(ps)-i))
		}
		e = append(e, line(i, a.Sum.partTitle(i, q)))
	}
	return e
}

// moves is a number of moves as an explanation says it: ∞ for Forever,
// "none" for a player who has none.
func moves(n int64) any {
	switch n {
	case Forever:
		return T("every.ever")
	case none:
		return T("every.none")
	}
	return n
}
