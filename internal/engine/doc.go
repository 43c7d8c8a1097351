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
//  1. In internal/variants, a type that implements Game: the rules
//     (Normalize, Apply, Moves, RandomMove), the closed form (Solve: the
//     outcome, the winning moves in natural order, the explanation, a
//     Reason and a Hint), the JSON fields of a move, and the geometry
//     (Board with one of the board kinds, Places, Place, Amounts; a
//     Splitter too if a move splits a heap). Test Solve against Solver on
//     every small position in both conventions (exhaustive_test.go) and
//     fuzz it on large ones. Every move is a Move: its Changes, one a
//     place, each with its Amount and Pieces (see Change). A move at
//     several places at once (Moore's Nim) has several Changes, and the
//     board's Shape says how many one move may have (Shape.Places); a
//     split into three heaps carries the two smaller in Pieces, and the
//     Shape says so (Shape.Pieces = 3: the front end offers two cuts). A game
//     whose play can come back to a position says so (Loopy), and one
//     with draws (Outcome D) says that too (Drawish): a match of it is
//     drawn by repetition, and a sum with other games refuses it.
//  2. Register it: a Spec in variants.Games (its name, parameters with
//     their defaults and choices, New, an Example position and Random).
//  3. In assets: its name and one line of rules in messages/games.*.txt
//     (game.NAME, about.NAME), its sentences and refusals in both
//     languages, presets if the seeds have examples.
//  4. For sums of games (sum.go, every.go): Valued (the Grundy value of a
//     position and the moves to a given value), and where they are proven
//     Tamer (the misère certificate), Counter (counting moves too many to
//     list) and Remote (the steps Every-SG counts). Add it to the pool of
//     variants' sum_test.go: every sum of its small positions with the
//     other families is checked against the search in both conventions.
//
// Nothing else changes: the command line takes its flags from the
// registry, and the terminal game draws it with its board kind's
// renderer. A new board kind touches three places: its BoardKind and the
// geometry it implies (geometry.go), one renderer file in
// internal/tui/board (a pure function of a board.View, registered for the
// kind in the file's init), and one entry in internal/tui's boardKeys
// (which keys choose a move on it).
package engine
