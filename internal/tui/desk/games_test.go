package desk

import (
	"bufio"
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// The matrix is cut into blocks of tools that fit the terminal: at 60
// columns (59 written, as the terminal writer leaves the last free) no
// header broke "worksheet" onto a line of its own, off its column. Every
// tool is still in a header, each row as many marks as its header tools.
func TestGamesMatrixFitsTheWidth(t *testing.T) {
	t.Parallel()
	for _, lang := range assets.Langs {
		for _, width := range []int{59, 79, 139} {
			var b bytes.Buffer
			if err := Games(&b, variants.Capabilities(), assets.Messages(lang), width); err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			head := assets.Messages(lang).T("games.head.game")
			for _, line := range strings.Split(b.String(), "\n") {
				if fields := strings.Fields(line); len(fields) > 1 && fields[0] == head {
					if engine.Width(line) > width {
						t.Errorf("%s at %d: a header of %d columns: %q", lang, width, engine.Width(line), line)
					}
					for _, tool := range fields[1:] {
						seen[tool] = true
					}
				}
			}
			for _, tool := range variants.Tools {
				if !seen[string(tool)] {
					t.Errorf("%s at %d: the tool %s is in no header", lang, width, tool)
				}
			}
		}
	}
}

// The presets line up in three columns, the sums' too: a sum's title sat
// in the game column, and a 20-letter name touched its neighbour.
func TestPresetsInColumns(t *testing.T) {
	t.Parallel()
	for _, lang := range assets.Langs {
		var b bytes.Buffer
		if err := Presets(&b, assets.Messages(lang)); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		gap := regexp.MustCompile(" {2,}")
		titleAt := func(line string) int { // the display column the third column starts at
			cols := gap.Split(line, 3)
			if len(cols) < 3 {
				return -1
			}
			return engine.Width(line) - engine.Width(cols[2])
		}
		want := titleAt(lines[0])
		for _, line := range lines {
			if got := titleAt(line); got != want || want < 0 {
				t.Errorf("%s: a preset's title at column %d, not %d: %q", lang, got, want, line)
			}
		}
	}
}

// failing is a full disk.
type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A table written to a full disk stops at the failed write: Kayles to
// 1,000,000 went on working out a million rows for 5 to 9 seconds (a
// hostile trial's > /dev/full).
func TestTableStopsOnAFullDisk(t *testing.T) {
	t.Parallel()
	g, conv, err := variants.Lookup(variants.Config{Name: "kayles"})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := NewTable(g, conv, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	b := bufio.NewWriterSize(failing{}, 1<<16)
	if err := tab.Markdown(b, assets.Messages("en")); err == nil {
		t.Error("the rows were all worked out for a disk that takes nothing")
	}
}
