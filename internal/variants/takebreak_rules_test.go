package variants

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"matchgame/internal/engine"
)

// Tests of the rules, their moves, their Grundy values and periods, and the
// misère certificate, each against the definition read independently here.

// The rules the take-and-break tests run on: the named games and octal
// codes of every kind (splits or none, with and without a known period).
var breakRules = []string{"kayles", "dawson-kayles", "dawson-chess", "lasker", "grundy",
	"0.6", "0.156", "0.51", "0.4", "0.71", "0.16", "4.07", "4.7", "4.0", "4.1"}

// tableLimit is how far the tests grow the tables of the rules with no
// period (Grundy's game, 0.6, 0.16): to breakLimit in CI, where each
// costs about a fifth of a second; here to a smaller limit, through tables
// of their own (limited), which reach the same refusals.
var tableLimit = thorough[int64](2047, breakLimit)

// limited is the rule name with its table grown at most to tableLimit.
func limited(t testing.TB, name string) *takeBreak {
	t.Helper()
	r := *breakRule(t, name)
	if tableLimit < breakLimit {
		r.table = newBreakTable(r.table.key, r.kind, r.digits)
		r.table.limit = tableLimit
	}
	return &r
}

func breakRule(t testing.TB, name string) *takeBreak {
	t.Helper()
	if r, ok := namedTakeBreak(name); ok {
		return r
	}
	r, err := parseOctal(name)
	if err != nil {
		t.Fatalf("parseOctal(%q): %v", name, err)
	}
	return r
}

// refRule is a take-and-break rule as the tests read it, straight from its
// definition and independent of takebreak.go: an octal code's digits, or
// "lasker" or "grundy".
type refRule struct {
	kind   string
	d0     int   // the digit before the point: 4, a split with nothing taken
	digits []int // d1, d2 …
}

func refOf(name string) refRule {
	code := map[string]string{"kayles": "0.77", "dawson-kayles": "0.07", "dawson-chess": "0.137"}[name]
	if name == "lasker" || name == "grundy" {
		return refRule{kind: name}
	}
	if code == "" {
		code = name
	}
	r := refRule{kind: "octal", d0: int(code[0] - '0')}
	for _, c := range code[2:] {
		r.digits = append(r.digits, int(c-'0'))
	}
	return r
}

// each calls f(t, a, b) for what each move may leave of a heap of h, in
// natural order (take ascending, then the smaller part a; a = 0 leaves the
// one heap b).
func (r refRule) each(h int, f func(t, a, b int)) {
	for t := 0; t <= h; t++ {
		if r.kind == "octal" && t > len(r.digits) {
			return
		}
		for a := 0; a <= (h-t)/2; a++ {
			b := h - t - a
			var legal bool
			switch {
			case r.kind == "lasker":
				legal = (t == 0 && a >= 1) || (t >= 1 && a == 0)
			case r.kind == "grundy":
				legal = t == 0 && a >= 1 && a < b
			case t == 0:
				legal = a >= 1 && r.d0&4 != 0
			case a >= 1:
				legal = r.digits[t-1]&4 != 0
			case b == 0:
				legal = r.digits[t-1]&1 != 0
			default:
				legal = r.digits[t-1]&2 != 0
			}
			if legal {
				f(t, a, b)
			}
			if a == 0 && !r.splits(t) {
				break // no split at this take: a ≥ 1 is never legal
			}
		}
	}
}

// splits reports whether a move taking t may leave two heaps.
func (r refRule) splits(t int) bool {
	switch r.kind {
	case "lasker", "grundy":
		return t == 0
	}
	if t == 0 {
		return r.d0&4 != 0
	}
	return r.digits[t-1]&4 != 0
}

func (r refRule) options(h int) [][3]int {
	var out [][3]int
	r.each(h, func(t, a, b int) { out = append(out, [3]int{t, a, b}) })
	return out
}

// grundy is g(0) … g(n−1) by the mex of the options' values, nothing
// else. Several tests ask for thousands of values of the same rules, so
// they are kept.
func (r refRule) grundy(n int) []int {
	key := fmt.Sprint(r.kind, r.d0, r.digits)
	refTables.Lock()
	defer refTables.Unlock()
	if g := refTables.m[key]; len(g) >= n {
		return g[:n]
	}
	g := r.mex(n)
	refTables.m[key] = g
	return g
}

var refTables = struct {
	sync.Mutex
	m map[string][]int
}{m: map[string][]int{}}

