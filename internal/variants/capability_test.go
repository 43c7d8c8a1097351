package variants

import (
	"strings"
	"testing"
)

// An Every-SG sum in misère play plays each component in misère play: a
// game declared unable to be part of a misère sum is refused there too
// (Northcott's: no one has to make the last move), with that reason, and
// taken in normal play.
func TestAbleEveryMisere(t *testing.T) {
	t.Parallel()
	for sum, want := range map[string]string{
		"northcott 1 3 + nim 1 --misere": "component 1 (northcott) cannot be part of a sum in misère play: " + assetsEN.T("why.misere.northcott"),
		"northcott 1 3 + nim 1":          "",
		"nim 1 + kayles 3 --misere":      "",
	} {
		cfg, _, err := ParseSum(sum)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := Able(cfg, ToolAnalyze, true); err != nil {
			got = msg(err)
		}
		if got != want || strings.Contains(sum, "--misere") && strings.Contains(sum, "northcott") && Able(cfg, ToolAnalyze, false) == nil {
			t.Errorf("%s --every: %q, want %q", sum, got, want)
		}
	}
}
