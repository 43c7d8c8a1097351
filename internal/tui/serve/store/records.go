package store

import (
	"cmp"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Position is a position as the screens write it: the store keeps it and
// gives it back, never reading it.
type Position struct {
	Family  string // the game's family: "nim", "sum"
	Game    string // the game and its settings (the screens' JSON)
	Numbers string // its numbers (JSON)
	Written string // as the command line writes it, for people
}

// Move is a move as the screens write it: its fields (the game's JSON
// words, {"heap": 2, "take": 3}) and its words.
type Move struct {
	Fields string
	Said   string
}

// Student is a student of the term.
type Student struct {
	ID     int64
	Name   string
	Key    string // the fingerprint they are known by; "" for a guest
	Before int    // lessons attended before the one they joined
	Due    int    // their positions due for review when they joined
}

// ErrNameHeld refuses a name that a student with another key holds.
var ErrNameHeld = errors.New("another student has that name")

// Known is the student known by key (an SSH key's or a page's token's
// SHA256 fingerprint), false for a key never seen.
func (s *Store) Known(key string) (Student, bool, error) {
	st := Student{Key: key}
	err := s.db.QueryRow(sqlStudentByKey, key).Scan(&st.ID, &st.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return Student{}, false, nil
	}
	return st, err == nil, err
}

// Enrol makes a new student named name, known by key from now on; with
// no key, a guest kept for this lesson's record only. A name that a
// student with another key holds is refused with ErrNameHeld, to a guest
// as well (letters' case aside).
func (s *Store) Enrol(key, name string) (Student, error) {
	st := Student{Name: name, Key: key}
	var k any
	if key != "" {
		k = key
	}
	err := s.tx(func(tx *sql.Tx) error {
		if held, err := nameHeld(tx, name, key); err != nil || held {
			return cmp.Or(err, ErrNameHeld)
		}
		res, err := tx.Exec(sqlNewStudent, name, k, ms(s.now()))
		if err != nil {
			return err
		}
		st.ID, err = res.LastInsertId()
		return err
	})
	return st, err
}

// nameHeld says whether a student with a key other than key holds name,
// letters' case and composition aside in every script (É, É and é are one
// name): compared here, as SQLite's NOCASE folds ASCII only. A guest
// (key "") has no key to prove a name, so every held one is refused to it.
func nameHeld(tx *sql.Tx, name, key string) (bool, error) {
	rows, err := tx.Query(sqlNamesHeld, key)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	want := foldName(name)
	for rows.Next() {
		var held string
		if err := rows.Scan(&held); err != nil {
			return false, err
		}
		if foldName(held) == want {
			return true, nil
		}
	}
	return false, rows.Err()
}

// foldName is the form two names are compared in: composed, case folded.
func foldName(name string) string {
	return cases.Fold().String(norm.NFC.String(name))
}

// Lesson is one lesson of the term, from serve's start to its end.
type Lesson struct {
	s  *Store
	ID int64
}

// Begin starts a lesson now.
func (s *Store) Begin() (*Lesson, error) {
	now := ms(s.now())
	res, err := s.db.Exec(sqlNewLesson, now, now)
	if err != nil {
		return nil, err
	}
	id, err := res.LastInsertId()
	return &Lesson{s: s, ID: id}, err
}

// End ends the lesson now: its length is kept.
func (l *Lesson) End() error {
	now := ms(l.s.now())
	_, err := l.s.db.Exec(sqlEndLesson, now, now, l.ID)
	return err
}

// Attend marks the student present, and sets st.Before to the lessons
// they came to before this one and st.Due to their positions due: one
// transaction, as a class of 300 joins at once.
func (l *Lesson) Attend(st *Student) error {
	now := l.s.now()
	return l.s.tx(func(tx *sql.Tx) error {
		if _, err := tx.Exec(sqlAttend, l.ID, st.ID, ms(now)); err != nil {
			return err
		}
		if err := tx.QueryRow(sqlLessonsOf, st.ID, l.ID).Scan(&st.Before); err != nil {
			return err
		}
		return tx.QueryRow(sqlDueCount, st.ID, ms(now)).Scan(&st.Due)
	})
}

// Taught notes what the class did: a quiz, a demo, a review, of game (as
// the command line writes it).
func (l *Lesson) Taught(kind, game string) error {
	now := ms(l.s.now())
	return l.s.tx(func(tx *sql.Tx) error {
		if _, err := tx.Exec(sqlTaught, l.ID, now, kind, game); err != nil {
			return err
		}
		_, err := tx.Exec(sqlTouch, now, l.ID)
		return err
	})
}

// Answer is one answer of a student's to a question.
type Answer struct {
	Student  int64
	Kind     string // "class": the teacher's quiz; "review": the student's own mistakes
	Question int    // its number in the quiz
	Position Position
	Move     Move
	Right    bool
	Took     time.Duration
}

// Answer keeps an answer, committed when it returns. A wrong answer
// makes its position one to review; an answer to a position under
// review moves its next time (sooner when wrong, later when right).
func (l *Lesson) Answer(a Answer) error {
	now := l.s.now()
	return l.s.tx(func(tx *sql.Tx) error {
		p := a.Position
		if _, err := tx.Exec(sqlAnswer, l.ID, a.Student, ms(now), a.Kind, a.Question, p.Family, p.Game, p.Numbers, p.Written,
			a.Move.Fields, a.Move.Said, a.Right, a.Took.Milliseconds()); err != nil {
			return err
		}
		if err := review(tx, a.Student, p, a.Right, a.Took, now); err != nil {
			return err
		}
		_, err := tx.Exec(sqlTouch, ms(now), l.ID)
		return err
	})
}

// Missed makes the position of a class question the student left
// unanswered one to review, as a wrong answer does; no answer is kept,
// so the term counts the answers given.
func (l *Lesson) Missed(student int64, p Position) error {
	now := l.s.now()
	return l.s.tx(func(tx *sql.Tx) error { return review(tx, student, p, false, 0, now) })
}

// Game is a game a student played to its end.
type Game struct {
	Student  int64
	Family   string
	Game     string // the game and its settings (the screens' JSON)
	Start    string // the start, as the command line writes it
	Won      bool
	Moves    int
	Mistakes []Mistake
}

// Mistake is a move of the student's that handed the other side a
// winning position: the position, the move played and a winning one.
type Mistake struct {
	Turn     int
	Position Position
	Played   Move
	Better   Move
}

// Game keeps a game with its mistakes; each mistake's position is one to
// review.
func (l *Lesson) Game(g Game) error {
	now := l.s.now()
	result := "lost"
	if g.Won {
		result = "won"
	}
	return l.s.tx(func(tx *sql.Tx) error {
		res, err := tx.Exec(sqlGame, l.ID, g.Student, ms(now), g.Family, g.Game, g.Start, result, g.Moves)
		if err != nil {
			return err
		}
		id, err := res.LastInsertId()
		if err != nil {
			return err
		}
		for _, m := range g.Mistakes {
			p := m.Position
			if _, err := tx.Exec(sqlMistake, id, m.Turn, p.Numbers, p.Written, m.Played.Fields, m.Played.Said, m.Better.Fields, m.Better.Said); err != nil {
				return err
			}
			if err := review(tx, g.Student, p, false, 0, now); err != nil {
				return err
			}
		}
		_, err = tx.Exec(sqlTouch, ms(now), l.ID)
		return err
	})
}

// Card is a position a student is to answer again.
type Card struct {
	ID       int64
	Position Position
	Due      time.Time
	schedule
}

// review moves the card of the student's position after an answer, or
// makes one for a position got wrong.
func review(tx *sql.Tx, student int64, p Position, right bool, took time.Duration, now time.Time) error {
	var c Card
	var due int64
	err := tx.QueryRow(sqlCard, student, p.Game, p.Numbers).Scan(&c.ID, &c.Reps, &c.Days, &c.Ease, &due)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if right {
			return nil // nothing to review
		}
		n := fresh(now)
		_, err = tx.Exec(sqlNewCard, student, p.Family, p.Game, p.Numbers, p.Written, n.Reps, n.Days, n.Ease, ms(n.Due))
		return err
	case err != nil:
		return err
	}
	n := c.schedule.after(right, took, now)
	_, err = tx.Exec(sqlSetCard, n.Reps, n.Days, n.Ease, ms(n.Due), c.ID)
	return err
}

// Due are the student's positions to review now, soonest first, at most
// limit.
func (s *Store) Due(student int64, limit int) ([]Card, error) {
	rows, err := s.db.Query(sqlDue, student, ms(s.now()), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cards []Card
	for rows.Next() {
		var c Card
		var due int64
		p := &c.Position
		if err := rows.Scan(&c.ID, &p.Family, &p.Game, &p.Numbers, &p.Written, &c.Reps, &c.Days, &c.Ease, &due); err != nil {
			return nil, err
		}
		c.Due = time.UnixMilli(due)
		cards = append(cards, c)
	}
	return cards, rows.Err()
}

// DueCount is how many of the student's positions are due now.
func (s *Store) DueCount(student int64) (int, error) {
	var n int
	err := s.db.QueryRow(sqlDueCount, student, ms(s.now())).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("due reviews: %w", err)
	}
	return n, nil
}
