package variants

import (
	"iter"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"matchgame/internal/engine"
)

// Subtraction: heaps of matches; a move takes t matches from one heap, t in
// the set S. A sum of heaps is solved by the heaps' Grundy values. Make one
// with NewSubtraction.
type Subtraction struct {
	set   []int64 // ascending; the Fibonacci set up to the int64 limit
	name  string  // "fib" or the finite set as "1,3,4"
	table *grundyTable
}

// maxSetSize keeps Grundy values below 64, so one uint64 holds the
// options' values when taking the mex.
const maxSetSize = 63

// exactLimit bounds the misère search where the certificate fails: the
// positions below p number at most the product of (h_i + 1).
const exactLimit = 200_000

// fibonacci is the Fibonacci set 1, 2, 3, 5, 8, … up to the int64 limit.
var fibonacci = func() []int64 {
	set := []int64{1, 2}
	for {
		a, b := set[len(set)-2], set[len(set)-1]
		if a > math.MaxInt64-b {
			return set
		}
		set = append(set, a+b)
	}
}()

// NewSubtraction builds the subtraction game of a --set: "fib" for the
// Fibonacci set, or a finite set of positive numbers such as "1,3,4".
func NewSubtraction(set string) (engine.Game, error) {
	if strings.EqualFold(strings.TrimSpace(set), "fib") {
		return Subtraction{set: fibonacci, name: "fib", table: tableFor("fib", fibonacci, fibLimit, "bound")}, nil
	}
	s, err := ParseSet(set)
	if err != nil {
		return nil, err
	}
	name := formatSet(s)
	limit, why := searchLimit(s)
	return Subtraction{set: s, name: name, table: tableFor(name, s, limit, why)}, nil
}

// ParseSet reads a finite subtraction set, "1,3,4" in any order, and
// returns it ascending. It refuses an empty set or element, anything but
// a whole number from 1 to 9223372036854775807, duplicates, and more than
// 63 elements. ("fib" is NewSubtraction's business.)
func ParseSet(set string) ([]int64, error) {
	if strings.TrimSpace(set) == "" {
		return nil, engine.Refuse("err.set.empty")
	}
	// Commas or spaces between the elements, as a menu field is typed
	// (issue 18, rough edge 4); an empty place between commas is a hole.
	var fields []string
	for i, f := range strings.Split(set, ",") {
		numbers := strings.Fields(f)
		if len(numbers) == 0 {
			return nil, engine.Refuse("err.set.hole", elideList(set, 24), i+1)
		}
		fields = append(fields, numbers...)
	}
	if len(fields) > maxSetSize {
		return nil, engine.Refuse("err.set.size", elideList(set, 24), len(fields), maxSetSize)
	}
	s := make([]int64, 0, len(fields))
	for _, f := range fields {
		v, err := ParseNumber(f, "what.setelement")
		if err != nil {
			return nil, err
		}
		if v == 0 {
			return nil, engine.Refuse("err.set.zero", f)
		}
		s = append(s, v)
	}
	slices.Sort(s)
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			return nil, engine.Refuse("err.set.twice", elideList(set, 24), s[i])
		}
	}
	return s, nil
}

// elideList cuts a list written "1,3,4" to at most n bytes, after a comma
// where there is one, and marks the cut with "…": a message stays one
// line whatever was typed, and never shows half a number or character.
func elideList(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	if comma := strings.LastIndexByte(s[:n], ','); comma > 0 {
		n = comma + 1
	}
	return s[:n] + "…"
}

// shortSet is a set in a message: whole when short, else its first
// elements and its size (a Text, said in the message's language).
func shortSet(name string) any {
	switch {
	case name == "fib":
		return engine.T("subtraction.set.fib")
	case len(name) <= 48:
		return engine.T("subtraction.set", strings.ReplaceAll(name, ",", ", "))
	}
	return engine.T("set.elided", engine.T("subtraction.set", strings.ReplaceAll(elideList(name, 40), ",", ", ")), strings.Count(name, ",")+1)
}

func formatSet(s []int64) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, ",")
}

func (Subtraction) Name() string { return "subtraction" }

func (s Subtraction) Params() []engine.Param {
	shown := engine.T("param.set", engine.T("subtraction.set", strings.ReplaceAll(s.name, ",", ", ")))
	if s.name == "fib" {
		shown = engine.T("param.set.fib")
	}
	return []engine.Param{{Name: "set", Value: s.name, Shown: shown}}
}

func (Subtraction) Normalize(p engine.Position) (engine.Position, error) {
	return p, checkCounts("what.heap", p, 1)
}

