package tui

import (
	"slices"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
)

// Choosing a move: the keys follow the drawing (the renderer says which
// arrows select a place), the amounts come from the engine's geometry.

// chooser is the move being prepared on the board, a component of the
// game screen: the selection, the digits of its amount typed so far and
// the marks of a move at several places. It works on a game and a
// position it is given, and says what it decided; it knows nothing of
// whose turn it is or what the screen is for.
type chooser struct {
	board.Selection
	typed string
	// marks are the other places of a move at several (Moore's Nim), by
	// place, each with its amount: space marks the selected place.
	marks []engine.Change
}

// said is a sentence a component hands the screen to say over the panel.
type said struct {
	text string
	bad  bool
}

// settle puts the selection on a place that has a move, after a move or a
// new position, with nothing typed or marked.
func (c *chooser) settle(g engine.Game, p engine.Position) {
	c.typed, c.marks = "", nil
	n := g.Places(p)
	if c.Where < 1 || c.Where > n || g.Amounts(p, c.Where).Empty() {
		c.Where = 1
		for w := 1; w <= n; w++ { // a staircase of the ground alone has no place
			if !g.Amounts(p, w).Empty() {
				c.Where = w
				break
			}
		}
	}
	c.resetAmount(g, p)
}

// resetAmount puts the amount at the smallest move at the selected place
// (0 when none): the smallest amount, or the largest where the board says
// the board's keys start there (boardKeys); and the split in the middle
// of the row.
func (c *chooser) resetAmount(g engine.Game, p engine.Position) {
	c.Amount, c.Left, c.Mid = 0, 0, 0
	if c.Where < 1 || c.Where > g.Places(p) {
		return
	}
	amounts := g.Amounts(p, c.Where)
	a, ok := amounts.First()
	if pg, _, _ := engine.PlaceIn(g, p, c.Where); boardKeys[pg.Board().Kind].fromLast {
		a, ok = amounts.Last()
	}
	if ok {
		c.Amount = a
		c.resetSplit(g, p)
	}
}

// resetSplit chooses the first legal split of a take-and-break move (in
// a sum, of the component at the place: a Nim heap beside Kayles has
// none).
func (c *chooser) resetSplit(g engine.Game, p engine.Position) {
	s, ok := g.(engine.Splitter)
	if !ok || !splitsAt(g, p, c.Where) {
		c.Left, c.Mid, c.Mirrored = 0, 0, false
		return
	}
	c.Left, _ = s.Splits(p, c.Where, c.Amount).First()
	c.Mid, c.Mirrored = 0, false
	if c.Amount == 0 && threeWay(g, p, c.Where) && c.Left > 0 { // 1 + 1 + the rest, the first split
		c.Mid = 1
	}
}

// anyPlace reports whether some place of the position has the property:
// the first 4,096 places are looked at, and a larger board is taken to
// have it.
func anyPlace(g engine.Game, p engine.Position, has func(where int) bool) bool {
	n := g.Places(p)
	if n > 4096 {
		return true
	}
	for where := 1; where <= n; where++ {
		if has(where) {
			return true
		}
	}
	return false
}

// enable switches on the keys of choosing a move in g at p: no amount to
// choose where only one is legal anywhere (Grundy's game splits, taking
// nothing); the help lists the keys of every place, not only the
// selected one's (issue 18, rough edge 3).
func (c chooser) enable(g engine.Game, p engine.Position, k *KeyMap, cat *assets.Catalog) {
	movable := 0 // places with a move: ↑/↓ select among them
	anyPlace(g, p, func(where int) bool {
		if !g.Amounts(p, where).Empty() {
			movable++
		}
		return movable > 1
	})
	setEnabled(movable > 1 || g.Places(p) > 4096, &k.PlaceBack, &k.PlaceOn)
	setEnabled(true, &k.Confirm)
	several := anyPlace(g, p, func(where int) bool {
		a := g.Amounts(p, where)
		lo, _ := a.First()
		hi, _ := a.Last()
		return hi > lo
	})
	splits := splitsAt(g, p, c.Where)
	setEnabled(several, &k.Less, &k.More)
	setEnabled(several || splits, &k.Digit)
	// Where a move splits: here, with a choice (Mock Turtles' third coin
	// once there is a second; never Ruler's), or a row of pins in any game
	// of a sum: [ and ] are listed at a Nim heap beside Kayles too, so that
	// ? says how to place a knock.
	splitsSomewhere := c.splitChoice(g, p) || anyPart(g, func(pg engine.Game) bool {
		_, ok := pg.(engine.Splitter)
		return ok && pg.Board().Kind == engine.Pins
	}) || anyPlace(g, p, func(where int) bool { return splitChoiceAt(g, p, where) })
	digit := digitHelp(g.Board())
	if c.splitOnly(g, p) {
		digit = "ui.key.digit.split"
	}
	k.Digit.SetHelp("0-9", cat.T(digit))
	setEnabled(splitsSomewhere, &k.Shift)
	setEnabled(anyBoard(g, func(b engine.Board) bool { return b.Shape.Pieces == 3 }), &k.Cut)
	setEnabled(marksMost(g, p, c.Where) > 1, &k.Mark)
}

