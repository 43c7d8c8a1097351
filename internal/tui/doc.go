// Package tui is matchgame's terminal game, built on Bubble Tea: a menu to
// choose the game, then the board drawn with Lip Gloss, moves by keyboard
// and mouse, the computer's replies after a visible pause, and the
// engine's explanation of the position on screen.
//
// The root model (root.go) holds two screens, the menu (menu.go) and the
// game (play.go); typed messages switch between them and replay the last
// window size. Each game's board has its renderer in board.go; view.go
// lays out the screen and maps mouse clicks back onto the board. The game
// screen also runs the quiz (quiz.go: random N-positions, any winning move
// counts), draws the teach views for a class (teach.go) and writes the
// game as a Markdown handout (transcript.go). All text comes from the
// message catalogues (assets/messages/ui.*.txt, teach.*.txt).
package tui
