package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"matchgame/assets"
	"matchgame/internal/engine"
	"matchgame/internal/tui/desk"
	"matchgame/internal/tui/text"
)

// The game tree explored in the terminal (matchgame tree on a terminal):
// the positions as an outline, each line a move and the position it
// leads to with its outcome and value, ★ on the winning moves. A line
// opens to show its position's options and closes again; a position met
// along two lines of play opens in each.

// treeView is the tree screen.
type treeView struct {
	env
	dag    *engine.GameDAG
	conv   engine.Convention
	open   map[string]bool // the lines opened, by their path of move indexes
	rows   []treeRow       // the lines shown, top to bottom
	at     int             // the line selected
	keys   treeKeys
	help   bool // the keys in place of the tree, until ? or esc
	width  int
	height int
}

// treeRow is one line: the node it shows, the move into it (none for the
// root), its depth and its path.
type treeRow struct {
	node  int
	from  int // the node the move is made from
	edge  *engine.TreeEdge
	depth int
	path  string
	// back: the move comes back to a position on the line above (a game
	// whose play can circle); the line names it and does not open.
	back bool
}

type treeKeys struct {
	Up, Down, Open, Close, Toggle, All, Page, Help, Quit key.Binding
}

func newTreeKeys(cat *assets.Catalog) treeKeys {
	b := func(h, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(h, cat.T(desc)))
	}
	return treeKeys{
		Up:     b("↑/↓", "ui.tree.key.move", "up", "k"),
		Down:   b("↓", "ui.tree.key.move", "down", "j"),
		Open:   b("→", "ui.tree.key.open", "right", "l"),
		Close:  b("←", "ui.tree.key.close", "left", "h"),
		Toggle: b("enter", "ui.tree.key.toggle", "enter", " "),
		All:    b("a", "ui.tree.key.all", "a"),
		Page:   b("pgup/pgdn", "ui.tree.key.page", "pgup", "pgdown", "home", "end"),
		Help:   b("?", "ui.key.help", "?"),
		Quit:   b("q", "ui.key.quit", "q", "esc"),
	}
}

func (k treeKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Open, k.Close, k.Toggle, k.All, k.Page, k.Help, k.Quit}
}

// FullHelp is what ? shows: home and end with the pages.
func (k treeKeys) FullHelp() [][]key.Binding {
	page := k.Page
	page.SetHelp("pgup/pgdn/home/end", page.Help().Desc)
	return [][]key.Binding{{k.Up, k.Open, k.Close, k.Toggle}, {k.All, page, k.Help, k.Quit}}
}

func newTreeView(dag *engine.GameDAG, conv engine.Convention, opts Options, cat *assets.Catalog, st *Styles) treeView {
	t := treeView{env: env{opts: opts, cat: cat, st: st}, dag: dag, conv: conv, open: map[string]bool{"": true},
		keys: newTreeKeys(cat)}
	t.layout()
	return t
}

// layout lists the lines shown: the root, and under each open line its
// options.
func (t *treeView) layout() {
	t.rows = t.rows[:0]
	above := map[int]bool{}
	var walk func(node, from, depth int, edge *engine.TreeEdge, path string)
	walk = func(node, from, depth int, edge *engine.TreeEdge, path string) {
		back := above[node]
		t.rows = append(t.rows, treeRow{node: node, from: from, edge: edge, depth: depth, path: path, back: back})
		if back || !t.open[path] {
			return
		}
		above[node] = true
		defer delete(above, node)
		for i := range t.dag.Nodes[node].Edges {
			e := &t.dag.Nodes[node].Edges[i]
			walk(e.To, node, depth+1, e, path+"."+strconv.Itoa(i))
		}
	}
	walk(0, 0, 0, nil, "")
	t.at = min(t.at, len(t.rows)-1)
}

// parent is the line above row i one level up, i itself for the root.
func (t treeView) parent(i int) int {
	for j := i - 1; j >= 0; j-- {
		if t.rows[j].depth < t.rows[i].depth {
			return j
		}
	}
	return i
}

func (t treeView) update(msg tea.Msg) (treeView, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		t.width, t.height = msg.Width, msg.Height
	case tea.KeyMsg:
		return t.key(msg)
	}
	return t, nil
}

func (t treeView) key(msg tea.KeyMsg) (treeView, tea.Cmd) {
	k := t.keys
	switch {
	case key.Matches(msg, k.Help):
		t.help = !t.help
	case t.help && msg.String() == "esc":
		t.help = false
	case t.help && msg.String() != "q": // nothing acts behind the help
	case key.Matches(msg, k.Quit):
		return t, tea.Quit
	case key.Matches(msg, k.Up):
		t.at = max(0, t.at-1)
	case key.Matches(msg, k.Down):
		t.at = min(len(t.rows)-1, t.at+1)
	case key.Matches(msg, k.Page):
		t.page(msg.String())
	default:
		t.fold(msg)
	}
	t.layout()
	return t, nil
}

