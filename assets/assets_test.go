package assets

import (
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every message exists in every language, and each translation shows the
// same values (the same %[n] arguments, with the same verbs).
func TestCataloguesAgree(t *testing.T) {
	en := Messages("en")
	verbs := regexp.MustCompile(`%\[(\d+)\]([a-z])`)
	used := func(f string) []string {
		var out []string
		for _, m := range verbs.FindAllStringSubmatch(f, -1) {
			out = append(out, m[1]+m[2])
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	for _, lang := range Langs {
		c := Messages(lang)
		for _, key := range en.Keys() {
			if !c.Has(key) {
				t.Errorf("%s: missing %s", lang, key)
				continue
			}
			if a, b := used(en.msgs[key]), used(c.msgs[key]); !slices.Equal(a, b) {
				t.Errorf("%s: %s shows %v, English %v", lang, key, b, a)
			}
		}
		for _, key := range c.Keys() {
			if !en.Has(key) {
				t.Errorf("%s: %s is not in English", lang, key)
			}
		}
	}
}

// Formats use explicit argument indexes, so a translation can reorder.
func TestFormatsIndexArguments(t *testing.T) {
	plain := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	for _, lang := range Langs {
		c := Messages(lang)
		for _, key := range c.Keys() {
			if m := plain.FindString(c.msgs[key]); m != "" {
				t.Errorf("%s: %s uses %s: write %%[n]… instead", lang, key, m)
			}
		}
	}
}

func TestPresetsLoad(t *testing.T) {
	if len(Presets()) == 0 {
		t.Fatal("no presets")
	}
	if _, ok := FindPreset("p1247-win"); !ok {
		t.Error("p1247-win is missing")
	}
}

// Chinese text uses full-width punctuation: no ASCII comma, colon,
// semicolon or bracket touches a Chinese character, and no space stands
// between a Chinese sentence's full stop and the next one. (Formulas and
// pairs such as (0, 1) keep ASCII.)
func TestChinesePunctuation(t *testing.T) {
	// ASCII punctuation touching Chinese, a space after a Chinese full
	// stop, an ASCII colon between two words ("Anti-Nim:3"; the address
	// ":2222" stands after a space), an ASCII bracket opening a source
	// after a word ("again(HDU 1848)").
	touching := regexp.MustCompile(`\p{Han}[,:;()?!]|[,:;()?!]\p{Han}|[。；：，] \p{Han}|\S:\S|[a-z]\([A-Z]{2}`)
	address := regexp.MustCompile(`\d+\.\d+\.\d+\.\d+:\d+`) // 127.0.0.1:2222 is not prose
	alignment := regexp.MustCompile(`(?m)^\|[-:|]+\|$`)     // nor a Markdown table's |---:|---|
	zh := Messages("zh")
	for _, key := range zh.Keys() {
		if m := touching.FindString(alignment.ReplaceAllString(address.ReplaceAllString(zh.msgs[key], ""), "")); m != "" {
			t.Errorf("zh: %s has %q: use full-width punctuation", key, m)
		}
	}
	for _, p := range Presets() {
		for _, s := range []string{p.Title["zh"], p.Context["zh"]} {
			if m := touching.FindString(s); m != "" {
				t.Errorf("preset %s: %q has %q", p.Name, s, m)
			}
		}
	}
}

// Every Chinese message says what its English twin says in the games'
// terms: a glossary term in one is its glossary twin in the other, and the
// same numbers appear in both (the %[n] arguments aside).
func TestTranslationsKeepTermsAndNumbers(t *testing.T) {
	en, zh := Messages("en"), Messages("zh")
	terms := Glossary()
	var allEn, allZh []string
	for _, term := range terms {
		allEn = append(allEn, forms(term.English, true)...)
		allZh = append(allZh, forms(term.Chinese, false)...)
	}
	verb := regexp.MustCompile(`%(\.\d+)?\[\d+\][a-z]`)
	number := regexp.MustCompile(`\d+`)
	// 甲 and 乙 are players 1 and 2.
	words := strings.NewReplacer("甲", "1", "乙", "2")
	numbers := func(s string) []string {
		ns := number.FindAllString(words.Replace(" "+verb.ReplaceAllString(s, "")+" "), -1)
		slices.Sort(ns)
		return ns
	}
	for _, key := range en.Keys() {
		e, z := en.msgs[key], zh.msgs[key]
		if a, b := numbers(e), numbers(z); !slices.Equal(a, b) {
			t.Errorf("%s: numbers %v in Chinese, %v in English:\n  %s\n  %s", key, b, a, z, e)
		}
		for _, term := range terms {
			if term.English == "" {
				continue
			}
			inEn := uses(e, forms(term.English, true), allEn, true)
			inZh := uses(z, forms(term.Chinese, false), allZh, false)
			if inEn != inZh {
				t.Errorf("%s: %q in English %t, %q in Chinese %t:\n  %s\n  %s", key, term.English, inEn, term.Chinese, inZh, e, z)
			}
		}
	}
}

// uses reports whether text uses one of forms: an English form as a
// whole word (or with a plural s), a Chinese one as written.
// A form inside a longer term of the glossary (异或 in 异或和) does not
// count.
func uses(text string, forms []string, all []string, en bool) bool {
	for _, long := range all { // masked first
		for _, f := range forms {
			if len(long) > len(f) && strings.Contains(long, f) && !slices.Contains(forms, long) {
				text = strings.ReplaceAll(text, long, strings.Repeat("\x00", len(long)))
			}
		}
	}
	for _, f := range forms {
		for from := 0; ; {
			i := strings.Index(text[from:], f)
			if i < 0 {
				break
			}
			i += from
			end := i + len(f)
			if end < len(text) && text[end] == 's' {
				end++
			}
			if !en || !wordByte(text, i-1) && !wordByte(text, end) {
				return true
			}
			from = i + len(f)
		}
	}
	return false
}

// wordByte reports whether s[i] is a letter, digit or hyphen: an English
// term ends only where a word does.
func wordByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// forms are a glossary column's forms. English ones are matched as
// written (Wythoff the name, not wythoff the command) or capitalised.
func forms(column string, en bool) []string {
	if column == "" {
		return nil
	}
	out := strings.Split(column, "|")
	if en { // and capitalised, to start a sentence
		for _, f := range out {
			if up := strings.ToUpper(f[:1]) + f[1:]; up != f {
				out = append(out, up)
			}
		}
	}
	return out
}

// Every glossary term the screen shows has its definition in both
// languages.
func TestGlossaryDefinitions(t *testing.T) {
	shown := 0
	for _, term := range Glossary() {
		if term.Key == "" {
			continue
		}
		shown++
		for _, lang := range []string{"en", "zh"} {
			if !Messages(lang).Has(term.Key) {
				t.Errorf("%s: %q has no definition %s", lang, term.English, term.Key)
			}
		}
	}
	if shown < 15 {
		t.Errorf("the glossary screen shows %d terms", shown)
	}
}

// What a reader sees names its sources as a reader can find them (the
// usual write-up of HDU 1848, the HDU forum's note on Nim), never by the
// numbers the project's reference documents were filed under ("seed
// 001", "种子 003", "the seed's S0").
func TestNoInternalSourceNames(t *testing.T) {
	t.Parallel()
	internal := regexp.MustCompile(`(?i)\bseeds? ?0\d\d|\bthe seed'?s\b|\bthe seed (examples|sums|says)\b|\bseed documents?\b|种子 ?0\d\d|种子(的|文档|这样|中)`)
	var read []string
	for _, dir := range []struct {
		fsys fs.FS
		glob string
	}{{files, "messages/*.txt"}, {files, "*.json"}, {learnFiles, "learn/*"}, {learnFiles, "lessons/*"}} {
		names, err := fs.Glob(dir.fsys, dir.glob)
		if err != nil || len(names) == 0 {
			t.Fatalf("%s: %v", dir.glob, err)
		}
		for _, name := range names {
			data, err := fs.ReadFile(dir.fsys, name)
			if err != nil {
				t.Fatal(err)
			}
			read = append(read, name)
			for i, line := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(line, "#") { // a comment for the project, not shown
					continue
				}
				if m := internal.FindString(line); m != "" {
					t.Errorf("%s:%d: %q names an internal document", name, i+1, m)
				}
			}
		}
	}
	if len(read) < 50 {
		t.Errorf("only %d files read", len(read))
	}
}

// A newcomer's trial, two players at one keyboard: "✗ 玩家 1这一步（从第 1
// 堆取走 1 根）…". A Chinese message puts a space between a Han character
// and the number or Latin word an argument brings, on either side, as it
// does where the number is written in the message ("第 1 堆").
func TestChineseSpacesArguments(t *testing.T) {
	t.Parallel()
	zh := Messages("zh")
	if got := zh.T("ui.slip.player", "r", "b", "p", "玩家 1", "玩家 2"); !strings.Contains(got, "玩家 1 这一步") {
		t.Errorf("ui.slip.player: %s", got)
	}
	verb := regexp.MustCompile(`%(?:\[(\d+)\])?([sd])`)
	joint := regexp.MustCompile(`[0-9A-Za-z]\p{Han}|\p{Han}[0-9A-Za-z]`)
	for _, key := range zh.Keys() {
		f := zh.msgs[key]
		var args []any
		next := 0
		for _, v := range verb.FindAllStringSubmatch(f, -1) {
			at := next
			if v[1] != "" {
				at, _ = strconv.Atoi(v[1])
				at--
			}
			next = at + 1
			for len(args) <= at {
				args = append(args, nil)
			}
			args[at] = map[string]any{"s": "P 7", "d": 7}[v[2]]
		}
		if len(args) == 0 || slices.Contains(args, nil) {
			continue
		}
		if got, in := len(joint.FindAllString(zh.T(key, args...), -1)), len(joint.FindAllString(verb.ReplaceAllString(f, "#"), -1)); got > in {
			t.Errorf("%s: %s", key, zh.T(key, args...))
		}
	}
}
