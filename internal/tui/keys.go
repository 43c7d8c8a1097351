package tui

import (
	"cmp"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// KeyMap is every key of the game. Bindings that do nothing in the current
// state are disabled, so the help lists only what works now and matching
// agrees with it.
type KeyMap struct {
	// Choosing a move. Which arrows select and which change the amount
	// follows the drawing: see keysFor.
	PlaceBack, PlaceOn, Less, More, Shift, Cut, Digit, Mark, Confirm key.Binding
	// The game.
	Hint, Undo, Redo, Explain, History, Scroll, Review    key.Binding
	Glossary, Table, Sideways                             key.Binding // Sideways: a table sheet's columns
	Rematch, NewGame, Demo, Pause, Step, Pace, Next, Save key.Binding
	StepBack, Other                                       key.Binding // a demo's step back, and its choice of winning move
	Lock                                                  key.Binding // a room's player closes the free seat
	// The menu, and composing a sum there (menusum.go).
	Up, Down, Change, Edit, Start key.Binding
	SumRemove, SumMove, SumAdd    key.Binding
	// A lesson's steps and its note whole, on a game opened in a lesson (lesson.go).
	Steps, Note key.Binding
	// Everywhere.
	Help, Back, Quit key.Binding
}

// keyLayout is which keys choose a move on a board: its places drawn top
// to bottom, left to right, or rows of pins where ←/→ also move the pins
// knocked down along the row.
type keyLayout int

const (
	verticalKeys keyLayout = iota
	horizontalKeys
	pinKeys
)

// boardKeys is how a move is chosen on each kind of board: the keys, what
// the help calls selecting a place, changing the amount and typing it
// where the board's pieces are not heaps of the unit (a coin, a corner,
// an edge, a token; "" says the unit's amount), and whether a choice
// starts from the last amount (Chomp's bar: the last column is one
// square, the first column of the top row the poisoned square and the
// whole bar). A kind not here is chosen on as rows of heaps are.
var boardKeys = map[engine.BoardKind]struct {
	layout        keyLayout
	place         string
	amount, digit string
	fromLast      bool
}{
	engine.Heaps:    {verticalKeys, "ui.key.select.heap", "", "", false},
	engine.OneHeap:  {verticalKeys, "ui.key.select.heap", "", "", false},
	engine.Queen:    {verticalKeys, "ui.key.select.heap", "", "", false},
	engine.Stairs:   {verticalKeys, "ui.key.select.stair", "", "", false},
	engine.Cells:    {horizontalKeys, "ui.key.select.chessman", "", "", false},
	engine.Pins:     {pinKeys, "ui.key.select.row", "", "", false},
	engine.Rows:     {verticalKeys, "ui.key.select.row", "", "ui.key.digit.cell", false},
	engine.Bar:      {verticalKeys, "ui.key.select.row", "", "ui.key.digit.column", true},
	engine.Coins:    {verticalKeys, "ui.key.select.coin", "ui.key.amount.turned", "ui.key.digit.turned", false},
	engine.CoinGrid: {verticalKeys, "ui.key.select.corner", "ui.key.amount.corner", "ui.key.digit.corner", false},
	engine.Tree:     {verticalKeys, "ui.key.select.edge", "", "", false},
	engine.Graph:    {verticalKeys, "ui.key.select.token", "", "ui.key.digit.vertex", false},
	// A sum: its places run through the components, top to bottom.
	engine.SumOfGames: {verticalKeys, "ui.key.select.place", "", "", false},
}

// digitHelp is what the digits type on board: the amount, or the board's
// own (a coin's number, a vertex).
func digitHelp(board engine.Board) string {
	if d := boardKeys[board.Kind].digit; d != "" {
		return d
	}
	return "ui.key.digit"
}

// NewKeyMap makes the key map with help in cat's language for board: the
// help names the board's places and units where the language does
// ("选台阶", "增减格数").
func NewKeyMap(cat *assets.Catalog, board engine.Board) KeyMap {
	kind, ok := boardKeys[board.Kind]
	if !ok {
		kind = boardKeys[engine.Heaps]
	}
	l, place, unit := kind.layout, kind.place, cmp.Or(kind.amount, "ui.key.amount."+strings.TrimPrefix(board.Unit, "unit."))
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, cat.T(desc)))
	}
	k := KeyMap{
		Digit:    b("0-9", digitHelp(board), "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "backspace"),
		Confirm:  b("enter", "ui.key.confirm", "enter"),
		Mark:     b("space", "ui.key.mark", " "),
		Cut:      b("[/]", "ui.key.cut", "[", "]", "shift+left", "shift+right"),
		Hint:     b("w", "ui.key.hint", "w"),
		Undo:     b("u", "ui.key.undo", "u", "ctrl+z"),
		Redo:     b("U", "ui.key.redo", "U", "ctrl+r"),
		Explain:  b("e", "ui.key.explain", "e"),
		History:  b("tab", "ui.key.history", "tab"),
		Scroll:   b("pgup/pgdn", "ui.key.scroll", "pgup", "pgdown", "ctrl+u", "ctrl+d"),
		Review:   b("v", "ui.key.review", "v"),
		Glossary: b("g", "ui.key.glossary", "g"),
		Table:    b("t", "ui.key.table", "t"),
		Sideways: b("←/→", "ui.key.sideways", "left", "right", "h", "l"),
		Rematch:  b("r", "ui.key.rematch", "r"),
		NewGame:  b("n", "ui.key.newgame", "n"),
		Demo:     b("d", "ui.key.demo", "d"),
		Pause:    b("p", "ui.key.pause", "p"),
		Step:     b("space/→", "ui.key.step", " ", ".", "right"),
		StepBack: b("u/←", "ui.key.stepback", "u", "left", "ctrl+z"),
		Other:    b("m", "ui.key.other", "m"),
		Pace:     b("</>", "ui.key.pace", "<", ">"),
		Next:     b("enter", "ui.key.next", "enter", " "),
		Save:     b("s", "ui.key.save", "s"),
		Lock:     b("c", "ui.key.lock", "c"),
		Up:       b("↑/↓", "ui.key.row", "up", "k", "shift+tab"),
		Down:     b("↓", "ui.key.row", "down", "j", "tab"),
		Change:   b("←/→", "ui.key.change", "left", "right", "h", "l"),
		Edit:     b("0-9", "ui.key.edit", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ",", " ", "backspace"),
		Start:    b("enter", "ui.key.start", "enter"),
		// Off but on a sum's rows (menu.rowKeys).
		SumRemove: b("x", "ui.key.sum.remove", "x", "delete"),
		SumMove:   b("</>", "ui.key.sum.move", "<", ">"),
		SumAdd:    b("enter", "ui.key.sum.add", "enter", " ", "right", "l", "+"),
		Steps:     lessonSteps(cat),
		Note:      lessonNoteKey(cat),
		Help:      b("?", "ui.key.help", "?"),
		Back:      b("esc", "ui.key.back", "esc"),
		Quit:      b("q", "ui.key.quit", "q"),
	}
	switch l {
	case horizontalKeys:
		k.PlaceBack = b("←/→", place, "left", "h")
		k.PlaceOn = b("→", place, "right", "l")
		k.Less = b("↑/↓", unit, "down", "j", "-")
		k.More = b("↑", unit, "up", "k", "+", "=")
	default:
		k.PlaceBack = b("↑/↓", place, "up", "k")
		k.PlaceOn = b("↓", place, "down", "j")
		k.Less = b("←/→", unit, "left", "h", "-")
		k.More = b("→", unit, "right", "l", "+", "=")
	}
	if l == pinKeys {
		k.Less = b("+/-", unit, "-")
		k.More = b("+", unit, "+", "=")
		k.Shift = b("←/→", "ui.key.shift", "left", "h", "right", "l")
	} else { // the third coin, where a sum's take-and-break game splits
		k.Shift = b("[/]", splitHelp(cat, board), "[", "]")
	}
	return k
}