func (s Subtraction) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	if m.First().Amount >= 1 && !s.has(m.First().Amount) {
		if s.name == "fib" {
			return nil, engine.Refuse("err.fib.take", m.First().Amount)
		}
		return nil, engine.Refuse("err.set.take", m.First().Amount, shortSet(s.name))
	}
	return takeFromHeap(p, m)
}

func (s Subtraction) has(t int64) bool {
	_, ok := slices.BinarySearch(s.set, t)
	return ok
}

// takes is how many elements of the set are at most h: the moves on a
// heap of h are s.set[:takes(h)].
func (s Subtraction) takes(h int64) int {
	return sort.Search(len(s.set), func(i int) bool { return s.set[i] > h })
}

func (s Subtraction) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i, h := range p {
			n := s.takes(h)
			if each > 0 {
				n = min(n, each)
			}
			for _, t := range s.set[:n] {
				if !yield(engine.At(i+1, t)) {
					return
				}
			}
		}
	}
}

func (s Subtraction) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	open := 0
	for _, h := range p {
		if h >= s.set[0] {
			open++
		}
	}
	if open == 0 {
		return engine.Move{}, false
	}
	k := r.IntN(open)
	for i, h := range p {
		if h < s.set[0] {
			continue
		}
		if k == 0 {
			return engine.At(i+1, s.set[r.IntN(s.takes(h))]), true
		}
		k--
	}
	panic("unreachable")
}

func (s Subtraction) Board() engine.Board {
	rule := engine.T("rule.set", engine.T("subtraction.set", strings.ReplaceAll(s.name, ",", ", ")))
	if s.name == "fib" {
		rule = engine.T("rule.set", engine.T("subtraction.set.fib"))
	}
	return engine.Board{Kind: engine.Heaps, Number: "what.heap", Unit: "unit.match", Rule: rule}
}

func (Subtraction) Places(p engine.Position) int { return len(p) }

func (Subtraction) Place(_ engine.Position, where int) engine.Text {
	return engine.T("label.heap", where)
}

func (s Subtraction) Amounts(p engine.Position, where int) engine.Amounts {
	return engine.Amounts{Lo: 1, Hi: p[where-1], Set: s.set}
}

func (Subtraction) MoveFields(_ engine.Position, m engine.Move) []engine.Field {
	return []engine.Field{{Name: "heap", Value: int64(m.First().Place)}, {Name: "take", Value: m.First().Amount}}
}

func (Subtraction) DescribeMove(m engine.Move) engine.Text {
	return engine.T("nim.move", m.First().Place, m.First().Amount)
}

// Solve reduces the heaps to their Grundy values and applies Nim's rule to
// them. Misère play needs the certificate (see grundyView.certified) for
// every heap up to the largest; where it fails, small positions are
// searched exactly and larger ones refused.
func (s Subtraction) Solve(p engine.Position, c engine.Convention) (engine.Solution, error) {
	if err := checkCounts("what.heap", p, 1); err != nil {
		return engine.Solution{}, err
	}
	top := slices.Max(p)
	v, err := s.table.upTo(top)
	if err != nil {
		return engine.Solution{}, err
	}
	values := make([]int64, len(p))
	for i, h := range p {
		values[i] = v.at(h)
	}
	sum := sumOf(values)
	if c == engine.Misere && !v.certified(top) {
		return s.searchMisere(p, v)
	}
	return engine.Solution{
		Outcome: sum.outcome(c),
		Reason:  sum.reason(c, grundyWords(s, p)),
		Hint: func(m engine.Move) engine.Text {
			i := m.First().Place - 1
			return sum.hint(engine.T("label.heap", m.First().Place), values[i], v.at(p[i]-m.First().Amount) > values[i], c)
		},
		Winning: grundyTargets(p, v, values, sum, c),
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return s.explain(p, v, values, sum, c, first, count)
		},
	}, nil
}

// grundyTargets yields the winning moves: every take whose heap's new
// Grundy value leaves a P-position. The new value may be larger than the
// old one; that is a winning move too if the sum says so.
func grundyTargets(p engine.Position, v grundyView, values []int64, sum nimSum, c engine.Convention) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i, h := range p {
			for _, t := range v.set {
				if t > h {
					break
				}
				if sum.change(values[i], v.at(h-t)).lost(c) && !yield(engine.At(i+1, t)) {
					return
				}
			}
		}
	}
}

// searchMisere decides a misère position by exact search, for positions
// with heaps where misère Nim on Grundy values is not proved.
func (s Subtraction) searchMisere(p engine.Position, v grundyView) (engine.Solution, error) {
	size := int64(1)
	for _, h := range p {
		if h >= exactLimit || size*(h+1) > exactLimit {
			return engine.Solution{}, engine.Refuse("err.misere.unproved", shortSet(s.name), v.firstBad, exactLimit)
		}
		size *= h + 1
	}
	t := s.table
	t.exactMu.Lock()
	if t.exact == nil || t.exact.Size() > 4*exactLimit {
		t.exact = engine.NewSolver(s, engine.Misere)
	}
	outcome := t.exact.Outcome(p)
	winning := t.exact.WinningMoves(p)
	t.exactMu.Unlock()
	return engine.Solution{
		Outcome: outcome,
		Winning: slices.Values(winning),
		Explain: func(*engine.Move, int64) engine.Explanation { return s.explainSearch(p, v, size, outcome, winning) },
	}, nil
}

