package engine

// Transcript is a game as a teacher hands it out: every position with its
// analysis, and the move made there; for a game a person played, the
// moves that gave the win away. Demo, play and quiz all make one; the
// terminal layer writes it as Markdown.
type Transcript struct {
	Kind    string    // "demo", "play" or "quiz": the title's catalogue key is "transcript.title."+Kind
	Players [2]string // who moves first and second, rendered ("you", "the computer")
	Game    Game
	Conv    Convention
	Start   Position
	Steps   []Step
	// Review are the steps at which the person handed the opponent an
	// N-position (the analysis holds the winning move that was there).
	Review []Step
	End    string // the closing sentence, rendered: who won and why
}

// Step is one move of a transcript: the analysis of the position before
// it, who moved, the move and the position after it.
type Step struct {
	Player   Side
	Analysis Analysis
	Move     Move
	After    Position
	Note     string // rendered: a hint taken, a quiz answer judged …
}

// Transcript is the match so far as a handout of kind ("demo", "play")
// with the players' names; End is left for the caller to say.
func (m *Match) Transcript(kind string, players [2]string, tr Translator) Transcript {
	t := Transcript{Kind: kind, Players: players, Game: m.Game, Conv: m.Conv, Start: m.Start}
	for _, turn := range m.turns {
		step := Step{Player: turn.Side, Analysis: Full(turn.Before), Move: turn.Move, After: turn.After}
		switch {
		case turn.Auto && turn.Kind == Stubborn && turn.Before.Outcome == D:
			step.Note = tr.T("demo.note.draw")
		case turn.Auto && turn.Kind == Stubborn:
			step.Note = tr.T("demo.note.stubborn")
		}
		t.Steps = append(t.Steps, step)
		if !turn.Auto && turn.Verdict == Slips { // a slip, with the winning move that was there
			t.Review = append(t.Review, step)
		}
	}
	return t
}
