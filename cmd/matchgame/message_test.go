package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/rivo/uniseg"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Issue 18, rough edge 13: a message too long for one line shortens the
// values in it first, at a word, and keeps its own words and the bound
// whole ("…no period can be f…" before); --max-input past the largest
// size names the largest.
func TestLongMessagesKeepTheBound(t *testing.T) {
	t.Parallel()
	var set []string
	for i := range 60 {
		set = append(set, strconv.FormatInt(int64(300000000+i), 10))
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"analyze", "subtraction", "--set", strings.Join(set, ","), "999999999999", "--lang", "en"},
			[]string{"heap 999,999,999,999 is too large", "300,000,059", "no period can be found"}},
		{[]string{"analyze", "subtraction", "--set", strings.Join(set, ","), "999999999999", "--lang", "zh"},
			[]string{"999,999,999,999", "300,000,059", "因此找不到周期"}},
		{[]string{"analyze", "nim", "--max-input", "9223372036854775806", "--lang", "en"},
			[]string{"9223372036854775806", "4,611,686,018,427,387,904"}},
		{[]string{"analyze", "nim", "--max-input", "9223372036854775806", "--lang", "zh"},
			[]string{"4,611,686,018,427,387,904"}},
		{[]string{"analyze", "nim", "3", "--" + strings.Repeat("word ", 60), "--lang", "en"},
			[]string{"unknown flag", "word…"}},
	} {
		code, _, errs := runCLI(t, "", c.args...)
		line := strings.TrimSuffix(errs, "\n")
		if code != 2 || strings.Contains(line, "\n") || uniseg.StringWidth(line) > 200 {
			t.Errorf("%.60q: exit %d, %d columns: %q", c.args, code, uniseg.StringWidth(line), line)
		}
		for _, w := range c.want {
			if !strings.Contains(line, w) {
				t.Errorf("%.60q: %q lacks %q", c.args, line, w)
			}
		}
	}
}

// Issue 18, rough edge 9: presets says each preset's game, in words and
// as the command line spells it (hdu3032-alice is Lasker's Nim).
func TestPresetsSayTheGame(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		cat := assets.Messages(lang)
		code, out, _ := runCLI(t, "", "presets", "--lang", lang)
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		for i, p := range assets.Presets() {
			g, conv, err := variants.Lookup(variants.Config{Name: p.Game, Misere: p.Misere, Params: p.Params})
			if err != nil {
				t.Fatal(err)
			}
			want := engine.Title(g).Render(cat)
			if conv == engine.Misere {
				want += " · " + cat.T("presets.misere")
			}
			if i >= len(lines) || !strings.HasPrefix(lines[i], p.Name+" ") || !strings.Contains(lines[i], want) || !strings.Contains(lines[i], p.Title[lang]) {
				t.Errorf("%s: preset %s: %q lacks %q", lang, p.Name, lines[min(i, len(lines)-1)], want)
			}
		}
	}
}
