package tui

import (
	"errors"
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// panicky panics on its first key.
type panicky struct{}

func (panicky) Init() tea.Cmd { return nil }
func (panicky) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		panic("a bug")
	}
	return panicky{}, nil
}
func (panicky) View() string { return "" }

// A panic ends the program with an error (the caller exits non-zero), not
// with a silent success.
func TestRunReportsPanic(t *testing.T) {
	p := tea.NewProgram(panicky{}, tea.WithInput(strings.NewReader("x")), tea.WithOutput(io.Discard))
	if _, err := run(p); !errors.Is(err, tea.ErrProgramPanic) {
		t.Fatalf("run after a panic: %v, want an error wrapping tea.ErrProgramPanic", err)
	}
}
