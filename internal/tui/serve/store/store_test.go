package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a term's simulated time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newClock() *clock { return &clock{t: time.Date(2026, 9, 1, 9, 0, 0, 0, time.UTC)} }

func openTest(t *testing.T, c *clock) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "term.db")
	s, err := Open(path, Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func nimAt(heaps string) Position {
	return Position{Family: "nim", Game: `{"name":"nim"}`, Numbers: "[" + strings.ReplaceAll(heaps, " ", ",") + "]", Written: heaps}
}

// The file is made for its owner alone, written ahead (WAL), at the
// newest schema; opened again it is the same term.
func TestOpenMakesThePrivateFile(t *testing.T) {
	t.Parallel()
	s, path := openTest(t, newClock())
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
		t.Errorf("mode %04o, want 0600", info.Mode().Perm())
	}
	var mode string
	var version int
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q, %v", mode, err)
	}
	if err := s.db.QueryRow(sqlVersion).Scan(&version); err != nil || version != len(migrations) {
		t.Errorf("schema %d, %v; want %d", version, err, len(migrations))
	}
	if _, err := s.Enrol("SHA256:a", "Ann"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	again, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if st, ok, err := again.Known("SHA256:a"); !ok || err != nil || st.Name != "Ann" {
		t.Errorf("reopened: %+v %v %v", st, ok, err)
	}
	if err := again.Check(); err != nil {
		t.Error(err)
	}
}

// A file others can read, one of a newer matchgame, one that is not a
// term at all, and a missing one read only: each refused with a reason.
func TestOpenRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	open := filepath.Join(dir, "open.db")
	if err := os.WriteFile(open, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(open, Options{}); runtime.GOOS != "windows" && !errors.Is(err, ErrNotOwner) {
		t.Errorf("a file others can read: %v", err)
	}
	newer := filepath.Join(dir, "newer.db")
	s, err := Open(newer, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(fmt.Sprintf(sqlSetVersion, len(migrations)+1)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(newer, Options{}); err == nil || !strings.Contains(err.Error(), "newer matchgame") {
		t.Errorf("a newer schema: %v", err)
	}
	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database ", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(junk, Options{}); err == nil {
		t.Error("a file that is no database was opened")
	}
	if _, err := Open(filepath.Join(dir, "none.db"), Options{ReadOnly: true}); err == nil {
		t.Error("a missing file was opened to read")
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("reading a missing file made it")
	}
}

// A file that is no term, readable by others (a user's slip: --store
// /etc/passwd) is said to be no term, not to need chmod 600, and is left
// as it was.
func TestOpenRefusesWhatIsNoTerm(t *testing.T) {
	t.Parallel()
	text := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(text, []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		if _, err := Open(text, Options{ReadOnly: ro}); !errors.Is(err, ErrNotTerm) {
			t.Errorf("a text file others can read (read only %v): %v", ro, err)
		}
	}
	if b, _ := os.ReadFile(text); string(b) != "root:x:0:0:root:/root:/bin/bash\n" {
		t.Errorf("the file that is no term was changed: %q", b)
	}
}

// A key is one student whatever name they come with; a new key cannot
// take a name another key holds (letters' case aside), nor may a guest;
// guests may share names among themselves, each kept apart.
func TestStudentsKnownByKey(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t, newClock())
	ann, err := s.Enrol("SHA256:ann", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Enrol("SHA256:other", "ann"); !errors.Is(err, ErrNameHeld) {
		t.Errorf("a new key asking for a held name: %v", err)
	}
	if st, ok, _ := s.Known("SHA256:ann"); !ok || st.ID != ann.ID {
		t.Errorf("the key is not known again: %+v", st)
	}
	if _, ok, _ := s.Known("SHA256:never"); ok {
		t.Error("a key never seen is known")
	}
	// Letters' case and their composition aside in every script, not only ASCII.
	if _, err := s.Enrol("SHA256:emile", "Émile"); err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"émile", "E\u0301MILE", "e\u0301mile"} {
		if _, err := s.Enrol(fmt.Sprint("SHA256:other", i), name); !errors.Is(err, ErrNameHeld) {
			t.Errorf("a new key asking for %q, held as Émile: %v", name, err)
		}
	}
	// A guest has no key to prove a name: a held one is refused to it.
	if _, err := s.Enrol("", "ANN"); !errors.Is(err, ErrNameHeld) {
		t.Errorf("a guest asking for a held name: %v", err)
	}
	g1, err1 := s.Enrol("", "guest")
	g2, err2 := s.Enrol("", "guest")
	if err1 != nil || err2 != nil || g1.ID == g2.ID {
		t.Errorf("guests: %+v %v, %+v %v", g1, err1, g2, err2)
	}
}

