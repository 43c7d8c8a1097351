package variants

import (
	"slices"
	"strings"
	"testing"

	"matchgame/internal/engine"
)

// derive gives the mex of the listed options in the table, the period and
// its Guy–Smith range beyond it, and Lasker's closed form.
func TestBreakDerive(t *testing.T) {
	t.Parallel()
	for _, name := range breakRules {
		r, ref := breakRule(t, name), refOf(name)
		g := ref.grundy(61)
		for h := range int64(61) {
			d, err := r.derive(h, 1000)
			if err != nil || d.Value != uint64(g[h]) {
				t.Fatalf("%s heap %d: %+v, %v", name, h, d, err)
			}
			if d.Period != nil { // a short period is proved before the table reaches h
				if pc := d.Period; pc.Residue >= h || g[pc.Residue] != g[h] || (pc.Residue-pc.Preperiod)%pc.Period != (h-pc.Preperiod)%pc.Period {
					t.Fatalf("%s heap %d: %+v", name, h, pc)
				}
				continue
			}
			var listed [][3]int
			seen := map[uint64]bool{}
			for _, grp := range d.Mex.Groups {
				for _, o := range grp.Options {
					listed = append(listed, [3]int{int(grp.Take), int(o.Left), int(o.Right)})
					want := g[o.Right]
					if o.Left > 0 {
						want ^= g[o.Left]
					}
					if o.Value != uint64(want) {
						t.Fatalf("%s heap %d: option %+v worth %d, want %d", name, h, o, o.Value, want)
					}
					seen[o.Value] = true
				}
			}
			mex := uint64(0)
			for seen[mex] {
				mex++
			}
			if mex != d.Value || !slices.Equal(listed, ref.options(int(h))) || d.Mex.Total != int64(len(listed)) || d.Mex.Listed != len(listed) {
				t.Fatalf("%s heap %d: mex %d of %v, value %d, total %d", name, h, mex, listed, d.Value, d.Mex.Total)
			}
		}
	}
	kayles := breakRule(t, "kayles")
	if d, _ := kayles.derive(30, 5); d.Mex.Listed != 5 || d.Mex.Total != kayles.optionCount(30) || len(d.Mex.Groups) != 1 {
		t.Errorf("kayles 30, 5 options: %+v", d.Mex)
	}
	g := refOf("kayles").grundy(200)
	d, err := kayles.derive(1e18, 10)
	res := int64(71 + (1_000_000_000_000_000_000-71)%12)
	if err != nil || d.Period == nil || *d.Period != (periodCheck{Period: 12, Preperiod: 71, Residue: res, Digits: 2, CheckFrom: 71, CheckTo: 156}) || d.Value != uint64(g[res]) {
		t.Errorf("kayles 10^18: %+v %+v, %v", d, d.Period, err)
	}
	// 0.3 is periodic from 0 (g = 0 1 0 1 …): the theorem is applied from 1.
	d, err = breakRule(t, "0.3").derive(1e9+1, 10)
	if err != nil || d.Period == nil || *d.Period != (periodCheck{Period: 2, Preperiod: 0, Residue: 1, Digits: 1, CheckFrom: 0, CheckTo: 5}) || d.Value != 1 {
		t.Errorf("0.3 at 10^9+1: %+v %+v, %v", d, d.Period, err)
	}
	lasker := breakRule(t, "lasker")
	if d, err := lasker.derive(1e15+3, 10); err != nil || !d.ClosedForm || d.Value != 1e15+4 {
		t.Errorf("lasker 10^15+3: %+v, %v", d, err)
	}
	if d, err := lasker.derive(breakLimit, 3); err != nil || d.Mex == nil || d.Mex.Listed != 3 || d.Value != laskerSwap.value(breakLimit) {
		t.Errorf("lasker %d: %+v, %v", breakLimit, d, err)
	}
	if _, err := breakRule(t, "grundy").derive(40000, 10); err == nil {
		t.Error("grundy 40000 derived beyond the table")
	}
}

func TestBreakValue(t *testing.T) {
	t.Parallel()
	g := refOf("kayles").grundy(200)
	kayles := breakRule(t, "kayles")
	for _, h := range []int64{0, 70, 71, 199, 1e18, 1<<63 - 1} {
		want := g[h%200]
		if h >= 200 {
			want = g[71+(h-71)%12]
		}
		if v, err := kayles.value(h); err != nil || v != uint64(want) {
			t.Errorf("kayles g(%d) = %d, %v; want %d", h, v, err, want)
		}
	}
	if _, err := kayles.value(-1); err == nil {
		t.Error("g(-1) answered")
	}
	if _, err := limited(t, "0.6").value(tableLimit + 1); err == nil {
		t.Error("0.6 answered beyond its table")
	}
	if v, err := breakRule(t, "lasker").value(1<<63 - 1); err != nil || v != 1<<63 {
		t.Errorf("lasker g(2^63−1) = %d, %v", v, err)
	}
}

// A component's value says how its heaps' values are known, with the
// period where one is proved; finding that out must not build a code's
// table to its limit for a small heap (a sum of 0.6 with a heap of 5 took
// a fifth of a second, 28 times the whole analysis of 0.6 alone). The
// words do not depend on how far the shared table grew before.
func TestValueSaysThePeriodCheaply(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		code, want string
	}{
		{"0.6", "from the table"},
		{"0.77", "period 12 from heap 71"},
		{"0.156", "period"},
	} {
		for _, grown := range []int64{0, 3000} {
			r := *breakRule(t, c.code)
			r.table = newBreakTable(r.table.key, r.kind, r.digits)
			if _, err := r.table.upTo(grown); err != nil {
				t.Fatal(err)
			}
			v, err := TakeBreak{rule: &r}.Value(engine.Position{5})
			if err != nil {
				t.Fatal(err)
			}
			if how := v.How.Render(assetsEN); !strings.Contains(how, c.want) {
				t.Errorf("%s 5 (table grown to %d first): %q, want %q in it", c.code, grown, how, c.want)
			}
			if n := len(r.table.g); n > max(int(grown), periodShown)+1 {
				t.Errorf("%s 5 (table grown to %d first): the value grew the table to %d heaps", c.code, grown, n)
			}
		}
	}
}
