package variants

import (
	"iter"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"matchgame/internal/engine"
)

// Coins are the coin-turning games of Winning Ways (ch. 14): a row of
// coins numbered 1, 2, 3 … from the left, the position the numbers of the
// heads-up coins. A move turns over some coins, the rightmost of them from
// heads to tails, so every game ends. A coin-turning game is a sum of its
// heads coins (Lenstra; Winning Ways ch. 14, "the heads are independent"):
// turning a tails coin to heads is the same, for the nim-sum, as turning a
// heads coin to tails, since a coin turned twice is as if never turned. So
// a position's value is the nim-sum of the values of its heads coins, each
// the value of the row with that coin alone heads up.
//
//   - Mock Turtles: turn 1, 2 or 3 coins. The value of coin x is the x-th
//     odious number (an odd count of 1s in binary): 1, 2, 4, 7, 8, 11 …
//     (Winning Ways ch. 14, "Mock Turtles"; proof: the values with a
//     mock turtle at coin 0 are 2x or 2x+1, whichever is odious, and the
//     odious numbers are closed under the xor of three).
//   - Ruler: turn any run of consecutive coins. The value of coin x is the
//     largest power of 2 dividing x: 1, 2, 1, 4, 1, 2, 1, 8 … (Winning Ways
//     ch. 14, "Ruler").
//
// A move's Place is the place in the (ascending) list of heads of the
// rightmost coin turned, and for Mock Turtles Amount and Pieces[0] are the
// other coins turned (0: none; Pieces[0] < Amount < the coin), for Ruler Amount, how
// many coins the run has (it ends at the coin). Moves are told apart by
// the set of coins turned.
//
// Misère play has no closed form here: it is decided by exhaustive search
// over every row of heads up to coin misereCoins, and refused beyond.
type Coins struct {
	ruler bool
}

// misereCoins is the largest coin misère play searches up to: every set of
// heads among coins 1..16, 65,536 rows, solved once.
const misereCoins = 16

// NewCoins is Mock Turtles ("mock-turtles") or Ruler ("ruler").
func NewCoins(name string) Coins { return Coins{ruler: name == "ruler"} }

func (c Coins) Name() string {
	if c.ruler {
		return "ruler"
	}
	return "mock-turtles"
}

func (Coins) Params() []engine.Param { return nil }

// Normalize sorts the heads and refuses coin 0 and a coin given twice. No
// heads at all is a finished game.
func (Coins) Normalize(p engine.Position) (engine.Position, error) {
	q := p.Clone()
	slices.Sort(q)
	for i, v := range q {
		if v < 1 {
			return nil, engine.Refuse("err.coin.number", v)
		}
		if i > 0 && q[i-1] == v {
			return nil, engine.Refuse("err.coin.twice", v)
		}
	}
	return q, nil
}

// turned checks m and, for Mock Turtles, lists the coins it turns, the
// rightmost first (a Ruler move turns a run: see toggleRun).
func (c Coins) turned(p engine.Position, m engine.Move) ([]int64, error) {
	if m.First().Place < 1 || m.First().Place > len(p) {
		return nil, engine.Refuse("err.coin.none", m.First().Place, len(p))
	}
	x := p[m.First().Place-1]
	if c.ruler {
		if m.First().Amount < 1 || m.First().Amount > x || m.First().Pieces[0] != 0 {
			return nil, engine.Refuse("err.ruler.run", x, m.First().Amount)
		}
		return nil, nil
	}
	a, b := m.First().Amount, m.First().Pieces[0]
	if a < 0 || b < 0 || a >= x || (b >= a && b != 0) || (a == 0 && b != 0) {
		return nil, engine.Refuse("err.mock.coins", x, a, b)
	}
	out := []int64{x}
	for _, v := range []int64{a, b} {
		if v > 0 {
			out = append(out, v)
		}
	}
	return out, nil
}

