package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"matchgame/internal/variants"
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
		for _, c := range variants.Capabilities() { // every game, by the name it is typed with
			if !strings.Contains(main, c.Name) {
				t.Errorf("%s: the main help names no game %s", lang, c.Name)
			}
		}
		if line := regexp.MustCompile(`matchgame --version.*`).FindString(main); len(strings.Fields(line)) < 3 {
			t.Errorf("%s: the main help says nothing of --version: %q", lang, line)
		}
		for name := range runs {
			helpNamesEveryFlag(t, lang, name)
		}
	}
}

// helpNamesEveryFlag: command's --help names every flag it takes (-o as
// such: -o F, --output F).
func helpNamesEveryFlag(t *testing.T, lang, command string) {
	t.Helper()
	_, help, _ := runCLI(t, "", command, "--help", "--lang", lang)
	for _, f := range flagTable {
		if f.name == "help" || f.commands != nil && !slices.Contains(f.commands, command) {
			continue
		}
		if !strings.Contains(help, "--"+f.name) && !(f.name == "output" && strings.Contains(help, "-o ")) {
			t.Errorf("%s: %s --help has no --%s", lang, command, f.name)
		}
	}
}
