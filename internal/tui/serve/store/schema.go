package store

import (
	"database/sql"
	"slices"
)

// isTerm refuses, with errForeign, a file whose schema is not a term's at
// version v (PRAGMA user_version): another program's database, with
// tables at version 0 or tables no term has. Nothing is written to it.
func (s *Store) isTerm(v int) error {
	have, err := schemaOf(s.db)
	if err != nil {
		return err
	}
	want, err := termSchema(v)
	if err != nil {
		return err
	}
	if !slices.Equal(have, want) {
		return errForeign
	}
	return nil
}

// termSchema is what the schema of a term at version v holds: the
// tables and indexes migrations[:v] make in a database of their own.
func termSchema(v int) ([]string, error) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // each connection is a memory database of its own
	for _, m := range migrations[:v] {
		if _, err := db.Exec(m); err != nil {
			return nil, err
		}
	}
	return schemaOf(db)
}

// schemaOf is db's schema: each table, index, view and trigger as its
// type and name ("table students"), SQLite's own left out, in order.
func schemaOf(db *sql.DB) ([]string, error) {
	rows, err := db.Query(sqlSchema)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, rows.Err()
}