func (r refRule) mex(n int) []int {
	g := make([]int, n)
	seen := make([]int, 4*n+4) // seen[v] = h+1: some option of h is worth v
	for h := range n {
		r.each(h, func(t, a, b int) {
			v := g[b]
			if a > 0 {
				v ^= g[a]
			}
			seen[v] = h + 1
		})
		for seen[g[h]] == h+1 {
			g[h]++
		}
	}
	return g
}

// refused returns the catalogue key and values of a refusal, failing the
// test for any other error or none.
func refused(t *testing.T, err error) (string, []any) {
	t.Helper()
	var r *engine.Refusal
	if !errors.As(err, &r) || !errors.Is(err, engine.ErrRefused) {
		t.Fatalf("want a refusal, got %v", err)
	}
	return r.Key, r.Args
}

func TestParseOctal(t *testing.T) {
	t.Parallel()
	for code, want := range map[string]struct {
		code   string
		digits int // d0 to dk
	}{
		"0.77": {"0.77", 3}, " 0.770 ": {"0.77", 3}, "0.07": {"0.07", 3}, "0.137": {"0.137", 4}, "0.6": {"0.6", 2},
		"0.00000001": {"0.00000001", 9}, "0." + strings.Repeat("7", 32) + "000": {"0." + strings.Repeat("7", 32), 33},
		"4.07": {"4.07", 3}, "4.0": {"4.0", 1}, "4.000": {"4.0", 1}, "4.7": {"4.7", 2},
	} {
		r, err := parseOctal(code)
		if err != nil || r.code != want.code || r.kind != octalRule || len(r.digits) != want.digits {
			t.Errorf("parseOctal(%q) = %+v, %v; want code %s with %d digits", code, r, err, want.code, want.digits)
		}
	}
	long := "0." + strings.Repeat("7", 45)
	for _, c := range []struct {
		code, key string
		args      []any
	}{
		{"77", "err.octal.form", []any{"77"}},
		{"1.77", "err.octal.d0", []any{"1.77", 1}},
		{"2.7", "err.octal.d0", []any{"2.7", 2}},
		{"8.7", "err.octal.form", []any{"8.7"}},
		{"", "err.octal.form", []any{""}},
		{"0,77", "err.octal.form", []any{"0,77"}},
		{"0.", "err.octal.empty", []any{"0."}},
		{"0.78", "err.octal.digit", []any{"0.78", 2, "8"}},
		{"0.7a", "err.octal.digit", []any{"0.7a", 2, "a"}},
		{"0.-7", "err.octal.digit", []any{"0.-7", 1, "-"}},
		{"0.7٣", "err.octal.digit", []any{"0.7٣", 2, "٣"}},
		{"0.000", "err.octal.nomove", []any{"0.000"}},
		{long, "err.octal.long", []any{long[:40] + "…", 45, 32}},
		{"0." + strings.Repeat("7", 33), "err.octal.long", []any{"0." + strings.Repeat("7", 33), 33, 32}},
		{strings.Repeat("é", 50), "err.octal.form", []any{strings.Repeat("é", 40) + "…"}},
	} {
		_, err := parseOctal(c.code)
		if key, args := refused(t, err); key != c.key || !slices.Equal(args, c.args) {
			t.Errorf("parseOctal(%q): %s %v, want %s %v", c.code, key, args, c.key, c.args)
		}
	}
	if _, ok := namedTakeBreak("octal"); ok {
		t.Error(`namedTakeBreak("octal") needs a code`)
	}
	for name, code := range namedCodes {
		r, ok := namedTakeBreak(name)
		if !ok || r.code != code || r.String() != name+" ("+code+")" {
			t.Errorf("namedTakeBreak(%q) = %+v", name, r)
		}
	}
}