// key takes a key of choosing: a place, an amount, a split, a digit, a
// mark. It reports whether the key was one of those, and what to say
// (a mark refused or counted).
func (c chooser) key(msg tea.KeyMsg, k KeyMap, g engine.Game, p engine.Position, cat *assets.Catalog) (chooser, said, bool) {
	var s said
	switch {
	case key.Matches(msg, k.PlaceBack):
		c.selectNext(g, p, -board.Down(g))
	case key.Matches(msg, k.PlaceOn):
		c.selectNext(g, p, board.Down(g))
	case key.Matches(msg, k.Mark):
		s = c.toggleMark(g, p, cat)
	case key.Matches(msg, k.Shift, k.Cut, k.Less, k.More, k.Digit):
		c.amountKey(msg, k, g, p)
	default:
		return c, s, false
	}
	return c, s, true
}

// amountKey changes what is taken at the selected place: the amount, the
// split, the digits typed.
func (c *chooser) amountKey(msg tea.KeyMsg, k KeyMap, g engine.Game, p engine.Position) {
	switch s := msg.String(); {
	case key.Matches(msg, k.Shift) && s != "right" && s != "l" && s != "]":
		c.shift(g, p, -1)
	case key.Matches(msg, k.Shift):
		c.shift(g, p, +1)
	case key.Matches(msg, k.Cut) && (s == "[" || s == "shift+left"):
		c.moveCut(g, p, 1, -1)
	case key.Matches(msg, k.Cut):
		c.moveCut(g, p, 1, +1)
	case key.Matches(msg, k.Less):
		c.step(g, p, -1)
	case key.Matches(msg, k.More):
		c.step(g, p, +1)
	case key.Matches(msg, k.Digit):
		c.typeDigit(g, p, s)
	}
}

// selectNext selects the next place with a legal move in direction dir of
// Where, keeping the selection where it is at the end.
func (c *chooser) selectNext(g engine.Game, p engine.Position, dir int) {
	if i := c.markAt(c.Where); i >= 0 && c.Amount > 0 { // a marked place keeps the amount it was left with
		c.marks = slices.Clone(c.marks) // a copy: the screen is a value, and earlier copies share the array
		c.marks[i].Amount = c.Amount
	}
	next := func(w int) bool { // w has a move: it is selected
		if g.Amounts(p, w).Empty() {
			return false
		}
		c.Where, c.typed = w, ""
		c.resetAmount(g, p)
		return true
	}
	if places := board.Order(g, p); places != nil { // drawn out of their numbers' order: ↓ is the next line down
		step := dir * board.Down(g)
		for i := slices.Index(places, c.Where) + step; i >= 0 && i < len(places); i += step {
			if next(places[i]) {
				return
			}
		}
		return
	}
	for w := c.Where + dir; w >= 1 && w <= g.Places(p); w += dir {
		if next(w) {
			return
		}
	}
}

// step changes the amount to the next legal one up or down, stopping at
// the ends (it never wraps around).
func (c *chooser) step(g engine.Game, p engine.Position, dir int) {
	c.typed = ""
	c.Amount = g.Amounts(p, c.Where).Step(c.Amount, dir)
	if !legal(g, p, c.Selection) {
		c.resetSplit(g, p)
	}
}

