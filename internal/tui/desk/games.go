package desk

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// gamesBlock is how many tools one block of the printed matrix holds at
// most: two blocks of six fit 80 columns, and a page.
const gamesBlock = 6

// Games writes what every game can do, for people (SPEC §13): each
// family's conventions and values, then the family × tool matrix in two
// blocks, ✔ or ✘ with the number of its reason, the reasons numbered
// below, and the families' bounds. Width is the widest a line may be
// (a narrower terminal gets smaller blocks); 0 is 79.
func Games(w io.Writer, caps []variants.Capability, cat *assets.Catalog, width int) error {
	var b bytes.Buffer
	b.WriteString(cat.T("games.title") + "\n\n")
	nameWidth := 0
	for _, c := range caps {
		nameWidth = max(nameWidth, len(c.Name))
	}
	line := func(cells ...string) string {
		var s strings.Builder
		for i, c := range cells {
			if i > 0 {
				s.WriteString("  ")
			}
			s.WriteString(engine.PadRight(c, widthOf(i, cells, nameWidth)))
		}
		return strings.TrimRight(s.String(), " ") + "\n"
	}
	convWidth := 0
	for _, c := range caps {
		convWidth = max(convWidth, engine.Width(conventions(c, cat)))
	}
	b.WriteString(engine.PadRight(cat.T("games.head.game"), nameWidth) + "  " + engine.PadRight(cat.T("games.head.conventions"), convWidth) + "  " + cat.T("games.head.value") + "\n")
	for _, c := range caps {
		b.WriteString(engine.PadRight(c.Name, nameWidth) + "  " + engine.PadRight(conventions(c, cat), convWidth) + "  " + cat.T("games.value."+string(c.Value)) + "\n")
	}
	var notes []string   // the reasons, each said once
	var cells [][]string // and the cells it is the reason of
	number := map[string]int{}
	block := matrixBlock(nameWidth, cmp.Or(width, 79))
	for start := 0; start < len(variants.Tools); start += block {
		tools := variants.Tools[start:min(start+block, len(variants.Tools))]
		b.WriteString("\n")
		head := []string{cat.T("games.head.game")}
		for _, t := range tools {
			head = append(head, string(t))
		}
		b.WriteString(line(head...))
		for _, c := range caps {
			row := []string{c.Name}
			for _, t := range tools {
				why, no := c.Cannot[t]
				if !no {
					row = append(row, centre("✔", len(t)))
					continue
				}
				if number[why] == 0 {
					notes, cells = append(notes, why), append(cells, nil)
					number[why] = len(notes)
				}
				n := number[why]
				cells[n-1] = append(cells[n-1], string(t)+" · "+c.Name)
				row = append(row, centre(fmt.Sprintf("✘%d", n), len(t)))
			}
			b.WriteString(line(row...))
		}
	}
	b.WriteString("\n")
	for i, why := range notes {
		b.WriteString(cat.T("games.why", i+1, cat.T(why), cat.Join("cli.list.sep", cells[i])) + "\n")
	}
	b.WriteString("\n" + cat.T("games.tools") + "\n\n" + cat.T("games.bounds") + "\n")
	for _, c := range caps {
		if c.Bounds != "" {
			b.WriteString("- " + cat.T("games.bound", c.Name, cat.T(c.Bounds)) + "\n")
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// matrixBlock is the most tools, up to gamesBlock, that every block of the
// matrix can hold within width columns: the blocks stay of one size, so
// the columns line up from block to block.
func matrixBlock(nameWidth, width int) int {
	for block := gamesBlock; block > 1; block-- {
		fits := true
		for start := 0; start < len(variants.Tools) && fits; start += block {
			line := nameWidth
			for _, t := range variants.Tools[start:min(start+block, len(variants.Tools))] {
				line += 2 + engine.Width(string(t))
			}
			fits = line <= width
		}
		if fits {
			return block
		}
	}
	return 1
}

// widthOf is the width of column i of a matrix row: the name's, or the
// tool's header's.
func widthOf(i int, cells []string, nameWidth int) int {
	if i == 0 {
		return nameWidth
	}
	return engine.Width(cells[i])
}

// centre puts s in the middle of width columns.
func centre(s string, width int) string {
	pad := max(0, width-engine.Width(s))
	return strings.Repeat(" ", pad/2) + s + strings.Repeat(" ", pad-pad/2)
}

// conventions are c's conventions in words: "normal play, misère play".
func conventions(c variants.Capability, cat *assets.Catalog) string {
	var words []string
	for _, conv := range c.Conventions {
		words = append(words, cat.T("games."+conv.String()))
	}
	return cat.Join("cli.list.sep", words)
}

// gamesJSON is the table for programs: each family with its conventions,
// values, bounds and tools in order, each {"ok": true} or {"ok": false,
// "why": "…"}.
type gamesJSON struct {
	Games []gameJSON `json:"games"`
}

type gameJSON struct {
	Name        string          `json:"name"`
	Conventions []string        `json:"conventions"`
	Value       string          `json:"value"`
	Bounds      *string         `json:"bounds"`
	Tools       json.RawMessage `json:"tools"`
}

// GamesJSON writes what every game can do, for programs.
func GamesJSON(w io.Writer, caps []variants.Capability, cat *assets.Catalog) error {
	var out gamesJSON
	for _, c := range caps {
		g := gameJSON{Name: c.Name, Value: string(c.Value)}
		for _, conv := range c.Conventions {
			g.Conventions = append(g.Conventions, conv.String())
		}
		if c.Bounds != "" {
			bounds := cat.T(c.Bounds)
			g.Bounds = &bounds
		}
		tools := []byte{'{'}
		for i, t := range variants.Tools {
			if i > 0 {
				tools = append(tools, ',')
			}
			tools = append(appendString(tools, string(t)), ':')
			if why, no := c.Cannot[t]; no {
				tools = append(appendString(append(tools, `{"ok":false,"why":`...), cat.T(why)), '}')
			} else {
				tools = append(tools, `{"ok":true}`...)
			}
		}
		g.Tools = append(tools, '}')
		out.Games = append(out.Games, g)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// Presets writes the presets, one a line: each preset's name, its game in
// words (hdu3032-alice is Lasker's Nim) and its title; then the sums'.
func Presets(w io.Writer, cat *assets.Catalog) error {
	var rows [][3]string // name, game, title
	for _, p := range assets.Presets() {
		g, conv, err := variants.Lookup(variants.Config{Name: p.Game, Misere: p.Misere, Params: p.Params})
		if err != nil {
			return err
		}
		game := engine.Title(g).Render(cat)
		if conv == engine.Misere {
			game += " · " + cat.T("presets.misere")
		}
		rows = append(rows, [3]string{p.Name, game, p.Title[cat.Lang]})
	}
	for _, p := range assets.SumPresets() {
		rows = append(rows, [3]string{p.Name, cat.T("game.sum"), p.Title[cat.Lang]})
	}
	var nameWidth, gameWidth int
	for _, r := range rows {
		nameWidth, gameWidth = max(nameWidth, engine.Width(r[0])), max(gameWidth, engine.Width(r[1]))
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(engine.PadRight(r[0], nameWidth) + "  " + engine.PadRight(r[1], gameWidth) + "  " + r[2] + "\n")
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