// The moves a rule generates and makes are those of its definition.
func TestBreakMoves(t *testing.T) {
	t.Parallel()
	for _, name := range breakRules {
		r, ref := breakRule(t, name), refOf(name)
		for h := range int64(40) {
			var got [][3]int
			for o := range r.heapOptions(h) {
				got = append(got, [3]int{int(o.Take), int(o.Left), int(o.Right)})
				q, err := r.apply([]int64{7, h, 5}, engine.Change{Place: 2, Amount: o.Take, Pieces: [2]int64{o.Left}}.Move())
				want := []int64{7, o.Left, o.Right, 5}
				if o.Left == 0 {
					want = []int64{7, o.Right, 5}
				}
				if err != nil || !slices.Equal(q, want) {
					t.Fatalf("%s: heap %d, %v: %v, %v", name, h, o, q, err)
				}
			}
			if want := ref.options(int(h)); !slices.Equal(got, want) {
				t.Fatalf("%s heap %d: options %v, want %v", name, h, got, want)
			}
			if r.canMove(h) != (len(got) > 0) {
				t.Errorf("%s heap %d: canMove %v with %d options", name, h, r.canMove(h), len(got))
			}
			if n := r.optionCount(h); n != int64(len(got)) {
				t.Errorf("%s heap %d: optionCount %d, listed %d", name, h, n, len(got))
			}
			// Every other (take, left) is refused.
			for tk := int64(-1); tk <= h+1; tk++ {
				for a := int64(-1); a <= h/2+1; a++ {
					legal := slices.Contains(got, [3]int{int(tk), int(a), int(h - tk - a)})
					if _, err := r.apply([]int64{h}, engine.Change{Place: 1, Amount: tk, Pieces: [2]int64{a}}.Move()); (err == nil) != legal {
						t.Fatalf("%s heap %d take %d left %d: legal %v, apply says %v", name, h, tk, a, legal, err)
					}
				}
			}
		}
		// The moves of a position: heap by heap, each in its own order.
		p := []int64{6, 0, 9, 4}
		var want []breakMove
		for i, h := range p {
			for _, o := range ref.options(int(h)) {
				want = append(want, engine.Change{Place: i + 1, Amount: int64(o[0]), Pieces: [2]int64{int64(o[1])}}.Move())
			}
		}
		if got := slices.Collect(r.moves(p)); !slices.Equal(got, want) {
			t.Errorf("%s %v: moves %v, want %v", name, p, got, want)
		}
	}
}

// Moves that are not the rule's, and positions that are none, are
// refused with the values named.
func TestBreakMoveRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p    []int64
		key  string
		args []any
	}{
		{nil, "err.position.empty", []any{engine.T("what.heap")}},
		{[]int64{3, -2}, "err.position.negative", []any{engine.T("what.heap"), 2, int64(-2)}},
	} {
		key, args := refused(t, breakRule(t, "lasker").checkHeaps(c.p))
		if key != c.key || fmt.Sprint(args) != fmt.Sprint(c.args) {
			t.Errorf("%v: %s %v, want %s %v", c.p, key, args, c.key, c.args)
		}
	}
	kayles, grundy, lasker := breakRule(t, "kayles"), breakRule(t, "grundy"), breakRule(t, "lasker")
	dawson := breakRule(t, "dawson-kayles")
	for _, c := range []struct {
		rule *takeBreak
		p    []int64
		m    breakMove
		key  string
		args []any
	}{
		{kayles, []int64{5}, engine.At(2, 1), "err.heap.none", []any{2, 1}},
		{kayles, []int64{5}, engine.At(1, -1), "err.break.negative", []any{int64(-1), int64(0)}},
		{kayles, []int64{5}, engine.At(1, 6), "err.break.short", []any{1, int64(5), int64(6)}},
		{kayles, []int64{5}, engine.Change{Place: 1, Amount: 1, Pieces: [2]int64{3}}.Move(), "err.break.part", []any{1, int64(5), int64(1), int64(4), int64(3), int64(2)}},
		{kayles, []int64{5}, engine.At(1, 3), "err.break.rule", []any{1, int64(5), int64(3), engine.T("break.left.one", int64(2))}},
		{dawson, []int64{5}, engine.At(1, 1), "err.break.rule", []any{1, int64(5), int64(1), engine.T("break.left.one", int64(4))}},
		{dawson, []int64{1}, engine.At(1, 1), "err.break.rule", []any{1, int64(1), int64(1), engine.T("break.left.none")}},
		{grundy, []int64{6}, engine.Change{Place: 1, Amount: 0, Pieces: [2]int64{3}}.Move(), "err.break.rule", []any{1, int64(6), int64(0), engine.T("break.left.two", int64(3), int64(3))}},
		{lasker, []int64{6}, engine.Change{Place: 1, Amount: 1, Pieces: [2]int64{2}}.Move(), "err.break.rule", []any{1, int64(6), int64(1), engine.T("break.left.two", int64(2), int64(3))}},
		{lasker, []int64{6}, engine.At(1, 0), "err.break.rule", []any{1, int64(6), int64(0), engine.T("break.left.one", int64(6))}},
	} {
		_, err := c.rule.apply(c.p, c.m)
		key, args := refused(t, err)
		if key != c.key || len(args) != len(c.args) {
			t.Errorf("%s %v %+v: %s %v, want %s %v", c.rule, c.p, c.m, key, args, c.key, c.args)
			continue
		}
		for i := range args {
			if a, ok := args[i].(engine.Text); ok {
				b := c.args[i].(engine.Text)
				if a.Key != b.Key || !slices.Equal(a.Args, b.Args) {
					t.Errorf("%s %+v: value %d is %v, want %v", c.rule, c.m, i, a, b)
				}
			} else if args[i] != c.args[i] {
				t.Errorf("%s %+v: value %d is %v (%T), want %v (%T)", c.rule, c.m, i, args[i], args[i], c.args[i], c.args[i])
			}
		}
	}
}

