package variants

import (
	"fmt"

	"matchgame/internal/engine"
)

func ExampleNim() {
	a, _ := engine.Analyze(Nim{}, engine.Position{3, 6, 9}, engine.Normal)
	fmt.Println(a.Summary().Render(assetsEN))
	for _, line := range a.Explanation.Lines(assetsEN) {
		fmt.Println(line)
	}
	// Output:
	// N-position: the player to move wins: take 4 from heap 3, leaving 3 6 5.
	//   heap 1    3 = 0011
	//   heap 2    6 = 0110
	//   heap 3    9 = 1001
	//   nim-sum  12 = 1100
	//                 ^ the highest 1 of the nim-sum is bit 3 (2^3 = 8)
	// The nim-sum is 12, not 0: the player to move can make it 0, and keep it 0 after every reply until the end.
	// Heap 3 (9) is the first heap with a 1 at the nim-sum's highest bit (1000 in binary): 9 ⊕ 12 = 5, so take 4 from heap 3 and the nim-sum becomes 0.
	// Winning moves from here: 1.
}
