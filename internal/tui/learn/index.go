package learn

import (
	"bufio"
	"encoding/json"
	"io"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/variants"
)

// Page is one page of the course as its index and its front matter say:
// its short id, the families it explains, the position it works, the
// game its exercises ask about, the judge problems it solves, and in
// each language its title and the names of the theorems it proves (the
// names the explanations use, so that each can be looked up here).
type Page struct {
	ID        string   `json:"id"`
	Games     []string `json:"games"`
	Example   string   `json:"example"`
	Exercises string   `json:"exercises"`
	Problems  []string `json:"problems"`

	Title map[string]string   `json:"-"`
	Names map[string][]string `json:"-"`
}

// Problem is a judge problem: its name ("HDU 1848") and title, a
// position of it the engine solves (a setup; "" for none), and how the
// page's theorem solves it, in each language.
type Problem struct {
	ID    string            `json:"id"`
	Name  string            `json:"name"`
	Title string            `json:"title"`
	Setup string            `json:"setup"`
	How   map[string]string `json:"how"`
}

type index struct {
	Pages    []Page    `json:"pages"`
	Problems []Problem `json:"problems"`
}

var (
	indexOnce sync.Once
	course    index
)

// load reads the index and each page's front matter. The files are
// embedded: a test reads every one, so a broken file fails there first.
func load() index {
	indexOnce.Do(func() {
		data, err := fs.ReadFile(assets.Learn(), "pages.json")
		if err == nil {
			err = json.Unmarshal(data, &course)
		}
		if err != nil {
			panic("learn: pages.json: " + err.Error())
		}
		for i := range course.Pages {
			p := &course.Pages[i]
			p.Title, p.Names = map[string]string{}, map[string][]string{}
			for _, lang := range assets.Langs {
				front, _, err := source(p.ID, lang)
				if err != nil {
					panic("learn: " + err.Error())
				}
				p.Title[lang] = front["title"]
				for _, n := range strings.Split(front["names"], ";") {
					if n = strings.TrimSpace(n); n != "" {
						p.Names[lang] = append(p.Names[lang], n)
					}
				}
			}
		}
	})
	return course
}

// Pages are the course's pages, in order.
func Pages() []Page { return load().Pages }

// AllProblems are the judge problems the pages cite.
func AllProblems() []Problem { return load().Problems }

// problem is the problem with id.
func problem(id string) (Problem, bool) {
	i := slices.IndexFunc(load().Problems, func(p Problem) bool { return p.ID == id })
	if i < 0 {
		return Problem{}, false
	}
	return load().Problems[i], true
}

// Find is the page a topic names: its id, or a family it explains
// ("kayles" is the page of take-and-break games), in any case.
func Find(topic string) (Page, bool) {
	topic = strings.ToLower(strings.TrimSpace(topic))
	pages := Pages()
	for _, p := range pages {
		if p.ID == topic {
			return p, true
		}
	}
	if spec, _, ok := variants.Find(topic); ok {
		topic = spec.Name
	}
	for _, p := range pages {
		if slices.Contains(p.Games, topic) {
			return p, true
		}
	}
	return Page{}, false
}

// IDs are the pages' ids, in order.
func IDs() []string {
	var ids []string
	for _, p := range Pages() {
		ids = append(ids, p.ID)
	}
	return ids
}

// PageOf is the page that explains the family game plays, "" for none:
// the glossary and the game screen point there.
func PageOf(g engine.Game) string {
	name := g.Name()
	if _, ok := g.(*engine.Sum); ok {
		name = "sum"
	}
	if p, ok := Find(name); ok {
		return p.ID
	}
	return ""
}

// source is the front matter and the body of page id in lang.
func source(id, lang string) (map[string]string, string, error) {
	data, err := fs.ReadFile(assets.Learn(), id+"."+lang+".md")
	if err != nil {
		return nil, "", err
	}
	front := map[string]string{}
	body := string(data)
	rest, ok := strings.CutPrefix(body, "---\n")
	if !ok {
		return front, body, nil
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		return front, rest, nil
	}
	sc := bufio.NewScanner(strings.NewReader(head))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok {
			front[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return front, body, nil
}

// WriteList writes the pages, one a line: id and title.
func WriteList(w io.Writer, lang string) error {
	var b strings.Builder
	width := 0
	for _, p := range Pages() {
		width = max(width, len(p.ID))
	}
	for _, p := range Pages() {
		b.WriteString(p.ID + strings.Repeat(" ", width-len(p.ID)+2) + p.Title[lang] + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the pages for programs: {"pages": [{"id", "title",
// "games"}]}.
func WriteJSON(w io.Writer, lang string) error {
	type page struct {
		ID    string   `json:"id"`
		Title string   `json:"title"`
		Games []string `json:"games"`
	}
	pages := []page{}
	for _, p := range Pages() {
		pages = append(pages, page{ID: p.ID, Title: p.Title[lang], Games: slices.Clone(p.Games)})
	}
	data, err := json.MarshalIndent(map[string]any{"pages": pages}, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