// A simulated term of three lessons: attendance, answers per family,
// a game's mistakes, and the mistakes due and moved by their reviews.
func TestTerm(t *testing.T) {
	t.Parallel()
	c := newClock()
	s, _ := openTest(t, c)
	ann, _ := s.Enrol("SHA256:ann", "Ann")
	bob, _ := s.Enrol("SHA256:bob", "Bob")
	guest, _ := s.Enrol("", "visitor")
	wrong := Move{Fields: `{"heap":1,"take":1}`, Said: "take 1 from heap 1"}

	l1, _ := s.Begin()
	for _, st := range []*Student{&ann, &bob, &guest} {
		if err := l1.Attend(st); err != nil || st.Before != 0 {
			t.Fatalf("first lesson: %+v %v", st, err)
		}
	}
	_ = l1.Taught("quiz", "nim")
	answer := func(l *Lesson, st Student, kind string, p Position, right bool) {
		t.Helper()
		if err := l.Answer(Answer{Student: st.ID, Kind: kind, Question: 1, Position: p, Move: wrong, Right: right, Took: 3 * time.Second}); err != nil {
			t.Fatal(err)
		}
	}
	answer(l1, ann, "class", nimAt("3 4 5"), true)
	answer(l1, ann, "class", nimAt("1 2 4"), false)
	answer(l1, bob, "class", nimAt("3 4 5"), false)
	answer(l1, guest, "class", nimAt("3 4 5"), true)
	kayles := Position{Family: "kayles", Game: `{"name":"kayles"}`, Numbers: "[7]", Written: "7"}
	if err := l1.Game(Game{Student: bob.ID, Family: "kayles", Game: kayles.Game, Start: "7", Moves: 3,
		Mistakes: []Mistake{{Turn: 1, Position: kayles, Played: wrong, Better: wrong}}}); err != nil {
		t.Fatal(err)
	}
	c.add(50 * time.Minute)
	_ = l1.End()

	if n, _ := s.DueCount(ann.ID); n != 1 {
		t.Errorf("Ann's due after one mistake: %d", n)
	}
	if n, _ := s.DueCount(bob.ID); n != 2 {
		t.Errorf("Bob's due after a wrong answer and a game's mistake: %d", n)
	}

	c.add(7 * 24 * time.Hour)
	l2, _ := s.Begin()
	secondLesson(t, s, c, l2, ann, wrong)
	checkTerm(t, s, bob)
}

// secondLesson: a week later Ann comes back with her mistake due, reviews
// it right, and it is due again a day later.
func secondLesson(t *testing.T, s *Store, c *clock, l2 *Lesson, ann Student, wrong Move) {
	t.Helper()
	if err := l2.Attend(&ann); err != nil || ann.Before != 1 || ann.Due != 1 {
		t.Errorf("Ann back: %+v %v", ann, err)
	}
	cards, err := s.Due(ann.ID, 10)
	if err != nil || len(cards) != 1 || cards[0].Position != nimAt("1 2 4") {
		t.Fatalf("Ann's review: %+v %v", cards, err)
	}
	if err := l2.Answer(Answer{Student: ann.ID, Kind: "review", Question: 1, Position: cards[0].Position, Move: wrong, Right: true, Took: 3 * time.Second}); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.DueCount(ann.ID); n != 0 {
		t.Errorf("a mistake reviewed right is still due: %d", n)
	}
	c.add(25 * time.Hour)
	if n, _ := s.DueCount(ann.ID); n != 1 {
		t.Errorf("a day later it is due again: %d", n)
	}
}

