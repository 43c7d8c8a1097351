// Package tui is the terminal game (Bubble Tea v1): the menu, built from
// the games' registry; the game screen, which drives an engine.Match and
// draws the board through package board (one renderer per board kind,
// each a pure function of a board.View); the explanation
// panel at the disclosure the moment allows (why, the two steps of a
// hint, teach); demo mode paced for a class; quiz sessions with a
// summary; the review of the person's mistakes; and Markdown handouts,
// written whole or not at all. It never names a game: what it knows of
// one comes from the engine.
package tui
