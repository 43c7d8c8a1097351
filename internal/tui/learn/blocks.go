package learn

import (
	"matchgame/internal/engine"
)

// Doc is a page read and filled in, in one language: the blocks the
// terminal, Markdown and HTML renderers draw.
type Doc struct {
	Page   Page
	Lang   string
	Title  string
	Blocks []Block
}

// Block is one part of a page.
type Block interface{ block() }

// SpanKind is what a piece of running text is.
type SpanKind int

const (
	// Plain text.
	Plain SpanKind = iota
	// Term is a word of the games defined here (bold in the source): a
	// glossary term.
	Term
	// Emph is text set apart (italic in the source): a step of a proof.
	Emph
	// Code is a command to type.
	Code
	// Value is a number the engine computed as the page was drawn.
	Value
	// Wrong is a number the engine computed that is not what the page
	// says: drawn with a warning, and a test fails on it.
	Wrong
)

// Span is a piece of running text.
type Span struct {
	Text string
	Kind SpanKind
}

// Spans are running text: a paragraph, a list item, a heading.
type Spans []Span

// String is the text without its kinds.
func (s Spans) String() string {
	out := ""
	for _, sp := range s {
		out += sp.Text
	}
	return out
}

type (
	// Heading is a section's title (level 2) or a subsection's (3).
	Heading struct {
		Level int
		Text  Spans
	}
	// Para is a paragraph.
	Para struct{ Text Spans }
	// List is a list of items, numbered or not.
	List struct {
		Ordered bool
		Items   []Spans
	}
	// Statement is a theorem's statement, set apart (a quote in the
	// source).
	Statement struct{ Paras []Spans }
	// Pre is text laid out by hand: a derivation, a small table of
	// numbers.
	Pre struct{ Lines []string }
	// Grid is a table with a header row.
	Grid struct {
		Head []Spans
		Rows [][]Spans
	}
	// Worked is a position worked by the engine: the example of the
	// page, or another the text asks for.
	Worked struct {
		Setup    Setup
		Analysis *engine.Analysis      // nil for an Every-SG sum
		Every    *engine.EveryAnalysis // the Every-SG analysis, else nil
		// Example: the page's own example, which "try it" opens.
		Example bool
	}
	// Values is a row of Grundy values g(0..To) of one heap.
	Values struct {
		Setup  Setup
		Values []uint64
		Notes  []string // the period and its proof, said by the engine
	}
	// Exercises are questions drawn by the engine, with their answers.
	Exercises struct {
		Setup Setup
		// Rule says the game and its convention, which the questions do
		// not repeat.
		Rule  string
		Items []Exercise
	}
	// Problems are the judge problems the page's theorem solves.
	Problems struct{ Items []ProblemLine }
	// Failed is a placeholder the engine could not fill: drawn as a
	// warning, and a test fails on it.
	Failed struct{ Source, Why string }
)

// Exercise is one question with its answer and working.
type Exercise struct {
	Prompt  string
	Answer  string
	Working []string
}

// ProblemLine is one judge problem: its name and title, how the page's
// theorem solves it, and the engine's verdict on a position of it.
type ProblemLine struct {
	Problem Problem
	How     string
	// Verdict is the engine's summary of the problem's position, with the
	// command that shows it ("" without one).
	Setup   string
	Verdict string
}

func (Heading) block()   {}
func (Para) block()      {}
func (List) block()      {}
func (Statement) block() {}
func (Pre) block()       {}
func (Grid) block()      {}
func (Worked) block()    {}
func (Values) block()    {}
func (Exercises) block() {}
func (Problems) block()  {}
func (Failed) block()    {}