func (c Coins) Apply(p engine.Position, m engine.Move) (engine.Position, error) {
	set, err := c.turned(p, m)
	if err != nil {
		return nil, err
	}
	if c.ruler {
		x := p[m.First().Place-1]
		i, _ := slices.BinarySearch(p, x-m.First().Amount+1)
		if up := m.First().Amount - int64(m.First().Place-i); up > maxTurnedUp {
			return nil, engine.Refuse("err.ruler.long", x-m.First().Amount+1, x, up, maxTurnedUp)
		}
		return toggleRun(p, x-m.First().Amount+1, x), nil
	}
	q := p.Clone()
	for _, v := range set {
		i, found := slices.BinarySearch(q, v)
		if found {
			q = slices.Delete(q, i, i+1)
		} else {
			q = slices.Insert(q, i, v)
		}
	}
	return q, nil
}

// maxTurnedUp is the most tails a Ruler move may turn up: a run of 2^62
// coins is a legal move, but the row it leaves cannot be written.
const maxTurnedUp = 1 << 16

// toggleRun turns every coin from lo to hi: the heads inside the run go,
// the tails inside it come up.
func toggleRun(p engine.Position, lo, hi int64) engine.Position {
	i, _ := slices.BinarySearch(p, lo)
	j, found := slices.BinarySearch(p, hi) // not hi+1: it overflows at 2^63 − 1
	if found {
		j++
	}
	q := append(engine.Position{}, p[:i]...) // empty, not nil: no heads left is a position
	inside := p[i:j]
	k := 0
	for v := lo; ; v++ { // ends at hi itself: v++ past 2^63 − 1 would wrap
		if k < len(inside) && inside[k] == v {
			k++
		} else {
			q = append(q, v)
		}
		if v == hi {
			break
		}
	}
	return append(q, p[j:]...)
}

func (c Coins) Moves(p engine.Position, each int) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		for i, x := range p {
			n := 0
			for m := range c.movesAt(i+1, x) {
				if each > 0 && n == each {
					break
				}
				n++
				if !yield(m) {
					return
				}
			}
		}
	}
}

// movesAt yields the moves that turn heads coin x (place where) as the
// rightmost, in natural order.
func (c Coins) movesAt(where int, x int64) iter.Seq[engine.Move] {
	return func(yield func(engine.Move) bool) {
		if c.ruler {
			for k := int64(1); k <= x; k++ {
				if !yield(engine.At(where, k)) {
					return
				}
			}
			return
		}
		if !yield(engine.At(where, 0)) {
			return
		}
		for a := int64(1); a < x; a++ {
			for b := int64(0); b < a; b++ {
				if !yield(engine.Change{Place: where, Amount: a, Pieces: [2]int64{b}}.Move()) {
					return
				}
			}
		}
	}
}

func (c Coins) RandomMove(p engine.Position, r *rand.Rand) (engine.Move, bool) {
	if len(p) == 0 {
		return engine.Move{}, false
	}
	where := 1 + r.IntN(len(p))
	x := p[where-1]
	if c.ruler {
		return engine.At(where, between(r, 1, min(x, 64))), true
	}
	m := engine.At(where, 0)
	if x > 1 && r.IntN(3) > 0 {
		m.Changes[0].Amount = between(r, 1, x-1)
		if m.First().Amount > 1 && r.IntN(2) == 0 {
			m.Changes[0].Pieces[0] = between(r, 1, m.First().Amount-1)
		}
	}
	return m, true
}

// Board: a row of coins (engine.Coins).
func (c Coins) Board() engine.Board {
	rule := engine.T("rule.mock")
	if c.ruler {
		rule = engine.T("rule.ruler")
	}
	return engine.Board{Kind: engine.Coins, Number: "what.coin", Unit: "unit.coin", Rule: rule}
}

func (Coins) Places(p engine.Position) int { return len(p) }

func (Coins) Place(p engine.Position, where int) engine.Text {
	if where < 1 || where > len(p) {
		return engine.T("label.coin", where)
	}
	return engine.T("label.coin", p[where-1])
}

// Amounts: Ruler, the length of the run (1 to the coin); Mock Turtles, the
// second coin turned (0: none).
func (c Coins) Amounts(p engine.Position, where int) engine.Amounts {
	x := p[where-1]
	if c.ruler {
		return engine.Range(1, x)
	}
	return engine.Range(0, x-1)
}

