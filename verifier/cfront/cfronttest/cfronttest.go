// Package cfronttest turns C source into IR programs for tests: one
// loader instead of a copy per package, and one that always runs the IR
// sanity check, so that every test program is also a test of the front
// end.
package cfronttest

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/ir"
)

// cache shares the host compiler's configuration between the loads of a
// test binary (building it runs the host C compiler).
var cache cfront.ConfigCache

// Load lowers src, as the file t.c, in data model m and returns its IR.
// A front-end error or an IR that fails ir.CheckProgram fails t.
func Load(t testing.TB, src string, m ir.DataModel) *ir.Program {
	t.Helper()
	return LoadProgram(t, src, m).IR
}

// LoadProgram is Load returning all the front end gives: the IR, the
// unsupported constructs, the definitions' places.
func LoadProgram(t testing.TB, src string, m ir.DataModel) *cfront.Program {
	t.Helper()
	p, err := cfront.Load(context.Background(), cfront.Config{DataModel: m, Cache: &cache}, cfront.Source{Name: "t.c", Text: []byte(src)})
	return checked(t, p, err)
}

// LoadFile is Load for the C file at path.
func LoadFile(t testing.TB, path string, m ir.DataModel) *ir.Program {
	t.Helper()
	p, err := cfront.LoadFiles(context.Background(), cfront.Config{DataModel: m, Cache: &cache}, path)
	return checked(t, p, err).IR
}

func checked(t testing.TB, p *cfront.Program, err error) *cfront.Program {
	t.Helper()
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if err := ir.CheckProgram(p.IR); err != nil {
		t.Fatalf("IR sanity: %v", err)
	}
	return p
}

// LoadFileProgram is LoadProgram for the C file at path.
func LoadFileProgram(t testing.TB, path string, m ir.DataModel) *cfront.Program {
	t.Helper()
	p, err := cfront.LoadFiles(context.Background(), cfront.Config{DataModel: m, Cache: &cache}, path)
	return checked(t, p, err)
}