// The tables agree with the mex computed straight from the definition.
func TestBreakGrundyTables(t *testing.T) {
	t.Parallel()
	const n = 1500
	for _, name := range breakRules {
		r := breakRule(t, name)
		v, err := r.table.upTo(n - 1)
		if err != nil {
			t.Fatal(err)
		}
		want := refOf(name).grundy(n)
		for h := range int64(n) {
			if v.at(h) != uint64(want[h]) {
				t.Fatalf("%s: g(%d) = %d, want %d", name, h, v.at(h), want[h])
			}
		}
	}
}

// The periods found are the published ones, and the Guy–Smith proof is
// confirmed by the definition well beyond the range it checks: every heap
// up to 3,000 past it (and at least 4,000) has the value the period gives.
func TestBreakPeriods(t *testing.T) {
	t.Parallel()
	published := map[string][2]int64{ // {period, preperiod} where published
		"kayles":        {12, 71}, // Guy and Smith 1956: last exceptional value g(70)
		"dawson-kayles": {34, 0},  // period 34; the preperiod is checked below
		"dawson-chess":  {34, 0},
	}
	for _, name := range []string{"kayles", "dawson-kayles", "dawson-chess", "0.156", "0.51", "0.4", "0.71"} {
		r := breakRule(t, name)
		v, err := r.table.upTo(math.MaxInt64)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		e, p, to, ok := r.table.period()
		if !ok || to != 2*max(e, 1)+p+r.table.k {
			t.Fatalf("%s: no period proved (%d %d %d)", name, e, p, to)
		}
		if want, ok := published[name]; ok && (p != want[0] || (want[1] != 0 && e != want[1])) {
			t.Errorf("%s: period %d from %d, published %d from %d", name, p, e, want[0], want[1])
		}
		n := max(to+p+thorough[int64](300, 3000), thorough[int64](1000, 4000))
		g := refOf(name).grundy(int(n))
		for h := range n {
			if v.at(h) != uint64(g[h]) {
				t.Fatalf("%s: g(%d) = %d by the period, %d by the definition", name, h, v.at(h), g[h])
			}
		}
		// e and p are the least: the definition's values break them.
		if e > 0 && g[e-1] == g[e-1+p] {
			t.Errorf("%s: g(%d) = g(%d): the preperiod %d is not the least", name, e-1, e-1+p, e)
		}
		for d := int64(1); d < p; d++ {
			if slices.Equal(g[e:e+p], g[e+d:e+d+p]) {
				t.Errorf("%s: %d is a smaller period than %d", name, d, p)
			}
		}
		t.Logf("%s: period %d, preperiod %d, proved from g(n+%d) = g(n) for %d ≤ n < %d", name, p, e, p, max(e, 1), to)
	}
	// Dawson's chess is Dawson's Kayles one pin on: g₀.₁₃₇(n) = g₀.₀₇(n+1).
	chess, _ := breakRule(t, "dawson-chess").table.upTo(math.MaxInt64)
	kayles, _ := breakRule(t, "dawson-kayles").table.upTo(math.MaxInt64)
	for _, n := range []int64{0, 1, 50, 51, 52, 1000, 1e18, math.MaxInt64 - 1} {
		if chess.at(n) != kayles.at(n+1) {
			t.Errorf("dawson-chess g(%d) = %d, dawson-kayles g(%d) = %d", n, chess.at(n), n+1, kayles.at(n+1))
		}
	}
	// Kayles at the top of int64 reads the period without overflow.
	k, _ := breakRule(t, "kayles").table.upTo(math.MaxInt64)
	if want := k.at(71 + (math.MaxInt64-71)%12); k.at(math.MaxInt64) != want {
		t.Errorf("kayles g(2^63−1) = %d, want %d", k.at(math.MaxInt64), want)
	}
	// No period is proved within the table for these.
	for _, name := range []string{"0.6", "0.16", "grundy"} {
		r := limited(t, name)
		if _, err := r.table.upTo(tableLimit); err != nil {
			t.Fatal(err)
		}
		if _, _, _, ok := r.table.period(); ok {
			t.Errorf("%s: a period within %d heaps", name, tableLimit+1)
		}
	}
}

