package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Issue 18: the handout s writes keeps the game itself, and play --resume
// continues it exactly: the position, the moves (and so undo), the moves
// taken back (U), whose side the person is on and the settings.
func TestResumeContinuesTheGame(t *testing.T) {
	t.Parallel()
	o := Options{Game: variants.Config{Name: "kayles"}, Position: engine.Position{4, 7, 9}, First: "computer",
		Level: engine.Strong, Seed: 11, Lang: "zh", Explain: "teach", Players: 1}
	m := newTestPlay(t, o, 80, 24)
	for range 2 { // the computer's move, then the person's
		if m.thinking {
			m = reply(t, m)
		}
		m = press(m, selectKeys(m, expectedReply(t, m))...)
	}
	m = reply(t, m)
	m = press(m, "u") // the person's move and the reply are taken back: U can play them again
	if !m.match.CanRedo() {
		t.Fatal("nothing to play again after u")
	}
	file := filepath.Join(t.TempDir(), "game.md")
	if err := os.WriteFile(file, []byte(m.markdown()), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ResumeOptions(file, Options{Pause: o.Pause})
	if err != nil {
		t.Fatal(msgOf(err))
	}
	if r.Game.Name != "kayles" || r.First != "computer" || r.Level != engine.Strong || r.Seed != 11 || r.Lang != "zh" || r.Explain != "teach" {
		t.Errorf("the settings came back as %+v", r)
	}
	checkResumed(t, m, newTestPlay(t, r, 80, 24))
	// --lang given on the command line wins over the saved language.
	if r, err := ResumeOptions(file, Options{Lang: "en"}); err != nil || r.Lang != "en" {
		t.Errorf("--lang en: %q, %v", r.Lang, err)
	}
}

// checkResumed checks that back, resumed from m's handout, is m's game:
// its position, its moves, its side and what U plays again.
func checkResumed(t *testing.T, m, back play) {
	t.Helper()
	if !slices.Equal(back.pos(), m.pos()) || back.match.Played() != m.match.Played() || back.you != m.you || back.thinking {
		t.Fatalf("resumed at %v after %d moves (you %v); saved at %v after %d (you %v)", back.pos(), back.match.Played(), back.you, m.pos(), m.match.Played(), m.you)
	}
	for i, turn := range back.match.Turns() {
		if want := m.match.Turns()[i]; turn.Move != want.Move || turn.Auto != want.Auto || turn.Kind != want.Kind {
			t.Errorf("move %d: %+v, saved %+v", i+1, turn, want)
		}
	}
	back, m = press(back, "U"), press(m, "U")
	if !slices.Equal(back.pos(), m.pos()) || back.match.Played() != m.match.Played() {
		t.Errorf("U after resuming: %v, %d moves; before saving: %v, %d", back.pos(), back.match.Played(), m.pos(), m.match.Played())
	}
}

// A file that is not a saved game, or one changed by hand, is refused in
// one line that names the file and the reason.
func TestResumeRefusesBadFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := newTestPlay(t, games[0].options(false, "me"), 80, 24)
	m = reply(t, press(m, selectKeys(m, engine.At(3, 4))...))
	good := m.markdown()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		path, want string
	}{
		{filepath.Join(dir, "missing.md"), "cannot be read"},
		{write("notes.md", "# my notes\n"), "no game saved by matchgame"},
		{write("json.md", strings.Replace(good, `"version":2`, `"version":2,,`, 1)), "cannot be read as a saved game"},
		{write("future.md", strings.Replace(good, `"version":2`, `"version":9`, 1)), "version 9"},
		{write("moved.md", strings.Replace(good, `"amount":4`, `"amount":40`, 1)), "move 1"},
		{write("gap.md", strings.Replace(good, `"changes":[{`, `"changes":[{"place":0},{`, 1)), "move 1"},
		{write("v1more.md", strings.Replace(strings.Replace(good, `"version":2`, `"version":1`, 1), `"changes":[{"place":3,"amount":4,"pieces":[0,0]}]`, `"Where":3,"Amount":4,"More":"x"`, 1)), "x"},
		{write("game.md", strings.Replace(good, `"nim"`, `"chess"`, 1)), "chess"},
	} {
		_, err := ResumeOptions(c.path, Options{})
		said := msgOf(err)
		if err == nil || !strings.Contains(said, c.want) || strings.Contains(said, "\n") || !strings.Contains(said, filepath.Base(c.path)) && c.want != "chess" {
			t.Errorf("%s: %q, want one line with %q", filepath.Base(c.path), said, c.want)
		}
	}
}

// msgOf is an error as the person reads it, in English.
func msgOf(err error) string {
	if err == nil {
		return ""
	}
	return engine.Message(err, assets.Messages("en"))
}

// Games saved by version 1, before a move became a list of changes (a
// split into three with its middle heap, a move at two heaps, a knock
// that splits a row, three coins turned), resume: each saved move is
// made again, and the game goes on from where it was.
func TestResumeVersion1(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]engine.Move{
		"lasker.md":       engine.Change{Place: 1, Pieces: [2]int64{1, 2}}.Move(),
		"moore.md":        engine.MoveOf(engine.Change{Place: 2, Amount: 2}, engine.Change{Place: 3, Amount: 3}),
		"kayles.md":       engine.Change{Place: 1, Amount: 2, Pieces: [2]int64{2}}.Move(),
		"mock-turtles.md": engine.Change{Place: 3, Amount: 5, Pieces: [2]int64{3}}.Move(),
	} {
		o, err := ResumeOptions(filepath.Join("testdata", "saves-v1", name), Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		m := newTestPlay(t, o, 80, 24)
		if turns := m.match.Turns(); len(turns) != 1 || turns[0].Move != want {
			t.Errorf("%s: resumed with %+v, want the move %+v", name, turns, want)
		}
	}
}
