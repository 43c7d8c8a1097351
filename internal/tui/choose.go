package tui

import (
	"slices"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/internal/engine"
	"matchgame/internal/tui/board"
)

// Choosing a move: the keys follow the drawing (the renderer says which
// arrows select a place), the amounts come from the engine's geometry.

func (m play) chooseKey(msg tea.KeyMsg) (play, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.PlaceBack):
		m.selectNext(-board.Down(m.game()))
	case key.Matches(msg, k.PlaceOn):
		m.selectNext(board.Down(m.game()))
	case key.Matches(msg, k.Shift, k.Cut, k.Less, k.More, k.Digit, k.Mark):
		m.amountKey(msg)
	case key.Matches(msg, k.Confirm):
		return m.confirm()
	case key.Matches(msg, k.Hint):
		m.showHint()
	case key.Matches(msg, k.Undo):
		m.undo()
	case key.Matches(msg, k.Redo):
		return m, m.redo()
	case key.Matches(msg, k.Demo):
		return m.startDemo(nil)
	}
	m.syncKeys() // the amount keys follow the place selected
	return m, nil
}

// amountKey changes what is taken at the selected place: the amount, the
// split, the digits typed, the marks of a move at several places.
func (m *play) amountKey(msg tea.KeyMsg) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Shift) && msg.String() != "right" && msg.String() != "l":
		m.shift(-1)
	case key.Matches(msg, k.Shift):
		m.shift(+1)
	case key.Matches(msg, k.Cut) && (msg.String() == "[" || msg.String() == "shift+left"):
		m.moveCut(1, -1)
	case key.Matches(msg, k.Cut):
		m.moveCut(1, +1)
	case key.Matches(msg, k.Less):
		m.step(-1)
	case key.Matches(msg, k.More):
		m.step(+1)
	case key.Matches(msg, k.Digit):
		m.typeDigit(msg.String())
	case key.Matches(msg, k.Mark):
		m.toggleMark()
	}
}

// selectNext selects the next place with a legal move in direction dir of
// Where, keeping the selection where it is at the end.
func (m *play) selectNext(dir int) {
	g, p := m.game(), m.pos()
	if i := m.markAt(m.sel.Where); i >= 0 && m.sel.Amount > 0 { // a marked place keeps the amount it was left with
		m.sel.marks = slices.Clone(m.sel.marks) // a copy: play is a value, and earlier copies share the array
		m.sel.marks[i].Amount = m.sel.Amount
	}
	for w := m.sel.Where + dir; w >= 1 && w <= g.Places(p); w += dir {
		if !g.Amounts(p, w).Empty() {
			m.sel.Where = w
			m.resetAmount()
			m.sel.typed = ""
			m.refreshPanel()
			return
		}
	}
}

// step changes the amount to the next legal one up or down, stopping at
// the ends (it never wraps around).
func (m *play) step(dir int) {
	m.sel.typed = ""
	m.sel.Amount = m.game().Amounts(m.pos(), m.sel.Where).Step(m.sel.Amount, dir)
	if !m.legal(m.sel.Selection) {
		m.resetSplit()
	}
}

