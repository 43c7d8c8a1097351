package desk

import (
	"bytes"
	"testing"
)

// The after-position is spliced from the written position's digits: check
// it against a plain rewrite wherever the changes fall, for a short
// position and a long one written in two halves.
func TestAfterPieces(t *testing.T) {
	t.Parallel()
	long := make([]int64, 1<<16+3)
	for i := range long {
		long[i] = int64(i * 37)
	}
	for _, before := range [][]int64{{3, 60, 9, 1234, 0}, long} {
		w := writeNumbers(before)
		if got, want := string(bytes.Join(w.pieces, nil)), string(appendNumbers(nil, before)); got != want {
			t.Fatalf("%d numbers written wrongly", len(before))
		}
		n := len(before)
		for _, i := range []int{0, 1, n / 2, n/2 + 1, n - 2, n - 1} {
			for _, j := range []int{i, n/2 - 1, n / 2, n - 1} {
				if j < i {
					continue
				}
				after := append([]int64(nil), before...)
				after[i], after[j] = 7, 88888 // one change when i == j
				got := string(bytes.Join(afterPieces(w, before, after), nil))
				if want := string(appendNumbers(nil, after)); got != want {
					t.Errorf("%d numbers, changes at %d and %d: spliced wrongly", n, i, j)
				}
			}
		}
	}
}
