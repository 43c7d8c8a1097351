// Package desk is the teacher's desk (SPEC §11): the documents a teacher
// prints or projects, each a function of the engine's data to bytes —
// the analysis as text and JSON, the Grundy table, the game tree, the
// worksheet and its key, the handout of a game, the table of what every
// game can do — and the one safe way to write a file (whole or not at
// all, an existing file replaced only when asked). The command line and
// the terminal game call it; it knows no screen.
package desk
