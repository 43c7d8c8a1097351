package desk

import (
	"fmt"
	"io"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Presets writes the presets, one a line: each preset's name, its game in
// words (hdu3032-alice is Lasker's Nim) and its title; then the sums'.
func Presets(w io.Writer, cat *assets.Catalog) error {
	var b strings.Builder
	presets := assets.Presets()
	games := make([]string, len(presets))
	for i, p := range presets {
		g, conv, err := variants.Lookup(variants.Config{Name: p.Game, Misere: p.Misere, Params: p.Params})
		if err != nil {
			return err
		}
		games[i] = engine.Title(g).Render(cat)
		if conv == engine.Misere {
			games[i] += " · " + cat.T("presets.misere")
		}
	}
	width := 0
	for _, g := range games {
		width = max(width, engine.Width(g))
	}
	for i, p := range presets {
		fmt.Fprintf(&b, "%-20s %s  %s\n", p.Name, engine.PadRight(games[i], width), p.Title[cat.Lang])
	}
	for _, p := range assets.SumPresets() {
		fmt.Fprintf(&b, "%-20s %s\n", p.Name, p.Title[cat.Lang])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// GameFlags lists the games' own flags, each with the games that take
// it, from the registry, for a command's help: a newcomer finds --max,
// --k or --edges without the README, and a new game's flag is listed
// without a word here.
func GameFlags(cat *assets.Catalog) string {
	var names []string
	games := map[string][]string{}
	required := map[string]bool{}
	for _, s := range variants.Games {
		for _, p := range s.Params {
			if games[p.Name] == nil {
				names = append(names, p.Name)
			}
			games[p.Name] = append(games[p.Name], s.Name)
			required[p.Name] = required[p.Name] || p.Required
		}
	}
	var b strings.Builder
	b.WriteString("\n" + cat.T("cli.help.gameflags") + "\n")
	for _, n := range names {
		help := cat.T("param.help." + n)
		if required[n] {
			help = cat.T("cli.help.required", help)
		}
		fmt.Fprintf(&b, "  %-15s %s: %s\n", "--"+n+" "+strings.ToUpper(n[:1]), strings.Join(games[n], ", "), help)
	}
	return b.String()
}