// Splits: the third coin of Mock Turtles, below the second (0: none);
// a Ruler move has no third coin, whatever its run.
func (c Coins) Splits(p engine.Position, where int, amount int64) engine.Amounts {
	if c.ruler && where >= 1 && where <= len(p) && amount >= 1 && amount <= p[where-1] {
		return engine.Range(0, 0)
	}
	if c.ruler || where < 1 || where > len(p) || amount < 0 || amount >= p[where-1] {
		return engine.None
	}
	if amount == 0 {
		return engine.Range(0, 0)
	}
	return engine.Range(0, amount-1)
}

func (c Coins) MoveFields(p engine.Position, m engine.Move) []engine.Field {
	x := p[m.First().Place-1]
	if c.ruler {
		return []engine.Field{{Name: "coin", Value: x}, {Name: "run", Value: m.First().Amount}}
	}
	return []engine.Field{{Name: "coin", Value: x}, {Name: "second", Value: m.First().Amount}, {Name: "third", Value: m.First().Pieces[0]}}
}

// DescribeMove names the coins by their places in the list of heads: a
// move alone does not know the coins' numbers, so the sentence names the
// second and third coins, which are numbers of their own.
func (c Coins) DescribeMove(m engine.Move) engine.Text {
	switch {
	case c.ruler:
		return engine.T(plural("ruler.move", m.First().Amount), m.First().Place, m.First().Amount)
	case m.First().Amount == 0:
		return engine.T("mock.move.one", m.First().Place)
	case m.First().Pieces[0] == 0:
		return engine.T("mock.move.two", m.First().Place, m.First().Amount)
	}
	return engine.T("mock.move.three", m.First().Place, m.First().Amount, m.First().Pieces[0])
}

// DescribeMoveAt names the coins turned: "turn coins 9, 5 and 3", "turn
// coins 3 to 5".
func (c Coins) DescribeMoveAt(p engine.Position, m engine.Move) engine.Text {
	if m.First().Place < 1 || m.First().Place > len(p) {
		return c.DescribeMove(m)
	}
	x := p[m.First().Place-1]
	switch {
	case c.ruler && m.First().Amount <= 1:
		return engine.T("coins.turn.one", x)
	case c.ruler:
		return engine.T("ruler.turn", x-m.First().Amount+1, x)
	case m.First().Amount == 0:
		return engine.T("coins.turn.one", x)
	case m.First().Pieces[0] == 0:
		return engine.T("mock.turn.two", x, m.First().Amount)
	}
	return engine.T("mock.turn.three", x, m.First().Amount, m.First().Pieces[0])
}

// coinValue is the Grundy value of coin x alone heads up.
func (c Coins) coinValue(x int64) uint64 {
	if c.ruler {
		return uint64(x) & -uint64(x)
	}
	return odious(x)
}

// odious is the x-th odious number (x ≥ 1): 2(x−1) or 2(x−1)+1, whichever
// has an odd count of 1s.
func odious(x int64) uint64 {
	v := 2 * uint64(x-1)
	if bits.OnesCount64(v)%2 == 0 {
		v++
	}
	return v
}

// odiousIndex is the coin whose value is v, and whether there is one (v
// odious).
func odiousIndex(v uint64) (int64, bool) {
	if bits.OnesCount64(v)%2 == 0 || v>>1 >= 1<<63-1 {
		return 0, false
	}
	return int64(v>>1) + 1, true
}

// gray is the nim-sum of the Ruler values of coins 1 to n: n ⊕ ⌊n/2⌋
// (bit i of the sum is the parity of the coins with exactly i trailing
// zeros, ⌈⌊n/2^i⌋/2⌉ of them, which is bit i of n xor bit i+1).
func gray(n int64) uint64 { return uint64(n) ^ uint64(n)>>1 }

// ungray inverts gray.
func ungray(g uint64) uint64 {
	for s := uint(1); s < 64; s <<= 1 {
		g ^= g >> s
	}
	return g
}

// value is the nim-sum of the heads' values.
func (c Coins) value(p engine.Position) uint64 {
	var s uint64
	for _, x := range p {
		s ^= c.coinValue(x)
	}
	return s
}

