package learn

import (
	"io"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
)

// Printout is a page as the learn command prints it: Markdown, or HTML
// when asked or when -o names an .html file, to standard output or to
// that file, written whole.
type Printout struct {
	Topic    string // a page's ID, or "list"
	Lang     string
	HTML     bool
	Markdown bool // asked for: an .html file gets Markdown too
	desk.Output
}

// Topic is the page the command line names (args past the flags), "list"
// for none.
func Topic(args []string) (string, error) {
	if len(args) == 0 {
		return "list", nil
	}
	p, ok := Find(args[0])
	if !ok {
		return "", engine.Refuse("err.learn.topic", args[0], strings.Join(IDs(), ", "))
	}
	return p.ID, nil
}

// Write prints the page, or writes it to p.File (checked before the page
// is drawn: an existing file is kept unless p.Force).
func (p Printout) Write(stdout io.Writer) error {
	if p.File != "" {
		if err := desk.CheckOutput(p.File, p.Force); err != nil {
			return err
		}
	}
	doc, err := Render(p.Topic, p.Lang, 0)
	if err != nil {
		return err
	}
	page := []byte(Markdown(doc))
	if p.HTML || strings.HasSuffix(strings.ToLower(p.File), ".html") && !p.Markdown {
		page = HTML(doc)
	}
	return p.Output.Put(stdout, page, "err.learn.write", assets.Messages(p.Lang).T("learn.written", p.File))
}
