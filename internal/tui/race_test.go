//go:build race

package tui

// raceDetector: the tests run under -race.
const raceDetector = true
