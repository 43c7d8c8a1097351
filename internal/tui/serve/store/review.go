package store

import (
	"math"
	"time"
)

// Spaced repetition by SM-2 (Woźniak, 1987): no maintained Go package of
// FSRS is served by the module proxy, and SM-2 fits in a page. A position
// got wrong is due at once; each right answer in a row puts it off
// longer (1 day, 6 days, then the interval times the ease), a wrong one
// brings it back the next day and starts the row again.

// schedule is a card's place in the repetition.
type schedule struct {
	Reps int       // right answers in a row
	Days float64   // the interval
	Ease float64   // SM-2's E-factor, at least 1.3
	Due  time.Time // when it is asked again
}

const (
	startEase = 2.5
	leastEase = 1.3
	// quickAnswer earns the best grade: right and without hesitation.
	quickAnswer = 15 * time.Second
)

// fresh is the schedule of a position just got wrong: due at once.
func fresh(now time.Time) schedule {
	return schedule{Ease: startEase, Due: now}
}

// grade is SM-2's quality of an answer: 5 right at once, 4 right after
// thought, 1 wrong.
func grade(right bool, took time.Duration) int {
	switch {
	case !right:
		return 1
	case took <= quickAnswer:
		return 5
	}
	return 4
}

// after is the schedule after an answer at now.
func (s schedule) after(right bool, took time.Duration, now time.Time) schedule {
	q := grade(right, took)
	if q < 3 { // start the row again; the ease stays (SM-2)
		s.Reps, s.Days = 0, 1
	} else {
		s.Reps++
		switch s.Reps {
		case 1:
			s.Days = 1
		case 2:
			s.Days = 6
		default:
			s.Days = math.Round(s.Days * s.Ease)
		}
		d := float64(5 - q)
		s.Ease = max(leastEase, s.Ease+0.1-d*(0.08+d*0.02))
	}
	s.Due = now.Add(time.Duration(s.Days * 24 * float64(time.Hour)))
	return s
}
