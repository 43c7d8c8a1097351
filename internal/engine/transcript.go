package engine

import (
	"strings"
)

// Transcript is a game written out as a teacher hands it out: every
// position with its verdict and explanation, and the move made there.
// Demo, play and quiz all keep one; Markdown renders it.
type Transcript struct {
	Kind    string    // "demo", "play" or "quiz": the title's catalogue key is "transcript.title."+Kind
	Players [2]string // who moves first and second, rendered ("you", "the computer")
	Game    Game
	Conv    Convention
	Start   Position
	Steps   []Step
	End     string // the closing sentence, rendered: who won and why
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
		step := Step{Player: turn.Side, Analysis: turn.Before, Move: turn.Move, After: turn.After}
		if turn.Auto && turn.Kind == Stubborn {
			step.Note = tr.T("demo.note.stubborn")
		}
		t.Steps = append(t.Steps, step)
	}
	return t
}

// Markdown writes the transcript as a handout.
func (t Transcript) Markdown(c Translator) string {
	var b strings.Builder
	b.WriteString("# " + c.T("transcript.title."+t.Kind, Spelled(t.Game), t.Start.Brief()) + "\n\n")
	if t.Kind == "quiz" { // questions, not a game between two players
		b.WriteString(c.T("transcript.rules.quiz", c.T("convention."+t.Conv.String())) + "\n")
	} else {
		b.WriteString(c.T("transcript.rules", c.T("convention."+t.Conv.String()), t.Players[0], t.Players[1]) + "\n")
	}
	for i, s := range t.Steps {
		heading := "transcript.move" // a quiz asks questions rather than making moves
		if t.Kind == "quiz" {
			heading = "transcript.question"
		}
		b.WriteString("\n## " + c.T(heading, i+1, t.Players[s.Player], s.Analysis.Position.Brief()) + "\n\n")
		b.WriteString(s.Analysis.Summary().Render(c) + "\n\n")
		b.WriteString("```\n")
		for _, line := range s.Analysis.Explanation.Lines(c) {
			b.WriteString(line + "\n")
		}
		b.WriteString("```\n\n")
		b.WriteString("**" + c.T("transcript.played", t.Players[s.Player], t.Game.DescribeMove(s.Move).Render(c), s.After.Brief()) + "**\n")
		if s.Note != "" {
			b.WriteString("\n" + s.Note + "\n")
		}
	}
	if t.End != "" {
		b.WriteString("\n## " + c.T("transcript.result") + "\n\n" + t.End + "\n")
	}
	return b.String()
}
