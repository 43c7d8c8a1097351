package store

import (
	"database/sql"
	"slices"
	"time"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Term is the term as `matchgame term` prints it: the lessons held and,
// per student, the lessons attended, the quiz answers right of all (per
// family too) and the positions due for review. Its JSON is the
// command's --json.
type Term struct {
	Lessons  int           `json:"lessons"`
	Students []TermStudent `json:"students"`
	// Held are the lessons one by one, for the printed report.
	Held []LessonLine `json:"-"`
}

// TermStudent is one student's line of the term.
type TermStudent struct {
	Name      string           `json:"name"`
	Key       *string          `json:"key"` // nil: a guest
	Lessons   int              `json:"lessons"`
	Answers   int              `json:"answers"`
	Right     int              `json:"right"`
	Families  map[string]Tally `json:"families"`
	ReviewDue int              `json:"review_due"`
	ID        int64            `json:"-"`
}

// Tally counts answers, and the right ones among them.
type Tally struct {
	Answers int `json:"answers"`
	Right   int `json:"right"`
}

// LessonLine is one lesson: when, how long, how many came, what was
// taught ("quiz nim; demo kayles 7").
type LessonLine struct {
	Started  time.Time
	Length   time.Duration
	Students int
	Taught   string
}

// Term reads the whole term; with students given, only theirs (the
// dashboard shows the students present).
func (s *Store) Term(students ...int64) (Term, error) {
	var t Term
	tx, err := s.db.Begin() // one snapshot for every query
	if err != nil {
		return t, err
	}
	defer tx.Rollback()
	if err := tx.QueryRow(sqlTermLessons).Scan(&t.Lessons); err != nil {
		return t, err
	}
	if t.Students, err = termStudents(tx, ms(s.now()), students); err != nil {
		return t, err
	}
	if err := termFamilies(tx, t.Students); err != nil {
		return t, err
	}
	t.Held, err = lessonLines(tx)
	return t, err
}

func termStudents(tx *sql.Tx, now int64, only []int64) ([]TermStudent, error) {
	rows, err := tx.Query(sqlTermStudents, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []TermStudent{}
	for rows.Next() {
		var st TermStudent
		var key sql.NullString
		if err := rows.Scan(&st.ID, &st.Name, &key, &st.Lessons, &st.ReviewDue); err != nil {
			return nil, err
		}
		if len(only) > 0 && !slices.Contains(only, st.ID) {
			continue
		}
		if key.Valid {
			st.Key = &key.String
		}
		st.Families = map[string]Tally{}
		list = append(list, st)
	}
	// A register's order, accents and case aside (SQLite's NOCASE folds
	// ASCII only, so Émile came after Zoë); the stable sort keeps the
	// query's enrolment order among guests of one name.
	register := collate.New(language.Und, collate.Loose)
	slices.SortStableFunc(list, func(a, b TermStudent) int { return register.CompareString(a.Name, b.Name) })
	return list, rows.Err()
}

func termFamilies(tx *sql.Tx, students []TermStudent) error {
	at := map[int64]int{}
	for i, st := range students {
		at[st.ID] = i
	}
	rows, err := tx.Query(sqlTermFamilies)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var family string
		var tally Tally
		if err := rows.Scan(&id, &family, &tally.Answers, &tally.Right); err != nil {
			return err
		}
		i, ok := at[id]
		if !ok {
			continue
		}
		st := &students[i]
		st.Families[family] = tally
		st.Answers += tally.Answers
		st.Right += tally.Right
	}
	return rows.Err()
}

func lessonLines(tx *sql.Tx) ([]LessonLine, error) {
	rows, err := tx.Query(sqlLessonList)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var lines []LessonLine
	for rows.Next() {
		var id, started, ended int64
		var taught sql.NullString
		var l LessonLine
		if err := rows.Scan(&id, &started, &ended, &l.Students, &taught); err != nil {
			return nil, err
		}
		l.Started, l.Length, l.Taught = time.UnixMilli(started), time.Duration(ended-started)*time.Millisecond, taught.String
		lines = append(lines, l)
	}
	return lines, rows.Err()
}