// shift moves where a take-and-break move splits. On a row of pins the
// pins knocked down move along the whole row, one place at a time: at x
// pins from the left end, the engine's move keeps min(x, n − x) as Left
// (n the pins not knocked down), drawn mirrored past the middle. On any
// other board (Mock Turtles' third coin, a take-and-break game in a sum)
// the split steps through its legal values.
func (c *chooser) shift(g engine.Game, p engine.Position, dir int) {
	s, ok := g.(engine.Splitter)
	if !ok || !splitsAt(g, p, c.Where) {
		return
	}
	if c.Mid > 0 {
		c.moveCut(g, p, 0, dir)
		return
	}
	splits := s.Splits(p, c.Where, c.Amount)
	if boardKeys[g.Board().Kind].layout != pinKeys {
		c.Left, c.Mirrored = splits.Step(c.Left, dir), false
		return
	}
	_, q, w := engine.PlaceIn(g, p, c.Where)
	c.shiftPins(splits, q[w-1]-c.Amount, dir)
}

// shiftPins moves the knock one pin along a row of n pins left standing,
// whose legal Lefts are splits.
func (c *chooser) shiftPins(splits engine.Amounts, n int64, dir int) {
	lo, ok1 := splits.First()
	hi, ok2 := splits.Last()
	if !ok1 || !ok2 {
		return
	}
	x := c.Left
	if c.Mirrored {
		x = n - c.Left
	}
	next := x + int64(dir)
	switch { // over the middle's gap, where Left would pass hi
	case dir > 0 && next > hi && next < n-hi:
		next = n - hi
	case dir < 0 && next < n-hi && next > hi:
		next = hi
	}
	if next < lo || next > n-lo {
		return // the ends of the row
	}
	c.Left, c.Mirrored = min(next, n-next), next > n-next
}

// moveCut moves a cut of a split into three (the first, 0, or the second,
// 1) one pin along the row, pushing the other cut ahead of it when they
// meet; each piece keeps at least one pin, so at the ends nothing moves.
func (c *chooser) moveCut(g engine.Game, p engine.Position, which, dir int) {
	if c.Mid == 0 {
		return
	}
	_, q, w := engine.PlaceIn(g, p, c.Where)
	cuts := [2]int64{c.Left, c.Left + c.Mid}
	cuts[which] += int64(dir)
	if cuts[1] <= cuts[0] { // they met: the other one goes on ahead
		cuts[1-which] += int64(dir)
	}
	if cuts[0] < 1 || cuts[1] >= q[w-1]-c.Amount {
		return
	}
	c.Left, c.Mid = cuts[0], cuts[1]-cuts[0]
}

// anyBoard reports whether g's board, or a board of one of its
// components (a sum), has the property: a sum of 1,000 games is asked
// once a component, not once a place.
func anyBoard(g engine.Game, has func(engine.Board) bool) bool {
	if s, ok := g.(*engine.Sum); ok {
		return slices.ContainsFunc(s.Parts, func(c engine.Valued) bool { return has(c.Board()) })
	}
	return has(g.Board())
}

// splitChoice reports whether the move at the selected place can split
// in more than one way at its amount.
func (c chooser) splitChoice(g engine.Game, p engine.Position) bool {
	s, ok := g.(engine.Splitter)
	if !ok || !splitsAt(g, p, c.Where) {
		return false
	}
	a := s.Splits(p, c.Where, c.Amount)
	lo, _ := a.First()
	hi, _ := a.Last()
	return hi > lo
}

// splitChoiceAt reports whether a move at place where can split in more
// than one way at some amount (Mock Turtles' third coin, the other
// corners' row): [ and ] are listed from the first coin on, as the
// amounts are. The first 64 amounts are looked at.
func splitChoiceAt(g engine.Game, p engine.Position, where int) bool {
	s, ok := g.(engine.Splitter)
	if !ok || !splitsAt(g, p, where) {
		return false
	}
	amounts := g.Amounts(p, where)
	a, ok := amounts.First()
	for range 64 {
		sp := s.Splits(p, where, a)
		lo, _ := sp.First()
		hi, _ := sp.Last()
		if !ok || hi > lo {
			return ok
		}
		next := amounts.Step(a, +1)
		if next == a {
			return false
		}
		a = next
	}
	return false
}

// anyPart reports whether a game of the sum g, or g itself, has the
// property.
func anyPart(g engine.Game, has func(engine.Game) bool) bool {
	if s, ok := g.(*engine.Sum); ok {
		return slices.ContainsFunc(s.Parts, func(c engine.Valued) bool { return has(c) })
	}
	return has(g)
}

// threeWay reports whether a split at place where leaves three heaps
// (Lasker's Nim with --parts 3).
func threeWay(g engine.Game, p engine.Position, where int) bool {
	pg, _, _ := engine.PlaceIn(g, p, where)
	return pg.Board().Shape.Pieces == 3
}

