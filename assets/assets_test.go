package assets

import (
	"regexp"
	"slices"
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
	touching := regexp.MustCompile(`\p{Han}[,:;()?!]|[,:;()?!]\p{Han}|[。；：，] \p{Han}`)
	zh := Messages("zh")
	for _, key := range zh.Keys() {
		if fullWidthPending(key) {
			continue
		}
		if m := touching.FindString(zh.msgs[key]); m != "" {
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

// fullWidthPending are the catalogues still being converted elsewhere.
func fullWidthPending(key string) bool {
	return regexp.MustCompile(`^(err|what|cli|demo)\.`).MatchString(key)
}
