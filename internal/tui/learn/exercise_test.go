package learn

import (
	"regexp"
	"strings"
	"testing"

	"matchgame/assets"
)

// message is catalogue message key as a pattern: its arguments match
// any text.
func message(cat *assets.Catalog, key string) *regexp.Regexp {
	quoted := regexp.QuoteMeta(cat.T(key))
	return regexp.MustCompile("^" + regexp.MustCompile(`%\\\[\d\\\][sdv]`).ReplaceAllString(quoted, "(.+?)") + "$")
}

// matchesAny reports whether s matches one of the messages keys.
func matchesAny(cat *assets.Catalog, s string, keys ...string) bool {
	for _, k := range keys {
		if message(cat, k).MatchString(s) {
			return true
		}
	}
	return false
}

// verdicts are the engine's summaries of a position: P, N with its
// winning move, D.
var verdicts = []string{"summary.win.leaving", "summary.win.leaving.heap", "summary.win", "summary.draw", "summary.lose", "summary.lost.over", "summary.won.misere"}

// Every exercise on every page, en and zh, over several draws, asks what
// its answer gives: a position decided is answered P or N with a winning
// move; a table of each part's value and their nim-sum has that nim-sum
// in its working (Bash at 25, one heap, asked for a nim-sum and answered
// only "P-position"); a Grundy value asked is in the answer; a row of the
// mex is answered by that row.
func TestExercisesAskWhatTheyAnswer(t *testing.T) {
	t.Parallel()
	for _, p := range Pages() {
		if p.Exercises == "" {
			continue
		}
		for _, lang := range assets.Langs {
			cat := assets.Messages(lang)
			for draw := range 6 {
				ex, err := exercises(p, draw, cat)
				if err != nil {
					t.Fatalf("%s.%s draw %d: %v", p.ID, lang, draw, err)
				}
				for _, e := range ex.Items {
					if why := mismatch(cat, e); why != "" {
						t.Errorf("%s.%s draw %d: %q\nanswered %q\n%s: %s", p.ID, lang, draw, e.Prompt, e.Answer, why, strings.Join(e.Working, "\n"))
					}
				}
			}
		}
	}
}

// mismatch is what exercise e asks that its answer does not give, "" if
// it gives everything.
func mismatch(cat *assets.Catalog, e Exercise) string {
	prompt, _, _ := strings.Cut(e.Prompt, " "+strings.SplitN(cat.T("learn.given"), "%", 2)[0])
	verdict := func(answer string) bool { // "position: verdict", or a sum's verdict alone
		m := message(cat, "worksheet.answer").FindStringSubmatch(answer)
		return matchesAny(cat, answer, verdicts...) || m != nil && matchesAny(cat, m[2], verdicts...)
	}
	switch {
	case matchesAny(cat, prompt, "worksheet.ask.mex"):
		if !matchesAny(cat, e.Answer, "worksheet.answer.mex") {
			return "no row of values"
		}
	case matchesAny(cat, prompt, "worksheet.ask.value"):
		m := message(cat, "worksheet.answer.value").FindStringSubmatch(e.Answer)
		if m == nil || !matchesAny(cat, m[3], verdicts...) {
			return "no Grundy value and verdict"
		}
	case matchesAny(cat, prompt, "worksheet.ask.binary", "worksheet.ask.binary.nim", "worksheet.ask.binary.coins", "worksheet.ask.parts", "worksheet.ask.sum"):
		if !verdict(e.Answer) {
			return "no verdict"
		}
		if !strings.Contains(strings.Join(e.Working, "\n"), cat.T("nimsum.label")) {
			return "no nim-sum in the working"
		}
	case matchesAny(cat, prompt, "worksheet.ask.decide"):
		if !verdict(e.Answer) {
			return "no verdict"
		}
	default:
		return "a question of no kind known"
	}
	return ""
}
