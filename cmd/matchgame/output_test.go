package main

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command that prints a document writes it to -o FILE, as the
// worksheet, picture and learn do: a teacher's trial typed table … -o and
// term … -o and was told of an unknown flag "--output", a flag never typed.
// The file is what standard output would have been; a file there is kept
// unless --force.
func TestEveryDocumentTakesOutput(t *testing.T) {
	t.Parallel()
	term := termFile(t)
	for _, args := range [][]string{
		{"table", "kayles", "--to", "20"},
		{"table", "kayles", "--to", "20", "--svg"},
		{"table", "wythoff", "--to", "5", "--json"},
		{"tree", "nim", "2", "1"},
		{"tree", "nim", "2", "1", "--dot"},
		{"tree", "nim", "2", "1", "--svg"},
		{"term", "--store", term},
		{"term", "--store", term, "--html"},
	} {
		name := strings.Join(args[:2], " ")
		code, want, errs := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		file := filepath.Join(t.TempDir(), "doc")
		code, out, errs := runCLI(t, "", append(args, "-o", file)...)
		got, _ := os.ReadFile(file)
		if code != 0 || string(got) != want || !strings.Contains(out, file) {
			t.Errorf("%v -o: exit %d, %q, the file %d bytes of %d:\n%s", args, code, errs, len(got), len(want), out)
			continue
		}
		if code, _, errs := runCLI(t, "", append(args, "-o", file)...); code != 2 || !strings.Contains(errs, "--force") {
			t.Errorf("%s -o over a file: exit %d, %q", name, code, errs)
		}
		if code, _, errs := runCLI(t, "", append(args, "-o", file, "--force")...); code != 0 {
			t.Errorf("%s -o --force: exit %d, %q", name, code, errs)
		}
	}
}

// An unknown flag is named as it was typed: -o where a command writes no
// file is "-o", not "--output".
func TestUnknownFlagAsTyped(t *testing.T) {
	t.Parallel()
	code, _, errs := runCLI(t, "", "analyze", "nim", "3", "-o", "x")
	if code != 2 || !strings.Contains(errs, `"-o"`) || strings.Contains(errs, "--output") {
		t.Errorf("analyze -o: exit %d, %q", code, errs)
	}
}

// picture -o says the size of what it wrote: a PNG's own pixels (it said
// the drawing's CSS size, half the PNG's), an SVG's width and height.
func TestPictureSaysItsSize(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "n.png")
	code, out, errs := runCLI(t, "", "picture", "nim", "3", "5", "7", "--winning", "--png", "-o", file)
	f, err := os.Open(file)
	if code != 0 || err != nil {
		t.Fatalf("exit %d, %s, %v", code, errs, err)
	}
	defer f.Close()
	img, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("(%d × %d)", img.Width, img.Height); !strings.Contains(out, want) {
		t.Errorf("picture --png says %q, the file is %s", out, want)
	}
}

// An empty value is refused, not taken for none: picture --move ” drew
// no move and said nothing (a hostile trial).
func TestEmptyMoveRefused(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "", "picture", "nim", "3", "5", "--move", "")
	if code != 2 || out != "" || !strings.Contains(errs, "--move") {
		t.Errorf("picture --move '': exit %d, %q, %q", code, errs, out)
	}
}
