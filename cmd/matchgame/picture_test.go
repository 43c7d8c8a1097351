package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPicture: picture draws a position and its move as SVG, for single
// games and sums.
func TestPicture(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"picture", "nim", "3", "5", "7", "--winning"},
		{"picture", "nim", "3", "5", "--move", "heap=2,take=2", "--explain"},
		{"picture", "nim", "3", "5", "+", "kayles", "7", "--winning", "--explain", "--lang", "zh"},
		{"picture", "hackenbush", "0-1", "1-2", "0-3", "--move", "cut edge 2 (1-2)"},
		{"picture", "chomp", "3", "3", "--winning", "--svg"},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if err := wellFormed(out); err != nil {
			t.Fatalf("%v: not well-formed: %v", args, err)
		}
	}
}

// wellFormed is nil for well-formed XML, or its first error.
func wellFormed(doc string) error {
	dec := xml.NewDecoder(strings.NewReader(doc))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// picture -o writes a PNG (by the file's name) as the project writes
// files: an existing one kept unless --force.
func TestPictureFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "nim.png")
	code, out, errs := runCLI(t, "", "picture", "nim", "3", "5", "--winning", "-o", file)
	if code != 0 || !strings.Contains(out, "nim.png") {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width < 800 || cfg.Height < 500 {
		t.Fatalf("-o nim.png: %v, %d × %d", err, cfg.Width, cfg.Height)
	}
	if code, _, errs := runCLI(t, "", "picture", "nim", "3", "5", "-o", file); code != 2 || !strings.Contains(errs, "--force") {
		t.Errorf("an existing file was not kept: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "", "picture", "nim", "3", "5", "-o", file, "--force", "--svg"); code != 0 {
		t.Errorf("--force: exit %d: %s", code, errs)
	} else if data, _ := os.ReadFile(file); !bytes.HasPrefix(data, []byte("<?xml")) {
		t.Error("--force --svg did not replace the file with an SVG")
	}
}

func TestPictureRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"picture", "nim"}, "give the position"},
		{[]string{"picture", "nim", "3", "--svg", "--png"}, "--svg and --png"},
		{[]string{"picture", "nim", "3", "--move", "take=1", "--winning"}, "--move and --winning"},
		{[]string{"picture", "nim", "3", "--move", "heap=2,take=1"}, "no legal move"},
		{[]string{"picture", "nim", "3", "5", "--move", "take=1"}, "2 legal moves"},
		{[]string{"picture", "nim", "-3"}, "-3"},
		{[]string{"picture", "nim", "3", "--frobnicate"}, "--frobnicate"},
		{[]string{"picture", "nim", "3", "-o", ""}, "-o"},
	} {
		code, _, errs := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%v: exit %d, %q; want 2 and one line with %q", c.args, code, errs, c.want)
		}
	}
}

// TestTableAndTreeSVG: table --svg plots the values with the period
// marked, the HTML table carries the plot, tree --svg draws the tree.
func TestTableAndTreeSVG(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"table", "kayles", "--to", "120", "--svg"}, []string{`class="preperiod"`, `class="period"`, "period 12", "pre-period, 71 values"}},
		{[]string{"table", "kayles", "--to", "120", "--html"}, []string{"<svg", `class="period"`, `id="plotp0"`}},
		{[]string{"tree", "nim", "1", "2", "--svg"}, []string{`class="position p"`, `class="move winning"`}},
		{[]string{"tree", "nim", "1", "2", "--svg", "--lang", "zh"}, []string{"必败态"}},
	} {
		code, out, errs := runCLI(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: no %q", c.args, w)
			}
		}
	}
	for _, args := range [][]string{{"table", "kayles", "--svg", "--json"}, {"tree", "nim", "1", "--svg", "--dot"}} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || !strings.Contains(errs, "--svg") {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}
