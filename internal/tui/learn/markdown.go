package learn

import (
	"regexp"
	"strconv"
	"strings"

	"matchgame/assets"
	"matchgame/internal/tui/text"
)

// Markdown is a page as a handout: prose as paragraphs, the engine's
// boards and tables in fenced blocks at most 80 columns wide, and the
// answers to the exercises at the end, for the teacher to keep or cut.
func Markdown(d Doc) string {
	cat := assets.Messages(d.Lang)
	var b strings.Builder
	b.WriteString("# " + escapeMD(d.Title) + "\n")
	var answers []Exercises
	for _, bl := range d.Blocks {
		b.WriteString("\n")
		switch bl := bl.(type) {
		case Worked:
			mdWorked(&b, bl, cat)
		case Values:
			fence(&b, plainPage(cat, 78).values(bl)[1:])
		case Exercises:
			b.WriteString("*" + escapeMD(bl.Rule) + "*\n\n")
			for i, ex := range bl.Items {
				b.WriteString(strconv.Itoa(i+1) + ". " + escapeMD(ex.Prompt) + "\n")
			}
			answers = append(answers, bl)
		case Problems:
			mdProblems(&b, bl, cat)
		case Failed:
			b.WriteString("**⚠ " + escapeMD(bl.Source) + "**: " + escapeMD(bl.Why) + "\n")
		default:
			mdProse(&b, bl)
		}
	}
	for _, ex := range answers {
		mdAnswers(&b, ex, cat)
	}
	return b.String()
}

// mdProse writes a block of the page's own text.
func mdProse(b *strings.Builder, bl Block) {
	switch bl := bl.(type) {
	case Heading:
		b.WriteString(strings.Repeat("#", bl.Level) + " " + mdSpans(bl.Text) + "\n")
	case Para:
		b.WriteString(mdSpans(bl.Text) + "\n")
	case List:
		for i, item := range bl.Items {
			mark := "- "
			if bl.Ordered {
				mark = strconv.Itoa(i+1) + ". "
			}
			b.WriteString(mark + mdSpans(item) + "\n")
		}
	case Statement:
		for i, p := range bl.Paras {
			if i > 0 {
				b.WriteString(">\n")
			}
			b.WriteString("> " + mdSpans(p) + "\n")
		}
	case Pre:
		fence(b, bl.Lines)
	case Grid:
		mdGrid(b, bl)
	}
}

// mdAnswers writes the answers to the exercises, with the working.
func mdAnswers(b *strings.Builder, ex Exercises, cat *assets.Catalog) {
	b.WriteString("\n## " + cat.T("learn.answers.print") + "\n")
	for i, e := range ex.Items {
		b.WriteString("\n" + strconv.Itoa(i+1) + ". " + escapeMD(e.Answer) + "\n")
		if len(e.Working) > 0 {
			b.WriteString("\n")
			fence(b, indentLines(wrapAll(e.Working, 76), "   "))
		}
	}
}

// mdWorked is a worked position: its title, then the board, the verdict
// and the explanation in one fenced block, then how to try it.
func mdWorked(b *strings.Builder, w Worked, cat *assets.Catalog) {
	b.WriteString("**" + escapeMD(workedTitle(w, cat)) + "**\n\n")
	lines := plainWorked(w, cat, 78)
	fence(b, lines)
	if w.Example {
		b.WriteString("\n" + cat.T("learn.try.commands", "`matchgame "+tryCommand(w)+" "+w.Setup.Command()+"`",
			"`matchgame demo "+w.Setup.Command()+"`") + "\n")
	}
}

// plainWorked is a worked position drawn without colour, w columns wide:
// the board, the verdict, the explanation.
func plainWorked(w Worked, cat *assets.Catalog, width int) []string {
	return plainPage(cat, width).workedBody(Worked{Setup: w.Setup, Analysis: w.Analysis, Every: w.Every})
}

// pictureText is what a worked position says under its picture: the
// verdict and the explanation, not the board again as text.
func pictureText(w Worked, cat *assets.Catalog, width int) []string {
	t := plainPage(cat, width)
	t.pictured = true
	return t.workedBody(Worked{Setup: w.Setup, Analysis: w.Analysis, Every: w.Every})
}

func mdProblems(b *strings.Builder, p Problems, cat *assets.Catalog) {
	if len(p.Items) == 0 {
		b.WriteString(escapeMD(cat.T("learn.problems.none")) + "\n")
		return
	}
	for _, pr := range p.Items {
		b.WriteString("- **" + escapeMD(pr.Problem.Name+" "+pr.Problem.Title) + "** — " + escapeMD(pr.How))
		if pr.Setup != "" {
			b.WriteString(" `matchgame analyze " + pr.Setup + "`: " + escapeMD(pr.Verdict))
		}
		b.WriteString("\n")
	}
}

func mdGrid(b *strings.Builder, g Grid) {
	row := func(cells []Spans) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + strings.ReplaceAll(mdSpans(c), "|", `\|`) + " |")
		}
		b.WriteString("\n")
	}
	row(g.Head)
	b.WriteString("|" + strings.Repeat("---|", len(g.Head)) + "\n")
	for _, r := range g.Rows {
		row(r)
	}
}

// fence writes lines as a fenced block of plain text.
func fence(b *strings.Builder, lines []string) {
	b.WriteString("```text\n")
	for _, l := range lines {
		b.WriteString(strings.TrimRight(l, " ") + "\n")
	}
	b.WriteString("```\n")
}

// mdSpans is running text in Markdown: terms in bold, commands as code.
func mdSpans(s Spans) string {
	var b strings.Builder
	for _, sp := range s {
		switch sp.Kind {
		case Term:
			b.WriteString("**" + escapeMD(sp.Text) + "**")
		case Emph:
			b.WriteString("*" + escapeMD(sp.Text) + "*")
		case Code:
			b.WriteString("`" + sp.Text + "`")
		default:
			b.WriteString(escapeMD(sp.Text))
		}
	}
	return b.String()
}

// escapeMD keeps text from being read as Markdown: a * or _ in a formula
// (Nim_k) is a character, not emphasis.
var (
	mdEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`)
	htmlStart = regexp.MustCompile(`<([A-Za-z/!?])`) // what would open an HTML tag; "a < b" stays as it is
)

func escapeMD(s string) string { return htmlStart.ReplaceAllString(mdEscaper.Replace(s), `\<$1`) }

// plainPage draws without colour, w columns wide.
func plainPage(cat *assets.Catalog, w int) termPage {
	return termPage{Layout: Layout{Width: w, Styles: PlainStyles()}, cat: cat, w: w}
}

// wrapAll wraps each line to w columns.
func wrapAll(lines []string, w int) []string {
	var out []string
	for _, l := range lines {
		out = append(out, text.Wrap(l, w)...)
	}
	return out
}

func indentLines(lines []string, pad string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = pad + l
	}
	return out
}