func grundyWords(g engine.Game, p engine.Position) nimWords {
	return nimWords{plural: "grundy.words", label: func(i int) engine.Text { return engine.T("grundy.label", g.Place(p, i+1), p[i]) }}
}

func (s Subtraction) explain(p engine.Position, v grundyView, values []int64, sum nimSum, c engine.Convention, first *engine.Move, count int64) engine.Explanation {
	e := s.derivations(p, v)
	if c == engine.Misere {
		e = append(e, engine.T("grundy.misere.certified", slices.Max(p)))
	}
	e = append(e, nimRule(values, sum, c, grundyWords(s, p))...)
	if first == nil {
		return e
	}
	i, t := first.First().Place, first.First().Amount
	h, old := p[i-1], values[i-1]
	key := "grundy.move.normal"
	if c == engine.Misere {
		key = "grundy.move.misere"
	}
	e = append(e, engine.Reveal(engine.T(key, t, i, h, old, h-t, v.at(h-t))))
	if v.at(h-t) > old {
		e = append(e, engine.Reveal(engine.T(raised(c))))
	}
	return append(e, engine.T("winning.count", count))
}

// raised says that a winning move may raise a Grundy value; in normal
// play, that lowering a marked heap wins too (a heap's options hold every
// smaller value: the mex).
func raised(c engine.Convention) string {
	if c == engine.Normal {
		return "grundy.up.normal"
	}
	return "grundy.up"
}

func (s Subtraction) explainSearch(p engine.Position, v grundyView, size int64, o engine.Outcome, winning []engine.Move) engine.Explanation {
	e := append(s.derivations(p, v), engine.T("grundy.misere.fails", v.firstBad))
	if o == engine.P {
		return append(e, engine.T("grundy.exact.lose", size))
	}
	e = append(e, engine.T("grundy.exact.win", size))
	if len(winning) > 0 {
		e = append(e, engine.Reveal(engine.T("grundy.exact.move", s.DescribeMove(winning[0]))), engine.T("winning.count", len(winning)))
	}
	return e
}

// derivations shows the set and the mex of each distinct heap, as many as
// keep the explanation near 20 lines next to the nim-sum table.
func (s Subtraction) derivations(p engine.Position, v grundyView) engine.Explanation {
	set := engine.T("subtraction.set.fib")
	if s.name != "fib" {
		set = engine.T("subtraction.set", strings.ReplaceAll(s.name, ",", ", "))
	}
	e := engine.Explanation{engine.T("subtraction.intro", set)}
	rows := 1
	if len(p) <= maxTableRows {
		rows = len(p) + 2
	}
	budget := min(8, max(2, 14-rows))
	var shown []int64
	for _, h := range p {
		if slices.Contains(shown, h) {
			continue
		}
		if len(shown) == budget {
			return append(e, engine.T("grundy.more"))
		}
		shown = append(shown, h)
		e = append(e, mexLine(h, v))
	}
	return e
}

// mexLine derives g(h): the mex of its options' values, or for a heap
// beyond the table, the period.
func mexLine(h int64, v grundyView) engine.Text {
	if !v.tabled(h) {
		r := v.n0 + (h-v.n0)%v.period
		cycle := make([]string, min(v.period, 12))
		for i := range cycle {
			cycle[i] = strconv.FormatInt(v.at(v.n0+int64(i)), 10)
		}
		if v.period > 12 {
			cycle = append(cycle, "…")
		}
		if v.n0 == 0 {
			return engine.T("grundy.period.pure", h, v.period, r, v.at(r), strings.Join(cycle, " "))
		}
		return engine.T("grundy.period", h, v.n0, v.period, r, v.at(r), strings.Join(cycle, " "))
	}
	return engine.T("grundy.mex", h, subtractionOptions(h, v), v.at(h))
}

