// Package store keeps a class's term in one SQLite file (serve --class
// --store, matchgame term): the students known by their SSH key or the
// page's token, each lesson and what was taught in it, every quiz answer,
// every game with its mistakes, and the mistakes a student is to see
// again, scheduled by spaced repetition (SM-2, review.go).
//
// The driver is modernc.org/sqlite, SQLite translated to Go: no cgo, so
// `go run` and `go test` need nothing installed. The file is written
// ahead (WAL) and every answer is its own transaction, committed before
// the class counts it: a server killed with SIGKILL loses nothing the
// dashboard showed, and the file is whole after any crash (Check runs
// PRAGMA integrity_check). Its schema carries a version (PRAGMA
// user_version) and grows by the migrations in sql.go, the one place
// that holds the package's SQL.
//
// The store knows nothing of the games: a position, a game and a move
// come as the screens write them (Position, Move), and go back the same.
package store
