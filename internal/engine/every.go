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

// AnalyzeEvery analyzes p as an Every-SG position of s in convention c.
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
	var top int64
	for i, q := range ps {
		r := newRemoteness(s.Parts[i], c)
		st, win, ok := r.of(q)
		if !ok {
			return EveryAnalysis{}, Refuse("err.every.search", i+1, s.Parts[i].Name(), EverySearchLimit)
		}
		a.Steps[i], a.Wins[i] = st, win
		top = max(top, st)
		for m := range s.Parts[i].Moves(q, 0) {
			after, err := s.Parts[i].Apply(q, m)
			if err != nil {
				return EveryAnalysis{}, err
			}
			st, win, _ := r.of(after) // known: q was searched whole
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
		if a.After, err = s.applyAll(p, a.Move); err != nil {
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

// applyAll makes one move in each of the components moves name.
func (s *Sum) applyAll(p Position, moves []Move) (Position, error) {
	for _, m := range moves {
		var err error
		if p, err = s.Apply(p, m); err != nil {
			return nil, err
		}
	}
	return p, nil
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
	var moves []Move
	var now int64 // the longest steps chosen so far (components with no move last 0)
	for i, os := range opts {
		if len(os) == 0 {
			continue
		}
		found := false
		for _, o := range os {
			if completes(opts[i+1:], max(now, o.steps), c) {
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

// completes reports whether the components of rest can be moved so that
// the longest steps t, at least now, loses for the player who then moves.
func completes(rest [][]option, now int64, c Convention) bool {
	candidates := []int64{now}
	for _, os := range rest {
		for _, o := range os {
			if o.steps > now {
				candidates = append(candidates, o.steps)
			}
		}
	}
	for _, t := range candidates {
		if everyWins(t, c) {
			continue
		}
		reached := t == now
		fits := true
		for _, os := range rest {
			if len(os) == 0 {
				continue
			}
			fits = fits && slices.ContainsFunc(os, func(o option) bool { return o.steps <= t })
			reached = reached || slices.ContainsFunc(os, func(o option) bool { return o.steps == t })
		}
		if fits && reached {
			return true
		}
	}
	return false
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
	f := func(t int64) *big.Int {
		n := big.NewInt(1)
		for _, os := range opts {
			if len(os) == 0 {
				continue
			}
			k := 0
			for _, o := range os {
				if o.steps <= t {
					k++
				}
			}
			n.Mul(n, big.NewInt(int64(k)))
		}
		return n
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

// remoteness finds a component's steps: by the game's own Remote where it
// has one, else by search over at most EverySearchLimit positions.
type remoteness struct {
	game Game
	conv Convention
	memo map[string]struct {
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
	if len(r.memo) >= EverySearchLimit || depth >= maxSearchDepth {
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
	return v.steps, v.wins, true
}

// Joint says a move of every component in words: "in game 1, take 1 from
// heap 1; in game 2, …".
func (a EveryAnalysis) Joint(moves []Move) Text {
	parts := make([]Text, len(moves))
	for i, m := range moves {
		parts[i] = a.Sum.DescribeMoveAt(a.Position, m)
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
