package desk

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// An Every-SG demo of a sum with a game that loops plays to its end, the
// winner hurrying and the loser holding out: a graph whose winner can
// keep a token going round for ever (∞ steps), one with a draw beside a
// won game, Northcott's game (searched whole), in both conventions where
// the games have them; from N- and P-positions. The player the analysis
// names at the start wins at the end, well before the limit; a drawn sum
// goes on to the limit.
func TestEveryDemoEnds(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	const graph = "graph --edges 1>2,2>1,2>3,4>4,4>3,5>4,6>6,6>1 "
	draws := 0
	for _, sum := range []string{
		graph + "2 + nim 1 1",
		graph + "1 + nim 2 2 + kayles 4",
		graph + "2 + nim 3 + bash --max 2 5",
		graph + "2 5 + nim 1",
		"northcott 1 3 + nim 1",
		"northcott --width 5 1 3 2 5 + nim 2",
		"northcott --width 5 2 1 + bash --max 2 4",
		"nim 1 1 + northcott --width 6 3 1",
	} {
		for _, c := range []engine.Convention{engine.Normal, engine.Misere} {
			if c == engine.Misere && strings.Contains(sum, "northcott") { // normal play only
				continue
			}
			if everyDemoEnds(t, cat, sum, c) {
				draws++
			}
		}
	}
	if draws == 0 {
		t.Fatal("no sum is a draw: the draw is not checked")
	}
}

// EveryJSON says what a sum with a game that loops has: steps "∞" where
// its winner can go on as long as they like, null for a draw alone, each
// component's outcome alone; where a game passes the turn, the positions
// searched and the turns left, and no steps.
func TestEveryJSONLoopy(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	for sum, want := range map[string]string{
		"graph --edges 1>2,2>1,2>3,7>7 2 + nim 1 1 + graph --edges 1>2,2>1,2>3,7>7 7": `[{"steps":"∞","wins":true,"alone":"N"},{"steps":2,"wins":false,"alone":"P"},{"steps":null,"wins":false,"alone":"D"}]`,
		"northcott 1 3 + nim 1": `[{},{}]`,
	} {
		cfg, p, err := variants.ParseSum(sum)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := variants.Lookup(cfg)
		if err != nil {
			t.Fatal(err)
		}
		a, err := engine.AnalyzeEvery(g.(*engine.Sum), p, engine.Normal)
		if err != nil {
			t.Fatalf("%s: %v", sum, engine.Message(err, cat))
		}
		var got struct {
			Components []struct {
				Steps json.RawMessage `json:"steps,omitempty"`
				Wins  *bool           `json:"wins,omitempty"`
				Alone string          `json:"alone,omitempty"`
			}
			Searched int
			Turns    int
		}
		if err := json.Unmarshal(EveryJSON(a, cat), &got); err != nil {
			t.Fatalf("%s: %v", sum, err)
		}
		parts, _ := json.Marshal(got.Components)
		if string(parts) != want || (got.Searched > 0) != (a.Whole > 0) || got.Turns != int(a.Remoteness) {
			t.Errorf("%s: %s, searched %d, turns %d; want %s", sum, parts, got.Searched, got.Turns, want)
		}
	}
}

// everyDemoEnds plays sum's Every-SG demo in convention c and checks it
// ends as the analysis says: the winner named at the start wins well
// before the limit, or a draw goes on to it. It reports a draw.
func everyDemoEnds(t *testing.T, cat *assets.Catalog, sum string, c engine.Convention) bool {
	t.Helper()
	cfg, p, err := variants.ParseSum(sum)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := variants.Lookup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*engine.Sum)
	a, err := engine.AnalyzeEvery(s, p, c)
	if err != nil {
		t.Fatalf("%s %v: %v", sum, c, err)
	}
	limit := int64(1000)
	if a.Outcome == engine.D { // perfect play keeps the draw to the limit
		limit = 40
	}
	var out bytes.Buffer
	played, stopped, err := Demo{Out: &out, Cat: cat, Limit: limit}.PlayEvery(s, p, c, func() bool { return false })
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	switch {
	case err != nil || stopped:
		t.Fatalf("%s %v: %d moves played (stopped %v, %v)", sum, c, played, stopped, err)
	case a.Outcome == engine.D:
		if played != limit || last != cat.T("demo.limit", limit) {
			t.Fatalf("%s %v: a draw ends %q after %d moves", sum, c, last, played)
		}
		return true
	}
	winner := cat.T("demo.player.1") // the player to move at the start …
	if a.Outcome == engine.P {
		winner = cat.T("demo.player.2") // … or the other
	}
	if played >= limit || !strings.HasPrefix(last, "No move is left") || !strings.Contains(last, ": "+winner+" wins") {
		t.Fatalf("%s %v: the demo ends %q after %d moves, not with %s's win", sum, c, last, played, winner)
	}
	return false
}
