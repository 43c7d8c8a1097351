package variants

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"matchgame/internal/engine"
)

func subtraction(t testing.TB, set string) Subtraction {
	t.Helper()
	g, err := NewSubtraction(set)
	if err != nil {
		t.Fatalf("NewSubtraction(%q): %v", set, err)
	}
	return g.(Subtraction)
}

func TestSubtractionExhaustive(t *testing.T) {
	t.Parallel()
	for _, set := range []string{"fib", "1,3,4", "2,5,7", "3,4,7", "2,4,7", "1,2"} {
		t.Run(set, func(t *testing.T) {
			crossCheck(t, subtraction(t, set), upTo(3, thorough[int64](14, 20)))
		})
	}
}

// failingAt is the game of set with the misère certificate declared to
// fail at heap bad: no subtraction set found fails it (see
// TestCertificateHolds), so the exact-search fallback is tested this way.
func failingAt(t *testing.T, set string, bad int64) Subtraction {
	s := subtraction(t, set)
	s.table = newGrundyTable(s.name, s.set, s.table.limit)
	s.table.firstBad = bad
	return s
}

func TestSubtractionExactSearch(t *testing.T) {
	t.Parallel()
	s := failingAt(t, "1,3,4", 6)
	crossCheck(t, s, upTo(3, 20))

	sol, err := s.Solve(engine.Position{9, 5}, engine.Misere)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(sol.Explanation().Lines(assetsEN), "\n")
	if !strings.Contains(text, "The misère certificate fails at heap 6") || !strings.Contains(text, "Exact search over at most 60 positions") {
		t.Errorf("the explanation does not say the position was searched:\n%s", text)
	}
	// Below the failing heap the closed form still answers.
	sol, err = s.Solve(engine.Position{5, 5, 2}, engine.Misere)
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(sol.Explanation().Lines(assetsEN), "\n"); !strings.Contains(text, "The misère certificate holds for every heap up to 5") {
		t.Errorf("closed form expected below heap 6:\n%s", text)
	}
	// Too large to search: refused, never guessed.
	_, err = s.Solve(engine.Position{1000, 1000}, engine.Misere)
	if !errors.Is(err, engine.ErrRefused) || !strings.Contains(msg(err), "fails at heap 6") || !strings.Contains(msg(err), "200,000 positions") {
		t.Errorf("misère 1000 1000 with a failing certificate: %v", err)
	}
	// Normal play needs no certificate.
	if _, err := s.Solve(engine.Position{1000, 1000}, engine.Normal); err != nil {
		t.Errorf("normal play: %v", err)
	}
}

// TestCertificateHolds pins what the misère certificate found: it holds
// for the Fibonacci set up to the limit and for every subset of 1..10 (a
// failure would send such positions to the exact search).
func TestCertificateHolds(t *testing.T) {
	t.Parallel()
	fib := newGrundyTable("fib", fibonacci, fibLimit)
	if v, _ := fib.upTo(fibLimit); !v.certified(fibLimit) {
		t.Errorf("Fibonacci set: the certificate fails at heap %d", v.firstBad)
	}
	for mask := 1; mask < 1<<10; mask++ {
		var set []int64
		for i := range 10 {
			if mask&(1<<i) != 0 {
				set = append(set, int64(i+1))
			}
		}
		v, err := newGrundyTable(formatSet(set), set, minSearch-1).upTo(math.MaxInt64)
		if err != nil || !v.certified(math.MaxInt64) {
			t.Errorf("set %v: %v, certificate fails at heap %d", set, err, v.firstBad)
		}
	}
}

