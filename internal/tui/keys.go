package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"matchgame/assets"
)

// KeyMap is every key of the game. Bindings that do nothing in the current
// state are disabled, so the help lists only what works now and matching
// agrees with it.
type KeyMap struct {
	// Playing.
	Left, Right, More, Fewer, Digit, Confirm   key.Binding
	Hint, Undo, Redo, Explain, History, Scroll key.Binding
	Rematch, NewGame, Demo, Pause, Step, Pace  key.Binding
	// The quiz and the handout.
	Next, Save key.Binding
	// The menu.
	Up, Down, Start key.Binding
	// Everywhere.
	Help, Quit key.Binding
}

// NewKeyMap makes the key map with help in cat's language.
func NewKeyMap(cat *assets.Catalog) KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, cat.T(desc)))
	}
	return KeyMap{
		Left:    b("←/→", "ui.key.left", "left", "h"),
		Right:   b("h/l", "ui.key.right", "right", "l"),
		More:    b("↑/↓", "ui.key.more", "up", "k", "+", "="),
		Fewer:   b("+/-", "ui.key.fewer", "down", "j", "-"),
		Scroll:  b("pgup/pgdn", "ui.key.scroll", "pgup", "pgdown"),
		Digit:   b("0-9", "ui.key.digit", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "backspace"),
		Confirm: b("enter", "ui.key.confirm", "enter"),
		Hint:    b("w", "ui.key.hint", "w"),
		Undo:    b("u", "ui.key.undo", "u", "ctrl+z"),
		Redo:    b("U", "ui.key.redo", "U", "ctrl+r"),
		Explain: b("e", "ui.key.explain", "e"),
		History: b("tab", "ui.key.history", "tab"),
		Rematch: b("r", "ui.key.rematch", "r"),
		Demo:    b("d", "ui.key.demo", "d"),
		Pause:   b("p", "ui.key.pause", "p"),
		Step:    b("space", "ui.key.step", " ", "."),
		Pace:    b("</>", "teach.key.pace", "<", ">"),
		NewGame: b("n", "ui.key.newgame", "n"),
		Next:    b("enter/space", "teach.key.next", "enter", " "),
		Save:    b("s", "teach.key.save", "s"),
		Up:      b("↑/shift+tab", "ui.key.up", "up", "shift+tab"),
		Down:    b("↓/tab", "ui.key.down", "down", "tab"),
		Start:   b("enter", "ui.key.start", "enter"),
		Help:    b("?", "ui.key.help", "?"),
		Quit:    b("q", "ui.key.quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the one-line help under the board.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Left, k.More, k.Confirm, k.Up, k.Start, k.Next, k.Hint, k.Undo, k.Rematch, k.Pause, k.Step, k.Pace, k.Help, k.Quit}
}

// FullHelp is the help `?` opens, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Left, k.Right, k.More, k.Fewer, k.Digit, k.Confirm},
		{k.Up, k.Down, k.Start},
		{k.Hint, k.Undo, k.Redo, k.Explain, k.History, k.Scroll},
		{k.Rematch, k.NewGame, k.Demo, k.Pause, k.Step, k.Pace, k.Next, k.Save, k.Help, k.Quit},
	}
}

// setEnabled switches bindings on or off together.
func setEnabled(on bool, bs ...*key.Binding) {
	for _, b := range bs {
		b.SetEnabled(on)
	}
}
