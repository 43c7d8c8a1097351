package variants

import (
	"matchgame/internal/engine"
)

// Tool is a thing a person does with a game (SPEC §13). Each family's
// Spec says which tools it supports and, for each it does not, why in the
// game's own terms; the commands and screens ask Able before they start,
// so that the table `matchgame games` prints is the program's own.
type Tool string

// The tools, in the order `matchgame games` lists them.
const (
	ToolPlay      Tool = "play"       // the terminal game against the computer
	ToolAnalyze   Tool = "analyze"    // who wins, the winning move and why
	ToolDemo      Tool = "demo"       // a whole game of perfect play
	ToolTable     Tool = "table"      // the values g(0..N) with their mex
	ToolTree      Tool = "tree"       // the game tree of a small position
	ToolWorksheet Tool = "worksheet"  // a printable worksheet and its key
	ToolHandout   Tool = "handout"    // a played game written as a handout
	ToolQuiz      Tool = "quiz"       // find the winning move, with a score
	ToolClass     Tool = "class"      // a class quiz over SSH or the browser
	ToolSum       Tool = "sum"        // a component of a sum in normal play
	ToolMisereSum Tool = "misere-sum" // a component of a sum in misère play
	ToolEvery     Tool = "every"      // a component of an Every-SG sum
)

// Tools are every tool, in order.
var Tools = []Tool{ToolPlay, ToolAnalyze, ToolDemo, ToolTable, ToolTree, ToolWorksheet, ToolHandout,
	ToolQuiz, ToolClass, ToolSum, ToolMisereSum, ToolEvery}

// ValueKind is how a family knows the Grundy values of its positions.
type ValueKind string

const (
	ClosedForm ValueKind = "closed-form" // a formula (Nim, Lasker's Nim, the odious numbers)
	Periodic   ValueKind = "period"      // a table, periodic and proved so (Guy–Smith), so any heap
	Tabled     ValueKind = "table"       // a table, as far as it is computed
	Parts      ValueKind = "parts"       // the nim-sum of parts that are Nim heaps
	Searched   ValueKind = "search"      // an exhaustive search, within its bound
)

// Cannot is a tool a family does not support, with the reason: a
// catalogue key whose sentence takes the game's name in words.
type Cannot map[Tool]string

// Capability is what a family can do, as `matchgame games` prints it.
type Capability struct {
	Name        string
	Conventions []engine.Convention
	Value       ValueKind
	// Bounds is the catalogue key of the family's bounds ("" for none):
	// what the mathematics or the search leaves out.
	Bounds string
	Cannot Cannot
}

// Capabilities are every family's, in menu order.
func Capabilities() []Capability {
	caps := make([]Capability, len(Games))
	for i, s := range Games {
		caps[i] = s.Capability()
	}
	return caps
}

// Capability is s's declared capability.
func (s Spec) Capability() Capability {
	conv := []engine.Convention{engine.Normal, engine.Misere}
	switch {
	case s.NormalOnly:
		conv = conv[:1]
	case s.MisereOnly:
		conv = conv[1:]
	}
	return Capability{Name: s.Name, Conventions: conv, Value: s.Value, Bounds: s.Bounds, Cannot: s.Cannot}
}

// Able says whether the game cfg names supports tool: nil, or a Refusal
// with the reason the family declares. For a sum, each component is asked
// whether it can be part of one (sum, misère sum or Every-SG sum, as
// every says and the convention), and the tool itself whether it takes a
// sum.
func Able(cfg Config, tool Tool, every bool) error {
	if len(cfg.Parts) == 0 {
		spec, alias, ok := Find(cfg.Name)
		if !ok {
			return unknownGame(cfg.Name)
		}
		return spec.able(tool, alias)
	}
	if why, ok := sumCannot[tool]; ok {
		return engine.Refuse(why)
	}
	misere := cfg.Misere
	for _, part := range cfg.Parts {
		if _, alias, ok := Find(part.Name); ok && alias != nil && alias.Misere {
			misere = true
		}
	}
	as := []Tool{ToolSum}
	switch {
	case every && misere: // each component is played in misère play too
		as = []Tool{ToolEvery, ToolMisereSum}
	case every:
		as = []Tool{ToolEvery}
	case misere:
		as = []Tool{ToolMisereSum}
	}
	for i, part := range cfg.Parts {
		spec, _, ok := Find(part.Name)
		if !ok {
			return unknownGame(part.Name)
		}
		for _, tool := range as {
			if why, ok := spec.Cannot[tool]; ok {
				return engine.Refuse("err.tool.part."+string(tool), i+1, part.Name, engine.T(why))
			}
		}
	}
	return nil
}

// able is nil or the refusal of tool that s declares.
func (s Spec) able(tool Tool, alias *Alias) error {
	why, ok := s.Cannot[tool]
	if !ok {
		return nil
	}
	name := s.Name
	if alias != nil {
		name = alias.Name
	}
	if tool == ToolSum || tool == ToolMisereSum || tool == ToolEvery {
		return engine.Refuse("err.tool.part."+string(tool), 1, name, engine.T(why))
	}
	return engine.Refuse("err.tool", string(tool), name, engine.T(why))
}

// sumCannot are the tools a sum of games does not take, with the reason.
var sumCannot = map[Tool]string{
	ToolTable: "err.table.sum",
}
