// Package engine holds what every game shares: the Game, Position and Move
// contracts with the geometry front ends draw from (board kind, places,
// legal amounts, nouns), conventions and outcomes, the analysis with its
// typed explanation (blocks that say how much of the answer they give
// away), the Match every front end drives (turns, undo, winner, the
// computer's reply), the computer player, handouts, and the exhaustive
// solver the closed forms are tested against. It is pure Go with no
// terminal imports and no catalogue of its own: it speaks through a
// Translator. The games themselves live in internal/variants.
//
// # Adding a game
//
// A family that fits an existing board kind and move shape touches its own
// files, its registry line, its messages and its tests, and nothing else.
// Turning Turtles was added so: internal/variants/turtles.go and
// turtles_test.go, one line in variants.Games, assets/messages/turtles.en.txt
// and .zh.txt, one line of variants' sum_test.go pool, and its name in the
// learn page that explains it (assets/learn/pages.json).
//
//  1. In internal/variants, a type that implements Game: the rules
//     (Normalize, Apply, Moves, RandomMove), the closed form (Solve: the
//     outcome, the winning moves in natural order, the explanation, a
//     Reason and a Hint), the JSON fields of a move, and the geometry
//     (Board with one of the board kinds, Places, Place, Amounts; a
//     Splitter too if a move chooses pieces after its amount). A game
//     decided by its Grundy value solves through SolveByValue and gives its
//     values (Valued: Value and MovesTo); misère play by its own theory or
//     by a search within a stated bound, refused beyond. Test Solve against
//     Solver on every small position in both conventions (variants'
//     crossCheck) and fuzz it on large ones.
//  2. Register it: a Spec in variants.Games: its name, parameters with
//     their defaults and choices, New, an Example position, Random, and
//     what it can do (Value, Bounds, and Cannot: each tool it does not
//     support with the reason in the game's own terms). TestEveryCell runs
//     every tool on the Example and holds the declaration to what happens.
//  3. In assets: its name and one line of rules (game.NAME, about.NAME,
//     key.NAME), its sentences and refusals in both languages, presets if
//     the seeds have examples, and its name in the games of a learn page.
//  4. For sums (sum.go, every.go): Valued above, and where they are proven
//     Tamer (the misère certificate), ToCounter (counting moves too many to
//     list) and Remote (the steps Every-SG counts; searched otherwise). Add
//     it to the pool of variants' sum_test.go: every sum of its small
//     positions with the other families is checked against the search.
//
// # A new move shape
//
// Every move is a Move: its Changes, one a place, each with its Amount and
// its Pieces (what the move chooses beyond the amount: the smaller heaps a
// split leaves, the other coins turned, a corner's second coordinate). A
// move at several places at once has several Changes (Moore's Nim), and
// the board's Shape says how many one move may have (Shape.Places); a
// split into three heaps carries the two smaller in Pieces and says so
// (Shape.Pieces = 3: the front end offers two cuts). A game with a new
// shape says it in these terms, and the terminal game's chooser (internal/
// tui/choose.go) learns the keys that set it: that is the one place
// outside the family's files. What a board kind needs that its positions
// do not say travels in the kind's own value (Board.Dims: RowsDims).
//
// A game whose play can come back to a position says so (Loopy), and one
// with draws (Outcome D) says that too (Drawish): a match of it is drawn
// by repetition, and a sum decides it by Smith's theory (smith.go).
//
// A game whose places outlive moves (a Hackenbush edge left standing
// after a cut) says which place each came from (Lineage), and writes
// place numbers in its sentences as PlaceNumber: a match then keeps each
// place's label, its number at the start, and says and draws it so
// (Analysis.Labels), while positions keep the command line's numbering.
//
// A new board kind touches three places: its BoardKind and the geometry
// it implies (geometry.go), one renderer file in internal/tui/board (a
// pure function of a board.View, registered for the kind in the file's
// init) with its picture in internal/tui/picture, and one entry in
// internal/tui's boardKeys (which keys choose a move on it).
package engine