// shift moves the pins a take-and-break move knocks down along the whole
// row, one place at a time: at x pins from the left end, the engine's
// move keeps min(x, n − x) as Left (n the pins not knocked down), drawn
// mirrored past the middle.
func (m *play) shift(dir int) {
	s, ok := m.game().(engine.Splitter)
	if !ok {
		return
	}
	if m.sel.Mid > 0 {
		m.moveCut(0, dir)
		return
	}
	splits := s.Splits(m.pos(), m.sel.Where, m.sel.Amount)
	lo, ok1 := splits.First()
	hi, ok2 := splits.Last()
	if !ok1 || !ok2 {
		return
	}
	_, q, w := engine.PlaceIn(m.game(), m.pos(), m.sel.Where)
	n := q[w-1] - m.sel.Amount
	x := m.sel.Left
	if m.sel.Mirrored {
		x = n - m.sel.Left
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
	m.sel.Left, m.sel.Mirrored = min(next, n-next), next > n-next
}

// moveCut moves a cut of a split into three (the first, 0, or the second,
// 1) one pin along the row, pushing the other cut ahead of it when they
// meet; each piece keeps at least one pin, so at the ends nothing moves.
func (m *play) moveCut(which, dir int) {
	if m.sel.Mid == 0 {
		return
	}
	_, q, w := engine.PlaceIn(m.game(), m.pos(), m.sel.Where)
	cuts := [2]int64{m.sel.Left, m.sel.Left + m.sel.Mid}
	cuts[which] += int64(dir)
	if cuts[1] <= cuts[0] { // they met: the other one goes on ahead
		cuts[1-which] += int64(dir)
	}
	if cuts[0] < 1 || cuts[1] >= q[w-1]-m.sel.Amount {
		return
	}
	m.sel.Left, m.sel.Mid = cuts[0], cuts[1]-cuts[0]
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

// threeWay reports whether a split at the selected place leaves three
// heaps (Lasker's Nim with --parts 3).
func (m play) threeWay() bool {
	g, _, _ := engine.PlaceIn(m.game(), m.pos(), m.sel.Where)
	return g.Board().Shape.Pieces == 3
}

// typeDigit builds the amount from typed digits; backspace removes one.
func (m *play) typeDigit(d string) {
	if m.splitOnly() {
		m.typeSplit(d)
		return
	}
	if hi, ok := m.game().Amounts(m.pos(), m.sel.Where).Last(); d != "backspace" && ok && m.sel.Amount > hi {
		m.sel.typed = "" // more digits would only make a refused amount larger: start again
	}
	m.sel.typed = typedDigits(m.sel.typed, d)
	m.sel.Amount = 0
	if v, err := strconv.ParseInt(m.sel.typed, 10, 64); err == nil {
		m.sel.Amount = v
	}
	if !m.legal(m.sel.Selection) {
		m.resetSplit()
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
func (m play) splitOnly() bool {
	a := m.game().Amounts(m.pos(), m.sel.Where)
	lo, _ := a.First()
	hi, _ := a.Last()
	return hi == lo && m.splits()
}

// typeSplit takes typed digits as the split point, the pieces left of
// the cut counted from the row's left end (issue 18, rough edge 5: 300
// presses of → to reach the winning split of 30,000). A point past the
// row keeps the split where it was.
func (m *play) typeSplit(d string) {
	m.sel.typed = typedDigits(m.sel.typed, d)
	x, err := strconv.ParseInt(m.sel.typed, 10, 64)
	_, q, w := engine.PlaceIn(m.game(), m.pos(), m.sel.Where)
	n := q[w-1] - m.sel.Amount
	if err != nil || x < 1 || x >= n {
		return
	}
	m.sel.Left, m.sel.Mirrored = min(x, n-x), x > n-x
}

// preview is the move the board shows as about to happen: the selection,
// while the person chooses a legal one, or the computer's chosen move
// during its pause.
func (m play) preview() (engine.Move, bool) {
	switch {
	case m.match.Over():
		return engine.Move{}, false
	case m.thinking:
		return m.pending, !m.weighing
	case !m.yourTurn() || m.sel.Amount == 0 && !m.splits():
		return engine.Move{}, false
	}
	return m.chosen(), m.refusal() == "" // no preview of a refused move
}

// chosen is the move the selection describes: in a sum, a move of the
// component that holds the selected place.
func (m play) chosen() engine.Move {
	g, p := m.game(), m.pos()
	mv := engine.MoveAt(g, p, m.sel.Where, m.sel.Amount, m.sel.Left)
	if m.sel.Mid > 0 { // the pieces smallest first, as the engine has them
		_, q, w := engine.PlaceIn(g, p, m.sel.Where)
		sorted := m.sel.Move(q[w-1])
		mv.Changes[0].Pieces[0], mv.Changes[0].Pieces[1] = sorted.First().Pieces[0], sorted.First().Pieces[1]
	}
	if len(m.sel.marks) == 0 {
		return mv
	}
	takes := []engine.Change{{Place: mv.First().Place, Amount: mv.First().Amount}}
	for _, k := range m.sel.marks {
		if k.Place != m.sel.Where {
			takes = append(takes, engine.Change{Place: engine.MoveAt(g, p, k.Place, k.Amount, 0).First().Place, Amount: k.Amount})
		}
	}
	slices.SortFunc(takes, func(a, b engine.Change) int { return a.Place - b.Place })
	multi := engine.MoveOf(takes...)
	multi.Part = mv.Part
	return multi
}

// markAt is the index of place where among the marks, -1 if unmarked.
func (m play) markAt(where int) int {
	return slices.IndexFunc(m.sel.marks, func(k engine.Change) bool { return k.Place == where })
}

// marksMost is how many places one move may take from at the selected
// place (Moore's Nim: K), 1 for a move at one place.
func (m play) marksMost() int {
	g, _, _ := engine.PlaceIn(m.game(), m.pos(), m.sel.Where)
	return max(g.Board().Shape.Places, 1)
}

// toggleMark marks the selected place with its amount, as one more place
// of the move, or unmarks it: at most marksMost places, all in one game
// of a sum.
func (m *play) toggleMark() {
	if i := m.markAt(m.sel.Where); i >= 0 {
		m.sel.marks = slices.Delete(slices.Clone(m.sel.marks), i, i+1) // a copy: see selectNext
		return
	}
	g, p := m.game(), m.pos()
	part := engine.MoveAt(g, p, m.sel.Where, 0, 0).Part
	if len(m.sel.marks) > 0 && engine.MoveAt(g, p, m.sel.marks[0].Place, 0, 0).Part != part {
		m.sel.marks = nil // another game of the sum: start again
	}
	switch {
	case m.sel.Amount < 1 || !m.legal(m.sel.Selection): // nothing, or more than the heap holds
		m.note, m.noteBad = m.cat.T("ui.mark.none"), true
	case len(m.sel.marks) >= m.marksMost()-1:
		m.note, m.noteBad = m.cat.T("ui.mark.full", m.marksMost()), true
	default:
		m.sel.marks = append(slices.Clone(m.sel.marks), engine.Change{Place: m.sel.Where, Amount: m.sel.Amount})
		slices.SortFunc(m.sel.marks, func(a, b engine.Change) int { return a.Place - b.Place })
		m.note, m.noteBad = m.cat.T("ui.mark.done", len(m.sel.marks)+1, m.marksMost()), false
	}
}

// splits reports whether the moves at the selected place can split a heap
// (an amount of 0 is then a move too).
func (m play) splits() bool {
	g, _, _ := engine.PlaceIn(m.game(), m.pos(), m.sel.Where)
	_, ok := g.(engine.Splitter)
	return ok
}

// refusal says why the selected move would be refused, before enter: a
// typed amount can be more than the heap holds. "" when it is legal or
// nothing is chosen yet.
func (m play) refusal() string {
	if !m.yourTurn() || m.sel.Amount == 0 && m.sel.typed == "" || len(m.sel.marks) == 0 && m.legal(m.sel.Selection) {
		return ""
	}
	if _, err := m.game().Apply(m.pos(), m.chosen()); err != nil {
		return engine.Message(err, m.cat)
	}
	return ""
}

// legal reports whether the move mv selects is legal by the game's
// geometry, without making it: a position of 100,000 heaps is not copied
// for each row drawn.
func (m play) legal(mv board.Selection) bool {
	g, p := m.game(), m.pos()
	if mv.Where < 1 || mv.Where > g.Places(p) || !g.Amounts(p, mv.Where).Has(mv.Amount) {
		return false
	}
	if mv.Amount == 0 && m.threeWay() || mv.Mid > 0 { // three pieces, in row order
		_, q, w := engine.PlaceIn(g, p, mv.Where)
		return mv.Amount == 0 && mv.Left >= 1 && mv.Mid >= 1 && q[w-1]-mv.Left-mv.Mid >= 1
	}
	if s, ok := g.(engine.Splitter); ok {
		return s.Splits(p, mv.Where, mv.Amount).Has(mv.Left)
	}
	return mv.Left == 0
}

// confirm makes the selected move, or refuses it and changes nothing.
func (m play) confirm() (play, tea.Cmd) {
	mv := m.chosen()
	if m.room() != nil {
		return m.roomPlay(mv)
	}
	turn, err := m.match.Play(mv, false, 0)
	if err != nil {
		m.note, m.noteBad = m.cat.T("ui.refused", engine.Message(err, m.cat)), true
		m.sel.typed = ""
		return m, nil
	}
	m.hint = 0
	m.note, m.noteBad, m.lesson = m.saysMoved(turn), false, m.lessonOf(turn)
	m.tellClass(turn)
	m.settle()
	return m, tea.Batch(m.maybeThink(), m.autoSave())
}

// showHint: the first w names the place and why and selects it; the
// second shows the whole move and selects it.
func (m *play) showHint() {
	a := m.match.Now()
	m.hint = min(m.hint+1, 2)
	m.showHistory = false // the hint is said in the explanation's place
	if a.Move == nil {
		m.holdHint()
		return
	}
	if m.hint == 1 {
		m.sel.Where, m.sel.typed, m.sel.marks = engine.PlaceOf(m.game(), m.pos(), *a.Move), "", nil
		m.resetAmount()
	} else {
		m.selectMove(*a.Move)
	}
	m.refreshPanel()
}

// selectMove selects mv: its place and amounts, and the other places of a
// move at several, marked.
func (m *play) selectMove(mv engine.Move) {
	g, p := m.game(), m.pos()
	m.sel.Where, m.sel.typed, m.sel.marks = engine.PlaceOf(g, p, mv), "", nil
	m.sel.Amount, m.sel.Left, m.sel.Mid = mv.First().Amount, mv.First().Pieces[0], mv.First().Pieces[1]
	takes := mv.List()
	for _, t := range takes[1:] {
		at := mv
		at.Changes[0].Place = t.Place
		m.sel.marks = append(m.sel.marks, engine.Change{Place: engine.PlaceOf(g, p, at), Amount: t.Amount})
	}
}

// mouse: hovering a match (coin, cell, pin) previews the move that takes
// it and every match after it (moves those coins down, moves the chessman
// there); a click makes the move. The wheel scrolls the explanation.
func (m play) mouse(msg tea.MouseMsg) (play, tea.Cmd) {
	if msg.Button == tea.MouseButtonWheelUp || msg.Button == tea.MouseButtonWheelDown {
		m.why, _ = m.why.Update(msg)
		return m, nil
	}
	if !m.yourTurn() || m.asking != "" {
		return m, nil
	}
	sel, ok := board.At(m.boardView(), msg.X-margin, msg.Y-boardTop)
	if !ok {
		return m, nil
	}
	m.sel = selection{Selection: sel}
	if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
		return m.confirm()
	}
	m.syncKeys()
	return m, nil
}

// holdHint: in a P-position no move wins; the hint names the move the
// computer would hold out with, selects it and says why (issue 18, rough
// edge 10): it leaves the opponent the fewest winning replies.
func (m *play) holdHint() {
	g, p, c := m.game(), m.pos(), m.match.Conv
	mv, ok, err := engine.HoldOut(g, p, c)
	if err != nil || !ok {
		return
	}
	after, err := g.Apply(p, mv)
	if err != nil {
		return
	}
	a, err := engine.Analyze(g, after, c)
	if err != nil {
		return
	}
	m.selectMove(mv)
	m.hold = m.cat.T("ui.hint.hold", engine.Describe(g, m.pos(), mv).Render(m.cat), a.WinningCount)
	if a.Outcome == engine.D { // from a draw, the holding move keeps it
		m.hold = m.cat.T("ui.hint.keep", engine.Describe(g, m.pos(), mv).Render(m.cat))
	}
	m.refreshPanel()
}
