package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matchgame/assets"
)

// A sum is written as SPEC §9 writes it: components separated by "+", the
// whole's flags anywhere, each game's parameters its own.
func TestSumCommandLine(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "", "analyze", "nim", "3", "5", "+", "kayles", "7", "--json", "+", "wythoff", "3", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Game       string
		Convention string
		Components []struct {
			Game     string
			Position []int64
			Grundy   *uint64
		}
		Grundy   *uint64
		Position string
		Outcome  string
		Move     map[string]int64
		After    string
		Count    int64 `json:"winning_moves_count"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(got.Components) != 3 {
		t.Fatalf("%d components: %s", len(got.Components), out)
	}
	checkFields(t, "analysis", field{"game", got.Game, "sum"}, field{"game 2", got.Components[1].Game, "kayles"},
		field{"g(nim 3 5)", deref(got.Components[0].Grundy), uint64(6)}, field{"g(kayles 7)", deref(got.Components[1].Grundy), uint64(2)},
		field{"g(wythoff 3 5)", deref(got.Components[2].Grundy), uint64(0)}, field{"the sum's g", deref(got.Grundy), uint64(4)},
		field{"outcome", got.Outcome, "N"}, field{"the move's component", got.Move["component"], int64(1)},
		field{"the move's heap", got.Move["heap"], int64(2)}, field{"the move's take", got.Move["take"], int64(4)},
		field{"after", got.After, "nim 3 1 + kayles 7 + wythoff 3 5"}, field{"winning moves", got.Count, int64(4)})

	// Parameters stay with their component; --misere anywhere is the whole's.
	code, out, errOut = runCLI(t, "", "analyze", "subtraction", "--set", "1,3,4", "6", "+", "--misere", "bash", "--max", "3", "5", "--json")
	if code != 0 || !strings.Contains(out, `"convention":"misere"`) || !strings.Contains(out, `"set":"1,3,4"`) || !strings.Contains(out, `"max":3`) {
		t.Errorf("exit %d: %s%s", code, out, errOut)
	}

	checkRefusals(t, []refusal{
		{[]string{"analyze", "nim", "3", "+", "kayles", "-7"}, `component 2 (kayles): heap "-7" is negative`},
		{[]string{"analyze", "nim", "3", "+"}, "component 2 of the sum names no game"},
		{[]string{"analyze", "nim", "3", "+", "kayles"}, "component 2 (kayles) has no position"},
		{[]string{"analyze", "nim", "3", "+", "kaylse", "4"}, "component 2 (kaylse): unknown game"},
		{[]string{"analyze", "nim", "3", "+", "wythoff", "5000", "4000"}, "component 2 (wythoff): Wythoff's Grundy values come from a table of (a + 1) × (b + 1) values, at most 16,777,216"},
		{[]string{"analyze", "nim", "3", "--json", "+", "nim", "2", "--json"}, "--json"},
		{[]string{"analyze", "nim", "3", "+", "nim", "2", "--max", "3"}, "nim takes no --max"},
		{[]string{"analyze", "--misere", "staircase", "0", "99999", "+", "wythoff", "200", "100"}, "not answered"},
	})
}

// demo plays a sum to its end, each move in one component.
func TestSumDemo(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "", "demo", "nim", "2", "+", "kayles", "3", "+", "bash", "--max", "2", "4")
	if code != 0 || !strings.Contains(out, "in game ") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "", "demo", "--lang", "zh", "nim", "2", "+", "kayles", "3", "--json")
	if code != 0 || !strings.Contains(out, `"component":`) {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
}

// Every sum preset is a sum the command line takes, titled in both
// languages; HDU 1848's samples come out as the problem says.
func TestSumPresets(t *testing.T) {
	t.Parallel()
	want := map[string]string{"hdu1848": `"outcome":"P"`, "hdu1848-fibo": `"outcome":"N"`}
	for _, p := range assets.SumPresets() {
		code, out, errOut := runCLI(t, "", "analyze", "--preset", p.Name, "--json")
		if code != 0 || !strings.Contains(out, `"game":"sum"`) || !strings.Contains(out, want[p.Name]) {
			t.Errorf("%s: exit %d: %s%s", p.Name, code, out, errOut)
		}
		if p.Title["en"] == "" || p.Title["zh"] == "" || p.Context["en"] == "" || p.Context["zh"] == "" {
			t.Errorf("%s: a title or context is missing", p.Name)
		}
	}
}

// --every: the Every-SG analysis, its JSON, a demo to the end, refusals.
func TestEveryCommandLine(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "", "analyze", "nim", "2", "+", "kayles", "3", "+", "bash", "--max", "2", "4", "--every", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Every      bool
		Components []struct{ Steps int64 }
		Outcome    string
		Move       []map[string]int64
		Count      int64 `json:"winning_moves_count"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(got.Components) != 3 || len(got.Move) != 3 {
		t.Fatalf("%d components, %d moves: %s", len(got.Components), len(got.Move), out)
	}
	checkFields(t, "analysis", field{"every", got.Every, true}, field{"kayles 3's steps", got.Components[1].Steps, int64(3)},
		field{"outcome", got.Outcome, "N"}, field{"the third move's component", got.Move[2]["component"], int64(3)},
		field{"winning moves", got.Count, int64(8)})
	code, out, errOut = runCLI(t, "", "demo", "nim", "2", "+", "kayles", "3", "--every", "--misere")
	if code != 0 || !strings.Contains(out, "misère play") || !strings.Contains(out, "wins") {
		t.Errorf("demo: exit %d: %s%s", code, out, errOut)
	}
	checkRefusals(t, []refusal{
		{[]string{"analyze", "nim", "3", "--every"}, "--every plays a sum of games"},
		{[]string{"analyze", "nim", "3", "+", "kayles", "900000", "--every"}, "component 2 (kayles): its steps are found by search"},
	})
}

// demo --every --transcript writes the game as a handout (refused before):
// each turn with its analysis and the moves made in every game, and the
// result; over an existing file only with --force.
func TestEveryDemoTranscript(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "every.md")
	code, out, errOut := runCLI(t, "", "demo", "nim", "3", "+", "kayles", "4", "--every", "--transcript", path)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	data, err := os.ReadFile(path)
	text := string(data)
	for _, want := range []string{"# Perfect play: Every-SG sum of games from nim 3 + kayles 4", "## Move 1: Player 1, at nim 3 + kayles 4", "Game 2 · Kayles 4: steps = 3", "**Player 1: in game 1, take 1 from heap 1; in game 2,", "## Result", "Player 1 wins"} {
		if err != nil || !strings.Contains(text, want) {
			t.Fatalf("the handout (%v) lacks %q:\n%s", err, want, text)
		}
	}
	if code, _, errOut := runCLI(t, "", "demo", "nim", "3", "+", "kayles", "4", "--every", "--transcript", path); code != 2 || !strings.Contains(errOut, "--force") {
		t.Errorf("an existing handout: exit %d, %q", code, errOut)
	}
}
