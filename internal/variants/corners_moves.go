package variants

import (
	"cmp"
	"slices"
)

// Turning Corners' moves from one heads coin (x, y) that change the
// position's value by S: the corners a < x, b < y with (x ⊕ a) ⊗ (y ⊕ b) =
// S. Write u = x ⊕ a and v = y ⊕ b: a < x exactly when u's highest bit is
// one of x's, and then b = y ⊕ S ⊗ u⁻¹ is the one b for that a. So a
// small x is tried a at a time and a small y b at a time; for large ones
// the field is split in halves, X = 2^half, x = x1 X ⊕ x0 and so on:
//
//   - a with a1 < x1 (u1 = x1 ⊕ a1 ≠ 0) leave a0 free. For each such u1, v's
//     high half v1 = (S1 u0 ⊕ S0 u1) / (u1² h ⊕ u0² ⊕ u0 u1) (h = X/2),
//     and b < y needs v1 to be one of y1's (v1 ⊕ y1 < y1), or 0 with v0
//     one of y0's. Each value c of v1 is a quadratic in u0 with at most
//     two roots (z² ⊕ z = γ/β², solved in the field below): few values
//     are tried one by one; many are met by trying the a0 in turn, one in
//     every y1/X or so being a move.
//   - a with a1 = x1 (u = u0 < X, one of x0's) give v1 = S1 ⊗ u0⁻¹: the
//     same question in the field below, for x0 and y1 with S1 (or x0 and
//     y0 with S0 when S1 = 0).
//
// The moves come out with a ascending, natural order. Each candidate is
// checked by the product itself before it is yielded.
type cornerSearch struct {
	f nimField
	// direct: a coin with x or y at most this is tried a or b at a time.
	direct uint64
	// few: a block whose y1 is at most this tries each value of v1.
	few uint64
	// budget is the field operations left; the search stops at 0 and
	// says so (spent).
	budget int
	spent  bool
}

// cornerBudget is the field operations one search for moves may make:
// about a quarter of a second. A count, which must list every move,
// makes at most cornerCount: some 20 ms, and beyond it the count is not
// known.
const (
	cornerBudget = 1 << 22
	cornerCount  = 1 << 18
)

func newCornerSearch(budget int) *cornerSearch {
	return &cornerSearch{f: newNimField(), direct: 1 << 12, few: 1 << 14, budget: budget}
}

// spend takes n operations from the budget; false once it is spent.
func (s *cornerSearch) spend(n int) bool {
	if s.budget -= n; s.budget < 0 {
		s.spent = true
		return false
	}
	return true
}

// corner is one move from a coin: the corner (a, b).
type corner struct{ a, b uint64 }

// each yields the moves from (x, y) changing the value by S, a ascending;
// false when yield stopped it or the budget ran out (spent).
func (s *cornerSearch) each(x, y, S uint64, yield func(a, b uint64) bool) bool {
	return s.solve(bitsFor(max(x, y)), x, y, S, yield)
}

// bitsFor is the smallest power of 2 of bits (1, 2, 4 … 64) that holds v:
// the nimbers below 2^bits are a field.
func bitsFor(v uint64) uint {
	bits := uint(1)
	for bits < 64 && v>>bits != 0 {
		bits *= 2
	}
	return bits
}

func (s *cornerSearch) solve(bits uint, x, y, S uint64, yield func(a, b uint64) bool) bool {
	if x == 0 || y == 0 || S == 0 || (bits < 64 && S>>bits != 0) {
		return true // no product of numbers below 2^bits leaves the field
	}
	switch {
	case x <= s.direct:
		for a := range x {
			if !s.spend(1) {
				return false
			}
			if b := y ^ s.f.mul(S, s.f.inv(x^a)); b < y && !yield(a, b) {
				return false
			}
		}
		return true
	case y <= s.direct:
		var found []corner
		for b := range y {
			if !s.spend(1) {
				return false
			}
			if a := x ^ s.f.mul(S, s.f.inv(y^b)); a < x {
				found = append(found, corner{a, b})
			}
		}
		return yieldSorted(found, yield)
	}
	half := bits / 2
	mask := uint64(1)<<half - 1
	x1, x0 := x>>half, x&mask
	for a1 := range x1 {
		if !s.spend(1) || !s.block(bits, x1^a1, x, y, S, yield) {
			return false
		}
	}
	if x0 == 0 {
		return true
	}
	// a1 = x1: u = u0, v1 = S1 ⊗ u0⁻¹.
	y1, y0, S1, S0 := y>>half, y&mask, S>>half, S&mask
	if S1 == 0 {
		return s.solve(half, x0, y0, S0, func(a0, b0 uint64) bool { return yield(x1<<half|a0, y1<<half|b0) })
	}
	return s.solve(half, x0, y1, S1, func(a0, _ uint64) bool {
		a := x1<<half | a0
		return yield(a, y^s.f.mul(S, s.f.inv(x^a)))
	})
}

// block yields the moves whose u has high half u1 ≠ 0 (a1 = x1 ⊕ u1 <
// x1), a0 ascending.
func (s *cornerSearch) block(bits uint, u1, x, y, S uint64, yield func(a, b uint64) bool) bool {
	half := bits / 2
	mask := uint64(1)<<half - 1
	x0, y1 := x&mask, y>>half
	a1 := x>>half ^ u1
	check := func(u0 uint64) (corner, bool) {
		a := a1<<half | x0 ^ u0
		b := y ^ s.f.mul(S, s.f.inv(u1<<half|u0))
		return corner{a, b}, b < y
	}
	if y1 > s.few {
		for a0 := range mask + 1 {
			if !s.spend(1) {
				return false
			}
			if c, ok := check(x0 ^ a0); ok && !yield(c.a, c.b) {
				return false
			}
		}
		return true
	}
	f := s.f
	h := uint64(1) << (half - 1)
	S1, S0 := S>>half, S&mask
	var found []corner
	try := func(u0 uint64) {
		if u0 <= mask {
			if c, ok := check(u0); ok {
				found = append(found, c)
			}
		}
	}
	if S1 != 0 { // v1 = 0
		try(f.mul(f.mul(S0, u1), f.inv(S1)))
	}
	uh := f.mul(f.mul(u1, u1), h)
	for b1 := range y1 { // v1 = c: u0² ⊕ β u0 ⊕ γ = 0
		if !s.spend(1) {
			return false
		}
		ci := f.inv(y1 ^ b1)
		beta := u1 ^ f.mul(S1, ci)
		gamma := uh ^ f.mul(f.mul(S0, u1), ci)
		if beta == 0 {
			try(f.sqrt(gamma))
			continue
		}
		bi := f.inv(beta)
		if z, ok := f.root(f.mul(gamma, f.mul(bi, bi)), max(half, 16)); ok {
			try(f.mul(z, beta))
			try(f.mul(z^1, beta))
		}
	}
	return yieldSorted(found, yield)
}

// yieldSorted yields the corners found, a ascending, each once.
func yieldSorted(found []corner, yield func(a, b uint64) bool) bool {
	slices.SortFunc(found, func(p, q corner) int { return cmp.Compare(p.a, q.a) })
	found = slices.Compact(found)
	for _, c := range found {
		if !yield(c.a, c.b) {
			return false
		}
	}
	return true
}
