package tui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fzipp/gocyclo"
)

// The game screen stays a screen, not the home of every mode (issue 26):
// the play type has at most 40 methods, and at most 5 places in the
// package's code ask which mode is on (what differs between modes is a
// method of the mode).
func TestGameScreenStaysSmall(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	methods, checks := 0, 0
	asks := regexp.MustCompile(`\bm\.(quiz|room|class|demo|review)\(\)`)
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checks += len(asks.FindAll(src, -1))
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv != nil && receiver(fn) == "play" {
				methods++
			}
		}
	}
	if methods > 40 {
		t.Errorf("the game screen has %d methods, more than 40: give the part that grew a component of its own", methods)
	}
	if checks > 5 {
		t.Errorf("%d places ask which mode is on, more than 5: make the difference a method of the modes", checks)
	}
}

// receiver is the type name of fn's receiver.
func receiver(fn *ast.FuncDecl) string {
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// Issue 26: no function above cyclomatic complexity 15 in the screens and
// the command line, tests included, measured as gocyclo measures it.
func TestNoFunctionAboveComplexity15(t *testing.T) {
	t.Parallel()
	for _, s := range gocyclo.Analyze([]string{".", "../../cmd/matchgame"}, nil).SortAndFilter(-1, 15) {
		t.Errorf("%s: complexity %d, above 15: cut it into its phases", s, s.Complexity)
	}
}
