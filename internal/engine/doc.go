// Package engine holds what every game shares: the Game, Position and Move
// contracts, conventions and outcomes, the analysis with its structured
// explanation, the computer player, and the exhaustive solver the closed
// forms are tested against. It is pure Go with no terminal imports; the
// games themselves live in internal/variants.
package engine
