package engine

import (
	"fmt"
	"slices"
)

// Lineage is a game whose places outlive moves: a Hackenbush edge left
// standing after a cut is the same edge, though the position, its edges
// in a list, numbers it anew. A match keeps, for every position of the
// game, each place's label (its number in the match's start), and says
// and draws the places by their labels, so that "cut e5" means one edge
// the whole game through. Positions stay as the command line and JSON
// write them; the labels live beside them (Analysis.Labels).
type Lineage interface {
	// Kept is, for each place of the position m leaves p, its place in
	// p (both 1-based, as Places numbers them); nil for a move Apply
	// refuses.
	Kept(p Position, m Move) []int
}

// Labels name the places of a position: Labels[i] is the label of place
// i+1, the number the place had where the match started (in a sum, in
// its own component's numbering). Nil names every place by its number.
type Labels []int

// Of is place where's label.
func (l Labels) Of(where int) int {
	if where < 1 || where > len(l) {
		return where
	}
	return l[where-1]
}

// Span is the labels of the n places from place first on (a component
// of a sum): nil where l is nil or does not reach that far.
func (l Labels) Span(first, n int) Labels {
	if l == nil || first < 1 || first-1+n > len(l) {
		return nil
	}
	return l[first-1 : first-1+n : first-1+n]
}

// own reports whether l names n places each by its number: kept as nil.
func (l Labels) own(n int) bool {
	if len(l) != n {
		return false
	}
	for i, v := range l {
		if v != i+1 {
			return false
		}
	}
	return true
}

// Relabel is the labels of the places of the position m leaves p, whose
// places l labels: nil (each place its number) for a game whose places
// do not outlive moves, and where every label is its place's number.
func Relabel(g Game, p Position, m Move, l Labels) Labels {
	if s, ok := g.(*Sum); ok {
		return s.relabel(p, m, l)
	}
	lin, ok := g.(Lineage)
	if !ok {
		return nil
	}
	kept := lin.Kept(p, m)
	out := make(Labels, len(kept))
	for i, k := range kept {
		out[i] = l.Of(k)
	}
	if out.own(len(out)) {
		return nil
	}
	return out
}

// relabel: each component keeps its labels but the one moved in, which
// is relabelled by its own game; a component with none is named by its
// places (a Kayles row split in two). Nil while no component has labels.
func (s *Sum) relabel(p Position, m Move, l Labels) Labels {
	if _, ok := s.Parts[min(max(m.Part, 0), len(s.Parts)-1)].(Lineage); !ok && l == nil {
		return nil // nothing labelled, nor to be: a sum of 20,000 heaps is not split again
	}
	after, err := s.Apply(p, m)
	if err != nil {
		return nil
	}
	ps, qs := s.must(p), s.must(after)
	inner := m
	inner.Part = 0
	parts := make([]Labels, len(ps))
	labelled, first := false, 1
	for i, q := range ps {
		n := s.Parts[i].Places(q)
		parts[i] = l.Span(first, n)
		first += n
		if i == m.Part {
			parts[i] = Relabel(s.Parts[i], q, inner, parts[i])
		}
		if len(parts[i]) != s.Parts[i].Places(qs[i]) { // a component whose turn passed (Turner) and changed its places
			parts[i] = nil
		}
		labelled = labelled || parts[i] != nil
	}
	if !labelled {
		return nil
	}
	var out Labels
	for i, pl := range parts {
		if pl == nil {
			for w := range s.Parts[i].Places(qs[i]) {
				pl = append(pl, w+1)
			}
		}
		out = append(out, pl...)
	}
	return out
}

// PlaceNo is a place's number in a sentence ("cut edge 5"): At is the
// place (as Places numbers the position the sentence is about; in a sum,
// the place of the whole sum), Shown the number written, the place's own
// number until a match names it by its label (Text.Labeled).
type PlaceNo struct{ At, Shown int }

// PlaceNumber is place where written in a sentence as its number.
func PlaceNumber(where int) PlaceNo { return PlaceNo{At: where, Shown: where} }

// Format writes the number shown, grouped for %d as other numbers are.
func (n PlaceNo) Format(f fmt.State, verb rune) { Number(n.Shown).Format(f, verb) }

// Labeled is t with every place number in it written as l labels its
// place; t itself where l is nil.
func (t Text) Labeled(l Labels) Text {
	if l == nil {
		return t
	}
	return t.mapPlaces(func(n PlaceNo) PlaceNo { n.Shown = l.Of(n.At); return n })
}

// shifted is t about a component of a sum whose place 1 is the sum's
// place by+1: its place numbers look their labels up there, and show the
// component's own numbers still.
func (t Text) shifted(by int) Text {
	return t.mapPlaces(func(n PlaceNo) PlaceNo { n.At += by; return n })
}

// mapPlaces is t with f applied to every place number in it, texts
// within it included; t's own arguments are never changed.
func (t Text) mapPlaces(f func(PlaceNo) PlaceNo) Text {
	var args []any
	for i, a := range t.Args {
		var b any
		switch v := a.(type) {
		case PlaceNo:
			b = f(v)
		case Text:
			b = v.mapPlaces(f)
		case JoinTexts:
			j := make(JoinTexts, len(v))
			for k, x := range v {
				j[k] = x.mapPlaces(f)
			}
			b = j
		default:
			continue
		}
		if args == nil {
			args = slices.Clone(t.Args)
		}
		args[i] = b
	}
	if args == nil {
		return t
	}
	return Text{Key: t.Key, Args: args}
}

// Labeled is e with every place number in its sentences and tables
// written as l labels its place; e itself where l is nil.
func (e Explanation) Labeled(l Labels) Explanation {
	if l == nil {
		return e
	}
	out := make(Explanation, len(e))
	for i, b := range e {
		switch v := b.(type) {
		case Text:
			b = v.Labeled(l)
		case Sentence:
			v.Text = v.Text.Labeled(l)
			b = v
		case Table:
			v.Head, v.Rows = labeledCells(v.Head, l), slices.Clone(v.Rows)
			for r, row := range v.Rows {
				v.Rows[r] = labeledCells(row, l)
			}
			b = v
		case NimSumTable:
			v.Labels = slices.Clone(v.Labels)
			for k, t := range v.Labels {
				v.Labels[k] = t.Labeled(l)
			}
			b = v
		}
		out[i] = b
	}
	return out
}

// labeledCells are a table row's cells with the texts among them
// labelled.
func labeledCells(row []any, l Labels) []any {
	out := slices.Clone(row)
	for i, c := range out {
		if t, ok := c.(Text); ok {
			out[i] = t.Labeled(l)
		}
	}
	return out
}

// labeled is a with its places labelled l: the labels kept, and its
// sentences written with them.
func (a Analysis) labeled(l Labels) Analysis {
	a.Labels = l
	a.Explanation, a.Hint, a.Reason = a.Explanation.Labeled(l), a.Hint.Labeled(l), a.Reason.Labeled(l)
	return a
}

// Describe says move m, made from the position a is about, in words,
// naming its places by their labels where a match keeps them.
func (a Analysis) Describe(m Move) Text { return Describe(a.Game, a.Position, m).Labeled(a.Labels) }