// A table too short for the Guy–Smith range proves nothing, even when
// the period shows in it: Kayles needs 2·71+2·12+2 = 168 values.
func TestBreakPeriodNeedsItsRange(t *testing.T) {
	t.Parallel()
	tb := newBreakTable("test", octalRule, []uint8{0, 7, 7}) // Kayles: d0 = 0, d1 = d2 = 7
	for _, n := range []int64{150, 160, 167} {               // 167: g(155+12) is missing
		tb.grow(n)
		if tb.findPeriod(); tb.p != 0 {
			t.Errorf("period %d from %d proved from %d values", tb.p, tb.e, n)
		}
	}
	tb.grow(168)
	if tb.findPeriod(); tb.p != 12 || tb.e != 71 {
		t.Errorf("168 values: period %d from %d", tb.p, tb.e)
	}
}

// Lasker's closed form is the table's, up to 20,000 and beyond int64's
// reach of the value.
func TestLaskerClosedForm(t *testing.T) {
	t.Parallel()
	tb := newBreakTable("lasker-test", laskerRule, nil)
	n := thorough(5001, 20001) // the table costs n²/4 steps
	tb.grow(int64(n))
	if len(tb.g) != n {
		t.Fatalf("the table stopped at %d", len(tb.g))
	}
	for h, v := range tb.g {
		if laskerSwap.value(int64(h)) != uint64(v) {
			t.Fatalf("g(%d) = %d, closed form %d", h, v, laskerSwap.value(int64(h)))
		}
	}
	if laskerSwap.value(math.MaxInt64) != 1<<63 {
		t.Errorf("g(2^63−1) = %d", laskerSwap.value(math.MaxInt64))
	}
	// The generic misère certificate agrees with the proof in certified.
	for h := range int64(3000) {
		if !tb.certifies(h) {
			t.Fatalf("lasker heap %d fails the misère certificate", h)
		}
	}
}

// directFirstBad is the first heap below n that fails the misère
// certificate, straight from its definition (C1 can be left out, to see
// where it matters); −1 if none. See breakTable.certifies.
func directFirstBad(ref refRule, g []int, withC1 bool) int64 {
	for h := range len(g) {
		var zeroSmall, oneSmall, zeroBig, oneBig, moves bool // S_0, S_1, B_0, B_1
		ref.each(h, func(_, a, b int) {
			moves = true
			x, small := g[b], g[b] <= 1
			if a > 0 {
				x ^= g[a]
				small = small && g[a] <= 1
			}
			switch {
			case small && x == 0:
				zeroSmall = true
			case small && x == 1:
				oneSmall = true
			case x == 0:
				zeroBig = true
			case x == 1:
				oneBig = true
			}
		})
		bigBad := (g[h] == 0 && oneBig) || (g[h] == 1 && zeroBig)
		ok := !(withC1 && bigBad)
		switch g[h] {
		case 0:
			ok = ok && (!moves || oneSmall)
		case 1:
		default:
			ok = (oneSmall || zeroBig) && (zeroSmall || oneBig)
		}
		if !ok {
			return int64(h)
		}
	}
	return -1
}

// certifies follows its definition: computed here from the options of
// the definition and the values of the mex.
func TestBreakCertificate(t *testing.T) {
	t.Parallel()
	for _, name := range breakRules {
		const n = 400
		r, ref := breakRule(t, name), refOf(name)
		firstBad := directFirstBad(ref, ref.grundy(n), true)
		if _, err := r.table.upTo(n - 1); err != nil {
			t.Fatal(err)
		}
		ok, bad := r.table.certified(n - 1)
		if ok != (firstBad < 0) || (!ok && bad != firstBad) {
			t.Errorf("%s: certified %v, first failure %d; want %d", name, ok, bad, firstBad)
		}
		t.Logf("%s: misère certificate fails first at heap %d (−1: none up to %d)", name, firstBad, n-1)
	}
}
