package desk

import (
	"bytes"
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
