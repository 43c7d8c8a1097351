package variants

import "sync"

// The nimbers below 2^64 are a field under ⊕ and ⊗ (Conway, On Numbers
// and Games ch. 6), and so are those below 2^32 and 2^16: each is the one
// below it extended by X = 2^half with X ⊗ X = X ⊕ X/2. Turning Corners'
// moves are solved in it (corners_moves.go). The field below 2^16 is
// computed by tables of logarithms (a generator of its 65,535 units); the
// larger ones by their halves, as NimMul's comment says, with three
// products of halves a product.

// nimLog16 are the logarithms and powers of the nimbers below 2^16 to one
// generator, and the solutions of z ⊗ z ⊕ z = c there.
type nimTables16 struct {
	log  [1 << 16]uint16
	exp  [2 * 65535]uint16
	half [1 << 16]uint32 // z + 1 for the smaller z with z⊗z ⊕ z = c; 0 for none
}

var nimTables = sync.OnceValue(func() *nimTables16 {
	t := &nimTables16{}
	// A generator: a unit whose order is 65,535 = 3 · 5 · 17 · 257, that
	// is no power (65,535 / q) of it for a prime q is 1.
	pow := func(a uint64, e int) uint64 {
		r := uint64(1)
		for ; e > 0; e >>= 1 {
			if e&1 == 1 {
				r = nimMul(r, a, 16)
			}
			a = nimMul(a, a, 16)
		}
		return r
	}
	g := uint64(2)
	for ; ; g++ {
		if pow(g, 65535/3) != 1 && pow(g, 65535/5) != 1 && pow(g, 65535/17) != 1 && pow(g, 65535/257) != 1 {
			break
		}
	}
	x := uint64(1)
	for i := range 65535 {
		t.exp[i], t.exp[i+65535] = uint16(x), uint16(x)
		t.log[x] = uint16(i)
		x = nimMul(x, g, 16)
	}
	for z := range uint32(1 << 16) {
		c := nimMul16(t, z, z) ^ z
		if t.half[c] == 0 {
			t.half[c] = z + 1
		}
	}
	return t
})

func nimMul16(t *nimTables16, a, b uint32) uint32 {
	if a == 0 || b == 0 {
		return 0
	}
	return uint32(t.exp[int(t.log[a])+int(t.log[b])])
}

// nimField multiplies, inverts and takes roots of nimbers below 2^64.
type nimField struct{ t *nimTables16 }

func newNimField() nimField { return nimField{nimTables()} }

// level is the bits of the smallest of the fields (16, 32, 64) holding
// every one of vs.
func nimLevel(vs ...uint64) uint {
	var top uint64
	for _, v := range vs {
		top |= v
	}
	switch {
	case top>>16 == 0:
		return 16
	case top>>32 == 0:
		return 32
	}
	return 64
}

// mul is a ⊗ b.
func (f nimField) mul(a, b uint64) uint64 {
	switch nimLevel(a, b) {
	case 16:
		return uint64(nimMul16(f.t, uint32(a), uint32(b)))
	case 32:
		return uint64(f.mul32(uint32(a), uint32(b)))
	}
	a1, a0, b1, b0 := uint32(a>>32), uint32(a), uint32(b>>32), uint32(b)
	c, d, e := f.mul32(a0, b0), f.mul32(a1, b1), f.mul32(a0^a1, b0^b1)
	return uint64(e^c)<<32 | uint64(c^f.mul32(d, 1<<31))
}

func (f nimField) mul32(a, b uint32) uint32 {
	if a>>16 == 0 && b>>16 == 0 {
		return nimMul16(f.t, a, b)
	}
	a1, a0, b1, b0 := a>>16, a&0xffff, b>>16, b&0xffff
	c, d, e := nimMul16(f.t, a0, b0), nimMul16(f.t, a1, b1), nimMul16(f.t, a0^a1, b0^b1)
	return (e^c)<<16 | c ^ nimMul16(f.t, d, 1<<15)
}

// inv is a⁻¹, a ≠ 0: (a1 X ⊕ a0)(a1 X ⊕ a0 ⊕ a1) = a1² h ⊕ a0² ⊕ a0 a1
// lies in the field below, so the inverse is the second factor over it.
func (f nimField) inv(a uint64) uint64 {
	switch nimLevel(a) {
	case 16:
		return uint64(f.inv16(uint32(a)))
	case 32:
		return uint64(f.inv32(uint32(a)))
	}
	a1, a0 := uint32(a>>32), uint32(a)
	n := f.mul32(f.mul32(a1, a1), 1<<31) ^ f.mul32(a0, a0) ^ f.mul32(a0, a1)
	ni := f.inv32(n)
	return uint64(f.mul32(a1, ni))<<32 | uint64(f.mul32(a0^a1, ni))
}

func (f nimField) inv16(a uint32) uint32 {
	return uint32(f.t.exp[(65535-int(f.t.log[a]))%65535])
}

func (f nimField) inv32(a uint32) uint32 {
	if a>>16 == 0 {
		return f.inv16(a)
	}
	a1, a0 := a>>16, a&0xffff
	n := nimMul16(f.t, nimMul16(f.t, a1, a1), 1<<15) ^ nimMul16(f.t, a0, a0) ^ nimMul16(f.t, a0, a1)
	ni := f.inv16(n)
	return nimMul16(f.t, a1, ni)<<16 | nimMul16(f.t, a0^a1, ni)
}

// sqrt is the square root (squaring is one-to-one in characteristic 2):
// (r1 X ⊕ r0)² = r1² X ⊕ r1² h ⊕ r0².
func (f nimField) sqrt(a uint64) uint64 {
	if a>>16 == 0 {
		if a == 0 {
			return 0
		}
		return uint64(f.t.exp[int(f.t.log[a])*32768%65535])
	}
	half, h := uint(32), uint64(1)<<31
	if a>>32 == 0 {
		half, h = 16, 1<<15
	}
	a1, a0 := a>>half, a&(1<<half-1)
	r1 := f.sqrt(a1)
	r0 := f.sqrt(a0 ^ f.mul(a1, h))
	return r1<<half | r0
}

// root solves z ⊗ z ⊕ z = c for z in the field of the given bits (16,
// 32 or 64): the smaller of its two roots z and z ⊕ 1, or false. The map is
// linear; by halves, (z1 X ⊕ z0)² ⊕ z1 X ⊕ z0 = (z1² ⊕ z1) X ⊕ z1² h ⊕ z0² ⊕
// z0, so z1 is solved first and then z0, with z1 ⊕ 1 tried when z0 has none.
func (f nimField) root(c uint64, bits uint) (uint64, bool) {
	if bits <= 16 {
		if c>>16 != 0 {
			return 0, false
		}
		z := f.t.half[c]
		return uint64(z) - 1, z != 0
	}
	half := bits / 2
	if c>>bits != 0 && bits < 64 {
		return 0, false
	}
	h := uint64(1) << (half - 1)
	c1, c0 := c>>half, c&(1<<half-1)
	z1, ok := f.root(c1, half)
	if !ok {
		return 0, false
	}
	for _, r := range []uint64{z1, z1 ^ 1} {
		if z0, ok := f.root(c0^f.mul(f.mul(r, r), h), half); ok {
			z := r<<half | z0
			return min(z, z^1), true
		}
	}
	return 0, false
}