// typeDigit builds the amount from typed digits; backspace removes one.
func (c *chooser) typeDigit(g engine.Game, p engine.Position, d string) {
	if c.splitOnly(g, p) {
		c.typeSplit(g, p, d)
		return
	}
	if hi, ok := g.Amounts(p, c.Where).Last(); d != "backspace" && ok && c.Amount > hi {
		c.typed = "" // more digits would only make a refused amount larger: start again
	}
	c.typed = typedDigits(c.typed, d)
	c.Amount = 0
	if v, err := strconv.ParseInt(c.typed, 10, 64); err == nil {
		c.Amount = v
	}
	if !legal(g, p, c.Selection) {
		c.resetSplit(g, p)
	}
}

// typedDigits is typed with digit d added, or one taken off by
// backspace; a digit past the largest int64 is not taken (it read as 0, a
// split in Lasker's Nim).
func typedDigits(typed, d string) string {
	if d == "backspace" {
		if typed != "" {
			typed = typed[:len(typed)-1]
		}
		return typed
	}
	if _, err := strconv.ParseInt(typed+d, 10, 64); err == nil && len(typed) < 19 {
		typed += d
	}
	return typed
}

// splitOnly reports whether the selected place's moves differ only by
// where they split (Grundy's game): digits then type the split point.
func (c chooser) splitOnly(g engine.Game, p engine.Position) bool {
	a := g.Amounts(p, c.Where)
	lo, _ := a.First()
	hi, _ := a.Last()
	return hi == lo && c.splitChoice(g, p)
}

// typeSplit takes typed digits as the split point, the pieces left of
// the cut counted from the row's left end (issue 18, rough edge 5: 300
// presses of → to reach the winning split of 30,000). A point past the
// row keeps the split where it was.
func (c *chooser) typeSplit(g engine.Game, p engine.Position, d string) {
	c.typed = typedDigits(c.typed, d)
	x, err := strconv.ParseInt(c.typed, 10, 64)
	_, q, w := engine.PlaceIn(g, p, c.Where)
	n := q[w-1] - c.Amount
	if err != nil || x < 1 || x >= n {
		return
	}
	c.Left, c.Mirrored = min(x, n-x), x > n-x
}

// chosen is the move the selection describes: in a sum, a move of the
// component that holds the selected place.
func (c chooser) chosen(g engine.Game, p engine.Position) engine.Move {
	mv := engine.MoveAt(g, p, c.Where, c.Amount, c.Left)
	if c.Mid > 0 { // the pieces smallest first, as the engine has them
		_, q, w := engine.PlaceIn(g, p, c.Where)
		sorted := c.Move(q[w-1])
		mv.Changes[0].Pieces[0], mv.Changes[0].Pieces[1] = sorted.First().Pieces[0], sorted.First().Pieces[1]
	}
	if len(c.marks) == 0 {
		return mv
	}
	takes := []engine.Change{{Place: mv.First().Place, Amount: mv.First().Amount}}
	for _, k := range c.marks {
		if k.Place != c.Where {
			takes = append(takes, engine.Change{Place: engine.MoveAt(g, p, k.Place, k.Amount, 0).First().Place, Amount: k.Amount})
		}
	}
	slices.SortFunc(takes, func(a, b engine.Change) int { return a.Place - b.Place })
	multi := engine.MoveOf(takes...)
	multi.Part = mv.Part
	return multi
}

// markAt is the index of place where among the marks, -1 if unmarked.
func (c chooser) markAt(where int) int {
	return slices.IndexFunc(c.marks, func(k engine.Change) bool { return k.Place == where })
}

// marksMost is how many places one move may take from at place where
// (Moore's Nim: K), 1 for a move at one place.
func marksMost(g engine.Game, p engine.Position, where int) int {
	pg, _, _ := engine.PlaceIn(g, p, where)
	return max(pg.Board().Shape.Places, 1)
}