// checkTerm: the term of two lessons, everyone's answers and what is
// due; and of the students present.
func checkTerm(t *testing.T, s *Store, bob Student) {
	t.Helper()
	term, err := s.Term()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(term)
	want := `{"lessons":2,"students":[` +
		`{"name":"Ann","key":"SHA256:ann","lessons":2,"answers":3,"right":2,"families":{"nim":{"answers":3,"right":2}},"review_due":1},` +
		`{"name":"Bob","key":"SHA256:bob","lessons":1,"answers":1,"right":0,"families":{"nim":{"answers":1,"right":0}},"review_due":2},` +
		`{"name":"visitor","key":null,"lessons":1,"answers":1,"right":1,"families":{"nim":{"answers":1,"right":1}},"review_due":0}]}`
	if string(got) != want {
		t.Errorf("term:\n%s\nwant\n%s", got, want)
	}
	if len(term.Held) != 2 || term.Held[0].Length != 50*time.Minute || term.Held[0].Students != 3 || term.Held[0].Taught != "quiz nim" {
		t.Errorf("lessons: %+v", term.Held)
	}
	present, _ := s.Term(bob.ID)
	if len(present.Students) != 1 || present.Students[0].Name != "Bob" {
		t.Errorf("the students present: %+v", present.Students)
	}
}

// SM-2: right answers put a position off longer and longer, a quick one
// raises the ease, a wrong one brings it back the next day.
func TestSchedule(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := fresh(now)
	if !s.Due.Equal(now) {
		t.Fatalf("a new mistake is due at %v", s.Due)
	}
	days := []float64{}
	for range 4 {
		s = s.after(true, time.Second, now)
		days = append(days, s.Days)
	}
	if fmt.Sprint(days) != "[1 6 16 45]" || s.Ease <= startEase {
		t.Errorf("right at once, four times: days %v, ease %.2f", days, s.Ease)
	}
	slow := fresh(now).after(true, time.Minute, now)
	if slow.Ease != startEase {
		t.Errorf("right after thought: ease %.2f", slow.Ease)
	}
	lapse := s.after(false, time.Second, now)
	if lapse.Reps != 0 || lapse.Days != 1 || lapse.Ease != s.Ease || !lapse.Due.Equal(now.Add(24*time.Hour)) {
		t.Errorf("wrong: %+v", lapse)
	}
}

// BenchmarkAnswer is one answer kept: a transaction committed to the log.
func BenchmarkAnswer(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "term.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	l, _ := s.Begin()
	st, _ := s.Enrol("SHA256:b", "bench")
	b.ResetTimer()
	for i := range b.N {
		if err := l.Answer(Answer{Student: st.ID, Kind: "class", Question: i, Position: nimAt(fmt.Sprint(i%50 + 1)), Right: i%2 == 0, Took: time.Second}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLectureHall keeps the answers of a lecture hall, 300 students
// answering 10 questions each (a third wrong, each then a position to
// review), and reports the file's size once closed.
func BenchmarkLectureHall(b *testing.B) {
	for range b.N {
		path := filepath.Join(b.TempDir(), "term.db")
		s, err := Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		l, _ := s.Begin()
		for i := range 300 {
			st, _ := s.Enrol(fmt.Sprintf("SHA256:%043d", i), fmt.Sprintf("student %d", i))
			_ = l.Attend(&st)
			for q := range 10 {
				heaps := fmt.Sprintf("%d,%d,%d", q+1, 2*q+3, i%7+1)
				p := Position{Family: "nim", Game: `{"Name":"nim","Misere":false,"Params":{},"Parts":null}`, Numbers: "[" + heaps + "]",
					Written: "nim " + strings.ReplaceAll(heaps, ",", " ")}
				m := Move{Fields: `{"heap":2,"take":3}`, Said: "take 3 from heap 2"}
				if err := l.Answer(Answer{Student: st.ID, Kind: "class", Question: q + 1, Position: p, Move: m, Right: (i+q)%3 != 0, Took: 7 * time.Second}); err != nil {
					b.Fatal(err)
				}
			}
		}
		_ = l.End()
		s.Close()
		info, err := os.Stat(path)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(info.Size()), "file-bytes")
	}
}

// The term lists students as a register does: Émile between Dana and
// Fatima, not after every name in ASCII (SQLite's NOCASE is ASCII only).
func TestTermInTheRegistersOrder(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t, newClock())
	for _, name := range []string{"Fatima", "émile", "Émilie", "dana", "Zoë", "Ann"} {
		if _, err := s.Enrol("SHA256:"+name, name); err != nil {
			t.Fatal(err)
		}
	}
	term, err := s.Term()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range term.Students {
		got = append(got, st.Name)
	}
	if want := []string{"Ann", "dana", "émile", "Émilie", "Fatima", "Zoë"}; !slices.Equal(got, want) {
		t.Errorf("the term's order: %q, want %q", got, want)
	}
}