// mockSumCoin is the largest Mock Turtles coin a sum of games takes: a
// sum counts a component's moves one by one, and a coin x has up to x/2
// winning pairs.
const mockSumCoin = 1 << 20

// Value is the nim-sum of the heads; in a sum (the one caller) a Mock
// Turtles coin past mockSumCoin is refused, its moves too many to count.
func (c Coins) Value(p engine.Position) (engine.Value, error) {
	if !c.ruler && len(p) > 0 && p[len(p)-1] > mockSumCoin {
		return engine.Value{}, engine.Refuse("err.mock.sum", p[len(p)-1], mockSumCoin)
	}
	key := "coins.how.mock"
	if c.ruler {
		key = "coins.how.ruler"
	}
	return engine.Value{G: c.value(p), How: engine.T(key)}, nil
}

// MovesTo yields the moves to nim-sum v: from coin x, the other coins
// turned must be worth t = s ⊕ g(x) ⊕ v together.
func (c Coins) MovesTo(p engine.Position, v uint64) iter.Seq[engine.Move] {
	s := c.value(p)
	return func(yield func(engine.Move) bool) {
		for i, x := range p {
			if !c.movesWorth(i+1, x, s^c.coinValue(x)^v, yield) {
				return
			}
		}
	}
}

// movesWorth yields, in natural order, the moves turning coin x (place
// where) whose other coins are worth t; false when yield stopped.
func (c Coins) movesWorth(where int, x int64, t uint64, yield func(engine.Move) bool) bool {
	if c.ruler {
		// Coins y..x−1 are worth gray(x−1) ⊕ gray(y−1); gray is one-to-one,
		// so at most one run fits.
		if m := ungray(t ^ gray(x-1)); m < uint64(x) {
			return yield(engine.At(where, x-int64(m)))
		}
		return true
	}
	if t == 0 {
		return yield(engine.At(where, 0))
	}
	if bits.OnesCount64(t)%2 == 1 { // odious: one more coin, worth t
		if a, ok := odiousIndex(t); ok && a < x {
			return yield(engine.At(where, a))
		}
		return true
	}
	// Evil: two more coins b < a, g(a) ⊕ g(b) = t. g grows with the coin,
	// so b < a iff g(a) holds t's highest bit; every such a < x has its b.
	for a := range mockSeconds(x, t) {
		b, _ := odiousIndex(odious(a) ^ t)
		if !yield(engine.Change{Place: where, Amount: a, Pieces: [2]int64{b}}.Move()) {
			return false
		}
	}
	return true
}

// mockSeconds yields the coins a < x whose value holds bit k ≥ 1 of t, the
// highest: bit k of g(a) is bit k−1 of a−1.
func mockSeconds(x int64, t uint64) iter.Seq[int64] {
	k := bits.Len64(t) - 1
	step := uint64(1) << (k - 1) // runs of a−1 with bit k−1 set: [step, 2·step) mod 2·step
	return func(yield func(int64) bool) {
		for m := uint64(0); m+1 < uint64(x); {
			if m&step == 0 {
				m = m | step // the next run
				continue
			}
			if !yield(int64(m) + 1) {
				return
			}
			m++
		}
	}
}

// mockSecondsCount counts mockSeconds(x, t): the m in [0, x−2] with bit
// k−1 set.
func mockSecondsCount(x int64, t uint64) uint64 {
	if x < 2 {
		return 0
	}
	k := bits.Len64(t) - 1
	step := uint64(1) << (k - 1)
	n := uint64(x - 1) // how many m: 0 .. x−2
	rest := n % (2 * step)
	return n/(2*step)*step + rest - min(step, rest)
}

// countWorth counts what movesWorth yields.
func (c Coins) countWorth(x int64, t uint64) uint64 {
	switch {
	case c.ruler:
		if ungray(t^gray(x-1)) < uint64(x) {
			return 1
		}
		return 0
	case t == 0:
		return 1
	case bits.OnesCount64(t)%2 == 1:
		if a, ok := odiousIndex(t); ok && a < x {
			return 1
		}
		return 0
	}
	return mockSecondsCount(x, t)
}

