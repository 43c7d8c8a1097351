// Package assets holds what matchgame embeds: the message catalogues (en,
// zh) and the presets. It is pure data with a small lookup on top.
package assets

import (
	"bufio"
	"cmp"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed messages/*.txt presets.json sums.json glossary.tsv web
var files embed.FS

// Langs are the languages matchgame speaks, the default first.
var Langs = []string{"en", "zh"}

// Catalog is one language's messages: fmt formats keyed by name. Formats
// use explicit argument indexes (%[2]d) where a language reorders them.
type Catalog struct {
	Lang string
	msgs map[string]string
	// joints are the messages with an argument next to a Han character,
	// the only ones whose arguments may need spacing (joined).
	joints map[string]bool
}

var (
	loadOnce sync.Once
	catalogs map[string]*Catalog
)

// Messages returns the catalogue of lang ("en" or "zh"); anything else gets
// English.
func Messages(lang string) *Catalog {
	loadOnce.Do(load)
	if c, ok := catalogs[lang]; ok {
		return c
	}
	return catalogs["en"]
}

// LangFromEnv picks the language from this process's LC_ALL, LC_MESSAGES
// or LANG (LangOf); English when none is set.
func LangFromEnv() string { return cmp.Or(LangOf(os.Getenv), "en") }

// LangOf picks the language an environment asks for, as a terminal user
// expects: the first of LC_ALL, LC_MESSAGES and LANG that is set decides,
// "zh_CN.UTF-8" gives "zh" and anything else "en"; "" when none is set
// (an SSH client that sent none of them).
func LangOf(getenv func(name string) string) string {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "zh") {
				return "zh"
			}
			return "en"
		}
	}
	return ""
}

func load() {
	catalogs = map[string]*Catalog{}
	for _, lang := range Langs {
		catalogs[lang] = &Catalog{Lang: lang, msgs: map[string]string{}, joints: map[string]bool{}}
	}
	names, err := fs.Glob(files, "messages/*.txt")
	if err != nil {
		panic("assets: " + err.Error())
	}
	for _, name := range names {
		// messages/AREA.LANG.txt: each part of the program keeps its own file.
		parts := strings.Split(path.Base(name), ".")
		c, ok := catalogs[parts[len(parts)-2]]
		if len(parts) != 3 || !ok {
			panic("assets: " + name + " is not named AREA.LANG.txt")
		}
		data, _ := files.ReadFile(name)
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			key, val, ok := strings.Cut(line, "=")
			key = strings.TrimSpace(key)
			if !ok {
				panic("assets: " + name + ": no '=' in " + line)
			}
			if _, dup := c.msgs[key]; dup {
				panic("assets: " + name + ": " + key + " is defined twice")
			}
			c.msgs[key] = strings.ReplaceAll(strings.TrimSpace(val), `\n`, "\n") // \n writes a line break
			c.joints[key] = c.Lang == "zh" && hanJoint(c.msgs[key])
		}
	}
}

// T formats the message key with args. A missing key shows as "{key}" so
// that it is seen, and a test checks there are none. A message may leave
// arguments out (a singular says "one heap", not the count).
func (c *Catalog) T(key string, args ...any) string {
	f, ok := c.msgs[key]
	if !ok {
		return "{" + key + "}"
	}
	if len(args) == 0 || !strings.Contains(f, "%") {
		return f
	}
	if !c.joints[key] { // no argument meets a Han character: nothing to space
		return fmt.Sprintf(f, args...)
	}
	marked := make([]any, len(args))
	for i, a := range args {
		marked[i] = joined{a}
	}
	return spaceJoints(fmt.Sprintf(f, marked...))
}

// joined is an argument of a Chinese message, marked where it starts and
// ends: a number or a Latin word it brings is spaced from the Han
// characters around it ("玩家 1 这一步", not "玩家 1这一步"), as numbers
// written in the messages are.
type joined struct{ v any }

const argStart, argEnd = '\x02', '\x03'

func (j joined) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, string(argStart)+fmt.FormatString(f, verb)+string(argEnd), j.v)
}

// spaceJoints drops the marks of joined arguments, with a space where an
// argument's letter or digit meets a Han character.
func spaceJoints(s string) string {
	var b strings.Builder
	rs := []rune(s)
	var prev rune // the last rune written
	for i, r := range rs {
		if r != argStart && r != argEnd {
			b.WriteRune(r)
			prev = r
			continue
		}
		next := rune(0)
		for _, n := range rs[i+1:] {
			if n != argStart && n != argEnd {
				next = n
				break
			}
		}
		if r == argStart && unicode.Is(unicode.Han, prev) && latin(next) || r == argEnd && latin(prev) && unicode.Is(unicode.Han, next) {
			b.WriteByte(' ')
			prev = ' '
		}
	}
	return b.String()
}

// hanJoint reports whether a directive of format f (%d, %[2]q, %.1[3]f)
// stands next to a Han character or another directive, where an
// argument's letter or digit may meet a Han character.
func hanJoint(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(f[:i])
		j := i + 1
		for j < len(f) && strings.IndexByte("[]0123456789.+-# ", f[j]) >= 0 { // index, flags, width, precision
			j++
		}
		if j < len(f) && f[j] == '%' { // %% is a per cent sign
			i = j
			continue
		}
		after, _ := utf8.DecodeRuneInString(f[min(j+1, len(f)):])
		if unicode.Is(unicode.Han, before) || unicode.Is(unicode.Han, after) || after == '%' { // or next to another argument
			return true
		}
		i = j
	}
	return false
}

// latin reports whether r is an ASCII letter or digit.
func latin(r rune) bool {
	return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// Join joins items with the separator of key (cli.list.sep: ", ", "、"):
// ASCII punctuation takes a space after it, full-width punctuation none
// (a catalogue's value loses the space it might end with).
func (c *Catalog) Join(key string, items []string) string {
	sep := c.T(key)
	if sep != "" && sep[len(sep)-1] < utf8.RuneSelf {
		sep += " "
	}
	return strings.Join(items, sep)
}

// Has reports whether the catalogue has key.
func (c *Catalog) Has(key string) bool {
	_, ok := c.msgs[key]
	return ok
}

// Keys lists the catalogue's keys in order.
func (c *Catalog) Keys() []string {
	keys := make([]string, 0, len(c.msgs))
	for k := range c.msgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Preset is a named starting position from the seed documents, with a
// title and a line of context in each language.
type Preset struct {
	Name     string            `json:"name"`
	Game     string            `json:"game"`
	Misere   bool              `json:"misere"`
	Params   map[string]string `json:"params"` // --max, --set …
	Position []int64           `json:"position"`
	Title    map[string]string `json:"title"`
	Context  map[string]string `json:"context"`
	// Sum, for a sum of games (Game "sum"), is the sum as the command
	// line writes it.
	Sum string `json:"sum"`
}

// MenuPresets are the presets, then the sums, as the menu offers them.
func MenuPresets() []Preset {
	presets := Presets()
	for _, s := range SumPresets() {
		presets = append(presets, Preset{Name: s.Name, Game: "sum", Sum: s.Sum, Title: s.Title, Context: s.Context})
	}
	return presets
}

// Presets lists the presets in menu order.
func Presets() []Preset {
	data, _ := files.ReadFile("presets.json")
	var presets []Preset
	if err := json.Unmarshal(data, &presets); err != nil {
		panic("assets: presets.json: " + err.Error()) // embedded: a test reads it
	}
	return presets
}

// FindPreset returns the preset called name.
func FindPreset(name string) (Preset, bool) {
	for _, p := range Presets() {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// SumPreset is a classic position that is a sum of games (SPEC §9),
// written as on the command line: "nim 3 5 + kayles 7".
type SumPreset struct {
	Name    string            `json:"name"`
	Sum     string            `json:"sum"`
	Title   map[string]string `json:"title"`
	Context map[string]string `json:"context"`
}

// SumPresets lists the sums of sums.json: the command line takes them;
// the terminal game's menu does not offer them yet.
func SumPresets() []SumPreset {
	data, _ := files.ReadFile("sums.json")
	var presets []SumPreset
	if err := json.Unmarshal(data, &presets); err != nil {
		panic("assets: sums.json: " + err.Error()) // embedded: a test reads it
	}
	return presets
}

// FindSumPreset returns the sum preset called name.
func FindSumPreset(name string) (SumPreset, bool) {
	for _, p := range SumPresets() {
		if p.Name == name {
			return p, true
		}
	}
	return SumPreset{}, false
}

// Term is one entry of the glossary: a term of the games in English and
// Chinese, with the seed document the Chinese comes from.
type Term struct {
	English, Chinese, Seed, Note string
	// Key is the catalogue key of the term's one-sentence definition,
	// which the glossary screen (g) shows; "" for a term it does not.
	Key string
	// Page is the learn page that explains the term; "" for none.
	Page string
}

// Glossary lists the terms of glossary.tsv.
func Glossary() []Term {
	data, _ := files.ReadFile("glossary.tsv")
	var out []Term
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") || i > 0 && strings.HasPrefix(line, "english\t") {
			continue
		}
		f := strings.Split(line, "\t")
		for len(f) < 6 {
			f = append(f, "")
		}
		out = append(out, Term{English: f[0], Chinese: f[1], Seed: f[2], Note: f[3], Key: f[4], Page: f[5]})
	}
	return out
}

// NoBreak are the terms a line break must not split: the Chinese terms,
// and the English ones with a hyphen (nim-sum, N-position).
func NoBreak() []string {
	var out []string
	for _, t := range Glossary() {
		for _, f := range strings.Split(t.Chinese, "|") {
			if len([]rune(f)) > 1 {
				out = append(out, f)
			}
		}
		for _, f := range strings.Split(t.English, "|") {
			if strings.Contains(f, "-") {
				out = append(out, f)
			}
		}
	}
	return out
}

// Web is the page of serve --web and its terminal (xterm.js, pinned in
// web/VERSIONS with its license beside it).
func Web() fs.FS {
	sub, err := fs.Sub(files, "web")
	if err != nil {
		panic("assets: web: " + err.Error()) // embedded: cannot fail
	}
	return sub
}
