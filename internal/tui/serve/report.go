package serve

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
)

// Report is what a class did, for the teacher's files: every quiz with its
// questions, its scoreboard and each student's answers.
type Report struct {
	Opened  time.Time
	Closed  time.Time
	Quizzes []QuizReport
	// Lang is the teacher's language, "en" or "zh": the report's headings
	// and sentences are said in it (issue 19, item 6).
	Lang string
}

// QuizReport is one quiz of a class report.
type QuizReport struct {
	Quiz      Quiz
	Questions []Question       // as asked, in order
	Scores    []Score          // best first: the students who took part
	Answers   map[int][]Answer // by student ID
}

// Report is the class so far.
func (c *Class) Report() Report {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := Report{Opened: c.opened, Closed: c.now()}
	for _, run := range c.quizzes {
		answers := map[int][]Answer{}
		for id, as := range run.answers {
			answers[id] = slices.Clone(as)
		}
		r.Quizzes = append(r.Quizzes, QuizReport{
			Quiz:      run.Quiz,
			Questions: slices.Clone(run.asked),
			Scores:    c.scores(run),
			Answers:   answers,
		})
	}
	return r
}

// answer is student id's answer to question n, if any.
func (q QuizReport) answer(id, n int) (Answer, bool) {
	i := slices.IndexFunc(q.Answers[id], func(a Answer) bool { return a.Question == n })
	if i < 0 {
		return Answer{}, false
	}
	return q.Answers[id][i], true
}

// Markdown is the report for reading: per quiz, the scoreboard, the
// questions, every student's answers and the list of mistakes.
func (r Report) Markdown() string {
	var b strings.Builder
	t := func(key string, args ...any) string { return say(r.Lang, key, args...) }
	b.WriteString(t("report.title", r.Opened.Format("2006-01-02 15:04"), r.Closed.Format("15:04")))
	if len(r.Quizzes) == 0 {
		b.WriteString(t("report.noquiz"))
	}
	for i, q := range r.Quizzes {
		b.WriteString(t("report.quiz", i+1, mdText(q.Quiz.Game.String()), len(q.Questions), q.Quiz.Questions, q.Quiz.Limit, q.Quiz.Seed))

		b.WriteString(t("report.scores"))
		for rank, s := range q.Scores {
			took := seconds(s.Time)
			if s.Right == 0 {
				took = "—" // no right answer to time
			}
			fmt.Fprintf(&b, "| %d | %s | %d | %d | %d | %s |\n", rank+1, mdText(s.Student.Name), s.Right, s.Wrong, s.Missed, took)
		}

		b.WriteString(t("report.questions"))
		for _, qu := range q.Questions {
			fmt.Fprintf(&b, "| %d | %s | %s |\n", qu.Number, mdText(qu.Position), mdText(qu.Winning))
		}

		b.WriteString(t("report.answers"))
		for _, qu := range q.Questions {
			fmt.Fprintf(&b, " %d |", qu.Number)
		}
		b.WriteString("\n|---|" + strings.Repeat("---|", len(q.Questions)) + "\n")
		var mistakes []string
		for _, s := range q.Scores {
			fmt.Fprintf(&b, "| %s |", mdText(s.Student.Name))
			for _, qu := range q.Questions {
				a, ok := q.answer(s.Student.ID, qu.Number)
				switch {
				case !ok:
					b.WriteString(" — |")
					mistakes = append(mistakes, t("report.noanswer", mdText(s.Student.Name), qu.Number, mdText(qu.Position)))
				case a.Right:
					fmt.Fprintf(&b, " ✓ %s |", seconds(a.Took))
				default:
					fmt.Fprintf(&b, " ✗ %s |", seconds(a.Took))
					mistakes = append(mistakes, t("report.wrong", mdText(s.Student.Name), qu.Number, mdText(qu.Position), mdText(a.Move), seconds(a.Took), mdText(qu.Winning)))
				}
			}
			b.WriteString("\n")
		}

		b.WriteString(t("report.mistakes"))
		if len(mistakes) == 0 {
			b.WriteString(t("report.none"))
		}
		for _, m := range mistakes {
			b.WriteString(m + "\n")
		}
	}
	return b.String()
}

// CSV is the report for a spreadsheet: one row per student and question.
func (r Report) CSV() string {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"quiz", "game", "seed", "question", "position", "winning_move", "student", "move", "result", "seconds"})
	for i, q := range r.Quizzes {
		for _, s := range q.Scores {
			for _, qu := range q.Questions {
				a, ok := q.answer(s.Student.ID, qu.Number)
				result, secs := "missed", ""
				if ok {
					result, secs = "wrong", strconv.FormatFloat(a.Took.Seconds(), 'f', 1, 64)
					if a.Right {
						result = "right"
					}
				}
				_ = w.Write([]string{
					strconv.Itoa(i + 1), csvText(q.Quiz.Game.String()), strconv.FormatInt(q.Quiz.Seed, 10),
					strconv.Itoa(qu.Number), csvText(qu.Position), csvText(qu.Winning),
					csvText(s.Student.Name), csvText(a.Move), result, secs,
				})
			}
		}
	}
	w.Flush()
	return buf.String()
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

var mdEscaper = strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;")

// mdText keeps text (a student's name comes from the network) from
// breaking a table or turning into markup.
func mdText(s string) string { return mdEscaper.Replace(s) }

// csvText keeps a spreadsheet from reading text as a formula: a student
// could call themselves "=HYPERLINK(…)".
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// CheckReport tells, before the class starts, whether a report can be
// written at base (base.md and base.csv, or a fresh pair of names next to
// them): its directory must exist and be writable. The refusal names
// --report and its directory as given, never the file it tried.
func CheckReport(base string) error {
	dir := filepath.Dir(base)
	f, err := os.CreateTemp(dir, ".matchgame-check-*")
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return engine.Refuse("err.serve.report.dir", base, dir)
	case errors.As(err, &pe):
		return engine.Refuse("err.serve.report", base, dir, pe.Err.Error())
	case err != nil:
		return engine.Refuse("err.serve.report", base, dir, err.Error())
	}
	f.Close()
	return os.Remove(f.Name())
}

// WriteReport writes r as base.md and base.csv, each through a temporary
// file in its directory. Unless force is set, existing files are left
// alone and a fresh pair of names is taken (base-2.md and base-2.csv, and
// so on). It returns the paths written.
func WriteReport(base string, r Report, force bool) ([]string, error) {
	md, table := []byte(r.Markdown()), []byte(r.CSV())
	for i := 1; i <= 1000; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		paths := []string{name + ".md", name + ".csv"}
		if !force && (exists(paths[0]) || exists(paths[1])) {
			continue
		}
		err := desk.Write(paths[0], md, 0o644, force)
		if err == nil {
			if err = desk.Write(paths[1], table, 0o644, force); err != nil {
				_ = os.Remove(paths[0]) // ours, a moment ago: keep the pair together
			}
		}
		switch {
		case err == nil:
			return paths, nil
		case errors.Is(err, fs.ErrExist):
			continue // taken meanwhile
		default:
			return nil, fmt.Errorf("class report %s: %w", name, err)
		}
	}
	return nil, fmt.Errorf("class report %s: no free name", base)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
