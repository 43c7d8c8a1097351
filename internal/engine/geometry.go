package engine

import (
	"slices"
)

// BoardKind is how a game's position is drawn and read: the terminal game
// has one renderer per kind, and nothing that names a game.
type BoardKind int

const (
	// Heaps: one row of matches a heap, top to bottom; a move takes from
	// one heap (Nim, subtraction games).
	Heaps BoardKind = iota
	// OneHeap: a single heap with a limit on each move (Bash).
	OneHeap
	// Queen: two heaps; a move takes from one or from both (Wythoff),
	// drawn also as a queen on a grid. Places 1 and 2 are the heaps, 3
	// both.
	Queen
	// Stairs: coins on stairs, stair 0 the ground at the bottom; a move
	// carries Amount coins from stair Place down to the next.
	Stairs
	// Cells: chessmen on a row of cells, left to right; a move slides
	// chessman Place left by Amount cells.
	Cells
	// Pins: rows of pins; a move knocks Amount pins out of row Place,
	// leaving Pieces[0] pins on one side (0: one row is left), and with
	// Shape.Pieces 3, Pieces[1] more beside them.
	Pins
	// SumOfGames: a sum of games (engine.Sum), each component drawn by its
	// own board one under another; its places run through the components.
	SumOfGames

	// Coins: a row of coins 1, 2, 3 … left to right, heads (the position's
	// numbers) and tails drawn apart (● and ○, and a letter H/T without
	// colour); places are the heads coins in order. A move turns the
	// heads coin Place and others left of it: Ruler a run of Amount coins
	// ending there, Mock Turtles the coins Amount and Pieces[0] (0: none). The
	// preview marks every coin the move turns. Mock Turtles, Ruler.
	Coins
	// CoinGrid: a grid of coins, (x, y) 0-based, x across and y down, the
	// heads (the position's pairs) marked; places are the heads coins. A
	// move at heads coin (x, y) with Amount a < x and Pieces[0] b < y turns the
	// rectangle's four corners (x, y), (a, y), (x, b), (a, b), previewed
	// on the grid. Turning Corners.
	CoinGrid
	// Tree: Green Hackenbush, edges drawn upward from a ground line
	// (vertex 0), loops and parallel edges too; places are the edges in
	// the order given, each selectable by keys and the mouse, and the
	// preview shows what falls with the cut (every edge no longer joined
	// to the ground).
	Tree
	// Graph: a directed graph drawn with its vertices and arrows, the
	// tokens on their vertices (a count beside a vertex with several);
	// places are the vertices holding tokens, Amount the vertex a token
	// moves to, previewed as a highlighted arrow.
	Graph
	// Bar: Chomp's chocolate bar, rows top to bottom as the position's
	// row lengths, the poisoned square (top left) marked; a move eats the
	// square at row Place, column Amount (1-based) and every square right
	// of and below it, previewed as the squares that go.
	Bar
	// Rows: Northcott's game, rows of cells with two pieces each, the
	// mover's (the first of each pair) and the other's; places are the
	// rows, Amount the cell the mover's piece goes to.
	Rows
)

// Board is what a front end needs to draw a game and talk about it. The
// words are catalogue keys, so they are said in the player's language.
type Board struct {
	Kind BoardKind
	// Number names the numbers of a position in messages: "what.heap",
	// "what.stair", "what.cell".
	Number string
	// Unit names what a move takes or moves, a catalogue key with a
	// singular form Unit+".one": "unit.match", "unit.coin", "unit.cell".
	Unit string
	// Rule says in one line what a move may take, where the kind alone
	// does not ("A move takes 1 to 3 matches."); zero when it does.
	Rule Text
	// Shape is what one move may change, for every kind alike.
	Shape Shape
	// Dims is what this kind of board measures that its positions do not
	// say, in the kind's own value (Rows: RowsDims); nil for most.
	Dims Dims
}

// Shape is how a move on a board is made: at how many places at most
// (Places; Moore's Nim: K, marked one by one and played at once as one
// Move of several Changes), and into how many pieces a split leaves a
// heap (Pieces: 3 for Lasker's Nim in three, where the front end offers
// two cuts and the move's Change carries the two smaller pieces). Zero
// means one place and a split in two.
type Shape struct {
	Places int
	Pieces int
}

// Dims is what one kind of board measures beyond its positions.
type Dims interface{ dims() }

// RowsDims are the Rows board's: how many cells each row has
// (Northcott's width).
type RowsDims struct{ Cells int64 }

func (RowsDims) dims() {}

// Geometry is what a game tells a front end about its board beyond the
// rules: where a move can be made, what it can take there, and the words.
type Geometry interface {
	// Board is the game's kind of board and its words.
	Board() Board
	// Places is how many places p has for a move: Place runs from 1 to
	// Places (a place may have no legal amount left).
	Places(p Position) int
	// Place names place where of p: "heap 3", "stair 2", "both heaps".
	Place(p Position, where int) Text
	// Amounts are the legal amounts at place where of p.
	Amounts(p Position, where int) Amounts
}

// Limited is a game whose position carries a limit on the next move
// (Fibonacci Nim): the board says it under the rule.
type Limited interface {
	// RuleNow says the limit of p: "at most 6 matches this move".
	RuleNow(p Position) Text
}

// Digraph is the geometry of a game played on a directed graph: the board
// draws its vertices and arrows.
type Digraph interface {
	// Vertices are the graph's vertices, ascending.
	Vertices() []int64
	// Successors are the vertices an arrow leads to from v, ascending.
	Successors(v int64) []int64
}

