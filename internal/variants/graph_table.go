package variants

import (
	"slices"
	"strings"

	"matchgame/internal/engine"
)

// VertexRow is one vertex of a graph game's table: its successors, its
// value (Smith's γ on a graph with a cycle: a number or ∞(K)), what a
// token alone there is, and how the value is found.
type VertexRow struct {
	Vertex     int64
	Successors []int64
	Gamma      string // "2", or "∞(0, 2)"
	Value      uint64 // γ when it is a number
	Infinite   bool
	K          []uint64 // an ∞ vertex's K: the numbers among its successors
	Alone      engine.Outcome
	Why        engine.Text
}

// VertexTable is the values of a graph game's vertices, ascending.
type VertexTable struct {
	Vertices []int64
	Loopy    bool
	Notes    []engine.Text
	row      func(v int64) VertexRow
}

// Row is vertex v's row.
func (t VertexTable) Row(v int64) VertexRow { return t.row(v) }

// VertexTabler is a game on a graph with a table of its vertices.
type VertexTabler interface {
	engine.Game
	// VertexTable readies the rows of the vertices numbered up to to.
	VertexTable(to int64) (VertexTable, error)
}

// VertexTable is γ of every vertex up to to, as the graph's solution
// computed it: on a DAG the mex of the successors' values from the sinks
// up; on a graph with a cycle the rounds of the generalised function.
func (g Graph) VertexTable(to int64) (VertexTable, error) {
	if to < 0 {
		return VertexTable{}, engine.Refuse("err.table.to", to, int64(MaxTableTo))
	}
	var vs []int64
	for v := range g.succ {
		if v <= to {
			vs = append(vs, v)
		}
	}
	slices.Sort(vs)
	if len(vs) > MaxTableTo {
		return VertexTable{}, engine.Refuse("err.table.vertices", len(vs), MaxTableTo)
	}
	t := VertexTable{Vertices: vs, Loopy: g.loopy, Notes: []engine.Text{engine.T("table.graph.dag")}}
	if g.loopy {
		t.Notes = []engine.Text{engine.T("table.graph.loopy")}
	}
	t.row = g.vertexRow
	return t, nil
}

// vertexRow is v's row.
func (g Graph) vertexRow(v int64) VertexRow {
	r := VertexRow{Vertex: v, Successors: g.succ[v], Gamma: g.gamma(v), Value: g.value[v], Infinite: g.inf[v]}
	opts := make([]string, 0, min(len(r.Successors), tableOptions))
	for i, w := range r.Successors {
		if i == tableOptions {
			opts = append(opts, "…")
			break
		}
		opts = append(opts, "γ("+itoa(w)+")="+g.gamma(w))
	}
	listed := strings.Join(opts, ", ")
	switch {
	case r.Infinite:
		for _, w := range r.Successors {
			if !g.inf[w] && !slices.Contains(r.K, g.value[w]) {
				r.K = append(r.K, g.value[w])
			}
		}
		slices.Sort(r.K)
		r.Why = engine.T("table.graph.inf", v, listed, r.Gamma)
	case len(r.Successors) == 0:
		r.Why = engine.T("table.graph.sink", v)
	case g.loopy:
		r.Why = engine.T("table.graph.number", v, listed, r.Value, g.count[v]+1)
	default:
		r.Why = engine.T("table.graph.mex", v, listed, r.Value)
	}
	r.Alone = engine.N
	switch {
	case g.loopy:
		r.Alone = g.loopyOutcome(engine.Position{v})
	case r.Value == 0:
		r.Alone = engine.P
	}
	return r
}
