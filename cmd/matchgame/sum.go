package main

import (
	"errors"

	"matchgame/assets"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// A sum of games on the command line (SPEC §9): components separated by a
// lone "+", each written as a game is ("nim 3 5 + kayles 7"), its own
// parameters beside it; the flags that concern the whole may stand
// anywhere.

// components splits args at each lone "+"; one piece for a single game.
func components(args []string) [][]string {
	var parts [][]string
	start := 0
	for i, a := range args {
		if a == "+" {
			parts = append(parts, args[start:i])
			start = i + 1
		}
	}
	return append(parts, args[start:])
}

// parseSumCommand is parseCommand for a sum.
func parseSumCommand(name string, pieces [][]string) (*command, error) {
	cmd := &command{name: name, flags: map[string]string{}}
	err := cmd.parseSum(pieces)
	if errors.Is(err, errNoPositions) && (name == "play" || name == "worksheet") {
		err = nil // play draws a random sum, a worksheet many
	}
	lang, langErr := langFlag(cmd.flags)
	if langErr != nil {
		return nil, langErr
	}
	cmd.cat = assets.Messages(lang)
	if cmd.flags["help"] == "true" {
		return nil, helpAsked{cmd.cat}
	}
	if _, ok := cmd.flags["preset"]; ok && err == nil {
		err = engine.Refuse("err.sum.preset")
	}
	if err != nil {
		return nil, err
	}
	return cmd, nil
}

// parseSum reads the components of a sum: each piece's game parameters
// are its own, every other flag joins cmd.flags (given once in all).
func (cmd *command) parseSum(pieces [][]string) error {
	var games []engine.Game
	var positions []engine.Position
	misere, given := false, 0
	for i, piece := range pieces {
		g, partMisere, words, err := cmd.sumPart(i, piece)
		if err != nil {
			return err
		}
		var p engine.Position
		switch {
		case len(words) > 0:
			if p, err = variants.ParseFor(g, words); err != nil {
				return partError(i, g.Name(), err)
			}
			given++
		case given > 0: // every component has its position, or none has
			return engine.Refuse("err.sum.noposition", i+1, g.Name())
		}
		misere = misere || partMisere // anti-nim makes the whole sum misère
		games, positions = append(games, g), append(positions, p)
	}
	cmd.cfg.Misere = misere || cmd.flags["misere"] == "true"
	if err := cmd.able(); err != nil {
		return err
	}
	sum, err := engine.NewSum(games)
	if err != nil {
		return err
	}
	cmd.game = sum
	cmd.conv = engine.Normal
	if cmd.cfg.Misere {
		cmd.conv = engine.Misere
	}
	cmd.cfg = variants.SumConfig(sum, cmd.conv)
	if given == 0 {
		return errNoPositions
	}
	cmd.pos = sum.Join(positions)
	return nil
}

// sumPart reads component i of a sum, written as piece: its game, whether
// its name makes the whole sum misère, and the words of its position.
// Its game parameters are its own; every other flag joins cmd.flags.
func (cmd *command) sumPart(i int, piece []string) (engine.Game, bool, []string, error) {
	flags, rest, err := parseFlags(piece, cmd.name)
	if err != nil {
		return nil, false, nil, err
	}
	own := gameParams(cmd.name, flags)
	for name, v := range flags {
		if _, mine := own[name]; mine {
			continue
		}
		if _, twice := cmd.flags[name]; twice {
			return nil, false, nil, engine.Refuse("err.flag.twice", name)
		}
		cmd.flags[name] = v
	}
	if len(rest) == 0 {
		return nil, false, nil, engine.Refuse("err.sum.nogame", i+1)
	}
	part := variants.Config{Name: variants.Canonical(rest[0]), Params: own}
	g, misere, err := variants.LookupPart(part)
	if err != nil {
		return nil, false, nil, partError(i, rest[0], err)
	}
	cmd.cfg.Parts = append(cmd.cfg.Parts, part)
	return g, misere, rest[1:], nil
}

// errNoPositions: a sum written with no position at all, which play
// draws at random; the other commands refuse it.
var errNoPositions = engine.Refuse("err.sum.nopositions")

// partError names the component a refusal is about.
func partError(i int, name string, err error) error {
	if r, ok := err.(*engine.Refusal); ok {
		return engine.Refuse("err.sum.part", i+1, name, r.Text)
	}
	return err
}
