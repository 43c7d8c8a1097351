package store

// Every statement of the store, in one place.

// migrations build the schema: migrations[i] takes a file at version i to
// i+1 (PRAGMA user_version). A file is never taken back; one newer than
// this program knows is refused.
var migrations = []string{
	// 1: the term.
	`CREATE TABLE students (
		id      INTEGER PRIMARY KEY,
		name    TEXT NOT NULL,
		key     TEXT UNIQUE,          -- SHA256 fingerprint of the SSH key or of the page's token; NULL: a guest
		created INTEGER NOT NULL      -- unix milliseconds, as every time here
	);
	-- A name held by a key is that key's alone (guests come and go).
	CREATE UNIQUE INDEX students_keyed_name ON students(name COLLATE NOCASE) WHERE key IS NOT NULL;
	CREATE TABLE lessons (
		id      INTEGER PRIMARY KEY,
		started INTEGER NOT NULL,
		ended   INTEGER,              -- NULL while it runs, or when the server was killed
		last    INTEGER NOT NULL      -- the last thing kept: the length of a lesson cut short
	);
	CREATE TABLE taught (
		lesson  INTEGER NOT NULL REFERENCES lessons(id),
		at      INTEGER NOT NULL,
		kind    TEXT NOT NULL,        -- quiz, demo, review
		game    TEXT NOT NULL         -- the game as the command line writes it
	);
	CREATE TABLE attendance (
		lesson  INTEGER NOT NULL REFERENCES lessons(id),
		student INTEGER NOT NULL REFERENCES students(id),
		joined  INTEGER NOT NULL,
		first   INTEGER NOT NULL,     -- the student's first lesson
		PRIMARY KEY (lesson, student)
	) WITHOUT ROWID;
	CREATE TABLE answers (
		id       INTEGER PRIMARY KEY,
		lesson   INTEGER NOT NULL REFERENCES lessons(id),
		student  INTEGER NOT NULL REFERENCES students(id),
		at       INTEGER NOT NULL,
		kind     TEXT NOT NULL,       -- class (the teacher's quiz), review
		question INTEGER NOT NULL,    -- its number in the quiz
		family   TEXT NOT NULL,
		game     TEXT NOT NULL,       -- the game and its settings, as the screens wrote it (JSON)
		position TEXT NOT NULL,       -- its numbers (JSON)
		written  TEXT NOT NULL,       -- the position as the command line writes it
		move     TEXT NOT NULL,       -- the move's fields (JSON)
		said     TEXT NOT NULL,       -- the move in words
		right    INTEGER NOT NULL,
		took     INTEGER NOT NULL     -- milliseconds
	);
	CREATE INDEX answers_student ON answers(student);
	CREATE TABLE games (
		id      INTEGER PRIMARY KEY,
		lesson  INTEGER NOT NULL REFERENCES lessons(id),
		student INTEGER NOT NULL REFERENCES students(id),
		at      INTEGER NOT NULL,
		family  TEXT NOT NULL,
		game    TEXT NOT NULL,
		start   TEXT NOT NULL,        -- the start, as the command line writes it
		result  TEXT NOT NULL,        -- won, lost
		moves   INTEGER NOT NULL
	);
	CREATE TABLE mistakes (
		game     INTEGER NOT NULL REFERENCES games(id),
		turn     INTEGER NOT NULL,
		position TEXT NOT NULL,
		written  TEXT NOT NULL,
		played   TEXT NOT NULL, played_said TEXT NOT NULL,
		better   TEXT NOT NULL, better_said TEXT NOT NULL
	);
	-- A position a student got wrong, to be asked again (SM-2).
	CREATE TABLE cards (
		id       INTEGER PRIMARY KEY,
		student  INTEGER NOT NULL REFERENCES students(id),
		family   TEXT NOT NULL,
		game     TEXT NOT NULL,
		position TEXT NOT NULL,
		written  TEXT NOT NULL,
		reps     INTEGER NOT NULL,    -- right answers in a row
		days     REAL NOT NULL,       -- the interval
		ease     REAL NOT NULL,
		due      INTEGER NOT NULL,
		UNIQUE (student, game, position)
	);
	CREATE INDEX cards_due ON cards(student, due);`,
}

const (
	sqlVersion    = `PRAGMA user_version`
	sqlSetVersion = `PRAGMA user_version = %d` // a PRAGMA takes no parameter
	sqlIntegrity  = `PRAGMA integrity_check`
	sqlQuickCheck = `PRAGMA quick_check`
	sqlWAL        = `PRAGMA journal_mode = WAL`
	sqlSchema     = `SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY 1`

	sqlStudentByKey = `SELECT id, name FROM students WHERE key = ?`
	sqlNamesHeld    = `SELECT name FROM students WHERE key IS NOT NULL AND key <> ?`
	sqlNewStudent   = `INSERT INTO students (name, key, created) VALUES (?, ?, ?)`
	sqlLessonsOf    = `SELECT count(*) FROM attendance WHERE student = ? AND lesson <> ?`

	sqlNewLesson = `INSERT INTO lessons (started, last) VALUES (?, ?)`
	sqlTouch     = `UPDATE lessons SET last = max(last, ?) WHERE id = ?`
	sqlEndLesson = `UPDATE lessons SET ended = ?, last = max(last, ?) WHERE id = ?`
	sqlTaught    = `INSERT INTO taught (lesson, at, kind, game) VALUES (?, ?, ?, ?)`
	sqlAttend    = `INSERT INTO attendance (lesson, student, joined, first)
		VALUES (?1, ?2, ?3, NOT EXISTS (SELECT 1 FROM attendance WHERE student = ?2))
		ON CONFLICT DO NOTHING`

	sqlAnswer = `INSERT INTO answers (lesson, student, at, kind, question, family, game, position, written, move, said, right, took)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlGame = `INSERT INTO games (lesson, student, at, family, game, start, result, moves)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	sqlMistake = `INSERT INTO mistakes (game, turn, position, written, played, played_said, better, better_said)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`

	sqlCard    = `SELECT id, reps, days, ease, due FROM cards WHERE student = ? AND game = ? AND position = ?`
	sqlNewCard = `INSERT INTO cards (student, family, game, position, written, reps, days, ease, due)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlSetCard = `UPDATE cards SET reps = ?, days = ?, ease = ?, due = ? WHERE id = ?`
	sqlDue     = `SELECT id, family, game, position, written, reps, days, ease, due FROM cards
		WHERE student = ? AND due <= ? ORDER BY due, id LIMIT ?`
	sqlDueCount = `SELECT count(*) FROM cards WHERE student = ? AND due <= ?`

	sqlTermLessons  = `SELECT count(*) FROM lessons`
	sqlTermStudents = `SELECT s.id, s.name, s.key,
		(SELECT count(*) FROM attendance a WHERE a.student = s.id),
		(SELECT count(*) FROM cards c WHERE c.student = s.id AND c.due <= ?1)
		FROM students s ORDER BY s.id`
	sqlTermFamilies = `SELECT student, family, count(*), sum(right) FROM answers GROUP BY student, family`
	sqlLessonList   = `SELECT l.id, l.started, coalesce(l.ended, l.last),
		(SELECT count(*) FROM attendance a WHERE a.lesson = l.id),
		(SELECT group_concat(trim(kind || ' ' || game), '; ') FROM (SELECT kind, game FROM taught t WHERE t.lesson = l.id ORDER BY at))
		FROM lessons l ORDER BY l.id`
)
