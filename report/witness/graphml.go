package witness

import (
	"encoding/xml"
	"fmt"
	"io"
	"time"
)

// The GraphML document, as encoding/xml writes it.
type graphml struct {
	XMLName xml.Name `xml:"graphml"`
	Xmlns   string   `xml:"xmlns,attr"`
	XSI     string   `xml:"xmlns:xsi,attr"`
	Keys    []key    `xml:"key"`
	Graph   graph    `xml:"graph"`
}

type key struct {
	ID      string  `xml:"id,attr"`
	Name    string  `xml:"attr.name,attr"`
	Type    string  `xml:"attr.type,attr"`
	For     string  `xml:"for,attr"`
	Default *string `xml:"default,omitempty"`
}

type data struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

type graph struct {
	EdgeDefault string `xml:"edgedefault,attr"`
	Data        []data `xml:"data"`
	Nodes       []node `xml:"node"`
	Edges       []edge `xml:"edge"`
}

type node struct {
	ID   string `xml:"id,attr"`
	Data []data `xml:"data"`
}

type edge struct {
	Source string `xml:"source,attr"`
	Target string `xml:"target,attr"`
	Data   []data `xml:"data"`
}

func strp(s string) *string { return &s }

// keys declares every data key a prbmc witness uses (ids as validators
// read them, attr.names as the format names them).
var keys = []key{
	{"witness-type", "witness-type", "string", "graph", nil},
	{"sourcecodelang", "sourcecodeLanguage", "string", "graph", nil},
	{"producer", "producer", "string", "graph", nil},
	{"specification", "specification", "string", "graph", nil},
	{"programfile", "programFile", "string", "graph", nil},
	{"programhash", "programHash", "string", "graph", nil},
	{"architecture", "architecture", "string", "graph", nil},
	{"creationtime", "creationTime", "string", "graph", nil},
	{"entry", "isEntryNode", "boolean", "node", strp("false")},
	{"violation", "isViolationNode", "boolean", "node", strp("false")},
	{"invariant", "invariant", "string", "node", nil},
	{"invariant.scope", "invariant.scope", "string", "node", nil},
	{"startline", "startline", "int", "edge", nil},
	{"assumption", "assumption", "string", "edge", nil},
	{"assumption.scope", "assumption.scope", "string", "edge", nil},
	{"assumption.resultfunction", "assumption.resultfunction", "string", "edge", nil},
}

// builder grows the graph node by node.
type builder struct {
	g    graph
	last string
}

func newBuilder(kind string, t Task) *builder {
	b := &builder{g: graph{EdgeDefault: "directed", Data: []data{
		{"witness-type", kind},
		{"sourcecodelang", "C"},
		{"producer", t.Producer},
		{"specification", t.Specification},
		{"programfile", t.SourceFile},
		{"programhash", t.SHA256},
		{"architecture", t.Architecture},
		{"creationtime", t.CreationTime.Format(time.RFC3339)},
	}}}
	b.last = "N0"
	b.g.Nodes = append(b.g.Nodes, node{ID: "N0", Data: []data{{"entry", "true"}}})
	return b
}

// step adds a node and an edge to it from the last node.
func (b *builder) step(nodeData, edgeData []data) string {
	id := fmt.Sprintf("N%d", len(b.g.Nodes))
	b.g.Nodes = append(b.g.Nodes, node{ID: id, Data: nodeData})
	b.g.Edges = append(b.g.Edges, edge{Source: b.last, Target: id, Data: edgeData})
	b.last = id
	return id
}

func (b *builder) write(w io.Writer) error {
	doc := graphml{Xmlns: "http://graphml.graphdrawing.org/xmlns", XSI: "http://www.w3.org/2001/XMLSchema-instance",
		Keys: keys, Graph: b.g}
	out, err := xml.MarshalIndent(doc, "", " ")
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="no"?>`+"\n"); err != nil {
		return err
	}
	out = append(out, '\n')
	_, err = w.Write(out)
	return err
}
