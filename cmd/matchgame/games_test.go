package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/variants"
)

// TestEveryCell holds the table `matchgame games` prints to what the
// program does (SPEC §13): for every family and every tool, where the
// family says the tool works it is run on the family's small position
// and works; where it says not, the tool refuses with that reason.
func TestEveryCell(t *testing.T) {
	t.Parallel()
	cat := assets.Messages("en")
	for _, c := range variants.Capabilities() {
		spec, _, _ := variants.Find(c.Name)
		game, params, position := exampleOf(t, spec)
		for _, tool := range variants.Tools {
			t.Run(c.Name+"/"+string(tool), func(t *testing.T) {
				t.Parallel()
				code, out, errs := useTool(t, tool, game, params, position)
				why, refused := c.Cannot[tool]
				switch {
				case refused && (code != 2 || !strings.Contains(errs, cat.T(why))):
					t.Errorf("declared refused (%s), but exit %d: %q", cat.T(why), code, errs)
				case !refused && (code != 0 || out == ""):
					t.Errorf("declared to work, but exit %d: %q", code, errs)
				}
			})
		}
	}
	if code, out, _ := runCLI(t, "", "games", "--json"); code != 0 || !strings.Contains(out, `"tools":{"play":{"ok":true}`) {
		t.Errorf("games --json: exit %d\n%.300s", code, out)
	}
}

// exampleOf is a family's small position as the command line writes it:
// its name, its required parameters at their defaults, its Example.
func exampleOf(t *testing.T, spec variants.Spec) (string, []string, []string) {
	cfg := variants.Config{Name: spec.Name, Params: map[string]string{}}
	var params []string
	for _, p := range spec.Params {
		if p.Required {
			cfg.Params[p.Name] = p.Default
			params = append(params, "--"+p.Name, p.Default)
		}
	}
	g, _, err := variants.Lookup(cfg)
	if err != nil {
		t.Fatalf("%s: %v", spec.Name, err)
	}
	return spec.Name, params, strings.Fields(engine.Written(g, spec.Example))
}

// useTool runs tool on the game, as a person would: its command, or for
// the class the quiz a teacher starts.
func useTool(t *testing.T, tool variants.Tool, game string, params, position []string) (int, string, string) {
	at := append(append([]string{game}, params...), position...)
	one := append([]string{game}, params...)
	switch tool {
	case variants.ToolPlay:
		return usePlay(t, append([]string{"play"}, at...))
	case variants.ToolQuiz: // random N-positions, as a quiz is started
		return usePlay(t, append(append([]string{"play"}, one...), "--quiz"))
	case variants.ToolClass:
		if _, err := tui.ClassQuiz(classConfig(game, params), 1); err != nil {
			return 2, "", engine.Message(err, assets.Messages("en"))
		}
		return 0, "a class quiz", ""
	case variants.ToolHandout:
		file := filepath.Join(t.TempDir(), "handout.md")
		code, out, errs := runCLI(t, "", append(append([]string{"demo"}, at...), "--limit", "2", "--transcript", file, "--lang", "en")...)
		if data, err := os.ReadFile(file); code == 0 && (err != nil || len(data) == 0) {
			return 1, out, "no handout written"
		}
		return code, out, errs
	}
	return runCLI(t, "", append(toolArgs(tool, at, one), "--lang", "en")...)
}

// usePlay runs the terminal game's command line (play, a quiz): it works
// when it refuses only for want of a terminal, the game built and ready
// to be drawn.
func usePlay(t *testing.T, args []string) (int, string, string) {
	code, out, errs := runCLI(t, "", append(args, "--lang", "en")...)
	if code == 2 && strings.Contains(errs, "needs a terminal") {
		return 0, "ready", ""
	}
	return code, out, errs
}

// toolArgs is the command line of a tool that is one command, run on the
// game at a position (at) or on the game alone (one).
func toolArgs(tool variants.Tool, at, one []string) []string {
	return map[variants.Tool][]string{
		variants.ToolAnalyze:   append([]string{"analyze"}, at...),
		variants.ToolDemo:      append(append([]string{"demo"}, at...), "--limit", "2"),
		variants.ToolTable:     append(append([]string{"table"}, one...), "--to", "10"), // within Chomp's search
		variants.ToolTree:      append([]string{"tree"}, at...),
		variants.ToolWorksheet: append(append([]string{"worksheet"}, one...), "--questions", "2", "--seed", "1"),
		variants.ToolSum:       append(append([]string{"analyze"}, at...), "+", "nim", "1"),
		variants.ToolMisereSum: append(append([]string{"analyze"}, at...), "+", "nim", "1", "--misere"),
		variants.ToolEvery:     append(append([]string{"analyze"}, at...), "+", "nim", "1", "--every"),
	}[tool]
}

// classConfig is the game as the teacher's form names it.
func classConfig(game string, params []string) variants.Config {
	cfg := variants.Config{Name: game, Params: map[string]string{}}
	for i := 0; i+1 < len(params); i += 2 {
		cfg.Params[strings.TrimPrefix(params[i], "--")] = params[i+1]
	}
	return cfg
}