// splitHelps are what [ and ] choose on a board that is not a row of
// pins: Mock Turtles' third coin, the other corner's row, where a sum's
// take-and-break game splits.
var splitHelps = map[engine.BoardKind]string{engine.Coins: "ui.key.split.coin", engine.CoinGrid: "ui.key.split.grid",
	engine.SumOfGames: "ui.key.split.sum"}

// splitHelp is the help of [ and ] on board.
func splitHelp(_ *assets.Catalog, board engine.Board) string {
	if k, ok := splitHelps[board.Kind]; ok {
		return k
	}
	return "ui.key.split"
}

// ShortHelp is the one line of key hints under the board: the pairs are
// listed once (↑/↓ select, ←/→ amount).
func (k KeyMap) ShortHelp() []key.Binding {
	// Help and quit early: on a narrow screen what is cut is what ? lists.
	return []key.Binding{k.PlaceBack, k.Less, k.Sideways, k.Shift, k.Cut, k.Mark, k.Confirm, k.Up, k.Change, k.SumAdd, k.SumRemove, k.SumMove, k.Start, k.Next, k.Step, k.Pause,
		k.StepBack, k.Other, k.Rematch, k.Review, k.Steps, k.Help, k.Quit, k.Hint, k.Undo, k.Redo}
}

// FullHelp is the help ? opens, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.PlaceBack, k.Less, k.Shift, k.Cut, k.Digit, k.Mark, k.Confirm, k.Up, k.Change, k.Edit, k.SumAdd, k.SumRemove, k.SumMove, k.Start},
		{k.Hint, k.Undo, k.Redo, k.Explain, k.History, k.Scroll, k.Review, k.Glossary, k.Table, k.Sideways},
		{k.Rematch, k.NewGame, k.Demo, k.Pause, k.Step, k.StepBack, k.Other, k.Pace, k.Next, k.Save, k.Lock},
		{k.Steps, k.Note, k.Help, k.Back, k.Quit},
	}
}

// off switches every binding off.
func (k *KeyMap) off() {
	setEnabled(false, &k.PlaceBack, &k.PlaceOn, &k.Less, &k.More, &k.Shift, &k.Cut, &k.Digit, &k.Mark, &k.Confirm,
		&k.Hint, &k.Undo, &k.Redo, &k.Explain, &k.History, &k.Scroll, &k.Review, &k.Glossary, &k.Table, &k.Sideways,
		&k.Rematch, &k.NewGame, &k.Demo, &k.Pause, &k.Step, &k.StepBack, &k.Other, &k.Pace, &k.Next, &k.Save, &k.Lock,
		&k.Up, &k.Down, &k.Change, &k.Edit, &k.Start, &k.SumRemove, &k.SumMove, &k.SumAdd, &k.Steps, &k.Note, &k.Help, &k.Back, &k.Quit)
}

// setEnabled switches bindings on or off together.
func setEnabled(on bool, bs ...*key.Binding) {
	for _, b := range bs {
		b.SetEnabled(on)
	}
}
