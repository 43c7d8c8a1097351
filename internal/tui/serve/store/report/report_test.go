package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"matchgame/internal/tui/serve/store"
)

func sampleTerm() store.Term {
	key := "SHA256:abcdefghijklmnopqrstuvwxyz"
	return store.Term{
		Lessons: 2,
		Students: []store.TermStudent{
			{Name: "Ann", Key: &key, Lessons: 2, Answers: 3, Right: 2, ReviewDue: 1,
				Families: map[string]store.Tally{"nim": {Answers: 2, Right: 2}, "kayles": {Answers: 1, Right: 0}}},
			{Name: "=cmd|' /C calc'!A0 <b>|", Lessons: 1, Families: map[string]store.Tally{}},
		},
		Held: []store.LessonLine{{Started: time.Date(2026, 9, 1, 9, 0, 0, 0, time.UTC), Length: 45 * time.Minute, Students: 2, Taught: "quiz nim"}},
	}
}

// --json is exactly the term's shape: a guest's key is null.
func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, sampleTerm(), JSON, "en"); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Lessons  int
		Students []map[string]any
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := []string{"answers", "families", "key", "lessons", "name", "review_due", "right"}
	for _, st := range got.Students {
		var keys []string
		for k := range st {
			keys = append(keys, k)
		}
		if strings.Join(slices.Sorted(slices.Values(keys)), ",") != strings.Join(want, ",") {
			t.Errorf("fields %v, want %v", keys, want)
		}
	}
	if got.Lessons != 2 || got.Students[1]["key"] != nil || got.Students[0]["families"].(map[string]any)["kayles"].(map[string]any)["answers"] != 1.0 {
		t.Errorf("json: %s", b.String())
	}
}

// A name from the network cannot break a table, a page or a sheet.
func TestHostileNames(t *testing.T) {
	term := sampleTerm()
	for _, f := range []Format{Markdown, HTML, CSV} {
		var b bytes.Buffer
		if err := Write(&b, term, f, "en"); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		switch f {
		case Markdown:
			if !strings.Contains(out, `=cmd\|' /C calc'!A0 &lt;b&gt;\| |`) || !strings.Contains(out, "| Ann | abcdefghijkl… | 2 | 2/3 | 0/1 | 2/2 | 1 |") {
				t.Errorf("markdown:\n%s", out)
			}
		case HTML:
			if strings.Contains(out, "<b>") || !strings.Contains(out, "&lt;b&gt;") {
				t.Errorf("html:\n%s", out)
			}
		case CSV:
			rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil || rows[2][0] != "'=cmd|' /C calc'!A0 <b>|" || strings.Join(rows[0], ",") != "student,key,lessons,answers,right,review_due,kayles_answers,kayles_right,nim_answers,nim_right" {
				t.Errorf("csv: %q %v", rows, err)
			}
		}
	}
	var zh bytes.Buffer
	_ = Write(&zh, term, Markdown, "zh")
	if !strings.Contains(zh.String(), "本学期") || !strings.Contains(zh.String(), "访客") {
		t.Errorf("zh:\n%s", zh.String())
	}
}