// directGrundy is g(0) to g(n−1) straight from the definition.
func directGrundy(set []int64, n int64) []uint8 {
	g := make([]uint8, n)
	for h := range n {
		var seen [65]bool
		for _, s := range set {
			if s <= h {
				seen[g[h-s]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// directCertificate is the first heap in g that fails the certificate,
// straight from the definition.
func directCertificate(g []uint8, set []int64) int64 {
	for h := range int64(len(g)) {
		zero, moves, one := g[h] == 0, false, false
		for _, s := range set {
			if s <= h {
				moves = true
				one = one || g[h-s] == 1
			}
		}
		if zero && moves && !one {
			return h
		}
	}
	return -1
}

func TestGrundyPeriod(t *testing.T) {
	t.Parallel()
	const n = 20_000
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var set []int64
		for k := 1 + r.IntN(5); len(set) < k; {
			if s := int64(1 + r.IntN(30)); !slices.Contains(set, s) {
				set = append(set, s)
			}
		}
		slices.Sort(set)
		direct := directGrundy(set, n)
		table := newGrundyTable(formatSet(set), set, minSearch-1)
		v, err := table.upTo(math.MaxInt64)
		if err != nil || v.period == 0 {
			t.Fatalf("set %v: no period: %v", set, err)
		}
		if len(v.g) >= n {
			t.Fatalf("set %v: the table grew to %d values looking for the period", set, len(v.g))
		}
		for h := range int64(n) {
			if got, want := v.at(h), int64(direct[h]); got != want {
				t.Fatalf("set %v: g(%d) = %d through period %d from %d, want %d", set, h, got, v.period, v.n0, want)
			}
		}
		// Least period and preperiod: no smaller period fits the tail, and
		// the value before n0 breaks the pattern.
		for p := int64(1); p < v.period; p++ {
			fits := true
			for h := int64(n / 2); h+p < n && fits; h++ {
				fits = direct[h] == direct[h+p]
			}
			if fits {
				t.Fatalf("set %v: period %d found, but %d fits", set, v.period, p)
			}
		}
		if v.n0 > 0 && direct[v.n0-1] == direct[v.n0-1+v.period] {
			t.Fatalf("set %v: preperiod %d is not the least", set, v.n0)
		}
		if got, want := v.firstBad, directCertificate(direct, set); got != want {
			t.Fatalf("set %v: certificate fails first at %d, directly at %d", set, got, want)
		}
	}
}

func TestGrundyValues(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		set  string
		want []int64
	}{
		{"1,3,4", []int64{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}},
		{"2,5,7", []int64{0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0}},
		{"fib", []int64{0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3}},
	} {
		v, err := subtraction(t, tc.set).table.upTo(int64(len(tc.want)))
		if err != nil {
			t.Fatal(err)
		}
		for h, want := range tc.want {
			if got := v.at(int64(h)); got != want {
				t.Errorf("set %s: g(%d) = %d, want %d", tc.set, h, got, want)
			}
		}
	}
	fib, _ := subtraction(t, "fib").table.upTo(5000)
	for h, want := range directGrundy(fibonacci, 5000) {
		if got := fib.at(int64(h)); got != int64(want) {
			t.Fatalf("Fibonacci set: g(%d) = %d, want %d", h, got, want)
		}
	}
	v, _ := subtraction(t, "1,3,4").table.upTo(math.MaxInt64)
	if v.n0 != 0 || v.period != 7 {
		t.Errorf("set 1,3,4: period %d from %d, want 7 from 0", v.period, v.n0)
	}
}

func TestFibonacciLimit(t *testing.T) {
	t.Parallel()
	s := subtraction(t, "fib")
	if _, err := s.Solve(engine.Position{3, fibLimit}, engine.Misere); err != nil {
		t.Errorf("heap %d: %v", fibLimit, err)
	}
	_, err := s.Solve(engine.Position{3, fibLimit + 1}, engine.Normal)
	if !errors.Is(err, engine.ErrRefused) || !strings.Contains(msg(err), "heap 1,000,001") || !strings.Contains(msg(err), "1,000,000") {
		t.Errorf("heap %d: %v", fibLimit+1, err)
	}
}

func TestHugeHeaps(t *testing.T) {
	t.Parallel()
	s := subtraction(t, "1,3,4")
	cycle := []int64{0, 1, 0, 1, 2, 3, 2}
	p := engine.Position{math.MaxInt64, math.MaxInt64 - 1, 1 << 62}
	for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
		sol, err := s.Solve(p, c)
		if err != nil {
			t.Fatal(err)
		}
		x := cycle[math.MaxInt64%7] ^ cycle[(math.MaxInt64-1)%7] ^ cycle[(1<<62)%7]
		if (x == 0) != (sol.Outcome == engine.P) {
			t.Errorf("%v %v: %v, nim-sum %d", p, c, sol.Outcome, x)
		}
		for m := range sol.Winning {
			q, _ := s.Apply(p, m)
			if after, _ := s.Solve(q, c); after.Outcome != engine.P {
				t.Errorf("%v %v: winning move %v leaves %v", p, c, m, after.Outcome)
			}
		}
		if lines := sol.Explanation().Lines(assetsEN); !strings.Contains(strings.Join(lines, "\n"), "period 7") {
			t.Errorf("no period in the explanation:\n%s", strings.Join(lines, "\n"))
		}
	}
	// 2,4,7: g repeats with period 3 from heap 8 on.
	sol, err := subtraction(t, "2,4,7").Solve(engine.Position{math.MaxInt64}, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(sol.Explanation().Lines(assetsEN), "\n"); !strings.Contains(text, "g(9223372036854775807) = g(8 + (9223372036854775807 − 8) mod 3) = g(10) = ") {
		t.Errorf("no preperiod in the explanation:\n%s", text)
	}
	// A set whose largest element is beyond what a table may hold has no
	// period to find: a heap past the table is refused, saying so.
	_, err = subtraction(t, "1,1000000000").Solve(engine.Position{1 << 40}, engine.Normal)
	if !errors.Is(err, engine.ErrRefused) || !strings.Contains(msg(err), "1,099,511,627,776") || !strings.Contains(msg(err), "largest element, 1,000,000,000") {
		t.Errorf("set 1,1000000000 heap 2^40: %v", msg(err))
	}
}

// The period search reaches as far as the set needs, within the table's
// memory: {1000000} has period 2,000,000, found past the 4,194,304 heaps
// every set gets.
func TestPeriodSearchFollowsTheSet(t *testing.T) {
	t.Parallel()
	s := subtraction(t, "1000000")
	sol, err := s.Solve(engine.Position{4194304}, engine.Normal)
	if err != nil {
		t.Fatalf("heap 4194304, set {1000000}: %s", msg(err))
	}
	if sol.Outcome != engine.P { // g(h) = ⌊h / 1000000⌋ mod 2 = 0
		t.Errorf("heap 4194304, set {1000000}: %v", sol.Outcome)
	}
	v, _ := s.table.upTo(math.MaxInt64)
	if v.period != 2_000_000 || v.n0 != 0 {
		t.Errorf("set {1000000}: period %d from %d, want 2,000,000 from 0", v.period, v.n0)
	}
	if _, err := s.Solve(engine.Position{math.MaxInt64}, engine.Normal); err != nil {
		t.Errorf("heap 2^63-1: %s", msg(err))
	}
	// The bounds: the search's, from the set, and the memory's.
	for _, tc := range []struct {
		set        []int64
		limit, why string
	}{
		{[]int64{1, 3, 4}, "4194303", "bound"},
		{[]int64{1000000}, "15999999", "bound"},
		{[]int64{50_000_000}, "268435455", "budget"},
		{[]int64{1, 1 << 40}, "268435455", "set"},
	} {
		limit, why := searchLimit(tc.set)
		if fmt.Sprint(limit) != tc.limit || why != tc.why {
			t.Errorf("set %v: search to %d (%s), want %s (%s)", tc.set, limit, why, tc.limit, tc.why)
		}
	}
	// Each refusal names the heap, the set and the limit that was reached.
	for _, tc := range []struct {
		why  string
		want []string
	}{
		{"bound", []string{"heap 2,000", "set {7, 8}", "first 1,000 heaps", "the search's bound"}},
		{"budget", []string{"heap 2,000", "set {7, 8}", "first 1,000 heaps", "256 MiB"}},
		{"set", []string{"heap 2,000", "set {7, 8}", "largest element, 8", "256 MiB"}},
	} {
		table := newGrundyTable("7,8", []int64{7, 8}, 999)
		table.why = tc.why
		table.searched = true // as if no period was found
		_, err := table.upTo(2000)
		for _, w := range tc.want {
			if !strings.Contains(msg(err), w) {
				t.Errorf("%s: %q does not say %q", tc.why, msg(err), w)
			}
		}
	}
}

// A set in a message is cut short with its size, and never inside a
// number.
func TestLongSetsInMessages(t *testing.T) {
	t.Parallel()
	set := make([]string, 63)
	for i := range set {
		set[i] = fmt.Sprint(int64(1)<<62 - int64(i))
	}
	s := subtraction(t, strings.Join(set, ","))
	_, err := s.Apply(engine.Position{10}, engine.At(1, 3))
	if m := msg(err); len(m) > 120 || !strings.Contains(m, "(63 elements)") || !strings.Contains(m, "4611686018427387842,") {
		t.Errorf("a move outside a set of 63 large numbers: %q", m)
	}
	if got := msg(engine.Refuse("err.set.take", 2, shortSet("1,3,4"))); got != "2 is not in the set {1, 3, 4}" {
		t.Errorf("a short set is written %q", got)
	}
	if got := elideList("1,22,333,4444,55555,666666", 12); got != "1,22,333,…" {
		t.Errorf("elideList = %q", got)
	}
}

func TestParseSet(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"1,3,4", "1,3,4"}, {"4,1,3", "1,3,4"}, {" 7 , 2,5", "2,5,7"},
		{"9223372036854775807", "9223372036854775807"}, {"+3", "3"},
	} {
		set, err := ParseSet(tc.in)
		if err != nil || formatSet(set) != tc.want {
			t.Errorf("ParseSet(%q) = %v, %v; want %s", tc.in, set, err, tc.want)
		}
	}
	many := make([]string, 64)
	for i := range many {
		many[i] = fmt.Sprint(i + 1)
	}
	if _, err := ParseSet(strings.Join(many[:63], ",")); err != nil {
		t.Errorf("63 elements: %v", err)
	}
	for _, tc := range []struct{ in, says string }{
		{"", "empty"}, {"  ", "empty"}, {"1,,3", "element 2 is empty"}, {"1,3,", "element 3 is empty"},
		{"1,x", `"x" is not a whole number`}, {"1.5", `"1.5" is not a whole number`},
		{"0", `"0" is 0`}, {"3,-2", `"-2" is negative`},
		{"9223372036854775808", `"9223372036854775808" is above`},
		{"1,3,1", "has 1 twice"}, {strings.Join(many, ","), "64 elements"}, {"fib", `"fib" is not`},
	} {
		_, err := ParseSet(tc.in)
		// A person reads it: no game or package prefix (the command line adds none either).
		if !errors.Is(err, engine.ErrRefused) || strings.HasPrefix(msg(err), "subtraction") || !strings.Contains(msg(err), tc.says) {
			t.Errorf("ParseSet(%q): %v; want a refusal saying %s", tc.in, err, tc.says)
		}
	}
	for _, in := range []string{"fib", "FIB", " fib "} {
		if g, err := NewSubtraction(in); err != nil || g.Params()[0].Value != "fib" {
			t.Errorf("NewSubtraction(%q): %v", in, err)
		}
	}
	if g, _ := NewSubtraction("4,1,3"); g.Params()[0].Name != "set" || g.Params()[0].Value != "1,3,4" || g.Params()[0].Shown.Render(assetsEN) != "set {1, 3, 4}" {
		t.Errorf("params %v", g.Params())
	}
}

func TestSubtractionMoves(t *testing.T) {
	t.Parallel()
	s := subtraction(t, "1,3,4")
	p := engine.Position{5, 0, 3}
	want := []engine.Move{engine.At(1, 1), engine.At(1, 3), engine.At(1, 4), engine.At(3, 1), engine.At(3, 3)}
	if got := slices.Collect(s.Moves(p, 0)); !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	if got := slices.Collect(s.Moves(p, 2)); !slices.Equal(got, []engine.Move{engine.At(1, 1), engine.At(1, 3), engine.At(3, 1), engine.At(3, 3)}) {
		t.Errorf("first two moves per heap: %v", got)
	}
	for _, tc := range []struct {
		m    engine.Move
		says string
	}{
		{engine.At(1, 2), "2 is not in the set {1, 3, 4}"},
		{engine.At(3, 4), "heap 3 has 3 matches, cannot take 4"},
		{engine.At(4, 1), "there is no heap 4"},
		{engine.At(1, 0), "take at least 1"},
	} {
		if _, err := s.Apply(p, tc.m); !errors.Is(err, engine.ErrRefused) || !strings.HasPrefix(msg(err), tc.says) {
			t.Errorf("Apply %v: %v, want %q", tc.m, err, tc.says)
		}
	}
	if _, err := subtraction(t, "fib").Apply(engine.Position{9}, engine.At(1, 4)); err == nil || !strings.Contains(msg(err), "4 is not a Fibonacci number") {
		t.Errorf("fib take 4: %v", err)
	}
	if q, err := s.Apply(p, engine.At(1, 4)); err != nil || !slices.Equal(q, engine.Position{1, 0, 3}) || p[0] != 5 {
		t.Errorf("Apply take 4 from heap 1: %v %v (p now %v)", q, err, p)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for range 200 {
		m, ok := s.RandomMove(p, r)
		if _, err := s.Apply(p, m); !ok || err != nil {
			t.Fatalf("random move %v %v: %v", m, ok, err)
		}
	}
	if _, ok := subtraction(t, "2,5,7").RandomMove(engine.Position{1, 0, 1}, r); ok {
		t.Error("a random move from heaps below the smallest take")
	}
	if _, err := s.Solve(engine.Position{}, engine.Normal); !errors.Is(err, engine.ErrRefused) {
		t.Errorf("empty position: %v", err)
	}
	if _, err := s.Normalize(engine.Position{3, -1}); err == nil || !strings.Contains(msg(err), "heap 2 is -1") {
		t.Errorf("negative heap: %v", err)
	}
}

var missingKey = regexp.MustCompile(`\{[a-z]+\.[a-z.]+\}`)

func TestSubtractionExplanation(t *testing.T) {
	t.Parallel()
	s := subtraction(t, "fib")
	r := rand.New(rand.NewPCG(3, 3))
	many := make(engine.Position, thorough(100_000, 500_000))
	for i := range many {
		many[i] = r.Int64N(fibLimit + 1)
	}
	for _, p := range []engine.Position{{7}, {0}, {5, 7, 9}, {fibLimit, 999_999}, many, many[:16]} {
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			a, err := engine.Analyze(s, p, c)
			if err != nil {
				t.Fatal(err)
			}
			lines := a.Explanation.Lines(assetsEN)
			text := strings.Join(lines, "\n")
			if len(lines) > 28 || missingKey.MatchString(text) {
				t.Errorf("%d heaps %v: %d lines:\n%s", len(p), c, len(lines), text)
			}
			if c == engine.Misere && !strings.Contains(text, "The misère certificate holds") {
				t.Errorf("%d heaps: the misère certificate is not mentioned:\n%s", len(p), text)
			}
		}
	}
	a, _ := engine.Analyze(s, engine.Position{4}, engine.Normal)
	if got := a.Explanation.Lines(assetsEN); !slices.Contains(got, "g(4) = mex{g(3)=3, g(2)=2, g(1)=1} = 0") {
		t.Errorf("no mex derivation of g(4):\n%s", strings.Join(got, "\n"))
	}
}

// A winning move may raise a heap's Grundy value: with the set 1,3,4,
// g(6) = 2 and g(5) = 3, so from 6 5 (nim-sum 1) taking 1 from heap 1
// turns its 2 into 3.
func TestRaisingMoveWins(t *testing.T) {
	t.Parallel()
	a, err := engine.Analyze(subtraction(t, "1,3,4"), engine.Position{6, 5}, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	if want := []engine.Move{engine.At(1, 1), engine.At(2, 1)}; !slices.Equal(a.Winning, want) {
		t.Errorf("winning moves %v, want %v", a.Winning, want)
	}
	text := strings.Join(a.Explanation.Lines(assetsEN), "\n")
	if !strings.Contains(text, "Take 1 from heap 1: g(6) = 2 becomes g(5) = 3, and the nim-sum becomes 0.") || !strings.Contains(text, "goes up") {
		t.Errorf("the explanation does not show the rise:\n%s", text)
	}
}

func TestConcurrentTables(t *testing.T) {
	t.Parallel()
	s := subtraction(t, "fib")
	s.table = newGrundyTable("fib", fibonacci, fibLimit)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for h := int64(i * 1000); h < fibLimit; h += 99_991 {
				if _, err := s.Solve(engine.Position{h, 7}, engine.Normal); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
}

// fuzzSets are the sets the fuzz target plays, each with the largest heap
// it may draw.
var fuzzSets = []struct {
	set string
	top int64
}{
	{"fib", fibLimit}, {"1,3,4", math.MaxInt64}, {"2,5,7", math.MaxInt64},
	{"1,2,4,8,16,32,64", math.MaxInt64}, {"5,12,13,40", math.MaxInt64}, {"3,4,7", 1000},
}

// FuzzSubtractionMoves checks the closed form against itself on large
// positions: a winning move leads to a P-position, and every move from a
// P-position leads to an N-position.
func FuzzSubtractionMoves(f *testing.F) {
	f.Add(uint64(1), uint8(0), false)
	f.Add(uint64(2), uint8(1), true)
	f.Add(uint64(3), uint8(4), false)
	f.Fuzz(func(t *testing.T, seed uint64, which uint8, misere bool) {
		fs := fuzzSets[int(which)%len(fuzzSets)]
		s := subtraction(t, fs.set)
		c := engine.Normal
		if misere {
			c = engine.Misere
		}
		r := rand.New(rand.NewPCG(seed, uint64(which)))
		p := make(engine.Position, 1+r.IntN(6))
		for i := range p {
			p[i] = r.Int64N(fs.top)
			if r.IntN(3) == 0 {
				p[i] %= 50
			}
		}
		sol, err := s.Solve(p, c)
		if err != nil {
			t.Fatalf("%s %v %v: %v", fs.set, p, c, err)
		}
		want := engine.N
		var moves []engine.Move
		if sol.Outcome == engine.N {
			want = engine.P
			moves = slices.Collect(sol.Winning)
			if len(moves) == 0 && !engine.Over(s, p) {
				t.Fatalf("%s %v %v: N-position without a winning move", fs.set, p, c)
			}
		} else {
			moves = slices.Collect(s.Moves(p, 0))
		}
		for _, m := range moves {
			q, err := s.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			after, err := s.Solve(q, c)
			if err != nil || after.Outcome != want {
				t.Fatalf("%s %v %v is %v, but %v leaves %v (%v)", fs.set, p, c, sol.Outcome, m, after.Outcome, err)
			}
		}
	})
}

// FuzzParseSet: ParseSet never panics, and a set it accepts is ascending,
// positive, at most 63 elements, and reads back the same from its
// normalised form.
func FuzzParseSet(f *testing.F) {
	for _, s := range []string{"1,3,4", "4,1,3", "1,,3", "", "0", "-1", "fib", "9223372036854775808", " 2 ,5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		set, err := ParseSet(in)
		if err != nil {
			if !errors.Is(err, engine.ErrRefused) {
				t.Fatalf("%q: %v is not a refusal", in, err)
			}
			return
		}
		if len(set) == 0 || len(set) > maxSetSize || set[0] < 1 {
			t.Fatalf("%q gave %v", in, set)
		}
		for i := 1; i < len(set); i++ {
			if set[i] <= set[i-1] {
				t.Fatalf("%q gave %v: not strictly ascending", in, set)
			}
		}
		again, err := ParseSet(formatSet(set))
		if err != nil || !slices.Equal(again, set) {
			t.Fatalf("%q gave %v, which reads back as %v, %v", in, set, again, err)
		}
	})
}

func BenchmarkFibonacciTable(b *testing.B) {
	for b.Loop() {
		v, err := newGrundyTable("fib", fibonacci, fibLimit).upTo(fibLimit)
		if err != nil || !v.certified(fibLimit) {
			b.Fatal(err)
		}
	}
}

func BenchmarkWinningMoves(b *testing.B) {
	s := subtraction(b, "fib")
	r := rand.New(rand.NewPCG(5, 5))
	p := make(engine.Position, 100_000)
	for i := range p {
		p[i] = r.Int64N(fibLimit + 1)
	}
	for b.Loop() {
		sol, err := s.Solve(p, engine.Normal)
		if err != nil {
			b.Fatal(err)
		}
		if _, n := engine.FirstAndCount(sol.Winning); n == 0 && sol.Outcome == engine.N {
			b.Fatal("no winning move")
		}
	}
}

func ExampleSubtraction() {
	g, _ := NewSubtraction("1,3,4")
	a, _ := engine.Analyze(g, engine.Position{6, 5, 1000000007}, engine.Normal)
	fmt.Println(a.Summary().Render(assetsEN))
	for _, line := range a.Explanation.Lines(assetsEN) {
		fmt.Println(line)
	}
	// Output:
	// N-position: the player to move wins: take 3 from heap 1, leaving 3 5 1,000,000,007.
	// A move takes s matches from one heap, s in S = {1, 3, 4}. A heap's Grundy (SG) value is g(h) = mex{g(h − s) | s ∈ S, s ≤ h}: the smallest non-negative integer missing among the values of its options (the heaps one move can leave).
	// g(6) = mex{g(5)=3, g(3)=1, g(2)=0} = 2
	// g(5) = mex{g(4)=2, g(2)=0, g(1)=1} = 3
	// g(1000000007) = g(1000000007 mod 7) = g(6) = 2: the Grundy values 0 1 0 1 2 3 2 repeat with period 7.
	//   heap 1: g(6)           2 = 10
	//   heap 2: g(5)           3 = 11
	//   heap 3: g(1000000007)  2 = 10
	//   nim-sum                3 = 11
	//                              ^ the highest 1 of the nim-sum is bit 1 (2^1 = 2)
	// The nim-sum is 3, not 0: the player to move can make it 0, and keep it 0 after every reply until the end.
	// Take 3 from heap 1: g(6) = 2 becomes g(3) = 1, and the nim-sum becomes 0.
	// Winning moves from here: 3.
}

// Big tables are built one at a time, whoever asks: sessions of a class
// typing large sets each built their own at once (3.6 GB for 13 of them).
func TestBigTablesOneAtATime(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds big tables")
	}
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := int64(bigTable/searchFactor + 1 + i) // a table past bigTable, another set each time
			tb := newGrundyTable(fmt.Sprintf("test-%d", i), []int64{1, m}, bigTable+int64(i))
			if _, err := tb.upTo(bigTable); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if most := bigBuilds.most.Load(); most != 1 {
		t.Errorf("%d big tables were built at once", most)
	}
}
