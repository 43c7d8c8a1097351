package picture

import (
	"slices"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// A move to draw is named without naming the game, in either of two
// ways:
//
//   - its JSON fields, as analyze --json writes them: "heap=2,take=3",
//     "component=2,heap=1,take=3" in a sum, "edge=4" in Hackenbush. A
//     field given is matched against the legal moves' fields (a field
//     left out matches anything); a list (Moore's "takes") is given as
//     its objects' fields in order: "heap=1,take=2,heap=3,take=1".
//   - its words, as analyze writes them: "take 3 from heap 2".
//
// Exactly one legal move must match.

// movesChecked is how many legal moves are read one by one; past it, a
// move given by its fields is built from the numbers given.
const movesChecked = 100_000

// pair is one field given.
type pair struct {
	name  string
	value int64
}

// MoveNamed is the legal move of g from p that spec names, or a refusal
// saying why there is none or more than one.
func MoveNamed(g engine.Game, p engine.Position, spec string, cat *assets.Catalog) (engine.Move, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return engine.Move{}, engine.Refuse("err.picture.move.syntax", spec, exampleFields(g, p))
	}
	if !strings.Contains(spec, "=") {
		return moveByWords(g, p, spec, cat)
	}
	given, ok := parseFields(spec)
	if !ok {
		return engine.Move{}, engine.Refuse("err.picture.move.syntax", spec, exampleFields(g, p))
	}
	found, names, complete := readMoves(g, p, given)
	switch {
	case !complete && len(found) > 1: // more match than were read: the fields do not name one
		return engine.Move{}, engine.Refuse("err.picture.move.more", len(found), spec, shownFields(g, p, found))
	case !complete:
		found = builtMoves(g, p, given, names)
	}
	for _, f := range given {
		if len(names) > 0 && !names[f.name] {
			return engine.Move{}, engine.Refuse("err.picture.move.field", f.name, exampleFields(g, p))
		}
	}
	return oneMove(g, p, spec, found)
}

// readMoves reads the legal moves one by one, at most movesChecked of
// them: those whose fields match, and the names of the fields seen;
// complete is false when there were more.
func readMoves(g engine.Game, p engine.Position, given []pair) (found []engine.Move, names map[string]bool, complete bool) {
	names = map[string]bool{}
	seen := map[engine.Move]bool{}
	n := 0
	for m := range g.Moves(p, 0) {
		if n++; n > movesChecked {
			return found, names, false
		}
		fields := flatFields(g.MoveFields(p, m))
		for _, f := range fields {
			names[f.name] = true
		}
		if fieldsMatch(fields, given) && !seen[m] {
			seen[m] = true
			found = append(found, m)
		}
	}
	return found, names, true
}

// parseFields reads "name=number,…"; false when it is not that.
func parseFields(spec string) ([]pair, bool) {
	var given []pair
	for _, f := range strings.Split(spec, ",") {
		name, value, ok := strings.Cut(strings.TrimSpace(f), "=")
		v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if !ok || err != nil || strings.TrimSpace(name) == "" {
			return nil, false
		}
		given = append(given, pair{strings.ToLower(strings.TrimSpace(name)), v})
	}
	return given, true
}

// oneMove is the one move found, or the refusal of none or many.
func oneMove(g engine.Game, p engine.Position, spec string, found []engine.Move) (engine.Move, error) {
	switch len(found) {
	case 0:
		return engine.Move{}, engine.Refuse("err.picture.move.none", spec)
	case 1:
		return found[0], nil
	}
	return engine.Move{}, engine.Refuse("err.picture.move.many", len(found), spec, shownFields(g, p, found))
}

// shownFields are the fields of the first three moves found, to show.
func shownFields(g engine.Game, p engine.Position, found []engine.Move) string {
	var shown []string
	for _, m := range found[:min(len(found), 3)] {
		shown = append(shown, writeFields(flatFields(g.MoveFields(p, m))))
	}
	return strings.Join(shown, "; ")
}

// moveByWords is the legal move whose words, in cat's language, are
// spec (case, spaces and a final full stop aside).
func moveByWords(g engine.Game, p engine.Position, spec string, cat *assets.Catalog) (engine.Move, error) {
	want := normalWords(spec)
	var found []engine.Move
	n := 0
	for m := range g.Moves(p, 0) {
		if n++; n > movesChecked {
			return engine.Move{}, engine.Refuse("err.picture.move.words", spec, exampleFields(g, p))
		}
		if normalWords(engine.Describe(g, p, m).Render(cat)) == want {
			found = append(found, m)
		}
	}
	return oneMove(g, p, spec, found)
}

func normalWords(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	return strings.TrimRight(s, ".。")
}

// flatFields are a move's fields with a list's objects spelled out in
// order.
func flatFields(fields []engine.Field) []pair {
	var out []pair
	for _, f := range fields {
		if f.List == nil {
			out = append(out, pair{f.Name, f.Value})
			continue
		}
		for _, o := range f.List {
			out = append(out, flatFields(o)...)
		}
	}
	return out
}

// fieldsMatch reports whether, for every name given, the values given
// are the move's values of that name, in order.
func fieldsMatch(fields, given []pair) bool {
	for _, g := range given {
		var want, have []int64
		for _, x := range given {
			if x.name == g.name {
				want = append(want, x.value)
			}
		}
		for _, f := range fields {
			if f.name == g.name {
				have = append(have, f.value)
			}
		}
		if !slices.Equal(want, have) {
			return false
		}
	}
	return true
}

// builtMoves finds the moves matching given where there are too many
// legal moves to read: at every place, each number given as the amount
// (and as the piece left on the left, and the middle one), kept when it
// is legal and its fields match.
func builtMoves(g engine.Game, p engine.Position, given []pair, names map[string]bool) []engine.Move {
	nums := []int64{0}
	for _, x := range given {
		nums = append(nums, x.value)
	}
	slices.Sort(nums)
	nums = slices.Compact(nums)
	var found []engine.Move
	seen := map[string]bool{} // a move is told apart by its fields: a game may ignore a number
	for w := 1; w <= min(g.Places(p), movesChecked); w++ {
		gg, pp, inner := engine.PlaceIn(g, p, w)
		mids := []int64{0}
		if gg.Board().Shape.Pieces == 3 {
			mids = nums
		}
		for _, a := range nums {
			if !gg.Amounts(pp, inner).Has(a) {
				continue
			}
			for _, l := range nums {
				for _, mid := range mids {
					m := engine.MoveAt(g, p, w, a, l)
					m.Changes[0].Pieces[1] = mid
					if _, err := g.Apply(p, m); err != nil {
						continue
					}
					fields := flatFields(g.MoveFields(p, m))
					for _, f := range fields {
						names[f.name] = true
					}
					if key := writeFields(fields); fieldsMatch(fields, given) && !seen[key] {
						seen[key] = true
						found = append(found, m)
					}
				}
			}
		}
	}
	return found
}

// exampleFields writes the fields of g's first legal move from p, as
// --move takes them: what a move of this game is made of.
func exampleFields(g engine.Game, p engine.Position) string {
	for m := range g.Moves(p, 1) {
		return writeFields(flatFields(g.MoveFields(p, m)))
	}
	return "—"
}

func writeFields(fields []pair) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.name + "=" + strconv.FormatInt(f.value, 10)
	}
	return strings.Join(parts, ",")
}
