package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The table of Kayles to 100 as a teacher prints it: rows of twelve, the
// period 12 from 71 with its Guy–Smith check, and each mex; the JSON holds
// the same numbers, the HTML marks the first period.
func TestTableKayles(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI(t, "", "table", "kayles", "--to", "100", "--lang", "en")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"# Grundy values of Kayles, g(0..100)",
		"| g(0..11) | 0 | 1 | 2 | 3 | 1 | 4 | 3 | 2 | 1 | 4 | 2 | 6 |",
		"| g(60..71) | 4 | 1 | 2 | 8 | 1 | 4 | 7 | 2 | 1 | 8 | 6 | **7** |",
		"| g(96..100) | 4 | 1 | 2 | 8 | 1 |",
		"Preperiod g(0..70); period 12 from heap 71",
		"for every n from 71 to 155, that is up to 2·71 + 12 + 2 = 156",
		"- g(3) = mex{g(2)=2, g(1)⊕g(1)=1⊕1=0; g(1)=1} = 3",
		"- g(100) = mex{",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q", want)
		}
	}
	_, out, _ = runCLI(t, "", "table", "kayles", "--to", "100", "--json")
	var tab struct {
		Game   string   `json:"game"`
		To     int64    `json:"to"`
		Values []uint64 `json:"values"`
		Period struct {
			Preperiod, Period int64
			CheckFrom         int64 `json:"check_from"`
			CheckTo           int64 `json:"check_to"`
			Theorem           string
		} `json:"period"`
		Rows []struct {
			Heap    int64
			Value   uint64
			Options []struct{ Take, Left, Right int64 }
			Count   int64 `json:"options_count"`
			Mex     string
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &tab); err != nil {
		t.Fatal(err)
	}
	if len(tab.Values) != 101 || len(tab.Rows) != 101 {
		t.Fatalf("json: %s %d values, %d rows, period %+v", tab.Game, len(tab.Values), len(tab.Rows), tab.Period)
	}
	checkFields(t, "json", field{"game", tab.Game, "kayles"}, field{"preperiod", tab.Period.Preperiod, int64(71)},
		field{"period", tab.Period.Period, int64(12)}, field{"theorem", tab.Period.Theorem, "guy-smith"},
		field{"checked to", tab.Period.CheckTo, int64(156)}, field{"g(71)", tab.Values[71], uint64(7)},
		field{"options of heap 10", tab.Rows[10].Count, int64(10)})
	_, out, _ = runCLI(t, "", "table", "kayles", "--to", "100", "--html", "--lang", "zh")
	if !strings.Contains(out, `<html lang="zh">`) || strings.Count(out, `class="first"`) != 12 || strings.Count(out, "<li>") != 101 {
		t.Errorf("html: %d first-period cells, %d mex lines", strings.Count(out, `class="first"`), strings.Count(out, "<li>"))
	}
}

// Every family with heap values has a table; the others are refused, and
// so is a table past the family's bound, with the bound.
func TestTableFamiliesAndRefusals(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"nim"}, {"bash", "--max", "3"}, {"fibonacci"}, {"subtraction", "--set", "2,5,7"},
		{"octal", "--code", "0.6"}, {"dawson-chess"}, {"lasker"}, {"grundy"}} {
		code, out, errs := runCLI(t, "", append([]string{"table", "--to", "40"}, args...)...)
		if code != 0 || !strings.Contains(out, "| g(36..40) |") || strings.Count(out, "\n- g(") != 41 {
			t.Errorf("%v: exit %d %s", args, code, errs)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"table", "staircase"}, "staircase has no table: its value is the nim-sum of the coins on its odd stairs"},
		{[]string{"table", "wythoff", "--to", "1001"}, "from 0 to 1,000"},
		{[]string{"table", "euclid", "--to", "1001"}, "--to 1,001 is out of range"},
		{[]string{"table", "grundy", "--to", "40000"}, "computed up to heap 32,767"},
		{[]string{"table", "nim", "--to", "1000001"}, "from 0 to 1,000,000"},
		{[]string{"table", "nim", "--to", "-3"}, `"-3" is negative`},
		{[]string{"table", "nim", "--html", "--json"}, "do not go together"},
		{[]string{"table", "nim", "7"}, "takes no position"},
		{[]string{"table", "nim", "+", "kayles"}, "a table is of one game's heaps"},
	} {
		code, _, errs := runCLI(t, "", append(c.args, "--lang", "en")...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}
