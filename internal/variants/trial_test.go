package variants

import (
	"strings"
	"testing"
	"unicode"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// What issue 27's trial saw, each said right.

// Ruler's winning move of one coin is said as one coin, not "Turn coins
// 12 to 12".
func TestRulerOneCoinSaidAsOne(t *testing.T) {
	t.Parallel()
	explains(t, NewCoins("ruler"), engine.Position{12}, engine.N, "Turn coin 12 alone")
	a, _ := engine.Analyze(NewCoins("ruler"), engine.Position{12}, engine.Normal)
	if text := strings.Join(a.Explanation.Lines(assetsEN), "\n"); strings.Contains(text, "12 to 12") {
		t.Errorf("one coin said as a run:\n%s", text)
	}
}

// The position after a move that turns the last heads coin is the empty
// row, for Ruler as for Mock Turtles: [] in JSON, never null (null means
// no move).
func TestCoinsEmptyAfter(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"ruler", "mock-turtles"} {
		a, err := engine.Analyze(NewCoins(name), engine.Position{1}, engine.Normal)
		if err != nil || a.After == nil || len(a.After) != 0 {
			t.Errorf("%s 1: after %#v (%v), want an empty position", name, a.After, err)
		}
	}
}

// Mock Turtles' odious numbers are named in Chinese, not "odious 数".
func TestOdiousInChinese(t *testing.T) {
	t.Parallel()
	zh := assets.Messages("zh")
	a, err := engine.Analyze(NewCoins("mock-turtles"), engine.Position{3, 5}, engine.Normal)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range a.Explanation.Lines(zh) {
		if strings.Contains(line, "odious") {
			t.Errorf("half in English: %q", line)
		}
	}
	for _, key := range []string{"key.mock-turtles", "mock.rule", "mock.col.odious", "coins.how.mock"} {
		if strings.ContainsFunc(zh.T(key), func(r rune) bool { return r < unicode.MaxASCII && unicode.IsLetter(r) && r != 'x' && r != 'g' }) {
			t.Errorf("%s is half in English: %q", key, zh.T(key))
		}
	}
}

// A Wythoff component of a sum shows how its value is found: the mex of
// its options' values, not "from the table" alone.
func TestWythoffValueWorking(t *testing.T) {
	t.Parallel()
	v, err := Wythoff{}.Value(engine.Position{3, 5})
	if err != nil {
		t.Fatal(err)
	}
	if said := v.How.Render(assetsEN); !strings.Contains(said, "mex") || !strings.Contains(said, "{") {
		t.Errorf("Wythoff 3 5's value: %q, no working", said)
	}
}
