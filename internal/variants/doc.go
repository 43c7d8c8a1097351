// Package variants holds the games: Nim (and Anti-Nim), Bash, Wythoff,
// subtraction games with Sprague–Grundy values, Staircase Nim, and Georgia
// and Bob. Each has its legal moves, move checks with a clear error, and
// the closed-form outcome and canonical winning move in normal and misère
// play, every rule checked in the tests against exhaustive search.
package variants
