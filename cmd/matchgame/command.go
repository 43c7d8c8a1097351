package main

import (
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// command is what a command line names: its flags and language, and for
// a command that names a game the game, convention and position.
type command struct {
	game  engine.Game
	conv  engine.Convention
	cfg   variants.Config
	pos   engine.Position // nil when no position was given
	flags map[string]string
	name  string // the command: a game parameter that is also one of its
	// flags (Fibonacci Nim's --limit beside demo's) is the command's there
	cat *assets.Catalog
}

// parseCommand reads "GAME [flags] [POSITION…]" for command name.
func parseCommand(name string, args []string) (*command, error) {
	if pieces := components(args); len(pieces) > 1 {
		return parseSumCommand(name, pieces)
	}
	cmd, rest, err := parsePlain(name, args)
	if err != nil {
		return nil, err
	}
	flags := cmd.flags
	if _, ok := flags["preset"]; ok {
		return cmd, cmd.usePreset(flags["preset"], rest)
	}
	if _, ok := flags["resume"]; ok { // the saved game says the game and its position
		if len(rest) > 0 || len(cmd.params()) > 0 {
			return nil, engine.Refuse("err.resume.extra")
		}
		return cmd, nil
	}
	if len(rest) == 0 {
		return nil, engine.Refuse("err.game.missing", name, cmd.cat.Join("cli.list.sep", variants.AllNames()))
	}
	cmd.cfg = variants.Config{Name: variants.Canonical(rest[0]), Misere: flags["misere"] == "true", Params: cmd.params()}
	if err := cmd.lookup(); err != nil {
		return nil, err
	}
	if len(rest) > 1 {
		if cmd.pos, err = variants.ParseFor(cmd.game, rest[1:]); err != nil {
			return nil, err
		}
	}
	return cmd, nil
}

// commandTools are the tools each command is (SPEC §13).
var commandTools = map[string]variants.Tool{"analyze": variants.ToolAnalyze, "demo": variants.ToolDemo,
	"play": variants.ToolPlay, "table": variants.ToolTable, "tree": variants.ToolTree, "worksheet": variants.ToolWorksheet,
	"picture": variants.ToolAnalyze} // a picture draws what analyze explains

// able asks the registry whether the game cmd.cfg names takes what command
// name asks of it: the command's tool, a quiz or a handout where its flags
// ask for one, and for a sum each component as a part of it. The refusal
// is the one the family declares.
func (cmd *command) able() error {
	tools := []variants.Tool{commandTools[cmd.name]}
	if cmd.flags["quiz"] == "true" {
		tools = append(tools, variants.ToolQuiz)
	}
	if _, ok := cmd.flags["transcript"]; ok {
		tools = append(tools, variants.ToolHandout)
	}
	for _, t := range tools {
		if err := variants.Able(cmd.cfg, t, cmd.flags["every"] == "true"); err != nil {
			return err
		}
	}
	return nil
}

// lookup builds the game cmd.cfg names, once the registry says it takes
// what the command asks of it.
func (cmd *command) lookup() error {
	if err := cmd.able(); err != nil {
		return err
	}
	var err error
	cmd.game, cmd.conv, err = variants.Lookup(cmd.cfg)
	return err
}

// params are the game parameters given as flags.
func (cmd *command) params() map[string]string { return gameParams(cmd.name, cmd.flags) }

// gameParams are the game parameters among command's flags: demo's
// --limit is demo's.
func gameParams(command string, flags map[string]string) map[string]string {
	params := map[string]string{}
	for _, name := range variants.ParamNames() {
		if v, ok := flags[name]; ok && !commandTakes(command, name) {
			params[name] = v
		}
	}
	return params
}

// usePreset takes the game and position from a preset of assets; only
// --misere may be added to it.
func (cmd *command) usePreset(name string, rest []string) error {
	sp, isSum := assets.FindSumPreset(name)
	p, ok := assets.FindPreset(name)
	switch {
	case !isSum && !ok:
		return engine.Refuse("err.preset.unknown", name)
	case len(rest) > 0 || len(cmd.params()) > 0:
		return engine.Refuse("err.preset.extra", name)
	case isSum:
		return cmd.parseSum(components(strings.Fields(sp.Sum)))
	}
	cmd.cfg = variants.Config{Name: p.Game, Misere: p.Misere || cmd.flags["misere"] == "true", Params: p.Params}
	cmd.pos = p.Position
	return cmd.lookup()
}
