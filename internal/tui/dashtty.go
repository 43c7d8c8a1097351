package tui

import (
	"os"

	"matchgame/internal/engine"
	"matchgame/internal/tui/text"
)

// DashboardTerminal refuses a class with no terminal for the teacher's
// dashboard, before the class makes anything (the term's file, a
// lesson): the dashboard reads its keys where Bubble Tea does, standard
// input when it is a terminal, else the process's own terminal
// (/dev/tty), which a service or a script run with setsid has not.
func DashboardTerminal() error {
	if text.IsTerminal(os.Stdin) {
		return nil
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0); err == nil {
		return tty.Close()
	}
	return engine.Refuse("err.serve.class.terminal")
}