// fold opens and closes lines: → opens (or goes to the first option of
// an open line), ← closes (or goes up a level), enter toggles, a opens
// all below.
func (t *treeView) fold(msg tea.KeyMsg) {
	row := t.rows[t.at]
	leaf := t.leaf(row)
	k := t.keys
	switch {
	case key.Matches(msg, k.Open) && !leaf && t.open[row.path]:
		t.at++
	case key.Matches(msg, k.Open) && !leaf:
		t.open[row.path] = true
	case key.Matches(msg, k.Close) && t.open[row.path] && row.path != "":
		delete(t.open, row.path)
	case key.Matches(msg, k.Close):
		t.at = t.parent(t.at)
	case key.Matches(msg, k.Toggle) && !leaf:
		t.open[row.path] = !t.open[row.path]
	case key.Matches(msg, k.All) && !leaf:
		t.openAll(row.node, row.path, 0, map[int]bool{})
	}
}

// leaf reports a line that does not open: its position has no move, or
// the move came back to a position above.
func (t treeView) leaf(r treeRow) bool { return len(t.dag.Nodes[r.node].Edges) == 0 || r.back }

// openAll opens the line at path and every line under it, up to about
// 500 lines in all, nearest first; a move back to a position above stays
// closed (above: the positions on the line, the game can circle).
func (t *treeView) openAll(node int, path string, depth int, above map[int]bool) {
	t.open[path] = true
	above[node] = true
	defer delete(above, node)
	for i, e := range t.dag.Nodes[node].Edges {
		if len(t.open) > 500 || depth > 12 {
			return
		}
		if len(t.dag.Nodes[e.To].Edges) > 0 && !above[e.To] {
			t.openAll(e.To, path+"."+strconv.Itoa(i), depth+1, above)
		}
	}
}

func (t *treeView) page(which string) {
	n := max(1, t.listHeight()-1)
	switch which {
	case "pgup":
		t.at = max(0, t.at-n)
	case "pgdown":
		t.at = min(len(t.rows)-1, t.at+n)
	case "home":
		t.at = 0
	default:
		t.at = len(t.rows) - 1
	}
}

// header is the lines over the outline: what the tree is and its legend.
func (t treeView) header() []string {
	d, cat := t.dag, t.cat
	title := cat.T("ui.tree.header", engine.Title(d.Game).Render(cat), engine.BriefOf(d.Game, d.Nodes[0].Pos),
		cat.T("convention."+t.conv.String()), len(d.Nodes), d.Moves)
	lines := text.WrapStyled(title, t.width-2*margin, t.st.Bold)
	return append(lines, text.WrapStyled(cat.T(desk.TreeLegend(d, t.conv)), t.width-2*margin, t.st.Subtle)...)
}

// listHeight is how many lines of the outline fit.
func (t treeView) listHeight() int {
	return max(3, t.height-len(t.header())-1-len(t.footer()))
}

// footer is the tree's keys, on as many lines as the width needs.
func (t treeView) footer() []string {
	if t.help {
		return []string{t.st.Subtle.Render(t.cat.T("ui.help.close"))}
	}
	return t.st.shortLines(t.width, t.keys.ShortHelp())
}

// line draws row r.
func (t treeView) line(r treeRow, selected bool) string {
	d, cat := t.dag, t.cat
	n := d.Nodes[r.node]
	marker := "  "
	switch {
	case r.back: // play comes back to a position above
		marker = "↺ "
	case len(n.Edges) == 0:
		marker = "· "
	case t.open[r.path]:
		marker = "▾ "
	default:
		marker = "▸ "
	}
	label := d.NodeText(n, t.conv).Render(cat)
	if r.back {
		label = cat.T("tree.back.line", engine.TreeName(d.Game, n.Pos), n.Outcome(t.conv).String())
	}
	s := label
	if r.edge != nil { // the outcome and value first: a long move is what is cut
		win, to := "  ", engine.TreeName(d.Game, n.Pos)
		if n.Outcome(t.conv) == engine.P {
			win = t.st.Good.Render("★ ")
		}
		if r.back {
			to = label
		}
		s = win + cat.T("ui.tree.edge", t.verdict(r), engine.Describe(d.Game, d.Nodes[r.from].Pos, r.edge.Move).Render(cat), to)
	}
	s = strings.Repeat("  ", min(r.depth, 8)) + marker + s // deeper lines flush: the width is the line's
	s = text.Truncate(s, t.width-2*margin-2, "…")
	if selected {
		return t.st.Selected.Render("» " + s)
	}
	return "  " + s
}

// verdict is row r's outcome and value, "N · g = 7".
func (t treeView) verdict(r treeRow) string {
	n := t.dag.Nodes[r.node]
	out := n.Outcome(t.conv).String()
	if v := t.dag.ValueText(n, t.conv); !v.IsZero() && !r.back {
		return out + " · " + v.Render(t.cat)
	}
	return out
}

func (t treeView) view() string {
	if t.width == 0 {
		return ""
	}
	lines := t.header()
	if t.help {
		lines = append(lines, t.st.fullHelp(t.width, t.keys.FullHelp())...)
		return frame(append(fit(lines, t.height-1), t.footer()...), t.width, t.height)
	}
	h := t.listHeight()
	top := min(max(0, t.at-h/2), max(0, len(t.rows)-h))
	for i := top; i < min(len(t.rows), top+h); i++ {
		lines = append(lines, t.line(t.rows[i], i == t.at))
	}
	foot := t.footer()
	for len(lines) < t.height-len(foot) {
		lines = append(lines, "")
	}
	return frame(append(lines, foot...), t.width, t.height)
}
