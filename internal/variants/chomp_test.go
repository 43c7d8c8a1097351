package variants

import (
	"testing"

	"matchgame/internal/engine"
)

// staircases lists every bar of at most rows rows and cols columns, the
// empty bar too.
func staircases(rows int, cols int64) []engine.Position {
	var out []engine.Position
	var rec func(p engine.Position, top int64)
	rec = func(p engine.Position, top int64) {
		out = append(out, p.Clone())
		if len(p) == rows {
			return
		}
		for v := int64(1); v <= top; v++ {
			rec(append(p, v), v)
		}
	}
	rec(nil, cols)
	return out
}

func TestChompExhaustive(t *testing.T) {
	t.Parallel()
	crossCheck(t, Chomp{}, staircases(5, 5))
}

// What theory says of Chomp, against the search: every rectangle but the
// poisoned square alone is won (strategy stealing); two rows a, b are lost
// exactly when b = a − 1; a square n × n is won by the bite (2, 2), which
// leaves an L whose arms the winner then mirrors; an L of arms a and b
// (row 1 of a squares, b more rows of 1) is lost exactly when a = b + 1.
func TestChompTheory(t *testing.T) {
	t.Parallel()
	solve := func(p ...int64) engine.Solution {
		sol, err := Chomp{}.Solve(engine.Position(p), engine.Misere)
		if err != nil {
			t.Fatal(err)
		}
		return sol
	}
	for r := 1; r <= 8; r++ {
		for c := int64(1); c <= 8; c++ {
			p := make([]int64, r)
			for i := range p {
				p[i] = c
			}
			if want := engine.N; (r == 1 && c == 1) != (solve(p...).Outcome != want) {
				t.Errorf("rectangle %d × %d: %v", r, c, solve(p...).Outcome)
			}
			if r == int(c) && r > 1 {
				if first, _ := engine.FirstAndCount(solve(p...).Winning); first == nil || *first != (engine.At(2, 2)) {
					t.Errorf("square %d: first winning move %v", r, first)
				}
			}
		}
	}
	for a := int64(1); a <= chompSide; a++ {
		for b := int64(1); b <= a; b++ {
			if lost := solve(a, b).Outcome == engine.P; lost != (b == a-1) {
				t.Errorf("rows %d %d: lost %v", a, b, lost)
			}
		}
		for b := 0; b < chompSide; b++ {
			p := append([]int64{a}, make([]int64, b)...)
			for i := 1; i <= b; i++ {
				p[i] = 1
			}
			if lost := solve(p...).Outcome == engine.P; lost != (a == int64(b)+1) {
				t.Errorf("L %v: lost %v", p, lost)
			}
		}
	}
}

func TestChompRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p    engine.Position
		want string
	}{
		{engine.Position{3, 4}, "row 2 has 4 squares, more than row 1 above it (3): the rows must never grow downwards"},
		{engine.Position{3, 0, 2}, "row 2 is empty: give the rows' lengths, every one at least 1"},
	} {
		if _, err := (Chomp{}).Normalize(c.p); err == nil || msg(err) != c.want {
			t.Errorf("%v: %v", c.p, err)
		}
	}
	if _, err := (Chomp{}).Solve(engine.Position{11, 1}, engine.Misere); err == nil || msg(err) != "a bar of 2 rows and 11 columns: search takes bars up to 10 × 10" {
		t.Errorf("11 columns: %v", err)
	}
	if _, _, err := Lookup(Config{Name: "chomp", Misere: true}); err == nil {
		t.Error("chomp --misere is taken")
	}
	if _, c, _ := Lookup(Config{Name: "chomp"}); c != engine.Misere {
		t.Error("chomp is not misère")
	}
}
