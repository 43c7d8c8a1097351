package learn

import (
	"regexp"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// The coin game Turning Corners is the product of, said the same way by
// the engine's explanation and the tartan page, en and zh, and the right
// one: with 0-based coordinates the factor whose coin x is worth x is
// "turn a coin x and one coin a < x" (g(x) = mex of every g(a), a < x),
// as the engine's coin (x, 1) is worth x ⊗ 1 = x; "turn one or two coins"
// gives the coin x the value x + 1 (turning x alone is worth 0 too).
func TestTartanFactorSaidAlike(t *testing.T) {
	t.Parallel()
	const n = 16
	two, oneOrTwo := make([]uint64, n), make([]uint64, n)
	for x := range n {
		seen, seen2 := map[uint64]bool{}, map[uint64]bool{0: true}
		for a := range x {
			seen[two[a]], seen2[oneOrTwo[a]] = true, true
		}
		two[x], oneOrTwo[x] = mexOf(seen), mexOf(seen2)
	}
	for x := int64(0); x < n; x++ {
		v, err := variants.Corners{}.Value(engine.Position{x, 1})
		if err != nil {
			t.Fatal(err)
		}
		if v.G != two[x] || v.G == oneOrTwo[x] {
			t.Fatalf("coin (%d, 1) is worth %d: turn two coins gives %d, one or two %d", x, v.G, two[x], oneOrTwo[x])
		}
	}
	quoted := regexp.MustCompile(`"([^"]+)"|“([^”]+)”`)
	for _, lang := range assets.Langs {
		cat := assets.Messages(lang)
		m := quoted.FindStringSubmatch(cat.T("corners.rule"))
		if m == nil {
			t.Fatalf("%s: corners.rule quotes no factor: %s", lang, cat.T("corners.rule"))
		}
		factor := m[1] + m[2]
		_, page, err := source("tartan", lang)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(page, factor) {
			t.Errorf("%s: the explanation's factor %q is not the tartan page's: %s", lang, factor, quoted.FindAllString(page, -1))
		}
		if !strings.Contains(factor, "a < x") {
			t.Errorf("%s: the factor %q is not the game of two coins, x and a < x", lang, factor)
		}
	}
}

func mexOf(seen map[uint64]bool) uint64 {
	g := uint64(0)
	for seen[g] {
		g++
	}
	return g
}
