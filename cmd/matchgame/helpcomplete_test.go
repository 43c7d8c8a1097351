package main

import (
	"slices"
	"strings"
	"testing"
)

// A teacher's trial: the main help had no term, and serve --help no
// --lesson. Every command of runs is in the main help, and every flag
// flagTable gives serve is in serve's, in both languages.
func TestHelpNamesEveryCommandAndFlag(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		_, main, _ := runCLI(t, "", "--help", "--lang", lang)
		for name := range runs {
			if !strings.Contains(main, "matchgame "+name+" ") {
				t.Errorf("%s: the main help has no %s", lang, name)
			}
		}
		_, serve, _ := runCLI(t, "", "serve", "--help", "--lang", lang)
		for _, f := range flagTable {
			if f.name != "help" && (f.commands == nil || slices.Contains(f.commands, "serve")) && !strings.Contains(serve, "--"+f.name) {
				t.Errorf("%s: serve --help has no --%s", lang, f.name)
			}
		}
	}
}