// Splitter is the geometry of a take-and-break game: after the amount,
// a move chooses how the rest is split.
type Splitter interface {
	// Splits are the legal Pieces[0] of a move taking amount at where.
	Splits(p Position, where int, amount int64) Amounts
}

// Amounts are the legal amounts of a move at one place: every number from
// Lo to Hi, or only the members of Set between them.
type Amounts struct {
	Lo, Hi int64   // Hi < Lo: none
	Set    []int64 // ascending; nil: every number from Lo to Hi
	// Skip, when not 0, is one number of the range that is not legal (a
	// Northcott piece's own cell, among the cells it can go to).
	Skip int64
}

// Range is every amount from lo to hi.
func Range(lo, hi int64) Amounts { return Amounts{Lo: lo, Hi: hi} }

// None is no legal amount.
var None = Amounts{Lo: 1, Hi: 0}

// inSet is the part of Set between Lo and Hi.
func (a Amounts) inSet() []int64 {
	i, _ := slices.BinarySearch(a.Set, a.Lo)
	j, found := slices.BinarySearch(a.Set, a.Hi)
	if found {
		j++
	}
	if j < i {
		return nil
	}
	return a.Set[i:j]
}

// Empty reports whether no amount is legal.
func (a Amounts) Empty() bool {
	if a.Set != nil {
		return len(a.inSet()) == 0
	}
	return a.Count() == 0
}

// First is the smallest legal amount; false when there is none.
func (a Amounts) First() (int64, bool) {
	if a.Set != nil {
		s := a.inSet()
		if len(s) == 0 {
			return 0, false
		}
		return s[0], true
	}
	lo := a.Lo
	if lo == a.Skip && lo != 0 {
		lo++
	}
	return lo, a.Hi >= lo
}

// Last is the largest legal amount; false when there is none.
func (a Amounts) Last() (int64, bool) {
	if a.Set != nil {
		s := a.inSet()
		if len(s) == 0 {
			return 0, false
		}
		return s[len(s)-1], true
	}
	hi := a.Hi
	if hi == a.Skip && hi != 0 {
		hi--
	}
	return hi, hi >= a.Lo
}

// Has reports whether v is legal.
func (a Amounts) Has(v int64) bool {
	if v < a.Lo || v > a.Hi || v == a.Skip && v != 0 {
		return false
	}
	if a.Set == nil {
		return true
	}
	_, ok := slices.BinarySearch(a.Set, v)
	return ok
}

// Step is the legal amount next to v upwards (dir > 0) or downwards, or v
// itself at the end. From a v that is not legal it goes to the nearest
// legal amount that way, and from an empty choice it stays.
func (a Amounts) Step(v int64, dir int) int64 {
	first, ok := a.First()
	if !ok {
		return v
	}
	last, _ := a.Last()
	switch {
	case dir > 0 && v >= last, dir <= 0 && v <= first:
		return v
	case dir > 0 && v < first:
		return first
	case dir <= 0 && v > last:
		return last
	case a.Set == nil && dir > 0:
		return a.skipped(v+1, +1)
	case a.Set == nil:
		return a.skipped(v-1, -1)
	}
	s := a.inSet()
	i, found := slices.BinarySearch(s, v)
	if dir > 0 {
		if found {
			i++
		}
		return s[i]
	}
	return s[i-1]
}

// skipped is v, or the next number the way dir goes when v is Skip.
func (a Amounts) skipped(v int64, dir int) int64 {
	if v == a.Skip && v != 0 {
		return v + int64(dir)
	}
	return v
}

// Count is how many amounts are legal, at most the largest int64.
func (a Amounts) Count() int64 {
	if a.Set != nil {
		return int64(len(a.inSet()))
	}
	if a.Hi < a.Lo {
		return 0
	}
	n := int64(1<<63 - 1)
	if d := uint64(a.Hi) - uint64(a.Lo); d < 1<<63-1 {
		n = int64(d) + 1
	}
	if a.Skip != 0 && a.Skip >= a.Lo && a.Skip <= a.Hi {
		n--
	}
	return n
}

// Locator is a game whose places run across its parts (a sum of games):
// Geometry's place numbers are the whole's, a Change's Place the part's own.
type Locator interface {
	// Locate is the part and its own place of place where of the whole.
	Locate(p Position, where int) (part, inner int, ok bool)
	// Global is the whole's place of a part's own place.
	Global(p Position, part, inner int) int
	// PartOf is part's game and position.
	PartOf(p Position, part int) (Game, Position)
}

// PlaceIn is the game that place where of g's board belongs to, its
// position and the place's own number there: g itself but in a sum.
func PlaceIn(g Game, p Position, where int) (Game, Position, int) {
	if l, ok := g.(Locator); ok {
		if part, inner, ok := l.Locate(p, where); ok {
			pg, pp := l.PartOf(p, part)
			return pg, pp, inner
		}
	}
	return g, p, where
}

// MoveAt is the move that takes amount at place where of g's board,
// leaving left on the left (a take-and-break move): in a sum, a move in
// the part that holds the place.
func MoveAt(g Game, p Position, where int, amount, left int64) Move {
	if l, ok := g.(Locator); ok {
		if part, inner, ok := l.Locate(p, where); ok {
			return Change{Place: inner, Amount: amount, Pieces: [2]int64{left}}.Move().In(part)
		}
	}
	return Change{Place: where, Amount: amount, Pieces: [2]int64{left}}.Move()
}

// PlaceOf is the place of g's board that m is made at.
func PlaceOf(g Game, p Position, m Move) int {
	if l, ok := g.(Locator); ok {
		return l.Global(p, m.Part, m.First().Place)
	}
	return m.First().Place
}
