package variants

// The numbers an explanation of a take-and-break position shows, as plain
// data: how each heap's Grundy value is known, and the nim-sum (in
// breakAnalysis). The wording is the explanation's business.

// heapDerivation says how g(Heap) = Value is known: exactly one of Mex,
// Period and ClosedForm is set.
type heapDerivation struct {
	Heap  int64
	Value uint64
	// Mex: the heap is in the table, and its value is the mex of its
	// options' values. Lasker's Nim has no table: up to breakLimit its
	// options are listed with their values by the closed form.
	Mex *mexDerivation
	// Period: the heap is beyond the table of a code whose period is
	// proved; its value is that of the heap Residue.
	Period *periodCheck
	// ClosedForm: Lasker's Nim beyond breakLimit, g(4k+1) = 4k+1,
	// g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
	ClosedForm bool
}

// mexDerivation lists a heap's options with their values, by take
// ascending, as many as asked for; Total counts them all.
type mexDerivation struct {
	Groups []optionGroup
	Listed int
	Total  int64
}

// optionGroup is the options of one take: Left = 0 leaves the one heap
// Right, worth g(Right); otherwise the heaps Left and Right, worth
// g(Left) ⊕ g(Right), a sum of two games.
type optionGroup struct {
	Take    int64
	Options []optionValue
}

type optionValue struct {
	Left, Right int64
	Value       uint64
}

// periodCheck is the period behind a heap's value: g(n+Period) = g(n) for
// every n ≥ Preperiod, so g(heap) = g(Residue) with Residue =
// Preperiod + (heap − Preperiod) mod Period. The Guy–Smith theorem proves it
// from the table's g(n+Period) = g(n) for CheckFrom ≤ n < CheckTo
// (= 2·CheckFrom + Period + Digits; CheckFrom is the preperiod, or 1 for a
// sequence periodic from 0, with g(Period) = g(0) read from the table).
type periodCheck struct {
	Period, Preperiod, Residue int64
	Digits                     int64
	CheckFrom, CheckTo         int64
}

// value is g(h), the Grundy value of one heap: any int64 heap of a code
// with a proved period and of Lasker's Nim, heaps up to breakLimit
// otherwise (a refusal names the bound). Cost: the table up to h the first
// time (at most a third of a second), then O(1).
func (r *takeBreak) value(h int64) (uint64, error) {
	if h < 0 {
		return 0, r.checkHeaps([]int64{h})
	}
	v, err := r.table.upTo(h)
	if err != nil {
		return 0, err
	}
	return v.at(h), nil
}

// derive says how g(h) is known, listing at most most options of a heap
// in the table. Cost: the table up to h (or the period), then
// O(most + k).
func (r *takeBreak) derive(h int64, most int) (heapDerivation, error) {
	v, err := r.table.upTo(h)
	if err != nil {
		return heapDerivation{}, err
	}
	d := heapDerivation{Heap: h, Value: v.at(h)}
	switch {
	case r.kind == laskerRule && h > breakLimit:
		d.ClosedForm = true
	case r.kind == laskerRule || v.tabled(h):
		d.Mex = r.mexOf(v, h, most)
	default:
		e, p, to, _ := r.table.period()
		d.Period = &periodCheck{Period: p, Preperiod: e, Residue: e + (h-e)%p, Digits: r.table.k,
			CheckFrom: max(e, 1), CheckTo: to}
		if e == 0 {
			d.Period.CheckFrom = 0 // n = 0 is read from the table as well
		}
	}
	return d, nil
}

func (r *takeBreak) mexOf(v breakView, h int64, most int) *mexDerivation {
	m := &mexDerivation{Total: r.optionCount(h)}
	for o := range r.heapOptions(h) {
		if m.Listed == most {
			break
		}
		if n := len(m.Groups); n == 0 || m.Groups[n-1].Take != o.Take {
			m.Groups = append(m.Groups, optionGroup{Take: o.Take})
		}
		val := v.at(o.Right)
		if o.Left > 0 {
			val ^= v.at(o.Left)
		}
		g := &m.Groups[len(m.Groups)-1]
		g.Options = append(g.Options, optionValue{Left: o.Left, Right: o.Right, Value: val})
		m.Listed++
	}
	return m
}
