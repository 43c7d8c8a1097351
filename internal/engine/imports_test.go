package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The engine and the games stay pure: nothing they depend on, directly or
// not, is a terminal library or the catalogues.
func TestNoTerminalImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "matchgame/internal/engine", "matchgame/internal/variants").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, ".") && !strings.HasPrefix(dep, "golang.org/x/") || strings.Contains(dep, "term") {
			t.Errorf("the engine depends on %s", dep)
		}
		if dep == "matchgame/assets" { // the engine speaks through engine.Translator
			t.Errorf("the engine depends on the message catalogues")
		}
	}
}