// CountTo counts the moves to value v.
func (c Coins) CountTo(p engine.Position, v uint64) *big.Int {
	s := c.value(p)
	n := new(big.Int)
	for _, x := range p {
		n.Add(n, new(big.Int).SetUint64(c.countWorth(x, s^c.coinValue(x)^v)))
	}
	return n
}

func (c Coins) Solve(p engine.Position, conv engine.Convention) (engine.Solution, error) {
	if conv == engine.Misere {
		return c.solveMisere(p)
	}
	s := c.value(p)
	return engine.SolveByValue(c, p, s, engine.ByValue{
		Reason: engine.T("coins.reason", s),
		Hint:   func(m engine.Move) engine.Text { return engine.T("coins.hint", p[m.First().Place-1]) },
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			return c.explain(p, s, first, count)
		},
	}), nil
}

// explain: each heads coin's value and why, the nim-sum table, and the
// move that turns the right coins.
func (c Coins) explain(p engine.Position, s uint64, first *engine.Move, count int64) engine.Explanation {
	var e engine.Explanation
	if c.ruler {
		e = append(e, engine.T("ruler.rule"))
	} else {
		e = append(e, engine.T("mock.rule"))
	}
	if len(p) == 0 {
		return append(e, engine.T("coins.none"))
	}
	rows := make([][]any, 0, min(len(p), 16))
	table := engine.NimSumTable{Sum: s}
	for i, x := range p {
		g := c.coinValue(x)
		if i < 16 {
			if c.ruler {
				rows = append(rows, []any{itoa(x), strconv.FormatUint(uint64(x), 2), strconv.FormatUint(g, 10)})
			} else {
				rows = append(rows, []any{itoa(x), strconv.FormatUint(2*uint64(x-1), 2), strconv.FormatUint(g, 2), strconv.FormatUint(g, 10)})
			}
		}
		if i < 24 {
			table.Labels = append(table.Labels, engine.T("label.coin.g", x))
			table.Values = append(table.Values, g)
		}
	}
	head := []any{engine.T("coins.col.coin"), engine.T("mock.col.double"), engine.T("mock.col.odious"), engine.T("coins.col.value")}
	if c.ruler {
		head = []any{engine.T("coins.col.coin"), engine.T("ruler.col.binary"), engine.T("coins.col.value")}
	}
	e = append(e, engine.Table{Head: head, Rows: rows, Mark: -1})
	if len(p) > 16 {
		e = append(e, engine.T("coins.more", len(p)))
	}
	if len(p) <= 24 {
		table.Decides = false
		e = append(e, table)
	}
	if s == 0 {
		return append(e, engine.T("coins.zero"))
	}
	e = append(e, engine.T("coins.nonzero", s))
	if first != nil {
		x := p[first.First().Place-1]
		t := s ^ c.coinValue(x)
		switch {
		case c.ruler && first.First().Amount == 1: // a run of one coin is the coin alone
			e = append(e, engine.Reveal(engine.T("mock.explain.one", x, c.coinValue(x), s)))
		case c.ruler:
			e = append(e, engine.Reveal(engine.T("ruler.explain.move", x-first.First().Amount+1, x, gray(x)^gray(x-first.First().Amount), s)))
		case first.First().Amount == 0:
			e = append(e, engine.Reveal(engine.T("mock.explain.one", x, c.coinValue(x), s)))
		case first.First().Pieces[0] == 0:
			e = append(e, engine.Reveal(engine.T("mock.explain.two", x, first.First().Amount, c.coinValue(x), odious(first.First().Amount), s)))
		default:
			e = append(e, engine.Reveal(engine.T("mock.explain.three", x, first.First().Amount, first.First().Pieces[0], c.coinValue(x), odious(first.First().Amount), odious(first.First().Pieces[0]), s, t)))
		}
		e = append(e, engine.T("winning.count", count))
	}
	return e
}

// misereTable holds, per game, the misère outcome of every set of heads
// among coins 1..misereCoins (bit x−1 set: coin x heads), found once.
var misereTable [2]struct {
	once sync.Once
	lost []bool // true: a P-position
}

