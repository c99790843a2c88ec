package contractor

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

func loadFile(t *testing.T, path string) *ir.Program {
	t.Helper()
	p, err := cfront.LoadFiles(context.Background(), cfront.Config{DataModel: ir.ILP32}, path)
	if err != nil {
		t.Fatal(err)
	}
	return p.IR
}

func loadSrc(t *testing.T, src string) *ir.Program {
	t.Helper()
	p, err := cfront.Load(context.Background(), cfront.Config{DataModel: ir.ILP32}, cfront.Source{Name: "t.c", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	return p.IR
}

func explain(t *testing.T, p *ir.Program) ([]Query, *Explanation, string) {
	t.Helper()
	qs, ex, err := Instrument(context.Background(), p, "main", nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	ex.Fprint(&b)
	return qs, ex, b.String()
}

func TestAfnp2014(t *testing.T) {
	p := loadFile(t, "../../testdata/svcomp/loop-lit/afnp2014.i")
	before := ir.InstrString(p.Func("main").Body[12])
	qs, _, text := explain(t, p)
	t.Log(text)
	if len(qs) != 1 || !qs[0].Pruned {
		t.Fatalf("queries %+v", qs)
	}
	if got := ir.InstrString(p.Func("main").Body[12]); got != before {
		t.Errorf("the original program changed: %s", got)
	}
	if !strings.Contains(text, "assume((x <= 1000))") {
		t.Errorf("no assume(x <= 1000)")
	}
}