// toggleMark marks the selected place with its amount, as one more place
// of the move, or unmarks it: at most marksMost places, all in one game
// of a sum.
func (c *chooser) toggleMark(g engine.Game, p engine.Position, cat *assets.Catalog) said {
	if i := c.markAt(c.Where); i >= 0 {
		c.marks = slices.Delete(slices.Clone(c.marks), i, i+1) // a copy: see selectNext
		return said{}
	}
	part := engine.MoveAt(g, p, c.Where, 0, 0).Part
	if len(c.marks) > 0 && engine.MoveAt(g, p, c.marks[0].Place, 0, 0).Part != part {
		c.marks = nil // another game of the sum: start again
	}
	most := marksMost(g, p, c.Where)
	switch {
	case c.Amount < 1 || !legal(g, p, c.Selection): // nothing, or more than the heap holds
		return said{cat.T("ui.mark.none"), true}
	case len(c.marks) >= most-1:
		return said{cat.T("ui.mark.full", most), true}
	}
	c.marks = append(slices.Clone(c.marks), engine.Change{Place: c.Where, Amount: c.Amount})
	slices.SortFunc(c.marks, func(a, b engine.Change) int { return a.Place - b.Place })
	return said{cat.T("ui.mark.done", len(c.marks)+1, most), false}
}

// splitsAt reports whether the moves at place where can split a heap (an
// amount of 0 is then a move too).
func splitsAt(g engine.Game, p engine.Position, where int) bool {
	pg, _, _ := engine.PlaceIn(g, p, where)
	_, ok := pg.(engine.Splitter)
	return ok
}

// refusal says why the selected move would be refused, before enter: a
// typed amount can be more than the heap holds. "" when it is legal or
// nothing is chosen yet.
func (c chooser) refusal(g engine.Game, p engine.Position, cat *assets.Catalog) string {
	if c.Amount == 0 && c.typed == "" || len(c.marks) == 0 && legal(g, p, c.Selection) {
		return ""
	}
	if _, err := g.Apply(p, c.chosen(g, p)); err != nil {
		return engine.Message(err, cat)
	}
	return ""
}

// previews reports whether the selection is a move to draw as about to
// happen: something chosen, and legal. An amount of 0 is nothing chosen
// yet, but where it is a move of its own (Turning Turtles' heads coin
// turned alone) or a split's.
func (c chooser) previews(g engine.Game, p engine.Position, cat *assets.Catalog) bool {
	if c.Amount == 0 && !splitsAt(g, p, c.Where) && !zeroMoves(g, p, c.Where) {
		return false
	}
	return c.refusal(g, p, cat) == ""
}

// zeroMoves reports whether an amount of 0 is a move at place where.
func zeroMoves(g engine.Game, p engine.Position, where int) bool {
	if where < 1 || where > g.Places(p) {
		return false
	}
	pg, q, w := engine.PlaceIn(g, p, where)
	return pg.Amounts(q, w).Has(0)
}

// legal reports whether the move sel selects is legal by the game's
// geometry, without making it: a position of 100,000 heaps is not copied
// for each row drawn.
func legal(g engine.Game, p engine.Position, sel board.Selection) bool {
	if sel.Where < 1 || sel.Where > g.Places(p) || !g.Amounts(p, sel.Where).Has(sel.Amount) {
		return false
	}
	if sel.Amount == 0 && threeWay(g, p, sel.Where) || sel.Mid > 0 { // three pieces, in row order
		_, q, w := engine.PlaceIn(g, p, sel.Where)
		return sel.Amount == 0 && sel.Left >= 1 && sel.Mid >= 1 && q[w-1]-sel.Left-sel.Mid >= 1
	}
	if s, ok := g.(engine.Splitter); ok && splitsAt(g, p, sel.Where) {
		return s.Splits(p, sel.Where, sel.Amount).Has(sel.Left)
	}
	return sel.Left == 0
}

// selectPlace selects the place of mv alone, its amount reset: the
// first hint.
func (c *chooser) selectPlace(g engine.Game, p engine.Position, mv engine.Move) {
	c.Where, c.typed, c.marks = engine.PlaceOf(g, p, mv), "", nil
	c.resetAmount(g, p)
}

// selectMove selects mv: its place and amounts, and the other places of a
// move at several, marked.
func (c *chooser) selectMove(g engine.Game, p engine.Position, mv engine.Move) {
	c.Where, c.typed, c.marks = engine.PlaceOf(g, p, mv), "", nil
	c.Amount, c.Left, c.Mid = mv.First().Amount, mv.First().Pieces[0], mv.First().Pieces[1]
	for _, t := range mv.List()[1:] {
		at := mv
		at.Changes[0].Place = t.Place
		c.marks = append(c.marks, engine.Change{Place: engine.PlaceOf(g, p, at), Amount: t.Amount})
	}
}
