package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// saveFile writes a saved game made of the JSON fields given over a
// good save of Nim 3 4 5 with one move played, and returns its path.
func saveFile(t *testing.T, dir, name string, fields map[string]any) string {
	t.Helper()
	s := map[string]any{"version": saveVersion, "game": variants.Config{Name: "nim"}, "start": []int64{3, 4, 5},
		"moves": []any{map[string]any{"changes": []engine.Change{{Place: 3, Amount: 4}}}}, "played": 1, "you": 0,
		"level": 0, "seed": 1, "explain": "why", "lang": "en"}
	for k, v := range fields {
		s[k] = v
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("# a game\n"+saveMark+string(b)+"\n-->\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Issue 27: a saved game is input from outside. What matchgame would
// never write is refused at load, in one line naming the file and the
// field: a level past casual (the first move panicked), an explanation
// mode that is none (it showed as {ui.explain.}), a side, a count of
// players, a language, a reason for a computer's move that are none.
func TestResumeRefusesWhatItNeverWrites(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := ResumeOptions(saveFile(t, dir, "good.md", nil), Options{}); err != nil {
		t.Fatalf("the good save: %s", msgOf(err))
	}
	for _, c := range []struct {
		name   string
		fields map[string]any
		want   string
	}{
		{"level.md", map[string]any{"level": 99}, `"level": 99`},
		{"level-.md", map[string]any{"level": -1}, `"level": -1`},
		{"explain.md", map[string]any{"explain": "shout"}, `"explain": "shout"`},
		{"you.md", map[string]any{"you": 5}, `"you": 5`},
		{"players.md", map[string]any{"players": 7}, `"players": 7`},
		{"lang.md", map[string]any{"lang": "xx"}, `"lang": "xx"`},
		{"kind.md", map[string]any{"moves": []any{map[string]any{"changes": []engine.Change{{Place: 3, Amount: 4}}, "auto": true, "kind": 9}}}, `"kind": 9`},
	} {
		_, err := ResumeOptions(saveFile(t, dir, c.name, c.fields), Options{})
		if said := msgOf(err); err == nil || !strings.Contains(said, c.want) || !strings.Contains(said, c.name) || strings.Contains(said, "\n") {
			t.Errorf("%s: %q, want one line with %s", c.name, said, c.want)
		}
	}
}

// Issue 27: a save reads no file it names: a graph saved with --file is
// refused at once (a FIFO blocked for ever; the refusal echoed the file's
// first line), and a game played from a graph file saves its edges, so it
// resumes with the file gone.
func TestResumeReadsNoFileTheSaveNames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(secret, []byte("my password is hunter2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{secret, fifo} {
		path := saveFile(t, dir, filepath.Base(file)+".md", map[string]any{"game": variants.Config{Name: "graph", Params: map[string]string{"file": file}},
			"start": []int64{1}, "moves": []any{}, "played": 0})
		_, err := ResumeOptions(path, Options{}) // a FIFO opened would block here for ever
		if said := msgOf(err); err == nil || strings.Contains(said, "hunter2") || !strings.Contains(said, "--file") {
			t.Errorf("%s: %q", filepath.Base(file), said)
		}
	}
	edges := filepath.Join(dir, "g.txt")
	if err := os.WriteFile(edges, []byte("1 2\n2 3\n1 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{Game: variants.Config{Name: "graph", Params: map[string]string{"file": edges}}, Position: engine.Position{1, 1}, Level: engine.Perfect, Lang: "en"}
	m := newTestPlay(t, o, 80, 24)
	saved := filepath.Join(dir, "played.md")
	if err := os.WriteFile(saved, []byte(m.markdown()), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(edges)
	if r, err := ResumeOptions(saved, Options{}); err != nil || r.Game.Params["file"] != "" || r.Game.Params["edges"] != "1>2,2>3,1>3" {
		t.Errorf("a game from a graph file resumed as %+v: %s", r.Game, msgOf(err))
	}
}

// Issue 27: replaying a long saved game keeps the whole analysis of its
// last moves only, the older ones as their positions and outcomes,
// analysed again when they are looked at (undo, the review, a handout);
// a save of more moves than a game keeps is refused before it is
// replayed. (A save of 999,999 moves grew to 2.8 GB while it replayed.)
func TestResumeLongGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	n := 3000
	moves := make([]any, n)
	for i := range moves {
		moves[i] = map[string]any{"changes": []engine.Change{{Place: 1, Amount: 1}}}
	}
	path := saveFile(t, dir, "long.md", map[string]any{"start": []int64{5000}, "moves": moves, "played": n})
	o, err := ResumeOptions(path, Options{})
	if err != nil {
		t.Fatal(msgOf(err))
	}
	m := newTestPlay(t, o, 80, 24)
	explained := 0
	for _, turn := range m.match.Turns() {
		if turn.Before.Explanation != nil {
			explained++
		}
	}
	if len(m.match.Turns()) != n || explained > 64 {
		t.Errorf("%d turns, %d of them with their whole analysis", len(m.match.Turns()), explained)
	}
	m.match.TakeBack(10)
	if now := m.match.Now(); now.Explanation == nil || now.Brief() || fmt.Sprint(now.Position) != "4990" {
		t.Errorf("taken back to %v with no explanation", now.Position)
	}
	tooLong := make([]any, engine.MaxHistory+1)
	for i := range tooLong {
		tooLong[i] = moves[0]
	}
	_, err = ResumeOptions(saveFile(t, dir, "toolong.md", map[string]any{"start": []int64{1 << 40}, "moves": tooLong, "played": len(tooLong)}), Options{})
	if said := msgOf(err); err == nil || !strings.Contains(said, "more than 100,000 moves") {
		t.Errorf("a save of %d moves: %q", len(tooLong), said)
	}
}
