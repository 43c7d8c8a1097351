package engine

import (
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
	// Steps is each component's remoteness, Wins whether the player to
	// move wins it alone.
	Steps []int64
	Wins  []bool
	// Move is the canonical winning move: one move in each component that
	// has one, the first such choice in natural order (component by
	// component) that wins; nil from a P-position. After is the position it
	// leaves. Count counts every winning choice.
	Move  []Move
	After Position
	Count *big.Int
	// Play is the move perfect play makes: make each component the mover
	// wins last, and end each it loses as soon as it can (from a
	// P-position, the longest resistance).
	Play []Move
}

// option is one move of a component with the steps and outcome it leaves.
type option struct {
	move  Move
	steps int64
	lost  bool // the position left is a P-position of the component alone
}

// AnalyzeEvery analyzes p as an Every-SG position of s in convention c,
// in time linear in the components: the steps of a component come from
// its game's closed form (Remote) or from one search per game, shared by
// its components (20,000 components of five games search five times).
func AnalyzeEvery(s *Sum, p Position, c Convention) (EveryAnalysis, error) {
	p, err := s.Normalize(p)
	if err != nil {
		return EveryAnalysis{}, err
	}
	if i := loopyPart(s); i >= 0 {
		return EveryAnalysis{}, Refuse("err.every.loopy", i+1, s.Parts[i].Name())
	}
	ps := s.must(p)
	a := EveryAnalysis{Sum: s, Convention: c, Position: p, Steps: make([]int64, len(ps)), Wins: make([]bool, len(ps)), Count: new(big.Int)}
	opts := make([][]option, len(ps))
	searches := map[string]*remoteness{} // a game's positions searched once for all its components
	var top int64
	for i, q := range ps {
		g := s.Parts[i]
		key := Spelled(g)
		r, ok := searches[key]
		if !ok {
			r = newRemoteness(g, c)
			searches[key] = r
		}
		r.found = 0
		st, win, ok := r.of(q)
		if !ok {
			return EveryAnalysis{}, Refuse("err.every.search", i+1, g.Name(), EverySearchLimit)
		}
		a.Steps[i], a.Wins[i] = st, win
		top = max(top, st)
		for m := range g.Moves(q, 0) {
			after, err := g.Apply(q, m)
			if err != nil {
				return EveryAnalysis{}, err
			}
			st, win, ok := r.of(after) // known: q was searched whole
			if !ok {
				return EveryAnalysis{}, Refuse("err.every.search", i+1, g.Name(), EverySearchLimit)
			}
			m.Part = i
			opts[i] = append(opts[i], option{m, st, !win})
		}
	}
	a.Outcome = P
	if everyWins(top, c) {
		a.Outcome = N
	}
	a.Play = perfectPlay(opts)
	if a.Outcome == N {
		a.Move = firstWinning(opts, c)
		a.Count = countWinning(opts, c)
	}
	if a.Move != nil {
		if a.After, err = s.ApplyEach(p, a.Move); err != nil {
			return EveryAnalysis{}, err
		}
	}
	return a, nil
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
func (s *Sum) ApplyEach(p Position, moves []Move) (Position, error) {
	ps, err := s.Split(p)
	if err != nil {
		return nil, err
	}
	next := slices.Clone(ps)
	for _, m := range moves {
		if m.Part < 0 || m.Part >= len(ps) {
			return nil, Refuse("err.sum.nopart", m.Part+1, len(ps))
		}
		inner := m
		inner.Part = 0
		if next[m.Part], err = s.Parts[m.Part].Apply(next[m.Part], inner); err != nil {
			return nil, s.inPart(m.Part, err)
		}
	}
	return s.Join(next), nil
}

// perfectPlay keeps each component the mover wins going (the first move
// to a lost position with the most steps) and ends each it loses soonest
// (the first move with the fewest steps).
func perfectPlay(opts [][]option) []Move {
	var play []Move
	for _, os := range opts {
		if len(os) == 0 {
			continue
		}
		best := -1
		for j, o := range os {
			if slices.ContainsFunc(os, func(o option) bool { return o.lost }) {
				if o.lost && (best < 0 || o.steps > os[best].steps) {
					best = j
				}
			} else if best < 0 || o.steps < os[best].steps {
				best = j
			}
		}
		play = append(play, os[best].move)
	}
	return play
}

// firstWinning is the first choice, component by component in natural
// order, whose position left loses for the opponent: its longest
// component's steps t must not be everyWins(t).
func firstWinning(opts [][]option, c Convention) []Move {
	rest := suffixes(opts)
	var moves []Move
	var now int64 // the longest steps chosen so far (components with no move last 0)
	for i, os := range opts {
		if len(os) == 0 {
			continue
		}
		found := false
		for _, o := range os {
			if rest[i+1].completes(max(now, o.steps), c) {
				moves, now, found = append(moves, o.move), max(now, o.steps), true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return moves
}

// suffix is what the components from one on offer a choice: every one
// must take an option, so the longest steps is at least least (the
// largest of their smallest options); and the longest option of each
// parity, which some choice makes the longest of all.
type suffix struct {
	least     int64
	odd, even int64 // -1 for none
}

// suffixes are the suffixes of opts from each component on (and the
// empty one past the last), in one pass from the end.
func suffixes(opts [][]option) []suffix {
	out := make([]suffix, len(opts)+1)
	out[len(opts)] = suffix{odd: -1, even: -1}
	for i := len(opts) - 1; i >= 0; i-- {
		x := out[i+1]
		if len(opts[i]) > 0 {
			lo := opts[i][0].steps
			for _, o := range opts[i] {
				lo = min(lo, o.steps)
				if o.steps%2 == 1 {
					x.odd = max(x.odd, o.steps)
				} else {
					x.even = max(x.even, o.steps)
				}
			}
			x.least = max(x.least, lo)
		}
		out[i] = x
	}
	return out
}

// completes reports whether the components of the suffix can be moved so
// that the longest steps t, at least now, loses for the player who then
// moves: t = now, when every component has an option that short; or t
// the steps of some option at least now and least, of the parity that
// loses (any component can take it, every other one an option ≤ t).
func (x suffix) completes(now int64, c Convention) bool {
	if x.least <= now && !everyWins(now, c) {
		return true
	}
	longest := x.odd // the parity that loses for the mover: odd in misère play …
	if c == Normal {
		longest = x.even // … even in normal play
	}
	return longest >= max(now, x.least)
}

// countWinning counts the winning choices: those whose longest steps t
// loses for the opponent. The choices whose longest steps is at most t
// number F(t), the product over the components of their options with
// steps ≤ t.
func countWinning(opts [][]option, c Convention) *big.Int {
	var values []int64
	for _, os := range opts {
		for _, o := range os {
			values = append(values, o.steps)
		}
	}
	slices.Sort(values)
	values = slices.Compact(values)
	// F(t) for each t ascending: a component's count grows as t passes its
	// options, so each is sorted once and read with a pointer.
	steps := make([][]int64, len(opts))
	for i, os := range opts {
		for _, o := range os {
			steps[i] = append(steps[i], o.steps)
		}
		slices.Sort(steps[i])
	}
	next := make([]int, len(opts))
	f := func(t int64) *big.Int {
		counts := make([]*big.Int, 0, len(opts))
		for i, st := range steps {
			if len(st) == 0 {
				continue
			}
			for next[i] < len(st) && st[next[i]] <= t {
				next[i]++
			}
			if next[i] == 0 {
				return new(big.Int)
			}
			counts = append(counts, big.NewInt(int64(next[i])))
		}
		return product(counts)
	}
	count, below := new(big.Int), new(big.Int)
	for _, t := range values {
		at := f(t)
		if !everyWins(t, c) {
			count.Add(count, new(big.Int).Sub(at, below))
		}
		below = at
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
// components, each of which may add at most EverySearchLimit positions.
type remoteness struct {
	game  Game
	conv  Convention
	found int // positions this component's search added
	memo  map[string]struct {
		steps int64
		wins  bool
	}
}

func newRemoteness(g Game, c Convention) *remoteness {
	return &remoteness{game: g, conv: c, memo: map[string]struct {
		steps int64
		wins  bool
	}{}}
}

// of is q's steps and whether the player to move wins q alone; false past
// the search's limit.
func (r *remoteness) of(q Position) (int64, bool, bool) {
	if rg, ok := r.game.(Remote); ok {
		if st, err := rg.Remoteness(q, r.conv); err == nil {
			return st, everyWins(st, r.conv), true
		}
	}
	return r.search(q, 0)
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
	case len(a.Play) == 0:
		return T("summary.lost.over")
	}
	return T("summary.lose")
}

// Explanation says why, with each component's steps.
func (a EveryAnalysis) Explanation() Explanation {
	ps := a.Sum.must(a.Position)
	e := Explanation{T("every.intro", len(ps))}
	var top int64
	for i, q := range ps {
		top = max(top, a.Steps[i])
		if i == maxSumRows && len(ps) > maxSumRows+1 {
			e = append(e, T("sum.parts.more", len(ps)-i))
			continue
		}
		if i > maxSumRows {
			continue
		}
		who := "every.part.loses"
		if a.Wins[i] {
			who = "every.part.wins"
		}
		e = append(e, T(who, i+1, a.Sum.partTitle(i, q), a.Steps[i]))
	}
	rule := "every.rule." + a.Convention.String()
	if a.Outcome == N {
		rule += ".win"
	} else {
		rule += ".lose"
	}
	e = append(e, T(rule, top))
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