// subtractionOptions lists heap h's options with their values:
// "g(3)=1, g(1)=1, g(0)=0".
func subtractionOptions(h int64, v grundyView) string {
	var b strings.Builder
	for _, t := range v.set {
		if t > h {
			break
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString("g(" + strconv.FormatInt(h-t, 10) + ")=" + strconv.FormatInt(v.at(h-t), 10))
	}
	return b.String()
}

// subtractionSteps bounds the heap whose steps a table gives.
const subtractionSteps = 1 << 20

// subtractionTables are the steps of one heap by set and convention,
// grown as heaps ask: a component's moves ask for the heaps below it.
var subtractionTables = struct {
	sync.Mutex
	t map[string]*stepsTable
}{t: map[string]*stepsTable{}}

// stepsTable holds, for every heap up to its length, the steps and
// whether the player to move loses the heap alone.
type stepsTable struct {
	steps []int64
	lost  []bool
}

// Remoteness of a subtraction game with one heap: a table of the steps and
// outcomes of every smaller heap, by the definition. Several heaps are
// searched.
func (s Subtraction) Remoteness(p engine.Position, c engine.Convention) (int64, error) {
	i, ok := onlyHeap(p)
	switch {
	case !ok && slicesAllZero(p):
		return 0, nil
	case !ok || p[i] > subtractionSteps:
		return 0, errNoClosedForm
	}
	subtractionTables.Lock()
	defer subtractionTables.Unlock()
	key := s.name + " " + c.String()
	t := subtractionTables.t[key]
	if t == nil {
		t = &stepsTable{steps: []int64{0}, lost: []bool{c == engine.Normal}}
		subtractionTables.t[key] = t
	}
	for h := int64(len(t.steps)); h <= p[i]; h++ {
		best, win, moved := int64(-1), false, false
		for _, m := range s.set {
			if m > h {
				break
			}
			st := t.steps[h-m]
			switch {
			case t.lost[h-m] && (!win || st > best): // a winning move: the longest
				best, win = st, true
			case !t.lost[h-m] && !win && (!moved || st < best): // a losing one: the shortest
				best = st
			}
			moved = true
		}
		if !moved {
			t.steps, t.lost = append(t.steps, 0), append(t.lost, c == engine.Normal)
			continue
		}
		t.steps, t.lost = append(t.steps, best+1), append(t.lost, !win)
	}
	return t.steps[p[i]], nil
}

// HeapTable reads the set's Grundy table; a finite set's period is proved
// by its window: g(n) depends only on the m = max S values before it.
func (s Subtraction) HeapTable(to int64) (HeapTable, error) {
	if err := checkTo(to); err != nil {
		return HeapTable{}, err
	}
	v, err := s.table.upTo(to)
	if err != nil {
		return HeapTable{}, err
	}
	at := func(n int64) uint64 { return uint64(v.at(n)) }
	t := HeapTable{To: to, Values: values(to, at), row: func(n int64) HeapRow {
		k := s.takes(n)
		return takeRow(n, int64(k), func(yield func(int64) bool) {
			for _, t := range s.set[:k] {
				if !yield(t) {
					return
				}
			}
		}, at, engine.T("grundy.mex", n, subtractionOptions(n, v), v.at(n)))
	}}
	if v.period > 0 {
		m := s.set[len(s.set)-1]
		t.Period = &Periodicity{Preperiod: v.n0, Period: v.period, CheckFrom: v.n0, CheckTo: v.n0 + m, Theorem: "window", Digits: m,
			Proof: windowProof(v.n0, v.period, m, cycle(v.n0, v.period, at))}
	}
	return t, nil
}

func (s Subtraction) values(p engine.Position) (grundyView, []uint64, error) {
	if err := checkCounts("what.heap", p, 1); err != nil {
		return grundyView{}, nil, err
	}
	v, err := s.table.upTo(slices.Max(p))
	if err != nil {
		return grundyView{}, nil, err
	}
	values := make([]uint64, len(p))
	for i, h := range p {
		values[i] = uint64(v.at(h))
	}
	return v, values, nil
}

func (s Subtraction) Value(p engine.Position) (engine.Value, error) {
	v, values, err := s.values(p)
	if err != nil {
		return engine.Value{}, err
	}
	return engine.Value{G: nimXor(values), How: heapsHow(p, values, periodHow(v.n0, v.period))}, nil
}

func (s Subtraction) MovesTo(p engine.Position, want uint64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		v, values, err := s.values(p)
		if err != nil {
			return
		}
		x := nimXor(values) ^ want
		if x == 0 {
			return
		}
		for i, h := range p {
			for _, t := range v.set {
				if t > h {
					break
				}
				if uint64(v.at(h-t)) == values[i]^x && !yield(engine.At(i+1, t)) {
					return
				}
			}
		}
	}
}

// Tame: every heap up to the largest passes the certificate
// (grundyView.certified).
func (s Subtraction) Tame(p engine.Position) (engine.Units, bool, engine.Text) {
	v, values, err := s.values(p)
	if err != nil {
		return engine.Units{}, false, engine.Text{}
	}
	top := slices.Max(p)
	return unitsOf(values), v.certified(top), engine.T("tame.table", top)
}
