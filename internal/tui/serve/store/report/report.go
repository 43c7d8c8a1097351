// Package report prints a term (store.Term) for the teacher: Markdown to
// read, CSV for a spreadsheet, HTML to print, and JSON
// (`matchgame term --json`). Headings and sentences come from the
// message catalogue (term.*), in the teacher's language.
package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"matchgame/assets"
	"matchgame/internal/tui/serve/store"
)

// Format is how the term is printed.
type Format string

const (
	Markdown Format = "markdown"
	CSV      Format = "csv"
	HTML     Format = "html"
	JSON     Format = "json"
)

// Write prints t to w as format says, in lang ("en" or "zh").
func Write(w io.Writer, t store.Term, format Format, lang string) error {
	cat := assets.Messages(lang)
	switch format {
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(t)
	case CSV:
		return writeCSV(w, t)
	case HTML:
		return writeHTML(w, t, cat)
	}
	_, err := io.WriteString(w, markdown(t, cat))
	return err
}

// Families are the families answered in, in name order.
func Families(t store.Term) []string {
	seen := map[string]bool{}
	for _, st := range t.Students {
		for f := range st.Families {
			seen[f] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// FamilyName is a family in words: its game's name in the catalogue.
func FamilyName(cat *assets.Catalog, family string) string {
	if cat.Has("game." + family) {
		return cat.T("game." + family)
	}
	return family
}

// Key is how a student's key is shown: short, or the word for a guest.
func Key(cat *assets.Catalog, key *string) string {
	if key == nil {
		return cat.T("term.guest")
	}
	k := strings.TrimPrefix(*key, "SHA256:")
	if len(k) > 12 {
		k = k[:12] + "…"
	}
	return k
}

// RightOf is "right/answers", or a dash for none.
func RightOf(t store.Tally) string {
	if t.Answers == 0 {
		return "—"
	}
	return fmt.Sprintf("%d/%d", t.Right, t.Answers)
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;", "\n", " ")

// mdText keeps a name from the network from breaking a table.
func mdText(s string) string { return mdEscaper.Replace(s) }

func markdown(t store.Term, cat *assets.Catalog) string {
	var b strings.Builder
	b.WriteString(cat.T("term.title", t.Lessons, len(t.Students)))
	if len(t.Held) > 0 {
		b.WriteString(cat.T("term.lessons"))
		for i, l := range t.Held {
			taught := l.Taught
			if taught == "" {
				taught = "—"
			}
			fmt.Fprintf(&b, "| %d | %s | %s | %d | %s |\n", i+1, l.Started.Format("2006-01-02 15:04"), minutes(l.Length), l.Students, mdText(taught))
		}
	}
	families := Families(t)
	b.WriteString(cat.T("term.students"))
	head := "| " + cat.T("term.col.student") + " | " + cat.T("term.col.key") + " | " + cat.T("term.col.lessons") + " | " + cat.T("term.col.right") + " |"
	rule := "|---|---|---:|---:|"
	for _, f := range families {
		head += " " + mdText(FamilyName(cat, f)) + " |"
		rule += "---:|"
	}
	b.WriteString(head + " " + cat.T("term.col.due") + " |\n" + rule + "---:|\n")
	for _, st := range t.Students {
		fmt.Fprintf(&b, "| %s | %s | %d | %s |", mdText(st.Name), mdText(Key(cat, st.Key)), st.Lessons, RightOf(store.Tally{Answers: st.Answers, Right: st.Right}))
		for _, f := range families {
			b.WriteString(" " + RightOf(st.Families[f]) + " |")
		}
		fmt.Fprintf(&b, " %d |\n", st.ReviewDue)
	}
	if len(t.Students) == 0 {
		b.WriteString(cat.T("term.nobody"))
	}
	return b.String()
}

func minutes(d time.Duration) string {
	return fmt.Sprintf("%d min", int(d.Round(time.Minute).Minutes()))
}

// csvText keeps a spreadsheet from reading a name as a formula.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// writeCSV: one row per student, the families' answers and right ones
// in columns of their own.
func writeCSV(w io.Writer, t store.Term) error {
	cw := csv.NewWriter(w)
	families := Families(t)
	head := []string{"student", "key", "lessons", "answers", "right", "review_due"}
	for _, f := range families {
		head = append(head, f+"_answers", f+"_right")
	}
	_ = cw.Write(head)
	for _, st := range t.Students {
		key := ""
		if st.Key != nil {
			key = *st.Key
		}
		row := []string{csvText(st.Name), key, strconv.Itoa(st.Lessons), strconv.Itoa(st.Answers), strconv.Itoa(st.Right), strconv.Itoa(st.ReviewDue)}
		for _, f := range families {
			row = append(row, strconv.Itoa(st.Families[f].Answers), strconv.Itoa(st.Families[f].Right))
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

func writeHTML(w io.Writer, t store.Term, cat *assets.Catalog) error {
	var b strings.Builder
	e := html.EscapeString
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", cat.Lang, e(cat.T("term.html.title")))
	b.WriteString("<style>body{font-family:\"Noto Sans\",\"Noto Sans CJK SC\",sans-serif;margin:2em;color:#111}" +
		"table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #888;padding:.25em .6em}td.n{text-align:right}" +
		"@media print{body{margin:0}}</style>\n</head>\n<body>\n")
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s</p>\n", e(cat.T("term.html.title")), e(cat.T("term.html.summary", t.Lessons, len(t.Students))))
	if len(t.Held) > 0 {
		fmt.Fprintf(&b, "<h2>%s</h2>\n<table>\n<tr><th>#</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n", e(cat.T("term.html.lessons")),
			e(cat.T("term.col.date")), e(cat.T("term.col.length")), e(cat.T("term.col.students")), e(cat.T("term.col.taught")))
		for i, l := range t.Held {
			fmt.Fprintf(&b, "<tr><td class=n>%d</td><td>%s</td><td class=n>%s</td><td class=n>%d</td><td>%s</td></tr>\n",
				i+1, l.Started.Format("2006-01-02 15:04"), minutes(l.Length), l.Students, e(l.Taught))
		}
		b.WriteString("</table>\n")
	}
	families := Families(t)
	fmt.Fprintf(&b, "<h2>%s</h2>\n<table>\n<tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th>", e(cat.T("term.html.students")),
		e(cat.T("term.col.student")), e(cat.T("term.col.key")), e(cat.T("term.col.lessons")), e(cat.T("term.col.right")))
	for _, f := range families {
		fmt.Fprintf(&b, "<th>%s</th>", e(FamilyName(cat, f)))
	}
	fmt.Fprintf(&b, "<th>%s</th></tr>\n", e(cat.T("term.col.due")))
	for _, st := range t.Students {
		fmt.Fprintf(&b, "<tr><td>%s</td><td><code>%s</code></td><td class=n>%d</td><td class=n>%s</td>", e(st.Name), e(Key(cat, st.Key)), st.Lessons,
			RightOf(store.Tally{Answers: st.Answers, Right: st.Right}))
		for _, f := range families {
			fmt.Fprintf(&b, "<td class=n>%s</td>", RightOf(st.Families[f]))
		}
		fmt.Fprintf(&b, "<td class=n>%d</td></tr>\n", st.ReviewDue)
	}
	b.WriteString("</table>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
