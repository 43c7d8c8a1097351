// Package variants holds the games: the 24 families of the registry
// (registry.go), each with its rules (legal moves, move checks with a
// clear refusal), its closed form or table or search (the outcome and the
// winning moves in natural order, with the explanation), its Grundy values
// for sums (engine.Valued), its remoteness for Every-SG where it has one,
// and its table for the teacher's desk. Every rule is checked in the tests
// against exhaustive search, in both conventions.
//
// A family lives in its own files, named by the family: nim.go, bash.go,
// wythoff.go with wythoff_values.go and wythoff_table.go, coins.go with
// coins_table.go, the take-and-break games in takebreak_*.go, and so on;
// each holds everything the family is (rules, values, table). What the
// families share has a file of its own: the registry and what each can do
// (registry.go, capability.go), Nim's sums of heaps (nimsum.go, heaps.go),
// the value helpers (values.go), the tables' forms (table.go,
// table_grid.go), remoteness helpers (remote.go), exhaustive search
// (searched.go), reading positions (parse.go, read.go).
package variants