func (c Coins) misereLost() []bool {
	k := 0
	if c.ruler {
		k = 1
	}
	t := &misereTable[k]
	t.once.Do(func() {
		lost := make([]bool, 1<<misereCoins)
		// Every move clears the rightmost coin it turns and turns only
		// coins below it, so a move lowers the mask: ascending order works.
		lost[0] = false // no heads: the player to move did not make the last move, and wins
		for mask := 1; mask < len(lost); mask++ {
			win := false
			c.eachMaskMove(uint32(mask), func(next uint32) bool {
				if lost[next] {
					win = true
				}
				return !win
			})
			lost[mask] = !win
		}
		t.lost = lost
	})
	return t.lost
}

// eachMaskMove calls f with each row a move leads to from mask, until f
// says stop.
func (c Coins) eachMaskMove(mask uint32, f func(uint32) bool) {
	for x := 1; x <= misereCoins; x++ {
		bit := uint32(1) << (x - 1)
		if mask&bit == 0 {
			continue
		}
		if c.ruler {
			run := uint32(0)
			for k := 1; k <= x; k++ {
				run |= 1 << (x - k)
				if !f(mask ^ run) {
					return
				}
			}
			continue
		}
		if !f(mask ^ bit) {
			return
		}
		for a := 1; a < x; a++ {
			if !f(mask ^ bit ^ 1<<(a-1)) {
				return
			}
			for b := 1; b < a; b++ {
				if !f(mask ^ bit ^ 1<<(a-1) ^ 1<<(b-1)) {
					return
				}
			}
		}
	}
}

func maskOf(p engine.Position) uint32 {
	var m uint32
	for _, x := range p {
		m |= 1 << (x - 1)
	}
	return m
}

// solveMisere decides misère play by the table of every row up to coin
// misereCoins.
func (c Coins) solveMisere(p engine.Position) (engine.Solution, error) {
	return misereByTable(c, p, c.misereLost, c.value(p))
}

// coinGame is a coin game as misereByTable reads it: its moves, and its
// moves said with the coins they turn.
type coinGame interface {
	engine.Game
	engine.MoveTeller
}

// misereByTable decides misère play of coin game g at p by its table of
// every row up to coin misereCoins (lost: the P-positions by mask, made
// once), refused beyond; normal is p's nim-sum, said beside it.
func misereByTable(g coinGame, p engine.Position, lost func() []bool, normal uint64) (engine.Solution, error) {
	if len(p) > 0 && p[len(p)-1] > misereCoins {
		return engine.Solution{}, engine.Refuse("err.coins.misere", g.Name(), p[len(p)-1], misereCoins)
	}
	table := lost()
	out := engine.N
	if table[maskOf(p)] {
		out = engine.P
	}
	return engine.Solution{
		Outcome: out,
		Reason:  engine.T("coins.reason.misere", misereCoins),
		Winning: func(yield func(engine.Move) bool) {
			for m := range g.Moves(p, 0) {
				if q, _ := g.Apply(p, m); table[maskOf(q)] && !yield(m) {
					return
				}
			}
		},
		Explain: func(first *engine.Move, count int64) engine.Explanation {
			e := engine.Explanation{engine.T("coins.misere.search", 1<<misereCoins, misereCoins), engine.T("coins.misere.normal", normal)}
			switch {
			case len(p) == 0:
				e = append(e, engine.T("coins.misere.over"))
			case first != nil:
				e = append(e, engine.Reveal(engine.T("coins.misere.move", g.DescribeMoveAt(p, *first))), engine.T("winning.count", count))
			default:
				e = append(e, engine.T("coins.misere.lost"))
			}
			return e
		},
	}, nil
}

// Spell writes the heads as the command line takes them.
func (Coins) Spell(p engine.Position) string { return p.String() }

// Brief writes the heads for a sentence; no heads at all is "∅", so that a
// finished row is not an empty word.
func (Coins) Brief(p engine.Position) string {
	if len(p) == 0 {
		return "∅"
	}
	return p.Brief()
}
