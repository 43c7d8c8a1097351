package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"matchgame/internal/tui/serve/store"
)

// termFile is a term of two lessons: Ann (a key) twice, Bob (a key) and
// a guest once.
func termFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "term.db")
	s, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	nim := func(n string) store.Position {
		return store.Position{Family: "nim", Game: `{"Name":"nim"}`, Numbers: "[" + n + "]", Written: "nim " + n}
	}
	ann, _ := s.Enrol("SHA256:ann", "Ann")
	bob, _ := s.Enrol("SHA256:bob", "Bob")
	guest, _ := s.Enrol("", "visitor")
	l1, _ := s.Begin()
	for _, st := range []*store.Student{&ann, &bob, &guest} {
		_ = l1.Attend(st)
	}
	_ = l1.Answer(store.Answer{Student: ann.ID, Kind: "class", Question: 1, Position: nim("1,2"), Right: true, Took: time.Second})
	_ = l1.Answer(store.Answer{Student: bob.ID, Kind: "class", Question: 1, Position: nim("1,2"), Right: false, Took: time.Second})
	_ = l1.End()
	l2, _ := s.Begin()
	_ = l2.Attend(&ann)
	_ = l2.End()
	return path
}

// matchgame term prints the term: --json exactly as the issue says, CSV,
// HTML, Markdown by default.
func TestTermCommand(t *testing.T) {
	t.Parallel()
	path := termFile(t)
	code, out, errs := runCLI(t, "", "term", "--store", path, "--json")
	want := `{
  "lessons": 2,
  "students": [
    {
      "name": "Ann",
      "key": "SHA256:ann",
      "lessons": 2,
      "answers": 1,
      "right": 1,
      "families": {
        "nim": {
          "answers": 1,
          "right": 1
        }
      },
      "review_due": 0
    },
    {
      "name": "Bob",
      "key": "SHA256:bob",
      "lessons": 1,
      "answers": 1,
      "right": 0,
      "families": {
        "nim": {
          "answers": 1,
          "right": 0
        }
      },
      "review_due": 1
    },
    {
      "name": "visitor",
      "key": null,
      "lessons": 1,
      "answers": 0,
      "right": 0,
      "families": {},
      "review_due": 0
    }
  ]
}
`
	if code != 0 || out != want {
		t.Errorf("term --json: %d %q\n%s", code, errs, out)
	}
	if code, out, _ := runCLI(t, "", "term", "--store", path, "--csv"); code != 0 {
		t.Errorf("--csv: %d", code)
	} else if rows, err := csv.NewReader(strings.NewReader(out)).ReadAll(); err != nil || len(rows) != 4 || rows[2][0] != "Bob" {
		t.Errorf("--csv: %q %v", rows, err)
	}
	if code, out, _ := runCLI(t, "", "term", "--store", path, "--html"); code != 0 || !strings.HasPrefix(out, "<!DOCTYPE html>") {
		t.Errorf("--html: %d %q", code, out)
	}
	if code, out, _ := runCLI(t, "", "term", "--store", path); code != 0 || !strings.Contains(out, "| Bob | bob | 1 | 0/1 | 0/1 | 1 |") {
		t.Errorf("markdown: %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "", "--lang", "zh", "term", "--store", path); code != 0 || !strings.Contains(out, "本学期") {
		t.Errorf("zh: %d\n%s", code, out)
	}
}

// term reads the file only as its owner: a file others can read, one of
// another user (where the test may give it away), one missing, and two
// formats at once are each one line and exit 2.
func TestTermRefuses(t *testing.T) {
	t.Parallel()
	open := termFile(t)
	if err := os.Chmod(open, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string][]string{
		"can be read by others": {"term", "--store", open},
		"no term is kept":       {"term", "--store", filepath.Join(t.TempDir(), "none.db")},
		"give one of":           {"term", "--store", open, "--json", "--csv"},
	}
	if os.Getuid() == 0 { // root can give a file to another user
		theirs := termFile(t)
		if err := os.Chown(theirs, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		cases["belongs to another user"] = []string{"term", "--store", theirs}
	}
	for want, args := range cases {
		code, out, errs := runCLI(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q %q, want exit 2 and one line saying %q", args, code, out, errs, want)
		}
	}
}

// serve's flags of the store: each misuse is refused before anything
// starts.
func TestServeStoreFlags(t *testing.T) {
	t.Parallel()
	for want, args := range map[string][]string{
		"give --class too":       {"serve", "--store", filepath.Join(t.TempDir(), "t.db")},
		"its directory does not": {"serve", "--class", "--store", "/nonexistent/dir/t.db", "--report", filepath.Join(t.TempDir(), "r")},
		"give --web too":         {"serve", "--web-origin", "https://class.example.edu"},
		"give an origin such as": {"serve", "--web", "127.0.0.1:0", "--web-origin", "ftp://x"},
		"can be read by others":  {"serve", "--class", "--store", chmodded(t), "--report", filepath.Join(t.TempDir(), "r")},
		"with --class: ":         {"serve", "--help"},
	} {
		code, out, errs := runCLI(t, "", args...)
		if want == "with --class: " {
			if code != 0 || !strings.Contains(out, "--store PATH") || !strings.Contains(out, want) {
				t.Errorf("serve --help: %d\n%s", code, out)
			}
			continue
		}
		if code != 2 || !strings.Contains(errs, want) {
			t.Errorf("%v: %d %q, want exit 2 saying %q", args, code, errs, want)
		}
	}
}

func chmodded(t *testing.T) string {
	path := termFile(t)
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	return path
}
