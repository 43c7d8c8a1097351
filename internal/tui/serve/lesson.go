package serve

// A lesson (serve --class --lesson PLAN): the teacher steps through a
// plan, and every student's screen follows. The hub carries the step as
// given, as it carries a quiz's game; a demo or a quiz that a step starts
// goes by their own events.

// LessonStep is the step of the teacher's lesson the class is at: its
// number from 1, how many there are, and the step itself, which the hub
// hands to every session and never reads.
type LessonStep struct {
	Number, Of int
	Step       any
}

// LessonStepped: the teacher moved the class to a step.
type LessonStepped struct{ Step LessonStep }

func (LessonStepped) classEvent() {}

// Step moves the class to step s: every student here hears it, and one
// who joins later finds it in the class's state.
func (c *Class) Step(s LessonStep) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lesson = &s
	c.broadcast(LessonStepped{s}, true)
}
