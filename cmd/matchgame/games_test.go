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
// the class the quiz a teacher starts. The terminal game's tools (play,
// quiz) work when they refuse only for want of a terminal: the game was
// built and is ready to be drawn.
func useTool(t *testing.T, tool variants.Tool, game string, params, position []string) (int, string, string) {
	at := append(append([]string{game}, params...), position...)
	one := append([]string{game}, params...)
	var args []string
	switch tool {
	case variants.ToolPlay, variants.ToolQuiz:
		args = append([]string{"play"}, at...)
		if tool == variants.ToolQuiz { // random N-positions, as a quiz is started
			args = append(append([]string{"play"}, one...), "--quiz")
		}
		code, out, errs := runCLI(t, "", append(args, "--lang", "en")...)
		if code == 2 && strings.Contains(errs, "needs a terminal") {
			return 0, "ready", ""
		}
		return code, out, errs
	case variants.ToolClass:
		if _, err := tui.ClassQuiz(classConfig(game, params), 1); err != nil {
			return 2, "", engine.Message(err, assets.Messages("en"))
		}
		return 0, "a class quiz", ""
	case variants.ToolAnalyze:
		args = append([]string{"analyze"}, at...)
	case variants.ToolDemo:
		args = append(append([]string{"demo"}, at...), "--limit", "2")
	case variants.ToolTable:
		args = append(append([]string{"table"}, one...), "--to", "10") // within Chomp's search
	case variants.ToolTree:
		args = append([]string{"tree"}, at...)
	case variants.ToolWorksheet:
		args = append(append([]string{"worksheet"}, one...), "--questions", "2", "--seed", "1")
	case variants.ToolHandout:
		file := filepath.Join(t.TempDir(), "handout.md")
		code, out, errs := runCLI(t, "", append(append([]string{"demo"}, at...), "--limit", "2", "--transcript", file, "--lang", "en")...)
		if data, err := os.ReadFile(file); code == 0 && (err != nil || len(data) == 0) {
			return 1, out, "no handout written"
		}
		return code, out, errs
	case variants.ToolSum:
		args = append(append([]string{"analyze"}, at...), "+", "nim", "1")
	case variants.ToolMisereSum:
		args = append(append([]string{"analyze"}, at...), "+", "nim", "1", "--misere")
	case variants.ToolEvery:
		args = append(append([]string{"analyze"}, at...), "+", "nim", "1", "--every")
	}
	return runCLI(t, "", append(args, "--lang", "en")...)
}

// classConfig is the game as the teacher's form names it.
func classConfig(game string, params []string) variants.Config {
	cfg := variants.Config{Name: game, Params: map[string]string{}}
	for i := 0; i+1 < len(params); i += 2 {
		cfg.Params[strings.TrimPrefix(params[i], "--")] = params[i+1]
	}
	return cfg
}
